// @ts-check
// Live play on the page: the glue between the transport (transport.js) and
// Python's live calls (web/page/live/calls.py, web/page/live/modes.py). Loaded only
// when live play starts: a game started with a friend's seat (host), or an
// invite opened (guest, "#live=<room>.<password>").
//
// What the transport brings (a message, a device joining or leaving) goes to
// Python, and what Python answers to send goes back out; every second a tick
// beats, timed by a worker (beat.js) so that it stays on time while the page is
// in the background, and telling the others when it is. A click or a
// computer's move may give something to send too: the page's show() is
// wrapped to ask Python for it after each view. Python holds
// every rule and every word of the room; here are only the invite (link, share
// sheet, QR code), the seat list, the seat picker and the offers when live play
// cannot go on. A guest keeps its seat's secret in storage ("live:<room>"), so a
// reload, or the page shown again, takes the seat back.

import { addWords, language, ready as wordsReady, t } from "../i18n.js";
import { call } from "../generated/bridge.js";
import { callLive } from "./calls.js";
import { KEY_HOSTING, KEY_LIVE, LIVE_MARK } from "../generated/shared.js";
import { $, h } from "../dom.js";
import { pumpBots } from "../bots.js";
import { load, store } from "../saves.js";
import { linkUrl, modal, shareGame } from "../links.js";
import { noticeWith } from "../dialogs.js";

/** @typedef {import("../store.js").Page} Page */
/** @typedef {import("./calls.js").LiveAnswer} LiveAnswer */
/** @typedef {import("./calls.js").LiveInfo} LiveInfo */
/** @typedef {import("./transport.js").Link} Link */

const LIVE = new URL("../../../../live/", import.meta.url);
const BEAT_MS = 1000;
// How long a guest waits for the room's device once the relays answered before
// it joins again (a connection attempt that went nowhere is not tried again
// by the library for a minute), and how many times it does before giving up.
const HOST_WAIT_MS = 5_000;
// How long a device that carries the game on keeps the room it leaves, for its
// word of where the game goes on to reach the others.
const SETTLE_MS = 1_000;
const REJOINS = 2;
// No beat for this long: the page was frozen or suspended (its worker too).
const SLEPT_MS = 5_000;

/**
 * The live game on this page (one at a time).
 * @typedef {object} Live
 * @property {Page} page
 * @property {string} room
 * @property {string} password
 * @property {Link | null} link
 * @property {{to: string | null, text: string}[]} queue   what waits for the link
 * @property {LiveInfo | null} info
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
 * The seat and name this device had in a room whose game another device
 * carried on: taken again in the new room, as soon as it offers seats.
 * @type {{seat: number, name: string, asked?: boolean} | null}
 */
let following = null;
/** @type {Promise<void> | null} */
let loading = null;
/** @type {((view: import("../generated/view.js").View) => void) | null} */
let plainShow = null;
/** live.css in the page, once. @type {Promise<void> | null} */
let styled = null;
/** live/livepy.zip's bytes, fetched once. @type {Promise<Uint8Array> | null} */
let zipped = null;
/**
 * An invite's room joined while Python still starts (prepare()).
 * @type {{room: string, password: string, link: Promise<Link>} | null}
 */
let early = null;

const now = () => performance.now() / 1000;
const hidden = () => document.visibilityState === "hidden";

/** The worker that times the beats (beat.js), once made; null where none can start. @type {Worker | null | undefined} */
let clock;
/** Which beat has the worker now (a newer one takes it over). */
let beating = 0;

/**
 * Call `tick` every BEAT_MS until the answer is called. Timed by a worker: a
 * page's own timers are slowed down in the background (to once a second, and
 * in Chromium to once a minute after five minutes with no live connection),
 * a dedicated worker's are not. Where no worker starts, the page's own timer.
 * @param {() => void} tick
 * @returns {() => void} stops it
 */
