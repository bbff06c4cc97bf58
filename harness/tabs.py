"""One small interface over two drivers, so that the same scenario runs in both browsers.

- `PlaywrightTab`: a Playwright page, Chromium or Firefox (bench/memory.py); Debian's
  Firefox ESR in the tests is `harness.firefox_tab.FirefoxTab` (WebDriver BiDi, no Playwright).
- `WebKitTab`: WebKitGTK's MiniBrowser driven by Selenium through WebKitWebDriver.

Both click what a person clicks (real pointer events at the element), read the
page's view through `window.mykerinos`, and keep an error recorder in the page
(`ERROR_RECORDER`): uncaught errors, unhandled rejections, resources that fail
to load and console.error calls. In Firefox it is an init script (it runs
before the page's own scripts); WebDriver classic has no such hook, so in
WebKit it is installed as soon as each navigation has loaded the document.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

from harness.pages import DRAWN_JS

FIREFOX = os.environ.get("FIREFOX", "/usr/bin/firefox-esr")
MINIBROWSER = os.environ.get("MINIBROWSER", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
WEBKIT_DRIVER = os.environ.get("WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
# WebKitGTK paints a page's layers on the processor when this is set (tools/phone_browser.py).
CPU_PAINTING = "WEBKIT_SKIA_ENABLE_CPU_RENDERING"

READY_JS = "document.body && document.body.dataset.ready === '1'"
READY_TIMEOUT_S = 150  # the first load compiles Pyodide; slow on a busy 2-core machine
VIEW_JS = "window.mykerinos.call(`view`, `[]`)"  # Python's text, parsed here

# Records problems the page meets into window.__xbErrors (kept across redraws).
ERROR_RECORDER = r"""
(() => {
  if (window.__xbErrors) return;
  const errors = window.__xbErrors = [];
  const text = (x) => {
    try { return x instanceof Error ? `${x.name}: ${x.message}` : String(x); } catch { return "?"; }
  };
  addEventListener("error", (e) => {
    const el = e.target;
    if (el && el !== window && (el.src || el.href)) errors.push(`failed to load ${el.src || el.href}`);
    else errors.push(`uncaught: ${e.message || text(e.error)}`);
  }, true);
  addEventListener("unhandledrejection", (e) => errors.push(`unhandled rejection: ${text(e.reason)}`));
  const original = console.error.bind(console);
  console.error = (...args) => { errors.push(`console.error: ${args.map(text).join(" ")}`); original(...args); };
})()
"""

# The computers' moves played as soon as they are chosen, not shown "thinking"
# for a person's eye (web/front/js/bots.js): the tests wait for what they
# check, never for a time. Read at each move, so it may be set at any time.
NO_PAUSE = "window.mykerinosPauseMs = 0;"


def page_start(paced: bool) -> str:
    """What every tab runs before the page's own scripts: the error recorder, and
    ``NO_PAUSE`` unless ``paced`` (the computers' moves shown for the time a
    person needs, as players see them: the benches)."""
    return ERROR_RECORDER + ("" if paced else NO_PAUSE)


# Keeps every Blob handed to URL.createObjectURL, so a test can read what a
# download link offered (a BiDi-driven Firefox reports no downloads,
# and WebDriver classic none at all).
BLOB_KEEPER = r"""
(() => {
  if (window.__xbBlobs) return;
  window.__xbBlobs = [];
  const create = URL.createObjectURL.bind(URL);
  URL.createObjectURL = (obj) => { window.__xbBlobs.push(obj); return create(obj); };
})()
"""


@contextmanager
def x_display():
    """An X display for WebKitGTK (it has no headless mode): $DISPLAY if set,
    else an Xvfb of our own (Debian package xvfb) for as long as the block runs."""
    if os.environ.get("DISPLAY"):
        yield os.environ["DISPLAY"]
        return
    xvfb = shutil.which("Xvfb")
    if not xvfb:
        raise FileNotFoundError("no DISPLAY and no Xvfb: apt-get install xvfb")
    read, write = os.pipe()
    proc = subprocess.Popen(
        [xvfb, "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        with os.fdopen(read) as numbers:
            number = numbers.readline().strip()  # written once the display is up
        if not number:
            raise RuntimeError("Xvfb did not start")
        yield f":{number}"
    finally:
        proc.terminate()
        proc.wait(10)


def off_host(urls: list[str], host: str) -> list[str]:
    """URLs that go anywhere but http://{host} (data: and blob: stay in the page)."""
    bad = []
    for url in urls:
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob", "about"):
            continue
        if parts.scheme not in ("http", "https") or parts.netloc != host:
            bad.append(url)
    return bad


