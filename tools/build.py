#!/usr/bin/env python3
"""Build dist/: a self-contained static site (no CDN) ready for any static host.

Layout of the output folder:

    index.html                     the page, its PyScript configuration inline
    manifest.webmanifest, icons/   web app manifest (installable app) and its
                                   icons, drawn by tools/icons.py
    web/front/                     everything under web/front/ (the browser side: JS,
                                   CSS, catalogues)
    web/page/main.py               the page model's entry script, loaded by URL
    game.zip                       the engine package (game/**), unpacked into
                                   the in-browser file system by web/front/js/python.js
    page.zip                       web/page/**/*.py, web/page/lessons.json and
                                   web/front/lang/*.json as page/... and front/lang/...,
                                   unpacked the same way, so `import page.<module>`
                                   works in the page, and PyScript's own Python
                                   package (pyscript/*.py, read out of its
                                   core module), so that it is not compiled on start
                                   (both with each module's bytecode in __pycache__/)
    pyodide/                       the Pyodide runtime files (from node_modules), its
                                   standard library compiled to bytecode and cut
                                   down to the modules the page imports
                                   (tools/stdlib_modules.txt)
    pyscript/                      the files of @pyscript/core/dist the page loads
                                   (tools/pyscript_files.txt)
    pyodide/snapshot-<key>.gz      the page's Python with the game imported, saved
                                   once in Node.js (tools/make_snapshot.mjs) and
                                   restored by the page instead of starting Python
                                   (web/front/js/python.js, which this build tells
                                   the snapshot's name, key and size)
    live/                          what only live play loads, when it starts:
                                   livepy.zip (the Python package web/page/live/,
                                   unpacked when live play starts, with live
                                   play's texts), lang/ (those texts, the
                                   catalogues' live.* keys, which web/front/lang/ ships
                                   without) and trystero/ (the peer-to-peer
                                   library, from node_modules, its two bare
                                   imports made relative) and
                                   qrcode/qrcode.mjs (the invite's QR code)
    sw.js                          service worker generated from
                                   web/front/sw.template.js: precaches every file
                                   above but live/ and web/front/js/live/ (LAZY_DIRS),
                                   cache name = content hash of every file

Usage: python3 tools/build.py [--out DIR] [--bare] [--whole-runtime] [--quiet]

--whole-runtime ships the whole standard library and every PyScript file, for
tools/trace_page.py, which finds what the page loads of them and writes the
two lists above.

Standard library only (Python 3.11+), and Node.js, which runs the page's own
Pyodide to compile the Python (tools/compile_python.mjs). Run `npm ci` first
(node_modules). The compiled standard library is kept in .build-cache/ for the
next builds (delete the folder to compile it again).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import math
import os
import posixpath
import re
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path, PurePosixPath
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if __package__ in (None, ""):  # run as `python3 tools/build.py`: make `tools` importable
    sys.path.insert(0, str(ROOT))

from tools import icons  # noqa: E402

NODE_MODULES = ROOT / "node_modules"
PYODIDE_SRC = NODE_MODULES / "pyodide"
PYSCRIPT_SRC = NODE_MODULES / "@pyscript" / "core" / "dist"
WEB = ROOT / "web"  # the page: web/page/ (its Python model), web/front/ (JS, CSS, texts)
FRONT = WEB / "front"
PAGE = WEB / "page"
TRYSTERO_PACKAGE = NODE_MODULES / "trystero"
# The invite's QR code (npm `qrcode-generator`, pinned): one plain ES module
# with no import, its MIT licence in its header; copied to live/qrcode/.
QRCODE_PACKAGE = NODE_MODULES / "qrcode-generator"
QRCODE_MODULE = "dist/qrcode.mjs"
SW_TEMPLATE = FRONT / "sw.template.js"
COMPILER = ROOT / "tools" / "compile_python.mjs"
ICONS_SCRIPT = ROOT / "tools" / "icons.py"
BARE_SRC = ROOT / "tools" / "bare"
# What the page loads of the runtime, found by tools/trace_page.py (one name a
# line): the standard library modules it imports, the PyScript files it
# fetches. A first visit downloads only these (a phone on a slow link).
STDLIB_MODULES = ROOT / "tools" / "stdlib_modules.txt"
PYSCRIPT_FILES = ROOT / "tools" / "pyscript_files.txt"
# Compiled standard libraries, named by the hash of what made them (the zip
# from node_modules, the runtime, the compiler): it never changes between
# builds of the game, and compiling it is half of a build's time.
STDLIB_CACHE = ROOT / ".build-cache"

# The page's Python snapshot (web/front/js/python.js restores it): made by
# tools/make_snapshot.mjs with these modules imported, those web/page/main.py
# imports before it touches the browser (tests/tools/test_snapshot.py checks
# the list against main.py).
SNAPSHOTTER = ROOT / "tools" / "make_snapshot.mjs"
SNAPSHOT_IMPORTS = ("page.engine",)
# What the snapshot depends on, in the built site: the runtime, the standard
# library as shipped, the game's and the page's code.
SNAPSHOT_INPUTS = (
    "pyodide/pyodide.mjs",
    "pyodide/pyodide.asm.mjs",
    "pyodide/pyodide.asm.wasm",
    "pyodide/python_stdlib.zip",
    "game.zip",
    "page.zip",
)
# The module that starts Python for PyScript, and the line the build fills in.
PYTHON_START = "web/front/js/python.js"
SNAPSHOT_MARK = "const SNAPSHOT = null;"

# What pyodide.mjs requests when it starts with no extra packages (checked in
# the browser tests: any 404 fails them).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

# Folders and files never shipped.
SKIP_DIRS = {"__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", "node_modules"}
SKIP_SUFFIXES = {".pyc", ".pyo", ".map"}

# Top-level folders of dist/ that are third-party runtime, not our own files.
RUNTIME_DIRS = ("pyodide", "pyscript", "live")

# Live play's files: loaded only once a person plays live (web/front/js/live/transport.js
# imports the library dynamically), so they stay out of the service worker's
# precache list and a visit that never goes live downloads none of them.
LAZY_DIRS = ("live/", "web/front/js/live/")
# The Python package of live play, web/page/live/: shipped as live/livepy.zip, not in page.zip.
LIVE_PY_DIR = "live"
LIVE_PY_ZIP = "live/livepy.zip"
# Standard library modules only live play imports (web/page/live/): compiled like
# the others but shipped at the top of live/livepy.zip, not in the first
# visit's library (tests/tools/test_stdlib.py checks nothing else imports them).
LIVE_STDLIB = ("hmac", "secrets")
# Catalogue keys of live play's texts (shipped apart: split_live_texts).
LIVE_TEXTS = "live."

# Trystero (npm `trystero`, pinned in package.json) as the page loads it:
# (package folder under node_modules, files in it, folder under dist/live/trystero/).
# Its modules import each other relatively, except two bare imports in the Nostr
# strategy, rewritten to relative paths here (no import map, no bundler).
TRYSTERO_PARTS = (
    ("@trystero-p2p/core", "dist/*.mjs", "core"),
    ("@trystero-p2p/nostr", "dist/index.mjs", "nostr"),
    ("@noble/secp256k1", "index.js", "secp256k1"),
)
TRYSTERO_BARE_IMPORTS = {
    '"@trystero-p2p/core"': '"../core/index.mjs"',
    '"@noble/secp256k1"': '"../secp256k1/index.js"',
}
IMPORT_FROM = re.compile(r'^(?:import|export)\b[^;]*?\bfrom\s*"([^"]+)"', re.M)

# The Python file the page loads by URL (index.html's <script type="py">);
# the other web/page/*.py are in page.zip only.
PY_ENTRY_SCRIPTS = {"main.py"}

# Placeholders in web/front/sw.template.js.
SW_VERSION_MARK = "__BUILD_VERSION__"
SW_FILES_MARK = "__PRECACHE_FILES__"

# The web app manifest, at the site's root. Every URL in it is relative (to
# the manifest's own URL), so the installed app works from any sub-path.
MANIFEST_NAME = "manifest.webmanifest"
ICON_DIR = "icons"
ICON_SIZES = (192, 512)
THEME_COLOR = icons.OCHRE_DARK  # index.html's <meta name="theme-color"> says the same
BACKGROUND_COLOR = icons.SAND  # the page's background while it starts


def app_manifest() -> dict[str, Any]:
    """The web app manifest: what a browser needs to install the game as an app."""
    icon_list = [{"src": f"./{ICON_DIR}/icon.svg", "sizes": "any", "type": "image/svg+xml"}]
    icon_list += [
        {"src": f"./{ICON_DIR}/icon-{n}.png", "sizes": f"{n}x{n}", "type": "image/png"}
        for n in ICON_SIZES
    ]
    return {
        "name": "Mykerinos",
        "short_name": "Mykerinos",
        "description": "The board game Mykerinos and its expansion The Nile: 2 to 4 players "
        "on one device or against the computer, offline once loaded.",
        "lang": "en",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "theme_color": THEME_COLOR,
        "background_color": BACKGROUND_COLOR,
        "categories": ["games"],
        "icons": icon_list,
    }


def write_app_manifest(out: Path) -> None:
    """Write the manifest and draw its icons (SVG, PNGs) into out."""
    (out / MANIFEST_NAME).write_text(json.dumps(app_manifest(), indent=2) + "\n")
    (out / ICON_DIR).mkdir(parents=True, exist_ok=True)
    (out / ICON_DIR / "icon.svg").write_text(icons.svg())
    for size in ICON_SIZES:
        (out / ICON_DIR / f"icon-{size}.png").write_bytes(icon_png(size))


def icon_png(size: int) -> bytes:
    """The mark as a PNG, drawn by tools/icons.py or taken from .build-cache/
    (drawing both sizes in pure Python took 3.3 s of every build), named by the
    hash of the script that draws it."""
    key = hashlib.sha256(ICONS_SCRIPT.read_bytes() + str(size).encode()).hexdigest()[:16]
    kept = STDLIB_CACHE / f"icon-{size}-{key}.png"
    try:
        return kept.read_bytes()
    except FileNotFoundError:
        made = icons.png(size)
        keep(made, kept, f"icon-{size}-*.png")
        return made


# index.html's list of the files a first visit loads with their sizes, filled
# in by the build for the loading screen's count of bytes (web/front/js/loader.js).
SIZES_MARK = '<script type="application/json" id="loader-sizes">{}</script>'
# Files the page does not load on start: the service worker and what only it
# fetches (for offline play and installing), the bare page, and the language
# catalogues (one of them is read, after the count has started), live
# play's files (loaded only when it starts), and play by turns' modules
# (loaded when the device sits at a table or a table's link opens; precached
# all the same, so that a table is played offline).
NOT_LOADED_ON_START = (
    "index.html",
    "sw.js",
    MANIFEST_NAME,
    "icons/",
    "bare/",
    "pyodide/snapshot-",
    "web/front/lang/",
    "web/front/js/turns/",
    *LAZY_DIRS,
)

# Fixed timestamp inside the zips, so that the same sources give the same
# bytes (and so the same service-worker cache name).
ZIP_DATE = (2000, 1, 1, 0, 0, 0)


class BuildError(Exception):
    pass


def _skipped(path: Path, base: Path) -> bool:
    rel = path.relative_to(base)
    if any(part in SKIP_DIRS or part.startswith(".") for part in rel.parts):
        return True
    return path.suffix in SKIP_SUFFIXES


def _files_under(base: Path) -> list[Path]:
    """Files under base, sorted, minus caches, dotfiles and source maps."""
    if not base.is_dir():
        return []
    return sorted(p for p in base.rglob("*") if p.is_file() and not _skipped(p, base))


def _copy(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(src, dst)


def _write_zip(
    dst: Path, files: list[Path], arc_base: Path, contents: dict[str, bytes] | None = None
) -> int:
    """Deterministic zip of files, names relative to arc_base. ``contents``: the
    bytes of some entries (by name) in place of their file's, and entries with
    no file, added after the others. Returns count."""
    contents = contents or {}
    names = [path.relative_to(arc_base).as_posix() for path in files]
    entries = [(name, contents.get(name) or path.read_bytes()) for name, path in zip(names, files)]
    entries += [(name, data) for name, data in sorted(contents.items()) if name not in names]
    with zipfile.ZipFile(dst, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)
    return len(entries)


def _catalogue_bytes(data: dict[str, str]) -> bytes:
    """A catalogue written as web/front/lang/*.json are (one key a line, UTF-8)."""
    return (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def split_live_texts(lang: Path) -> tuple[dict[str, bytes], dict[str, bytes]]:
    """Live play's texts apart from the others: every catalogue web/front/lang/<code>.json
    without its ``live.*`` keys, and those keys alone, by language code. The
    sources keep every text in one catalogue per language; the site ships live
    play's in live/lang/ (and, for Python, in live/livepy.zip as
    page/live/lang/), so a visit that never goes live downloads none of them."""
    main: dict[str, bytes] = {}
    live: dict[str, bytes] = {}
    for path in sorted(lang.glob("*.json")):
        if path.name == "index.json":
            continue
        data = json.loads(path.read_text(encoding="utf-8"))
        main[path.stem] = _catalogue_bytes(
            {k: v for k, v in data.items() if not k.startswith(LIVE_TEXTS)}
        )
        live[path.stem] = _catalogue_bytes(
            {k: v for k, v in data.items() if k.startswith(LIVE_TEXTS)}
        )
    return main, live


def _check_node_modules() -> None:
    packages = (PYODIDE_SRC, PYSCRIPT_SRC, TRYSTERO_PACKAGE, QRCODE_PACKAGE)
    missing = [p for p in packages if not p.is_dir()]
    if missing:
        raise BuildError(
            "missing "
            + ", ".join(str(p.relative_to(ROOT)) for p in missing)
            + ": run `npm ci` first"
        )
    wanted = json.loads((ROOT / "package.json").read_text())["dependencies"]
    for name, folder in (
        ("pyodide", PYODIDE_SRC),
        ("@pyscript/core", PYSCRIPT_SRC.parent),
        ("trystero", TRYSTERO_PACKAGE),
        ("qrcode-generator", QRCODE_PACKAGE),
    ):
        have = json.loads((folder / "package.json").read_text())["version"]
        if wanted.get(name) != have:
            raise BuildError(
                f"node_modules has {name} {have}, package.json pins {wanted.get(name)}: run `npm ci`"
            )


def copy_trystero(out: Path) -> list[str]:
    """Copy Trystero's modules (and licences) to out/live/trystero/, the bare
    imports made relative. Returns the module paths written, relative to out.
    Raises BuildError if a bare import is left (a new version may add one)."""
    written = []
    for package, pattern, folder in TRYSTERO_PARTS:
        src = NODE_MODULES / package
        target = out / "live" / "trystero" / folder
        files = sorted(src.glob(pattern))
        if not files:
            raise BuildError(f"missing node_modules/{package}/{pattern}: run `npm ci`")
        for path in files:
            text = path.read_text(encoding="utf-8")
            for bare, relative in TRYSTERO_BARE_IMPORTS.items():
                text = text.replace(f"from {bare}", f"from {relative}")
            left = [m for m in IMPORT_FROM.findall(text) if not m.startswith(".")]
            if left:
                raise BuildError(f"{package}/{path.name} imports {left[0]!r}: not served")
            dst = target / path.name
            dst.parent.mkdir(parents=True, exist_ok=True)
            dst.write_text(text, encoding="utf-8")
            written.append(dst.relative_to(out).as_posix())
        _copy(src / "LICENSE", target / "LICENSE")
    return written


def copy_qrcode(out: Path) -> str:
    """Copy the QR code module to out/live/qrcode/ (it imports nothing).
    Returns its path relative to out."""
    src = QRCODE_PACKAGE / QRCODE_MODULE
    if not src.is_file():
        raise BuildError(f"missing node_modules/qrcode-generator/{QRCODE_MODULE}: run `npm ci`")
    text = src.read_text(encoding="utf-8")
    if IMPORT_FROM.findall(text):
        raise BuildError("qrcode-generator imports another module: not served")
    dst = out / "live" / "qrcode" / "qrcode.mjs"
    _copy(src, dst)
    return dst.relative_to(out).as_posix()


def lazy(name: str) -> bool:
    """Whether a file of dist/ (posix path) is loaded only by live play."""
    return name.startswith(LAZY_DIRS)


# PyScript's own Python package, as its core module carries it: an object
# literal {pyscript:{"__init__.py":"...", ...}} of JavaScript strings.
PYSCRIPT_PACKAGE = "{pyscript:{"
_JS_ENTRY = re.compile(r'\s*"((?:[^"\\]|\\.)*)"\s*:\s*"((?:[^"\\]|\\.)*)"\s*([,}])', re.S)


def pyscript_python(core: Path = PYSCRIPT_SRC) -> dict[str, bytes]:
    """PyScript's Python package (pyscript/*.py), read out of its JavaScript.

    PyScript writes these files into the working directory on every start and
    imports them before the page's script: compiled from source, a fifth of a
    second of a phone's processor. Shipped in page.zip with their bytecode,
    they are imported from it (PyScript writes the same sources again; the
    unchecked .pyc beside them stays). Raises BuildError if the package is not
    found where this version of PyScript keeps it."""
    for path in sorted(core.glob("core-*.js")):
        text = path.read_text(encoding="utf-8")
        start = text.find(PYSCRIPT_PACKAGE)
        if start < 0:
            continue
        files: dict[str, bytes] = {}
        at = start + len(PYSCRIPT_PACKAGE)
        while (entry := _JS_ENTRY.match(text, at)) is not None:
            name, source = (json.loads(f'"{group}"') for group in entry.group(1, 2))
            if not re.fullmatch(r"\w+\.py", name):
                raise BuildError(f"PyScript's package has an unexpected file {name!r}")
            files[f"pyscript/{name}"] = source.encode("utf-8")
            at = entry.end()
            if entry.group(3) == "}":
                break
        if "pyscript/__init__.py" in files:
            return files
    raise BuildError("PyScript's Python package was not found in @pyscript/core's core-*.js")


def run_node(script: Path, args: list[str], doing: str) -> str:
    """Run one of the build's Node.js scripts (they start the page's own
    Pyodide); its standard output. Raises BuildError saying what failed
    (``doing``: "compile the Python for the page") with the error it printed,
    never a line of Pyodide's minified code, which Node prints before it."""
    node = shutil.which("node")
    if node is None:
        raise BuildError(f"Node.js (node) is needed to {doing}")
    done = subprocess.run([node, str(script), *args], cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        lines = [line for line in done.stderr.splitlines() if len(line) < 400]
        said = [line for line in lines if "Error" in line] or lines or ["(no message)"]
        raise BuildError(f"failed to {doing}: {said[-1].strip()[:300]}")
    return done.stdout


def compile_python(jobs: list[tuple[str, Path]]) -> None:
    """Compile the .py files of each zip in place with the page's own Pyodide,
    run in Node.js (tools/compile_python.mjs; mode "--sourceless" or "--cached")."""
    args: list[str] = []
    for mode, path in jobs:
        args += [mode, str(path), str(path)]
    run_node(COMPILER, args, "compile the Python for the page")


def compile_zips(zips: list[Path], stdlib: tuple[Path, Path] | None, compiler: str) -> None:
    """Compile the game's zips in place (``--cached``: each .pyc beside its
    source), and the standard library (``stdlib``: the zip to compile in place
    and where to keep it) when it is not kept yet. A zip compiled before is
    taken from .build-cache/, named by the hash of the zip and of what compiles
    it (``compiler``: ``stdlib_key()``): a build whose Python did not change
    starts no Node.js (4.6 s a build)."""
    kept = {path: compiled_name(path, compiler) for path in zips}
    jobs = [] if stdlib is None else [("--sourceless", stdlib[0])]
    for path in zips:
        try:
            _copy(kept[path], path)
        except FileNotFoundError:  # never made, or let go of by a build beside this one
            jobs.append(("--cached", path))
    if jobs:
        compile_python(jobs)
    if stdlib is not None:
        keep(stdlib[0].read_bytes(), stdlib[1], "python_stdlib-*.zip", versions=1)
    for mode, path in jobs:
        if mode == "--cached":
            keep(path.read_bytes(), kept[path], f"compiled-{path.stem}-*.zip")


def compiled_name(source: Path, compiler: str) -> Path:
    """Where .build-cache/ keeps this zip compiled: named by its bytes and by
    what compiles it (``compiler``: ``stdlib_key()``)."""
    key = hashlib.sha256(compiler.encode() + source.read_bytes()).hexdigest()[:16]
    return STDLIB_CACHE / f"compiled-{source.stem}-{key}.zip"


# How many versions of each file .build-cache/ keeps (the newest): builds of
# other trees side by side (a before and an after) each find theirs.
KEPT_VERSIONS = 6


def keep(data: bytes, kept: Path, pattern: str, versions: int = KEPT_VERSIONS) -> None:
    """Store a file the build made for the next builds, written aside and
    renamed (builds side by side never read half a file); with the older files
    matching ``pattern``, only the newest ``versions`` stay (the compiled
    standard library: one, as it never changes between builds of the game)."""
    kept.parent.mkdir(parents=True, exist_ok=True)
    part = kept.with_name(f"{kept.name}.{os.getpid()}.part")
    part.write_bytes(data)
    part.replace(kept)
    older = sorted((p for p in kept.parent.glob(pattern) if p != kept), key=_age)
    for old in older[versions - 1 :]:
        old.unlink(missing_ok=True)


def _age(path: Path) -> float:
    """Seconds since the file was written (a file gone meanwhile: the oldest)."""
    try:
        return time.time() - path.stat().st_mtime
    except FileNotFoundError:
        return math.inf


def listed(path: Path) -> list[str]:
    """The names of one of the lists above (blank lines and # comments skipped)."""
    lines = (line.split("#", 1)[0].strip() for line in path.read_text().splitlines())
    return [line for line in lines if line]


def module_of(entry: str) -> str | None:
    """The module a standard library zip entry holds ("json/decoder.pyc" ->
    "json.decoder", "json/__init__.pyc" -> "json"), None for other files."""
    if not entry.endswith(".pyc"):
        return None
    parts = entry[: -len(".pyc")].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def cut_stdlib(whole: Path, out: Path, modules: list[str]) -> None:
    """out: the compiled standard library `whole` with only `modules` (entries
    copied as they are, in their order: the same input gives the same bytes)."""
    wanted = set(modules)
    with zipfile.ZipFile(whole) as zin:
        infos = [i for i in zin.infolist() if module_of(i.filename) in wanted]
        missing = wanted - {module_of(i.filename) for i in infos}
        if missing:
            raise BuildError(
                f"{STDLIB_MODULES.relative_to(ROOT)} lists modules the standard library lacks:"
                f" {', '.join(sorted(missing))} (run tools/trace_page.py)"
            )
        with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zout:
            for info in infos:
                zout.writestr(info, zin.read(info))


def add_live_stdlib(whole: Path, live_zip: Path) -> None:
    """Append the compiled ``LIVE_STDLIB`` modules to live play's zip, at its top
    ("hmac.pyc"): unpacked beside page/, where Python finds them."""
    wanted = {f"{name}.pyc" for name in LIVE_STDLIB}
    with zipfile.ZipFile(whole) as zin, zipfile.ZipFile(live_zip, "a") as zout:
        infos = [i for i in zin.infolist() if i.filename in wanted]
        if len(infos) != len(wanted):
            raise BuildError(f"the standard library lacks one of {', '.join(LIVE_STDLIB)}")
        for info in infos:
            entry = zipfile.ZipInfo(info.filename, date_time=ZIP_DATE)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            zout.writestr(entry, zin.read(info), compresslevel=9)


def stdlib_key() -> str:
    """What the compiled standard library depends on, hashed: the zip as
    shipped, the runtime that compiles it and the compiler."""
    h = hashlib.sha256()
    for path in (PYODIDE_SRC / "python_stdlib.zip", PYODIDE_SRC / "pyodide.asm.wasm", COMPILER):
        h.update(hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()[:16]


def snapshot_key(site: Path) -> str:
    """What the snapshot of a built site depends on, hashed: its inputs
    (``SNAPSHOT_INPUTS``), the modules imported and the script that makes it."""
    h = hashlib.sha256()
    for name in SNAPSHOT_INPUTS:
        h.update(name.encode() + b"\0" + hashlib.sha256((site / name).read_bytes()).digest())
    h.update(" ".join(SNAPSHOT_IMPORTS).encode() + SNAPSHOTTER.read_bytes())
    return h.hexdigest()[:20]


def write_snapshot(site: Path) -> dict[str, Any]:
    """Make (or take from .build-cache/) the snapshot of the built site's
    Python, put it in pyodide/ and tell web/front/js/python.js its name, key
    and size. A snapshot is not bit-for-bit the same from one making to the
    next (the runtime draws entropy as it starts), so the first one made for a
    key is kept: the same sources build the same site. Returns its details."""
    key = snapshot_key(site)
    name = f"snapshot-{key}.gz"
    kept = STDLIB_CACHE / name
    info = kept.with_suffix(".json")
    if not (kept.is_file() and info.is_file()):
        STDLIB_CACHE.mkdir(parents=True, exist_ok=True)
        for old in STDLIB_CACHE.glob("snapshot-*"):
            old.unlink(missing_ok=True)
        part = kept.with_name(f"{name}.{os.getpid()}.part")
        said = run_node(
            SNAPSHOTTER,
            [str(site), str(part), key, *SNAPSHOT_IMPORTS],
            "make the page's Python snapshot",
        )
        info.write_text(said.strip().splitlines()[-1] + "\n")
        part.replace(kept)
    details = {"file": name, "key": key, "bytes": json.loads(info.read_text())["bytes"]}
    _copy(kept, site / "pyodide" / name)
    start = site / PYTHON_START
    text = start.read_text()
    if text.count(SNAPSHOT_MARK) != 1:
        raise BuildError(f"{PYTHON_START}: expected exactly one {SNAPSHOT_MARK!r}")
    filled = f"const SNAPSHOT = {json.dumps(details, separators=(', ', ': '))};"
    start.write_text(text.replace(SNAPSHOT_MARK, filled))
    return details


def dist_files(out: Path) -> list[str]:
    """Every file of a built site, as sorted paths relative to it (posix)."""
    return sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())


def content_hash(out: Path, names: list[str]) -> str:
    h = hashlib.sha256()
    for name in names:
        h.update(name.encode())
        h.update(b"\0")
        h.update(hashlib.sha256((out / name).read_bytes()).digest())
    return h.hexdigest()[:16]


def write_service_worker(out: Path, template: Path = SW_TEMPLATE) -> tuple[str, list[str]]:
    """(Re)generate out/sw.js from the template, precaching every other file.

    Returns (version, precache list). The version hashes every file, live
    play's included; the list leaves out live play's (``LAZY_DIRS``). URLs are relative ("./x"), resolved
    against the service worker's own URL, so the site works under any sub-path.
    """
    sw = out / "sw.js"
    if sw.exists():
        sw.unlink()
    names = dist_files(out)
    version = content_hash(out, names)
    names = [n for n in names if not lazy(n)]
    text = template.read_text()
    for mark in (SW_VERSION_MARK, SW_FILES_MARK):
        if text.count(mark) != 1:
            raise BuildError(f"{template.name}: expected exactly one {mark}")
    urls = ["./" + n for n in names]
    text = text.replace(SW_VERSION_MARK, version).replace(SW_FILES_MARK, json.dumps(urls, indent=2))
    sw.write_text(text)
    return version, urls


# Files static hosts send as they are: compressed already.
SENT_AS_THEY_ARE = (".zip", ".png")


def sent_size(name: str, data: bytes) -> int:
    """Bytes a static host compressing with gzip sends for a file (gzip at its
    usual level 6; zips and PNGs, compressed already, go as they are)."""
    if name.endswith(SENT_AS_THEY_ARE):
        return len(data)
    return min(len(data), len(gzip.compress(data, compresslevel=6, mtime=0)))


# A module script of index.html; an import of another module by a relative path
# (static or dynamic); comments, whose JSDoc types name modules too.
PAGE_SCRIPT = re.compile(r'<script type="module" src="\./(web/front/[^"]+)"')
JS_IMPORT = re.compile(
    r'\b(?:import|export)\b[^;"]*?from\s*"(\.\.?/[^"]+)"'
    r'|\bimport\s*"(\.\.?/[^"]+)"'
    r'|\bimport\(\s*"(\.\.?/[^"]+)"\s*\)'
)
JS_COMMENT = re.compile(r"/\*[\s\S]*?\*/|^\s*//[^\n]*", re.M)