function beat(tick) {
  if (clock === undefined) {
    try {
      clock = new Worker(new URL("./beat.js", import.meta.url));
    } catch (error) {
      console.warn("Mykerinos: the live beat runs on the page's own timer", error);
      clock = null;
    }
  }
  const worker = clock;
  let fallback = 0;
  if (!worker) {
    fallback = window.setInterval(tick, BEAT_MS);
    return () => window.clearInterval(fallback);
  }
  const id = ++beating;
  worker.onmessage = () => tick();
  worker.onerror = () => {
    // beat.js did not load: the page's own timer, now and next time.
    clock = null;
    worker.onmessage = null;
    if (beating === id) fallback = window.setInterval(tick, BEAT_MS);
  };
  worker.postMessage(BEAT_MS);
  return () => {
    window.clearInterval(fallback);
    if (beating !== id) return; // a newer beat has the worker
    beating += 1;
    worker.onmessage = null;
    worker.onerror = null;
    worker.postMessage(0);
  };
}

/**
 * Live play's words and Python, fetched once.
 * @returns {Promise<void>}
 */
function loadLivePlay() {
  if (!loading) {
    loading = (async () => {
      const python = livePython(); // on its way while the words come
      python.catch(() => {}); // said below, once awaited
      const style = liveStyle();
      await addWords(liveWords);
      performance.mark("live:words");
      const bytes = await python;
      performance.mark("live:zip");
      let binary = "";
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      if (!call("addPart", "live", btoa(binary))) throw new Error("live Python did not unpack");
      performance.mark("live:python");
      await style;
    })().catch((error) => {
      loading = null;
      throw error;
    });
  }
  return loading;
}

/**
 * Live play's style sheet (live.css) in the page, loaded once (a failure
 * leaves the page's own style: live play still works, plainer; it is tried
 * again next time).
 * @returns {Promise<void>}
 */
function liveStyle() {
  styled ??= new Promise((resolve) => {
    const link = h("link", { rel: "stylesheet", href: new URL("./live.css", import.meta.url).href });
    link.addEventListener("load", () => resolve());
    link.addEventListener("error", () => {
      link.remove();
      styled = null;
      resolve();
    });
    document.head.append(link);
  });
  return styled;
}

/** @type {Map<string, Promise<Record<string, string>>>} */
const words = new Map();

/**
 * Live play's words in a language (fetched once; a failed fetch is tried again next time).
 * @param {string} lang
 */
function liveWords(lang) {
  let got = words.get(lang);
  if (!got) {
    got = fetch(new URL(`lang/${lang}.json`, LIVE)).then((answer) => {
      if (!answer.ok) throw new Error(`live words: HTTP ${answer.status}`);
      return answer.json();
    });
    got.catch(() => words.delete(lang));
    words.set(lang, got);
  }
  return got;
}

/** live/livepy.zip's bytes (fetched once; a failed fetch is tried again next time). */
function livePython() {
  if (!zipped) {
    zipped = fetch(new URL("livepy.zip", LIVE))
      .then(async (answer) => {
        if (!answer.ok) throw new Error(`live Python: HTTP ${answer.status}`);
        return new Uint8Array(await answer.arrayBuffer());
      })
      .catch((error) => {
        zipped = null;
        throw error;
      });
  }
  return zipped;
}

/**
 * An invite in the address, before Python has started (index.html's first
 * script calls this, before the page's own modules have arrived): fetch live
 * play's Python, words and style and, on a first visit, join the room already
 * (what arrives waits in the transport until joinLive() hands it to Python),
 * so that the visitor is seated sooner. A device coming back to its seat (a reload) joins
 * once Python is up: joined while a busy page started Python, a returning
 * guest was sometimes never connected again within the wait.
 */
