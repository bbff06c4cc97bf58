"""The bot worker's functions and the hint text, under CPython."""
from __future__ import annotations

import json

from game import Move
from web.bot_worker import choose, ping
from web.texts import Texts

suggestion = Texts("en").suggestion
from web.table import Table


def test_choose_and_hint_answer_a_legal_move() -> None:
    table = Table.new(["Ann", "Bot"], 4, nile=True, seats=["human", "easy"])
    record = table.record_text()
    for answer in (choose(record, "easy", 1, None), choose(record, "medium", 2, None),
                   choose(record, "hard", 3, 0.05)):
        assert Move.from_json(json.loads(answer)) in table.state.legal_moves()
    hint = table.view()["bots"]["hint"]  # the page asks for a hint the same way
    assert Move.from_json(json.loads(choose(record, hint["level"], 5, 0.05))) \
        in table.state.legal_moves()
    assert ping() == "ok"


def test_worker_errors_come_back_as_json() -> None:
    assert "error" in json.loads(choose("{not json", "easy", 1, None))
    assert "unknown bot level" in json.loads(choose(Table.new(["A", "B"], 1).record_text(),
                                                    "genius", 1, None))["error"]


def test_suggestion_texts() -> None:
    wings = ("lemon", "violet", "brown", "blackmore", "tangerine")
    assert suggestion({"action": "extend", "cells": ["c3", "d3", "d4"], "patron": "tangerine"},
                      wings) == "Suggested: extend to c3, d3, d4 with Colonel Tangerine."
    assert suggestion({"action": "dig", "cells": ["a1"], "patron": "greenwish", "token": "W1-5"},
                      wings) == ("Suggested: start an excavation at a1 with Governor Greenwish, "
                                 "token on the Lord Lemon 5-room.")
    assert suggestion({"action": "claim", "card": "nile-6"}, wings) == \
        "Suggested: take Governor Greenwish 5."
    assert suggestion({"action": "museum", "room": "W12-2"}, wings) == \
        "Suggested: book the 2-room between Lord Lemon and Lady Violet."
    assert suggestion({"action": "boat", "use": True}, wings) == "Suggested: use the tie boat."
    assert suggestion({"action": "pass"}, wings) == "Suggested: pass."
