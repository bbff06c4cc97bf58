"""One visitor's game on this device: the table, its autosave and what to show first.

web/main.py binds a ``Session`` to the browser (localStorage, the console) and
hands its methods to the page; everything here is plain Python, so the page's
start-up, autosave and corrupt-save handling are tested without a browser.

Every view carries ``game``: a number that changes with each new game or
import, so that "<game>:<revision>" names one position of one game (a
computer's answer for another position is dropped).
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from game.limits import clean_name, seed_from_text

from .table import PLAYER_COUNTS, Table
from .texts import Texts, language_of

SAVE_KEY = "mykerinos.save"
CORRUPT_KEY = "mykerinos.save.corrupt"


class Storage(Protocol):
    """Where the game is saved (localStorage in the page). Never raises."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> bool: ...

    def remove(self, key: str) -> None: ...


def random_seed() -> int:
    return random.SystemRandom().randrange(1, 2**31)


def parse_seed(seed: Any, fresh: Callable[[], int] = random_seed) -> int:
    """An integer seed from whatever the page sent: a number, or text typed in
    the seed field (game.limits.seed_from_text: digits, or any word); null,
    undefined or blank text mean a random one. Raises SetupError for a seed out
    of bounds."""
    if isinstance(seed, bool) or not isinstance(seed, (int, float, str)):
        return fresh()
    if isinstance(seed, float):
        return int(seed) if seed.is_integer() else fresh()
    if isinstance(seed, int):
        return seed
    value = seed_from_text(seed)
    return fresh() if value is None else value


def _json_object(text: Any) -> Any:
    try:
        return json.loads(text) if isinstance(text, str) else None
    except ValueError:
        return None


