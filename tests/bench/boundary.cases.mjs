// The boundary benchmark's inputs, cases and timing loop, shared by its two runners:
//
//   node tests/bench/boundary.bench.mjs        Node (the runtime the package's tests and servers use)
//   node tests/bench/boundary.browser.mjs      Debian's Chromium, headless (the runtime a game runs in)
//
// Each runner passes the real narrowphase module, three.js, a clock and a label for its runtime. Both sides of every case get
// the very same three.js objects.
//
// Each timed loop is its own function with the call written out, so V8 compiles every loop for exactly one
// callee and inlines it: neither side pays for a megamorphic call in the harness.

/**
 * The first inputs of every run: N boxes, then N spheres, from xorshift32 with a fixed seed (the same inputs
 * every run). Returns them with the generator's helpers, which go on drawing where these stopped.
 */
export function sphereBoxInputs({ Box3, Sphere, Vector3 }, N) {
  let seed = 0x9e3779b9;
  function random() {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 4294967296;
  }
  const range = (lo, hi) => lo + (hi - lo) * random();
  const vec = (s) => new Vector3(range(-s, s), range(-s, s), range(-s, s));
  const boxes = Array.from({ length: N }, () => {
    const c = vec(3),
      h = new Vector3(range(0.2, 2), range(0.2, 2), range(0.2, 2));
    return new Box3(c.clone().sub(h), c.clone().add(h));
  });
  const spheres = Array.from(
    { length: N },
    () => new Sphere(vec(4), range(0.1, 2)),
  );
  return { range, vec, boxes, spheres };
}

/**
 * @param {object} o
 * @param {object} o.np        the initialised narrowphase API
 * @param {object} o.three     { Box3, Line3, Matrix3, Matrix4, Quaternion, Ray, Sphere, Vector3, OBB, Triangle,
 *                             Plane, Capsule, Octree }
 * @param {() => number} o.now milliseconds, sub-microsecond resolution preferred
 * @param {string} o.runtime   printed in the heading
 * @param {number} [o.rounds]
 * @param {number} [o.calls]
 * @returns {{ runtime: string, heading: string, rows: { name: string, ours: number, theirs: number, ratio: number }[] }}
 */