def page_scripts(out: Path) -> set[str]:
    """The JavaScript files of web/front/ the page loads: index.html's module scripts
    and every module they import, followed through (posix paths from out)."""
    todo = PAGE_SCRIPT.findall((out / "index.html").read_text())
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name in seen or not (out / name).is_file():
            continue
        seen.add(name)
        folder = PurePosixPath(name).parent
        code = JS_COMMENT.sub("", (out / name).read_text())
        for groups in JS_IMPORT.findall(code):
            target = next(g for g in groups if g)
            todo.append(posixpath.normpath(str(folder / target)))
    return seen


def write_download_sizes(out: Path) -> dict[str, list[int]]:
    """Fill index.html's list of the files a first visit loads: path -> [bytes
    as stored, bytes a gzip-compressing host sends]. Returns it."""
    sizes = {}
    scripts = page_scripts(out)
    for name in dist_files(out):
        if name.startswith("web/front/") and name.endswith(".js") and name not in scripts:
            continue  # never imported (JSDoc types only)
        if not name.startswith(NOT_LOADED_ON_START):
            data = (out / name).read_bytes()
            sizes[name] = [len(data), sent_size(name, data)]
    page = out / "index.html"
    html = page.read_text()
    if html.count(SIZES_MARK) != 1:
        raise BuildError(f"index.html: expected exactly one {SIZES_MARK}")
    filled = SIZES_MARK.replace("{}", json.dumps(sizes, separators=(",", ":")))
    page.write_text(html.replace(SIZES_MARK, filled))
    return sizes


