"""The expert level: information-set Monte Carlo tree search over determinised worlds.

What a player cannot see in this game is the order (and the turn) of the
cards still to come: the parcels of later seasons and, with the Nile, the
Nile cards never revealed, the boats of later seasons and the line of the
5-point Nile card. Every iteration of the search starts from a *world* in
which exactly those are redrawn from a canonical (sorted) list, so the search
depends only on what the player to move knows.

Each iteration walks down one shared tree of decisions (every player's, so
the opponents' replies are searched too), choosing children by UCT on the
mover's own reward; a node only offers its best few moves at first and more
as it is visited (progressive widening, in the order of a cheap tactical
score; a move that scores exactly as an earlier one of the same kind comes
after all the others, so that the first few are different ideas). At a new
leaf a short playout with that tactical score as its policy looks a few
decisions further, then the static estimate of ``evaluate`` scores the
position; each player's reward is how far they are ahead of the best other
player.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..cards import card_patron, card_value
from ..moves import Move
from ..museum import ROOM_INDEX
from ..region import CELL_INDEX
from ..rng import Rng
from ..setup import BOATS, Setup
from ..state import EMPTY, parcels_in_season
from .evaluate import (
    CUBE_VALUE,
    card_worth,
    evaluate,
    multipliers,
    open_lead,
    room_worth,
    steady_lead,
)
from .lookahead import ranking
from .steps import Steps, run

if TYPE_CHECKING:
    from ..state import GameState

# A card is worth its points and, on average, this much more in exhibition and sets.
CARD_EXTRA = 2.5


LEADS = {"open": open_lead, "steady": steady_lead}


@dataclass(frozen=True)
class SearchParams:
    """The knobs of the search (tuned with bench/tournament.py)."""

    explore: float = 0.7  # UCT exploration, in units of ``reward_scale`` points
    reward_scale: float = 10.0  # margins are divided by this before backing up
    widen_base: int = 2  # children a node offers before any visit
    widen_rate: float = 1.0  # ... plus this times sqrt(visits)
    playout_depth: int = 2  # decisions played by the policy below a new leaf
    policy_sample: int = 6  # legal moves the playout policy compares at each step
    root_sample: int = 240  # legal moves ranked by the static estimate at the root
    draws: int = 16  # guesses at the unseen cards, used in turn by the iterations
    prior_visits: int = 0  # visits a root move starts with, valued one move ahead
    tree_depth: int = 64  # decisions below the root the tree may hold
    leads: str = "open"  # how leaves value leads in areas: "open" or "steady"
    root_leads: str = "steady"  # ... and the ranking of the root's moves
    bounded: bool = False  # back up tanh(margin / reward_scale) instead of the margin
    diverse: bool = True  # a move scored as an earlier one of its kind widens last (``_spread``)


@dataclass(frozen=True)
class HiddenDraw:
    """One guess at everything unseen: a setup and a Nile pile to play on with."""

    setup: Setup
    nile_pile: tuple[tuple[str, bool], ...]


def draw_hidden(state: GameState, rng: Rng) -> HiddenDraw:
    """Redraw everything the players of ``state`` cannot see.

    The unseen items are first put in a canonical order, so two states that
    differ only in what is hidden give the same draws for the same generator."""
    setup = state.setup
    dealt = 8 * (state.season - 1) + parcels_in_season(state.season)
    unseen = sorted(c for c, _ in setup.deck[dealt:])
    changes: dict[str, object] = {}
    pile = tuple(state.nile_pile)
    if unseen:
        rng.shuffle(unseen)
        changes["deck"] = setup.deck[:dealt] + tuple((c, rng.below(2) == 1) for c in unseen)
    if state.nile and state.season < 4:
        # Nile cards never revealed sit on top of the pile (returned ones go under).
        hidden = max(0, 5 - 2 * state.season)
        cards = sorted(c for c, _ in pile[:hidden])
        rng.shuffle(cards)
        redrawn = tuple((c, rng.below(2) == 1) for c in cards)
        pile = redrawn + pile[hidden:]
        drawn = setup.boats[: state.season]
        later = sorted(b for b in BOATS if b not in drawn)
        rng.shuffle(later)
        changes["boats"] = drawn + tuple(later)
        changes["nile_six_line"] = 1 + rng.below(3)
        six = setup.nile_deck[5][0]
        changes["nile_deck"] = setup.nile_deck[: 5 - hidden] + redrawn + ((six, rng.below(2) == 1),)
    return HiddenDraw(
        replace(setup, **changes) if changes else setup,  # type: ignore[arg-type]
        pile,
    )


def play_on(state: GameState, draw: HiddenDraw) -> GameState:
    """A copy of ``state`` to search on, whose unseen part is ``draw``."""
    world = state.copy()
    world.setup = draw.setup
    if state.nile:
        world.nile_pile = list(draw.nile_pile)
    return world


def world_for(state: GameState, rng: Rng) -> GameState:
    """A copy of ``state`` with everything its players cannot see redrawn."""
    return play_on(state, draw_hidden(state, rng))


def margins(values: list[float]) -> list[float]:
    """How far each player is ahead of the best of the others."""
    out = []
    for p, v in enumerate(values):
        out.append(v - max(x for q, x in enumerate(values) if q != p))
    return out


class Tactics:
    """A cheap score for the moves of one decision: what they change in the
    likely outcome of the areas they touch, against the cubes they cost.

    Used to order a node's moves for widening and as the playout policy;
    it is a guess, never a rule (the moves always come from the engine)."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        p = state.to_move
        assert p is not None
        self.p = p
        region = state.region
        self.area = region.area
        self.river = region.river
        self.areas = region.areas
        sides = state.sides
        self.sides = sides
        counts = [[0] * sides for _ in range(self.areas + 1)]  # index 0: the river
        board = state.board
        for i in region.cells:
            s = board[i]
            if s != EMPTY:
                counts[0 if region.river[i] else region.area[i]][s] += 1
        self.counts = counts
        # Players who have passed rank first on ties, in passing order.
        self.order = [state.pass_space[s] or 10 + s for s in range(sides)]
        prizes: list[tuple[float, ...]] = [()]
        if state.nile:
            prizes[0] = (
                (3.0 + CARD_EXTRA, 2.5)
                if state.season < 4
                else (5.0 + CARD_EXTRA, 3.0 + CARD_EXTRA)
            )
        for a in range(1, self.areas + 1):
            values = sorted((card_value(c) for c in state.region_cards[a]), reverse=True)
            prizes.append(tuple(v + CARD_EXTRA for v in values[:2]))
        self.prizes = prizes
        self.takes: list[list[float] | None] = [None] * (self.areas + 1)  # worked out when needed
        self.cube = CUBE_VALUE[state.season]
        self._gains: dict[tuple[int, int, int], float] = {}
        self._placements: dict[tuple[int, tuple[str, ...]], float] = {}
        self._held: dict[str | None, int] | None = None
        self._mults: list[list[int]] | None = None

    def _takes(self, a: int, counts: list[int]) -> list[float]:
        """What each side expects from area ``a`` if it were surveyed now."""
        prizes = self.prizes[a]
        out = [0.0] * self.sides
        order = self.order  # distinct for every side, so no two entries tie
        ranked = sorted([(-c, order[s], s) for s, c in enumerate(counts) if c])
        for pos in range(min(len(prizes), len(ranked))):
            out[ranked[pos][2]] = prizes[pos]
        return out

    def placement(self, side: int, cells: tuple[str, ...]) -> float:
        """Gain for the mover of ``side`` placing cubes on ``cells``: its own
        gain minus half of what the others gain (the neutral gains nothing)."""
        key = (side, cells)
        known = self._placements.get(key)
        if known is not None:
            return known
        per_area: dict[int, int] = {}
        index = CELL_INDEX
        for name in cells:
            i = index[name]
            a = 0 if self.river[i] else self.area[i]
            per_area[a] = per_area.get(a, 0) + 1
        total = 0.0
        for a, k in per_area.items():
            gain = self._gains.get((side, a, k))
            if gain is None:
                gain = self._gains[(side, a, k)] = self._area_gain(side, a, k)
            total += gain
        self._placements[(side, cells)] = total
        return total

    def _area_gain(self, side: int, a: int, k: int) -> float:
        if not self.prizes[a]:
            return 0.0
        p = self.p
        counts = list(self.counts[a])
        counts[side] += k
        after = self._takes(a, counts)
        before = self.takes[a]
        if before is None:
            before = self.takes[a] = self._takes(a, self.counts[a])
        others = 0.0
        for q in range(self.state.n):
            if q != p:
                others += after[q] - before[q]
        return (after[p] - before[p]) - 0.5 * others

    def held(self) -> dict[str | None, int]:
        """Cards of each patron the mover holds."""
        if self._held is None:
            self._held = _held(self.state, self.p)
        return self._held

    def mults(self) -> list[list[int]]:
        """Every player's exhibition multipliers (``evaluate.multipliers``), once."""
        if self._mults is None:
            self._mults = multipliers(self.state)
        return self._mults

    def score(self, move: Move) -> float:
        state, p = self.state, self.p
        action = move.action
        if action == "pass":
            return 0.3
        if action in ("dig", "extend"):
            s = self.placement(p, move.cells) - self.cube * len(move.cells)
            if move.patron is not None:
                s -= 0.4
                if move.patron == "violet":
                    s += self.cube
            return s
        if action == "neutral":
            return self.placement(state.neutral, move.cells) if move.cells else 0.2
        held = self.held()
        if action == "museum":
            assert move.room is not None
            worth = room_worth(
                state, p, ROOM_INDEX[move.room], held, state.setup.wings, self.mults()
            )
            if move.patron is not None:  # Sir Brown during the excavation
                return worth - self.cube - 0.4
            return worth
        if action == "claim":
            assert move.card is not None
            wing_of: dict[str | None, int] = {
                patron: w for w, patron in enumerate(state.setup.wings, start=1)
            }
            return card_worth(state, p, move.card, held, wing_of, self.mults())
        if action == "neutral_claim":
            assert move.card is not None
            return float(card_value(move.card))  # keep the best card from the others
        if action == "boat":
            return 1.0 if move.use else 0.0
        return 0.0


