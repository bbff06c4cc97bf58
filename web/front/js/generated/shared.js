// @ts-check
// The strings Python and the page both use: written by tools/page_types.py
// from web/page/shared.py (edit that file, not this one); the page spells none of
// them by hand.

export const SEPARATOR = ":"; // between a target's kind and its value
export const CELL = "cell"; // a region cell: "cell:c3"
export const ROOM = "room"; // a museum room: "room:W1-5"
export const CARD = "card"; // a region or Nile card: "card:lemon-3a"
export const ACTION = "action"; // an action button: "action:dig"
export const UNDO = "undo"; // take the last decision (or the move being built) back
export const CANCEL = "cancel"; // drop the move being built
export const RESTART = "restart"; // a lesson: back to its first step
export const OPEN = "open"; // review the position now on screen
export const FIRST = "first";
export const BACK = "back";
export const FORWARD = "forward";
export const LAST = "last";
export const EXIT = "exit"; // back to the game
export const POSITION = "position"; // "position:<k>": the game after k decisions
export const LOG = "log"; // "log:<line>": the position that shows that line of the log
export const SEASON = "season"; // "season:<n>": where season n starts
export const SURVEY = "survey"; // "survey:<n>": where season n's survey starts
export const PERSON = "human"; // a seat played by a person (the others: a computer's level)
export const FRIEND = "friend"; // the new-game dialog: a person on their own device (live play)
export const BY_TURNS = "turns"; // the new-game dialog: a person on their own device, by turns
export const LINK_MARK = "#g="; // a URL fragment that carries a whole game
export const WATCH = "watch"; // the seat remembered for a visitor who only watches
export const LIVE_MARK = "#live="; // an invite to a live game: "#live=<room>.<password>"
export const TURNS_MARK = "#turns="; // a table by turns: "#turns=<table>.<secret>[~<the game>]"
export const KEY_CURRENT = "current"; // the id of the game played last
export const KEY_SLOT = "game:"; // "game:<id>": one game's record
export const KEY_CORRUPT = "corrupt:"; // "corrupt:<id>": a save that could not be read, set aside
export const KEY_VIEW = "view"; // the last view drawn, painted before Python starts
export const KEY_PAINT = "paint"; // the board's markup as last shown, put back before any module runs
export const KEY_LESSON = "lesson"; // the learner's place in the guided first game
export const KEY_LANGUAGE = "lang"; // the language picked with the switch
export const KEY_SEAT = "seat:"; // "seat:<game>": the visitor's seat in a linked game
export const KEY_LIVE = "live:"; // "live:<room>": a guest's seat and its secret in a live game
export const KEY_HOSTING = "hosting"; // the live room this device holds, to open again after a reload
export const KEY_TURNS = "turns:"; // "turns:<table>": a table by turns this device sits at
export const KEY_LEGACY = "mykerinos.save";

/**
 * A click or review target of that kind: target(CELL, "c3") is "cell:c3".
 * @param {string} kind
 * @param {string | number} value
 */
export function target(kind, value) {
  return `${kind}${SEPARATOR}${value}`;
}
