// @ts-check
// Carrying on when the room's device is gone: the offer to hold the game here
// in a new room (and invite the others to it again), the offer to follow
// another device that did, in its room, taking the same seat there again,
// and in both, the offer to go on with the game by link instead.

import { t } from "../i18n.js";
import { callLive } from "./calls.js";
import { KEY_LIVE } from "../generated/shared.js";
import { $, h } from "../dom.js";
import { store } from "../saves.js";
import { shareGame } from "../links.js";
import { noticeWith } from "../dialogs.js";
import { inviteFragment, showInvite } from "./invite.js";
import { makeRoomKey } from "./keys.js";
import { apply, current, end, hideNotice, holdHere, leave, now } from "./room.js";
import { connect, join } from "./link.js";

/** @typedef {import("./calls.js").LiveInfo} LiveInfo */
/** @typedef {import("./calls.js").LiveMoved} LiveMoved */
/** @typedef {import("./room.js").Live} Live */

/**
 * The seat and name this device had in a room whose game another device
 * carried on: taken again in the new room, as soon as it offers seats.
 * @type {{seat: number, name: string, asked?: boolean} | null}
 */
let following = null;

/**
 * What the room's news offers to carry on with: follow the game where another
 * device carries it on, or carry it on here when the room's device went
 * quiet; the offer taken down once the room's device is back.
 * @param {LiveInfo} info
 */
export function offerWaysOn(info) {
  if (info.moved) offerFollow(info.moved);
  else if (info.host_away) offerCarryOn();
  else if ($("#notice")?.dataset.what === "live-host") hideNotice();
}

/**
 * In the room followed: the same seat again, with the same name, if it is
 * free. Whether that is under way (else, a seat to pick: the seat picker).
 * @param {LiveInfo} info
 */
export function takesSeatAgain(info) {
  if (info.mine !== null) following = null;
  if (!info.choose || !following) return false;
  if (following.asked) return true; // the room's device answers
  if (info.seats[following.seat]?.status !== "free") {
    following = null;
    return false;
  }
  following.asked = true;
  callLive("liveTake", following.seat, following.name, now()).then((answer) => apply(answer));
  return true;
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
  const mine = current();
  if (!box || !mine || box.dataset.what === what) return;
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
 * Hold the game here, in a new room with a new key pair, and invite the others again.
 * @param {Live} mine
 */
async function takeOver(mine) {
  const held = await holdHere(mine, await makeRoomKey());
  if (!held) return;
  showInvite(held.room, held.password, held.key);
  connect(held);
  held.page.notice(t("live.new_room_key"), "info");
}

/**
 * Another device of the room carries the game on in a room of its own (the
 * room's device gone): follow it there, or go on by link.
 * @param {LiveMoved} moved
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
 * @param {LiveMoved} moved
 */
function follow(mine, moved) {
  const seat = mine.info?.mine;
  following = seat == null ? null : { seat, name: mine.info?.seats[seat]?.name ?? "" };
  end();
  store(`${KEY_LIVE}${mine.room}`, "");
  history.replaceState(history.state, "", `#${inviteFragment(moved.room, moved.password, moved.key)}`);
  join(mine.page, mine.react);
}