def _held(state: GameState, p: int) -> dict[str | None, int]:
    held: dict[str | None, int] = {}
    for c in state.cards[p]:
        pat = card_patron(c)
        held[pat] = held.get(pat, 0) + 1
    return held


def policy_move(state: GameState, rng: Rng, sample: int) -> Move:
    """The playout policy: the best of a few random legal moves by the tactical
    score (drawn by index, so the whole legal list is seldom built)."""
    tactics = Tactics(state)
    count = state.legal_count()
    if count <= sample:
        pool = state.legal_moves()
    else:
        pool = [state.legal_move(rng.below(count)) for _ in range(sample)]
        first = state.legal_move(0)
        if first.action in ("pass", "neutral") and first not in pool:
            pool.append(first)  # always consider passing (or placing no neutral cube)
    best, best_score = pool[0], -1e9
    for m in pool:
        s = tactics.score(m)
        if s > best_score:
            best, best_score = m, s
    return best


class Node:
    """Statistics of one decision in the shared tree. ``total`` sums the
    rewards of the player who moved into this node."""

    __slots__ = ("player", "moves", "children", "visits", "total")

    def __init__(self, player: int | None) -> None:
        self.player = player
        self.moves: list[Move] | None = None  # ordered best first, set on first visit
        self.children: list[Node] = []
        self.visits = 0
        self.total = 0.0


