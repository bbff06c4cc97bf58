"""The excavation: the actions open to the player to move, and what each one does.

The legal list of a turn is, in this order: pass, digs, extensions, then what
each usable patron adds (``patrons.PATRON_RULES``). In a 2-player game an
action may be followed by placing neutral cubes. Whose turn comes next is
decided by ``GameState``.
"""

from __future__ import annotations

from .choices import Choices, fixed
from .moves import NEUTRAL_NONE, PASS, Move
from .museum import ROOM_INDEX
from .patrons import PATRON_RULES
from .placement import DIG, EXTEND, NEUTRAL, Ground
from .position import EMPTY, Position
from .region import CELL_INDEX

PASS_ONLY = fixed([PASS])
NO_NEUTRAL = fixed([NEUTRAL_NONE])


def choices(pos: Position, p: int) -> Choices:
    """Every action ``p`` may take now, in the fixed order of the legal list."""
    have = pos.cubes[p]
    if have == 0:
        return Choices([PASS_ONLY])
    ground = Ground(pos, p, p, have)
    segments = [PASS_ONLY, ground.digs(DIG)]
    if have >= 2:
        segments.append(ground.extensions(EXTEND))
    usable = pos.usable_patrons(p)
    if usable:
        for patron, rule in PATRON_RULES.items():
            if patron in usable:
                segments += rule.offers(pos, ground)
    return Choices(segments)


def neutral_choices(pos: Position, p: int) -> Choices:
    """After an action (2 players): no neutral cube, one, or two side by side."""
    have = pos.neutral_cubes[p]
    if have == 0:
        return Choices([NO_NEUTRAL])
    ground = Ground(pos, p, pos.neutral, have)
    segments = [NO_NEUTRAL, ground.digs(NEUTRAL)]
    if have >= 2:
        segments.append(ground.extensions(NEUTRAL))
    return Choices(segments)


def act(pos: Position, p: int, move: Move, forced: bool) -> None:
    """Carry out an action other than a pass: tilt the patron's card, place the
    cubes (or book the room), and move Greenwish tokens."""
    if pos.log is not None:
        event = {
            "type": move.action,
            "player": p,
            "patron": move.patron,
            "cells": list(move.cells),
            "room": move.room,
            "forced": forced,
            "season": pos.season,
        }
        if move.token is not None:
            event["token"] = move.token
        pos.emit(event)
    if move.action == "pass":
        return
    if move.patron is not None:
        card = pos.untilted(p, move.patron)
        assert card is not None
        pos.tilted[p].append(card)
        PATRON_RULES[move.patron].on_use(pos, p)
    nile = pos.nile_state
    if move.action == "museum":
        assert move.room is not None
        room = ROOM_INDEX[move.room]
        pos.museum[room] = p
        pos.cubes[p] -= 1
        if nile.room_token[room] == p:  # settling where the token stood
            nile.room_token[room] = EMPTY
            nile.tokens[p] += 1
    else:
        for name in move.cells:
            idx = CELL_INDEX[name]
            pos.put(idx, p)
            if nile.cell_token[idx] == p:  # settling where the token stood
                nile.take_token(idx)
        pos.cubes[p] -= len(move.cells)
    if move.token is not None:
        nile.tokens[p] -= 1
        if move.token in ROOM_INDEX:
            nile.room_token[ROOM_INDEX[move.token]] = p
        else:
            nile.put_token(CELL_INDEX[move.token], p)


def place_neutral(pos: Position, p: int, move: Move, forced: bool) -> None:
    if move.cells and pos.log is not None:
        pos.emit(
            {
                "type": "neutral",
                "player": p,
                "cells": list(move.cells),
                "forced": forced,
                "season": pos.season,
            }
        )
    for name in move.cells:
        pos.put(CELL_INDEX[name], pos.neutral)
    pos.neutral_cubes[p] -= len(move.cells)
