"""Firefox ESR as a plain process, driven over WebDriver BiDi with no driver in between.

The pinned Playwright cannot start every Firefox ESR Debian serves (with ESR
140 it fails on `network.addDataCollector: unknown command`), while Firefox
itself speaks WebDriver BiDi on its remote port. This tab starts Firefox
headless with `--remote-debugging-port`, opens one BiDi session over a
WebSocket (websocket-client, already installed with Selenium) and offers the
same `Tab` interface as harness/tabs.py, so bench/memory.py plays the page in
it as in the other browsers:

- `js` evaluates in the page and hands the value back as JSON (promises awaited);
- clicks are real pointer events (`input.performActions`) at the centre of
  the element, scrolled into view first; an SVG group at its first shape;
- `select` and `fill` set the control's value and fire `input` and `change`,
  as the page listens for them.

Firefox is a child of this process, so its content processes are found among
the script's descendants in /proc, as the benches find every browser's.
"""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

from harness.tabs import Tab

PREFS = {
    "browser.shell.checkDefaultBrowser": "false",
    "datareporting.policy.dataSubmissionEnabled": "false",
    "toolkit.telemetry.reportingpolicy.firstRun": "false",
    "browser.aboutwelcome.enabled": "false",
    "app.update.disabledForTesting": "true",
    "browser.startup.homepage_override.mstone": '"ignore"',
}

# The centre of what a person would click for a selector, scrolled into view; null if
# the selector does not name exactly one element.
CENTRE_JS = """((selector) => {
  const found = document.querySelectorAll(selector);
  if (found.length !== 1) return found.length;
  const element = found[0];
  const shape = element.localName === "g"
    ? [...element.children].find((c) =>
        ["rect", "path", "circle", "ellipse", "polygon"].includes(c.localName)) || element
    : element;
  shape.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
  const box = shape.getBoundingClientRect();
  return [box.left + box.width / 2, box.top + box.height / 2];
})"""

SET_VALUE_JS = """((selector, value) => {
  const element = document.querySelector(selector);
  element.value = value;
  element.dispatchEvent(new Event("input", { bubbles: true }));
  element.dispatchEvent(new Event("change", { bubbles: true }));
  return element.value === value;
})"""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class BidiFirefoxTab(Tab):
    """A headless Firefox ESR and its one tab, over WebDriver BiDi."""

    name = "firefox"

    def __init__(self, executable: str, timeout_s: float = 120) -> None:
        import websocket

        self.timeout_s = timeout_s
        self._profile = Path(tempfile.mkdtemp(prefix="mykerinos-ff-bidi-"))
        (self._profile / "user.js").write_text(
            "".join(f'user_pref("{k}", {v});\n' for k, v in PREFS.items())
        )
        port = _free_port()
        self.process = subprocess.Popen(
            [
                executable,
                "--headless",
                "--no-remote",
                "--profile",
                str(self._profile),
                "--remote-debugging-port",
                str(port),
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 60
        while True:
            try:
                self._ws = websocket.create_connection(
                    f"ws://127.0.0.1:{port}/session", timeout=timeout_s, suppress_origin=True
                )
                break
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.close()
                    raise RuntimeError("Firefox's WebDriver BiDi port did not open") from None
                time.sleep(0.2)
        self._next = 0
        session = self._send("session.new", {"capabilities": {}})
        self.version = str(session["capabilities"].get("browserVersion", "?"))
        tree = self._send("browsingContext.getTree", {"maxDepth": 0})
        self.context = tree["contexts"][0]["context"]

    def _send(self, method: str, params: dict) -> dict:
        self._next += 1
        self._ws.send(json.dumps({"id": self._next, "method": method, "params": params}))
        while True:
            message = json.loads(self._ws.recv())
            if message.get("id") != self._next:
                continue  # an event
            if message.get("type") == "error":
                raise RuntimeError(f"firefox: {method}: {message.get('message')}")
            return dict(message["result"])

    def close(self) -> None:
        try:
            if getattr(self, "_ws", None) is not None:
                try:
                    self._send("browser.close", {})
                except Exception:
                    pass  # the browser may close the socket before it answers
                self._ws.close()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        finally:
            shutil.rmtree(self._profile, ignore_errors=True)

    def goto(self, url: str) -> None:
        self._send(
            "browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"}
        )

    def reload(self) -> None:
        self._send("browsingContext.reload", {"context": self.context, "wait": "complete"})

    def js(self, expression: str):
        answer = self._send(
            "script.evaluate",
            {
                "expression": (
                    f"Promise.resolve().then(() => ({expression}))"
                    ".then((value) => JSON.stringify(value === undefined ? null : value))"
                ),
                "target": {"context": self.context},
                "awaitPromise": True,
                "resultOwnership": "none",
            },
        )
        if answer.get("type") == "exception":
            details = answer.get("exceptionDetails", {})
            raise RuntimeError(f"firefox: {expression}: {details.get('text')}")
        return json.loads(answer["result"]["value"])

    def _click_at(self, selector: str) -> None:
        centre = self.js(f"{CENTRE_JS}({json.dumps(selector)})")
        assert isinstance(centre, list), f"{selector}: {centre} elements"
        x, y = (round(v) for v in centre)
        self._send(
            "input.performActions",
            {
                "context": self.context,
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

    def select(self, selector: str, value: str) -> None:
        assert self.js(f"{SET_VALUE_JS}({json.dumps(selector)}, {json.dumps(value)})"), selector

    def fill(self, selector: str, text: str) -> None:
        assert self.js(f"{SET_VALUE_JS}({json.dumps(selector)}, {json.dumps(text)})"), selector

    def requests(self) -> list[str]:
        return list(
            self.js("[location.href, ...performance.getEntriesByType('resource').map(e => e.name)]")
        )
