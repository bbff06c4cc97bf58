// @ts-check
// The table's signed log: who took each seat and who made each decision, each
// entry signed, each signature chained to the one before it.
//
//   ["open", deal, seats, key]        the table opened: the deal (names left
//                                     out), who plays each seat; signed by key
//   ["take", seat, name, key]         a person's seat taken, signed by its new key
//   ["move", index, seat, by, text]   decision `index`, the seat that had to make
//                                     it and the decision (Python's text), signed
//                                     by the key of seat `by`: the seat itself, or
//                                     for a computer's seat any seated person
//
// Entry k's signature is over JSON [VERSION, table, k, previous signature, entry],
// so a log cannot be cut, reordered or moved to another table unnoticed. A move
// is kept as its signature and `by` alone ({s, b}): the rest of its entry is
// the game's, read again by the rules on every device, so the log grows by
// about a hundred bytes a decision. The
// rules are Python's: `read` is its answer for the game (web/page/turns.py:
// the deal, the seats, the names, each decision with the seat that had to make
// it, the engine having replayed every one); this module checks the log says
// the same and that every signature is good (keys.js: Ed25519 or P-256).

import { signer, verifier } from "../live/keys.js";
import { PERSON } from "../generated/shared.js";
import { b64, unb64 } from "./secret.js";

export const VERSION = "mykerinos-turns/1";
const SIGNED = "s:";

/**
 * @typedef {["open", string, string[], string] | ["take", number, string, string] | ["move", number, number, number, string]} Entry
 * @typedef {{e?: Entry, s: string, b?: number}} Signed  an opening or a take with its entry; a move with its signer's seat
 * @typedef {{v: number, table: string, game: string, log: Signed[]}} Payload
 * @typedef {import("../generated/bridge.js").TurnsGame} Read
 */

/**
 * @param {string} table
 * @param {number} k
 * @param {string} previous
 * @param {Entry} entry
 */
function message(table, k, previous, entry) {
  return JSON.stringify([VERSION, table, k, previous, entry]);
}

/**
 * A new seat's key pair, as keys.js writes keys ("p" and base64url). Always
 * ECDSA P-256, which every browser with WebCrypto checks: every device of a
 * table must check every seat's signatures for as long as the game lasts, and
 * Ed25519 is missing from some browsers still in use.
 * @returns {Promise<{key: string, signing: string}>}
 */
export async function seatKey() {
  const pair = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
  const raw = await crypto.subtle.exportKey("raw", pair.publicKey);
  const pkcs8 = await crypto.subtle.exportKey("pkcs8", pair.privateKey);
  return { key: `p${b64(raw)}`, signing: `p${b64(pkcs8)}` };
}

/**
 * The public half of a seat's private key (its seat link's), as the log writes it.
 * @param {string} signing  "p" and PKCS #8 in base64url
 */
export async function publicOf(signing) {
  if (!/^p[\w-]{40,400}$/.test(signing)) throw new Error("not a seat's key");
  const algorithm = { name: "ECDSA", namedCurve: "P-256" };
  const key = await crypto.subtle.importKey("pkcs8", unb64(signing.slice(1)), algorithm, true, ["sign"]);
  const jwk = await crypto.subtle.exportKey("jwk", key);
  const raw = new Uint8Array(65);
  raw[0] = 4;
  raw.set(unb64(jwk.x ?? ""), 1);
  raw.set(unb64(jwk.y ?? ""), 33);
  return `p${b64(raw)}`;
}

/** Whether a log's entry is a move. @param {Signed} signed */
export const isMove = (signed) => signed.b !== undefined;

/**
 * An entry signed with a seat's private key, chained after `log`.
 * @param {string} table
 * @param {Signed[]} log
 * @param {Entry} entry
 * @param {string} signing  keys.js's private half
 * @returns {Promise<Signed>}
 */
export async function signEntry(table, log, entry, signing) {
  const previous = log.length ? log[log.length - 1].s : "";
  const signed = await (await signer(signing))(message(table, log.length, previous, entry));
  const sig = signed.slice(SIGNED.length, signed.indexOf(":", SIGNED.length));
  return entry[0] === "move" ? { s: sig, b: entry[3] } : { e: entry, s: sig };
}

/** Why a version is refused (docs/TURNS.md): each is worded on screen. */
export class Refused extends Error {
  /** @param {"tampered" | "wrong-seat" | "other-table" | "bad-game"} code @param {string} detail */
  constructor(code, detail) {
    super(`${code}: ${detail}`);
    this.code = code;
  }
}

/** @type {Map<string, Promise<(text: string) => Promise<{text: string, signed: boolean}>>>} */
const verifiers = new Map();

