"""The words the page shows that come from Python: labels, prompts, log lines, messages.

Every text is looked up by key in the catalogue of the chosen language,
web/front/lang/<code>.json, the same files web/front/js/i18n.js serves to the JavaScript side.
Sentences are built from whole catalogue entries with named placeholders, so
each language orders its words as it needs.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from game.cards import card_patron, card_value

LANG_DIR = Path(__file__).resolve().parent.parent / "front" / "lang"
DEFAULT = "en"


def _language_names() -> dict[str, str]:
    """web/front/lang/index.json: each language's code and its own name (the one list,
    read by web/front/js/i18n.js too)."""
    with open(LANG_DIR / "index.json", encoding="utf-8") as f:
        data = json.load(f)
    if not isinstance(data, dict) or DEFAULT not in data:
        raise ValueError(f"index.json must map language codes to names, {DEFAULT} included")
    return {str(code): str(name) for code, name in data.items()}


LANGUAGE_NAMES = _language_names()
LANGUAGES = tuple(LANGUAGE_NAMES)
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


@cache
def catalogue(code: str) -> dict[str, str]:
    """The catalogue of one language (read once)."""
    with open(LANG_DIR / f"{code}.json", encoding="utf-8") as f:
        data = json.load(f)
    if not isinstance(data, dict):
        raise ValueError(f"{code}.json is not a JSON object")
    return data


def language_of(code: Any) -> str:
    """A supported language code from anything ("fr-CA" -> "fr"; unknown -> English)."""
    base = str(code or "").lower().split("-")[0]
    return base if base in LANGUAGES else DEFAULT


class Texts:
    """Words in one language."""

    def __init__(self, code: str = DEFAULT) -> None:
        self.code = language_of(code)
        self.strings = catalogue(self.code)

    def t(self, key: str, /, **params: Any) -> str:
        """The text for key with its {placeholders} filled (a missing key shows as itself).
        ``key`` is positional-only so that a placeholder may be called {key} too."""
        text = self.strings.get(key, key)
        return _PLACEHOLDER.sub(
            lambda m: str(params[m.group(1)]) if m.group(1) in params else m.group(0), text
        )

    # ------------------------------------------------------------- names
    def patron(self, patron: str | None) -> str:
        return self.t(f"patron.{patron}" if patron else "patron.none")

    def action_label(self, key: str) -> str:
        return self.t(f"action.{key}")

    def action_help(self, key: str) -> str:
        return self.t(f"action.{key}.help")

    def phase_name(self, phase: str) -> str:
        return self.t(f"phase.{phase}")

    def card_label(self, card_id: str) -> str:
        """ "Lord Lemon 3", or the patron-less card by its value."""
        patron = card_patron(card_id)
        value = card_value(card_id)
        if patron is None:
            return self.t("card.no_patron", value=value)
        return self.t("card.label", patron=self.patron(patron), value=value)

    def room_label(self, room: str, wings: list[str] | tuple[str, ...]) -> str:
        """ "Lord Lemon 5-room" or "2-room between Lord Lemon and Sir Brown"."""
        head, value = room.split("-")
        digits = head[1:]
        if len(digits) == 2:
            a, b = int(digits[0]), int(digits[1])
            return self.t("room.between", a=self.patron(wings[a - 1]), b=self.patron(wings[b - 1]))
        return self.t("room.wing", patron=self.patron(wings[int(digits) - 1]), value=value)

    def ordinal(self, k: int) -> str:
        key = f"ordinal.{k}"
        return self.t(key) if key in self.strings else self.t("ordinal.n", n=k)

    def boat(self, boat: str) -> str:
        """The boat with its article ("the tie boat")."""
        return self.t(f"boat.{boat}.the")

    def _spot(self, place: str, wings: Any) -> str:
        """A token's place: a cell name, or a room with its article."""
        if place[:1] == "W":
            return self.t("log.the_room", room=self.room_label(place, wings))
        return place

    def record_error(self, exc: Exception) -> str:
        """Why a record (a file, a save) could not be loaded: "it is not valid JSON"..."""
        t = self.t
        kind = getattr(exc, "kind", None)
        detail = getattr(exc, "reason", None) or str(exc) or exc.__class__.__name__
        if kind == "json":
            reason = t("reason.json")
        elif kind == "format":
            reason = t("reason.format")
        elif kind == "setup":
            reason = t("reason.setup", detail=detail)
        elif kind == "move":
            reason = t("reason.move", n=getattr(exc, "index", "?"), detail=detail)
        else:
            reason = t("reason.other", detail=detail)
        return reason

    # ------------------------------------------------------------------ log
    def log_line(
        self, event: dict[str, Any], name: Callable[[Any], str], wings: list[str] | tuple[str, ...]
    ) -> str | None:
        """One plain line for an engine event (None: nothing worth showing)."""
        t = self.t
        kind = event["type"]
        who = name(event.get("player"))
        patron = event.get("patron")
        extra = t("log.with_patron", patron=self.patron(patron)) if patron else ""
        token = event.get("token")
        if token:
            extra += t("log.and_reserves", spot=self._spot(token, wings))
        if event.get("forced"):
            extra += t("log.automatic")
        cells = ", ".join(event.get("cells") or [])
        if kind == "season":
            return t("log.season", season=event["season"], first=name(event["first_player"]))
        placing = {"dig": "log.dig", "extend": "log.extend", "neutral": "log.neutral"}
        if kind in placing:
            return t(placing[kind], who=who, cells=cells, extra=extra)
        if kind == "museum":
            return t("log.museum", who=who, room=self.room_label(event["room"], wings), extra=extra)
        simple = {
            "pass": "log.pass",
            "last_pass": "log.last_pass",
            "boat_use": "log.boat_use",
            "boat_keep": "log.boat_keep",
        }
        if kind in simple:
            return t(simple[kind], who=who, extra=extra)
        if kind == "survey":
            ranking = ", ".join(f"{name(s)} {c}" for s, c in event["ranking"])
            where = t("log.the_nile") if event["area"] == 0 else t("log.area", area=event["area"])
            return t("log.survey", where=where, ranking=ranking or t("log.nobody_dug"))
        if kind == "boat":
            return t("log.boat", who=who, boat=self.boat(event["boat"]))
        if kind == "boat_lost":
            return t("log.boat_lost", boat=self.boat(event["boat"]))
        if kind == "nile_return":
            return t("log.nile_return", cards=", ".join(self.card_label(c) for c in event["cards"]))
        if kind == "claim":
            points = t("log.points", points=event["points"]) if event["points"] else ""
            return t(
                "log.claim",
                who=who,
                card=self.card_label(event["card"]),
                points=points,
                extra=extra,
            )
        if kind == "neutral_claim":
            return t("log.neutral_claim", who=who, card=self.card_label(event["card"]), extra=extra)
        if kind == "book":
            return t("log.book", who=who, room=self.room_label(event["room"], wings), extra=extra)
        if kind == "discard":
            cards = ", ".join(self.card_label(c) for c in event["cards"])
            key = "log.discard_nile" if event["area"] == 0 else "log.discard"
            return t(key, area=event["area"], cards=cards)
        if kind == "game_over":
            winners = t("list.and").join(name(p) for p in event["winners"])
            key = "log.game_over_shared" if len(event["winners"]) > 1 else "log.game_over"
            return t(key, winners=winners)
        return None

    # ---------------------------------------------------------------- moves
    def move_text(self, move: dict[str, Any], wings: Any) -> str:
        """What a move in the record notation does, in a few words (for hints)."""
        t = self.t
        action = move.get("action")
        cells = ", ".join(move.get("cells") or [])
        patron = move.get("patron")
        extra = t("log.with_patron", patron=self.patron(patron)) if patron else ""
        token = move.get("token")
        if token:
            extra += t("move.token", spot=self._spot(str(token), wings))
        if action == "dig":
            return t("move.dig", cells=cells, extra=extra)
        if action == "extend":
            return t("move.extend", cells=cells, extra=extra)
        if action == "museum":
            room = self._spot(str(move.get("room")), wings)
            return t("move.museum", room=room, extra=extra) if patron else t("move.book", room=room)
        if action == "pass":
            return t("move.pass")
        if action == "neutral":
            return t("move.neutral", cells=cells) if cells else t("move.neutral_none")
        if action == "claim":
            return t("move.claim", card=self.card_label(str(move.get("card"))))
        if action == "neutral_claim":
            return t("move.neutral_claim", card=self.card_label(str(move.get("card"))))
        if action == "boat":
            return t("move.boat_use") if move.get("use") else t("move.boat_keep")
        return str(action)

    def suggestion(self, move: dict[str, Any], wings: Any) -> str:
        return self.t("hint.suggested", move=self.move_text(move, wings))