@dataclass
class SearchResult:
    move: Move
    iterations: int
    root: Node


def search(
    state: GameState,
    rng: Rng,
    params: SearchParams,
    budget: float,
    max_iterations: int,
    clock: Callable[[], float],
) -> SearchResult:
    """Run ISMCTS from ``state`` for its player to move; stop on the budget
    (seconds by ``clock``) or after ``max_iterations`` iterations."""
    return run(searching(state, rng, params, budget, max_iterations, clock))


def searching(
    state: GameState,
    rng: Rng,
    params: SearchParams,
    budget: float,
    max_iterations: int,
    clock: Callable[[], float],
) -> Steps[SearchResult]:
    """``search``, one step per root move ranked and per iteration."""
    deadline = clock() + budget
    p = state.to_move
    assert p is not None
    season = state.season
    root = Node(p)
    ranked = yield from _root_order(state, params)
    if params.diverse:
        ranked = _spread(ranked)
    root.moves = [m for _, m in ranked]
    prior = [margin / params.reward_scale for margin, _ in ranked]
    if len(root.moves) == 1:
        return SearchResult(root.moves[0], 0, root)
    scale = params.reward_scale
    iterations = 0
    draws: list[HiddenDraw] = []
    while iterations < max_iterations and (iterations == 0 or clock() < deadline):
        if len(draws) < params.draws:
            draws.append(draw_hidden(state, rng))
        world = play_on(state, draws[iterations % len(draws)])
        node = root
        path = [root]
        # Selection and expansion.
        while True:
            if world.over or world.season != season or len(path) > params.tree_depth:
                break
            if node.moves is None:
                node.moves = _order(world, params.diverse)
            allowed = params.widen_base + int(params.widen_rate * math.sqrt(node.visits))
            if len(node.children) < min(allowed, len(node.moves)):
                move = node.moves[len(node.children)]
                world.apply(move)
                child = Node(world.to_move)
                if node is root and params.prior_visits:
                    # The one-move-ahead estimate counts as a few visits already made.
                    child.visits = params.prior_visits
                    child.total = params.prior_visits * prior[len(node.children)]
                node.children.append(child)
                path.append(child)
                break
            k = _select(node, params.explore)
            world.apply(node.moves[k])
            node = node.children[k]
            path.append(node)
        # Playout below the leaf, then the static estimate.
        depth = 0
        while depth < params.playout_depth and not world.over and world.season == season:
            world.apply(policy_move(world, rng, params.policy_sample))
            depth += 1
        reward = [m / scale for m in margins(evaluate(world, LEADS[params.leads]))]
        if params.bounded:
            reward = [math.tanh(r) for r in reward]
        # Back-propagation: each node keeps the reward of the player who moved into it.
        for i in range(1, len(path)):
            mover = path[i - 1].player
            path[i].visits += 1
            path[i].total += reward[mover] if mover is not None else 0.0
        root.visits += 1
        iterations += 1
        yield
    best = max(
        range(len(root.children)),
        key=lambda i: (
            root.children[i].visits,
            root.children[i].total / max(1, root.children[i].visits),
        ),
    )
    return SearchResult(root.moves[best], iterations, root)


