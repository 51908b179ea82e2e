// Re-entrancy (issue "Hardening"): every query shares one I/O buffer in WASM memory, and the caller's own code
// runs while a query's numbers sit in it: getters on its inputs, getters and setters on its target. A query
// called from there must neither corrupt the outer query nor be corrupted by it. The finding: a getter on an
// input that called distancePointAABB made closestPointOnAABB((5, 0, 0), [-1, 1]^3) return (1, 1, 1), and
// errors quoted the inner call's values.
import * as THREE from "three";
import { beforeAll, describe, expect, it } from "vitest";
import { init } from "../../web/lib/index.js";
import { unitBox, v3 } from "./helpers.js";

let np;
beforeAll(async () => {
  np = await init();
});

/** {x, y, z} whose `field` getter first runs `sideEffect` (a narrowphase call), then returns `value`. */
function trapped(x, y, z, field, sideEffect) {
  const v = { x, y, z };
  let value = v[field];
  Object.defineProperty(v, field, {
    get() {
      sideEffect();
      return value;
    },
    set(next) {
      value = next;
    },
    enumerable: true,
  });
  return v;
}

// Inner calls that write the whole I/O buffer, with known answers.
const inner = {
  distance: () => expect(np.distancePointAABB(v3(4, 0, 0), unitBox())).toBe(3),
  sphereCast: () =>
    expect(
      np.sphereCastSphere(v3(-9, 0, 0), v3(9, 0, 0), 1, {
        center: v3(0, 0, 0),
        radius: 1,
      }).distance,
    ).toBe(7),
  obb: () =>
    expect(
      np.overlapOBBOBB(
        {
          center: v3(0, 0, 0),
          halfSize: v3(1, 1, 1),
          rotation: { elements: [1, 0, 0, 0, 1, 0, 0, 0, 1] },
        },
        {
          center: v3(3, 0, 0),
          halfSize: v3(1, 1, 1),
          rotation: { elements: [1, 0, 0, 0, 1, 0, 0, 0, 1] },
        },
      ),
    ).toBe(false),
  error: () =>
    expect(() => np.distancePointAABB(v3(NaN, 7, 7), unitBox())).toThrow(
      /point\.x is NaN/,
    ),
};