export function prepare() {
  const invite = inviteOf(location.hash);
  if (!invite || early) return;
  livePython().catch(() => {}); // tried again, and said, when live play starts
  liveStyle();
  wordsReady.then(() => liveWords(language())).catch(() => {});
  // Live play's Python unpacked as soon as Python is up, before the first frame is painted.
  addEventListener("mykerinos:ready", () => loadLivePlay().catch(() => {}), { once: true });
  if (load(`${KEY_LIVE}${invite.room}`)) return;
  const link = import("./transport.js").then(({ join }) => join(invite.room, invite.password));
  link.catch(() => {}); // said when live play starts
  early = { ...invite, link };
}

/** @param {Page} page */
function wrapShow(page) {
  if (plainShow) return;
  const show = page.show;
  plainShow = show;
  page.show = (view) => {
    show(view);
    if (!live || live.ended) return;
    apply(callLive("liveFlush", now()), false);
    // A page in the background draws nothing (no animation frames), and the
    // computers play after a draw: the room's device plays them here, so a
    // guest's decision does not wait for its page to be shown again.
    if (hidden()) pumpBots(page);
  };
}

/**
 * What a live call answered: send its messages, draw its view and the room.
 * @param {LiveAnswer} answer
 * @param {boolean} [draw]
 */
function apply(answer, draw = true) {
  if (!live) return;
  for (const out of answer.send) send(out.to, out.text);
  if (draw && plainShow) {
    plainShow(answer.view);
    if (hidden()) pumpBots(live.page); // see wrapShow
  }
  const info = answer.live;
  if (!info) return;
  live.info = info;
  if (info.role === "host") store(KEY_HOSTING, info.remember ?? "");
  else if (info.remember) store(`${KEY_LIVE}${info.room}`, info.remember);
  if (info.role === "guest" && info.seats.length) {
    live.heard = true;
    if ($("#notice")?.dataset.what === "live-connecting") hideNotice();
  }
  drawSeats(info);
  if (info.said.length) say(info.said.join(" "));
  if (info.mine !== null) following = null;
  if (info.choose && following) takeAgain(info, following);
  else if (info.choose) pickSeat(info);
  else $("#live-pick")?.remove();
  if (info.moved) offerFollow(info.moved);
  else if (info.host_away) offerCarryOn();
  else if ($("#notice")?.dataset.what === "live-host") hideNotice();
}

/**
 * @param {string | null} to
 * @param {string} text
 */
function send(to, text) {
  if (!live) return;
  if (!live.link) {
    live.queue.push({ to, text });
    return;
  }
  live.link.send(to, text).catch((error) => console.warn("Mykerinos: live message not sent", error));
}

/** @param {string} text */
function say(text) {
  const box = $("#announce");
  if (box) box.textContent = text;
}

function hideNotice() {
  const box = $("#notice");
  if (box) box.hidden = true;
}

/**
 * Start live play: words and Python, then the room.
 * @param {Page} page
 * @param {() => LiveAnswer} open  the Python call that opens or joins the room
 */
