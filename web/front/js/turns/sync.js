// @ts-check
// One table kept in step: a version that comes (from a relay, a link or this
// device's own play) is read by the rules (Python's turnsRead), its log checked
// (log.js) and compared with the version held; what extends it is taken, what
// is shorter, forked and losing, tampered, for another table or signed by the
// wrong seat is refused with nothing lost. The version held is sealed and
// published to every relay of live play's configuration, as the table's one
// replaceable event; a version no relay stored yet stays marked unsent and is
// published again when the device is back online.

import { call } from "../generated/bridge.js";
import { PERSON } from "../generated/shared.js";
import { checkLog, compare, isMove, Refused, signEntry } from "./log.js";
import { authorOf, isTables, makeEvent, TURNS_KIND } from "./nostr.js";
import { publish, query } from "./relays.js";
import { seal, tableKeys, unseal } from "./secret.js";
import { saveTable } from "./tables.js";

/**
 * @typedef {import("./tables.js").Held} Held
 * @typedef {import("./log.js").Payload} Payload
 * @typedef {import("./log.js").Entry} Entry
 * @typedef {import("./nostr.js").NostrEvent} NostrEvent
 * @typedef {"same" | "taken" | "won" | "older" | "lost" | "set-aside" | "tampered" | "wrong-seat" | "other-table" | "bad-game"} Outcome
 *   taken: it extends the version held; won: a fork that wins over it (adopted);
 *   older: shorter than the version held; lost: a fork that loses (kept out);
 *   set-aside: a losing fork this device held itself and already gave up for
 *   the winner (its own version, come back from a relay): kept out, nothing said
 */

/**
 * The last signatures of the versions each table's winners replaced on this
 * device, by table id: a relay may send such a version back after the winner
 * was taken, and it is not another device's news.
 * @type {Map<string, Set<string>>}
 */
const setAside = new Map();

/** The last entry's signature of a log, or "". @param {import("./log.js").Signed[]} log */
function lastSignature(log) {
  return log.length ? String(log[log.length - 1].s) : "";
}

/** @type {Map<string, Promise<import("./secret.js").TableKeys & {author: string}>>} */
const keysOf = new Map();

/** The table's keys, derived once. @param {Held} held */
export function keys(held) {
  let got = keysOf.get(held.secret);
  if (!got) {
    got = tableKeys(held.secret).then(async (k) => ({ ...k, author: await authorOf(k.nostr) }));
    got.catch(() => keysOf.delete(held.secret));
    keysOf.set(held.secret, got);
  }
  return got;
}

/** The filter that asks a relay for a table's event. @param {string} author @param {string} tag */
export function filterOf(author, tag) {
  return { kinds: [TURNS_KIND], authors: [author], "#d": [tag] };
}

/** The rules' reading of a game. @param {string} code @returns {Promise<import("../generated/bridge.js").TurnsGame>} */
export function readGame(code) {
  return call("turnsRead", code);
}

/**
 * A version that came, weighed against the one held; the one held is
 * replaced (and kept on the device) only when the other is taken or won.
 * @param {Held} held
 * @param {unknown} payload
 * @returns {Promise<Outcome>}
 */
export async function consider(held, payload) {
  const p = /** @type {Payload} */ (payload);
  if (!p || typeof p !== "object" || typeof p.game !== "string") return "tampered";
  let checked;
  try {
    checked = await checkLog(p, held.id, await readGame(p.game));
  } catch (error) {
    if (error instanceof Refused) return error.code;
    throw error;
  }
  const how = held.payload ? compare(held.payload.log, p.log) : "extends";
  if (how === "same") return "same";
  if (how === "shorter") return "older";
  if (how === "loses") return setAside.get(held.id)?.has(lastSignature(p.log)) ? "set-aside" : "lost";
  if (how === "wins" && held.payload) {
    const mine = setAside.get(held.id) ?? new Set();
    mine.add(lastSignature(held.payload.log));
    setAside.set(held.id, mine);
  }
  held.payload = p;
  held.unsent = false;
  // A fork that won may have given this device's seat to another key.
  held.seats = held.seats.filter((seat) => checked.keys[seat] === held.key);
  saveTable(held);
  return how === "wins" ? "won" : "taken";
}

