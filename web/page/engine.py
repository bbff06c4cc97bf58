"""The page's Python as its worker serves it (web/page/main.py hands these
functions to the page through PyScript): the one ``Session`` on a copy of the
page's localStorage (web/page/mirror.py), and each call answered with the
writes the page makes before it draws the answer.

An answer is one text: a first line of JSON, ``{"w": writes}`` (each write
``[key, value]``, the value null for a removal or true for the answer's own
text) with ``"e": [kind, message]`` when the call failed, then the answer's
JSON text.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from page.bridge import BadCall, Bridge
from page.mirror import Mirror, Write
from page.session import Session, adopt_legacy_save, site_prefix
from page.texts import language_of


class Engine:
    """The page's Python: the bridge and the copy of localStorage it writes to."""

    def __init__(self, settings_text: str, log: Any = None) -> None:
        settings = json.loads(settings_text)
        entries = settings.get("entries")
        storage = Mirror(
            site_prefix(settings.get("prefix")),
            entries if isinstance(entries, dict) else {},
            refuses=settings.get("refuses") is True,
        )
        legacy = settings.get("legacy")
        adopt_legacy_save(storage, legacy if isinstance(legacy, str) else None)
        language = settings.get("language")
        self.storage = storage
        self.session = Session.open(
            storage,
            language_of(language if isinstance(language, str) else "en"),
            log=log or (lambda level, text: print(text, file=sys.stderr)),
        )
        self.bridge = Bridge(self.session, storage)

    def call(self, name: str, args: str) -> str:
        """Serve one call: the writes (and the error) as a first line of JSON,
        then the answer. A failed call's writes still go back (there are none
        but a bug's)."""
        try:
            answer = self.bridge.answer(name, args)
        except Exception as error:  # any failure is the calling page's to show
            kind = "BadCall" if isinstance(error, BadCall) else type(error).__name__
            return head(self.storage.take(), answer=None, error=(kind, str(error)))
        return head(self.storage.take(), answer) + "\n" + answer

    def stored(self, change: str) -> None:
        key, value = json.loads(change)
        self.storage.changed(str(key), value if isinstance(value, str) else None)


def head(writes: list[Write], answer: str | None, error: tuple[str, str] | None = None) -> str:
    """The answer's first line. A written value that is the answer's own text
    (the view kept for the next first paint) is sent once, as ``true``."""
    sent = [
        [key, True if answer is not None and value is answer else value] for key, value in writes
    ]
    line: dict[str, Any] = {"w": sent}
    if error is not None:
        line["e"] = list(error)
    return json.dumps(line, ensure_ascii=True)
