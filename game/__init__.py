"""Mykerinos rules engine: pure Python, standard library only.

Runs the same on CPython 3.11+ and in the browser (Pyodide). Typical use::

    from game import new_game
    state = new_game(["Ann", "Bob", "Cy"], seed=7)
    state.play({"action": "dig", "cells": ["c2"]})
"""

from .errors import GameError, IllegalMoveError, MalformedMoveError, RecordError, SetupError
from .moves import Move
from .record import load_record_text, new_game, replay, to_record
from .state import GameState, Phase
from .summary import summary

__all__ = [
    "GameError",
    "IllegalMoveError",
    "MalformedMoveError",
    "RecordError",
    "SetupError",
    "Move",
    "GameState",
    "Phase",
    "new_game",
    "replay",
    "to_record",
    "load_record_text",
    "summary",
]
