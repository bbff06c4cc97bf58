// @ts-check
// Live play's way in: what the page calls to start it, and what the room's
// news does on screen. Loaded only when live play starts: a game started with
// a friend's seat (host), an invite opened (guest, "#live=<room>.<password>"),
// or a room this device held before a reload. Python holds every rule and
// every word of the room (web/page/live/); here, and in the modules beside
// this one, are only its parts loaded (parts.js), the room's connection and
// beats (room.js, clock.js), the invite (invite.js), the seats (seats.js) and
// the offers when the room's device is gone (carry.js). Live play joins the
// page through its hooks (hooks.js), never by replacing a page function.

import { KEY_HOSTING, KEY_LIVE } from "../generated/shared.js";
import { $ } from "../dom.js";
import { t } from "../i18n.js";
import { load, store } from "../saves.js";
import { offerAgain } from "./again.js";
import { callLive } from "./calls.js";
import { offerWaysOn, takesSeatAgain } from "./carry.js";
import { inviteOf, showInvite } from "./invite.js";
import { makeRoomKey } from "./keys.js";
import { fetchEarly } from "./parts.js";
import { apply, current, leave, now, start } from "./room.js";
import { connect, join, joinEarly } from "./link.js";
import { closeSeatPicker, drawSeats, pickSeat } from "./seats.js";

export { inviteOf } from "./invite.js";
export { leave } from "./room.js";
export { connection, drop, rejoin } from "./link.js";

/** @typedef {import("../store.js").Page} Page */
/** @typedef {import("./calls.js").LiveInfo} LiveInfo */

let prepared = false;

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
  if (!invite || prepared) return;
  prepared = true;
  fetchEarly();
  if (invite.key && !load(`${KEY_LIVE}${invite.room}`)) joinEarly(invite);
}

/**
 * What the room's news does on screen: the seats, what the room says, a seat
 * to take (the same again, in a room followed), the offers to carry on.
 * @param {Page} page
 * @param {LiveInfo} info
 */
function react(page, info) {
  if (info.role === "host") offerAgainInMenu(page);
  drawSeats(info, { invite, again: () => again(page), leave, say });
  if (info.said.length) announce(info.said.join(" "));
  if (!takesSeatAgain(info)) {
    if (info.choose) pickSeat(page, info, take);
    else closeSeatPicker();
  }
  offerWaysOn(info);
}

/**
 * Ask the room for a free seat, with a name.
 * @param {number} seat
 * @param {string} name
 */
function take(seat, name) {
  callLive("liveTake", seat, name, now()).then((answer) => apply(answer));
}

/**
 * The room's device: another game in this room, set in a dialog.
 * @param {Page} page
 */
function again(page) {
  const info = current()?.info;
  if (info?.role !== "host") return;
  offerAgain(info, page.store.view, (order, nile, levels) =>
    callLive("liveAgain", order, nile, levels, now()).then((answer) => apply(answer)),
  );
}

/** The menu's Play again (hooks.js), shown on the room's device while it holds a room. */
const MENU_AGAIN = "menu-play-again";

/**
 * The room's device: Play again in the page's menu too, at any time (the
 * live panel has it as well). Added once; the menu shows it only while this
 * page holds a live room.
 * @param {Page} page
 */
function offerAgainInMenu(page) {
  if (page.hooks.menu.has(MENU_AGAIN)) return;
  page.hooks.menu.set(MENU_AGAIN, {
    shown: () => current()?.info?.role === "host",
    text: () => t("live.again"),
    help: () => t("live.again_help"),
    run: () => again(page),
  });
}

/**
 * A line to the table: typed text, or a ready phrase's id.
 * @param {string} text
 * @param {string} phrase
 */
function say(text, phrase) {
  callLive("liveSay", text, phrase, now()).then((answer) => apply(answer));
}

/** @param {string} text */
function announce(text) {
  const box = $("#announce");
  if (box) box.textContent = text;
}

/**
 * A game with friends' seats was just started on this device: open its room and invite.
 * @param {Page} page
 * @param {number[]} friends  the seats left for friends
 */
export async function hostLive(page, friends) {
  const { key, signing } = await makeRoomKey();
  const opened = await start(page, () => callLive("liveHost", friends, key, signing, now()), react);
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
  const { key, signing } = await makeRoomKey(); // for a room kept before rooms had keys
  const opened = await start(page, () => callLive("liveReopen", kept, key, signing, now()), react);
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
export function joinLive(page) {
  return join(page, react);
}

/** The invite to the room on this page: the link to copy or share, and its QR code. */
export async function invite() {
  const mine = current();
  if (mine) await showInvite(mine.room, mine.password, mine.key);
}
