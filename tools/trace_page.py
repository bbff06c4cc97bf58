#!/usr/bin/env python3
"""Find what the page loads of its runtime, and write the lists the build ships.

Usage: python3 tools/trace_page.py

The build (tools/build.py) ships only the standard library modules listed in
tools/stdlib_modules.txt and the PyScript files listed in
tools/pyscript_files.txt. Run this after a change that may import another
module (tests/tools/test_stdlib.py fails when one is missing) or after
updating Pyodide or PyScript. It traces, with the whole runtime:

- in Node.js, the page's own Pyodide running tools/page_exercise.py:
  everything the page's Python does (every module of game/ and web/page/, a whole
  game for each computer level, review, links, lessons...);
- in Chromium, the page itself (built with --whole-runtime, served locally):
  PyScript's own start and web/page/main.py, with a line added to main.py that
  hands sys.modules to the test; and every file of pyscript/ it requests.

A module is listed when it was imported in either and the standard library
has a file for it (modules built into the runtime need none).
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
if __package__ in (None, ""):
    sys.path.insert(0, str(ROOT))

from tools import build, serve  # noqa: E402

# Added to web/page/main.py in the traced page (Python's worker): one more call,
# answering sys.modules, for the trace to read through window.mykerinos.call.
MODULES_HOOK = """
import json as _json
import sys as _sys
_served = Engine.call
def _traced(self, name, args):
    if name == "mykerinosModules":
        return '{"w": []}\\n' + _json.dumps(sorted(_sys.modules))
    return _served(self, name, args)
Engine.call = _traced
"""
HEADER = {
    build.STDLIB_MODULES: "Standard library modules the page imports (tools/trace_page.py"
    " writes this file;\n# tools/build.py ships only these).",
    build.PYSCRIPT_FILES: "Files of @pyscript/core/dist the page loads (tools/trace_page.py"
    " writes this file;\n# tools/build.py ships only these).",
}


def with_a_file(names: set[str]) -> list[str]:
    """The modules of `names` that the standard library holds as a file."""
    with zipfile.ZipFile(build.PYODIDE_SRC / "python_stdlib.zip") as zf:
        files = set(zf.namelist())
    found = []
    for name in names:
        path = name.replace(".", "/")
        if f"{path}.py" in files or f"{path}/__init__.py" in files:
            found.append(name)
    return sorted(found)


def in_node() -> set[str]:
    done = subprocess.run(
        ["node", str(ROOT / "tools" / "page_python.mjs")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return set(json.loads(done.stdout.strip().splitlines()[-1])["modules"])


def in_browser() -> tuple[set[str], set[str]]:
    """(modules imported, pyscript/ files requested) by the page in Chromium."""
    from playwright.sync_api import sync_playwright

    from tools.chromium import launch

    with tempfile.TemporaryDirectory(prefix="mykerinos-trace-") as tmp:
        site = Path(tmp) / "site"
        build.build(site, quiet=True, whole_runtime=True)
        main_py = (site / "web" / "page" / "main.py").read_text() + MODULES_HOOK
        server = serve.make_server(site, 0, "/", quiet=True)
        serve.start_in_thread(server)
        url = serve.url_of(server)
        fetched: set[str] = set()
        try:
            with sync_playwright() as pw:
                browser = launch(pw)
                # No service worker: it would fetch every file of the site for offline use.
                context = browser.new_context(service_workers="block")
                context.on("request", lambda r: fetched.add(urlsplit(r.url).path))
                context.route(
                    "**/page/main.py",
                    lambda route: route.fulfill(body=main_py, content_type="text/plain"),
                )
                page = context.new_page()
                page.goto(url)
                page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=120_000)
                page.evaluate("window.mykerinos.call(`shareLink`, `[]`)")
                page.wait_for_timeout(1000)
                modules = set(
                    json.loads(page.evaluate("window.mykerinos.call(`mykerinosModules`, `[]`)"))
                )
                browser.close()
        finally:
            server.shutdown()
            server.server_close()
    files = {p[len("/pyscript/") :] for p in fetched if p.startswith("/pyscript/")}
    return modules, files


def write(path: Path, names: list[str]) -> None:
    path.write_text(f"# {HEADER[path]}\n" + "".join(f"{n}\n" for n in names))


def main() -> int:
    node = in_node()
    browser, pyscript = in_browser()
    modules = with_a_file(node | browser)
    write(build.STDLIB_MODULES, modules)
    write(build.PYSCRIPT_FILES, sorted(pyscript))
    print(f"{len(modules)} standard library modules, {len(pyscript)} PyScript files")
    print(f"  only in the browser: {', '.join(with_a_file(browser - node)) or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