@dataclass
class Session:
    """The current game and the page's bookkeeping around it."""

    storage: Storage
    table: Table
    language: str = "en"
    generation: int = 1
    saved: tuple[int, int] | None = None  # (generation, revision) last written to storage
    notice: str | None = None  # said once when the page starts (a save that could not be read)
    new_game: bool = False  # the page opens the new-game dialog first
    log: Callable[[str, str], None] = field(default=lambda level, text: None)  # "warn"/"error"
    fresh_seed: Callable[[], int] = field(default=random_seed)

    # ------------------------------------------------------------- start-up
    @classmethod
    def open(cls, storage: Storage, language: str = "en",
             log: Callable[[str, str], None] = lambda level, text: None,
             fresh_seed: Callable[[], int] = random_seed) -> "Session":
        """Resume the saved game, or deal a fresh one behind the new-game dialog.
        A save that cannot be read is moved aside and the page says so."""
        code = language_of(language)
        texts = Texts(code)
        notice = None
        saved = storage.get(SAVE_KEY)
        if saved is not None:
            table, error = cls._load(saved, code)
            if table is not None:
                session = cls(storage, table, code, log=log, fresh_seed=fresh_seed)
                session.saved = session.stamp()
                return session
            storage.set(CORRUPT_KEY, saved)
            storage.remove(SAVE_KEY)
            notice = texts.t("msg.corrupt_save", reason=error, key=CORRUPT_KEY)
        names = [texts.t("name.player", n=i + 1) for i in range(3)]
        table = Table.new(names, fresh_seed(), language=code)
        session = cls(storage, table, code, notice=notice, new_game=True, log=log,
                      fresh_seed=fresh_seed)
        session.saved = session.stamp()  # not worth saving until something happens
        return session

    @staticmethod
    def _load(text: Any, language: str) -> tuple[Table | None, str | None]:
        """A table from record text, or the reason why not (never raises)."""
        texts = Texts(language)
        if not isinstance(text, str):
            return None, texts.t("reason.no_record")
        try:
            return Table.from_record_text(text, language), None
        except Exception as exc:  # GameError, or anything unexpected in a bad file
            return None, texts.record_error(exc)

    def startup(self, language: Any = None) -> dict[str, Any]:
        """What the page shows first, in the language it chose (``language``)."""
        if language is not None and language_of(language) != self.language:
            self.set_language(language)
        return {"view": self.view(), "notice": self.notice, "newGame": self.new_game}

    # ------------------------------------------------------------ autosave
    def stamp(self) -> tuple[int, int]:
        return (self.generation, self.table.revision)

    def stamp_text(self) -> str:
        return f"{self.generation}:{self.table.revision}"

    def _save(self) -> None:
        if self.storage.set(SAVE_KEY, self.table.record_text()):
            self.saved = self.stamp()

    def _save_if_changed(self) -> None:
        if self.saved != self.stamp():
            self._save()

    def _use(self, table: Table) -> None:
        """Make ``table`` the current game (and save it)."""
        self.table = table
        self.generation += 1
        self.new_game = False
        self._save()

    # ---------------------------------------------------------------- API
    @property
    def texts(self) -> Texts:
        return Texts(self.language)

    def view(self) -> dict[str, Any]:
        view = self.table.view()
        view["game"] = self.generation
        return view

    def click(self, target: Any) -> dict[str, Any]:
        try:
            self.table.click(str(target))
        except Exception as exc:  # a bug: keep the page alive and say so
            self.log("error", f"Mykerinos: click {target!r} failed: {exc!r}")
            self.table.message = self.texts.t("msg.click_failed")
        self._save_if_changed()
        return self.view()

    def _names(self, names: Any) -> list[str]:
        defaults = [self.texts.t("name.player", n=i + 1) for i in range(max(PLAYER_COUNTS))]
        if not isinstance(names, list):
            names = defaults[:3]
        return [clean_name(name) or defaults[i] for i, name in enumerate(names[:max(PLAYER_COUNTS)])]

    def start_game(self, names_json: Any = "[]", seed: Any = None,
                   options_json: Any = None) -> dict[str, Any]:
        """A new game; options: {"nile": bool, "seats": ["human" | a bot level, ...]}."""
        options = _json_object(options_json)
        if not isinstance(options, dict):
            options = {}
        try:
            table = Table.new(self._names(_json_object(names_json)),
                              parse_seed(seed, self.fresh_seed),
                              nile=options.get("nile") is True, seats=options.get("seats"),
                              language=self.language)
        except Exception as exc:  # bad player list: keep the current game
            self.table.message = self.texts.t("msg.new_game_failed", reason=exc)
            return self.view()
        self._use(table)
        return self.view()

    def export_record(self) -> str:
        return self.table.record_text()

    def import_record(self, text: Any) -> dict[str, Any]:
        table, error = self._load(text, self.language)
        if table is None:
            return {"ok": False, "error": self.texts.t("msg.not_a_record", reason=error)}
        self._use(table)
        return {"ok": True, "view": self.view()}

    def bot_seed(self) -> int:
        return self.table.bot_seed()

    def play_bot_move(self, move_json: Any, stamp: Any = None) -> dict[str, Any]:
        """A computer's move; ignored when ``stamp`` names a position that is gone
        (undo, new game, import while it thought)."""
        if isinstance(stamp, str) and stamp != self.stamp_text():
            return self.view()
        try:
            self.table.play_bot_move(json.loads(str(move_json)))
        except Exception as exc:  # GameError (refused move) or a bad answer
            self.log("warn", f"Mykerinos: computer move {move_json!r} refused: {exc}")
            self.table.message = self.texts.t("msg.bot_refused", reason=exc)
        self._save_if_changed()
        return self.view()

    def hint(self, move_json: Any) -> dict[str, Any]:
        """A suggested move in words with the places to mark (empty if unreadable)."""
        try:
            return self.table.hint(json.loads(str(move_json)))
        except Exception:
            return {"text": self.texts.t("hint.suggested", move=str(move_json)),
                    "key": None, "cells": [], "rooms": [], "cards": []}

    def set_language(self, code: Any) -> dict[str, Any]:
        self.language = language_of(code)
        self.table.set_language(self.language)
        return self.view()
