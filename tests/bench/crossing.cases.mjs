// Where the time of one cheap call goes: the floor under any JS -> WASM design on this runtime, beside
// three.js's Box3.intersectsSphere and narrowphase's overlapSphereAABB (same 1,024 inputs as
// boundary.cases.mjs). Run by boundary.bench.mjs (Node) and boundary.browser.mjs (Chromium).
//
// A hand-assembled WASM module (no toolchain involved, so nothing of narrowphase's build is in it) exports
//   empty(ptr)  -> 0                      the cost of entering and leaving WASM
//   read10(ptr) -> sum of 10 f64 > 0      entering, reading the 10 inputs from memory, leaving
// and each row adds one piece of what any design must do for overlapSphereAABB(sphere, box):
//   marshal only          read the 10 numbers from the caller's objects, check they are numbers, and store
//                         them where WASM can read them (no call)
//   marshal + empty call  ... and cross into WASM and back
//   marshal + read in WASM ... and read them there: the floor before any geometry or validation runs
// When that floor alone costs as much as three.js's whole query, no crossing design can cost less.

import { sphereBoxInputs } from "./boundary.cases.mjs";

/** The hand-assembled module's bytes: one memory page, `empty` and `read10` as described above. */
export function floorModuleBytes() {
  const section = (id, bytes) => [id, bytes.length, ...bytes];
  const name = (s) => [s.length, ...[...s].map((c) => c.charCodeAt(0))];
  const empty = [0x00, 0x41, 0x00, 0x0b]; // no locals; i32.const 0; end
  const read10 = [0x00, 0x20, 0x00, 0x2b, 0x03, 0x00]; // no locals; local.get 0; f64.load align=8 offset=0
  for (let i = 1; i < 10; i++) read10.push(0x20, 0x00, 0x2b, 0x03, 8 * i, 0xa0); // + load at 8i; f64.add
  read10.push(0x44, 0, 0, 0, 0, 0, 0, 0, 0, 0x64, 0x0b); // f64.const 0; f64.gt; end
  // prettier-ignore
  return new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // \0asm, version 1
    ...section(1, [0x01, 0x60, 0x01, 0x7f, 0x01, 0x7f]), // one type: (i32) -> i32
    ...section(3, [0x02, 0x00, 0x00]), // two functions of that type
    ...section(5, [0x01, 0x00, 0x01]), // one memory, at least one page
    ...section(7, [0x03, ...name("memory"), 0x02, 0x00, ...name("empty"), 0x00, 0x00, ...name("read10"), 0x00, 0x01]),
    ...section(10, [0x02, empty.length, ...empty, read10.length, ...read10]),
  ]);
}

/**
 * @param {object} o
 * @param {object} o.np     the initialised narrowphase API
 * @param {object} o.three  { Box3, Sphere, Vector3 }
 * @param {() => number} o.now  milliseconds
 * @returns {{ name: string, ns: number }[]}
 */
export function crossingFloor({
  np,
  three,
  now,
  rounds = 21,
  calls = 500_000,
}) {
  const { exports } = new WebAssembly.Instance(
    new WebAssembly.Module(floorModuleBytes()),
    {},
  );
  const { empty, read10 } = exports;
  const ptr = 64;
  const io = new Float64Array(exports.memory.buffer, ptr, 10);

  // The same inputs as boundary.cases.mjs.
  const N = 1024,
    MASK = N - 1;
  const { boxes, spheres } = sphereBoxInputs(three, N);

  // The same shape of code as web/lib/index.js's vec3()/sphere()/aabb(), on purpose: it measures what that
  // marshalling costs by itself, apart from the library.
  const BAD = new TypeError("not a number");
  function store3(v, o) {
    const x = v.x,
      y = v.y,
      z = v.z;
    if (typeof x !== "number" || typeof y !== "number" || typeof z !== "number")
      throw BAD;
    io[o] = x;
    io[o + 1] = y;
    io[o + 2] = z;
  }
  function marshal(s, b) {
    store3(s.center, 0);
    const r = s.radius;
    if (typeof r !== "number") throw BAD;
    io[3] = r;
    store3(b.min, 4);
    store3(b.max, 7);
  }

  const cases = [
    [
      "three.js Box3.intersectsSphere",
      (n) => {
        let s = 0;
        for (let k = 0; k < n; k++) {
          const i = k & MASK;
          if (boxes[i].intersectsSphere(spheres[i])) s++;
        }
        return s;
      },
    ],
    [
      "narrowphase overlapSphereAABB",
      (n) => {
        let s = 0;
        for (let k = 0; k < n; k++) {
          const i = k & MASK;
          if (np.overlapSphereAABB(spheres[i], boxes[i])) s++;
        }
        return s;
      },
    ],
    [
      "empty WASM call alone",
      (n) => {
        let s = 0;
        for (let k = 0; k < n; k++) {
          s += empty(ptr);
        }
        return s;
      },
    ],
    [
      "marshal only",
      (n) => {
        let s = 0;
        for (let k = 0; k < n; k++) {
          const i = k & MASK;
          marshal(spheres[i], boxes[i]);
          if (io[3] > 1) s++;
        }
        return s;
      },
    ],
    [
      "marshal + empty call",
      (n) => {
        let s = 0;
        for (let k = 0; k < n; k++) {
          const i = k & MASK;
          marshal(spheres[i], boxes[i]);
          s += empty(ptr);
        }
        return s;
      },
    ],
    [
      "marshal + read in WASM (the floor)",
      (n) => {
        let s = 0;
        for (let k = 0; k < n; k++) {
          const i = k & MASK;
          marshal(spheres[i], boxes[i]);
          s += read10(ptr);
        }
        return s;
      },
    ],
  ];
  const samples = cases.map(() => []);
  for (let r = 0; r < rounds; r++) {
    cases.forEach(([, loop], c) => {
      const start = now();
      const sink = loop(calls);
      samples[c].push(((now() - start) * 1e6) / calls);
      if (Number.isNaN(sink)) throw new Error("unreachable");
    });
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  return cases.map(([name], c) => ({ name, ns: median(samples[c]) }));
}

/** The breakdown as a Markdown table, each row also as a multiple of three.js's time. */
export function formatFloor(rows) {
  const base = rows[0].ns;
  return [
    "| one sphere-box query | ns | × three.js |",
    "|---|---:|---:|",
    ...rows.map(
      (r) => `| ${r.name} | ${r.ns.toFixed(1)} | ${(r.ns / base).toFixed(2)} |`,
    ),
  ].join("\n");
}
