// Article 004: a sphere of radius r1 swept from A to B against a target sphere (S, r2).
// The answer (contact center C, contact point E, distance, fraction, normal) is np.sphereCastSphere's.
// The walkthrough redoes the article's construction in JS — the foot D of the perpendicular from S, |AD|,
// |DS|, |CD| — plus the checks the article leaves out (starting inside, stopping short of the target); where
// it restates the answer it is checked against the library.
import * as THREE from "three";
import { Arrow, COLORS, Dashed, Dot, Rod, SphereView } from "../app/draw.js";
import { num, val, vec, vval } from "../app/format.js";

const PINK = 0xff7ad9;

export default {
  id: "spherecast-sphere",
  menu: "Sphere cast",
  articles: "004",
  title: "Sphere cast: sweeping a sphere into another",
  camera: { position: [0.2, 4.6, 8.2], target: [-0.2, 0.5, 0] },
  floor: -1.8,
  defaults: {
    ax: -3.8,
    ay: 0.1,
    az: -0.3,
    bx: 3.4,
    by: 0.8,
    bz: 0.7,
    r: 0.6,
    sx: 0.7,
    sy: 1.5,
    sz: -0.1,
    sr: 0.9,
  },
  fields: [
    { label: "Start A", keys: ["ax", "ay", "az"] },
    { label: "End B", keys: ["bx", "by", "bz"] },
    { label: "Cast radius r1", keys: ["r"], min: 0 },
    { label: "Target S", keys: ["sx", "sy", "sz"] },
    { label: "Target radius r2", keys: ["sr"], min: 0 },
  ],

  explanation: `
    <p>A sphere cast moves a sphere of radius <code>r1</code> in a straight line from <b class="ca">A</b> to
    <b class="cb">B</b> and asks where it first touches the target sphere (center <b class="cb">S</b>, radius
    <code>r2</code>). Two spheres touch when their centers are exactly <code>r1 + r2</code> apart, so the question
    becomes: where does the moving <i>center</i> first come within <code>r1 + r2</code> of S?</p>
    <p>Drop a perpendicular from S onto the line AB; its foot is <b>D</b>. The right triangle A–D–S gives
    <code>|AD| = AS · nAB</code> (nAB the unit direction) and <code>|DS|² = |AS|² − |AD|²</code>. If
    <code>|DS| &gt; r1 + r2</code> the path passes too far from S: no contact. Otherwise the contact center
    <b class="ck">C</b> lies on the line, <code>r1 + r2</code> from S, before D: the right triangle C–D–S gives
    <code>|CD| = √((r1 + r2)² − |DS|²)</code>, so <code>|AC| = |AD| − |CD|</code> and
    <code>C = A + nAB·|AC|</code>.</p>
    <p>The touching point <b>E</b> is on the segment CS, r1 from C: <code>E = C + (S − C)·r1 / (r1 + r2)</code>.
    Two checks complete it: the cast must not already overlap at A (then it hits at distance 0), and C must
    lie between A and B (<code>0 ≤ |AC| ≤ |AB|</code>), else the sphere moves away or stops short.</p>
    <p>Drag A, B and S, and the small handles on top of the spheres to change r1 and r2.</p>`,

  build(ctx) {
    const o = (ctx.objects = {
      target: ctx.add(new SphereView(COLORS.b, { opacity: 0.3, wire: 0.14 })),
      ghostA: ctx.add(new SphereView(COLORS.a, { opacity: 0.16, wire: 0.12 })),
      ghostB: ctx.add(
        new SphereView(COLORS.neutral, { opacity: 0.08, wire: 0.08 }),
      ),
      ghostC: ctx.add(new SphereView(COLORS.key, { opacity: 0.3, wire: 0.16 })),
      line: ctx.add(new Dashed(COLORS.dim, { dash: 0.15, gap: 0.1 })),
      path: ctx.add(new Rod(COLORS.neutral, 0.016)),
      ad: ctx.add(new Rod(COLORS.a, 0.026)),
      cd: ctx.add(new Rod(PINK, 0.026)),
      cs: ctx.add(new Rod(COLORS.key, 0.018)),
      ds: ctx.add(new Dashed(COLORS.neutral, { dash: 0.08, gap: 0.06 })),
      square: [
        ctx.add(new Rod(COLORS.neutral, 0.008)),
        ctx.add(new Rod(COLORS.neutral, 0.008)),
      ],
      d: ctx.add(new Dot(COLORS.neutral, 0.055)),
      c: ctx.add(new Dot(COLORS.key, 0.065)),
      e: ctx.add(new Dot(0xffffff, 0.07)),
      normal: ctx.add(new Arrow(COLORS.key, 0.02)),
      labels: {
        A: ctx.label("A", COLORS.a),
        B: ctx.label("B", COLORS.b),
        S: ctx.label("S", COLORS.b),
        D: ctx.label("D", COLORS.neutral),
        C: ctx.label("C", COLORS.key),
        E: ctx.label("E", 0xffffff),
        ad: ctx.label("", COLORS.a, "plain"),
        cd: ctx.label("", PINK, "plain"),
        ds: ctx.label("", COLORS.neutral, "plain"),
        cs: ctx.label("", COLORS.key, "plain"),
      },
    });
    o.labels.E.center.set(-0.2, 0.5);
    o.labels.D.center.set(-0.3, -0.3); // below right, clear of the |CD| label
    o.labels.ds.center.set(-0.08, 0.5); // right of the dashed perpendicular
    o.labels.cs.center.set(1.08, 0.5); // left of the segment CS
    const point = (k) => (s) => [s[`${k}x`], s[`${k}y`], s[`${k}z`]];
    ctx.handle({
      name: "A",
      color: COLORS.a,
      get: point("a"),
      drag: (s, p) => ({ ax: p.x, ay: p.y, az: p.z }),
    });
    ctx.handle({
      name: "B",
      color: COLORS.b,
      get: point("b"),
      drag: (s, p) => ({ bx: p.x, by: p.y, bz: p.z }),
    });
    ctx.handle({
      name: "S",
      color: COLORS.b,
      get: point("s"),
      drag: (s, p) => ({ sx: p.x, sy: p.y, sz: p.z }),
    });
    ctx.handle({
      name: "r1",
      color: COLORS.a,
      get: (s) => [s.ax, s.ay + Math.max(s.r, 0.12), s.az],
      drag: (s, p) => ({
        r: p.distanceTo(new THREE.Vector3(s.ax, s.ay, s.az)),
      }),
    });
    ctx.handle({
      name: "r2",
      color: COLORS.b,
      get: (s) => [s.sx, s.sy + Math.max(s.sr, 0.12), s.sz],
      drag: (s, p) => ({
        sr: p.distanceTo(new THREE.Vector3(s.sx, s.sy, s.sz)),
      }),
    });
  },

  update(ctx, s) {
    const { np, objects: o } = ctx;
    const A = new THREE.Vector3(s.ax, s.ay, s.az);
    const B = new THREE.Vector3(s.bx, s.by, s.bz);
    const S = new THREE.Vector3(s.sx, s.sy, s.sz);
    const r1 = s.r;
    const r2 = s.sr;

    // The answer, from the library.
    const hit = np.sphereCastSphere(A, B, r1, { center: S, radius: r2 });

    // The walkthrough (article 004's construction, with the missing checks).
    const AB = B.clone().sub(A);
    const length = AB.length();
    const nAB =
      length > 0 ? AB.clone().divideScalar(length) : new THREE.Vector3();
    const AS = S.clone().sub(A);
    const as = AS.length();
    const R = r1 + r2;
    const ad = AS.dot(nAB);
    const D = A.clone().addScaledVector(nAB, ad);
    const ds = D.distanceTo(S);
    const startsInside = as <= R;
    const reachable = ds <= R;
    const cd = reachable ? Math.sqrt(Math.max(R * R - ds * ds, 0)) : NaN;
    const ac = ad - cd;
    let outcome; // 'inside' | 'hit' | 'wide' | 'behind' | 'short' | 'zero-miss'
    if (startsInside) outcome = "inside";
    else if (length === 0) outcome = "zero-miss";
    else if (!reachable) outcome = "wide";
    else if (ac < 0) outcome = "behind";
    else if (ac > length) outcome = "short";
    else outcome = "hit";
    const C =
      outcome === "inside" ? A.clone() : A.clone().addScaledVector(nAB, ac);
    let E;
    if (outcome === "inside") {
      // Started overlapping: the normal runs from S to A (against the direction when they coincide).
      const n =
        as > 0
          ? A.clone().sub(S).divideScalar(as)
          : length > 0
            ? nAB.clone().negate()
            : new THREE.Vector3(0, 1, 0);
      E = S.clone().addScaledVector(n, r2);
    } else {
      E =
        R > 0 ? C.clone().addScaledVector(S.clone().sub(C), r1 / R) : C.clone();
    }
    const myHit = outcome === "inside" || outcome === "hit";
    ctx.agree("hit or miss", myHit, hit !== null);
    ctx.agree(
      "started overlapping",
      outcome === "inside",
      hit ? hit.startedOverlapping : false,
    );
    if (hit && myHit) {
      ctx.agree("contact center C", C, hit.center, 1e-9);
      ctx.agree("contact point E", E, hit.point, 1e-9);
      if (outcome === "hit") ctx.agree("distance |AC|", ac, hit.distance, 1e-9);
    }

    // Drawing. Spheres: the target, and ghosts of the cast at A, at first contact C and at B.
    o.target.set(S, r2).setColor(hit ? COLORS.overlap : COLORS.b);
    o.ghostA.set(A, r1);
    o.ghostB.set(B, r1);
    o.ghostB.visible = length > 0;
    o.ghostC.visible = hit !== null;
    const far = Math.max(length, ad) + 3;
    const near = Math.min(0, ad) - 3;
    o.line.set(
      A.clone().addScaledVector(nAB, near),
      A.clone().addScaledVector(nAB, far),
    );
    o.line.visible = length > 0;
    o.path.set(A, B);
    const side = perpendicular(nAB, S.clone().sub(D)).multiplyScalar(0.075);
    const construction = length > 0;
    o.d.visible = o.ds.visible = o.ad.visible = construction;
    o.labels.D.visible =
      o.labels.ds.visible =
      o.labels.ad.visible =
        construction;
    if (construction) {
      o.d.set(D);
      o.ds.set(S, D);
      o.ad.set(A.clone().sub(side), D.clone().sub(side));
      o.labels.D.at(D);
      o.labels.ad
        .at(A.clone().lerp(D, 0.5).addScaledVector(side, -4))
        .setText(`|AD| = ${num(ad)}`);
      o.labels.ds.at(S.clone().lerp(D, 0.5)).setText(`|DS| = ${num(ds)}`);
      // A right-angle mark at D.
      const toS = S.clone().sub(D);
      const k = Math.min(0.2, toS.length() * 0.4);
      if (toS.length() > 1e-6) {
        toS.normalize();
        const p1 = D.clone().addScaledVector(nAB, -k);
        const p2 = p1.clone().addScaledVector(toS, k);
        o.square[0].set(p1, p2);
        o.square[1].set(p2, D.clone().addScaledVector(toS, k));
      } else {
        o.square[0].visible = o.square[1].visible = false;
      }
    } else {
      o.square[0].visible = o.square[1].visible = false;
    }
    const showC = construction && reachable && outcome !== "inside";
    o.cd.visible =
      o.cs.visible =
      o.labels.cd.visible =
      o.labels.cs.visible =
        showC || outcome === "inside";
    if (showC) {
      o.cd.set(C.clone().add(side), D.clone().add(side));
      o.labels.cd
        .at(C.clone().lerp(D, 0.5).addScaledVector(side, 4))
        .setText(`|CD| = ${num(cd)}`);
    } else {
      o.cd.visible = o.labels.cd.visible = false;
    }
    if (showC || outcome === "inside") {
      o.cs.set(C, S);
      o.labels.cs
        .at(
          C.clone()
            .lerp(S, 0.5)
            .add(new THREE.Vector3(0, 0.05, 0)),
        )
        .setText(`|CS| = r1 + r2 = ${num(R)}`);
    }
    o.c.visible = o.labels.C.visible = showC || outcome === "inside";
    o.c.set(C);
    o.labels.C.at(C).setText(myHit ? "C" : "C (not reached)");
    o.e.visible = o.labels.E.visible = o.normal.visible = hit !== null;
    if (hit) {
      const center = new THREE.Vector3().copy(hit.center);
      const point = new THREE.Vector3().copy(hit.point);
      o.ghostC.set(center, r1);
      o.e.set(point);
      o.labels.E.at(point);
      o.normal.set(
        point,
        point
          .clone()
          .addScaledVector(new THREE.Vector3().copy(hit.normal), 0.7),
      );
    }
    o.labels.A.at(A);
    o.labels.B.at(B);
    o.labels.S.at(S);
    o.labels.B.visible = length > 0;

    // Readout.
    let result = "miss";
    if (hit?.startedOverlapping)
      result = `started overlapping: C ${vec(hit.center)}, E ${vec(hit.point)}, normal ${vec(hit.normal)}`;
    else if (hit)
      result = `hit: C ${vec(hit.center)}, E ${vec(hit.point)}, distance ${num(hit.distance)}, fraction ${num(hit.fraction)}`;

    // Panel.
    const steps = [
      {
        title: "Direction of the cast",
        html: `<p class="eq">AB = ${vval(AB)}, |AB| = ${val(length)}</p>${length > 0 ? `<p class="eq">nAB = AB / |AB| = ${vval(nAB)}</p>` : "<p>A zero-length cast is an overlap test at A.</p>"}`,
      },
      {
        title: "Already touching at A?",
        html: `<p class="eq">|AS| = ${val(as)} ${startsInside ? "≤" : "&gt;"} r1 + r2 = ${val(R)}</p>
          <p>${startsInside ? '<b class="bad">Yes</b>: the cast starts overlapping. It hits at distance 0 with C = A (the article’s formula would put C behind A here).' : "No: the spheres start apart."}</p>`,
        key: startsInside,
      },
    ];
    if (length > 0 && !startsInside) {
      steps.push(
        {
          title: "The foot D of the perpendicular from S",
          html: `<p class="eq">|AD| = AS · nAB = ${vec(AS)} · ${vec(nAB)} = ${val(ad)}</p>
            <p class="eq">D = A + nAB·|AD| = ${vval(D)}</p>
            <p class="eq">|DS| = √(|AS|² − |AD|²) = ${val(ds)}</p>`,
        },
        {
          title: "Does the path pass close enough?",
          key: !reachable,
          html: `<p class="eq">|DS| = ${val(ds)} ${reachable ? "≤" : "&gt;"} r1 + r2 = ${val(R)}</p>
            <p>${reachable ? "Yes: somewhere on the line the centers come within r1 + r2." : '<b class="good">No</b>: even at its closest (D) the moving center stays further than r1 + r2 from S. Miss.'}</p>`,
        },
      );
      if (reachable) {
        let check;
        if (outcome === "behind")
          check = `<p>|AC| = ${val(ac)} &lt; 0: first contact would be behind A — the sphere is moving away. <b class="good">Miss</b>.</p>`;
        else if (outcome === "short")
          check = `<p>|AC| = ${val(ac)} &gt; |AB| = ${val(length)}: the sphere stops at B before it touches. <b class="good">Miss</b>.</p>`;
        else
          check = `<p class="eq">0 ≤ |AC| = ${val(ac)} ≤ |AB| = ${val(length)} → <b class="ck">hit</b>, fraction ${val(ac / length)}</p>`;
        steps.push(
          {
            title: "Back up from D to the contact center C",
            html: `<p class="eq">|CD| = √((r1 + r2)² − |DS|²) = √(${num(R)}² − ${num(ds)}²) = ${val(cd)}</p>
              <p class="eq">|AC| = |AD| − |CD| = ${num(ad)} − ${num(cd)} = ${val(ac)}</p>
              <p class="eq">C = A + nAB·|AC| = ${vval(C)}</p>`,
          },
          { title: "Is C between A and B?", key: true, html: check },
        );
        if (outcome === "hit") {
          steps.push({
            title: "The contact point E",
            html: `<p class="eq">E = C + (S − C)·r1 / (r1 + r2) = ${vval(E)}</p>
              <p>E lies on the segment CS where the two spheres touch; the arrow is the contact normal, from the target
              toward the moving sphere.</p>`,
          });
        }
      }
    }
    return {
      result,
      tone: hit ? (hit.startedOverlapping ? "overlap" : "hit") : "clear",
      steps,
    };
  },
};

// A unit vector perpendicular to u, preferably in the plane of u and w (so offsets lie in the figure's plane).
function perpendicular(u, w) {
  const p = w.clone().addScaledVector(u, -w.dot(u));
  if (p.lengthSq() > 1e-12) return p.normalize().negate();
  const helper =
    Math.abs(u.y) < 0.9
      ? new THREE.Vector3(0, 1, 0)
      : new THREE.Vector3(1, 0, 0);
  return new THREE.Vector3().crossVectors(u, helper).normalize();
}
