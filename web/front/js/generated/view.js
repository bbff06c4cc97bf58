// @ts-check
// The view's types for the page: written by tools/page_types.py from
// web/page/view_types.py (edit that file, not this one). docs/VIEW.md says what
// every field means. This file holds types only (nothing runs).

/**
 * A side of the board: a seat index, or "neutral" (the neutral player of a 2-player game).
 * @typedef {number | "neutral"} Side
 */

/**
 * @typedef {"inner" | "outer" | "whole"} RoomPart
 */

/**
 * A cell of the region.
 * @typedef {object} Cell
 * @property {string} name  "c3": also its id, "cell-c3", and its target "cell:c3"
 * @property {number} col  grid column, 0-based (see RegionView.columns)
 * @property {number} row  grid row, 0-based (see RegionView.rows)
 * @property {number} area  its area (1-based), 0 for a river cell
 * @property {string} card  id of the card it lies on (a parcel or a Nile card)
 * @property {boolean} nile  lies on a Nile card (river or land)
 * @property {boolean} pyramid
 * @property {boolean} river
 * @property {Side | null} owner  the cube on it
 * @property {number | null} token  the seat whose Greenwish token is on it
 * @property {boolean} hl  may be chosen now
 * @property {number | null} order  place in the move being built (1, 2...)
 */

/**
 * A parcel card of the region.
 * @typedef {object} ParcelView
 * @property {number} slot
 * @property {string} id
 * @property {string | null} patron
 * @property {string} abbr  the patron's mark on the cartouche
 * @property {number} value
 * @property {number} area
 * @property {number} col  its top-left cell's column
 * @property {number} row  its top-left cell's row
 * @property {boolean} present  still in the region (not taken yet)
 * @property {boolean} hl  may be taken now
 * @property {string} label
 */

/**
 * A card of the Nile, lying over one line of the region.
 * @typedef {object} NileCardView
 * @property {number} line  1-based line of the region it lies on
 * @property {string} id
 * @property {string} patron
 * @property {string} abbr
 * @property {number} value
 * @property {number} col
 * @property {number} row
 * @property {number} cols  how many columns it covers
 * @property {boolean} present
 * @property {boolean} hl
 * @property {string} label
 */

/**
 * An area's top-left cell and width.
 * @typedef {object} Area
 * @property {number} area
 * @property {number} col
 * @property {number} row
 * @property {number} cols
 */

/**
 * The grid, in cells; the page turns grid places into pixels.
 * @typedef {object} RegionView
 * @property {string[]} columns  column names, left to right ("a".."h")
 * @property {string[]} rows  row names, top to bottom ("1".."12")
 * @property {number} card_cols  columns of one card
 * @property {number} card_rows  rows of one card
 * @property {number} area_cards  cards side by side in one area
 * @property {Area[]} areas
 * @property {Cell[]} cells
 * @property {ParcelView[]} parcels
 * @property {NileCardView[]} nile
 */

/**
 * A room of the museum.
 * @typedef {object} Room
 * @property {string} id  "W1-5": its element id is "room-W1-5", its target "room:W1-5"
 * @property {number} value  2, 3 or 5
 * @property {number} slot  place on the museum's ring, clockwise from wing 1 (0-based)
 * @property {RoomPart} part  which part of its slot it fills
 * @property {number | null} wing  its wing (1-based), null for a 2-room (between two wings)
 * @property {string | null} patron  the wing's patron, null for a 2-room
 * @property {number | null} holder
 * @property {number | null} token
 * @property {boolean} hl
 * @property {string} label
 */

/**
 * A boat of the Nile.
 * @typedef {object} Boat
 * @property {string} id  "boat-tie"...: its words are the catalogue's boat.<id>
 * @property {string} mark  the short mark drawn on it
 */

/**
 * A card a player holds.
 * @typedef {object} HandCard
 * @property {string} id
 * @property {string | null} patron
 * @property {string} abbr
 * @property {number} value
 * @property {boolean} tilted
 * @property {string} label
 */

/**
 * A player's cards of one patron.
 * @typedef {object} HandGroup
 * @property {string | null} patron
 * @property {HandCard[]} cards
 */

/**
 * A seat and what it holds.
 * @typedef {object} Player
 * @property {number} index  the seat (0-based), as sides name it
 * @property {string} name
 * @property {string} letter
 * @property {string} colour
 * @property {string} shape
 * @property {number} score
 * @property {number} cubes
 * @property {number} neutral_cubes
 * @property {number} supply
 * @property {HandGroup[]} hand  the cards grouped by patron, in the order to show
 * @property {number | null} passed
 * @property {boolean} to_move
 * @property {boolean} first
 * @property {string} seat  "human" or a computer level (see NewGame.seats)
 * @property {Boat[]} boats
 * @property {number} tokens
 */

/**
 * The neutral player of a 2-player game.
 * @typedef {object} Neutral
 * @property {string} letter
 * @property {string} colour
 * @property {string} shape
 * @property {number} supply
 */

/**
 * A wing of the museum and its patron.
 * @typedef {object} Wing
 * @property {number} wing
 * @property {string} patron
 * @property {string} name
 */

/**
 * An action button.
 * @typedef {object} Action
 * @property {string} id  its target, "action:<key>"
 * @property {string} key  the move kind ("dig", "extend:tangerine", "boat:use"...)
 * @property {string} label
 * @property {string} help
 * @property {string} now  what it allows in this position ("" when nothing to say)
 * @property {Boat | null} boat  the boat it concerns (drawn on the button)
 * @property {boolean} selected
 */

/**
 * The places a move touches, for marking a hint or a computer's last move.
 * @typedef {object} Marks
 * @property {string | null} key  action key of its button
 * @property {string[]} cells
 * @property {string[]} rooms
 * @property {string[]} cards
 */

