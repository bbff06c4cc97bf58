"""Drives tools/phone_browser.py: a WebKitGTK page held to a phone's memory limit.

The browser runs on the system Python (where PyGObject lives), as a child of
the caller, so its web processes are the caller's descendants too (the
benches find them in /proc that way). `Phone` sends it commands and reads its
answers on a thread of its own; `killed` holds WebKit's reason once the web
process has ended ("exceeded-memory-limit" when the limit killed it).
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

BROWSER = Path(__file__).resolve().parent / "phone_browser.py"
# PyGObject comes from Debian's python3-gi, for the system's own Python.
SYSTEM_PYTHON = os.environ.get("PHONE_PYTHON", "/usr/bin/python3")
PHONE_SIZE = (390, 844)  # CSS pixels of a phone's screen held upright
CHECK = "import gi; gi.require_version('Gtk', '3.0'); gi.require_version('WebKit2', '4.1')"


def missing() -> str | None:
    """Why the phone browser cannot start here, or None."""
    if not Path(SYSTEM_PYTHON).is_file():
        return f"{SYSTEM_PYTHON} not found"
    found = subprocess.run([SYSTEM_PYTHON, "-c", CHECK], capture_output=True, text=True)
    if found.returncode:
        return "PyGObject or WebKitGTK's introspection data missing: apt-get install python3-gi gir1.2-webkit2-4.1"
    return None


class PageGone(RuntimeError):
    """The page's process ended (WebKit killed it, or it crashed)."""


class Phone:
    """One browser window of a phone's size whose page lives under `limit_mb`, its layers
    painted on the processor as a phone's are (`painting="gpu"`: WebKitGTK's GPU painting)."""

    def __init__(
        self,
        limit_mb: int,
        size: tuple[int, int] = PHONE_SIZE,
        painting: str = "cpu",
        strict: float = 0.5,
    ) -> None:
        self.killed: str | None = None
        self._answers: dict[int, queue.Queue[dict[str, Any]]] = {}
        self._lock = threading.Lock()
        self._next = 0
        self.process = subprocess.Popen(
            [
                SYSTEM_PYTHON,
                str(BROWSER),
                "--limit",
                str(limit_mb),
                "--size",
                f"{size[0]}x{size[1]}",
                "--painting",
                painting,
                "--strict",
                str(strict),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        started = self.process.stdout.readline() if self.process.stdout else ""
        if not started:
            self.process.wait(10)
            raise RuntimeError(f"the phone browser did not start ({missing() or 'see stderr'})")
        self.version = str(json.loads(started)["version"])
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            message = json.loads(line)
            if message.get("event") == "terminated":
                self.killed = str(message["reason"])
                with self._lock:
                    everyone = list(self._answers.values())
                for asked in everyone:
                    asked.put({"error": f"the page's process ended: {self.killed}"})
            elif "id" in message:
                with self._lock:
                    waiting = self._answers.get(message["id"])
                if waiting is not None:
                    waiting.put(message)

    def _ask(self, command: dict[str, Any], timeout_s: float) -> Any:
        if self.killed:
            raise PageGone(self.killed)
        with self._lock:
            self._next += 1
            ident = self._next
            answer: queue.Queue[dict[str, Any]] = queue.Queue()
            self._answers[ident] = answer
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps({"id": ident, **command}) + "\n")
        self.process.stdin.flush()
        try:
            got = answer.get(timeout=timeout_s)
        except queue.Empty:
            raise TimeoutError(f"no answer in {timeout_s:.0f} s to {command}") from None
        finally:
            with self._lock:
                del self._answers[ident]
        if self.killed:
            raise PageGone(self.killed)
        if "error" in got:
            raise RuntimeError(got["error"])
        return got["value"]

    def init_script(self, source: str) -> None:
        """JavaScript run in every page this browser opens from now on, before the page's own."""
        self._ask({"init": source}, 10)

    def goto(self, url: str) -> None:
        self._ask({"goto": url}, 10)

    def reopen(self, url: str) -> None:
        """After the page's process ended, load url in a new one, as a phone
        reloads a tab it closed for its memory."""
        self.killed = None
        self.goto(url)

    def js(self, expression: str, timeout_s: float = 60) -> Any:
        """The value of a JS expression (promises awaited), through JSON."""
        return self._ask({"js": expression}, timeout_s)

    def wait(self, expression: str, timeout_s: float = 60, interval: float = 0.1) -> Any:
        """Poll a JS expression until it is truthy; its value."""
        deadline = time.monotonic() + timeout_s
        while True:
            try:
                value = self.js(expression)
            except RuntimeError as error:  # not loaded yet: the page's globals are missing
                if isinstance(error, PageGone):
                    raise
                value = None
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"still false after {timeout_s:.0f} s: {expression}")
            time.sleep(interval)

    def close(self) -> None:
        if self.process.poll() is None:
            try:
                assert self.process.stdin is not None
                self.process.stdin.write(json.dumps({"quit": True}) + "\n")
                self.process.stdin.close()
                self.process.wait(15)
            except (OSError, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait()

    def __enter__(self) -> Phone:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
