// The acceptance test of issue 14, item 3: the README's mesh controller ("A character controller on a mesh"),
// run as the README writes it, against the real module. A capsule walks over a three.js PlaneGeometry of 64 x 64
// segments (8,192 triangles) joined to a ramp of 30 degrees made of small triangles too, using mesh.capsuleCast
// (sweep and slide) and mesh.contactsCapsule (push out), at 0.01 to 10 units per step, standing on the floor or
// sinking into it before every step (so that the push-out works every step): on the flat floor every
// step moves it by exactly the commanded horizontal motion (no snagging at seams), it climbs the ramp, and it
// never ends a step overlapping the mesh deeper than CONTROLLER_DEPTH or below the floor. Pressed into the floor
// anywhere along the seams and at shared vertices, the push-out lifts it straight up.
import { readFileSync } from "node:fs";
import * as THREE from "three";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { init } from "../../web/lib/index.js";

const root = new URL("../..", import.meta.url).pathname;

// The level's size (the floor is 64 wide) and the deepest overlap a step may end with: 1e-9 of that size, the
// accuracy the casts and contacts promise (issue 12). The loop keeps a 1e-3 gap, so any overlap is an error.
const LEVEL_SIZE = 64;
const CONTROLLER_DEPTH = 1e-9 * LEVEL_SIZE;
// How far a step's horizontal motion on the flat floor may differ from the commanded one, relative to it: the
// rounding of a few sums of coordinates below 64 (~1e-14 absolute), far below this; a seam that caught the
// capsule, or a push-out along a seam's tilted normal, would take a visible part of the step.
const STEP_PROGRESS = 1e-9;
const SPEEDS = [0.01, 0.1, 1, 10];
const RAMP_FOOT = 8; // x where the ramp leaves the floor
const RAMP_TOP = 3; // its height (30 degrees over 6 units of slope)

/** The README's mesh controller: its first js block after the heading, run as written (its export returned). */
function readmeController() {
  const readme = readFileSync(`${root}README.md`, "utf8");
  const section = readme.split("### A character controller on a mesh")[1];
  if (section === undefined)
    throw new Error("README: the mesh controller section is missing");
  const code = section.match(/```js\n([\s\S]*?)```/)[1];
  return new Function(
    `${code.replace("export function", "function")}\nreturn moveCapsuleOnMesh;`,
  )();
}

const v = (x, y, z) => ({ x, y, z });

/**
 * The level: the floor, y = 0 over [-32, 32]^2 in unit cells (PlaneGeometry(64, 64, 64, 64), its y turned into
 * -z exactly), and a ramp 6 wide (z in [-3, 3]) of 12 x 6 cells rising at 30 degrees from x = 8 to height 3,
 * its foot on the floor's grid line (its corners there are the floor's vertices). Positions and indices as
 * arrays: np.createMesh(positions, indices).
 */
function level() {
  const floor = new THREE.PlaneGeometry(64, 64, 64, 64);
  const ramp = new THREE.PlaneGeometry(6, 6, 12, 6);
  const positions = [];
  const indices = [];
  const fp = floor.attributes.position.array;
  for (let i = 0; i < fp.length; i += 3) positions.push(fp[i], 0, -fp[i + 1]);
  indices.push(...floor.index.array);
  const base = positions.length / 3;
  const cos = Math.sqrt(3) / 2;
  const rp = ramp.attributes.position.array;
  for (let i = 0; i < rp.length; i += 3) {
    const along = rp[i] + 3; // 0 at the foot, 6 at the top
    positions.push(RAMP_FOOT + along * cos, along / 2, -rp[i + 1]);
  }
  for (const k of ramp.index.array) indices.push(base + k);
  return np.createMesh(new Float64Array(positions), new Uint32Array(indices));
}

const player = (x, z) => ({
  start: v(x, 0.401, z),
  end: v(x, 1.401, z),
  radius: 0.4,
});
const bottom = (c) => Math.min(c.start.y, c.end.y) - c.radius;
const front = (c) => Math.max(c.start.x, c.end.x) + c.radius;
/** The deepest overlap of the capsule with the mesh (0 when it touches or is apart). */
const deepest = (c) =>
  mesh.contactsCapsule(c).reduce((d, k) => Math.max(d, k.depth), 0);

let np;
let mesh;
let moveCapsuleOnMesh;
beforeAll(async () => {
  np = await init();
  moveCapsuleOnMesh = readmeController();
  mesh = level();
});
afterAll(() => mesh.dispose());

