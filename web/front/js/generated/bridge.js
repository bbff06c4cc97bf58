// @ts-check
// The calls Python offers the page, and their answers: written by
// tools/page_types.py from web/page/bridge.py and web/page/answers.py (edit those,
// not this one). web/page/main.py serves every call, in Python's worker, through
// window.mykerinos.call (web/front/js/engine.js): each answer is a promise.

/** @typedef {import("./view.js").Cell} Cell */

/** @typedef {import("./view.js").ParcelView} ParcelView */

/** @typedef {import("./view.js").NileCardView} NileCardView */

/** @typedef {import("./view.js").Area} Area */

/** @typedef {import("./view.js").RegionView} RegionView */

/** @typedef {import("./view.js").Room} Room */

/** @typedef {import("./view.js").Boat} Boat */

/** @typedef {import("./view.js").HandCard} HandCard */

/** @typedef {import("./view.js").HandGroup} HandGroup */

/** @typedef {import("./view.js").Player} Player */

/** @typedef {import("./view.js").Neutral} Neutral */

/** @typedef {import("./view.js").Wing} Wing */

/** @typedef {import("./view.js").Action} Action */

/** @typedef {import("./view.js").Marks} Marks */

/** @typedef {import("./view.js").LastMove} LastMove */

/** @typedef {import("./view.js").Hint} Hint */

/** @typedef {import("./view.js").NewGame} NewGame */

/** @typedef {import("./view.js").FinalWing} FinalWing */

/** @typedef {import("./view.js").FinalRow} FinalRow */

/** @typedef {import("./view.js").Chart} Chart */

/** @typedef {import("./view.js").Final} Final */

/** @typedef {import("./view.js").ReviewMark} ReviewMark */

/** @typedef {import("./view.js").ReviewNext} ReviewNext */

/** @typedef {import("./view.js").ReviewView} ReviewView */

/** @typedef {import("./view.js").Save} Save */

/** @typedef {import("./view.js").LessonView} LessonView */

/** @typedef {import("./view.js").View} View */

/**
 * A move in the record notation (game/moves.py), as the engine writes it.
 * @typedef {Record<string, any>} MoveJson
 */

/**
 * What the page shows first.
 * @typedef {object} Startup
 * @property {View} view
 * @property {string | null} notice  said once: a save that could not be read
 * @property {boolean} newGame  open the new-game dialog first
 * @property {string} python  the Python version, "3.x.y"
 */

/**
 * @typedef {object} Answered
 * @property {boolean} ok  it worked: the fields that follow say what came of it, else ``error`` why not
 */

/**
 * A record file read: {ok, view} or {ok, error}.
 * @typedef {object} Imported
 * @property {boolean} ok  it worked: the fields that follow say what came of it, else ``error`` why not
 * @property {View} [view]  when ok
 * @property {string} [error]  when not: why, in words
 */

/**
 * The computer's thinking started: {job, stamp}, or {error} when there is nothing to think about.
 * @typedef {object} Started
 * @property {number} [job]
 * @property {string} [stamp]  the position it thinks about
 * @property {string} [error]
 */

/**
 * A slice of thinking: {busy}, {gone}, {error}, or the job's answer.
 * @typedef {object} Thought
 * @property {boolean} [busy]  it goes on: ask for another slice
 * @property {boolean} [gone]  the job was abandoned or replaced
 * @property {string} [error]
 * @property {MoveJson} [move]  the answer: the move chosen
 * @property {number} [iterations]  playouts of a move's search
 * @property {number} [seconds]  time thought, slices only
 * @property {Hint} [hint]  a hint or an analysis: the move's words and marks
 * @property {MoveJson | null} [played]  an analysis: the move played in that position
 * @property {boolean} [same]  an analysis: the computer would play it too
 * @property {number | null} [difference]  an analysis: points the computer's choice gains over it
 */

/**
 * @typedef {object} Stopped
 * @property {boolean} stopped  a job was in flight and is abandoned
 */

/**
 * The game as a link: {ok, code} or {ok, error}.
 * @typedef {object} Link
 * @property {boolean} ok  it worked: the fields that follow say what came of it, else ``error`` why not
 * @property {string} [code]  the URL fragment, without "#"
 * @property {string} [error]
 */

/**
 * @typedef {object} Status
 * @property {string} status  "none", "error", "same", "ahead", "behind", "different"
 */

/**
 * A link opened (web/page/share.py open_link): {status} and what goes with it.
 * @typedef {object} Opened
 * @property {string} status  "none", "error", "same", "ahead", "behind", "different"
 * @property {string} [error]  status "error": nothing changed
 * @property {string} [question]  "behind" or "different" before it is confirmed: ask first
 * @property {View} [view]  the link's game is on the table
 * @property {string} [key]  names that game, for remembering the visitor's seat
 */

/**
 * @typedef {object} Person
 * @property {number} seat
 * @property {string} name
 */

/**
 * The visitor's seat in a linked game.
 * @typedef {object} Seat
 * @property {number | null} mine  the seat taken, or null (watching, or not known)
 * @property {boolean} ask  ask which player the visitor is
 * @property {string} note  whose turn it is, said to that seat
 * @property {Person[]} people  the seats people play
 */

/**
 * Today's deal's result, for the end screen.
 * @typedef {object} Daily
 * @property {string} date
 * @property {number} score
 * @property {number} rank
 * @property {string} text
 */

/**
 * @typedef {object} EndInfo
 * @property {Daily | null} daily
 */

