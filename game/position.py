"""What is on the table at one moment: the data of a game, without the rules of play.

``Position`` holds every piece of a game (cubes, cards, the museum, the
passing scale, the survey in progress, the Nile's parts) and answers plain
questions about them. The rules that change it live in the modules above it
(excavation, patrons, survey, nile) and ``GameState`` in ``state.py`` drives
them; they all read and write a ``Position``, so none of them imports another
in a circle.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Self

from .cards import CARD_PATRON, card_patron, format_dealt
from .errors import SetupError
from .moves import Move
from .museum import ROOMS
from .region import CELL_NAMES, Region
from .setup import Setup

CUBES_PER_COLOUR = 25
NILE_CUBES_PER_COLOUR = 23  # two cubes of each colour mark score and passing
TOKENS = 3  # Greenwish tokens per player
EMPTY = -1
SEASONS = 4
NEUTRAL_SPACE = 2  # the neutral's fixed space on the passing scale (2 players)
CELLS = len(CELL_NAMES)


class Phase(str, Enum):
    EXCAVATION = "excavation"  # a player chooses an action
    NEUTRAL = "neutral"  # 2 players: the same player may place neutral cubes
    SURVEY = "survey"  # the Nile (expansion) then the areas are surveyed one by one
    BOAT = "boat"  # Nile: the tie boat's holder decides whether to use it
    OVER = "over"


def season_supply(players: int) -> int:
    """Cubes each player takes from the general stock at the start of a season."""
    return 8 if players == 4 else 11


def parcels_in_season(season: int) -> int:
    return 12 if season == SEASONS else 8


@dataclass
class NileState:
    """The parts only the Nile expansion uses (all empty in a base game)."""

    pile: list[tuple[str, bool]]  # Nile cards still to come, top first
    in_play: tuple[tuple[str, bool], ...] = ()  # this season's, one per line
    boat_offer: str | None = None  # the boat the river's 2nd will take
    boats: list[list[str]] = field(default_factory=list)  # held, per player
    boats_out: list[str] = field(default_factory=list)  # out of the game
    tokens: list[int] = field(default_factory=list)  # Greenwish tokens in hand, per player
    cell_token: list[int] = field(default_factory=lambda: [EMPTY] * CELLS)  # owner per cell
    room_token: list[int] = field(default_factory=lambda: [EMPTY] * len(ROOMS))
    token_masks: list[int] = field(default_factory=list)  # cell_token as a bit mask per player

    def put_token(self, cell: int, p: int) -> None:
        self.cell_token[cell] = p
        self.token_masks[p] |= 1 << cell

    def take_token(self, cell: int) -> None:
        """The token on ``cell`` goes back to its owner's hand."""
        p = self.cell_token[cell]
        self.cell_token[cell] = EMPTY
        self.token_masks[p] &= ~(1 << cell)
        self.tokens[p] += 1

    def tokens_against(self, side: int) -> int:
        """The cells where a token keeps ``side`` out (everyone's but its own)."""
        return sum(m for p, m in enumerate(self.token_masks) if p != side)

    def copy(self) -> NileState:
        return NileState(
            list(self.pile),
            self.in_play,
            self.boat_offer,
            [list(b) for b in self.boats],
            list(self.boats_out),
            list(self.tokens),
            list(self.cell_token),
            list(self.room_token),
            list(self.token_masks),
        )


