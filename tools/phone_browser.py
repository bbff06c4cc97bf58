#!/usr/bin/python3
"""A small WebKitGTK browser that holds its page to a phone's memory limit.

iOS kills a tab's process when it passes its memory limit; WebKitGTK has the
same machinery (WebKit's memory pressure handler) but on a desktop lets a page
grow to a third of the machine's memory first. This browser gives its web
process a limit of L MB the way a phone does: polled each second, pressure
from 33% and 50% of L (WebKit's defaults), the process killed at 100%.

It runs on the system Python, where PyGObject lives (Debian's python3-gi and
gir1.2-webkit2-4.1), not in the project's virtual environment: tools/phone.py
starts it and talks to it over its standard input and output, one JSON object
a line. Asked: {"id": n, "init": script} (run in every page before
its own scripts), {"id": n, "goto": url}, {"id": n, "js": expression} (the
value, promises awaited, comes back as {"id": n, "value": ...} or
{"id": n, "error": text}), {"quit": true}. Told: {"event": "started",
"version": "2.50.6"}, and {"event": "terminated", "reason": ...} when the web
process ends (reason "exceeded-memory-limit" when the limit killed it).

It paints as a phone's WebKit does, on the processor (`--painting cpu`, the
default): iOS's WebKit paints a page's layers with the processor (Core
Graphics) into tiles that the GPU only puts together. WebKitGTK on a machine
with GL paints them with Skia on the GPU instead; on a machine without a GPU,
such as the test machines, that GPU is Mesa's llvmpipe, software standing in
for one, whose textures and buffers live in the page's own process and grow
with every repaint: a whole game's page passes 400 MB that way while the same
game painted on the processor stays near 200 (docs/MEMORY.md). `--painting
gpu` keeps WebKitGTK's default, to see it.

Without DISPLAY it starts an Xvfb of its own (WebKitGTK has no headless mode).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from typing import Any


def start_xvfb() -> subprocess.Popen[bytes]:
    """An Xvfb for this browser alone; DISPLAY set to it."""
    read, write = os.pipe()
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as numbers:
        number = numbers.readline().strip()  # written once the display is up
    if not number:
        raise RuntimeError("Xvfb did not start")
    os.environ["DISPLAY"] = f":{number}"
    return xvfb


def say(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def run(limit_mb: int, width: int, height: int, data: str, strict: float) -> None:
    import gi  # type: ignore[import-not-found,unused-ignore]

    gi.require_version("Gtk", "3.0")
    gi.require_version("WebKit2", "4.1")
    from gi.repository import GLib, Gtk, WebKit2  # type: ignore[import-not-found,unused-ignore]

    settings = WebKit2.MemoryPressureSettings.new()
    settings.set_memory_limit(limit_mb)
    settings.set_poll_interval(1.0)
    settings.set_kill_threshold(1.0)
    settings.set_strict_threshold(strict)
    manager = WebKit2.WebsiteDataManager(
        base_data_directory=os.path.join(data, "data"),
        base_cache_directory=os.path.join(data, "cache"),
    )
    context = WebKit2.WebContext(website_data_manager=manager, memory_pressure_settings=settings)
    scripts = WebKit2.UserContentManager()
    view = WebKit2.WebView(web_context=context, user_content_manager=scripts)
    window = Gtk.Window(title="phone")
    window.set_default_size(width, height)
    window.add(view)
    window.show_all()

    def terminated(_view: Any, reason: Any) -> None:
        nick = reason.value_nick if hasattr(reason, "value_nick") else str(reason)
        say({"event": "terminated", "reason": nick})

    view.connect("web-process-terminated", terminated)

    def answer(source: Any, result: Any, ident: int) -> None:
        try:
            value = source.call_async_javascript_function_finish(result)
            text = value.to_string() if value is not None and value.is_string() else "null"
            say({"id": ident, "value": json.loads(text)})
        except Exception as error:  # a JS exception, or the web process gone
            say({"id": ident, "error": str(error)})

    pending = bytearray()

    def obey(asked: dict[str, Any]) -> None:
        ident = asked["id"]
        if "init" in asked:  # run in every page before its own scripts
            scripts.add_script(
                WebKit2.UserScript.new(
                    asked["init"],
                    WebKit2.UserContentInjectedFrames.TOP_FRAME,
                    WebKit2.UserScriptInjectionTime.START,
                    None,
                    None,
                )
            )
            say({"id": ident, "value": None})
        elif "goto" in asked:
            view.load_uri(asked["goto"])
            say({"id": ident, "value": None})
        else:
            body = f"const v = await ({asked['js']});\nreturn JSON.stringify(v === undefined ? null : v);"
            view.call_async_javascript_function(body, -1, None, None, None, None, answer, ident)

    def command(_channel: Any, _condition: Any) -> bool:
        """Every whole line that has come in (a read may hold several, or part of one)."""
        chunk = os.read(sys.stdin.fileno(), 1 << 16)
        if not chunk:  # the driver went away
            Gtk.main_quit()
            return False
        pending.extend(chunk)
        while b"\n" in pending:
            line, _, rest = bytes(pending).partition(b"\n")
            pending[:] = rest
            asked = json.loads(line)
            if asked.get("quit"):
                Gtk.main_quit()
                return False
            obey(asked)
        return True

    channel = GLib.IOChannel.unix_new(sys.stdin.fileno())
    GLib.io_add_watch(
        channel, GLib.PRIORITY_DEFAULT, GLib.IOCondition.IN | GLib.IOCondition.HUP, command
    )
    version = (
        f"{WebKit2.get_major_version()}.{WebKit2.get_minor_version()}.{WebKit2.get_micro_version()}"
    )
    say({"event": "started", "version": version})
    Gtk.main()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--limit", type=int, required=True, help="memory limit, MB")
    parser.add_argument("--size", default="390x844", help="window size (default 390x844)")
    parser.add_argument(
        "--painting",
        choices=("cpu", "gpu"),
        default="cpu",
        help="paint the page's layers on the processor, as a phone does (default), or with"
        " WebKitGTK's GPU painting (here: Mesa's software GL)",
    )
    parser.add_argument(
        "--strict",
        type=float,
        default=0.5,
        help="the fraction of the limit above which WebKit releases memory as on a critical"
        " notice, every poll (default 0.5, WebKit's own)",
    )
    args = parser.parse_args()
    if args.painting == "cpu":  # read when the page's process starts, which inherits it
        os.environ["WEBKIT_SKIA_ENABLE_CPU_RENDERING"] = "1"
    else:
        os.environ.pop("WEBKIT_SKIA_ENABLE_CPU_RENDERING", None)
    width, height = (int(n) for n in args.size.split("x"))
    xvfb = None if os.environ.get("DISPLAY") else start_xvfb()
    data = tempfile.mkdtemp(prefix="mykerinos-phone-")
    try:
        run(args.limit, width, height, data, args.strict)
    finally:
        shutil.rmtree(data, ignore_errors=True)
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
