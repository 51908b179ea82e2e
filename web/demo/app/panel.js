// The side panel and the HUD: the readout, the step-by-step list, the disagreement notes, the numeric inputs
// (built from a scene's `fields`), and the toolbar above the scene (choice buttons, rotators, reset view).
// Every text goes through `t` (app/i18n.js), so it is in the page's language.
import { page } from "./page.js";

const $ = (id) => document.getElementById(id);
const ui = {
  resultBox: $("result-box"),
  result: $("result"),
  toolbar: $("toolbar"),
  steps: $("steps"),
  notes: $("notes"),
  fields: $("fields"),
};

let callbacks = {
  apply() {},
  writeUrl() {},
  selectRotator() {},
  resetView() {},
};

/** A field's or option's label: a key of the strings, or [key, ...arguments]. */
const say = (t, label) => (Array.isArray(label) ? t(...label) : t(label));

/** The numeric inputs (and selects) of a scene, one row per field group. */
export function buildFields(scene, t) {
  const rows = [];
  for (const group of scene.fields) {
    const kind = group.kind ?? "pos";
    const label = say(t, group.label);
    const cells = group.keys.map((key, i) => {
      const title = `${label}${group.keys.length > 1 ? ` ${"xyz"[i]}` : ""}`;
      if (kind === "choice") {
        const options = group.options
          .map(([v, text]) => `<option value="${v}">${say(t, text)}</option>`)
          .join("");
        return `<select data-key="${key}" data-testid="input-${key}" aria-label="${title}">${options}</select>`;
      }
      const step = kind === "deg" ? 5 : 0.1;
      const min = group.min !== undefined ? ` min="${group.min}"` : "";
      return `<input type="number" step="${step}"${min} data-key="${key}" data-testid="input-${key}" aria-label="${title}" title="${title} (${key})" />`;
    });
    rows.push(
      `<label class="flabel">${label}</label><div class="frow">${cells.join("")}</div>`,
    );
  }
  ui.fields.innerHTML = rows.join("");
}

/** Puts the state's values into the inputs, except the one the user is typing into. */
export function syncFields(source) {
  const { state } = page.current;
  for (const el of ui.fields.querySelectorAll("[data-key]")) {
    if (el === source && document.activeElement === el) continue; // don't fight the user's typing
    const text = String(state[el.dataset.key]);
    if (el.value !== text) el.value = text;
  }
}

/** The buttons above the scene: a toolbar choice's options, one per rotator, and "reset view". */
export function buildToolbar(scene, rotators, t) {
  const buttons = [];
  for (const group of scene.fields) {
    if (group.kind !== "choice" || !group.toolbar) continue;
    for (const [value, text] of group.options) {
      buttons.push(
        `<button type="button" data-set="${group.keys[0]}=${value}">${say(t, text)}</button>`,
      );
    }
  }
  for (const r of rotators) {
    buttons.push(
      `<button type="button" data-rotate="${r.name}" data-testid="rotate-${r.name}">${t("rotate", r.label ?? r.name)}</button>`,
    );
  }
  buttons.push(
    `<button type="button" data-view="reset">${t("resetView")}</button>`,
  );
  ui.toolbar.innerHTML = buttons.join("");
}

export function syncToolbar() {
  const { state, activeRotator } = page.current;
  for (const b of ui.toolbar.querySelectorAll("button[data-set]")) {
    const [key, value] = b.dataset.set.split("=");
    b.setAttribute("aria-pressed", String(state[key] === Number(value)));
  }
  for (const b of ui.toolbar.querySelectorAll("button[data-rotate]")) {
    b.setAttribute(
      "aria-pressed",
      String(activeRotator?.name === b.dataset.rotate),
    );
  }
}

/** The readout: the library's answer in a sentence, and its tone (overlap, hit, clear, error). */
export function showResult(text, tone) {
  ui.result.textContent = text;
  ui.resultBox.dataset.tone = tone ?? "";
}
export const resultText = () => ui.result.textContent;

// The step-by-step panel is rebuilt at most once per frame (a drag can deliver many updates per frame).
let lastSteps = "";
let lastNotes = "";
let lastWarning = "";
let pendingPanel = null;
export function queuePanel(steps, notes, id) {
  pendingPanel = { steps, notes, id };
}
export function flushPanel() {
  if (!pendingPanel) return;
  const { steps, notes, id } = pendingPanel;
  pendingPanel = null;
  const stepsHtml = steps
    .map(
      (s) =>
        `<li${s.key ? ' class="key"' : ""}><h3>${s.title}</h3>${s.html}</li>`,
    )
    .join("");
  if (stepsHtml !== lastSteps) {
    ui.steps.innerHTML = stepsHtml;
    lastSteps = stepsHtml;
  }
  if (notes !== lastNotes) {
    ui.notes.textContent = notes;
    lastNotes = notes;
  }
  if (notes && notes !== lastWarning)
    console.warn(`narrowphase demo: disagreement in ${id}: ${notes}`);
  lastWarning = notes;
}
/** Forces the next flush to rewrite the panel (after a language change). */
export function invalidatePanel() {
  lastSteps = lastNotes = "";
}

/** Starts listening to the inputs, toolbar and steps. The callbacks come from main. */
export function installPanel(cb) {
  callbacks = cb;
  ui.fields.addEventListener("input", (e) => {
    const el = e.target;
    if (!el.dataset.key || !page.current) return;
    const value = Number(el.value);
    if (el.value.trim() === "" || !Number.isFinite(value)) return;
    callbacks.apply({ [el.dataset.key]: value }, { source: el });
  });
  ui.fields.addEventListener("change", (e) => {
    if (!page.current || !e.target.dataset.key) return;
    e.target.value = String(page.current.state[e.target.dataset.key]);
    callbacks.writeUrl();
  });
  ui.fields.addEventListener("submit", (e) => e.preventDefault());

  ui.toolbar.addEventListener("click", (e) => {
    const b = e.target.closest("button");
    if (!b || !page.current) return;
    if (b.dataset.set) {
      const [key, value] = b.dataset.set.split("=");
      callbacks.apply({ [key]: Number(value) }, { source: "toolbar" });
    } else if (b.dataset.rotate) {
      callbacks.selectRotator(b.dataset.rotate);
    } else if (b.dataset.view === "reset") {
      callbacks.resetView();
    }
  });

  // Elements in the steps panel with data-set="key=value" change the state when clicked (e.g. pick an axis).
  ui.steps.addEventListener("click", (e) => {
    const el = e.target.closest("[data-set]");
    if (!el || !page.current) return;
    const patch = {};
    for (const pair of el.dataset.set.split("&")) {
      const [key, value] = pair.split("=");
      patch[key] = Number(value);
    }
    callbacks.apply(patch, { source: "panel" });
  });
}