describe("a query called from the caller's own code during another query", () => {
  it("the finding: closestPointOnAABB((5, 0, 0), [-1, 1]^3) with a getter on the box calling a query returns (1, 0, 0)", () => {
    for (const field of ["x", "y", "z"]) {
      for (const call of Object.values(inner)) {
        for (const end of ["min", "max"]) {
          const box = unitBox();
          box[end] = trapped(box[end].x, box[end].y, box[end].z, field, call);
          expect(np.closestPointOnAABB(v3(5, 0, 0), box)).toEqual(v3(1, 0, 0));
        }
        expect(
          np.closestPointOnAABB(trapped(5, 0, 0, field, call), unitBox()),
        ).toEqual(v3(1, 0, 0));
      }
    }
  });

  it("a getter on the box's last field, after every other input is copied, changes nothing", () => {
    for (const call of Object.values(inner)) {
      const box = unitBox();
      box.max = trapped(1, 1, 1, "z", call);
      expect(np.closestPointOnAABB(v3(5, 0, 0), box)).toEqual(v3(1, 0, 0));
      expect(np.distancePointAABB(v3(5, 0, 0), box)).toBe(4);
      expect(
        np.overlapSphereAABB({ center: v3(5, 0, 0), radius: 3.9 }, box),
      ).toBe(false);
      expect(np.linecastAABB(v3(5, 0, 0), v3(-5, 0, 0), box)).toEqual({
        distance: 4,
        point: v3(1, 0, 0),
        normal: v3(1, 0, 0),
      });
      expect(
        np.raycastAABB(
          { origin: v3(5, 0, 0), direction: v3(-2, 0, 0) },
          box,
          4,
        ),
      ).toEqual({
        distance: 4,
        point: v3(1, 0, 0),
        normal: v3(1, 0, 0),
      });
    }
  });

  it("nested three deep (a getter whose query has a getter that calls a query) still gives every right answer", () => {
    const innermost = trapped(4, 0, 0, "y", inner.sphereCast);
    const middle = trapped(5, 0, 0, "z", () =>
      expect(np.distancePointAABB(innermost, unitBox())).toBe(3),
    );
    expect(np.closestPointOnAABB(middle, unitBox())).toEqual(v3(1, 0, 0));
  });

  it("sphere casts and OBB tests read their 11 and 30 numbers right with a query inside each getter", () => {
    const start = trapped(-9, 0, 0, "y", inner.distance);
    const end = trapped(9, 0, 0, "z", inner.obb);
    const hit = np.sphereCastSphere(start, end, 1, {
      center: trapped(0, 0, 0, "x", inner.distance),
      radius: 1,
    });
    expect(hit).toEqual({
      distance: 7,
      fraction: 7 / 18,
      center: v3(-2, 0, 0),
      point: v3(-1, 0, 0),
      normal: v3(-1, 0, 0),
      startedOverlapping: false,
    });
    const elements = [1, 0, 0, 0, 1, 0, 0, 0, 1];
    const a = {
      center: trapped(0, 0, 0, "x", inner.sphereCast),
      halfSize: v3(1, 1, 1),
      rotation: { elements },
    };
    const b = {
      center: v3(2, 0, 0),
      halfSize: trapped(1, 1, 1, "z", inner.distance),
      rotation: { elements },
    };
    expect(np.overlapOBBOBB(a, b)).toBe(true);
    expect(
      np.separatingAxisOBBOBB(a, {
        ...b,
        center: v3(2.5, 0, 0),
        halfSize: v3(0.25, 1, 1),
      }),
    ).toBe(0);
  });

  it("an error in the outer call quotes the outer call's own values", () => {
    const point = trapped(NaN, 0, 0, "y", inner.sphereCast);
    expect(() => np.distancePointAABB(point, unitBox())).toThrow(
      new RangeError(
        "distancePointAABB: point.x is NaN, expected a finite number",
      ),
    );
    const box = unitBox();
    box.max = trapped(-2, 1, 1, "z", inner.obb);
    expect(() => np.closestPointOnAABB(v3(0, 0, 0), box)).toThrow(
      /box\.min\.x > box\.max\.x \(-1 > -2\)/,
    );
  });

  it("an inner call that throws leaves the outer call right", () => {
    const point = trapped(5, 0, 0, "x", inner.error);
    expect(np.distancePointAABB(point, unitBox())).toBe(4);
  });

  it("setters on a target that call queries while the outputs are copied out get every output right", () => {
    const target = {
      point: trapped(0, 0, 0, "x", inner.sphereCast),
      normal: trapped(0, 0, 0, "y", inner.obb),
    };
    let distance = 0;
    Object.defineProperty(target, "distance", {
      get: () => distance,
      set(v) {
        inner.distance();
        distance = v;
      },
    });
    expect(np.linecastAABB(v3(5, 0, 0), v3(-5, 0, 0), unitBox(), target)).toBe(
      target,
    );
    expect([
      target.distance,
      { ...target.point },
      { ...target.normal },
    ]).toEqual([4, v3(1, 0, 0), v3(1, 0, 0)]);
    const result = {
      center: trapped(0, 0, 0, "z", inner.distance),
      point: null,
      normal: trapped(0, 0, 0, "x", inner.sphereCast),
    };
    np.sphereCastSphere(
      v3(0, 0, -9),
      v3(0, 0, 9),
      1,
      { center: v3(0, 0, 0), radius: 1 },
      result,
    );
    expect([
      { ...result.center },
      result.point,
      { ...result.normal },
      result.fraction,
    ]).toEqual([v3(0, 0, -2), v3(0, 0, -1), v3(0, 0, -1), 7 / 18]);
    const closest = trapped(0, 0, 0, "y", inner.distance);
    expect({
      ...np.closestPointOnAABB(v3(0, 5, 0), unitBox(), closest),
    }).toEqual(v3(0, 1, 0));
  });
});

