"""Debian's Firefox ESR as a `Tab`, driven over WebDriver BiDi with no driver in between.

Firefox speaks WebDriver BiDi itself (`--remote-debugging-port`), so a websocket
is all it takes: no geckodriver (not packaged by Debian) and no Playwright,
whose releases ask Firefox for commands that the ESR a Debian mirror serves
does not know yet (`network.addDataCollector`, asked by Playwright 1.55 and
later, is unknown to Firefox 140). The few commands used here are in the
standard and in Firefox since version 124: a session, one browsing context, a
preload script (the page's error recorder, before the page's own scripts),
evaluation, navigation, pointer actions and the network and log events.

Clicks are real pointer events at the element's centre, scrolled into view as
a person would; a select and a text field are set as a person's input would
set them (the value, then `input` and `change`), and a file is handed to a
file input through a DataTransfer, as a drop would.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from harness.tabs import READY_TIMEOUT_S, Tab, page_start

LISTENING = re.compile(r"WebDriver BiDi listening on (ws://\S+)")
START_TIMEOUT_S = 60
COMMAND_TIMEOUT_S = READY_TIMEOUT_S

# What a profile for tests needs on top of the preferences Firefox sets itself
# under remote control: downloads land in a folder without asking.
PREFERENCES = {
    "browser.download.folderList": 2,
    "browser.download.useDownloadDir": True,
    "browser.shell.checkDefaultBrowser": False,
    "datareporting.policy.dataSubmissionEnabled": False,
}

# Scrolls an element to the middle of the view and answers the point a person
# would click: the centre of the element, or of its first shape for an SVG
# group (a group's box may have nothing drawn at its centre).
CLICK_POINT = r"""
((element) => {
  if (!element) return null;
  const shapes = ["rect", "path", "circle", "ellipse", "polygon"];
  const shape = element.localName === "g"
    ? [...element.children].find((c) => shapes.includes(c.localName)) || element
    : element;
  shape.scrollIntoView({ block: "center", inline: "center" });
  const box = shape.getBoundingClientRect();
  return [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)];
})
"""

SET_VALUE = r"""
((element, value) => {
  element.focus();
  element.value = value;
  element.dispatchEvent(new Event("input", { bubbles: true }));
  element.dispatchEvent(new Event("change", { bubbles: true }));
})
"""

SET_FILE = r"""
((element, name, text) => {
  const files = new DataTransfer();
  files.items.add(new File([text], name, { type: "application/json" }));
  element.files = files.files;
  element.dispatchEvent(new Event("input", { bubbles: true }));
  element.dispatchEvent(new Event("change", { bubbles: true }));
})
"""


class BiDiError(RuntimeError):
    """Firefox answered a command with an error, or a script threw."""


class FirefoxTab(Tab):
    """A fresh Firefox ESR (its own profile) with one tab, driven over WebDriver BiDi."""

    name = "firefox"

    def __init__(
        self,
        executable: str,
        downloads: str | None = None,
        preferences: dict[str, object] | None = None,
        *,
        paced: bool = False,
    ) -> None:
        """`preferences`: more of the profile's preferences (live play's loopback, say);
        `paced`: as harness/tabs.py's `page_start`'s."""
        from websocket import create_connection

        self._profile = Path(tempfile.mkdtemp(prefix="mykerinos-ff-"))
        prefs: dict[str, object] = dict(PREFERENCES, **(preferences or {}))
        prefs["browser.download.dir"] = downloads or str(self._profile)
        (self._profile / "user.js").write_text(
            "".join(f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in prefs.items())
        )
        self._process = subprocess.Popen(
            [executable, "--headless", "--no-remote", "--profile", str(self._profile)]
            + ["--remote-debugging-port=0", "about:blank"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        address = self._address()
        self._socket = create_connection(
            f"{address}/session", timeout=COMMAND_TIMEOUT_S, suppress_origin=True
        )
        self._next_id = 0
        self._requests: list[str] = []
        self._log_errors: list[str] = []
        session = self._command("session.new", {"capabilities": {}})
        self.version = str(session["capabilities"].get("browserVersion", "?"))
        tree = self._command("browsingContext.getTree", {"maxDepth": 0})
        self._context = tree["contexts"][0]["context"]
        self._command(
            "script.addPreloadScript",
            {"functionDeclaration": f"() => {{ {page_start(paced)} }}"},
        )
        self._command(
            "session.subscribe",
            {"events": ["network.beforeRequestSent", "log.entryAdded"]},
        )

    # --- the protocol
    def _address(self) -> str:
        """The websocket address Firefox prints once it listens (read off its stderr)."""
        assert self._process.stderr is not None
        found: list[str] = []

        def read() -> None:
            assert self._process.stderr is not None
            for line in self._process.stderr:
                match = LISTENING.search(line)
                if match and not found:
                    found.append(match.group(1))
            # the rest of stderr is drained here so Firefox never blocks on it

        threading.Thread(target=read, daemon=True).start()
        deadline = time.monotonic() + START_TIMEOUT_S
        while not found:
            if self._process.poll() is not None:
                raise BiDiError(f"firefox exited ({self._process.returncode}) before listening")
            if time.monotonic() > deadline:
                raise BiDiError(f"firefox did not listen within {START_TIMEOUT_S} s")
            time.sleep(0.05)
        return found[0]

    def _command(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        self._next_id += 1
        ident = self._next_id
        self._socket.send(json.dumps({"id": ident, "method": method, "params": params}))
        while True:
            message = json.loads(self._socket.recv())
            if message.get("type") == "event":
                self._on_event(message["method"], message["params"])
            elif message.get("id") == ident:
                if message.get("type") == "error":
                    raise BiDiError(f"{method}: {message.get('error')}: {message.get('message')}")
                result: dict[str, Any] = message["result"]
                return result

    def _on_event(self, method: str, params: dict[str, Any]) -> None:
        if method == "network.beforeRequestSent":
            self._requests.append(params["request"]["url"])
        elif (
            method == "log.entryAdded"
            and params.get("type") == "console"
            and params.get("level") == "error"
        ):
            # The page's console.error calls, as Playwright's console events give them.
            # Uncaught errors are the page recorder's; log entries of type "javascript"
            # also carry Firefox's own complaints about the driver's preload script
            # (seen: "Permission denied to access property" from its realm).
            self._log_errors.append(str(params.get("text")))

    def _call(self, function: str, *args: Any) -> Any:
        """A function of the page called with JSON arguments, answered as `js` answers."""
        return self.js(f"({function})(...{json.dumps(list(args))})")

    def _evaluate(self, expression: str) -> Any:
        answer = self._command(
            "script.evaluate",
            {
                "expression": expression,
                "target": {"context": self._context},
                "awaitPromise": True,
                "resultOwnership": "none",
            },
        )
        if answer.get("type") == "exception":
            details = answer.get("exceptionDetails", {})
            raise BiDiError(f"firefox: {details.get('text')}")
        result = answer["result"]
        if result.get("type") != "string":
            return None
        return json.loads(result["value"])

    # --- what a Tab offers
    def close(self) -> None:
        try:
            self._command("browser.close", {})
        except Exception:  # noqa: BLE001 - the browser may already be gone
            pass
        finally:
            self._socket.close()
            try:
                self._process.wait(10)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait(10)
            shutil.rmtree(self._profile, ignore_errors=True)

    def goto(self, url: str) -> None:
        self._command(
            "browsingContext.navigate", {"context": self._context, "url": url, "wait": "complete"}
        )

    def reload(self) -> None:
        self._command("browsingContext.reload", {"context": self._context, "wait": "complete"})

    def js(self, expression: str) -> Any:
        return self._evaluate(
            f"Promise.resolve().then(() => ({expression}))"
            ".then((v) => v === undefined ? undefined : JSON.stringify(v))"
        )

    def _click_at(self, selector: str) -> None:
        point = self._call(
            f"(s) => ({CLICK_POINT})(document.querySelectorAll(s).length === 1 "
            "? document.querySelector(s) : null)",
            selector,
        )
        assert point is not None, f"{selector}: not exactly one element"
        x, y = point
        self._command(
            "input.performActions",
            {
                "context": self._context,
                "actions": [
                    {
                        "type": "pointer",
                        "id": "mouse",
                        "parameters": {"pointerType": "mouse"},
                        "actions": [
                            {"type": "pointerMove", "x": x, "y": y, "origin": "viewport"},
                            {"type": "pointerDown", "button": 0},
                            {"type": "pointerUp", "button": 0},
                        ],
                    }
                ],
            },
        )

    def click_target(self, target: str) -> None:
        self._click_at(f'[data-target="{target}"]')

    def click_css(self, selector: str) -> None:
        self._click_at(selector)

    def _one(self, selector: str) -> str:
        count = self._call("(s) => document.querySelectorAll(s).length", selector)
        assert count == 1, f"{selector}: {count} elements"
        return f"document.querySelector({json.dumps(selector)})"

    def select(self, selector: str, value: str) -> None:
        self._call(f"(v) => ({SET_VALUE})({self._one(selector)}, v)", value)

    def fill(self, selector: str, text: str) -> None:
        self._call(f"(v) => ({SET_VALUE})({self._one(selector)}, v)", text)

    def upload(self, selector: str, name: str, text: str) -> None:
        self._call(f"(n, t) => ({SET_FILE})({self._one(selector)}, n, t)", name, text)

    def requests(self) -> list[str]:
        self.js("0")  # reads the events that arrived since the last command
        return list(self._requests)

    def errors(self) -> list[str]:
        recorded = super().errors()
        return recorded + [f"console: {e}" for e in self._log_errors]
