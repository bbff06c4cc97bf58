// @ts-check
// Live play's calls, and their answers: written by tools/page_types.py from
// web/page/live/calls.py and web/page/live/answers.py (edit those, not this one).
// The bridge serves them once live play's Python is added (addPart "live");
// only live play loads this file.

/** @typedef {import("../generated/view.js").View} View */

/**
 * A message for the transport: to one peer, or (null) to every peer in the room.
 * @typedef {object} Outgoing
 * @property {string | null} to
 * @property {string} text
 */

/**
 * One seat of a live game as this device shows it.
 * @typedef {object} LiveSeat
 * @property {number} seat
 * @property {string} name
 * @property {string} kind  "human" or a computer's level
 * @property {string} status  "free", "taken", "away" or "host" (played on the room's device)
 * @property {string} state  the status in words
 * @property {boolean} turn  its decision now
 * @property {boolean} mine  played on this device
 */

/**
 * Where another device carries the game on, its room's device gone: an invite to follow.
 * @typedef {object} LiveMoved
 * @property {string} room
 * @property {string} password
 * @property {string} key  the new room's key (its public half)
 * @property {string} by  the name of that device's seat
 */

/**
 * A line said at the table, as this device shows it (as text, never markup).
 * @typedef {object} LiveChat
 * @property {string} who  the seat's name, or the room's device's
 * @property {string} text  the line, or a ready phrase in this device's language
 * @property {boolean} mine  said from this device
 */

/**
 * A live game as this device sees it (web/page/live/hosting.py, visiting.py).
 * @typedef {object} LiveInfo
 * @property {string} role  "host": this device holds the game; "guest": another device does
 * @property {string} room  the room's name, its password and its key: the invite's fragment
 * @property {string} password
 * @property {string} key  the room's key, its public half (web/front/js/live/keys.js)
 * @property {string | null} signing  the room's device: the private half it signs with (null elsewhere)
 * @property {LiveSeat[]} seats
 * @property {number | null} mine  the seat this device plays (a guest), null before it takes one
 * @property {boolean} choose  a guest with no seat yet: offer the free seats
 * @property {string[]} said  what changed, for the polite live region (joined, away, back, turn)
 * @property {string | null} remember  a guest's place to keep in storage (JSON), once it has a seat
 * @property {boolean} host_away  a guest: the room's device went quiet
 * @property {LiveMoved | null} moved  a guest: another device carries the game on there
 * @property {boolean} over  the game ended
 * @property {LiveChat[]} chat  lines said at the table since the last answer
 * @property {boolean} can_chat  this device may write (a watcher may only read)
 * @property {string | null} chat_note  why this device's last line was not said (too long, too soon)
 */

/**
 * What a live call did: messages to send, the view, the live game (null once left).
 * @typedef {object} LiveAnswer
 * @property {Outgoing[]} send
 * @property {View} view
 * @property {LiveInfo | null} live
 */

/**
 * What each call takes and answers (web/page/live/calls.py).
 * @typedef {{
 *   liveHost: {args: [friends: number[], key: string, signing: string, now: number], answer: LiveAnswer},  // Open a live room for the game on screen; ``friends``: the seats left for guests; ``key``, ``signing``: the room's new key pair (keys.js).
 *   liveReopen: {args: [kept: string, key: string, signing: string, now: number], answer: LiveAnswer},  // Open again the room this device held before a reload (what it kept, its key pair included; ``key``, ``signing``: a new pair for a room kept without one), if it is for the game on screen; else nothing changes (live: null).
 *   liveJoin: {args: [room: string, password: string, key: string, remembered: string | null, now: number], answer: LiveAnswer},  // Join the live room of an invite (``key``: the room's, which the page checks its words against; ``remembered``: what this device kept for it).
 *   livePeer: {args: [peer: string, here: boolean, now: number], answer: LiveAnswer},  // A device connected to the room (here) or left it.
 *   liveReceive: {args: [text: string, peer: string, now: number, signed: boolean], answer: LiveAnswer},  // A message from a device of the room (``signed``: with the room's key, as the page checked).
 *   liveTick: {args: [now: number, hidden: boolean], answer: LiveAnswer},  // Every second while live: beats, and seats gone quiet.
 *   liveTake: {args: [seat: number, name: string, now: number], answer: LiveAnswer},  // Ask the room's device for a free seat.
 *   liveSay: {args: [text: string, phrase: string, now: number], answer: LiveAnswer},  // A line to the table: typed ``text``, or a ready ``phrase``'s id (then the text is "").
 *   liveFlush: {args: [now: number], answer: LiveAnswer},  // What a click or a computer's move gave to send.
 *   liveTakeOver: {args: [key: string, signing: string, now: number], answer: LiveAnswer},  // The room's device left: hold the game here, in a room of this device's own. What it answers to send is for the room left (every device there is told where the game went): the new room, with its new key pair (``key``, ``signing``), has nobody in it yet.
 *   liveAgain: {args: [order: number[], nile: boolean, levels: string[], now: number], answer: LiveAnswer},  // Another game in this room, on the room's device (``order[i]``: the seat that sits at ``i`` next; ``levels[i]``: a computer's level there).
 *   liveLeave: {args: [], answer: View},  // Leave live play: the game as it stands stays on this device.
 *   liveFailure: {args: [code: string], answer: string},  // Why live play could not start (a transport's error code), in words.
 * }} LiveCalls
 */

/**
 * Call live play's Python: one function of web/page/live/calls.py, its arguments
 * sent and its answer read back as JSON.
 * @template {keyof LiveCalls} K
 * @param {K} name
 * @param {LiveCalls[K]["args"]} args
 * @returns {Promise<LiveCalls[K]["answer"]>}
 */
export async function callLive(name, ...args) {
  const python = /** @type {{mykerinos?: {call: (name: string, args: string) => Promise<string>}}} */ (
    /** @type {unknown} */ (window)
  ).mykerinos;
  if (!python) throw new Error("the rules engine has not started");
  return JSON.parse(await python.call(name, JSON.stringify(args)));
}
