#!/usr/bin/env python3
"""The exact answers quoted by RaycastTriangle.ACapsHitIsTheExactCrossingForEveryCornerOrder (raycast_shapes_test.cpp)
and MeshTest.ACapListedTwiceEqualsTheBruteForce (mesh_test.cpp): the mesh_ray cap finding rebuilt. A cap (corners
within subnormals of 0, at A / 2 and at A, |A| ~ 2^-496, their z a few subnormals apart) and a ray, in rational
arithmetic (fractions): the normal (b - a) x (c - a), the ray's crossing of that plane (Ericson 5.3.1), whether it
lies in the triangle (the signs of the three scalar triple products, Ericson 5.3.4), the distance lambda |d| and the
unit normal to 60 digits (decimal), each rounded once to the nearest double. Run: python3 tests/cpp/cap_truth.py"""
from decimal import Decimal, getcontext
from fractions import Fraction as F

getcontext().prec = 80
H = lambda s: F(float.fromhex(s))
a = [H('0x0p+0'), H('0x0.0000000000002p-1022'), H('-0x0.0000000000004p-1022')]
b = [H('0x1.54c915bf3c41p-497'), H('-0x1.8610fb39a368p-500'), H('0x0.0000000000003p-1022')]
c = [H('0x1.54c915bf3c41p-496'), H('-0x1.8610fb39a368p-499'), H('0x0.0000000000002p-1022')]
o = [H('0x1.e57d8806c94dp-496'), H('0x1.3f2512add8e32p-496'), H('-0x1.979f1a31b247cp-497')]
d = [H('-0x1.904b4296fa3ccp-496'), H('-0x1.4b559a87a5fe6p-496'), H('0x1.979f1a31b247cp-497')]

sub = lambda p, q: [p[i] - q[i] for i in range(3)]
dot = lambda p, q: sum(p[i] * q[i] for i in range(3))
cross = lambda p, q: [p[1] * q[2] - p[2] * q[1], p[2] * q[0] - p[0] * q[2], p[0] * q[1] - p[1] * q[0]]
dec = lambda x: Decimal(x.numerator) / Decimal(x.denominator)


def nearest(x):
    """The double nearest the rational x (Python's float(Fraction) rounds correctly)."""
    return float(x).hex()


n = cross(sub(b, a), sub(c, a))
lam = -dot(n, sub(o, a)) / dot(n, d)
p = [o[i] + lam * d[i] for i in range(3)]
sides = [dot(cross(sub(q, o), sub(r, o)), d) for q, r in ((a, b), (b, c), (c, a))]
print('normal (b - a) x (c - a) 2^1570, rounded once:', [nearest(x * 2**1570) for x in n])
print('  bits below 2^0 of each component:', [x.numerator.bit_length() - x.denominator.bit_length() for x in n])
print('lambda > 0:', lam > 0, ' scalar triple products all one sign (a hit):', all(s > 0 for s in sides) or all(s < 0 for s in sides))
length_d = dec(dot(d, d)).sqrt()
print('distance lambda |d|:', float(dec(lam) * length_d).hex())
unit = [dec(x) / dec(dot(n, n)).sqrt() for x in n]
# The normal facing the ray's origin (against d).
sign = -1 if dot(n, d) > 0 else 1
print('unit normal facing the ray:', [float(sign * x).hex() for x in unit])
lo = [min(a[i], b[i], c[i]) for i in range(3)]
hi = [max(a[i], b[i], c[i]) for i in range(3)]
print('hit point within the corners\' box:', all(lo[i] <= p[i] <= hi[i] for i in range(3)))
# The box's entry: the largest of the three slabs' entries (Kay and Kajiya), exact.
entry = max(min((lo[i] - o[i]) / d[i], (hi[i] - o[i]) / d[i]) for i in range(3))
print('box entry distance:', float(dec(entry) * length_d).hex(), ' hit - entry (relative):', float((lam - entry) / lam))
