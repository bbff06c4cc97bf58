"""Page entry point, run by PyScript in a Web Worker (web/front/js/engine.js starts
it with PyScript's ``PyWorker``): Python never holds the page's main thread.

The worker has no ``window``, no ``document`` and no localStorage, and without
cross-origin isolation it cannot call the page and wait for an answer. So the
page drives everything, and this module hands it four functions through
PyScript's ``sync`` (each an awaited message from the page, served in the
order sent), around one ``Engine`` (web/page/engine.py):

- ``open(settings)``: the page's prefix, a copy of every key it has under it,
  the key an earlier release saved under, the language; opens the saved game.
  Answers the Python version and how Python started (web/front/js/python.js).
- ``call(name, args)``: every call declared in web/page/bridge.py (the page
  calls it through web/front/js/generated/bridge.js, written from that
  declaration), answered with the writes to make before it is drawn.
- ``stored(change)``: another tab changed a key; ``refused()``: the page could
  not write one.
- ``heap()``: the bytes of Python's memory (Pyodide's WebAssembly memory, which
  only grows; web/front/js/python.js reads it), for the benches that watch a
  phone's memory: the page cannot see a worker's memory.
"""

from __future__ import annotations

import json
import sys

import js  # type: ignore[import-not-found]  # the worker's globals, in Pyodide only
from pyscript import sync  # type: ignore[import-not-found]  # PyScript, in the worker only

from page.engine import Engine

js.performance.mark("mykerinos:imported")

engines: list[Engine] = []


def log(level: str, text: str) -> None:
    getattr(js.console, level)(text)


def open_page(settings: str) -> str:
    engines[:] = [Engine(settings, log)]
    timing = getattr(js, "mykerinosPython", None)
    start = {"snapshot": "none", "ms": 0.0}
    if timing is not None:
        start = {"snapshot": str(timing.snapshot), "ms": float(timing.ms)}
    version = ".".join(str(n) for n in sys.version_info[:3])
    return json.dumps({"python": version, "start": start})


sync.open = open_page
sync.call = lambda name, args: engines[0].call(name, args)
sync.stored = lambda change: engines[0].stored(change)
sync.refused = lambda: engines[0].storage.refused()
sync.heap = lambda: int(js.mykerinosHeap())