/**
 * The version in an event that a relay sent, if it is the table's; "tampered"
 * for anything else that claims to be.
 * @param {Held} held
 * @param {unknown} event
 * @returns {Promise<Outcome>}
 */
export async function fromEvent(held, event) {
  const k = await keys(held);
  if (!(await isTables(event, k.author, k.tag))) return "tampered";
  const e = /** @type {NostrEvent} */ (event);
  held.seen = Math.max(held.seen ?? 0, e.created_at);
  let payload;
  try {
    payload = JSON.parse(await unseal(k.aes, e.content));
  } catch {
    return "tampered";
  }
  return consider(held, payload);
}

/**
 * Every relay's latest for these tables, each weighed (in order of time).
 * @param {Held[]} tables
 * @param {string[]} relays
 * @param {number} [ms]
 * @returns {Promise<Map<string, Outcome[]>>}
 */
export async function fetchTables(tables, relays, ms) {
  const all = await Promise.all(tables.map(async (held) => ({ held, k: await keys(held) })));
  const events = await query(
    relays,
    all.map(({ k }) => filterOf(k.author, k.tag)),
    ms,
  );
  events.sort((a, b) => a.created_at - b.created_at);
  /** @type {Map<string, Outcome[]>} */
  const outcomes = new Map(tables.map((held) => [held.id, []]));
  for (const event of events) {
    const mine = all.find(({ k }) => event && event.pubkey === k.author && event.tags?.some?.((t) => t[1] === k.tag));
    if (mine) outcomes.get(mine.held.id)?.push(await fromEvent(mine.held, event));
  }
  return outcomes;
}

/**
 * Send the version held to every relay. Answers how many stored it; with none,
 * the version stays marked unsent.
 * @param {Held} held
 * @param {string[]} relays
 */
export async function send(held, relays) {
  if (!held.payload) return { stored: 0, failed: [] };
  const k = await keys(held);
  const content = await seal(k.aes, JSON.stringify(held.payload));
  const created = Math.max(Math.floor(Date.now() / 1000), held.published + 1, (held.seen ?? 0) + 1);
  const event = await makeEvent(k.nostr, k.tag, content, created);
  const answer = await publish(relays, event);
  if (answer.stored > 0) {
    held.unsent = false;
    held.published = created;
    held.seen = Math.max(held.seen ?? 0, created);
    saveTable(held);
  }
  return { ...answer, bytes: JSON.stringify(["EVENT", event]).length };
}

/**
 * The game on screen, once it moved on here: its new decisions signed (each
 * by this device's seat whose turn it was, or for a computer's seat by this
 * device's first seat) and the version held replaced, marked unsent. False
 * when the game on screen is not a later version of the one held.
 * @param {Held} held
 * @param {string} code  the game on screen as a link's text
 */
export async function signNew(held, code) {
  if (!held.payload || !held.signing || held.payload.game === code) return false;
  const read = await readGame(code);
  if (!read.ok || !read.decisions || !read.seats) return false;
  const log = [...held.payload.log];
  const done = log.filter(isMove).length;
  if (read.decisions.length <= done) return false;
  for (let index = done; index < read.decisions.length; index++) {
    const [seat, text] = /** @type {[number, string]} */ (read.decisions[index]);
    const person = read.seats[seat] === PERSON;
    if (person && !held.seats.includes(seat)) return false; // not this device's to sign
    const by = person ? seat : held.seats[0];
    if (by === undefined) return false;
    /** @type {Entry} */
    const entry = ["move", index, seat, by, text];
    log.push(await signEntry(held.id, log, entry, held.signing));
  }
  held.payload = { ...held.payload, game: code, log };
  held.unsent = true;
  saveTable(held);
  return true;
}
