// @ts-check
// The table's game as a Nostr event (NIP-01): one replaceable event per table
// (kind TURNS_KIND, of the 30000-39999 range; a relay keeps only the latest per
// kind, author and `d` tag), signed (BIP-340 Schnorr over secp256k1) with the
// key every device of the table derives from its secret (secret.js). The
// library is @noble/secp256k1, which the build ships for live play
// (dist/live/trystero/secp256k1/index.js): loaded the first time it is needed.

import { hex } from "./secret.js";

/** The project's own kind: not 30078 (app data), which some relays serve its author only. */
export const TURNS_KIND = 31727;
/** The library as built (tools/build.py). */
const LIBRARY = new URL("../../../../live/trystero/secp256k1/index.js", import.meta.url).href;

/**
 * @typedef {object} NostrEvent
 * @property {string} id
 * @property {string} pubkey
 * @property {number} created_at
 * @property {number} kind
 * @property {string[][]} tags
 * @property {string} content
 * @property {string} sig
 */

/** @typedef {{schnorr: {getPublicKey: (k: Uint8Array) => Uint8Array, signAsync: (m: Uint8Array, k: Uint8Array) => Promise<Uint8Array>, verifyAsync: (s: Uint8Array, m: Uint8Array, p: Uint8Array) => Promise<boolean>}}} Secp */

/** @type {Promise<Secp> | null} */
let loading = null;
/** Where the library is (the Node tests point it at node_modules). */
let libraryUrl = LIBRARY;

/** @param {string} url */
export function useLibrary(url) {
  libraryUrl = url;
  loading = null;
}

/** @returns {Promise<Secp>} */
function secp() {
  if (!loading) {
    loading = import(libraryUrl);
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

/** @param {string} text */
function unhex(text) {
  return Uint8Array.from(text.match(/../g) ?? [], (b) => Number.parseInt(b, 16));
}

/** @param {Omit<NostrEvent, "id" | "sig">} event */
async function idOf(event) {
  const text = JSON.stringify([0, event.pubkey, event.created_at, event.kind, event.tags, event.content]);
  return hex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

/** The table's author (x-only public key, hex). @param {Uint8Array} key */
export async function authorOf(key) {
  return hex((await secp()).schnorr.getPublicKey(key));
}

/**
 * The table's event for a sealed game.
 * @param {Uint8Array} key   the table's Nostr private key
 * @param {string} tag       its `d` tag
 * @param {string} content   the sealed game (secret.js's seal)
 * @param {number} createdAt seconds
 * @returns {Promise<NostrEvent>}
 */
export async function makeEvent(key, tag, content, createdAt) {
  const lib = await secp();
  const pubkey = hex(lib.schnorr.getPublicKey(key));
  const body = { pubkey, created_at: createdAt, kind: TURNS_KIND, tags: [["d", tag]], content };
  const id = await idOf(body);
  const sig = hex(await lib.schnorr.signAsync(unhex(id), key));
  return { id, ...body, sig };
}

/**
 * Whether an event is the table's: its kind, author and tag, its id the hash
 * of what it says, its signature good.
 * @param {unknown} event
 * @param {string} author
 * @param {string} tag
 * @returns {Promise<boolean>}
 */
export async function isTables(event, author, tag) {
  if (!event || typeof event !== "object") return false;
  const e = /** @type {NostrEvent} */ (event);
  if (e.kind !== TURNS_KIND || e.pubkey !== author || typeof e.content !== "string") return false;
  if (!Array.isArray(e.tags) || !e.tags.some((t) => Array.isArray(t) && t[0] === "d" && t[1] === tag)) return false;
  if (!Number.isInteger(e.created_at) || typeof e.sig !== "string" || typeof e.id !== "string") return false;
  const { id, sig, ...body } = e;
  if ((await idOf(body)) !== id) return false;
  try {
    return await (await secp()).schnorr.verifyAsync(unhex(sig), unhex(id), unhex(author));
  } catch {
    return false;
  }
}
