// The character controller of the README ("A character controller: sweep, slide, push out"), run as the README
// writes it, against the real module: a capsule walks through a level of two floor triangles, a ramp, a box step
// and a thin wall at 0.01 to 100 units per step, using only capsuleCast* and contact*. After every step no
// shape overlaps it deeper than CONTROLLER_DEPTH, it never crosses the wall, and it climbs what a capsule
// climbs; sent at 45 degrees into the wall it slides along it without losing the motion along the wall.
// tests/cpp/controller_test.cpp runs the same loop natively.
import { readFileSync } from "node:fs";
import { Box3, Triangle, Vector3 } from "three";
import { beforeAll, describe, expect, it } from "vitest";
import { init } from "../../web/lib/index.js";

const root = new URL("../..", import.meta.url).pathname;

// The deepest overlap a step may end with, in world units: 1e-9 of the level's size (1000), the accuracy the
// casts and contacts promise (issue 12). The loop keeps a 1e-3 gap, so any overlap is an error of the library.
const CONTROLLER_DEPTH = 1e-9 * 1000;

/** The README's controller: its first js block after the heading, run as written (its one export returned). */
function readmeController() {
  const readme = readFileSync(`${root}README.md`, "utf8");
  const section = readme.split(
    "### A character controller: sweep, slide, push out",
  )[1];
  if (section === undefined)
    throw new Error("README: the character controller section is missing");
  const code = section.match(/```js\n([\s\S]*?)```/)[1];
  return new Function(
    `${code.replace("export function", "function")}\nreturn moveCapsule;`,
  )();
}

const v = (x, y, z) => ({ x, y, z });
/** The quad a, b, c, d as the two triangles a-b-c and a-c-d (sharing the diagonal a-c). */
const quad = (a, b, c, d) => [
  { a, b, c },
  { a, b: c, c: d },
];
const WALL_X = 20;
/** The level, plain objects: a 2000-wide floor, a step box, a ramp 6 long rising to 3, a wall 1000 tall. */
const level = () => ({
  triangles: [
    ...quad(
      v(-1000, 0, -1000),
      v(-1000, 0, 1000),
      v(1000, 0, 1000),
      v(1000, 0, -1000),
    ),
    ...quad(v(10, 0, -3), v(10, 0, 3), v(16, 3, 3), v(16, 3, -3)),
    ...quad(
      v(WALL_X, 0, -1000),
      v(WALL_X, 0, 1000),
      v(WALL_X, 1000, 1000),
      v(WALL_X, 1000, -1000),
    ),
  ],
  boxes: [{ min: v(4, 0, -2), max: v(6, 0.25, 2) }],
});
const player = (x, z) => ({
  start: v(x, 0.401, z),
  end: v(x, 1.401, z),
  radius: 0.4,
});
const SPEEDS = [0.01, 0.1, 1, 10, 100];

let np;
let moveCapsule;
beforeAll(async () => {
  np = await init();
  moveCapsule = readmeController();
});

/** The deepest overlap of the capsule with any shape of the level (0 when it touches or is apart). */
function deepest(capsule, lv) {
  let depth = 0;
  for (const t of lv.triangles)
    depth = Math.max(depth, np.contactCapsuleTriangle(capsule, t)?.depth ?? 0);
  for (const b of lv.boxes)
    depth = Math.max(depth, np.contactCapsuleAABB(capsule, b)?.depth ?? 0);
  return depth;
}
const farthestX = (c) => Math.max(c.start.x, c.end.x) + c.radius;
const bottom = (c) => Math.min(c.start.y, c.end.y) - c.radius;

describe("the README's character controller", () => {
  it.each(SPEEDS)(
    "walks the level at %s units per step: never inside a shape, never through the wall",
    (s) => {
      const lv = level();
      const capsule = player(0, 0);
      let highest = 0;
      let onStep = false;
      const steps = Math.ceil(25 / s) + 20;
      for (let i = 0; i < steps; i++) {
        moveCapsule(np, capsule, v(s, -0.25 * s, 0), lv);
        expect(deepest(capsule, lv)).toBeLessThanOrEqual(CONTROLLER_DEPTH);
        expect(farthestX(capsule)).toBeLessThanOrEqual(WALL_X);
        highest = Math.max(highest, bottom(capsule));
        if (
          capsule.start.x > 4.5 &&
          capsule.start.x < 5.5 &&
          bottom(capsule) >= 0.25
        )
          onStep = true;
      }
      // It went up the ramp (its top is at 3) and ended at the wall, the 1e-3 gap away.
      expect(highest).toBeGreaterThanOrEqual(3);
      expect(farthestX(capsule)).toBeGreaterThan(WALL_X - 2e-3);
      // Slower than a step's width per step, it stood on the box step on the way (faster, it crosses it at once).
      if (s <= 1) expect(onStep).toBe(true);
    },
  );

  it.each(SPEEDS)(
    "slides along the wall hit at 45 degrees at %s units per step, keeping the motion along it",
    (s) => {
      const lv = level();
      const capsule = player(WALL_X - 0.4 - 0.3 * s, 0);
      const steps = 10;
      const along = s / Math.SQRT2;
      for (let i = 0; i < steps; i++) {
        moveCapsule(np, capsule, v(along, -0.25 * s, along), lv);
        expect(deepest(capsule, lv)).toBeLessThanOrEqual(CONTROLLER_DEPTH);
        expect(farthestX(capsule)).toBeLessThanOrEqual(WALL_X);
      }
      // The wall's normal is -x and the floor's +y: neither takes anything from the motion along z.
      expect(capsule.start.z).toBeCloseTo(steps * along, 9);
      expect(farthestX(capsule)).toBeGreaterThan(WALL_X - 2e-3);
    },
  );

  it("takes three.js Triangle and Box3 objects for the level", () => {
    const lv = level();
    const three = {
      triangles: lv.triangles.map(
        (t) =>
          new Triangle(
            new Vector3().copy(t.a),
            new Vector3().copy(t.b),
            new Vector3().copy(t.c),
          ),
      ),
      boxes: lv.boxes.map(
        (b) => new Box3(new Vector3().copy(b.min), new Vector3().copy(b.max)),
      ),
    };
    const a = player(0, 0);
    const b = player(0, 0);
    for (let i = 0; i < 40; i++) {
      moveCapsule(np, a, v(1, -0.25, 0), lv);
      moveCapsule(np, b, v(1, -0.25, 0), three);
    }
    expect(b).toEqual(a);
  });
});
