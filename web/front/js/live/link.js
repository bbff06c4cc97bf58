// @ts-check
// The live room's link to the other devices (room.js holds the room itself):
// joining its transport (transport.js) and wiring what it brings to the room,
// the room's beats (clock.js), and coming back. A newcomer waits a while for
// the room's device, then says it is not there; a guest with a seat in the
// room keeps looking for it while it is away; a guest whose connection
// dropped (a phone asleep) joins again when the page is shown, by reloading,
// as the room's device whose guests are gone after a sleep opens its room
// again.

import { t } from "../i18n.js";
import { callLive } from "./calls.js";
import { KEY_HOSTING, KEY_LIVE } from "../generated/shared.js";
import { $ } from "../dom.js";
import { load } from "../saves.js";
import { beat } from "./clock.js";
import { inviteOf } from "./invite.js";
import { verifier } from "./keys.js";
import { apply, current, end, failed, hidden, inOrder, now, receive, send, start } from "./room.js";

/** @typedef {import("../store.js").Page} Page */
/** @typedef {import("./room.js").Live} Live */
/** @typedef {import("./room.js").React} React */
/** @typedef {import("./transport.js").Link} Link */

// How long a guest waits for the room's device once the relays answered before
// it joins again (a connection attempt that went nowhere is not tried again
// by the library for a minute), and how many times it does before giving up.
const HOST_WAIT_MS = 5_000;
const REJOINS = 2;
// A guest with a seat in the room waits for its device, when away, this long
// before it joins the room's transport again, twice as long each time after,
// up to RELINK_MAX_MS (relink()).
const RELINK_MS = 4_000;
const RELINK_MAX_MS = 32_000;

// No beat for this long: the page was frozen or suspended (its worker too).
const SLEPT_MS = 5_000;

/**
 * Whether the room's beats stopped for a while: the page was frozen or asleep.
 * @param {Live} mine
 */
function slept(mine) {
  return performance.now() - (mine.beaten ?? 0) > SLEPT_MS;
}

/**
 * An invite's room joined while Python still starts (joinEarly()).
 * @type {{room: string, password: string, key: string | null, link: Promise<Link>} | null}
 */
let early = null;

/**
 * An invite's room joined before Python has started (prepare()): what
 * arrives waits in the transport until connect() hands it to Python.
 * @param {{room: string, password: string, key: string | null}} invite
 */
export function joinEarly(invite) {
  if (early) return;
  const link = import("./transport.js").then(({ join }) => join(invite.room, invite.password));
  link.catch(() => {}); // said when live play starts
  early = { ...invite, link };
}

/**
 * An invite opened ("#live=<room>.<password>" in the address): join its room.
 * @param {Page} page
 * @param {React} react
 * @returns {Promise<void>}
 */
export async function join(page, react) {
  const invite = inviteOf(location.hash);
  if (!invite) return;
  const { room, password, key } = invite;
  const remembered = load(`${KEY_LIVE}${room}`);
  const joined = await start(page, () => callLive("liveJoin", room, password, key ?? "", remembered, now()), react);
  if (!joined) return;
  if (!key) {
    // An invite made before rooms had keys: its room's words cannot be checked.
    failed(page, await callLive("liveFailure", "old-invite"));
    return;
  }
  if (!joined.heard) {
    page.notice(t("live.connecting"), "info");
    const box = $("#notice");
    if (box) box.dataset.what = "live-connecting";
  }
  connect(joined);
}

/**
 * Join the room through the transport and wire it to Python.
 * @param {Live} mine
 */
export async function connect(mine) {
  let link;
  const joined = early && early.room === mine.room && early.password === mine.password ? early.link : null;
  early = null;
  try {
    const { join } = await import("./transport.js");
    link = await (joined ?? join(mine.room, mine.password));
  } catch (error) {
    if (current() !== mine) return;
    if (mine.waiting) {
      // Joining again for the room's device (relink()): tried again later.
      console.warn("Mykerinos: could not join the room again", error);
      window.setTimeout(() => relink(mine), mine.waiting.wait);
      return;
    }
    const code = /** @type {{code?: string}} */ (error).code ?? "unavailable";
    console.warn("Mykerinos: live play could not start", error);
    callLive("liveFailure", code).then((text) => failed(mine.page, text));
    return;
  }
  if (current() !== mine) {
    link.leave();
    return;
  }
  mine.link = link;
  if (mine.info?.role === "guest") {
    mine.check = verifier(mine.key);
    mine.check.catch(async (error) => {
      console.warn("Mykerinos: this browser cannot check the room's key", error);
      if (current() === mine) failed(mine.page, await callLive("liveFailure", "key-unsupported"));
    });
  }
  link.onMessage = (text, peer) => receive(mine, text, peer);
  link.onPeerJoin = (peer) => inOrder(mine, async () => apply(await callLive("livePeer", peer, true, now())));
  link.onPeerLeave = (peer) => inOrder(mine, async () => apply(await callLive("livePeer", peer, false, now())));
  for (const { to, text } of mine.queue.splice(0)) send(to, text);
  mine.beaten = performance.now();
  mine.stop = beat(() => {
    if (current() !== mine) return;
    mine.beaten = performance.now();
    callLive("liveTick", now(), hidden()).then((answer) => {
      apply(answer);
      if (current() === mine) lookForHost(mine);
    });
  });
  if (mine.info?.role === "guest") {
    window.setTimeout(() => {
      // A guest with a seat here waits for the room's device (lookForHost()).
      if (current() !== mine || mine.heard || mine.info?.remember) return;
      if (mine.tries < REJOINS) rejoin(mine, mine.tries + 1);
      else callLive("liveFailure", "no-peer").then((text) => failed(mine.page, text));
    }, HOST_WAIT_MS);
  }
}

