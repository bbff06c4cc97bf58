"""One visitor's game on this device: the table, its save slot and what to show first.

web/page/main.py binds a ``Session`` to the browser (localStorage, the console) and
hands its methods to the page; everything here is plain Python, so the page's
start-up, autosave, several tabs and broken saves are tested without a browser.

Saves (keys relative to the site's own prefix, "mykerinos:<site path>:",
which web/front/js/saves.js computes and web/page/main.py reads with ``site_prefix``):

    game:<id>     one game's record, the id drawn when the game starts
    current       the id of the game played last (resumed on the next visit)
    corrupt:<id>  a save that could not be read, set aside
    view          the last view drawn (painted before Python starts, web/front/js/saves.js)

The page's JavaScript keeps two more under the same prefix: ``lang`` (the
language picked, web/front/js/i18n.js) and ``seat:<game>`` (web/front/js/links.js).

Several tabs may play one game. A tab writes its slot only when what is
stored there is what it last read or wrote, or a beginning of its own game
(nothing stored is ever cut short); when another tab moved the game on, the
tab follows if its own game is a beginning of the stored one, and otherwise
goes read-only (``elsewhere``) until the player picks "continue here" (the
tab's version becomes a new game with its own id) or "follow".

Every view carries ``game``: a number that changes with each new game, import
or position taken from another tab, so that "<game>:<revision>" names one
position of one game (a computer's answer for another position is dropped),
and ``save`` (docs/VIEW.md).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, cast

from game.errors import GameError, MalformedMoveError, shown
from game.limits import MAX_RECORD_BYTES, clean_name, seed_from_text
from game.record import parse_record_json

from .answers import Imported, Started, Stopped, Thought
from .review import Review
from .shared import KEY_CORRUPT, KEY_CURRENT, KEY_SLOT, KEY_VIEW
from .table import PLAYER_COUNTS, Table
from .texts import Texts, language_of
from .thinker import Thinker
from .view import Seen, board, stamp
from .view_types import Save, View

CURRENT_KEY = KEY_CURRENT
SLOT = KEY_SLOT
CORRUPT = KEY_CORRUPT
VIEW_KEY = KEY_VIEW
ID_MAX = 32  # characters of a game id read back from storage


class Storage(Protocol):
    """Where games are saved (localStorage under the site's prefix in the page).
    Never raises: ``set`` answers whether the write worked."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> bool: ...

    def remove(self, key: str) -> None: ...

    def name(self, key: str) -> str: ...  # the key as the browser stores it


class NoPrefix(RuntimeError):
    """The page did not say the prefix of its keys (web/front/js/saves.js did not run)."""


def site_prefix(value: Any) -> str:
    """The prefix of every key of this copy of the site, as the page computed it
    (web/front/js/saves.js ``prefix``, the one place that does). Anything else raises
    NoPrefix: without it the page cannot know where its saves are, and must not
    guess (a guess that differs from the page's would lose every save)."""
    if isinstance(value, str) and value.startswith("mykerinos:") and value.endswith(":"):
        return value
    raise NoPrefix(
        "Mykerinos: web/front/js/saves.js has not set window.mykerinosSaves.prefix, "
        "so the saves cannot be found; is web/front/js/saves.js served?"
    )


def random_seed() -> int:
    return random.SystemRandom().randrange(1, 2**31)


def adopt_legacy_save(storage: Storage, legacy: str | None) -> bool:
    """Bring an earlier release's save into this site's slots, so that a
    returning player finds their game: when nothing is current here yet, it
    becomes a game of its own (read back before it counts). The old key is
    left as it was; a save that cannot be read is then set aside as any other."""
    if not isinstance(legacy, str) or storage.get(CURRENT_KEY) is not None:
        return False
    game_id = random_id()
    if not (storage.set(SLOT + game_id, legacy) and storage.get(SLOT + game_id) == legacy):
        return False
    return storage.set(CURRENT_KEY, game_id)


def random_id() -> str:
    return f"{random.SystemRandom().getrandbits(48):012x}"


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


def _record_of(text: str) -> dict[str, Any] | None:
    """The setup and moves of stored record text, or None (within the record limits)."""
    try:
        record = parse_record_json(text)
    except GameError:
        return None
    if not isinstance(record, dict) or not isinstance(record.get("moves", []), list):
        return None
    return record


def begins(shorter: str, longer: str) -> bool:
    """Whether the game in record text ``shorter`` is a beginning of ``longer``'s:
    same setup, and its moves the first moves of the other."""
    a, b = _record_of(shorter), _record_of(longer)
    if a is None or b is None or a.get("setup") != b.get("setup"):
        return False
    moves_a, moves_b = a.get("moves", []), b.get("moves", [])
    return len(moves_a) <= len(moves_b) and moves_b[: len(moves_a)] == moves_a


def _valid_id(value: Any) -> bool:
    return (
        isinstance(value, str) and 0 < len(value) <= ID_MAX and value.isascii() and value.isalnum()
    )


@dataclass
class Session:
    """The current game and the page's bookkeeping around it."""

    storage: Storage
    table: Table
    language: str = "en"
    generation: int = 1
    game_id: str = field(default_factory=random_id)
    saved: tuple[int, int] | None = None  # (generation, revision) last written to storage
    synced: str | None = None  # the record text last read from or written to the slot
    written: int = 0  # writes of the slot by this tab (the page tells other tabs)
    elsewhere: bool = False  # the game moved on in another tab: read-only until the player decides
    trouble: str | None = None  # why the game could not be saved (said once by the page)
    notice: str | None = None  # said once when the page starts (a save that could not be read)
    new_game: bool = False  # the page opens the new-game dialog first
    log: Callable[[str, str], None] = field(default=lambda level, text: None)  # "warn"/"error"
    fresh_seed: Callable[[], int] = field(default=random_seed)
    thinker: Thinker = field(default_factory=Thinker)

    # ------------------------------------------------------------- start-up
    @classmethod
    def open(
        cls,
        storage: Storage,
        language: str = "en",
        log: Callable[[str, str], None] = lambda level, text: None,
        fresh_seed: Callable[[], int] = random_seed,
    ) -> Session:
        """Resume the game played last, or deal a fresh one behind the new-game
        dialog. A save that cannot be read is copied aside (and removed only
        once the copy reads back the same); one from a newer version of the
        game is left untouched. The page says which."""
        code = language_of(language)
        texts = Texts(code)
        notice = None
        current = storage.get(CURRENT_KEY)
        text = storage.get(SLOT + current) if current is not None and _valid_id(current) else None
        if current is not None and text is not None:
            table, error, kind = cls._load(text, code)
            if table is not None:
                session = cls(
                    storage,
                    table,
                    code,
                    game_id=str(current),
                    synced=text,
                    log=log,
                    fresh_seed=fresh_seed,
                )
                session.saved = session.stamp()
                return session
            if kind == "version":
                notice = texts.t("msg.newer_save", key=storage.name(SLOT + current))
            else:
                aside = CORRUPT + current
                kept = storage.set(aside, text) and storage.get(aside) == text
                if kept:
                    storage.remove(SLOT + current)
                else:
                    aside = SLOT + current  # could not copy it: it stays where it is
                notice = texts.t("msg.corrupt_save", reason=error, key=storage.name(aside))
        names = [texts.t("name.player", n=i + 1) for i in range(3)]
        table = Table.new(names, fresh_seed(), language=code)
        session = cls(
            storage, table, code, notice=notice, new_game=True, log=log, fresh_seed=fresh_seed
        )
        session.saved = session.stamp()  # not worth saving until something happens
        return session

    @staticmethod
    def _load(text: Any, language: str) -> tuple[Table | None, str | None, str | None]:
        """A table from record text, or the reason why not and its kind (never raises)."""
        texts = Texts(language)
        if not isinstance(text, str):
            return None, texts.t("reason.no_record"), "format"
        try:
            return Table.from_record_text(text, language), None, None
        except Exception as exc:  # GameError, or anything unexpected in a bad file
            kind = getattr(exc, "kind", None)
            if kind == "version":
                return None, texts.t("reason.version"), kind
            return None, texts.record_error(exc), kind

    def startup(self, language: Any = None) -> dict[str, Any]:
        """What the page shows first, in the language it chose (``language``)."""
        if language is not None and language_of(language) != self.language:
            self.set_language(language)
        return {"view": self.view(), "notice": self.notice, "newGame": self.new_game}

    # ------------------------------------------------------------ autosave
    def stamp(self) -> tuple[int, int]:
        return (self.generation, self.table.revision)

    def stamp_text(self) -> str:
        """The view's ``stamp``: this position of this game."""
        return stamp(self.generation, self.table.revision)

    def _write(self, key: str, text: str) -> bool:
        if self.storage.set(key, text):
            return True
        if self.trouble is None:
            self.log("warn", f"Mykerinos: could not write {self.storage.name(key)}")
        self.trouble = self.texts.t("msg.storage_failed")
        return False

    def _save(self) -> None:
        """Write the game to its slot, unless another tab changed that slot into
        something this game does not extend (then the tab goes read-only)."""
        if self.elsewhere:
            return
        text = self.table.record_text()
        key = SLOT + self.game_id
        stored = self.storage.get(key)
        if stored is not None and stored not in (self.synced, text) and not begins(stored, text):
            self.elsewhere = True
            return
        if self._write(key, text):
            self.synced = text
            self.saved = self.stamp()
            self.written += 1
            self._write(CURRENT_KEY, self.game_id)

    def _save_if_changed(self) -> None:
        if self.saved != self.stamp():
            self._save()

    def changed(self) -> None:
        """The table changed outside a click (a live room's message): save it."""
        self._save_if_changed()

    def use(self, table: Table, game_id: str | None = None, synced: str | None = None) -> None:
        """Make ``table`` the current game (and save it)."""
        self.table = table
        self.generation += 1
        self.new_game = False
        self.elsewhere = False
        self.game_id = game_id or random_id()
        self.synced = synced
        if synced is None:
            self._save()
        else:
            self.saved = self.stamp()

    # ------------------------------------------------------- several tabs
    def sync(self) -> None:
        """Look at this game's slot again (another tab said it wrote it): take
        the stored game if this tab's is a beginning of it, go read-only if the
        two differ otherwise."""
        self._sync()

    def _sync(self) -> None:
        if self.elsewhere:
            return
        stored = self.storage.get(SLOT + self.game_id)
        if stored is None or stored == self.synced:
            return
        mine = self.table.record_text()
        if stored == mine:
            self.synced = stored
            return
        # Nothing of this tab's own is unsaved: its last write, or a record no
        # move changed since (review opened and closed changes the revision only).
        unsaved = self.saved != self.stamp() and mine != self.synced
        if not unsaved and begins(mine, stored):
            table, _, _ = self._load(stored, self.language)
            if table is not None:
                self.use(table, self.game_id, stored)
                return
        self.elsewhere = True

    def continue_here(self) -> None:
        """Keep this tab's version of the game, as a new game of its own."""
        if self.elsewhere:
            table = self.table
            self.elsewhere = False
            self.use(table)

    def follow(self) -> None:
        """Drop this tab's version and take the game as another tab left it."""
        stored = self.storage.get(SLOT + self.game_id)
        table, _, _ = (
            self._load(stored, self.language) if stored is not None else (None, None, None)
        )
        if table is None:
            self.continue_here()  # nothing to follow: keep ours
            return
        self.use(table, self.game_id, stored)

    # ---------------------------------------------------------------- API
    @property
    def texts(self) -> Texts:
        return Texts(self.language)

    def seen(self) -> Seen:
        """What the game's view shows besides its position: the table's part,
        the game's number and its save."""
        save: Save = {
            "id": self.game_id,
            "written": self.written,
            "elsewhere": self.elsewhere,
            "trouble": self.trouble,
            "record_max": MAX_RECORD_BYTES,
        }
        return replace(self.table.seen(), game=self.generation, save=save)

    def view(self) -> View:
        return board(self.table.state, self.seen(), self.table.chart())

    def click(self, target: Any) -> None:
        """Play one click (the view of what it did is ``view()``)."""
        self._sync()
        if self.elsewhere:
            self.table.message = self.texts.t("tabs.elsewhere")
            return
        try:
            self.table.click(str(target))
        except Exception as exc:  # a bug: keep the page alive and say so
            self.log("error", f"Mykerinos: click {target!r} failed: {exc!r}")
            self.table.message = self.texts.t("msg.click_failed")
        self._save_if_changed()

    def _names(self, names: Any) -> list[str]:
        defaults = [self.texts.t("name.player", n=i + 1) for i in range(max(PLAYER_COUNTS))]
        if not isinstance(names, (list, tuple)):
            names = defaults[:3]
        return [
            clean_name(name) or defaults[i] for i, name in enumerate(names[: max(PLAYER_COUNTS)])
        ]

    def start_game(
        self,
        names: Sequence[str] | None = None,
        seed: int | str | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> View:
        """A new game. ``names``: the players' names (cleaned; a blank one gets
        the default name; no list at all, three default players); ``seed``: an
        integer or the text typed in the seed field (None or blank: a random
        one, ``parse_seed``); ``options``: {"nile": bool, "seats": ["human" | a
        bot level, ...]}. Values from the page may be anything: a bad one gets
        the translated refusal and the current game stays."""
        if not isinstance(options, Mapping):
            options = {}
        try:
            table = Table.new(
                self._names(names),
                parse_seed(seed, self.fresh_seed),
                nile=options.get("nile") is True,
                seats=options.get("seats"),
                language=self.language,
            )
        except Exception as exc:  # bad player list or seed: keep the current game
            self.table.message = self.texts.t("msg.new_game_failed", reason=exc)
            return self.view()
        self.use(table)
        return self.view()

    def export_record(self) -> str:
        return self.table.record_text()

    def import_record(self, text: Any) -> Imported:
        table, error, kind = self._load(text, self.language)
        if table is None:
            key = "msg.newer_record" if kind == "version" else "msg.not_a_record"
            return {"ok": False, "error": self.texts.t(key, reason=error)}
        self.use(table)
        return {"ok": True, "view": self.view()}

    def play_bot_move(self, move: dict[str, Any] | None, stamp: str | None = None) -> None:
        """A computer's move (a move in the notation, ``game.moves``: a dict);
        ignored when ``stamp`` names a position that is gone (undo, new game,
        import, another tab moved on while it thought). Anything that is not a
        legal move is refused with the translated reason."""
        self._sync()
        if self.elsewhere or (isinstance(stamp, str) and stamp != self.stamp_text()):
            return
        try:
            if not isinstance(move, dict):  # a value the page could not read as a move
                raise MalformedMoveError(f"a move must be an object, not {shown(move)}")
            self.table.play_bot_move(move)
        except Exception as exc:  # GameError (refused move) or a bad answer
            self.log("warn", f"Mykerinos: computer move {repr(move)[:200]} refused: {exc}")
            self.table.message = self.texts.t("msg.bot_refused", reason=exc)
        self._save_if_changed()

    # ------------------------------------------------------------ thinking
    def think(self, purpose: str, shown: Review | None = None, counted: bool = False) -> Started:
        """Start the computer's thinking on the position on screen ("move",
        "hint" or "analysis", web/page/thinking.py; ``shown``: a past position in
        review; ``counted``: playouts, not seconds, for a table by turns),
        abandoning any other: {"job": n, "stamp"}, or {"error": ...} when there
        is nothing to think about."""
        table = self.table
        try:
            # Imported here: the computer players are not needed to start the page.
            from . import thinking

            number = self.thinker.start(
                lambda clock: thinking.job(table, purpose, clock, shown, counted)
            )
        except ValueError as exc:
            return {"error": str(exc)}
        return {"job": number, "stamp": self.stamp_text()}

    def prepare_thinking(self) -> bool:
        """Import the computer players ahead of need and run a tiny search
        (``thinking.warm_up``). Both are too long to run between a computer's moves
        on a phone's processor (the import about 75 ms with it slowed 4x), so the
        page asks for them in idle time after its start."""
        from . import thinking

        thinking.warm_up(self.table.state)
        return True

    def think_step(self, job: Any, ms: Any) -> Thought:
        """Think on for about ``ms`` milliseconds (``Thinker.step``)."""
        try:
            return cast(Thought, self.thinker.step(int(job), min(max(float(ms), 1.0), 50.0)))
        except (TypeError, ValueError):
            return {"gone": True}

    def stop_thinking(self, job: Any) -> Stopped:
        """Abandon job ``job`` (a number, or its text from the page)."""
        try:
            return {"stopped": self.thinker.stop(int(job))}
        except (TypeError, ValueError):
            return {"stopped": False}

    def set_language(self, code: Any) -> None:
        self.language = language_of(code)
        self.table.set_language(self.language)
        if self.trouble is not None:
            self.trouble = self.texts.t("msg.storage_failed")