async function start(page, open) {
  try {
    await loadLivePlay();
  } catch (error) {
    console.warn("Mykerinos:", error);
    failed(page, t("share.live_unavailable"));
    return null;
  }
  end();
  wrapShow(page);
  const answer = open();
  performance.mark("live:opened");
  if (!answer.live) return null;
  live = {
    page,
    room: answer.live.room,
    password: answer.live.password,
    link: null,
    queue: [],
    info: null,
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
 * A game with friends' seats was just started on this device: open its room and invite.
 * @param {Page} page
 * @param {number[]} friends  the seats left for friends
 */
export async function hostLive(page, friends) {
  const opened = await start(page, () => callLive("liveHost", friends, now()));
  if (!opened) return;
  invite();
  connect(opened);
}

/**
 * The room this device held before a reload (kept in storage): open it again,
 * for the guests to come back to, if it is the game on screen's.
 * @param {Page} page
 * @param {import("../generated/view.js").View} view  the first view drawn
 */
export async function reopenLive(page, view) {
  const kept = load(KEY_HOSTING) || "";
  if (!hostedHere(kept, view)) {
    store(KEY_HOSTING, ""); // a room of another game: nothing to open again, ever
    return;
  }
  const opened = await start(page, () => callLive("liveReopen", kept, now()));
  if (opened) connect(opened);
}

/**
 * Whether this device held a live room for the game on screen before the page
 * reloaded (what it kept, KEY_HOSTING): it opens it again, for the guests to come back.
 * @param {string} kept
 * @param {import("../generated/view.js").View} view
 */
function hostedHere(kept, view) {
  if (!kept || !view.save) return false;
  try {
    return JSON.parse(kept).game === view.save.id;
  } catch {
    return false;
  }
}

/**
 * An invite opened ("#live=<room>.<password>" in the address): join its room.
 * @param {Page} page
 * @returns {Promise<void>}
 */
export async function joinLive(page) {
  const invite = inviteOf(location.hash);
  if (!invite) return;
  const { room, password } = invite;
  const remembered = load(`${KEY_LIVE}${room}`);
  const joined = await start(page, () => callLive("liveJoin", room, password, remembered, now()));
  if (!joined) return;
  if (!joined.heard) {
    page.notice(t("live.connecting"), "info");
    const box = $("#notice");
    if (box) box.dataset.what = "live-connecting";
  }
  connect(joined);
}

/**
 * The room and password of an invite's fragment, or null.
 * @param {string} hash
 */
export function inviteOf(hash) {
  if (!hash.startsWith(LIVE_MARK)) return null;
  const [room, password] = hash.slice(LIVE_MARK.length).split(".");
  if (!room || !password || !/^[\w-]{8,64}$/.test(room) || !/^[\w-]{8,64}$/.test(password)) return null;
  return { room, password };
}

/**
 * Join the room through the transport and wire it to Python.
 * @param {Live} mine
 */
async function connect(mine) {
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
  link.onMessage = (text, peer) => apply(callLive("liveReceive", text, peer, now()));
  link.onPeerJoin = (peer) => apply(callLive("livePeer", peer, true, now()));
  link.onPeerLeave = (peer) => apply(callLive("livePeer", peer, false, now()));
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
function end() {
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
 * A notice offering live play's way on (``first``), or the game by link;
 * ``what`` names it (#notice[data-what]), so that it is drawn once.
 * @param {string} what
 * @param {string} text
 * @param {{id: string, text: string, go: (mine: Live) => void}} first
 */
function offerWayOn(what, text, first) {
  const box = $("#notice");
  if (!box || !live || box.dataset.what === what) return;
  const mine = live;
  const go = h("button", {
    type: "button",
    id: first.id,
    class: "primary",
    text: first.text,
    onclick: () => {
      hideNotice();
      first.go(mine);
    },
  });
  const byLink = h("button", {
    type: "button",
    id: "live-by-link",
    class: "secondary",
    text: t("live.by_link"),
    onclick: () => {
      hideNotice();
      leave();
      shareGame(mine.page);
    },
  });
  noticeWith(text, "info", [go, byLink], what);
}

/** The room's device went quiet: carry on here, or by link. */
function offerCarryOn() {
  offerWayOn("live-host", t("live.host_away"), { id: "live-take-over", text: t("live.take_over"), go: takeOver });
}

/**
 * Hold the game here, in a new room, and invite the others again.
 * @param {Live} mine
 */
function takeOver(mine) {
  const page = mine.page;
  const answer = callLive("liveTakeOver", now());
  if (answer.live?.role !== "host") return;
  // What it answers to send is for the room left: where the game goes on.
  const old = mine.link;
  mine.link = null;
  end();
  if (old) {
    Promise.allSettled(answer.send.map((out) => old.send(out.to, out.text)))
      .then(() => new Promise((resolve) => window.setTimeout(resolve, SETTLE_MS)))
      .then(() => old.leave())
      .catch(() => {});
  }
  live = {
    ...mine,
    room: answer.live.room,
    password: answer.live.password,
    link: null,
    queue: [],
    ended: false,
    lost: false,
  };
  document.body.dataset.live = "host";
  apply({ ...answer, send: [] });
  invite();
  connect(live);
  page.notice(t("live.invite_text"), "info");
}

/**
 * Another device of the room carries the game on in a room of its own (the
 * room's device gone): follow it there, or go on by link.
 * @param {import("./calls.js").LiveMoved} moved
 */
function offerFollow(moved) {
  offerWayOn("live-moved", t("live.moved", { who: moved.by }), {
    id: "live-follow",
    text: t("live.follow"),
    go: (mine) => follow(mine, moved),
  });
}

/**
 * Join the room where the game goes on, and take this device's seat there again.
 * @param {Live} mine
 * @param {import("./calls.js").LiveMoved} moved
 */
function follow(mine, moved) {
  const seat = mine.info?.mine;
  following = seat == null ? null : { seat, name: mine.info?.seats[seat]?.name ?? "" };
  end();
  store(`${KEY_LIVE}${mine.room}`, "");
  history.replaceState(history.state, "", `${LIVE_MARK}${moved.room}.${moved.password}`);
  joinLive(mine.page);
}

/**
 * In the room followed: the same seat again, with the same name, if it is
 * free; else the seat picker.
 * @param {LiveInfo} info
 * @param {{seat: number, name: string, asked?: boolean}} mine
 */
function takeAgain(info, mine) {
  if (mine.asked) return; // the room's device answers
  if (info.seats[mine.seat]?.status !== "free") {
    following = null;
    pickSeat(info);
    return;
  }
  mine.asked = true;
  apply(callLive("liveTake", mine.seat, mine.name, now()));
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

/** The invite's URL. */
function inviteUrl() {
  if (!live) return "";
  return linkUrl(`${LIVE_MARK.slice(1)}${live.room}.${live.password}`);
}

/** The invite: the link to copy or share, and its QR code. */
export async function invite() {
  if (!live) return;
  const url = inviteUrl();
  const field = h("input", { id: "live-url", type: "text", readonly: true, "aria-label": t("live.invite_link") });
  field.value = url;
  const status = h("p", { id: "live-status", class: "small", role: "status" });
  const copy = h("button", {
    type: "button",
    id: "live-copy",
    class: "primary",
    text: t("live.copy"),
    onclick: () => {
      field.select();
      const done = () => {
        status.textContent = t("live.copied");
      };
      const failed = () => {
        status.textContent = t("share.copy_failed");
      };
      if (navigator.clipboard) navigator.clipboard.writeText(url).then(done, failed);
      else failed();
    },
  });
  const share =
    typeof navigator.share === "function"
      ? h("button", {
          type: "button",
          id: "live-share",
          class: "secondary",
          text: t("live.share"),
          onclick: () => {
            navigator.share({ title: "Mykerinos", text: t("live.invite_title"), url }).catch(() => {});
          },
        })
      : null;
  const qr = h("div", { id: "live-qr", class: "live-qr", role: "img", "aria-label": t("live.qr") });
  const dialog = modal("live-invite", t("live.invite_title"), [
    h("p", { text: t("live.invite_text") }),
    qr,
    field,
    status,
    h(
      "div",
      { class: "buttons" },
      share,
      copy,
      h("button", {
        type: "button",
        id: "live-invite-close",
        class: "secondary",
        text: t("button.close"),
        onclick: () => dialog.close(),
      }),
    ),
  ]);
  field.focus();
  field.select();
  try {
    const { default: qrcode } = await import(new URL("qrcode/qrcode.mjs", LIVE).href);
    const code = qrcode(0, "M");
    code.addData(url);
    code.make();
    qr.innerHTML = code.createSvgTag({ cellSize: 4, margin: 2, scalable: true });
    qr.querySelector("svg")?.setAttribute("aria-hidden", "true");
  } catch (error) {
    console.warn("Mykerinos: no QR code", error);
    qr.remove();
  }
}

/**
 * Who sits where: here, away, free, whose turn.
 * @param {LiveInfo} info
 */
function drawSeats(info) {
  let panel = $("#live-panel");
  if (!panel) {
    panel = h("section", { id: "live-panel", class: "live-panel", "aria-labelledby": "live-panel-title" });
    const app = $("#app");
    if (app) app.before(panel);
    else document.body.prepend(panel);
  }
  const rows = info.seats.map((seat) =>
    h(
      "li",
      {
        class: `live-seat ${seat.status}${seat.turn ? " turn" : ""}`,
        "data-seat": String(seat.seat),
        "data-status": seat.status,
      },
      h("span", { class: "live-name", text: seat.name }),
      seat.mine ? h("span", { class: "live-you", text: ` (${t("live.you")})` }) : null,
      h("span", { class: "live-state", text: ` — ${seat.state}` }),
      seat.turn ? h("strong", { class: "live-turn", text: ` — ${t("live.to_play")}` }) : null,
    ),
  );
  panel.replaceChildren(
    h("h2", { id: "live-panel-title", text: t("live.seats_title") }),
    h("ul", {}, ...rows),
    h(
      "div",
      { class: "buttons" },
      info.role === "host"
        ? h("button", {
            type: "button",
            id: "live-invite-again",
            class: "secondary",
            text: t("live.invite"),
            onclick: () => invite(),
          })
        : null,
      h("button", {
        type: "button",
        id: "live-leave",
        class: "secondary",
        text: t("live.leave"),
        onclick: () => leave(),
      }),
    ),
  );
}

/**
 * A guest without a seat: pick a free one, with a name.
 * @param {LiveInfo} info
 */
function pickSeat(info) {
  if ($("#live-pick") || !live) return;
  const page = live.page;
  page.notice("");
  const free = info.seats.filter((seat) => seat.status === "free");
  const name = h("input", { id: "live-name", type: "text", maxlength: "24", autocomplete: "nickname" });
  const label = h("label", { for: "live-name", text: t("live.your_name") });
  const choices = free.map((seat, i) =>
    h(
      "label",
      { class: "live-choice" },
      h("input", { type: "radio", name: "live-seat", value: String(seat.seat), checked: i === 0 }),
      ` ${seat.name}`,
    ),
  );
  const take = h("button", {
    type: "submit",
    id: "live-take",
    class: "primary",
    text: t("live.take"),
    disabled: free.length === 0,
  });
  const form = h(
    "form",
    { method: "dialog" },
    h("p", { text: free.length ? t("live.pick_text") : t("live.no_free") }),
    h("fieldset", { class: "live-choices" }, h("legend", { text: t("live.seats_title") }), ...choices),
    label,
    name,
    h(
      "div",
      { class: "buttons" },
      take,
      h("button", { type: "button", class: "secondary", text: t("button.close"), onclick: () => dialog.close() }),
    ),
  );
  const dialog = modal("live-pick", t("live.pick_title"), [form]);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const chosen = /** @type {HTMLInputElement | null} */ (form.querySelector("input[name=live-seat]:checked"));
    if (!chosen) return;
    const typed = /** @type {HTMLInputElement} */ (name).value.trim();
    dialog.close();
    performance.mark("live:take");
    apply(callLive("liveTake", Number(chosen.value), typed, now()));
  });
  name.focus();
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

/**
 * Join the room again (a guest whose room's device went quiet): Python asks
 * for the seat back with its secret when the room's device welcomes it.
 * @param {Live} mine
 * @param {number} [tries]  how many times in a row it joined again unheard
 */
export function rejoin(mine = /** @type {Live} */ (live), tries = 0) {
  if (!mine) return;
  const { page, room, password } = mine;
  const remembered = load(`${KEY_LIVE}${room}`);
  end();
  start(page, () => callLive("liveJoin", room, password, remembered, now())).then((joined) => {
    if (!joined) return;
    joined.tries = tries;
    connect(joined);
  });
}