/**
 * A guest with a place in the room (it had the game, or kept a seat from
 * before) whose room's device is away, or not heard since it joined: it joins
 * the room's transport again once it has waited RELINK_MS, then twice as long
 * each time, up to RELINK_MAX_MS. The library looks for devices often only in
 * the few seconds after joining or losing one, then once a minute: a room's
 * device back from a reload whose first connection to this one failed (a busy
 * phone starting the game) would otherwise be met only a minute later.
 * Everything but the transport stays as it is (the game, the seat, the
 * offers to carry on): the room's device's welcome is answered with the seat's
 * return, as after a reload.
 * @param {Live} mine
 */
function lookForHost(mine) {
  const info = mine.info;
  const away = info?.role === "guest" && !info.moved && (mine.heard ? info.host_away : info.remember !== null);
  if (!away) {
    mine.waiting = null;
    return;
  }
  const at = performance.now();
  mine.waiting ??= { since: at, wait: RELINK_MS };
  if (at - mine.waiting.since < mine.waiting.wait) return;
  mine.waiting = { since: at, wait: Math.min(mine.waiting.wait * 2, RELINK_MAX_MS) };
  relink(mine);
}

/**
 * Leave the room's transport and join it again, keeping the rest (lookForHost()).
 * @param {Live} mine
 */
async function relink(mine) {
  if (current() !== mine || mine.ended) return;
  await unlink(mine);
  if (current() === mine && !mine.link) connect(mine);
}

/**
 * Take the room's link down and stop the beats (drop(), relink()).
 * @param {Live} mine
 * @returns {Promise<void>} the transport left
 */
function unlink(mine) {
  const link = mine.link;
  mine.link = null;
  mine.stop();
  mine.stop = () => {};
  return link ? link.leave().catch(() => {}) : Promise.resolve();
}

/**
 * The connection is lost (a phone asleep, a network gone): the room is left
 * without a word and the beats stop, until the page is shown again
 * (visibilitychange) and joins again. The benches and tests call it too.
 */
export function drop() {
  const mine = current();
  if (!mine?.link) return;
  mine.lost = true;
  unlink(mine);
}

/** The transport's link to the room now (for the benches and tests), or null. */
export function connection() {
  return current()?.link ?? null;
}

/**
 * Join the room again (a guest whose room's device went quiet): Python asks
 * for the seat back with its secret when the room's device welcomes it.
 * @param {Live} mine
 * @param {number} [tries]  how many times in a row it joined again unheard
 */
export function rejoin(mine = /** @type {Live} */ (current()), tries = 0) {
  if (!mine) return;
  const { page, room, password, key, react } = mine;
  const remembered = load(`${KEY_LIVE}${room}`);
  end();
  start(page, () => callLive("liveJoin", room, password, key, remembered, now()), react).then((joined) => {
    if (!joined) return;
    joined.tries = tries;
    connect(joined);
  });
}

// A phone that slept, a tab shown again: a device whose link dropped joins again.
document.addEventListener("visibilitychange", () => {
  hostSeen();
  guestSeen();
});

// A page frozen in the background (Chromium) and running again.
document.addEventListener("resume", () => hostSeen());

/**
 * A guest shown again. Its link lost, or after a sleep with no device
 * connected (the links went meanwhile), it joins the room again by reloading,
 * as the room's device does (hostSeen()): a page joining again keeps the
 * transport's id, which the room's device had seen leave, and the library
 * keeps a connection to a device for two minutes after it left a room, ready
 * for it to come back; a guest joining again that way once did not hear the
 * room's device within 30 s, where a reload's new id, every time, is met
 * as a newcomer. Otherwise, its room's device not heard or said away, it joins
 * again from this page.
 */
function guestSeen() {
  const mine = current();
  if (document.visibilityState !== "visible" || !mine || mine.ended || mine.info?.role !== "guest") return;
  const link = mine.link;
  if (mine.lost || (slept(mine) && link && link.peers().length === 0)) location.reload();
  else if (!link || !mine.heard || mine.info.host_away) rejoin(mine);
}

/**
 * The room's device went to the background, came back, or woke from frozen:
 * it beats at once, so that the others know (in the background, they wait
 * longer for it before offering to carry on without it). Shown again with its
 * link lost, or after a sleep with guests' seats held and no device connected
 * (the links went meanwhile), it opens its room again for them to come back
 * to, by reloading: a room opened again from the same page keeps the
 * transport's id of this page, which the others did not reliably connect to
 * again, while a reload's new id they do (a host's reload: reopenLive()).
 */
async function hostSeen() {
  const mine = current();
  if (!mine || mine.ended || mine.info?.role !== "host") return;
  const link = mine.link;
  if (link) {
    mine.beaten = performance.now();
    apply(await callLive("liveTick", now(), hidden()));
  }
  if (hidden() || current() !== mine || !load(KEY_HOSTING)) return;
  const held = mine.info?.seats.some((seat) => seat.status === "taken" || seat.status === "away");
  if (mine.lost || (slept(mine) && link && held && link.peers().length === 0)) location.reload();
}
