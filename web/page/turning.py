"""A game by turns on screen: the ``Turning`` mode (web/page/modes.py's interface).

The table's game is the saved game; this device plays the seats it holds
(``mine``) and, whoever it is, the computers' when it is their turn. Any other
seat's turn is waited for: a click then says whose turn it is. Undo and review
are off (a decision taken back here would leave the other devices behind), as
in live play. What was decided here reaches the others through the page
(web/front/js/turns/), which signs and publishes the game after each view.
"""

from __future__ import annotations

from dataclasses import replace

from .answers import MoveJson, Started
from .modes import Mode
from .session import Session
from .shared import PERSON, UNDO
from .view import board
from .view_types import View


class Turning:
    """The table's game, played by turns with other devices."""

    def __init__(self, session: Session, mine: set[int]) -> None:
        self.session = session
        self.mine = mine

    def _own_turn(self) -> bool:
        table = self.session.table
        state = table.state
        if state.over or state.to_move is None:
            return False
        return state.to_move in self.mine or table.seats[state.to_move] != PERSON

    def view(self) -> View:
        table = self.session.table
        seen = replace(self.session.seen(), live=self._own_turn(), can_undo=False)
        return board(table.state, seen, table.chart())

    def click(self, target: str) -> Mode:
        table = self.session.table
        texts = self.session.texts
        if target == UNDO:
            table.message = texts.t("turns.no_undo")
        elif not self._own_turn():
            mover = table.state.to_move
            who = table.state.setup.players[mover] if mover is not None else ""
            table.message = texts.t("turns.wait_turn", who=who)
        else:
            self.session.click(target)
        return self

    def review(self, target: str) -> Mode:
        return self  # no review by turns: this device's game is the table's

    def think(self, purpose: str) -> Started:
        if not self._own_turn():
            return {"error": "not this device's turn"}
        # The computers' moves the same whichever seated device plays them.
        return self.session.think(purpose, counted=True)

    def bot_move(self, move: MoveJson, stamp: str) -> Mode:
        self.session.play_bot_move(move, stamp)
        return self

    def game_moved(self) -> Mode:
        return self
