// @ts-check
// The live room on this page (one at a time): its record, its connection to
// the other devices through the transport (transport.js) and its beats.
// What the transport brings (a message, a device joining or leaving) goes to
// Python's live calls (calls.js, web/page/live/calls.py), and what Python
// answers to send goes back out; every second a tick beats (clock.js),
// telling the others when the page is in the background. A click or a
// computer's move may give something to send too: the room registers with
// the page's hooks.shown and asks Python after each view. What an answer
// means on screen beyond the board (the seats, the picker, the offers) is the
// record's `react` (live.js). A guest keeps its seat's secret in storage
// ("live:<room>"), so that a reload, or the page shown again, takes the seat back.
// The room's device signs everything it sends with the room's key (keys.js);
// every other device checks each message against the invite's key and tells
// Python whether it was signed. What the transport brings is handed to
// Python in the order it came (a check takes a moment), and what a device
// sends goes out in the order Python answered it.

import { t } from "../i18n.js";
import { callLive } from "./calls.js";
import { KEY_HOSTING, KEY_LIVE, LIVE_MARK } from "../generated/shared.js";
import { $, h } from "../dom.js";
import { pumpBots } from "../bots.js";
import { load, store } from "../saves.js";
import { shareGame } from "../links.js";
import { beat } from "./clock.js";
import { inviteOf } from "./invite.js";
import { signer, verifier } from "./keys.js";
import { loadLivePlay } from "./parts.js";

/** @typedef {import("../store.js").Page} Page */
/** @typedef {import("../generated/view.js").View} View */
/** @typedef {import("./calls.js").LiveAnswer} LiveAnswer */
/** @typedef {import("./calls.js").LiveInfo} LiveInfo */
/** @typedef {import("./transport.js").Link} Link */
/** What the room's news does on screen beyond the board (live.js). @typedef {(page: Page, info: LiveInfo) => void} React */

// How long a guest waits for the room's device once the relays answered before
// it joins again (a connection attempt that went nowhere is not tried again
// by the library for a minute), and how many times it does before giving up.
const HOST_WAIT_MS = 5_000;
const REJOINS = 2;
// How long a device that carries the game on keeps the room it leaves, for its
// word of where the game goes on to reach the others.
const SETTLE_MS = 1_000;
// No beat for this long: the page was frozen or suspended (its worker too).
const SLEPT_MS = 5_000;

/**
 * The live game on this page (one at a time).
 * @typedef {object} Live
 * @property {Page} page
 * @property {string} room
 * @property {string} password
 * @property {string} key  the room's key, its public half (the invite's)
 * @property {Promise<(text: string) => Promise<string>> | null} sign  the room's device: signs what it sends
 * @property {Promise<(text: string) => Promise<{text: string, signed: boolean}>> | null} check  a guest: reads what comes, checked against the room's key
 * @property {Promise<void>} inbox  what the transport brought, handed to Python in order
 * @property {Promise<void>} outbox  what Python gave to send, sent in order
 * @property {Link | null} link
 * @property {{to: string | null, text: string}[]} queue   what waits for the link
 * @property {LiveInfo | null} info
 * @property {React} react  what the room's news does on screen
 * @property {() => void} stop  stops its beat
 * @property {boolean} [lost]  its link was dropped (drop())
 * @property {number} [beaten]  when it last beat (performance.now())
 * @property {boolean} ended
 * @property {boolean} heard  a guest heard from the room's device
 * @property {number} tries  a guest: how many times it joined again without hearing from it
 */

/** @type {Live | null} */
let live = null;
/**
 * An invite's room joined while Python still starts (joinEarly()).
 * @type {{room: string, password: string, key: string | null, link: Promise<Link>} | null}
 */
let early = null;
/** The view of an answer being drawn (apply()): for it, this device has nothing to send. @type {View | null} */
let answerShown = null;

export const now = () => performance.now() / 1000;
const hidden = () => document.visibilityState === "hidden";

/** The live game on this page, or null. */
export function current() {
  return live;
}

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
 * After the page showed a view (its hooks.shown): what a click or a
 * computer's move gave to send goes to the room.
 * @param {View} view
 */
function afterShow(view) {
  if (!live || live.ended) return;
  if (view !== answerShown) apply(callLive("liveFlush", now()), false);
  // A page in the background draws nothing (no animation frames), and the
  // computers play after a draw: the room's device plays them here, so a
  // guest's decision does not wait for its page to be shown again.
  if (hidden()) pumpBots(live.page);
}

/**
 * What a live call answered: send its messages, draw its view and the room.
 * @param {LiveAnswer} answer
 * @param {boolean} [draw]
 */