describe("the README's mesh controller on a floor of 8,192 triangles and a ramp", () => {
  it("the level is the floor's 8,192 triangles and the ramp's 144", () => {
    expect(mesh.triangleCount).toBe(8192 + 144);
  });

  // Sinking: before every step the capsule is moved 0.05 into what is under it (a floor rising under it, or a
  // step down snapped to), so that every step starts with the push-out out of a dozen triangles.
  it.each(
    SPEEDS.flatMap((s) => [
      [s, 0],
      [s, 0.05],
    ]),
  )(
    "walks along a seam at %s units per step, sinking %s: exact progress on the floor, up the ramp, never inside or below",
    (s, sink) => {
      const capsule = player(-20, 0); // z = 0 is a grid line: the capsule walks along a seam
      let highest = 0;
      let floorSteps = 0;
      const steps = Math.ceil(40 / s);
      for (let i = 0; i < steps; i++) {
        capsule.start.y -= sink;
        capsule.end.y -= sink;
        const before = { x: capsule.start.x, z: capsule.start.z };
        const onFloor = front(capsule) + s < RAMP_FOOT - 0.5;
        moveCapsuleOnMesh(capsule, v(s, -0.25 * s, 0), mesh);
        expect(deepest(capsule)).toBeLessThanOrEqual(CONTROLLER_DEPTH);
        expect(bottom(capsule)).toBeGreaterThanOrEqual(-CONTROLLER_DEPTH);
        if (onFloor) {
          floorSteps++;
          expect(Math.abs(capsule.start.x - before.x - s)).toBeLessThanOrEqual(
            STEP_PROGRESS * s,
          );
          expect(capsule.start.z - before.z).toBe(0);
          expect(capsule.end.x).toBe(capsule.start.x); // still upright
        }
        highest = Math.max(highest, bottom(capsule));
      }
      expect(floorSteps).toBeGreaterThanOrEqual(Math.floor(27 / s) - 1);
      // Standing, it went up the ramp (its top is at 3) and on past it. (Sunk 0.05 into the slope before every
      // step, the push-out along the ramp's normal takes it back down the slope: slower than 0.2 per step it
      // cannot climb, as a character pressed into a slope by that much should not.)
      if (sink === 0) {
        expect(highest).toBeGreaterThanOrEqual(RAMP_TOP);
        expect(capsule.start.x).toBeGreaterThan(RAMP_FOOT + 6);
      }
    },
  );

  it.each(
    SPEEDS.flatMap((s) => [
      [s, 0],
      [s, 0.05],
    ]),
  )(
    "walks diagonally through shared vertices at %s units per step, sinking %s: exact progress, never inside or below",
    (s, sink) => {
      const capsule = player(-28, -28);
      const along = s / Math.SQRT2;
      const steps = Math.ceil(50 / s);
      for (let i = 0; i < steps; i++) {
        capsule.start.y -= sink;
        capsule.end.y -= sink;
        const before = { x: capsule.start.x, z: capsule.start.z };
        moveCapsuleOnMesh(capsule, v(along, -0.25 * s, along), mesh);
        expect(deepest(capsule)).toBeLessThanOrEqual(CONTROLLER_DEPTH);
        expect(bottom(capsule)).toBeGreaterThanOrEqual(-CONTROLLER_DEPTH);
        expect(bottom(capsule)).toBeLessThanOrEqual(2e-3); // on the floor
        expect(
          Math.abs(capsule.start.x - before.x - along),
        ).toBeLessThanOrEqual(STEP_PROGRESS * s);
        expect(
          Math.abs(capsule.start.z - before.z - along),
        ).toBeLessThanOrEqual(STEP_PROGRESS * s);
      }
    },
  );

  it("pressed into the floor along seams and at shared vertices, the push-out lifts it straight up", () => {
    let pushed = 0;
    for (let x = -2; x <= 2; x += 0.125)
      for (const z of [0, 0.5, 1, 0.25, 0.0625]) {
        for (const [dx, dy, dz] of [
          [0, 1, 0], // upright
          [1, 0.05, 0.5], // nearly lying, its far end higher
        ]) {
          const capsule = {
            start: v(x, 0.3, z),
            end: v(x + dx, 0.3 + dy, z + dz),
            radius: 0.4,
          }; // its bottom 0.1 into the floor
          moveCapsuleOnMesh(capsule, v(0, 0, 0), mesh);
          expect(capsule.start.x).toBe(x);
          expect(capsule.start.z).toBe(z);
          expect(capsule.end.x).toBe(x + dx);
          expect(capsule.end.z).toBe(z + dz);
          expect(Math.abs(bottom(capsule) - 1e-3)).toBeLessThanOrEqual(1e-12);
          pushed++;
        }
      }
    expect(pushed).toBe(330);
  });
});
