// @ts-check
// The page's side of the saves (web/page/session.py writes them, from Python):
// the prefix of this copy of the site, the last drawn view for the first paint
// before Python has started, and the word between tabs when a game moved on.
//
// Every key the page writes is "mykerinos:<site path>:<key>", so two copies of
// the site under two paths of one host never share a save, a seat or a
// language:
//
//   game:<id>, current, corrupt:<id>, view   the games (web/page/session.py)
//   lang                                     the language picked (web/front/js/i18n.js)
//   seat:<game>                              the visitor's seat in a linked game (links.js)
//   reloaded (sessionStorage)                this tab reloaded a stalled start (web/front/js/loader.js)
//
// The prefix is computed here and nowhere else: web/front/js/engine.js hands it
// to Python, with a copy of every key under it; web/front/js/i18n.js, the first module
// the page loads (through web/front/js/loader.js), imports it to read the language.

import {
  KEY_CURRENT as CURRENT_KEY,
  KEY_LEGACY,
  KEY_PAINT,
  KEY_SLOT as SLOT,
  KEY_VIEW as VIEW_KEY,
} from "./generated/shared.js";

/** @typedef {import("./generated/view.js").View} View */

// The last drawn view, as web/page/main.py keeps it (a view is about 15-40 KB).
// Anything longer is not a view this page wrote: it is not painted.
const VIEW_MAX = 1_000_000;

/**
 * The prefix of every key of this copy of the site: its directory.
 * @param {string} path  location.pathname
 */
export function prefixOf(path) {
  return `mykerinos:${path.slice(0, path.lastIndexOf("/") + 1)}:`;
}

export const prefix = prefixOf(location.pathname);

/** @param {string} key  a full key */
function get(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage disabled
  }
}

/**
 * The value of this site's key now, or null.
 * @param {string} key  without the prefix
 */
export function read(key) {
  return get(prefix + key);
}

/**
 * Python's copy of the saves (web/page/mirror.py): every key of this copy of
 * the site, the earlier releases' save, and whether the device refuses to
 * save (tried with a test write).
 */
export function everyKey() {
  /** @type {Record<string, string>} */
  const entries = {};
  let legacy = null;
  let refuses = false;
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      // The frame's markup (web/front/js/prepaint.js) is the page's alone: not copied to Python.
      if (key?.startsWith(prefix) && key !== prefix + KEY_PAINT) entries[key] = localStorage.getItem(key) ?? "";
    }
    legacy = localStorage.getItem(KEY_LEGACY);
  } catch {
    refuses = true; // storage disabled
  }
  try {
    localStorage.setItem(`${prefix}probe`, "1");
    localStorage.removeItem(`${prefix}probe`);
  } catch {
    refuses = true; // private browsing, full, or disabled
  }
  return { prefix, entries, legacy, refuses };
}

/**
 * Whether any key of this copy of the site starts so (play by turns: a table
 * this device sits at), without reading the values.
 * @param {string} start  without the prefix
 */
export function anyKey(start) {
  try {
    for (let i = 0; i < localStorage.length; i++) if (localStorage.key(i)?.startsWith(prefix + start)) return true;
  } catch {
    // storage disabled
  }
  return false;
}

/**
 * Make the writes a call of Python's made, in order: [full key, value],
 * where a value true is the answer's own text and null a removal. False when
 * the device refused one (the rest are not tried).
 * @param {[string, string | true | null][]} writes
 * @param {string} answer
 */
export function writeAll(writes, answer) {
  for (const [key, value] of writes) {
    if (!key.startsWith(prefix)) continue; // never outside this copy of the site
    try {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value === true ? answer : value);
    } catch {
      return false;
    }
  }
  return true;
}

/**
 * Write this site's key; false when the device refuses (full, disabled).
 * @param {string} key  without the prefix
 * @param {string} value
 */
export function store(key, value) {
  try {
    localStorage.setItem(prefix + key, value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Read this site's key. Earlier releases kept some settings under keys of
 * their own (legacy, a full key): when only that one is there, its value
 * moves to the new key, and the old key is removed once the copy reads back.
 * @param {string} key  without the prefix
 * @param {string} [legacy]
 * @returns {string | null}
 */
export function load(key, legacy) {
  const value = read(key);
  if (value !== null || !legacy) return value;
  const old = get(legacy);
  if (old === null) return null;
  if (store(key, old) && read(key) === old) {
    try {
      localStorage.removeItem(legacy);
    } catch {
      /* stays; read again next time */
    }
  }
  return old;
}

/** The record text of the game played last (for tests and measurements), or null. */
export function currentRecord() {
  const id = read(CURRENT_KEY);
  return id ? read(SLOT + id) : null;
}

/**
 * The view drawn last on this device, if it looks like one: painted before
 * Python has started. Anything odd (too long, not JSON, not a view) is null.
 * @returns {View | null}
 */
export function savedView() {
  const text = read(VIEW_KEY);
  if (!text || text.length > VIEW_MAX) return null;
  try {
    const view = JSON.parse(text);
    const ok =
      view &&
      typeof view === "object" &&
      Array.isArray(view.players) &&
      Array.isArray(view.museum) &&
      view.region &&
      typeof view.region === "object" &&
      Array.isArray(view.region.cells) &&
      view.new_game &&
      Array.isArray(view.new_game.players) &&
      Array.isArray(view.actions);
    return ok ? view : null;
  } catch {
    return null;
  }
}

/**
 * Tell other tabs of this site when this tab wrote a game, and hear when they
 * did: a BroadcastChannel, with the storage event as a fallback (both may
 * arrive; the answer, Python's sync(), changes nothing the second time).
 * @param {() => View | null} current  the view on screen
 * @param {(id: string) => void} moved  called when another tab wrote the game on screen (its id)
 */
export function watchTabs(current, moved) {
  /** @type {BroadcastChannel | null} */
  let channel = null;
  try {
    channel = new BroadcastChannel(prefix);
  } catch {
    channel = null; // old browser: the storage event alone
  }
  const mine = () => current()?.save?.id;
  if (channel) {
    channel.onmessage = (event) => {
      const data = event.data;
      if (data && typeof data === "object" && data.id === mine()) moved(data.id);
    };
  }
  addEventListener("storage", (event) => {
    const id = mine();
    if (id && event.key === `${prefix}${SLOT}${id}`) moved(id);
  });
  let said = "";
  return {
    /**
     * After each drawn view: say so if this tab wrote its game since.
     * @param {View} view
     */
    announce(view) {
      if (!view.save) return;
      const key = `${view.save.id}:${view.save.written}`;
      if (key === said) return;
      const first = said === "";
      said = key;
      if (!first && channel) channel.postMessage({ id: view.save.id, written: view.save.written });
    },
  };
}

/** For tests and measurements. */
/** @type {Window & typeof globalThis & {mykerinosSaves?: object}} */ (window).mykerinosSaves = {
  prefix,
  currentRecord,
};