export function apply(answer, draw = true) {
  if (!live) return;
  const mine = live;
  for (const out of answer.send) send(out.to, out.text);
  if (draw) {
    answerShown = answer.view;
    try {
      mine.page.show(answer.view);
    } finally {
      answerShown = null;
    }
  }
  const info = answer.live;
  if (!info) return;
  mine.info = info;
  if (info.role === "host") store(KEY_HOSTING, info.remember ?? "");
  else if (info.remember) store(`${KEY_LIVE}${info.room}`, info.remember);
  if (info.role === "guest" && info.seats.length) {
    mine.heard = true;
    if ($("#notice")?.dataset.what === "live-connecting") hideNotice();
  }
  mine.react(mine.page, info);
}

/**
 * @param {string | null} to
 * @param {string} text
 */
function send(to, text) {
  if (!live) return;
  const mine = live;
  const link = mine.link;
  if (!link) {
    mine.queue.push({ to, text });
    return;
  }
  mine.outbox = mine.outbox
    .then(async () => {
      // A device gone meanwhile (the room's device reloading, say): nothing to send it.
      if (to !== null && !link.peers().includes(to)) return;
      const signed = mine.sign ? await (await mine.sign)(text) : text;
      await link.send(to, signed);
    })
    .catch((error) => console.warn("Mykerinos: live message not sent", error));
}

/**
 * What the transport brought, handed to Python after what came before it.
 * @param {Live} mine
 * @param {() => Promise<void> | void} task
 */
function inOrder(mine, task) {
  mine.inbox = mine.inbox
    .then(async () => {
      if (live === mine) await task();
    })
    .catch((error) => console.warn("Mykerinos: a live message was not read", error));
}

/**
 * A message: checked against the room's key on a guest, then handed to Python.
 * @param {Live} mine
 * @param {string} text
 * @param {string} peer
 */
function receive(mine, text, peer) {
  inOrder(mine, async () => {
    const read = mine.check ? await (await mine.check)(text) : { text, signed: false };
    if (live === mine) apply(callLive("liveReceive", read.text, peer, now(), read.signed));
  });
}

export function hideNotice() {
  const box = $("#notice");
  if (box) box.hidden = true;
}

/**
 * What a room this device has just opened or joined starts with: its name,
 * password and key from Python, no link yet, nothing queued.
 * @param {import("./calls.js").LiveInfo} info
 */
function freshRoom(info) {
  return {
    room: info.room,
    password: info.password,
    key: info.key,
    sign: info.signing ? signer(info.signing) : null,
    check: null,
    inbox: Promise.resolve(),
    outbox: Promise.resolve(),
    link: null,
    /** @type {{to: string | null, text: string}[]} */
    queue: [],
  };
}

/**
 * Start live play: words and Python, then the room.
 * @param {Page} page
 * @param {() => LiveAnswer} open  the Python call that opens or joins the room
 * @param {React} react  what the room's news does on screen
 */
export async function start(page, open, react) {
  try {
    await loadLivePlay();
  } catch (error) {
    console.warn("Mykerinos:", error);
    failed(page, t("share.live_unavailable"));
    return null;
  }
  end();
  page.hooks.shown.add(afterShow);
  const answer = open();
  performance.mark("live:opened");
  if (!answer.live) return null;
  live = {
    page,
    ...freshRoom(answer.live),
    info: null,
    react,
    stop: () => {},
    ended: false,
    heard: false,
    tries: 0,
  };
  document.body.dataset.live = answer.live.role;
  apply(answer);
  return live;
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
    failed(page, callLive("liveFailure", "old-invite"));
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
    if (live !== mine) return;
    const code = /** @type {{code?: string}} */ (error).code ?? "unavailable";
    console.warn("Mykerinos: live play could not start", error);
    failed(mine.page, callLive("liveFailure", code));
    return;
  }
  if (live !== mine) {
    link.leave();
    return;
  }
  mine.link = link;
  if (mine.info?.role === "guest") {
    mine.check = verifier(mine.key);
    mine.check.catch((error) => {
      console.warn("Mykerinos: this browser cannot check the room's key", error);
      if (live === mine) failed(mine.page, callLive("liveFailure", "key-unsupported"));
    });
  }
  link.onMessage = (text, peer) => receive(mine, text, peer);
  link.onPeerJoin = (peer) => inOrder(mine, () => apply(callLive("livePeer", peer, true, now())));
  link.onPeerLeave = (peer) => inOrder(mine, () => apply(callLive("livePeer", peer, false, now())));
  for (const { to, text } of mine.queue.splice(0)) send(to, text);
  mine.beaten = performance.now();
  mine.stop = beat(() => {
    if (live !== mine) return;
    mine.beaten = performance.now();
    apply(callLive("liveTick", now(), hidden()));
  });
  if (mine.info?.role === "guest") {
    window.setTimeout(() => {
      if (live !== mine || mine.heard) return;
      if (mine.tries < REJOINS) rejoin(mine, mine.tries + 1);
      else failed(mine.page, callLive("liveFailure", "no-peer"));
    }, HOST_WAIT_MS);
  }
}

