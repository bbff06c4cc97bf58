// @ts-check
// The tables this device sits at, kept in localStorage under "turns:<table>"
// (the site's prefix before it, as every key of the site): the table's id and
// secret, this device's seats and their private key, the latest version of the
// game it holds (checked), whether that version still waits to be sent, and
// the time of its last event. Python's copy of the storage (web/page/mirror.py)
// has these keys too and ignores them; only this module writes them.

import { KEY_TURNS } from "../generated/shared.js";
import { prefix, read, store } from "../saves.js";

/**
 * @typedef {import("./log.js").Payload} Payload
 * @typedef {object} Held
 * @property {string} id         the table
 * @property {string} secret     the invite's secret
 * @property {number[]} seats    the seats this device plays
 * @property {string | null} key      their public key (keys.js), null before a seat is taken
 * @property {string | null} signing  their private key
 * @property {Payload | null} payload the latest version held, checked
 * @property {boolean} unsent    that version waits to be sent (made here, not stored by a relay yet)
 * @property {number} published  the created_at of this device's last event (seconds)
 * @property {number} [seen]     the latest created_at seen of the table's events
 */

/** @param {string} id */
export function loadTable(id) {
  const text = read(KEY_TURNS + id);
  if (!text) return null;
  try {
    const held = /** @type {Held} */ (JSON.parse(text));
    return held && held.id === id ? held : null;
  } catch {
    return null;
  }
}

/** @param {Held} held @returns {boolean} false when the device refused to keep it */
export function saveTable(held) {
  return store(KEY_TURNS + held.id, JSON.stringify(held));
}

/** Every table this device sits at. @returns {Held[]} */
export function allTables() {
  /** @type {Held[]} */
  const out = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (!key?.startsWith(prefix + KEY_TURNS)) continue;
      const held = loadTable(key.slice((prefix + KEY_TURNS).length));
      if (held) out.push(held);
    }
  } catch {
    // storage disabled: no table
  }
  return out;
}