export function boundaryBenchmark({
  np,
  three,
  now,
  runtime,
  rounds = 21,
  calls = 500_000,
}) {
  const {
    Box3,
    Line3,
    Matrix3,
    Matrix4,
    Quaternion,
    Ray,
    Sphere,
    Vector3,
    OBB,
    Triangle,
    Plane,
    Capsule,
    Octree,
  } = three;
  const ROUNDS = rounds;
  const CALLS = calls;
  const N = 1024; // distinct inputs, cycled (i & MASK), so branches see a realistic mix of hits and misses
  const MASK = N - 1;

  const { range, vec, boxes, spheres } = sphereBoxInputs(
    { Box3, Sphere, Vector3 },
    N,
  );
  function obb() {
    const q = new Quaternion(
      range(-1, 1),
      range(-1, 1),
      range(-1, 1),
      range(-1, 1),
    ).normalize();
    const rotation = new Matrix3().setFromMatrix4(
      new Matrix4().makeRotationFromQuaternion(q),
    );
    return new OBB(
      vec(2),
      new Vector3(range(0.2, 1.5), range(0.2, 1.5), range(0.2, 1.5)),
      rotation,
    );
  }

  const points = Array.from({ length: N }, () => vec(5));
  const rays = Array.from(
    { length: N },
    () => new Ray(vec(6), vec(1).normalize()),
  );
  const segments = Array.from({ length: N }, () => new Line3(vec(6), vec(6)));
  // three.js has no segment cast. Its equivalent, from the same inputs (start, end, box): aim a Ray from start
  // toward end, intersect, and keep the hit when it lies within |end - start|.
  const segmentRay = new Ray();
  function threeLinecast(start, end, box, target) {
    segmentRay.origin.copy(start);
    const length = segmentRay.direction.subVectors(end, start).length();
    segmentRay.direction.divideScalar(length);
    const point = segmentRay.intersectBox(box, target);
    return point !== null && point.distanceTo(start) <= length ? point : null;
  }
  const obbsA = Array.from({ length: N }, obb);
  const obbsB = Array.from({ length: N }, obb);

  const v = new Vector3();
  const hit = { distance: 0, point: new Vector3(), normal: new Vector3() };
  // The shape matrix: triangles, planes and target spheres near the rays.
  const triangles = Array.from(
    { length: N },
    () => new Triangle(vec(2), vec(2), vec(2)),
  );
  const planes = Array.from({ length: N }, () =>
    new Plane().setFromNormalAndCoplanarPoint(vec(1).normalize(), vec(2)),
  );
  // Drawn after every input above, so that those stay what they were.
  const spheresB = Array.from(
    { length: N },
    () => new Sphere(vec(4), range(0.1, 2)),
  );
  const capsules = Array.from(
    { length: N },
    () => new Capsule(vec(3), vec(3), range(0.1, 1)),
  );

  // The capsule contacts' result object (reused, as a game loop would) and three.js's Octree, whose
  // triangleCapsuleIntersect method needs no triangles added.
  const contact = {
    depth: 0,
    normal: new Vector3(),
    pointA: new Vector3(),
    pointB: new Vector3(),
  };
  const octree = Octree === undefined ? null : new Octree();

  // Sphere casts: a ball of radius castRadii[i] along segments[i]. three.js has no sphere cast; its equivalents
  // from the same inputs: a Ray from start toward end against the target sphere inflated by the radius, or
  // against the plane offset by the radius toward the start, keeping a hit within |end - start| (and a start
  // already within reach as a hit at 0, as ours reports it).
  const castRadii = Array.from({ length: N }, () => range(0.1, 1));
  const castRay = new Ray();
  const castSphere = new Sphere();
  const castPlane = new Plane();
  const shapeHit = {
    distance: 0,
    fraction: 0,
    center: new Vector3(),
    point: new Vector3(),
    normal: new Vector3(),
    startedOverlapping: false,
  };
  function threeSphereCastSphere(start, end, radius, target) {
    castRay.origin.copy(start);
    const length = castRay.direction.subVectors(end, start).length();
    castRay.direction.divideScalar(length);
    castSphere.center.copy(target.center);
    castSphere.radius = target.radius + radius;
    if (castSphere.containsPoint(start)) return 0;
    const p = castRay.intersectSphere(castSphere, v);
    if (p === null) return -1;
    const d = p.distanceTo(start);
    return d <= length ? d : -1;
  }
  function threeSphereCastPlane(start, end, radius, plane) {
    const d0 = plane.distanceToPoint(start);
    if (Math.abs(d0) <= radius) return 0;
    castPlane.normal.copy(plane.normal);
    castPlane.constant = plane.constant - (d0 > 0 ? radius : -radius);
    castRay.origin.copy(start);
    const length = castRay.direction.subVectors(end, start).length();
    castRay.direction.divideScalar(length);
    const p = castRay.intersectPlane(castPlane, v);
    if (p === null) return -1;
    const d = p.distanceTo(start);
    return d <= length ? d : -1;
  }

  // A pair overlap test, ours against three.js's, on the same inputs (a[i], b[i]).
  const overlapCase = (name, query, a, b, theirs) => ({
    name,
    requires: query,
    overlap: { query, a, b, theirs },
    ours(n) {
      const f = np[query];
      let s = 0;
      for (let k = 0; k < n; k++) {
        const i = k & MASK;
        if (f(a[i], b[i])) s++;
      }
      return s;
    },
    theirs(n) {
      let s = 0;
      for (let k = 0; k < n; k++) {
        const i = k & MASK;
        if (theirs(a[i], b[i])) s++;
      }
      return s;
    },
  });

  const cases = [
    {
      name: "overlapSphereAABB vs Box3.intersectsSphere",
      ours(n) {
        let s = 0;
        for (let k = 0; k < n; k++) {
          const i = k & MASK;
          if (np.overlapSphereAABB(spheres[i], boxes[i])) s++;
        }
        return s;
      },
      theirs(n) {
        let s = 0;
        for (let k = 0; k < n; k++) {
          const i = k & MASK;
          if (boxes[i].intersectsSphere(spheres[i])) s++;
        }
        return s;
      },
    },
    {
      name: "linecastAABB vs Ray from start/end + intersectBox + length check",
      ours(n) {
        let s = 0;
        for (let k = 0; k < n; k++) {
          const i = k & MASK;
          if (
            np.linecastAABB(
              segments[i].start,
              segments[i].end,
              boxes[i],
              hit,
            ) !== null
          )
            s++;
        }
        return s;
      },
      theirs(n) {
        let s = 0;
        for (let k = 0; k < n; k++) {
          const i = k & MASK;
          if (
            threeLinecast(segments[i].start, segments[i].end, boxes[i], v) !==
            null
          )
            s++;
        }
        return s;
      },
    },
    {
      name: "overlapOBBOBB vs OBB.intersectsOBB",
      ours(n) {
        let s = 0;
        for (let k = 0; k < n; k++) {
          const i = k & MASK;
          if (np.overlapOBBOBB(obbsA[i], obbsB[i])) s++;
        }
        return s;
      },
      theirs(n) {
        let s = 0;
        for (let k = 0; k < n; k++) {
          const i = k & MASK;
          if (obbsA[i].intersectsOBB(obbsB[i])) s++;
        }
        return s;
      },
    },
    {
      // Both produce the hit point and its distance (three.js has no normal).
      name: "raycastAABB vs Ray.intersectBox + distanceTo",
      ours(n) {
        let s = 0;
        for (let k = 0; k < n; k++) {
          const i = k & MASK;
          const h = np.raycastAABB(rays[i], boxes[i], Infinity, hit);
          if (h !== null) s += h.distance;
        }
        return s;
      },
      theirs(n) {
        let s = 0;
        for (let k = 0; k < n; k++) {
          const i = k & MASK;
          const p = rays[i].intersectBox(boxes[i], v);
          if (p !== null) s += p.distanceTo(rays[i].origin);
        }
        return s;
      },
    },
    {
      name: "closestPointOnAABB vs Box3.clampPoint",
      ours(n) {
        let s = 0;
        for (let k = 0; k < n; k++) {
          const i = k & MASK;
          s += np.closestPointOnAABB(points[i], boxes[i], v).x;
        }
        return s;
      },
      theirs(n) {
        let s = 0;
        for (let k = 0; k < n; k++) {
          const i = k & MASK;
          s += boxes[i].clampPoint(points[i], v).x;
        }
        return s;
      },
    },
    {
      name: "distancePointAABB vs Box3.distanceToPoint",
      ours(n) {
        let s = 0;
        for (let k = 0; k < n; k++) {
          const i = k & MASK;
          s += np.distancePointAABB(points[i], boxes[i]);
        }
        return s;
      },
      theirs(n) {
        let s = 0;
        for (let k = 0; k < n; k++) {
          const i = k & MASK;
          s += boxes[i].distanceToPoint(points[i]);
        }
        return s;
      },
    },
    {
      name: "raycastSphere vs Ray.intersectSphere + distanceTo",
      requires: "raycastSphere",
      ours(n) {
        let s = 0;
        for (let k = 0; k < n; k++) {
          const i = k & MASK;
          const h = np.raycastSphere(rays[i], spheres[i], Infinity, hit);
          if (h !== null) s += h.distance;
        }
        return s;
      },
      theirs(n) {
        let s = 0;
        for (let k = 0; k < n; k++) {
          const i = k & MASK;
          const p = rays[i].intersectSphere(spheres[i], v);
          if (p !== null) s += p.distanceTo(rays[i].origin);
        }
        return s;
      },
    },
    {
      name: "raycastTriangle vs Ray.intersectTriangle (both sides) + distanceTo",
      requires: "raycastTriangle",
      ours(n) {
        let s = 0;
        for (let k = 0; k < n; k++) {
          const i = k & MASK;
          const h = np.raycastTriangle(rays[i], triangles[i], Infinity, hit);
          if (h !== null) s += h.distance;
        }
        return s;
      },
      theirs(n) {
        let s = 0;
        for (let k = 0; k < n; k++) {
          const i = k & MASK;
          const t = triangles[i];
          const p = rays[i].intersectTriangle(t.a, t.b, t.c, false, v);
          if (p !== null) s += p.distanceTo(rays[i].origin);
        }
        return s;
      },
    },
    {
      name: "raycastPlane vs Ray.intersectPlane + distanceTo",
      requires: "raycastPlane",
      ours(n) {
        let s = 0;
        for (let k = 0; k < n; k++) {
          const i = k & MASK;
          const h = np.raycastPlane(rays[i], planes[i], Infinity, hit);
          if (h !== null) s += h.distance;
        }
        return s;
      },
      theirs(n) {
        let s = 0;
        for (let k = 0; k < n; k++) {
          const i = k & MASK;
          const p = rays[i].intersectPlane(planes[i], v);
          if (p !== null) s += p.distanceTo(rays[i].origin);
        }
        return s;
      },
    },
    {
      name: "raycastOBB vs OBB.intersectRay + distanceTo",
      requires: "raycastOBB",
      ours(n) {
        let s = 0;
        for (let k = 0; k < n; k++) {
          const i = k & MASK;
          const h = np.raycastOBB(rays[i], obbsA[i], Infinity, hit);
          if (h !== null) s += h.distance;
        }
        return s;
      },
      theirs(n) {
        let s = 0;
        for (let k = 0; k < n; k++) {
          const i = k & MASK;
          const p = obbsA[i].intersectRay(rays[i], v);
          if (p !== null) s += p.distanceTo(rays[i].origin);
        }
        return s;
      },
    },
    {
      name: "closestPointOnTriangle vs Triangle.closestPointToPoint",
      requires: "closestPointOnTriangle",
      ours(n) {
        let s = 0;
        for (let k = 0; k < n; k++) {
          const i = k & MASK;
          s += np.closestPointOnTriangle(points[i], triangles[i], v).x;
        }
        return s;
      },
      theirs(n) {
        let s = 0;
        for (let k = 0; k < n; k++) {
          const i = k & MASK;
          s += triangles[i].closestPointToPoint(points[i], v).x;
        }
        return s;
      },
    },
    {
      name: "closestPointOnSegment vs Line3.closestPointToPoint (clamped)",
      requires: "closestPointOnSegment",
      ours(n) {
        let s = 0;
        for (let k = 0; k < n; k++) {
          const i = k & MASK;
          s += np.closestPointOnSegment(points[i], segments[i], v).x;
        }
        return s;
      },
      theirs(n) {
        let s = 0;
        for (let k = 0; k < n; k++) {
          const i = k & MASK;
          s += segments[i].closestPointToPoint(points[i], true, v).x;
        }
        return s;
      },
    },
    {
      name: "distancePointPlane vs Plane.distanceToPoint (unit normals) + abs",
      requires: "distancePointPlane",
      ours(n) {
        let s = 0;
        for (let k = 0; k < n; k++) {
          const i = k & MASK;
          s += np.distancePointPlane(points[i], planes[i]);
        }
        return s;
      },
      theirs(n) {
        let s = 0;
        for (let k = 0; k < n; k++) {
          const i = k & MASK;
          s += Math.abs(planes[i].distanceToPoint(points[i]));
        }
        return s;
      },
    },
    {
      name: "sphereCastSphere vs Ray.intersectSphere (radius inflated) + distanceTo",
      requires: "sphereCastSphere",
      ours(n) {
        let s = 0;
        for (let k = 0; k < n; k++) {
          const i = k & MASK;
          const g = segments[i];
          const h = np.sphereCastSphere(
            g.start,
            g.end,
            castRadii[i],
            spheresB[i],
            shapeHit,
          );
          if (h !== null) s += h.distance;
        }
        return s;
      },
      theirs(n) {
        let s = 0;
        for (let k = 0; k < n; k++) {
          const i = k & MASK;
          const g = segments[i];
          const d = threeSphereCastSphere(
            g.start,
            g.end,
            castRadii[i],
            spheresB[i],
          );
          if (d >= 0) s += d;
        }
        return s;
      },
    },
    {
      name: "sphereCastPlane vs Ray.intersectPlane (plane offset by the radius) + distanceTo",
      requires: "sphereCastPlane",
      ours(n) {
        let s = 0;
        for (let k = 0; k < n; k++) {
          const i = k & MASK;
          const g = segments[i];
          const h = np.sphereCastPlane(
            g.start,
            g.end,
            castRadii[i],
            planes[i],
            shapeHit,
          );
          if (h !== null) s += h.distance;
        }
        return s;
      },
      theirs(n) {
        let s = 0;
        for (let k = 0; k < n; k++) {
          const i = k & MASK;
          const g = segments[i];
          const d = threeSphereCastPlane(
            g.start,
            g.end,
            castRadii[i],
            planes[i],
          );
          if (d >= 0) s += d;
        }
        return s;
      },
    },
    // The shape matrix's overlaps that three.js also answers.
    overlapCase(
      "overlapSphereSphere vs Sphere.intersectsSphere",
      "overlapSphereSphere",
      spheres,
      spheresB,
      (a, b) => a.intersectsSphere(b),
    ),
    overlapCase(
      "overlapSpherePlane vs Sphere.intersectsPlane",
      "overlapSpherePlane",
      spheres,
      planes,
      (a, b) => a.intersectsPlane(b),
    ),
    overlapCase(
      "overlapSphereOBB vs OBB.intersectsSphere",
      "overlapSphereOBB",
      spheres,
      obbsA,
      (a, b) => b.intersectsSphere(a),
    ),
    overlapCase(
      "overlapAABBAABB vs Box3.intersectsBox",
      "overlapAABBAABB",
      boxes,
      boxes.map((_, i) => boxes[(i * 7 + 3) & MASK]),
      (a, b) => a.intersectsBox(b),
    ),
    overlapCase(
      "overlapAABBOBB vs OBB.intersectsBox3",
      "overlapAABBOBB",
      boxes,
      obbsA,
      (a, b) => b.intersectsBox3(a),
    ),
    overlapCase(
      "overlapAABBTriangle vs Box3.intersectsTriangle",
      "overlapAABBTriangle",
      boxes,
      triangles,
      (a, b) => a.intersectsTriangle(b),
    ),
    overlapCase(
      "overlapAABBPlane vs Box3.intersectsPlane",
      "overlapAABBPlane",
      boxes,
      planes,
      (a, b) => a.intersectsPlane(b),
    ),
    overlapCase(
      "overlapOBBPlane vs OBB.intersectsPlane",
      "overlapOBBPlane",
      obbsA,
      planes,
      (a, b) => a.intersectsPlane(b),
    ),
    // three.js's Capsule.intersectsBox is a conservative test on three axis-aligned projections (it can say
    // true for a capsule that misses the box), so the two are compared for speed only, not for agreement.
    {
      ...overlapCase(
        "overlapCapsuleAABB vs Capsule.intersectsBox (three.js: approximate)",
        "overlapCapsuleAABB",
        capsules,
        boxes,
        (a, b) => a.intersectsBox(b),
      ),
      overlap: undefined,
    },
    // A character controller's depenetration step: three.js's Octree tests a capsule against each triangle with
    // triangleCapsuleIntersect (a normal, a point and a depth, or false). It is approximate (the plane's crossing
    // point, then the edges as infinite lines), so the two are compared for speed only; both sides get the
    // same three.js Capsule and Triangle objects. (Octree.capsuleIntersect itself walks a tree of the level's
    // triangles: this is its per-triangle work.)
    {
      name: "contactCapsuleTriangle vs Octree.triangleCapsuleIntersect (three.js: approximate)",
      requires: "contactCapsuleTriangle",
      ours(n) {
        let s = 0;
        for (let k = 0; k < n; k++) {
          const i = k & MASK;
          const h = np.contactCapsuleTriangle(
            capsules[i],
            triangles[i],
            contact,
          );
          if (h !== null) s += h.depth;
        }
        return s;
      },
      theirs(n) {
        let s = 0;
        for (let k = 0; k < n; k++) {
          const i = k & MASK;
          const h = octree.triangleCapsuleIntersect(capsules[i], triangles[i]);
          if (h) s += h.depth;
        }
        return s;
      },
    },
  ];

  // Both sides must agree on every input before their speed means anything. The one expected difference:
  // three.js reports the exit point (or, for a segment, nothing) when the start is inside the box; narrowphase
  // reports a hit at distance 0 (shared/EDGE_CASES.md).
  for (let i = 0; i < N; i++) {
    const same = (a, b, what) => {
      if (a !== b)
        throw new Error(
          `input ${i}: ${what} disagree (narrowphase ${a}, three.js ${b})`,
        );
    };
    same(
      np.overlapSphereAABB(spheres[i], boxes[i]),
      boxes[i].intersectsSphere(spheres[i]),
      "sphere-box overlaps",
    );
    same(
      np.overlapOBBOBB(obbsA[i], obbsB[i]),
      obbsA[i].intersectsOBB(obbsB[i]),
      "OBB overlaps",
    );
    if (!boxes[i].containsPoint(segments[i].start)) {
      same(
        np.linecastAABB(segments[i].start, segments[i].end, boxes[i]) !== null,
        threeLinecast(segments[i].start, segments[i].end, boxes[i], v) !== null,
        "linecast hits",
      );
    }
    if (!boxes[i].containsPoint(rays[i].origin)) {
      same(
        np.raycastAABB(rays[i], boxes[i]) !== null,
        rays[i].intersectBox(boxes[i], v) !== null,
        "raycast hits",
      );
    }
  }

  if (typeof np.raycastSphere === "function") {
    for (let i = 0; i < N; i++) {
      const agree = (ours, theirs, what) => {
        if ((ours === null) !== (theirs === null))
          throw new Error(
            `input ${i}: ${what} disagree (narrowphase ${JSON.stringify(ours)}, three.js ${JSON.stringify(theirs)})`,
          );
      };
      if (rays[i].origin.distanceTo(spheres[i].center) > spheres[i].radius)
        agree(
          np.raycastSphere(rays[i], spheres[i]),
          rays[i].intersectSphere(spheres[i], v),
          "sphere raycasts",
        );
      const t = triangles[i];
      agree(
        np.raycastTriangle(rays[i], t),
        rays[i].intersectTriangle(t.a, t.b, t.c, false, v),
        "triangle raycasts",
      );
      agree(
        np.raycastPlane(rays[i], planes[i]),
        rays[i].intersectPlane(planes[i], v),
        "plane raycasts",
      );
      if (!obbsA[i].containsPoint(rays[i].origin))
        agree(
          np.raycastOBB(rays[i], obbsA[i]),
          obbsA[i].intersectRay(rays[i], v),
          "OBB raycasts",
        );
    }
  }

  // The sphere casts: hit or miss alike, and the same distance, on every input (none graze within rounding).
  for (let i = 0; i < N; i++) {
    const g = segments[i];
    for (const [query, target, theirs] of [
      ["sphereCastSphere", spheresB[i], threeSphereCastSphere],
      ["sphereCastPlane", planes[i], threeSphereCastPlane],
    ]) {
      if (typeof np[query] !== "function") continue;
      const h = np[query](g.start, g.end, castRadii[i], target);
      const d = theirs(g.start, g.end, castRadii[i], target);
      if (
        (h === null) !== d < 0 ||
        (h !== null && Math.abs(h.distance - d) > 1e-9)
      )
        throw new Error(
          `input ${i}: ${query} gives ${h && h.distance}, three.js ${d}`,
        );
    }
  }

  // The overlaps with an exact three.js counterpart: the same answer for every input (none of these random
  // inputs touch within rounding).
  for (const c of cases) {
    if (c.overlap === undefined || typeof np[c.overlap.query] !== "function")
      continue;
    const { query, a, b, theirs } = c.overlap;
    for (let i = 0; i < N; i++) {
      const ours = np[query](a[i], b[i]);
      if (ours !== theirs(a[i], b[i]))
        throw new Error(
          `input ${i}: ${query} says ${ours}, three.js ${!ours} (${c.name})`,
        );
    }
  }

  function nsPerCall(loop) {
    const start = now();
    const sink = loop(CALLS);
    const ns = ((now() - start) * 1e6) / CALLS;
    if (Number.isNaN(sink)) throw new Error("unreachable"); // keeps the loop's result alive
    return ns;
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

  const rows = [];
  // A case of a query this build does not have (an older build, measured with --against) is left out.
  for (const c of cases.filter(
    (c) => c.requires === undefined || typeof np[c.requires] === "function",
  )) {
    const a = [],
      b = [];
    for (let r = 0; r < ROUNDS; r++) {
      a.push(nsPerCall(c.ours)); // interleaved, so frequency scaling and noise hit both sides alike
      b.push(nsPerCall(c.theirs));
    }
    const ours = median(a),
      theirs = median(b);
    rows.push({ name: c.name, ours, theirs, ratio: ours / theirs });
  }
  return {
    runtime,
    heading: `${runtime}; ${N} inputs cycled; median of ${ROUNDS} rounds x ${CALLS} calls; ns per query`,
    rows,
  };
}

/** The result as a Markdown table, as the README records it. */
export function formatTable({ heading, rows }) {
  return [
    heading,
    "| query | narrowphase ns | three.js ns | ratio |",
    "|---|---:|---:|---:|",
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.ours.toFixed(1)} | ${r.theirs.toFixed(1)} | ${r.ratio.toFixed(2)} |`,
    ),
  ].join("\n");
}
