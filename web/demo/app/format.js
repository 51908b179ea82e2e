// Number formatting shared by the readout and the step-by-step panel.

/**
 * A number rounded to at most 4 decimals with trailing zeros dropped, never "-0": 1.25, -1, 0, 0.3333.
 * Infinities print as ∞ and -∞.
 */
export function num(x) {
  if (x === Infinity) return "∞";
  if (x === -Infinity) return "-∞";
  if (Number.isNaN(x)) return "NaN";
  const rounded = Number(x.toFixed(4));
  return String(rounded === 0 ? 0 : rounded);
}

/** A vector as `(x, y, z)` with each component formatted by `num`. */
export function vec(v) {
  return `(${num(v.x)}, ${num(v.y)}, ${num(v.z)})`;
}

/**
 * A number squared, as a formula writes it: `1.4²`, and a negative number in parentheses with a true minus
 * sign, `(−0.8)²` (not `-0.8²`, which reads as −(0.8²)).
 */
export function sq(x) {
  const text = num(x);
  return text.startsWith("-") ? `(−${text.slice(1)})²` : `${text}²`;
}

/** `num` wrapped in a span the panel styles as a live value. */
export function val(x) {
  return `<span class="v">${num(x)}</span>`;
}

/** `vec` wrapped in a span the panel styles as a live value. */
export function vval(v) {
  return `<span class="v">${vec(v)}</span>`;
}

export const AXES = ["x", "y", "z"];

/** The axis letter coloured like the axis in the scene (x red, y green, z blue). */
export function axisTag(i) {
  return `<b class="c${AXES[i]}">${AXES[i]}</b>`;
}