def summarize(out: Path) -> dict[str, Any]:
    names = dist_files(out)
    sizes = {n: (out / n).stat().st_size for n in names}
    own = {n: s for n, s in sizes.items() if n.split("/", 1)[0] not in RUNTIME_DIRS}
    return {
        "files": len(names),
        "bytes": sum(sizes.values()),
        "own_files": len(own),
        "own_bytes": sum(own.values()),
    }


def build(
    out: Path = ROOT / "dist", bare: bool = False, quiet: bool = False, whole_runtime: bool = False
) -> dict[str, Any]:
    """Build the site into `out` (replaced whole). Returns the summary dict."""
    out = Path(out).resolve()
    _check_node_modules()
    if not SW_TEMPLATE.is_file():
        raise BuildError(f"missing {SW_TEMPLATE.relative_to(ROOT)}")

    tmp = out.with_name(out.name + ".building")
    if tmp.exists():
        shutil.rmtree(tmp)
    tmp.mkdir(parents=True)

    # The page (its PyScript configuration inline).
    if not (ROOT / "index.html").is_file():
        raise BuildError("missing index.html")
    _copy(ROOT / "index.html", tmp / "index.html")
    write_app_manifest(tmp)

    # Everything under web/front/ (the service-worker template is a build input),
    # and of the page model only its entry script, which the page fetches by
    # URL: the rest travels inside page.zip. The catalogues ship without live
    # play's texts, which go to live/lang/.
    for path in _files_under(FRONT):
        if path != SW_TEMPLATE:
            _copy(path, tmp / path.relative_to(ROOT))
    for name in PY_ENTRY_SCRIPTS:
        _copy(PAGE / name, tmp / (PAGE / name).relative_to(ROOT))
    main_texts, live_texts = split_live_texts(FRONT / "lang")
    for code, data in main_texts.items():
        (tmp / (FRONT / "lang" / f"{code}.json").relative_to(ROOT)).write_bytes(data)
    for code, data in live_texts.items():
        (tmp / "live" / "lang").mkdir(parents=True, exist_ok=True)
        (tmp / "live" / "lang" / f"{code}.json").write_bytes(data)

    # Python for the in-browser file system. Names keep their package folder
    # (game/... from the top, page/... and front/lang/... from web/), and
    # web/front/js/python.js unpacks both zips into the working directory, so imports are
    # the same as in CPython with the top and web/ on the path.
    game_files = _files_under(ROOT / "game")
    _write_zip(tmp / "game.zip", game_files, ROOT)
    # The language catalogues (web/front/lang/*.json) and the lessons (web/page/lessons.json)
    # go with them: Python reads them too.
    page_files = _files_under(PAGE) + _files_under(FRONT / "lang")
    live_py = _files_under(PAGE / LIVE_PY_DIR)
    page_files = [p for p in page_files if p not in live_py]
    _write_zip(
        tmp / "page.zip",
        page_files,
        WEB,
        {f"front/lang/{c}.json": d for c, d in main_texts.items()} | pyscript_python(),
    )
    (tmp / LIVE_PY_ZIP).parent.mkdir(parents=True, exist_ok=True)
    live_lang = {f"page/{LIVE_PY_DIR}/lang/{c}.json": d for c, d in live_texts.items()}
    _write_zip(tmp / LIVE_PY_ZIP, live_py, WEB, live_lang)
    copy_trystero(tmp)
    copy_qrcode(tmp)

    # Runtime.
    for name in PYODIDE_FILES:
        src = PYODIDE_SRC / name
        if not src.is_file():
            raise BuildError(f"missing {src.relative_to(ROOT)}")
        _copy(src, tmp / "pyodide" / name)
    pyscript = _files_under(PYSCRIPT_SRC)
    if not whole_runtime:
        needed = listed(PYSCRIPT_FILES)
        names = {p.relative_to(PYSCRIPT_SRC).as_posix(): p for p in pyscript}
        missing = [n for n in needed if n not in names]
        if missing:
            raise BuildError(f"@pyscript/core has no {', '.join(missing)}: run tools/trace_page.py")
        pyscript = [names[n] for n in needed]
    for path in pyscript:
        _copy(path, tmp / "pyscript" / path.relative_to(PYSCRIPT_SRC))

    # Bytecode made here, so that the browser compiles no Python on start:
    # the standard library as .pyc only, the game's own code with its .pyc
    # beside the source (tools/compile_python.mjs).
    stdlib = tmp / "pyodide" / "python_stdlib.zip"
    compiler = stdlib_key()
    compiled = STDLIB_CACHE / f"python_stdlib-{compiler}.zip"
    cached = compiled.is_file()
    if cached:
        _copy(compiled, stdlib)
    zips = [tmp / p for p in ("game.zip", "page.zip", LIVE_PY_ZIP)]
    if not live_py:
        zips.pop()  # an empty zip: nothing to compile
    compile_zips(zips, None if cached else (stdlib, compiled), compiler)
    if live_py:
        add_live_stdlib(compiled, tmp / LIVE_PY_ZIP)
    if not whole_runtime:
        cut_stdlib(compiled, stdlib, listed(STDLIB_MODULES))

    # Optional bare PyScript page (for bench/load.py), at bare/.
    if bare:
        for path in _files_under(BARE_SRC):
            _copy(path, tmp / "bare" / path.relative_to(BARE_SRC))

    snapshot = write_snapshot(tmp) if not whole_runtime else None
    sizes = write_download_sizes(tmp)
    version, urls = write_service_worker(tmp)

    if out.exists():
        shutil.rmtree(out)
    tmp.rename(out)

    summary = summarize(out)
    summary.update(
        version=version,
        precached=len(urls),
        game_files=len(game_files),
        first_visit_sent=sum(sent for _, sent in sizes.values()),
        snapshot=snapshot,
    )
    if not quiet:
        rel = out.relative_to(ROOT) if out.is_relative_to(ROOT) else out
        print(f"built {rel}/  (cache version {version})")
        if not game_files:
            print("  note: game/ has no files yet: game.zip is empty")
        print(f"  files:      {summary['files']} ({len(urls)} precached by sw.js)")
        print(f"  total:      {summary['bytes']:,} bytes")
        print(
            f"  own files:  {summary['own_bytes']:,} bytes in {summary['own_files']} files"
            f" (all but {', '.join(d + '/' for d in RUNTIME_DIRS)})"
        )
        print(
            f"  on start:   {summary['first_visit_sent']:,} bytes as a gzip-compressing host sends them"
        )
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--out", type=Path, default=ROOT / "dist", help="output folder (default: dist)"
    )
    parser.add_argument(
        "--bare", action="store_true", help="also add bare/ (a bare PyScript page, for benchmarks)"
    )
    parser.add_argument(
        "--whole-runtime",
        action="store_true",
        help="the whole standard library and every PyScript file (for tools/trace_page.py)",
    )
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    try:
        build(args.out, bare=args.bare, quiet=args.quiet, whole_runtime=args.whole_runtime)
    except BuildError as exc:
        print(f"build failed: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