/** @param {string} key @param {string} text @param {string} sig */
async function good(key, text, sig) {
  let made = verifiers.get(key);
  if (!made) {
    made = verifier(key);
    verifiers.set(key, made);
  }
  try {
    return (await (await made)(`${SIGNED}${sig}:${text}`)).signed;
  } catch {
    return false;
  }
}

/**
 * The seats' keys and names as the log took them; throws Refused when the
 * log is not a good one for `read` (the rules' reading of its game).
 * @param {Payload} payload
 * @param {string} table  the table this device holds
 * @param {Read} read
 * @returns {Promise<{keys: (string | null)[], names: (string | null)[]}>}
 */
export async function checkLog(payload, table, read) {
  if (payload.table !== table) throw new Refused("other-table", payload.table);
  if (!read.ok || !read.seats || !read.decisions || !read.players) throw new Refused("bad-game", read.error ?? "");
  const log = payload.log;
  if (!Array.isArray(log) || !log.length) throw new Refused("tampered", "no log");
  const seats = read.seats;
  /** @type {(string | null)[]} */
  const keys = seats.map(() => null);
  /** @type {(string | null)[]} */
  const names = seats.map(() => null);
  let moves = 0;
  for (let k = 0; k < log.length; k++) {
    const { s, b } = log[k] ?? {};
    const made = read.decisions[moves];
    /** @type {Entry | undefined} */
    const e = b === undefined ? log[k]?.e : made ? ["move", moves, Number(made[0]), b, String(made[1])] : undefined;
    if (!Array.isArray(e) || typeof s !== "string" || (b === undefined && e[0] === "move"))
      throw new Refused("tampered", `entry ${k}`);
    const text = message(table, k, k ? log[k - 1].s : "", e);
    const [kind] = e;
    let key = null;
    if (kind === "open" && k === 0) {
      const [, deal, kinds, opener] = e;
      if (deal !== read.deal || JSON.stringify(kinds) !== JSON.stringify(seats)) throw new Refused("tampered", "deal");
      key = opener;
    } else if (kind === "take" && k > 0) {
      const [, seat, name, taker] = e;
      if (seats[seat] !== PERSON || keys[seat] !== null) throw new Refused("wrong-seat", `take ${seat}`);
      keys[seat] = key = taker;
      names[seat] = name;
    } else if (kind === "move" && k > 0) {
      const [, index, seat, by, decision] = e;
      const made = read.decisions[moves];
      if (index !== moves || !made || made[0] !== seat || made[1] !== decision)
        throw new Refused("tampered", `move ${moves}`);
      const person = seats[seat] === PERSON;
      if ((person && by !== seat) || !Number.isInteger(by) || !keys[by])
        throw new Refused("wrong-seat", `move ${moves}`);
      key = keys[by];
      moves++;
    } else throw new Refused("tampered", `entry ${k}`);
    if (typeof key !== "string" || !(await good(key, text, s))) {
      // Signed by another seat's key: the wrong seat; by no key of the table's: changed on the way.
      for (const other of keys)
        if (other && other !== key && (await good(other, text, s))) throw new Refused("wrong-seat", `${k}`);
      throw new Refused("tampered", `signature ${k}`);
    }
  }
  if (moves !== read.decisions.length) throw new Refused("tampered", "decisions not signed");
  names.forEach((name, seat) => {
    if (name !== null && read.players?.[seat] !== name) throw new Refused("tampered", `name ${seat}`);
  });
  return { keys, names };
}

/**
 * How a checked version stands to the one held: "same", "extends" (the held
 * log is its beginning), "shorter" (it is the held one's beginning), or, when
 * the two part ways, "wins" or "loses" by the rule every device applies: the
 * one with more decisions (a seat taken meanwhile is taken again on top of it,
 * a decision set aside would be lost), then the longer log, then the smaller
 * signature where they first differ.
 * @param {Signed[]} held
 * @param {Signed[]} other
 */
export function compare(held, other) {
  const shared = Math.min(held.length, other.length);
  let k = 0;
  while (k < shared && held[k].s === other[k].s) k++;
  if (k === shared) {
    if (held.length === other.length) return "same";
    return other.length > held.length ? "extends" : "shorter";
  }
  const [decisionsHeld, decisionsOther] = [held, other].map((log) => log.filter(isMove).length);
  if (decisionsOther !== decisionsHeld) return decisionsOther > decisionsHeld ? "wins" : "loses";
  if (other.length !== held.length) return other.length > held.length ? "wins" : "loses";
  return other[k].s < held[k].s ? "wins" : "loses";
}