/** Stop live play on this page (the game stays). */
export function end() {
  if (!live) return;
  const was = live;
  live = null;
  was.ended = true;
  was.stop();
  if (was.link) was.link.leave().catch(() => {});
  $("#live-panel")?.remove();
  $("#live-pick")?.remove();
  delete document.body.dataset.live;
}

/**
 * Hold the game here, in a new room with a new key pair (the room's device
 * gone): the new record, or null if Python does not make this device the
 * room's. What Python answers to send is for the room left, where the game
 * goes on; that room is kept SETTLE_MS for it to reach the others.
 * @param {Live} mine
 * @param {{key: string, signing: string}} pair  the new room's key (keys.js makeRoomKey())
 */
export function holdHere(mine, pair) {
  const answer = callLive("liveTakeOver", pair.key, pair.signing, now());
  if (answer.live?.role !== "host") return null;
  const old = mine.link;
  mine.link = null;
  end();
  if (old) {
    Promise.allSettled(answer.send.map((out) => old.send(out.to, out.text)))
      .then(() => new Promise((resolve) => window.setTimeout(resolve, SETTLE_MS)))
      .then(() => old.leave())
      .catch(() => {});
  }
  const moved = {
    ...mine,
    ...freshRoom(answer.live),
    ended: false,
    lost: false,
  };
  live = moved;
  document.body.dataset.live = "host";
  apply({ ...answer, send: [] });
  return moved;
}

/**
 * Live play cannot go on: say why and offer the same game by link.
 * @param {Page} page
 * @param {string} text
 */
function failed(page, text) {
  const had = live !== null;
  // A guest that never had the game has no game of this room to go on with.
  const game = !live || live.info?.role === "host" || live.heard;
  end();
  for (const id of ["#live-invite", "#live-pick"]) {
    const open = $(id);
    if (open instanceof HTMLDialogElement) open.close();
  }
  if (had) page.show(callLive("liveLeave"));
  if (location.hash.startsWith(LIVE_MARK)) history.replaceState(history.state, "", location.pathname + location.search);
  const box = $("#notice");
  if (!box) return;
  // Live play's own words may not have loaded (offline): then the menu's word.
  const label = t("live.by_link");
  const byLink = h("button", {
    type: "button",
    id: "live-by-link",
    class: "secondary",
    text: label === "live.by_link" ? t("menu.share") : label,
    onclick: () => shareGame(page),
  });
  page.notice(text);
  if (game) box.insertBefore(byLink, box.querySelector("button.close"));
  box.dataset.what = "live-failed";
  document.body.dataset.liveFailed = "1";
}

/**
 * The connection is lost (a phone asleep, a network gone): the room is left
 * without a word and the beats stop, until the page is shown again
 * (visibilitychange) and joins again. The benches and tests call it too.
 */
export function drop() {
  if (!live?.link) return;
  const link = live.link;
  live.link = null;
  live.lost = true;
  live.stop();
  link.leave().catch(() => {});
}

/** The transport's link to the room now (for the benches and tests), or null. */
export function connection() {
  return live?.link ?? null;
}

/** Leave live play: the game stays here, played on this device. */
export function leave() {
  if (!live) return;
  const page = live.page;
  const room = live.room;
  end();
  store(`${KEY_LIVE}${room}`, "");
  store(KEY_HOSTING, "");
  page.show(callLive("liveLeave"));
}

/**
 * Join the room again (a guest whose room's device went quiet): Python asks
 * for the seat back with its secret when the room's device welcomes it.
 * @param {Live} mine
 * @param {number} [tries]  how many times in a row it joined again unheard
 */
export function rejoin(mine = /** @type {Live} */ (live), tries = 0) {
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

// A phone that slept, a tab shown again: a guest whose link dropped joins again.
document.addEventListener("visibilitychange", () => {
  hostSeen();
  if (document.visibilityState !== "visible" || !live || live.ended) return;
  const mine = live;
  if (mine.info?.role !== "guest" || (mine.link && mine.heard && !mine.info.host_away)) return;
  rejoin(mine);
});

// A page frozen in the background (Chromium) and running again.
document.addEventListener("resume", () => hostSeen());

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
function hostSeen() {
  if (!live || live.ended || live.info?.role !== "host") return;
  const mine = live;
  const link = live.link;
  const slept = performance.now() - (mine.beaten ?? 0) > SLEPT_MS;
  if (link) {
    mine.beaten = performance.now();
    apply(callLive("liveTick", now(), hidden()));
  }
  if (hidden() || live !== mine || !load(KEY_HOSTING)) return;
  const held = mine.info?.seats.some((seat) => seat.status === "taken" || seat.status === "away");
  if (mine.lost || (slept && link && held && link.peers().length === 0)) location.reload();
}