describe("three.js's empty shapes", () => {
  it("an empty box (THREE.Box3 makeEmpty(): min +Infinity, max -Infinity) is called an empty box", () => {
    const empty = {
      min: v3(Infinity, Infinity, Infinity),
      max: v3(-Infinity, -Infinity, -Infinity),
    };
    expect(() => np.distancePointAABB(v3(0, 0, 0), empty)).toThrow(
      new RangeError(
        "distancePointAABB: box is an empty box (min = +Infinity, max = -Infinity on an axis, as THREE.Box3's makeEmpty() leaves it), expected finite min <= max",
      ),
    );
    expect(() =>
      np.overlapSphereAABB({ center: v3(0, 0, 0), radius: 1 }, empty),
    ).toThrow(/box is an empty box/);
    expect(() =>
      np.closestPointOnAABB(new THREE.Vector3(), new THREE.Box3()),
    ).toThrow(/box is an empty box/);
    expect(() =>
      np.linecastAABB(v3(0, 0, 0), v3(1, 0, 0), new THREE.Box3().makeEmpty()),
    ).toThrow(/box is an empty box/);
    // A box with one infinite bound that is not empty keeps the plain message.
    expect(() =>
      np.distancePointAABB(v3(0, 0, 0), {
        min: v3(-1, -1, -1),
        max: v3(Infinity, 1, 1),
      }),
    ).toThrow(
      new RangeError(
        "distancePointAABB: box.max.x is Infinity, expected a finite number",
      ),
    );
  });

  it("a sphere of negative radius (THREE.Sphere's default, radius -1) is called an empty sphere", () => {
    expect(() =>
      np.overlapSphereAABB({ center: v3(0, 0, 0), radius: -1 }, unitBox()),
    ).toThrow(
      new RangeError(
        "overlapSphereAABB: sphere.radius is -1, expected a value >= 0 (a negative radius is an empty sphere, as new THREE.Sphere() makes)",
      ),
    );
    expect(() =>
      np.sphereCastSphere(v3(0, 0, 0), v3(1, 0, 0), 0, {
        center: v3(0, 0, 0),
        radius: -1,
      }),
    ).toThrow(
      /target\.radius is -1, expected a value >= 0 \(a negative radius is an empty sphere/,
    );
    expect(() => np.overlapSphereAABB(new THREE.Sphere(), unitBox())).toThrow(
      /sphere\.radius is -1, .*an empty sphere/,
    );
    // A cast's own radius is a plain length, not a sphere.
    expect(() =>
      np.sphereCastSphere(v3(0, 0, 0), v3(1, 0, 0), -1, {
        center: v3(0, 0, 0),
        radius: 1,
      }),
    ).toThrow(
      new RangeError("sphereCastSphere: radius is -1, expected a value >= 0"),
    );
  });
});

// A getter that grows the module's memory mid-call (building a mesh, a contacts query whose answer outgrows the
// mesh's buffer of them, np.batch.allocate): growing detaches every view of the memory, the outer call's I/O
// view among them, so the inputs it writes after the getter would be lost. The finding (review of 2026-11-28):
// the outer call returned {} and so did every later call of the module (its state left at the detached
// generation); a getter running a growing mesh query made the outer call throw "detached ArrayBuffer".
describe("a getter that grows the module's memory mid-call", () => {
  const grid = (n) => new THREE.PlaneGeometry(n, n, n, n);
  const internals = () => np[Symbol.for("narrowphase.internals")];
  // Each grows the memory (checked below): a mesh of about as many triangles as the memory has bytes / 100, a
  // contacts query over every triangle of a fresh mesh of 2 x 200 x 200 (its buffer of contacts grows from 256
  // to 80,000, 7 MB), an array of half the memory's size.
  // Before each case the memory's free room is taken, in 1 MiB arrays, down to under 4 MiB (`fill`), so that each
  // grower, needing more than that, must grow it, once per case (`armed`: the outer call reads its inputs again
  // after a growth): a mesh of 2 x 150 x 150 triangles (its build takes ~7 MB), a contacts query over every
  // triangle of a mesh of 2 x 200 x 200 made before the call (its buffer of contacts grows from 256 to 80,000,
  // 7 MB), an array of 8 MiB.
  const MiB = 1 << 20;
  const fill = () => {
    const arrays = [];
    while (internals().memoryBytes() - internals().heapBytesInUse() > 4 * MiB)
      arrays.push(np.batch.allocate(Uint8Array, MiB));
    return arrays;
  };
  let fresh = [];
  let armed = false;
  const once = (f) => () => {
    if (armed) f();
    armed = false;
  };
  const growers = {
    createMesh: once(() => np.createMesh(grid(150)).dispose()),
    contacts: once(() => {
      const mesh = fresh.pop();
      expect(
        mesh.contactsSphere({ center: v3(0, 0, 0.5), radius: 1000 }).length,
      ).toBe(80000);
      mesh.dispose();
    }),
    allocate: once(() => np.batch.free(np.batch.allocate(Uint8Array, 8 * MiB))),
  };
  for (const [name, grow] of Object.entries(growers))
    it(`${name} in a getter on the first, a middle and the last input: the outer answer is right, and the module keeps working`, () => {
      let grew = 0;
      for (const field of ["x", "y", "z"]) {
        for (const where of ["point", "min", "max"]) {
          if (name === "contacts") fresh = [np.createMesh(grid(200))];
          const fillers = fill();
          const generation = internals().generation();
          armed = true;
          const point =
            where === "point"
              ? trapped(5, 0.5, -3, field, grow)
              : v3(5, 0.5, -3);
          const box = {
            min:
              where === "min"
                ? trapped(-1, -1, -1, field, grow)
                : v3(-1, -1, -1),
            max: where === "max" ? trapped(1, 1, 1, field, grow) : v3(1, 1, 1),
          };
          expect(np.closestPointOnAABB(point, box)).toEqual(v3(1, 0.5, -1));
          if (internals().generation() > generation) grew++;
          for (const f of fillers) np.batch.free(f);
          // Later calls, through the API object (its first generation's wrappers) and a mesh.
          expect(np.distancePointAABB(v3(4, 0, 0), unitBox())).toBe(3);
          expect(
            np.raycastSphere(
              { origin: v3(0, 0, -5), direction: v3(0, 0, 1) },
              { center: v3(0, 0, 0), radius: 1 },
            ).distance,
          ).toBe(4);
        }
      }
      // The memory grew inside the getter every time (so each case is the finding's).
      expect(grew).toBe(9);
    });
});