class Tab:
    """What the scenarios need from a browser tab."""

    name = "?"
    version = "?"

    # --- to be provided by each driver
    def goto(self, url: str) -> None:
        raise NotImplementedError

    def reload(self) -> None:
        raise NotImplementedError

    def js(self, expression: str):
        raise NotImplementedError  # value of an expression (promises awaited)

    def click_target(self, target: str) -> None:
        raise NotImplementedError

    def click_css(self, selector: str) -> None:
        raise NotImplementedError

    def select(self, selector: str, value: str) -> None:
        raise NotImplementedError

    def fill(self, selector: str, text: str) -> None:
        raise NotImplementedError

    def upload(self, selector: str, name: str, text: str) -> None:
        raise NotImplementedError

    def requests(self) -> list[str]:
        raise NotImplementedError

    # --- shared
    def wait(self, expression: str, timeout_s: float = 60, interval: float = 0.1):
        """Poll a JS expression until it is truthy; return its value."""
        deadline = time.monotonic() + timeout_s
        while True:
            value = self.js(expression)
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(
                    f"{self.name}: still false after {timeout_s:.0f} s: {expression}"
                )
            time.sleep(interval)

    def wait_ready(self, timeout_s: float = READY_TIMEOUT_S) -> None:
        self.wait(READY_JS, timeout_s, 0.2)

    def view(self) -> dict:
        return json.loads(self.js(VIEW_JS))

    def drawn(self) -> int:
        return int(self.js(DRAWN_JS))

    def errors(self) -> list[str]:
        return list(self.js("window.__xbErrors || ['error recorder missing']"))

    def is_checked(self, selector: str) -> bool:
        return bool(self.js(f"document.querySelector({json.dumps(selector)}).checked"))

    def new_game(self, names: list[str], seats: list[str], seed: int) -> None:
        """Fill in and submit the new-game dialog (base game, no Nile); wait for the redraw."""
        if not self.js("document.querySelector('#new-game-dialog').open"):
            self.click_css("#new-game")
        self.select("#players-count", str(len(names)))
        for i, (name, seat) in enumerate(zip(names, seats)):
            self.fill(f"#player-name-{i}", name)
            self.select(f"#seat-{i}", seat)
        if self.is_checked("#nile"):
            self.click_css("#nile")
        self.fill("#seed", str(seed))
        before = self.drawn()
        self.click_css("#start-game")
        self.wait(
            f"!document.querySelector('#new-game-dialog').open "
            f"&& Number(document.body.dataset.drawn) > {before}",
            30,
        )

    def exported_text(self) -> str:
        """Click the Export button and return the text of the file it offers."""
        self.js(BLOB_KEEPER)
        count = int(self.js("window.__xbBlobs.length"))
        self.click_css("#export")
        self.wait(f"window.__xbBlobs.length > {count}", 10)
        return str(self.js("window.__xbBlobs[window.__xbBlobs.length - 1].text()"))


