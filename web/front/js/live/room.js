// @ts-check
// The live room on this page (one at a time): its record, what goes in and out
// of it, and its end. Its link to the other devices, the beats and coming back
// are link.js's. What the transport brings (a message, a device joining or
// leaving) goes to Python's live calls (calls.js, web/page/live/calls.py), and
// what Python answers to send goes back out. A click or a computer's move may
// give something to send too: the room registers with the page's hooks.shown
// and asks Python after each view. What an answer means on screen beyond the
// board (the seats, the picker, the offers) is the record's `react` (live.js).
// A guest keeps its seat's secret in storage ("live:<room>"), so that a
// reload, or the page shown again, takes the seat back. The room's device
// signs everything it sends with the room's key (keys.js); every other device
// checks each message against the invite's key and tells Python whether it
// was signed. What the transport brings is handed to Python in the order it
// came (a check takes a moment), and what a device sends goes out in the
// order Python answered it.

import { t } from "../i18n.js";
import { callLive } from "./calls.js";
import { KEY_HOSTING, KEY_LIVE, LIVE_MARK } from "../generated/shared.js";
import { $, h } from "../dom.js";
import { pumpBots } from "../bots.js";
import { store } from "../saves.js";
import { shareGame } from "../links.js";
import { signer } from "./keys.js";
import { loadLivePlay } from "./parts.js";

/** @typedef {import("../store.js").Page} Page */
/** @typedef {import("../generated/view.js").View} View */
/** @typedef {import("./calls.js").LiveAnswer} LiveAnswer */
/** @typedef {import("./calls.js").LiveInfo} LiveInfo */
/** @typedef {import("./transport.js").Link} Link */
/** What the room's news does on screen beyond the board (live.js). @typedef {(page: Page, info: LiveInfo) => void} React */

// How long a device that carries the game on keeps the room it leaves, for its
// word of where the game goes on to reach the others (a guest joining that
// room's transport again meanwhile, relink(), is told it when it arrives).
const SETTLE_MS = 10_000;

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
 * @property {{since: number, wait: number} | null} [waiting]  a guest: since when it waits for the room's device, and how long before it joins the transport again
 */

/** @type {Live | null} */
let live = null;
/** The view of an answer being drawn (apply()): for it, this device has nothing to send. @type {View | null} */
let answerShown = null;

export const now = () => performance.now() / 1000;
export const hidden = () => document.visibilityState === "hidden";

/** The live game on this page, or null. */
export function current() {
  return live;
}

/**
 * After the page showed a view (its hooks.shown): what a click or a
 * computer's move gave to send goes to the room.
 * @param {View} view
 */
function afterShow(view) {
  if (!live || live.ended) return;
  if (view !== answerShown) callLive("liveFlush", now()).then((answer) => apply(answer, false));
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
export function send(to, text) {
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
export function inOrder(mine, task) {
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
export function receive(mine, text, peer) {
  inOrder(mine, async () => {
    const read = mine.check ? await (await mine.check)(text) : { text, signed: false };
    if (live === mine) apply(await callLive("liveReceive", read.text, peer, now(), read.signed));
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
 * @param {() => Promise<LiveAnswer>} open  the Python call that opens or joins the room
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
  const answer = await open();
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
export async function holdHere(mine, pair) {
  const answer = await callLive("liveTakeOver", pair.key, pair.signing, now());
  if (answer.live?.role !== "host") return null;
  const old = mine.link;
  mine.link = null;
  end();
  if (old) {
    old.onPeerJoin = (peer) => {
      for (const out of answer.send) if (out.to === null) old.send(peer, out.text).catch(() => {});
    };
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
export function failed(page, text) {
  const had = live !== null;
  // A guest that never had the game has no game of this room to go on with.
  const game = !live || live.info?.role === "host" || live.heard;
  end();
  for (const id of ["#live-invite", "#live-pick"]) {
    const open = $(id);
    if (open instanceof HTMLDialogElement) open.close();
  }
  if (had) callLive("liveLeave").then(page.show);
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

/** Leave live play: the game stays here, played on this device. */
export function leave() {
  if (!live) return;
  const page = live.page;
  const room = live.room;
  end();
  store(`${KEY_LIVE}${room}`, "");
  store(KEY_HOSTING, "");
  callLive("liveLeave").then(page.show);
}