/**
 * The lessons left: the game's view, and whether to open the new-game dialog.
 * @typedef {object} LessonExit
 * @property {View} view
 * @property {boolean} newGame
 */

/**
 * @typedef {object} NewGameOptions
 * @property {boolean} [nile]
 * @property {string[]} [seats]  a seat kind each: "human" or a computer's level
 */

/**
 * A table's game as the rules read it: {ok, deal, seats, players, decisions, toMove, over, scores} or {ok, error}.
 * @typedef {object} TurnsGame
 * @property {boolean} [ok]
 * @property {string} [error]  when not ok: why, for the console (the page words it)
 * @property {string} [deal]  the deal without the names: a game renamed keeps it
 * @property {string[]} [seats]  who plays each seat: "human" or a computer's level
 * @property {string[]} [players]  the names on the board
 * @property {((string | number)[])[]} [decisions]  [seat that decided, the decision as JSON text], in order
 * @property {number | null} [toMove]  the seat to decide now (null once over)
 * @property {boolean} [over]
 * @property {number[] | null} [scores]  the final scores, once over
 */

/**
 * A table's game under a new name for one seat: {ok, code, name} or {ok, error}.
 * @typedef {object} Renamed
 * @property {boolean} [ok]
 * @property {string} [code]  the game as a link's text
 * @property {string} [name]  the name as the game holds it (cleaned)
 * @property {string} [error]
 */

/**
 * What each call takes and answers (web/page/bridge.py).
 * @typedef {{
 *   view: {args: [], answer: View},  // The view on screen (docs/VIEW.md).
 *   click: {args: [target: string], answer: View},  // Play one click on the board or the action bar.
 *   review: {args: [target: string], answer: View},  // Step through the game's past ("open", "first", "position:12", "exit"...).
 *   think: {args: [purpose: string], answer: Started},  // Start the computer's thinking on the position shown: "move", "hint" or "analysis".
 *   thinkStep: {args: [job: number, ms: number], answer: Thought},  // Think on for about ms milliseconds.
 *   stopThinking: {args: [job: number], answer: Stopped},  // Abandon that job.
 *   prepareThinking: {args: [], answer: boolean},  // Load the computer players now, in idle time, not in the first move's frame.
 *   playBotMove: {args: [move: MoveJson, stamp: string], answer: View},  // Play a computer player's move, thought for the position named by stamp.
 *   setLanguage: {args: [code: string], answer: View},  // Show every word in another language from now on.
 *   startup: {args: [language: string], answer: Startup},  // What to show first, in the page's language (a lesson kept on this device resumes).
 *   newGame: {args: [names: string[], seed: string | null, options: NewGameOptions], answer: View},  // Start a game (seed: the text typed, or null for a random one).
 *   importRecord: {args: [text: string], answer: Imported},  // Read a record file: the game it holds, or why not.
 *   exportRecord: {args: [], answer: string},  // The saved game's record (JSON text).
 *   sync: {args: [], answer: View},  // Another tab wrote the game: look at it again.
 *   continueHere: {args: [], answer: View},  // Keep this tab's version of the game as a new game.
 *   follow: {args: [], answer: View},  // Take the game as another tab left it.
 *   shareLink: {args: [], answer: Link},  // The game as a link's fragment.
 *   openLink: {args: [fragment: string, confirmed: boolean], answer: Opened},  // Open the game of a URL fragment (asked on every start, most often with none).
 *   linkSeat: {args: [remembered: string | null], answer: Seat},  // The visitor's seat in a linked game.
 *   linkNote: {args: [seat: string | null], answer: string},  // Whose turn it is, said to the player of that seat.
 *   dailyGame: {args: [name: string], answer: View},  // Start today's deal (UTC) against the computer.
 *   endInfo: {args: [], answer: EndInfo},  // What the end screen adds (today's deal's result).
 *   turnsRead: {args: [code: string], answer: TurnsGame},  // What a table's game holds, as the rules read it (web/page/turns.py).
 *   turnsRename: {args: [code: string, seat: number, name: string], answer: Renamed},  // A table's game with a seat under the name its taker typed.
 *   turnsOpen: {args: [code: string, mine: number[], slot: string], answer: View},  // Put a table's game on screen in save slot ``slot``, this device playing the seats ``mine`` (and the computers' when their turn comes).
 *   lessonStart: {args: [lesson: string | null], answer: View},  // Start a lesson of the guided first game, from its first step.
 *   lessonExit: {args: [], answer: LessonExit},  // Leave the lessons for the saved game.
 *   lessonFirstGame: {args: [], answer: View},  // Leave the lessons for a first game against two easy computers.
 *   addPart: {args: [part: string, zipped: string], answer: boolean},  // A part of the page shipped apart (live play: live/livepy.zip, the package web/page/live/), as base64: unpacked beside page/ unless it is there already, and its calls (``Calls`` of web/page/<part>/calls.py) served from now on. Answers whether they are.
 * }} Calls
 */

/**
 * Call Python: one function of web/page/bridge.py, its arguments sent and its
 * answer read back as JSON.
 * @template {keyof Calls} K
 * @param {K} name
 * @param {Calls[K]["args"]} args
 * @returns {Promise<Calls[K]["answer"]>}
 */
export async function call(name, ...args) {
  const python = /** @type {{mykerinos?: {call: (name: string, args: string) => Promise<string>}}} */ (
    /** @type {unknown} */ (window)
  ).mykerinos;
  if (!python) throw new Error("the rules engine has not started");
  return JSON.parse(await python.call(name, JSON.stringify(args)));
}