# ------------------------------------------------------------------ Firefox
class PlaywrightThread:
    """Playwright's sync API on a thread of its own, and a browser launched from it.

    Only one sync Playwright may run per thread, and the Chromium tests keep
    theirs for the whole session: this one lives on its own thread, and every
    call goes through `run`, so both tiers can run in one pytest process.
    """

    def __init__(self, launch) -> None:
        from concurrent.futures import ThreadPoolExecutor

        self._pool = ThreadPoolExecutor(1, thread_name_prefix="playwright")
        self._pw = self.run(self._start)
        self.browser = self.run(lambda: launch(self._pw))
        self.name = self.browser.browser_type.name

    @classmethod
    def firefox(cls, executable: str, downloads: str) -> PlaywrightThread:
        """Debian's Firefox ESR over WebDriver BiDi; a download link clicked
        lands in the folder `downloads`, never asking."""
        prefs = {
            "browser.download.folderList": 2,
            "browser.download.dir": downloads,
            "browser.download.useDownloadDir": True,
        }
        return cls(
            lambda pw: pw.firefox.launch(
                channel="moz-firefox",
                executable_path=executable,
                headless=True,
                firefox_user_prefs=prefs,
            )
        )

    @classmethod
    def chromium(cls) -> PlaywrightThread:
        """The Chromium of the other browser tests (tools/chromium.py)."""
        from tools import chromium

        return cls(chromium.launch)

    @staticmethod
    def _start():
        from playwright.sync_api import sync_playwright

        return sync_playwright().start()

    def run(self, fn):
        return self._pool.submit(fn).result()

    def close(self) -> None:
        try:
            self.run(self.browser.close)
            self.run(self._pw.stop)
        finally:
            self._pool.shutdown()


class PlaywrightTab(Tab):
    """A Playwright page (its own browser context): Firefox in the tests."""

    def __init__(
        self, owner: PlaywrightThread, timeout_ms: float = 60_000, *, paced: bool = False
    ) -> None:
        """``paced``: as ``page_start``'s."""
        self.run = owner.run
        self.name = owner.name
        self.version = owner.browser.version
        self._requests: list[str] = []
        self.console_errors: list[str] = []

        def open_page():
            context = owner.browser.new_context(accept_downloads=False)
            context.add_init_script(page_start(paced))
            context.on("request", lambda r: self._requests.append(r.url))
            context.on("console", self._on_console)
            page = context.new_page()
            page.set_default_timeout(timeout_ms)
            return context, page

        self.context, self.page = self.run(open_page)

    def _on_console(self, message) -> None:
        if message.type == "error":
            self.console_errors.append(message.text)

    def close(self) -> None:
        self.run(self.context.close)

    def goto(self, url: str) -> None:
        self.run(lambda: self.page.goto(url))

    def reload(self) -> None:
        self.run(self.page.reload)

    def js(self, expression: str):
        return self.run(lambda: self.page.evaluate(expression))

    def click_target(self, target: str) -> None:
        def click():
            element = self.page.locator(f'[data-target="{target}"]')
            assert element.count() == 1, f"{target}: {element.count()} elements"
            element.click()

        self.run(click)

    def click_css(self, selector: str) -> None:
        self.run(lambda: self.page.click(selector))

    def select(self, selector: str, value: str) -> None:
        self.run(lambda: self.page.select_option(selector, value))

    def fill(self, selector: str, text: str) -> None:
        self.run(lambda: self.page.fill(selector, text))

    def upload(self, selector: str, name: str, text: str) -> None:
        self.run(
            lambda: self.page.set_input_files(
                selector,
                files=[{"name": name, "mimeType": "application/json", "buffer": text.encode()}],
            )
        )

    def requests(self) -> list[str]:
        return list(self._requests)

    def errors(self) -> list[str]:
        return super().errors() + [f"console: {e}" for e in self.console_errors]