def _select(node: Node, explore: float) -> int:
    """The child to visit: UCT on the mean reward of the node's player."""
    logn = math.log(node.visits + 1)
    best, best_value = 0, -1e18
    for k, child in enumerate(node.children):
        if child.visits == 0:
            return k
        value = child.total / child.visits + explore * math.sqrt(logn / child.visits)
        if value > best_value:
            best, best_value = k, value
    return best


def _order(state: GameState, diverse: bool = False) -> list[Move]:
    """The legal moves, best first by the tactical score (stable on ties).
    ``diverse``: see ``_spread``."""
    legal = state.legal_moves()
    tactics = Tactics(state)
    scored = sorted(((tactics.score(m), -i) for i, m in enumerate(legal)), reverse=True)
    ranked = [(score, legal[-i]) for score, i in scored]
    return [m for _, m in (_spread(ranked) if diverse else ranked)]


def _spread(scored: list[tuple[float, Move]]) -> list[tuple[float, Move]]:
    """Moves ranked best first, each one that scores exactly as an earlier move
    of the same action (a cube in another cell of the same area...) moved behind
    all the others, so that a node's first few children are different ideas."""
    first: list[tuple[float, Move]] = []
    later: list[tuple[float, Move]] = []
    seen: set[tuple[float, str]] = set()
    for score, move in scored:
        key = (score, move.action)
        if key in seen:
            later.append((score, move))
        else:
            seen.add(key)
            first.append((score, move))
    return first + later


def _root_order(state: GameState, params: SearchParams) -> Steps[list[tuple[float, Move]]]:
    """The root's moves with their margin one move ahead by the static estimate, best first."""
    legal = state.legal_moves()
    if len(legal) > params.root_sample:
        tactics = Tactics(state)
        scored = sorted(((tactics.score(m), -i) for i, m in enumerate(legal)), reverse=True)
        legal = [legal[-i] for _, i in scored[: params.root_sample]]
    p = state.to_move
    assert p is not None
    leads = LEADS[params.root_leads]
    ranked = yield from ranking(state, legal, p, leads)
    return [(score, m) for score, _, m in ranked]
