"""Page entry point, run by PyScript (<script type="py" src="./web/page/main.py">).

The only Python module that touches the browser: it opens one ``Session``
(web/page/session.py) on localStorage and hands the page one function,
``window.mykerinos.call(name, argsJson)``, which serves every call declared
in web/page/bridge.py (the page calls it through web/front/js/generated/bridge.js,
written from that declaration), and ``window.mykerinos.ready``.

Every change of the game is saved in localStorage under the site's own prefix
(``mykerinos:<site path>:``, so two copies of the site on one host never share
a save; web/page/shared.py names the keys) and resumed on the next visit. The
game's views handed to the page are also kept (key ``view``) for the next
visit's first paint, drawn by web/front/js/saves.js before Python has started.
The prefix comes from web/front/js/saves.js (``window.mykerinosSaves.prefix``),
which computes it for every key the page writes; without it the page stops
with a clear error rather than guess.
"""

from __future__ import annotations

from typing import Any

import js  # type: ignore[import-not-found]  # the browser, in Pyodide only

# The start's steps as User Timing marks, for anyone measuring it (bench/load.py).
js.performance.mark("mykerinos:main")

from pyodide.ffi import create_proxy  # type: ignore[import-not-found]  # noqa: E402

from page.bridge import Bridge  # noqa: E402
from page.session import LEGACY_KEY, Session, adopt_legacy_save, site_prefix  # noqa: E402
from page.texts import Texts, language_of  # noqa: E402


def page_prefix() -> str:
    """The prefix of every key of this copy of the site, as web/front/js/saves.js
    computed it (it runs long before Python). Raises NoPrefix without it."""
    saves = getattr(js.window, "mykerinosSaves", None)
    return site_prefix(getattr(saves, "prefix", None) if saves is not None else None)


class LocalStorage:
    """localStorage under this site's prefix; it may be disabled (private
    mode, blocked cookies...) or full: then writes answer False."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix

    def name(self, key: str) -> str:
        return self.prefix + key

    def get(self, key: str) -> str | None:
        try:
            value = js.localStorage.getItem(self.prefix + key)
        except Exception:
            return None
        # A missing key is JavaScript null (pyodide's jsnull, not None).
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> bool:
        try:
            js.localStorage.setItem(self.prefix + key, value)
            return True
        except Exception:
            return False

    def remove(self, key: str) -> None:
        try:
            js.localStorage.removeItem(self.prefix + key)
        except Exception:
            pass


_proxies: list[Any] = []  # keeps the proxy handed to JavaScript alive


def _expose(bridge: Bridge) -> None:
    api = js.Object.new()
    proxy = create_proxy(bridge.answer)
    _proxies.append(proxy)
    api.call = proxy
    api.ready = True
    js.window.mykerinos = api


def main() -> None:
    js.performance.mark("mykerinos:imported")
    loader = getattr(js.window, "mykerinosLoader", None)
    # The language web/front/js/i18n.js chose so far (the page confirms it in startup()).
    language = language_of(js.document.documentElement.lang)
    if loader is not None:
        loader.step(Texts(language).t("loader.board"), 95)
    storage = LocalStorage(page_prefix())
    try:
        legacy = js.localStorage.getItem(LEGACY_KEY)
    except Exception:  # storage disabled
        legacy = None
    adopt_legacy_save(storage, legacy if isinstance(legacy, str) else None)
    session = Session.open(
        storage, language, log=lambda level, text: getattr(js.console, level)(text)
    )
    js.performance.mark("mykerinos:session")
    _expose(Bridge(session, storage))
    js.document.body.dataset.engine = "1"
    js.document.body.dataset.webpy = "1"
    ui = getattr(js.window, "mykerinosUI", None)
    if ui is not None:
        # Draws the board (and the dialog) synchronously, unless the words of
        # the page's language are still loading: then the page marks it ready.
        if ui.boot():
            js.document.body.dataset.ready = "1"
    # Otherwise web/front/js/boot.js boots by itself when it loads, and sets the marker.
    js.window.dispatchEvent(js.CustomEvent.new("mykerinos:ready"))


# PyScript runs this file as __main__; the tests import it (with stand-ins
# for the browser) to call the page's functions.
if __name__ == "__main__":
    main()