class Position:
    """Everything about a game in progress. Sides are players 0..n-1 plus, in a
    2-player game, the neutral colour as side 2."""

    region: Region  # dealt at the start of each season

    def __init__(self, setup: Setup, *, log: bool = True) -> None:
        if not isinstance(setup, Setup):
            raise SetupError("a game starts from a Setup (see new_game and Setup.from_json)")
        self.setup = setup
        self.n = setup.count
        self.neutral = 2 if self.n == 2 else -1
        self.sides = self.n + (1 if self.n == 2 else 0)
        self.nile = setup.nile
        self.cubes_total = NILE_CUBES_PER_COLOUR if self.nile else CUBES_PER_COLOUR
        self.season = 1
        self.phase = Phase.EXCAVATION
        self.first_player = setup.first_player
        self.to_move: int | None = setup.first_player
        self.cubes = [0] * self.n
        self.neutral_cubes = [0] * self.n
        self.board = [EMPTY] * CELLS  # the side whose cube is on each cell
        self.occupied = 0  # the board as bit masks (bit i: cell i), kept by
        self.own = [0] * self.sides  # put() and clear(): all cubes, and each side's
        self.museum = [EMPTY] * len(ROOMS)
        self.pass_space = [0] * self.sides  # 0 = not passed yet this season
        self.last_turn = False
        self.score = [0] * self.n
        self.cards: list[list[str]] = [[] for _ in range(self.n)]
        self.tilted: list[list[str]] = [[] for _ in range(self.n)]
        self.region_cards: list[list[str]] = []  # index 0: the Nile cards on offer
        self.discarded: list[str] = []
        self.survey_area = 0
        self.survey_rank: list[int] | None = None
        self.survey_pos = 0
        self.moves: list[tuple[int, Move]] = []
        self.forced: list[tuple[int, Move]] = []  # forced moves since the last decision
        self.final: dict[str, Any] | None = None
        self.log: list[dict[str, Any]] | None = [] if log else None
        self.nile_state = NileState(
            list(setup.nile_deck[:5]),
            boats=[[] for _ in range(self.n)],
            tokens=[TOKENS if self.nile else 0] * self.n,
            token_masks=[0] * self.n,
        )

    # ---------------------------------------------------------------- the board
    def put(self, cell: int, side: int) -> None:
        """A cube of ``side`` on ``cell``."""
        self.board[cell] = side
        self.occupied |= 1 << cell
        self.own[side] |= 1 << cell

    def clear(self, cells: tuple[int, ...]) -> None:
        """The cubes on ``cells`` go back to the general stock."""
        mask = 0
        for i in cells:
            self.board[i] = EMPTY
            mask |= 1 << i
        self.occupied &= ~mask
        self.own = [m & ~mask for m in self.own]

    # ------------------------------------------------------------------ queries
    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def general_stock(self, side: int) -> int:
        """Cubes of a colour in the general stock (derived, never stored)."""
        held = sum(self.neutral_cubes) if side == self.neutral else self.cubes[side]
        return self.cubes_total - held - self.own[side].bit_count() - self.museum.count(side)

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

    def usable_patrons(self, player: int) -> set[str | None]:
        """Patrons of the cards the player holds untilted."""
        tilted = self.tilted[player]
        return {CARD_PATRON[c] for c in self.cards[player] if c not in tilted}

    def survey_cells(self, area: int) -> tuple[int, ...]:
        """Cells counted in a survey: the river cells for the Nile (area 0)."""
        return self.region.river_cells if area == 0 else self.region.area_cells[area]

    def ranking(self, cells: tuple[int, ...]) -> list[tuple[int, int]]:
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

    def emit(self, event: dict[str, Any]) -> None:
        """Add an event to the game log (when the game keeps one)."""
        if self.log is not None:
            self.log.append(event)

    # ------------------------------------------------- the Nile's parts by name
    # Read through to ``nile_state``, for the page (web/page/view.py, web/page/table.py)
    # and the expert bot, which use these names.
    @property
    def nile_pile(self) -> list[tuple[str, bool]]:
        return self.nile_state.pile

    @nile_pile.setter
    def nile_pile(self, pile: list[tuple[str, bool]]) -> None:
        self.nile_state.pile = pile

    @property
    def boat_offer(self) -> str | None:
        return self.nile_state.boat_offer

    @property
    def boats(self) -> list[list[str]]:
        return self.nile_state.boats

    @property
    def tokens(self) -> list[int]:
        return self.nile_state.tokens

    @property
    def cell_token(self) -> list[int]:
        return self.nile_state.cell_token

    @property
    def room_token(self) -> list[int]:
        return self.nile_state.room_token

    # ------------------------------------------------------------ copy and JSON
    def copy(self, *, keep_history: bool = False) -> Self:
        """A fast independent copy (for bots); history and log only on request."""
        other = self.__class__.__new__(self.__class__)
        other.__dict__.update(self.__dict__)
        other.cubes = list(self.cubes)
        other.neutral_cubes = list(self.neutral_cubes)
        other.board = list(self.board)
        other.own = list(self.own)
        other.museum = list(self.museum)
        other.pass_space = list(self.pass_space)
        other.score = list(self.score)
        other.cards = [list(c) for c in self.cards]
        other.tilted = [list(t) for t in self.tilted]
        other.region_cards = [list(c) for c in self.region_cards]
        other.discarded = list(self.discarded)
        other.survey_rank = None if self.survey_rank is None else list(self.survey_rank)
        if self.nile:
            other.nile_state = self.nile_state.copy()
        other.moves = list(self.moves) if keep_history else []
        other.forced = []
        other.log = (list(self.log) if self.log is not None else None) if keep_history else None
        return other

    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (to compare or show two states)."""
        names = CELL_NAMES
        nile = self.nile_state
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
            "survey": {"area": self.survey_area, "rank": self.survey_rank, "pos": self.survey_pos},
            "moves": [dict(player=p, **m.to_json()) for p, m in self.moves],
            "final": self.final,
            "nile": None
            if not self.nile
            else {
                "pile": [format_dealt(c, t) for c, t in nile.pile],
                "in_play": [format_dealt(c, t) for c, t in nile.in_play],
                "boat_offer": nile.boat_offer,
                "boats": [list(b) for b in nile.boats],
                "boats_out": list(nile.boats_out),
                "tokens": list(nile.tokens),
                "cell_tokens": {names[i]: t for i, t in enumerate(nile.cell_token) if t != EMPTY},
                "room_tokens": {ROOMS[r]: t for r, t in enumerate(nile.room_token) if t != EMPTY},
            },
        }
