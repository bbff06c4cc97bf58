// Languages of the page. Every word the page shows comes from one catalogue
// per language, web/lang/<code>.json (flat "key": "text" pairs, "{name}"
// placeholders); the Python side (web/texts.py) reads the same files.
//
// The language is the one chosen with the switch (remembered in
// localStorage "mykerinos.lang"), else the first of the browser's languages
// that we have, else English. It is known as soon as this module runs
// (document.documentElement.lang is set then), before any catalogue loads.

export const LANGUAGES = ["en", "fr", "it"];
// Each language's own name, for the switch (not translated on purpose).
export const LANGUAGE_NAMES = { en: "English", fr: "Français", it: "Italiano" };
const STORE_KEY = "mykerinos.lang";

let code = chooseLanguage();
let strings = null;
const loaded = new Map(); // code -> catalogue (or its promise)

function stored() {
  try {
    return localStorage.getItem(STORE_KEY);
  } catch {
    return null; // storage disabled
  }
}

// The language to use now: remembered choice, browser preference, English.
function chooseLanguage() {
  const saved = stored();
  if (LANGUAGES.includes(saved)) return saved;
  for (const tag of navigator.languages || [navigator.language || ""]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

export function language() {
  return code;
}

// Fetch a catalogue (served next to this file; precached for offline use).
function loadCatalogue(lang) {
  if (!loaded.has(lang)) {
    const url = new URL(`./lang/${lang}.json`, import.meta.url);
    const promise = fetch(url).then((response) => {
      if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
      return response.json();
    }).then((catalogue) => {
      loaded.set(lang, catalogue);
      return catalogue;
    }).catch((error) => {
      loaded.delete(lang);
      throw error;
    });
    loaded.set(lang, promise);
  }
  return Promise.resolve(loaded.get(lang));
}

// Resolves once the current language's words are ready.
// If the catalogue cannot be had, English; failing that, the keys themselves.
export const ready = loadCatalogue(code).catch((error) => {
  console.error("Mykerinos: no catalogue for", code, error);
  code = "en";
  document.documentElement.lang = code;
  return loadCatalogue(code);
}).then((catalogue) => {
  if (!strings) strings = catalogue;
}).catch(() => {
  if (!strings) strings = {};
});

// Switch language: load its catalogue, remember the choice.
export async function setLanguage(lang) {
  if (!LANGUAGES.includes(lang)) throw new Error(`unknown language ${lang}`);
  const catalogue = await loadCatalogue(lang);
  code = lang;
  strings = catalogue;
  try {
    localStorage.setItem(STORE_KEY, lang);
  } catch { /* not remembered, still switched */ }
  document.documentElement.lang = lang;
}

// The text for key, with {placeholders} filled from params. A key missing
// from the catalogue shows as itself (the catalogue test keeps that from
// happening in a release).
export function t(key, params = {}) {
  const text = strings && Object.hasOwn(strings, key) ? strings[key] : key;
  return text.replace(/\{(\w+)\}/g, (all, name) => (name in params ? String(params[name]) : all));
}

// Whether words are available yet (before, the loader leaves its step line empty).
export function hasCatalogue() {
  return strings !== null;
}

document.documentElement.lang = code;
