"""Computer opponents. ``Bot(level, seed).choose(state)`` returns a legal move."""

from .evaluate import evaluate
from .players import LEVELS, Bot, make_bot

__all__ = ["Bot", "LEVELS", "evaluate", "make_bot"]
