"""The game state and its rules: who decides, what is legal, and what a move does.

``GameState`` is mutable. ``legal_moves()`` is the one source of legality;
``play()`` checks a move against it (raising a typed error and changing
nothing when it is not there) and ``apply()`` trusts its caller, for speed in
bots and playouts. Whenever exactly one move is legal the engine plays it by
itself (a forced move): it is logged but never written to the record.
"""
from __future__ import annotations

from enum import Enum
from typing import Any, Iterator

from .cards import GREENWISH, PARCELS, PATRONS, card_patron, card_value, format_dealt, parse_dealt
from .errors import IllegalMoveError, MalformedMoveError
from .moves import NEUTRAL_NONE, PASS, Move
from .museum import ROOM_INDEX, ROOMS, open_rooms
from .region import CELL_INDEX, CELL_NAMES, Region, build_region
from .setup import Setup

CUBES_PER_COLOUR = 25
NILE_CUBES_PER_COLOUR = 23  # two cubes of each colour mark score and passing
TOKENS = 3                  # Greenwish tokens per player
EMPTY = -1
SEASONS = 4
NEUTRAL_SPACE = 2  # the neutral's fixed space on the passing scale (2 players)


class Phase(str, Enum):
    EXCAVATION = "excavation"  # a player chooses an action
    NEUTRAL = "neutral"        # 2 players: the same player may place neutral cubes
    SURVEY = "survey"          # the Nile (expansion) then the areas are surveyed one by one
    BOAT = "boat"              # Nile: the tie boat's holder decides whether to use it
    OVER = "over"


def season_supply(players: int) -> int:
    """Cubes each player takes from the general stock at the start of a season."""
    return 8 if players == 4 else 11


def parcels_in_season(season: int) -> int:
    return 12 if season == SEASONS else 8


