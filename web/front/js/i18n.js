// @ts-check
// Languages of the page. Every word the page shows comes from one catalogue
// per language, web/front/lang/<code>.json (flat "key": "text" pairs, "{name}"
// placeholders); web/front/lang/index.json lists the languages (code: own name).
// The Python side (web/page/texts.py) reads the same files.
//
// The language is the one chosen with the switch (remembered in
// localStorage under the site's prefix, "mykerinos:<site path>:lang", see
// web/front/js/saves.js), else the first of the browser's languages that we have,
// else English. document.documentElement.lang says it once known (a few
// milliseconds after this module runs, before Python starts).

import { KEY_LANGUAGE } from "./generated/shared.js";
import { load, store } from "./saves.js";

const STORE_KEY = KEY_LANGUAGE;
// Where earlier releases remembered it, for every copy of the site on the
// host: read once, moved under this copy's prefix, then removed.
const LEGACY_KEY = "mykerinos.lang";
const DEFAULT = "en";

/** @typedef {Record<string, string>} Catalogue */

/** @type {Record<string, string>} code -> the language's own name */
let names = { [DEFAULT]: DEFAULT };
let code = DEFAULT;
/** @type {Catalogue | null} */
let strings = null;
/** @type {Map<string, Catalogue | Promise<Catalogue>>} */
const loaded = new Map();
/** Words shipped apart (live play's), added to every language loaded. @type {((lang: string) => Promise<Catalogue>)[]} */
const extras = [];

function stored() {
  return load(STORE_KEY, LEGACY_KEY); // null when storage is disabled
}

/** The language to use now: remembered choice, browser preference, English. */
function chooseLanguage() {
  const saved = stored();
  if (saved && Object.hasOwn(names, saved)) return saved;
  for (const tag of navigator.languages || [navigator.language || ""]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (Object.hasOwn(names, base)) return base;
  }
  return DEFAULT;
}

/** The page's language now. */
export function language() {
  return code;
}

/** Every language the page has: code -> its own name (for the switch). */
export function languages() {
  return { ...names };
}

/**
 * A JSON file served next to this module (precached for offline use).
 * @param {string} path
 */
async function fetchJson(path) {
  const url = new URL(path, import.meta.url);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  return response.json();
}

/**
 * A language's catalogue (fetched once).
 * @param {string} lang
 * @returns {Promise<Catalogue>}
 */
function loadCatalogue(lang) {
  if (!loaded.has(lang)) {
    const promise = fetchJson(`../lang/${lang}.json`)
      .then((catalogue) => {
        loaded.set(lang, catalogue);
        return catalogue;
      })
      .catch((error) => {
        loaded.delete(lang);
        throw error;
      });
    loaded.set(lang, promise);
  }
  return Promise.resolve(/** @type {Catalogue | Promise<Catalogue>} */ (loaded.get(lang)));
}

// Resolves once the current language's words are ready. If the catalogue
// cannot be had, English; failing that, the keys themselves.
export const ready = (async () => {
  try {
    names = await fetchJson("../lang/index.json");
  } catch (error) {
    console.error("Mykerinos: no list of languages", error);
  }
  code = chooseLanguage();
  document.documentElement.lang = code;
  try {
    strings = await loadCatalogue(code);
  } catch (error) {
    console.error("Mykerinos: no catalogue for", code, error);
    code = DEFAULT;
    document.documentElement.lang = code;
    try {
      strings = await loadCatalogue(code);
    } catch {
      strings = {};
    }
  }
})();

/**
 * Switch language: load its catalogue, remember the choice.
 * @param {string} lang
 */
export async function setLanguage(lang) {
  if (!Object.hasOwn(names, lang)) throw new Error(`unknown language ${lang}`);
  let catalogue = await loadCatalogue(lang);
  for (const more of extras) catalogue = { ...catalogue, ...(await more(lang)) };
  code = lang;
  strings = catalogue;
  store(STORE_KEY, lang); // when refused: not remembered, still switched
  document.documentElement.lang = lang;
}

/**
 * The text for key, with {placeholders} filled from params. A key missing
 * from the catalogue shows as itself (the catalogue test keeps that from
 * happening in a release).
 * @param {string} key
 * @param {Record<string, string | number>} [params]
 */
export function t(key, params = {}) {
  const text = strings && Object.hasOwn(strings, key) ? strings[key] : key;
  return text.replace(/\{(\w+)\}/g, (all, name) => (name in params ? String(params[name]) : all));
}

/**
 * Add words shipped apart (live play's texts, loaded only when live play
 * starts): `more(lang)` fetches them for a language, now and after each switch.
 * @param {(lang: string) => Promise<Catalogue>} more
 */
export async function addWords(more) {
  extras.push(more);
  const words = await more(code);
  strings = { ...(strings || {}), ...words };
}

/** Whether words are available yet (before, the loader leaves its step line empty). */
export function hasCatalogue() {
  return strings !== null;
}
