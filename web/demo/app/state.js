// Scene state <-> URL hash. A link such as `#/raycast-aabb?ax=-3&ay=0.5&...` names the scene and every input,
// so loading it reproduces the configuration. Numbers are rounded per field kind, so the URL stays short and a
// reload gives back exactly the state that produced it.

/** Decimals kept per field kind: positions and sizes to 0.001, angles to 0.1 degree, choices as integers. */
export const DECIMALS = { pos: 3, deg: 1, choice: 0 };

export function round(value, decimals) {
  const r = Number(value.toFixed(decimals));
  return r === 0 ? 0 : r; // never -0
}

/** Every field of a scene as a flat list: { key, kind, min, max, options }. */
export function flatFields(scene) {
  const out = [];
  for (const group of scene.fields) {
    for (const key of group.keys) {
      out.push({
        key,
        kind: group.kind ?? "pos",
        min: group.min,
        max: group.max,
        options: group.options,
      });
    }
  }
  return out;
}

/** Parses `#/scene-id?k=v&...` into { id, params } (params: a Map of raw strings). */
export function parseHash(hash) {
  const text = hash.replace(/^#\/?/, "");
  const q = text.indexOf("?");
  const id = decodeURIComponent(q < 0 ? text : text.slice(0, q));
  const params = new Map();
  if (q >= 0) {
    for (const [k, v] of new URLSearchParams(text.slice(q + 1)))
      params.set(k, v);
  }
  return { id, params };
}

/** The hash for `state` of `scene`: every field, in the order the scene lists them. */
export function formatHash(scene, state) {
  const parts = flatFields(scene).map((f) => `${f.key}=${state[f.key]}`);
  return `#/${scene.id}?${parts.join("&")}`;
}

/**
 * Cleans a candidate state: unknown keys dropped, non-numbers replaced by the default, numbers rounded to the
 * field's decimals and clamped to its bounds, choices restricted to their options; then the scene's own
 * `normalize(state, changedKeys)` fixes relations between fields (a box's min not above its max, ...).
 */
export function normalizeState(scene, candidate, changedKeys = []) {
  const state = {};
  for (const f of flatFields(scene)) {
    let v = Number(candidate[f.key]);
    if (!Number.isFinite(v)) v = scene.defaults[f.key];
    v = round(v, DECIMALS[f.kind]);
    if (f.min !== undefined) v = Math.max(v, f.min);
    if (f.max !== undefined) v = Math.min(v, f.max);
    if (f.kind === "choice" && !f.options.some(([value]) => value === v))
      v = scene.defaults[f.key];
    state[f.key] = v;
  }
  scene.normalize?.(state, changedKeys);
  return state;
}

/** The state a hash describes: defaults overridden by every parseable parameter. */
export function stateFromParams(scene, params) {
  const candidate = { ...scene.defaults };
  for (const f of flatFields(scene)) {
    if (params.has(f.key) && params.get(f.key).trim() !== "")
      candidate[f.key] = Number(params.get(f.key));
  }
  return normalizeState(scene, candidate);
}

/**
 * The fields of a link that the page could not take as they were (not a number, out of bounds, not an option,
 * more decimals than kept, or changed by the scene's normalize): the keys whose value in `state` differs from
 * the link's.
 */
export function repairedKeys(scene, params, state) {
  return flatFields(scene)
    .map((f) => f.key)
    .filter((key) => params.has(key) && Number(params.get(key)) !== state[key]);
}
