"""Page entry point, run by PyScript in a Web Worker (web/front/js/engine.js starts
it with PyScript's ``PyWorker``): Python never holds the page's main thread.

The worker has no ``window``, no ``document`` and no localStorage, and without
cross-origin isolation it cannot call the page and wait for an answer. So the
page drives everything, and this module hands it three functions through
PyScript's ``sync`` (each an awaited message from the page, served in the
order sent):

- ``open(settings)``: the page's prefix, a copy of every key it has under it
  (web/page/mirror.py), the key an earlier release saved under, the
  language; opens the one ``Session`` (web/page/session.py).
- ``call(name, args)``: every call declared in web/page/bridge.py (the page
  calls it through web/front/js/generated/bridge.js, written from that
  declaration). It answers one text: a first line of JSON, the writes to make
  in localStorage before the answer is drawn (and the error, if the call
  failed), then the answer's JSON text.
- ``stored(change)``: another tab changed a key; ``refused()``: the page could
  not write one.
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
    sent = [[key, True if answer is not None and value is answer else value] for key, value in writes]
    line: dict[str, Any] = {"w": sent}
    if error is not None:
        line["e"] = list(error)
    return json.dumps(line, ensure_ascii=True)


def serve() -> None:
    """Hand the page its functions through PyScript's worker channel."""
    import js  # type: ignore[import-not-found]  # the worker's globals, in Pyodide only
    from pyscript import sync  # type: ignore[import-not-found]  # PyScript, in the worker only

    engines: list[Engine] = []

    def log(level: str, text: str) -> None:
        getattr(js.console, level)(text)

    def open_page(settings: str) -> str:
        engines[:] = [Engine(settings, log)]
        timing = getattr(js, "mykerinosPython", None)
        start = {"snapshot": "none", "ms": 0}
        if timing is not None:
            start = {"snapshot": str(timing.snapshot), "ms": float(timing.ms)}
        version = ".".join(str(n) for n in sys.version_info[:3])
        return json.dumps({"python": version, "start": start})

    sync.open = open_page
    sync.call = lambda name, args: engines[0].call(name, args)
    sync.stored = lambda change: engines[0].stored(change)
    sync.refused = lambda: engines[0].storage.refused()


# PyScript runs this file as __main__ in the worker; the tests import it.
if __name__ == "__main__":
    serve()