/**
 * The last recorded decision and the places it marks.
 * @typedef {object} LastMove
 * @property {string | null} key  action key of its button
 * @property {string[]} cells
 * @property {string[]} rooms
 * @property {string[]} cards
 * @property {number} player
 */

/**
 * A suggested move in words, with its marks.
 * @typedef {object} Hint
 * @property {string | null} key  action key of its button
 * @property {string[]} cells
 * @property {string[]} rooms
 * @property {string[]} cards
 * @property {string} text
 */

/**
 * What the new-game dialog offers.
 * @typedef {object} NewGame
 * @property {number[]} players  how many players a game may have
 * @property {number} name_max  longest name, in characters
 * @property {number} seed_max  longest seed typed as text, in characters
 * @property {string[]} seats  who may sit at a seat: "human", "friend" (live), "turns" (by turns), then the computer levels
 */

/**
 * A wing's part of a player's exhibition.
 * @typedef {object} FinalWing
 * @property {number} wing
 * @property {string} patron
 * @property {number} cards
 * @property {number} per_card
 * @property {number} points
 */

/**
 * A player's final score, part by part.
 * @typedef {object} FinalRow
 * @property {number} index  the seat (0-based)
 * @property {string} name
 * @property {number} claimed
 * @property {FinalWing[]} wings
 * @property {number} exhibition
 * @property {number} sets
 * @property {number} set_points
 * @property {number} total
 * @property {number} cubes
 * @property {boolean} winner
 */

/**
 * Each player's score at the chart's points (game/timeline.py ScoreChart).
 * @typedef {object} Chart
 * @property {string} title
 * @property {string[]} labels  the points' names, in the page's language
 * @property {number[]} positions  the position review shows for each point
 * @property {boolean[]} complete  false for a season still being played
 * @property {number[][]} series  series[player][point]
 */

/**
 * The end of the game.
 * @typedef {object} Final
 * @property {FinalRow[]} rows
 * @property {string[]} winners
 * @property {boolean} tie_break
 * @property {boolean} shared
 * @property {Chart} chart  the scores through the game
 */

/**
 * Where a season or a survey starts, for a step of review.
 * @typedef {object} ReviewMark
 * @property {number} season
 * @property {number} index
 * @property {string} label
 */

/**
 * The decision played from the position shown.
 * @typedef {object} ReviewNext
 * @property {number} player
 * @property {string} text
 */

/**
 * What review shows: position `index` of `last`.
 * @typedef {object} ReviewView
 * @property {number} index
 * @property {number} last
 * @property {string} label  "Move 37 of 112"
 * @property {string} said  what a screen reader hears: the label and that decision's log lines
 * @property {ReviewNext | null} next  the decision played from here
 * @property {ReviewMark[]} seasons
 * @property {ReviewMark[]} surveys
 * @property {Chart} chart
 */

/**
 * This game's save (web/page/session.py).
 * @typedef {object} Save
 * @property {string} id  its slot
 * @property {number} written  writes by this tab: the page tells other tabs when it grows
 * @property {boolean} elsewhere  another tab moved the game on: read-only until the player decides
 * @property {string | null} trouble  why the device refused to save, said once, or null
 * @property {number} record_max  the largest file an import may read
 */

/**
 * A lesson of the guided first game (web/page/course.py), in the view while one is on screen.
 * @typedef {object} LessonView
 * @property {string} id  its id in web/page/lessons.json
 * @property {number} number  1-based, of `count`
 * @property {number} count
 * @property {string} title
 * @property {number} step  the step shown, 1-based, of `steps`
 * @property {number} steps
 * @property {string} text  what to do now and why (at the end: what was learnt)
 * @property {string[]} others  what the other players just did, a sentence each
 * @property {Marks} marks  the next click's target (the action, then each cell, room or card)
 * @property {boolean} done  every step played
 * @property {boolean} optional  a lesson that may be left out (the Nile)
 * @property {string | null} next  the next lesson's id
 * @property {string | null} next_title
 * @property {boolean} next_optional
 */

/**
 * Everything the page draws and decides (docs/VIEW.md), built whole by web/page/view.py board().
 * @typedef {object} View
 * @property {number} game  changes with each new game, import or lesson
 * @property {number} revision  changes with each move played
 * @property {string} stamp  names this position of this game: a computer's answer for another is dropped
 * @property {number} season
 * @property {boolean} last_season
 * @property {string} phase
 * @property {string} phase_name
 * @property {number | null} to_move
 * @property {Side | null} placing  whose cubes a move being built puts down
 * @property {string} prompt
 * @property {string | null} message
 * @property {Player[]} players
 * @property {Neutral | null} neutral
 * @property {Wing[]} wings
 * @property {RegionView} region
 * @property {boolean} nile
 * @property {Boat | null} boat_offer
 * @property {boolean} token_step
 * @property {string | null} bot_to_move  the level of the computer to move
 * @property {NewGame} new_game  what the new-game dialog offers
 * @property {Room[]} museum
 * @property {(Side | null)[]} scale
 * @property {Action[]} actions
 * @property {boolean} building
 * @property {boolean} can_cancel
 * @property {boolean} can_undo
 * @property {number | null} survey_area  the area surveyed now (0: the Nile)
 * @property {number | null} tie_area  the area whose tie the tie boat may break
 * @property {LastMove | null} last_move
 * @property {string[]} log
 * @property {Final | null} final
 * @property {ReviewView | null} review  the past position shown, or null: the game itself
 * @property {boolean} can_review  the game has a past to step through
 * @property {Save | null} save  this game's save (several tabs, storage errors); null in a lesson
 * @property {LessonView | null} lesson  the lesson shown instead of the game, or null
 */

export {};