class GameState:
    """Everything about a game in progress. Sides are players 0..n-1 plus, in a
    2-player game, the neutral colour as side 2."""

    def __init__(self, setup: Setup, *, log: bool = True) -> None:
        self._configure(setup)
        self.season = 1
        self.phase = Phase.EXCAVATION
        self.first_player = setup.first_player
        self.to_move: int | None = setup.first_player
        self.cubes = [0] * self.n
        self.neutral_cubes = [0] * self.n
        self.board = [EMPTY] * 72
        self.museum = [EMPTY] * len(ROOMS)
        self.pass_space = [0] * self.sides  # 0 = not passed yet this season
        self.last_turn = False
        self.score = [0] * self.n
        self.cards: list[list[str]] = [[] for _ in range(self.n)]
        self.tilted: list[list[str]] = [[] for _ in range(self.n)]
        self.region_cards: list[list[str]] = []
        self.discarded: list[str] = []
        self.survey_area = 0
        self.survey_rank: list[int] | None = None
        self.survey_pos = 0
        self.moves: list[tuple[int, Move]] = []
        self.forced: list[tuple[int, Move]] = []  # forced moves since the last decision
        self.final: dict[str, Any] | None = None
        self.log: list[dict[str, Any]] | None = [] if log else None
        # The Nile expansion (all empty in a base game).
        self.nile_pile: list[tuple[str, bool]] = list(setup.nile_deck[:5])
        self.nile_in_play: tuple[tuple[str, bool], ...] = ()
        self.boat_offer: str | None = None
        self.boats: list[list[str]] = [[] for _ in range(self.n)]
        self.boats_out: list[str] = []
        self.tokens = [TOKENS if self.nile else 0] * self.n
        self.cell_token = [EMPTY] * 72
        self.room_token = [EMPTY] * len(ROOMS)
        self._start_season()
        self._settle()

    def _configure(self, setup: Setup) -> None:
        """What follows from the setup alone: player count, the neutral, cube totals."""
        self.setup = setup
        self.n = setup.count
        self.neutral = 2 if self.n == 2 else -1
        self.sides = self.n + (1 if self.n == 2 else 0)
        self.nile = setup.nile
        self.cubes_total = NILE_CUBES_PER_COLOUR if self.nile else CUBES_PER_COLOUR

    # ------------------------------------------------------------------ queries
    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def general_stock(self, side: int) -> int:
        """Cubes of a colour in the general stock (derived, never stored)."""
        held = sum(self.neutral_cubes) if side == self.neutral else self.cubes[side]
        return self.cubes_total - held - self.board.count(side) - self.museum.count(side)

    def passing_order(self) -> list[int]:
        """Sides that have passed, in the order of their spaces on the scale."""
        spaces = sorted((s, side) for side, s in enumerate(self.pass_space) if s)
        return [side for _, side in spaces]

    def untilted(self, player: int, patron: str) -> str | None:
        """A card of ``patron`` the player holds and has not tilted, if any."""
        tilted = self.tilted[player]
        for card in self.cards[player]:
            if card_patron(card) == patron and card not in tilted:
                return card
        return None

    def legal_moves(self) -> list[Move]:
        return list(self.iter_legal())

    def is_legal(self, move: Move) -> bool:
        return move in self.iter_legal()

    # ------------------------------------------------------------- legal moves
    def iter_legal(self) -> Iterator[Move]:
        """Every legal decision of the player to move, in a fixed order."""
        phase = self.phase
        if phase is Phase.EXCAVATION:
            assert self.to_move is not None
            yield from self._iter_excavation(self.to_move)
        elif phase is Phase.NEUTRAL:
            assert self.to_move is not None
            yield from self._iter_neutral(self.to_move)
        elif phase is Phase.SURVEY:
            yield from self._iter_survey()
        elif phase is Phase.BOAT:
            yield Move("boat", use=True)
            yield Move("boat", use=False)

    def _free_cells(self, side: int) -> list[int]:
        """Cells where ``side`` may place a cube: no cube, no pyramid, and no
        Greenwish token but its own."""
        board, pyramid = self.board, self.region.pyramid
        if not self.nile:
            return [i for i in self.region.cells if board[i] == EMPTY and not pyramid[i]]
        token = self.cell_token
        return [i for i in self.region.cells if board[i] == EMPTY and not pyramid[i]
                and (token[i] == EMPTY or token[i] == side)]

    def _open_rooms(self, p: int) -> list[int]:
        """Rooms ``p`` may book with Sir Brown (others' tokens block theirs)."""
        if not self.nile:
            return open_rooms(self.museum, p)
        blocked = frozenset(r for r, t in enumerate(self.room_token) if t != EMPTY and t != p)
        return open_rooms(self.museum, p, blocked)

    def _frontier(self, side: int, ok: list[bool]) -> list[int]:
        """Cells allowed by ``ok`` next to a cube of ``side``."""
        board, nbrs = self.board, self.region.neighbors
        seen = [False] * 72
        out = []
        for i in self.region.cells:
            if board[i] == side:
                for j in nbrs[i]:
                    if ok[j] and not seen[j]:
                        seen[j] = True
                        out.append(j)
        out.sort()
        return out

    def _iter_excavation(self, p: int) -> Iterator[Move]:
        yield PASS
        have = self.cubes[p]
        if have == 0:
            return
        names = CELL_NAMES
        nbrs = self.region.neighbors
        free = self._free_cells(p)
        ok = [False] * 72
        for i in free:
            ok[i] = True
        for i in free:
            yield Move("dig", (names[i],))
        front = self._frontier(p, ok)
        if have >= 2:
            for i in front:
                for j in nbrs[i]:
                    if ok[j]:
                        yield Move("extend", (names[i], names[j]))
        usable = [pat for pat in PATRONS if self.untilted(p, pat) is not None]
        for patron in usable:
            if patron == "violet":
                if self.general_stock(p) == 0:
                    continue
                for i in free:
                    yield Move("dig", (names[i],), "violet")
                for i in front:
                    for j in nbrs[i]:
                        if ok[j]:
                            yield Move("extend", (names[i], names[j]), "violet")
            elif patron == "lemon":
                board, pyramid = self.board, self.region.pyramid
                pyr = [False] * 72
                for i in self.region.cells:
                    if pyramid[i] and board[i] == EMPTY:
                        pyr[i] = True
                for i in self.region.cells:
                    if pyr[i]:
                        yield Move("dig", (names[i],), "lemon")
                if have >= 2:
                    either = [a or b for a, b in zip(ok, pyr)]
                    for i in self._frontier(p, either):
                        for j in nbrs[i]:
                            if (pyr[i] and ok[j]) or (ok[i] and pyr[j]):
                                yield Move("extend", (names[i], names[j]), "lemon")
            elif patron == "brown":
                for r in self._open_rooms(p):
                    yield Move("museum", (), "brown", ROOMS[r])
            elif patron == "blackmore":
                if have >= 2:
                    for i in free:
                        for j in nbrs[i]:
                            if ok[j]:
                                yield Move("dig", (names[i], names[j]), "blackmore")
            elif patron == "tangerine":
                if have >= 3:
                    for i in front:
                        for j in nbrs[i]:
                            if ok[j]:
                                for k in nbrs[j]:
                                    if ok[k] and k != i:
                                        yield Move("extend", (names[i], names[j], names[k]),
                                                   "tangerine")
        if self.tokens[p] and self.untilted(p, GREENWISH) is not None:
            yield from self._iter_greenwish(p, free, front, ok)

    def _iter_greenwish(self, p: int, free: list[int], front: list[int],
                        ok: list[bool]) -> Iterator[Move]:
        """A or B, then a token on an empty room or an empty, pyramid-free cell."""
        names = CELL_NAMES
        board, pyramid, token = self.board, self.region.pyramid, self.cell_token
        empty_cells = [i for i in self.region.cells
                       if board[i] == EMPTY and not pyramid[i] and token[i] == EMPTY]
        empty_rooms = [ROOMS[r] for r in range(len(ROOMS))
                       if self.museum[r] == EMPTY and self.room_token[r] == EMPTY]
        placements: list[tuple[str, tuple[int, ...]]] = [("dig", (i,)) for i in free]
        if self.cubes[p] >= 2:
            nbrs = self.region.neighbors
            placements += [("extend", (i, j)) for i in front for j in nbrs[i] if ok[j]]
        for action, cells in placements:
            named = tuple(names[i] for i in cells)
            for t in empty_cells:
                if t not in cells:
                    yield Move(action, named, GREENWISH, token=names[t])
            for room in empty_rooms:
                yield Move(action, named, GREENWISH, token=room)

    def _iter_neutral(self, p: int) -> Iterator[Move]:
        yield NEUTRAL_NONE
        have = self.neutral_cubes[p]
        if have == 0:
            return
        names = CELL_NAMES
        free = self._free_cells(self.neutral)
        for i in free:
            yield Move("neutral", (names[i],))
        if have >= 2:
            ok = [False] * 72
            for i in free:
                ok[i] = True
            nbrs = self.region.neighbors
            for i in self._frontier(self.neutral, ok):
                for j in nbrs[i]:
                    if ok[j]:
                        yield Move("neutral", (names[i], names[j]))

    def survey_decision(self) -> tuple[str, int, int] | None:
        """(kind, deciding player, side concerned) of the pending survey decision.
        Kinds: "first" (1st/2nd: a card or the museum), "rest" (3rd/4th: a card),
        "neutral" (a player picks the neutral's card)."""
        if self.phase is not Phase.SURVEY or self.survey_rank is None:
            return None
        rank, pos = self.survey_rank, self.survey_pos
        side = rank[pos]
        if side == self.neutral:
            if pos > 0:
                chooser = rank[0]
            elif len(rank) >= 3:
                chooser = rank[2]
            elif len(rank) == 2:
                chooser = 1 - rank[1]
            else:  # alone on the river: the player who passed first chooses
                chooser = min((0, 1), key=lambda q: self.pass_space[q])
            return ("neutral", chooser, side)
        if self.survey_area == 0:
            return ("nile", side, side)
        return ("first" if pos < 2 else "rest", side, side)

    def survey_offer(self) -> list[str]:
        """Cards the pending survey decision chooses among."""
        cards = self.region_cards[self.survey_area]
        if self.survey_area == 0 and self.season == SEASONS:
            # Last season: the 5-point Nile card goes to the first, the others to the second.
            if self.survey_pos == 0:
                return [c for c in cards if c == "nile-6"] or list(cards)
            return [c for c in cards if c != "nile-6"]
        return cards

    def _iter_survey(self) -> Iterator[Move]:
        decision = self.survey_decision()
        if decision is None:
            return
        kind, player, _ = decision
        cards = self.survey_offer()
        if kind == "neutral":
            for card in cards:
                yield Move("neutral_claim", card=card)
            return
        for card in cards:
            yield Move("claim", card=card)
        if kind == "first" and self.general_stock(player) > 0:
            for r in open_rooms(self.museum, player):  # tokens are gone by now
                yield Move("museum", room=ROOMS[r])

    # ------------------------------------------------------------------ playing
    def play(self, move: Move | dict[str, Any], player: int | None = None) -> None:
        """Check and apply one decision. Raises MalformedMoveError or
        IllegalMoveError (with what is wrong and what is allowed) and leaves
        the state untouched when the move cannot be played."""
        if isinstance(move, dict):
            move = Move.from_json(move)
        elif not isinstance(move, Move):
            raise MalformedMoveError("a move must be a Move or a JSON object")
        if self.phase is Phase.OVER:
            raise IllegalMoveError("the game is over: no move can be played")
        if player is not None and player != self.to_move:
            raise IllegalMoveError(
                f"it is {self.setup.players[self.to_move or 0]}'s decision "
                f"(player {self.to_move}), not player {player}'s")
        if not self.is_legal(move):
            from .legality import explain_illegal
            raise IllegalMoveError(explain_illegal(self, move))
        self.apply(move)

    def apply(self, move: Move) -> None:
        """Apply a move known to be legal, then any forced moves after it."""
        self.forced = []
        self._record(move)
        self._apply(move)
        self._settle()

    def _record(self, move: Move) -> None:
        assert self.to_move is not None
        self.moves.append((self.to_move, move))

    def _settle(self) -> None:
        """Play every forced move (a decision with exactly one legal choice)."""
        while self.phase is not Phase.OVER:
            it = self.iter_legal()
            first = next(it, None)
            if first is None:
                raise AssertionError(f"no legal move in phase {self.phase}")
            if next(it, None) is not None:
                return
            assert self.to_move is not None
            self.forced.append((self.to_move, first))
            self._apply(first, forced=True)

    def _emit(self, event: dict[str, Any]) -> None:
        if self.log is not None:
            self.log.append(event)

    def _apply(self, move: Move, forced: bool = False) -> None:
        p = self.to_move
        assert p is not None
        phase = self.phase
        if phase is Phase.EXCAVATION:
            event = {"type": move.action, "player": p, "patron": move.patron,
                     "cells": list(move.cells), "room": move.room, "forced": forced,
                     "season": self.season}
            if move.token is not None:
                event["token"] = move.token
            self._emit(event)
            if move.action == "pass":
                self._take_pass_space(p)
                self._end_turn(p)
                return
            if move.patron is not None:
                card = self.untilted(p, move.patron)
                assert card is not None
                self.tilted[p].append(card)
                if move.patron == "violet":
                    self.cubes[p] += 1
            if move.action == "museum":
                assert move.room is not None
                room = ROOM_INDEX[move.room]
                self.museum[room] = p
                self.cubes[p] -= 1
                if self.room_token[room] == p:  # settling where the token stood
                    self.room_token[room] = EMPTY
                    self.tokens[p] += 1
            else:
                for name in move.cells:
                    idx = CELL_INDEX[name]
                    self.board[idx] = p
                    if self.cell_token[idx] == p:
                        self.cell_token[idx] = EMPTY
                        self.tokens[p] += 1
                self.cubes[p] -= len(move.cells)
            if move.token is not None:
                self.tokens[p] -= 1
                if move.token in ROOM_INDEX:
                    self.room_token[ROOM_INDEX[move.token]] = p
                else:
                    self.cell_token[CELL_INDEX[move.token]] = p
            if self.neutral >= 0 and self.neutral_cubes[p] > 0:
                self.phase = Phase.NEUTRAL
            else:
                self._end_turn(p)
        elif phase is Phase.NEUTRAL:
            if move.cells:
                self._emit({"type": "neutral", "player": p, "cells": list(move.cells),
                            "forced": forced, "season": self.season})
            for name in move.cells:
                self.board[CELL_INDEX[name]] = self.neutral
            self.neutral_cubes[p] -= len(move.cells)
            self.phase = Phase.EXCAVATION
            self._end_turn(p)
        elif phase is Phase.SURVEY:
            self._apply_survey(p, move, forced)
        elif phase is Phase.BOAT:
            self._apply_boat(p, bool(move.use), forced)
        else:
            raise AssertionError("no move after the game is over")

    # ---------------------------------------------------------------- excavation
    def _take_pass_space(self, side: int) -> None:
        used = set(self.pass_space)
        space = 1
        while space in used:
            space += 1
        self.pass_space[side] = space

    def _end_turn(self, p: int) -> None:
        if self.last_turn and not self.pass_space[p]:
            # The last player's single action is done: they take the next space.
            self._take_pass_space(p)
            self._emit({"type": "last_pass", "player": p, "season": self.season})
        remaining = [q for q in range(self.n) if not self.pass_space[q]]
        if not remaining:
            self.last_turn = False
            self._start_survey()
            return
        if len(remaining) == 1:
            self.last_turn = True
            self.to_move = remaining[0]
            return
        q = p
        while True:
            q = (q + 1) % self.n
            if not self.pass_space[q]:
                self.to_move = q
                return

    # ------------------------------------------------------------------ seasons
    def _deal_region(self) -> Region:
        start = 8 * (self.season - 1)
        return build_region(self.setup.deck[start:start + parcels_in_season(self.season)],
                            self.nile_in_play)

    def _deal_nile(self) -> None:
        """Nile cards for this season's lines, and the boat on offer."""
        if self.season < SEASONS:
            self.nile_in_play = tuple(self.nile_pile[:2])
            del self.nile_pile[:2]
            self.boat_offer = self.setup.boats[self.season - 1]
            return
        # Last season: the 5-point card on its line, the pile's top two on the others.
        six = self.setup.nile_deck[5]
        top = self.nile_pile[:2]
        lines = []
        for line in range(1, 4):
            lines.append(six if line == self.setup.nile_six_line else top.pop(0))
        self.discarded.extend(c for c, _ in self.nile_pile[2:])
        self.nile_pile = []
        self.nile_in_play = tuple(lines)
        self.boat_offer = None

    def _start_season(self) -> None:
        if self.nile:
            self._deal_nile()
        self.region = self._deal_region()
        order = [(self.first_player + k) % self.n for k in range(self.n)]
        want = season_supply(self.n)
        for p in order:
            self.cubes[p] += min(want, self.general_stock(p))
        if self.neutral >= 0:
            for p in order:
                self.neutral_cubes[p] += min(4, self.general_stock(self.neutral))
            self.pass_space[self.neutral] = NEUTRAL_SPACE
        self.region_cards = [[c for c, _ in self.nile_in_play]] + [
            list(self.region.area_cards(a)) for a in range(1, self.region.areas + 1)]
        self.phase = Phase.EXCAVATION
        self.to_move = self.first_player
        self.last_turn = False
        self._emit({"type": "season", "season": self.season, "first_player": self.first_player,
                    "cubes": list(self.cubes), "neutral_cubes": list(self.neutral_cubes)})

    def _end_season(self) -> None:
        order = self.passing_order()
        last = order[-1]
        if self.season == SEASONS:
            self._finish()
            return
        self.first_player = last
        self.pass_space = [0] * self.sides
        for t in self.tilted:
            t.clear()
        self.season += 1
        self._start_season()

    def _finish(self) -> None:
        from .scoring import final_scores
        self.final = final_scores(self)
        self.score = list(self.final["scores"])
        self.phase = Phase.OVER
        self.to_move = None
        self._emit({"type": "game_over", "scores": self.final["scores"],
                    "winners": self.final["winners"]})

    # ------------------------------------------------------------------- survey
    def _start_survey(self) -> None:
        self.phase = Phase.SURVEY
        self.survey_area = 0 if self.nile else 1
        self.survey_rank = None
        if self.nile:
            # Greenwish tokens go back to their owners before anything is counted.
            self.cell_token = [EMPTY] * 72
            self.room_token = [EMPTY] * len(ROOMS)
            self.tokens = [TOKENS] * self.n
        self._advance_survey()

    def survey_cells(self, area: int) -> tuple[int, ...]:
        """Cells counted in a survey: the river cells for the Nile (area 0)."""
        if area == 0:
            return tuple(i for i in self.region.cells if self.region.river[i])
        return self.region.area_cells[area]

    def ranking(self, cells: tuple[int, ...] | list[int]) -> list[tuple[int, int]]:
        """(side, cubes) with cubes > 0, best first; ties go to the earlier passer."""
        counts = [0] * self.sides
        board = self.board
        for i in cells:
            s = board[i]
            if s != EMPTY:
                counts[s] += 1
        ranked = [(s, c) for s, c in enumerate(counts) if c]
        ranked.sort(key=lambda sc: (-sc[1], self.pass_space[sc[0]]))
        return ranked

    def _advance_survey(self) -> None:
        """Run the survey until a decision is needed (or the season ends)."""
        while True:
            area = self.survey_area
            if self.survey_rank is None:
                if area > self.region.areas:
                    self.survey_area = 0
                    self._end_season()
                    return
                ranked = self.ranking(self.survey_cells(area))
                self.survey_rank = [s for s, _ in ranked]
                self.survey_pos = 0
                self._emit({"type": "survey", "area": area, "season": self.season,
                            "ranking": [[s, c] for s, c in ranked],
                            "cards": list(self.region_cards[area])})
                holder = self._tie_boat_question(ranked)
                if holder is not None:
                    self.phase = Phase.BOAT
                    self.to_move = holder
                    return
            rank, pos = self.survey_rank, self.survey_pos
            cards = self.region_cards[area]
            if area == 0:
                if pos >= min(2, len(rank)):
                    self._finish_nile()
                    continue
                if pos == 1 and self.season < SEASONS:
                    self._give_boat(rank[1])
                    self.survey_pos += 1
                    continue
                if not cards:
                    self.survey_pos += 1
                    continue
            elif pos >= len(rank) or not cards:
                self._finish_area(area)
                continue
            side = rank[pos]
            if area and side == self.neutral and (pos >= 2 or len(rank) == 1):
                # In an area the neutral only claims as 1st or 2nd, and alone it
                # claims both: either way its cards leave the game, so nothing is asked.
                self.survey_pos = len(rank)
                continue
            decision = self.survey_decision()
            assert decision is not None
            self.to_move = decision[1]
            return

    def _tie_boat_question(self, ranked: list[tuple[int, int]]) -> int | None:
        """The tie boat's holder, when using it now would lift them past someone
        tied with them (for the Nile, only a tie that reaches 1st or 2nd place)."""
        if not self.nile:
            return None
        for p in range(self.n):
            if "boat-tie" in self.boats[p]:
                break
        else:
            return None
        sides = [s for s, _ in ranked]
        if p not in sides:
            return None
        mine = dict(ranked)[p]
        first_tied = next(i for i, (_, c) in enumerate(ranked) if c == mine)
        if first_tied == sides.index(p):
            return None
        if self.survey_area == 0 and first_tied >= 2:
            return None
        return p

    def _apply_boat(self, p: int, use: bool, forced: bool) -> None:
        self._emit({"type": "boat_use" if use else "boat_keep", "player": p,
                    "area": self.survey_area, "forced": forced, "season": self.season})
        if use:
            assert self.survey_rank is not None
            ranked = self.ranking(self.survey_cells(self.survey_area))
            mine = dict(ranked)[p]
            rank = self.survey_rank
            rank.remove(p)
            rank.insert(next(i for i, (_, c) in enumerate(ranked) if c == mine), p)
            self.boats[p].remove("boat-tie")
            self.boats_out.append("boat-tie")
        self.phase = Phase.SURVEY
        self._advance_survey()

    def _give_boat(self, side: int) -> None:
        """The boat on offer goes to the second on the river (the neutral's leaves the game)."""
        boat = self.boat_offer
        self.boat_offer = None
        if boat is None:
            return
        if side == self.neutral:
            self.boats_out.append(boat)
            self._emit({"type": "boat_lost", "boat": boat, "season": self.season})
            return
        self.boats[side].append(boat)
        if boat == "boat-2":
            self.score[side] += 2
        elif boat == "boat-3":
            self.score[side] += 3
        elif boat == "boat-cubes":
            self.cubes[side] += min(2, self.general_stock(side))
        self._emit({"type": "boat", "player": side, "boat": boat, "season": self.season})

    def _finish_nile(self) -> None:
        """Untaken Nile cards go under the pile (or out in the last season), the
        untaken boat leaves, river cubes return to the stock."""
        left = self.region_cards[0]
        if left:
            if self.season < SEASONS:
                turned = dict(self.nile_in_play)
                self.nile_pile.extend((c, turned[c]) for c in left)
            else:
                self.discarded.extend(left)
            self._emit({"type": "nile_return" if self.season < SEASONS else "discard",
                        "area": 0, "cards": list(left), "season": self.season})
            self.region_cards[0] = []
        if self.boat_offer is not None:
            self.boats_out.append(self.boat_offer)
            self._emit({"type": "boat_lost", "boat": self.boat_offer, "season": self.season})
            self.boat_offer = None
        for i in self.survey_cells(0):
            self.board[i] = EMPTY
        self.survey_area = 1
        self.survey_rank = None
        self.survey_pos = 0

    def _finish_area(self, area: int) -> None:
        left = self.region_cards[area]
        if left:
            self.discarded.extend(left)
            self._emit({"type": "discard", "area": area, "cards": list(left),
                        "season": self.season})
            self.region_cards[area] = []
        for i in self.region.area_cells[area]:
            self.board[i] = EMPTY
        self.survey_area = area + 1
        self.survey_rank = None
        self.survey_pos = 0

    def _apply_survey(self, p: int, move: Move, forced: bool) -> None:
        area = self.survey_area
        cards = self.region_cards[area]
        if move.action == "claim":
            assert move.card is not None
            cards.remove(move.card)
            self.cards[p].append(move.card)
            self.score[p] += card_value(move.card)
            self._emit({"type": "claim", "player": p, "card": move.card,
                        "points": card_value(move.card), "area": area, "forced": forced,
                        "season": self.season})
        elif move.action == "neutral_claim":
            assert move.card is not None
            cards.remove(move.card)
            self.discarded.append(move.card)
            self._emit({"type": "neutral_claim", "player": p, "card": move.card,
                        "area": area, "forced": forced, "season": self.season})
        else:
            assert move.room is not None
            self.museum[ROOM_INDEX[move.room]] = p
            self._emit({"type": "book", "player": p, "room": move.room, "area": area,
                        "forced": forced, "season": self.season})
        self.survey_pos += 1
        self._advance_survey()

    # ----------------------------------------------------------- serialisation
    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (``from_dict`` restores it)."""
        names = CELL_NAMES
        return {
            "setup": self.setup.to_json(),
            "season": self.season,
            "phase": self.phase.value,
            "first_player": self.first_player,
            "to_move": self.to_move,
            "cubes": list(self.cubes),
            "neutral_cubes": list(self.neutral_cubes),
            "board": {names[i]: s for i, s in enumerate(self.board) if s != EMPTY},
            "museum": {ROOMS[r]: s for r, s in enumerate(self.museum) if s != EMPTY},
            "pass_space": list(self.pass_space),
            "last_turn": self.last_turn,
            "score": list(self.score),
            "cards": [list(c) for c in self.cards],
            "tilted": [list(t) for t in self.tilted],
            "region_cards": [list(c) for c in self.region_cards],
            "discarded": list(self.discarded),
            "survey": {"area": self.survey_area, "rank": self.survey_rank,
                       "pos": self.survey_pos},
            "moves": [dict(player=p, **m.to_json()) for p, m in self.moves],
            "final": self.final,
            "nile": None if not self.nile else {
                "pile": [format_dealt(c, t) for c, t in self.nile_pile],
                "in_play": [format_dealt(c, t) for c, t in self.nile_in_play],
                "boat_offer": self.boat_offer,
                "boats": [list(b) for b in self.boats],
                "boats_out": list(self.boats_out),
                "tokens": list(self.tokens),
                "cell_tokens": {names[i]: t for i, t in enumerate(self.cell_token) if t != EMPTY},
                "room_tokens": {ROOMS[r]: t for r, t in enumerate(self.room_token) if t != EMPTY},
            },
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "GameState":
        """Rebuild a state saved by ``to_dict`` (trusted data: a save of ours)."""
        state = cls.__new__(cls)
        state._configure(Setup.from_json(data["setup"]))
        state.season = int(data["season"])
        state.phase = Phase(data["phase"])
        state.first_player = int(data["first_player"])
        state.to_move = data["to_move"]
        state.cubes = [int(x) for x in data["cubes"]]
        state.neutral_cubes = [int(x) for x in data["neutral_cubes"]]
        state.board = [EMPTY] * 72
        for name, side in data["board"].items():
            state.board[CELL_INDEX[name]] = int(side)
        state.museum = [EMPTY] * len(ROOMS)
        for room, side in data["museum"].items():
            state.museum[ROOM_INDEX[room]] = int(side)
        state.pass_space = [int(x) for x in data["pass_space"]]
        state.last_turn = bool(data["last_turn"])
        state.score = [int(x) for x in data["score"]]
        state.cards = [list(c) for c in data["cards"]]
        state.tilted = [list(t) for t in data["tilted"]]
        state.region_cards = [list(c) for c in data["region_cards"]]
        state.discarded = list(data["discarded"])
        survey = data["survey"]
        state.survey_area = int(survey["area"])
        state.survey_rank = None if survey["rank"] is None else [int(s) for s in survey["rank"]]
        state.survey_pos = int(survey["pos"])
        state.moves = [(int(m["player"]), Move.from_json(m)) for m in data["moves"]]
        state.final = data["final"]
        state.forced = []
        state.log = []
        nile = data.get("nile") or {}
        state.nile_pile = [parse_dealt(x) for x in nile.get("pile", [])]
        state.nile_in_play = tuple(parse_dealt(x) for x in nile.get("in_play", []))
        state.boat_offer = nile.get("boat_offer")
        state.boats = [list(b) for b in nile.get("boats", [[] for _ in range(state.n)])]
        state.boats_out = list(nile.get("boats_out", []))
        state.tokens = [int(t) for t in nile.get("tokens", [0] * state.n)]
        state.cell_token = [EMPTY] * 72
        for name, owner in nile.get("cell_tokens", {}).items():
            state.cell_token[CELL_INDEX[name]] = int(owner)
        state.room_token = [EMPTY] * len(ROOMS)
        for room, owner in nile.get("room_tokens", {}).items():
            state.room_token[ROOM_INDEX[room]] = int(owner)
        state.region = state._deal_region()
        return state

    def copy(self, *, keep_history: bool = False) -> "GameState":
        """A fast independent copy (for bots); history and log only on request."""
        other = GameState.__new__(GameState)
        other.__dict__.update(self.__dict__)
        other.cubes = list(self.cubes)
        other.neutral_cubes = list(self.neutral_cubes)
        other.board = list(self.board)
        other.museum = list(self.museum)
        other.pass_space = list(self.pass_space)
        other.score = list(self.score)
        other.cards = [list(c) for c in self.cards]
        other.tilted = [list(t) for t in self.tilted]
        other.region_cards = [list(c) for c in self.region_cards]
        other.discarded = list(self.discarded)
        other.survey_rank = None if self.survey_rank is None else list(self.survey_rank)
        if self.nile:
            other.nile_pile = list(self.nile_pile)
            other.boats = [list(b) for b in self.boats]
            other.boats_out = list(self.boats_out)
            other.tokens = list(self.tokens)
            other.cell_token = list(self.cell_token)
            other.room_token = list(self.room_token)
        other.moves = list(self.moves) if keep_history else []
        other.forced = []
        other.log = (list(self.log) if self.log is not None else None) if keep_history else None
        return other


def parcel_count_check() -> None:  # pragma: no cover - import-time sanity
    assert sum(parcels_in_season(s) for s in range(1, SEASONS + 1)) == len(PARCELS)
