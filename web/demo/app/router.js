// Routing and URL state: the hash names the scene and every input (`#/raycast-aabb?ax=-3&...`, app/state.js),
// the query string the language (`?lang=ko`), so a link reproduces what the reader saw, in their language.
// Also the scene menu and the language switch, both in the top bar.
import {
  formatHash,
  parseHash,
  repairedKeys,
  stateFromParams,
} from "./state.js";
import { LANGS, LANG_NAMES, pickLanguage } from "./i18n.js";
import { page } from "./page.js";

const menu = document.getElementById("menu");
const langSwitch = document.getElementById("lang-switch");

let scenes = [];
let scenesById = new Map();
let callbacks = { show() {}, setLanguage() {} };

/** The language a URL asks for (`?lang=`), else the first of the browser's languages the page has. */
export function languageFromUrl() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (LANGS.includes(asked)) return asked;
  return pickLanguage(navigator.languages ?? [navigator.language]);
}

/** The address for the current scene, state and language. */
function address() {
  const search = new URLSearchParams(location.search);
  search.set("lang", page.lang);
  const hash = page.current
    ? formatHash(page.current.scene, page.current.state)
    : location.hash;
  return `?${search}${hash}`;
}

// The URL follows the state. During drags and typing it is written at most a few times a second (browsers
// throttle rapid history updates); at the end of an edit it is written at once.
let urlTimer = 0;
export function scheduleUrl(debounced) {
  clearTimeout(urlTimer);
  if (debounced) urlTimer = setTimeout(writeUrl, 250);
  else writeUrl();
}
export function writeUrl() {
  clearTimeout(urlTimer);
  const next = address();
  if (location.search + location.hash !== next)
    history.replaceState(null, "", next);
}

/**
 * Shows the scene and state the hash names (the first scene for an unknown id). A link the page had to repair
 * (an unknown scene, values it cannot take) says so: `repair` is { unknownScene } or { keys }, or null.
 */
export function route() {
  const { id, params } = parseHash(location.hash);
  const known = scenesById.get(id);
  const scene = known ?? scenes[0];
  const state = stateFromParams(scene, params);
  let repair = null;
  if (!known && id !== "") repair = { unknownScene: id };
  else {
    const keys = repairedKeys(scene, params, state);
    if (keys.length) repair = { keys };
  }
  callbacks.show(scene, state, repair);
  writeUrl();
}

/** The menu of scenes and the language switch, in the page's language; `t` is the shell's lookup. */
export function buildMenu(translate) {
  menu.innerHTML = scenes
    .map((s) => {
      const t = translate(s);
      return `<a href="#/${s.id}" data-scene="${s.id}"><small>${t("menuNote")}</small>${t("menu")}</a>`;
    })
    .join("");
  markMenu();
  langSwitch.innerHTML = LANGS.map(
    (l) =>
      `<button type="button" data-lang="${l}" lang="${l}" aria-pressed="${l === page.lang}">${LANG_NAMES[l]}</button>`,
  ).join("");
}

/** Marks the scene on show in the menu, and scrolls its tab into view (on a phone the menu scrolls sideways). */
export function markMenu() {
  for (const a of menu.querySelectorAll("a")) {
    if (a.dataset.scene === page.current?.scene.id) {
      a.setAttribute("aria-current", "page");
      a.scrollIntoView?.({ block: "nearest", inline: "nearest" });
    } else a.removeAttribute("aria-current");
  }
}

/** Starts routing. `show(scene, state)` builds or updates a scene; `setLanguage(lang)` relabels the page. */
export function installRouter(list, cb) {
  scenes = list;
  scenesById = new Map(list.map((s) => [s.id, s]));
  callbacks = cb;
  window.addEventListener("hashchange", route);
  langSwitch.addEventListener("click", (e) => {
    const b = e.target.closest("button[data-lang]");
    if (!b || b.dataset.lang === page.lang) return;
    callbacks.setLanguage(b.dataset.lang);
    writeUrl();
  });
}
