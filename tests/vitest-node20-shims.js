// Shared by every Vitest config here (tests/js, tests/browser, tests/consumer).
// Vitest 5 declares Node ^22.12 and calls Map.groupBy / Object.groupBy (Node 21+) in its reporter, which on
// Node 20 crashes exactly when a test fails and the error summary is printed. Node 20 is the version this
// package promises to support, so the tests run on it; these two spec-conforming shims keep the
// reporter alive. They are installed in the Vitest main process only (imported by vitest.config.js) and
// do nothing on Node >= 21. Test workers and the consumer projects never see them.
function groupInto(items, keyOf, get, set) {
  let index = 0;
  for (const item of items) {
    const key = keyOf(item, index++);
    const group = get(key);
    if (group) group.push(item);
    else set(key, [item]);
  }
}

if (typeof Map.groupBy !== "function") {
  Object.defineProperty(Map, "groupBy", {
    configurable: true,
    writable: true,
    value(items, keyOf) {
      const map = new Map();
      groupInto(
        items,
        keyOf,
        (k) => map.get(k),
        (k, g) => map.set(k, g),
      );
      return map;
    },
  });
}

if (typeof Object.groupBy !== "function") {
  Object.defineProperty(Object, "groupBy", {
    configurable: true,
    writable: true,
    value(items, keyOf) {
      const object = Object.create(null);
      groupInto(
        items,
        (item, i) => String(keyOf(item, i)),
        (k) => object[k],
        (k, g) => (object[k] = g),
      );
      return object;
    },
  });
}