# ------------------------------------------------------------------- WebKit
class WebKitTab(Tab):
    """WebKitGTK's MiniBrowser under Selenium (one browser per tab)."""

    name = "webkit"

    def __init__(
        self,
        minibrowser: str,
        webdriver_path: str,
        display: str,
        *,
        paced: bool = False,
        gl_painting: bool = False,
    ) -> None:
        """``paced``: as ``page_start``'s. The page's layers are painted on the
        processor, as a phone's WebKit paints them (docs/BROWSERS.md);
        ``gl_painting``: with WebKitGTK's default instead, Skia on GL, which
        here is Mesa's software GL (the tier's whole game took 40.6 CPU-s that
        way, 35.1 on the processor); the benches that measured it so keep it."""
        self._start = page_start(paced)
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.service import Service

        options = webdriver.WebKitGTKOptions()
        options.binary_location = minibrowser
        options.add_argument("--automation")
        env = dict(os.environ, DISPLAY=display)
        # Read by the page's process when it starts (it inherits the driver's environment).
        if gl_painting:
            env.pop(CPU_PAINTING, None)
        else:
            env[CPU_PAINTING] = "1"
        service = Service(webdriver_path, env=env, log_output=subprocess.DEVNULL)
        self.driver = webdriver.WebKitGTK(options=options, service=service)
        self.driver.set_script_timeout(120)
        self.driver.set_page_load_timeout(READY_TIMEOUT_S)
        self.version = str(self.driver.capabilities.get("browserVersion", "?"))
        self._uploads = Path(tempfile.mkdtemp(prefix="mykerinos-xb-"))

    def close(self) -> None:
        try:
            self.driver.quit()
        finally:
            for f in self._uploads.iterdir():
                f.unlink()
            self._uploads.rmdir()

    def _loaded(self) -> None:
        self.driver.execute_script(self._start)

    def goto(self, url: str) -> None:
        self.driver.get(url)
        self._loaded()

    def reload(self) -> None:
        self.driver.refresh()
        self._loaded()

    def js(self, expression: str):
        answer = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            f"Promise.resolve().then(() => ({expression}))"
            ".then((value) => done({ok: value}),"
            " (e) => done({error: `${e}` + (e && e.stack ? ` at ${e.stack}` : '')}));"
        )
        if "error" in answer:
            raise RuntimeError(f"webkit: {expression}: {answer['error']}")
        return answer.get("ok")

    def _element(self, selector: str):
        from selenium.webdriver.common.by import By

        found = self.driver.find_elements(By.CSS_SELECTOR, selector)
        assert len(found) == 1, f"{selector}: {len(found)} elements"
        return found[0]

    def click_target(self, target: str) -> None:
        """Buttons are clicked as they are; an SVG group (a cell, a room, a card)
        at its own shape: WebKit gives a <g> no box of its own to click."""
        from selenium.common.exceptions import StaleElementReferenceException
        from selenium.webdriver.common.action_chains import ActionChains

        for attempt in range(3):  # a computer's move may redraw the page in between
            try:
                element = self._element(f'[data-target="{target}"]')
                if element.tag_name.lower() == "g":
                    shape = self.driver.execute_script(
                        "return [...arguments[0].children].find(c => "
                        "['rect', 'path', 'circle', 'ellipse', 'polygon'].includes(c.localName));",
                        element,
                    )
                    assert shape is not None, f"{target}: no shape in its group"
                    # Scrolled into view first, as a person would (Playwright does it itself).
                    self.driver.execute_script(
                        "arguments[0].scrollIntoView({block: 'center', inline: 'center'})", shape
                    )
                    ActionChains(self.driver).move_to_element(shape).click().perform()
                else:
                    element.click()
                return
            except StaleElementReferenceException:
                if attempt == 2:
                    raise

    def click_css(self, selector: str) -> None:
        self._element(selector).click()

    def select(self, selector: str, value: str) -> None:
        from selenium.webdriver.support.ui import Select

        Select(self._element(selector)).select_by_value(value)

    def fill(self, selector: str, text: str) -> None:
        element = self._element(selector)
        element.clear()
        element.send_keys(text)

    def upload(self, selector: str, name: str, text: str) -> None:
        path = self._uploads / name
        path.write_text(text, encoding="utf-8")
        self._element(selector).send_keys(str(path))

    def requests(self) -> list[str]:
        return list(
            self.js("[location.href, ...performance.getEntriesByType('resource').map(e => e.name)]")
        )
