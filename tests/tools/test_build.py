"""tools/build.py and tools/serve.py, without a browser."""

from __future__ import annotations

import json
import os
import re
import struct
import subprocess
import sys
import urllib.error
import urllib.request
import xml.etree.ElementTree as ET
import zipfile
import zlib
from pathlib import Path

import pytest

from tools import build, icons, serve

ROOT = build.ROOT

pytestmark = pytest.mark.skipif(
    not (ROOT / "node_modules" / "pyodide").is_dir(), reason="run `npm ci` first"
)


def sw_parts(out: Path) -> tuple[str, list[str]]:
    text = (out / "sw.js").read_text()
    version = re.search(r'const VERSION = "([0-9a-f]+)";', text).group(1)
    files = json.loads(re.search(r"const FILES = (\[.*?\]);", text, re.S).group(1))
    return version, files


def test_layout(built):
    for name in (
        "index.html",
        "game.zip",
        "page.zip",
        "sw.js",
        "web/page/main.py",
        "web/front/js/loader.js",
        "pyscript/core.js",
        "pyscript/core.css",
    ):
        assert (built / name).is_file(), name
    for name in build.PYODIDE_FILES:
        assert (built / "pyodide" / name).is_file(), name
    names = build.dist_files(built)
    assert not [n for n in names if n.endswith(".map")]
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
    assert "web/front/sw.template.js" not in names
    # Modules imported from page.zip are not shipped a second time.
    assert "web/page/table.py" not in names and "web/page/texts.py" not in names
    assert "web/page/thinking.py" not in names and "web/page/bot_worker.py" not in names


def test_service_worker_precaches_every_file_but_live_plays(built):
    version, files = sw_parts(built)
    others = [n for n in build.dist_files(built) if n != "sw.js"]
    live = [n for n in others if build.lazy(n)]
    assert files == ["./" + n for n in others if n not in live]
    # Live play's files are there, and only those are left out.
    assert {
        "live/livepy.zip",
        "live/trystero/nostr/index.mjs",
        "web/front/js/live/transport.js",
    } <= set(live)
    assert all(n.startswith(("live/", "web/front/js/live/")) for n in live)
    # The cache name still changes with any file, live play's included.
    assert version == build.content_hash(built, others)


def test_the_library_is_served_with_relative_imports_only(built):
    """Trystero's modules as built import each other by relative paths (no
    import map, no bundler), and every module they import is there."""
    modules = sorted((built / "live" / "trystero").rglob("*.*js"))
    assert {m.parent.name for m in modules} == {"core", "nostr", "secp256k1"}
    for module in modules:
        for target in build.IMPORT_FROM.findall(module.read_text()):
            assert target.startswith("../") or target.startswith("./"), (module, target)
            assert (module.parent / target).resolve().is_file(), (module, target)
    nostr = (built / "live" / "trystero" / "nostr" / "index.mjs").read_text()
    assert '"@trystero-p2p/core"' not in nostr and '"@noble/secp256k1"' not in nostr
    pinned = json.loads((ROOT / "package.json").read_text())["dependencies"]["trystero"]
    assert (
        pinned == json.loads((ROOT / "node_modules/trystero/package.json").read_text())["version"]
    )


def test_the_transport_preloads_every_module_of_the_library(built):
    """transport.js asks for the library's modules all at once: its list is
    what the build ships, beside the entry module it imports."""
    transport = (built / "web" / "front" / "js" / "live" / "transport.js").read_text()
    listed = re.search(r"const LIBRARY_MODULES = \[(.*?)\];", transport, re.S)
    assert listed
    names = re.findall(r'"([\w/.-]+)"', listed.group(1))
    core = [n for n in names if "/" not in n]
    files = {n for n in names if "/" in n} | {f"core/{n}.mjs" for n in core}
    shipped = {
        m.relative_to(built / "live" / "trystero").as_posix()
        for m in (built / "live" / "trystero").rglob("*.*js")
    }
    assert files == shipped - {"nostr/index.mjs"}


def test_a_bare_import_left_fails_the_build(tmp_path, monkeypatch):
    monkeypatch.setattr(build, "TRYSTERO_BARE_IMPORTS", {})
    with pytest.raises(build.BuildError, match="imports '@"):
        build.copy_trystero(tmp_path)


def test_live_plays_python_travels_apart(built):
    with zipfile.ZipFile(built / "page.zip") as zf:
        assert not [n for n in zf.namelist() if n.startswith("page/live/")]
    with zipfile.ZipFile(built / "live" / "livepy.zip") as zf:
        names = zf.namelist()
    assert "page/live/__init__.py" in names and cached_pyc("page/live/protocol.py") in names
    # And the standard library modules only live play imports, compiled, at the top.
    assert sorted(n for n in names if "/" not in n) == sorted(f"{m}.pyc" for m in build.LIVE_STDLIB)


def test_live_plays_python_imports_from_the_zips_as_shipped(built, tmp_path):
    """Unpacked beside the other two zips, as the page would once live play
    starts, the package imports (what it needs of web/page/ and game/ is there)."""
    for name in ("game.zip", "page.zip", "live/livepy.zip"):
        with zipfile.ZipFile(built / name) as zf:
            # Not the standard library modules live play brings: compiled for the
            # page's Python, which this one is not.
            zf.extractall(tmp_path, [n for n in zf.namelist() if "/" in n])
    # The catalogues as shipped for a first visit hold none of live play's texts;
    # once live/livepy.zip is unpacked, Python finds them.
    for code in ("en", "fr", "it"):
        shipped = json.loads((tmp_path / "front" / "lang" / f"{code}.json").read_text())
        assert shipped and not [k for k in shipped if k.startswith("live.")]
    script = "import page.live.host as h, page.live.room as r; print(h.HostRoom.__name__); print(r.failure_text('relays-unreachable', 'fr'))"
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={"PYTHONDONTWRITEBYTECODE": "1", "PATH": os.environ.get("PATH", "")},
    )
    assert done.returncode == 0, done.stderr
    french = json.loads((ROOT / "web" / "front" / "lang" / "fr.json").read_text())
    assert done.stdout.splitlines() == ["HostRoom", french["live.relays_unreachable"]]


def test_a_first_visit_carries_only_live_plays_offer(built):
    """What a visit that never goes live downloads (the precache list) holds
    live play's offer (a seat kind, the lazy imports) but none of its calls,
    their types, its style or the library modules only it imports."""
    _, files = sw_parts(built)
    assert not [f for f in files if build.lazy(f[2:])]
    bridge_js = (built / "web" / "front" / "js" / "generated" / "bridge.js").read_text()
    assert not re.findall(r"\blive[A-Z]\w*|\bLive[A-Z]\w*", bridge_js)
    assert "liveHost" in (built / "web" / "front" / "js" / "live" / "calls.js").read_text()
    assert ".live-" not in (built / "web" / "front" / "style.css").read_text()
    assert ".live-panel" in (built / "web" / "front" / "js" / "live" / "live.css").read_text()
    with zipfile.ZipFile(built / "page.zip") as zf:
        page_py = {n: zf.read(n).decode() for n in zf.namelist() if n.endswith(".py")}
    assert not [n for n, text in page_py.items() if "def live" in text]
    with zipfile.ZipFile(built / "pyodide" / "python_stdlib.zip") as zf:
        shipped = {build.module_of(n) for n in zf.namelist()}
    assert not shipped & set(build.LIVE_STDLIB)


def test_an_invite_starts_live_play_from_the_pages_first_script():
    """index.html's first script joins an invite's room while the page's own
    modules load: it knows an invite by web/page/shared.py's mark."""
    from page.shared import LIVE_MARK

    page = (ROOT / "index.html").read_text()
    first = re.search(r"<script\b[^>]*>(.*?)</script>", page, re.S)
    assert first and f'location.hash.startsWith("{LIVE_MARK}")' in first.group(1)
    assert 'import("./web/front/js/live/live.js")' in first.group(1)


def test_live_plays_texts_ship_apart_from_the_first_visits(built):
    """Every catalogue key is shipped once: live.* keys in live/lang/ (not
    precached), the others in web/front/lang/ as before, in the same order."""
    for code in ("en", "fr", "it"):
        source = json.loads((ROOT / "web" / "front" / "lang" / f"{code}.json").read_text())
        main = json.loads((built / "web" / "front" / "lang" / f"{code}.json").read_text())
        live = json.loads((built / "live" / "lang" / f"{code}.json").read_text())
        assert live and all(k.startswith("live.") for k in live)
        assert not [k for k in main if k.startswith("live.")]
        assert list(main) + list(live) == [k for k in source if k in main] + [
            k for k in source if k in live
        ]
        assert {**main, **live} == source
    with zipfile.ZipFile(built / "page.zip") as zf:
        assert (
            zf.read("front/lang/fr.json")
            == (built / "web" / "front" / "lang" / "fr.json").read_bytes()
        )
    assert build.lazy("live/lang/fr.json") and not build.lazy("web/front/lang/fr.json")
    assert "__BUILD_VERSION__" not in (built / "sw.js").read_text()


# Two more builds, one compiling the standard library from nothing: the fast
# tier's largest cost, so the full run checks it (and every build's layout is
# checked by the fast tier's other tests).
@pytest.mark.slow
def test_build_is_deterministic(built, tmp_path, monkeypatch):
    """A build that compiles the standard library afresh (an empty cache) makes
    the same site as one that may have taken it from the cache; the next build
    takes it from there."""
    cache = tmp_path / "cache"
    monkeypatch.setattr(build, "STDLIB_CACHE", cache)
    again = tmp_path / "dist"
    build.build(again, quiet=True)
    assert sw_parts(again) == sw_parts(built)
    snapshot = f"pyodide/snapshot-{build.snapshot_key(built)}.gz"
    for name in ("game.zip", "page.zip", "live/livepy.zip", "pyodide/python_stdlib.zip", snapshot):
        assert (again / name).read_bytes() == (built / name).read_bytes(), name
    # The cache keeps the whole library compiled (the site ships the page's part
    # of it) and the snapshot made from this site's Python.
    kept = sorted(p for p in cache.iterdir() if p.name.startswith("python_stdlib-"))
    assert [p.name for p in kept] == [f"python_stdlib-{build.stdlib_key()}.zip"]
    assert (cache / snapshot.removeprefix("pyodide/")).read_bytes() == (
        built / snapshot
    ).read_bytes()
    cut = tmp_path / "cut.zip"
    build.cut_stdlib(kept[0], cut, build.listed(build.STDLIB_MODULES))
    assert cut.read_bytes() == (again / "pyodide" / "python_stdlib.zip").read_bytes()
    # It keeps the game's zips compiled and the icons drawn, too.
    names = sorted(
        p.name.rsplit("-", 1)[0] for p in cache.iterdir() if "python_stdlib" not in p.name
    )
    assert names == sorted(
        ["compiled-game", "compiled-page", "compiled-livepy", "icon-192", "icon-512"]
        + [snapshot.removeprefix("pyodide/").rsplit("-", 1)[0]] * 2
    ), names
    # The next build compiles nothing and draws no icon: all of it from the
    # cache, the same bytes.
    calls = []
    monkeypatch.setattr(build, "compile_python", lambda jobs: calls.append(jobs))
    monkeypatch.setattr(build.icons, "png", lambda size: calls.append(size))
    third = tmp_path / "third"
    build.build(third, quiet=True)
    assert calls == []
    assert (third / "pyodide" / "python_stdlib.zip").read_bytes() == cut.read_bytes()
    for name in (
        "game.zip",
        "page.zip",
        "live/livepy.zip",
        "icons/icon-192.png",
        "icons/icon-512.png",
    ):
        assert (third / name).read_bytes() == (again / name).read_bytes(), name


def test_the_build_cache_names_a_compiled_zip_by_its_bytes_and_keeps_a_few(tmp_path, monkeypatch):
    """A zip compiled before is taken again only for the same bytes and the
    same compiler; of older versions of a kept file only the newest few stay."""
    one, two = tmp_path / "game.zip", tmp_path / "other" / "game.zip"
    two.parent.mkdir()
    one.write_bytes(b"a")
    two.write_bytes(b"b")
    assert build.compiled_name(one, "k") != build.compiled_name(two, "k")
    assert build.compiled_name(one, "k") != build.compiled_name(one, "j")
    assert build.compiled_name(one, "k").name.startswith("compiled-game-")
    monkeypatch.setattr(build, "STDLIB_CACHE", tmp_path / "cache")
    for n in range(build.KEPT_VERSIONS + 3):
        kept = tmp_path / "cache" / f"compiled-game-{n}.zip"
        build.keep(str(n).encode(), kept, "compiled-game-*.zip")
        os.utime(kept, (n, n))  # in the order written, whatever the clock's grain
    left = sorted(p.name for p in (tmp_path / "cache").iterdir())
    assert len(left) == build.KEPT_VERSIONS and "compiled-game-8.zip" in left, left
    assert (tmp_path / "cache" / "compiled-game-8.zip").read_bytes() == b"8"


def test_new_content_gives_new_cache_name(built, tmp_path):
    import shutil

    copy = tmp_path / "copy"
    shutil.copytree(built, copy)
    (copy / "web" / "front" / "js" / "app.js").write_text(
        (copy / "web" / "front" / "js" / "app.js").read_text() + "\n"
    )
    version, _ = build.write_service_worker(copy)
    assert version != sw_parts(built)[0]


def pyc_tag() -> str:
    """The page's Python as bytecode file names tag it: Pyodide 314.x runs CPython 3.14."""
    package = json.loads((ROOT / "node_modules" / "pyodide" / "package.json").read_text())
    return "cpython-" + package["version"].split(".")[0]


def cached_pyc(source: str) -> str:
    folder, _, name = source.rpartition("/")
    return f"{folder}/__pycache__/{name[:-3]}.{pyc_tag()}.pyc"


def unchecked_hash_pyc(data: bytes) -> bool:
    """A .pyc of PEP 552's unchecked-hash kind: used as it is, whatever its source's date."""
    return len(data) > 16 and data[2:4] == b"\r\n" and struct.unpack("<I", data[4:8])[0] == 0b01


def test_python_archives(built):
    with zipfile.ZipFile(built / "game.zip") as zf:
        game = set(zf.namelist())
        pycs = {n: zf.read(n) for n in game if n.endswith(".pyc")}
    sources = {p.relative_to(ROOT).as_posix() for p in build._files_under(ROOT / "game")}
    # Every module with its bytecode beside it, in __pycache__ (the source kept for tracebacks).
    assert game == sources | {cached_pyc(n) for n in sources if n.endswith(".py")}
    assert pycs and all(unchecked_hash_pyc(data) for data in pycs.values())
    with zipfile.ZipFile(built / "page.zip") as zf:
        page = set(zf.namelist())
    assert "page/main.py" in page and cached_pyc("page/table.py") in page
    page_sources = {n for n in page if n.endswith(".py")}
    assert {n for n in page if n.endswith(".pyc")} == {cached_pyc(n) for n in page_sources}
    assert all(
        n.startswith(("page/", "pyscript/")) and n.endswith((".py", ".pyc"))
        for n in page
        if not n.startswith("front/lang/") and n != "page/lessons.json"
    )
    # PyScript's own package, as PyScript writes it on start, with its bytecode:
    # imported from that, not compiled from source on every start.
    with zipfile.ZipFile(built / "page.zip") as zf:
        shipped = {n: zf.read(n) for n in page if n.startswith("pyscript/") and n.endswith(".py")}
    assert shipped == build.pyscript_python()
    assert {"pyscript/__init__.py", "pyscript/web.py"} <= set(shipped)
    assert all(cached_pyc(n) in page for n in shipped)
    # Python reads the language catalogues and the lessons too; the page never fetches them.
    assert {
        "front/lang/en.json",
        "front/lang/fr.json",
        "front/lang/it.json",
        "page/lessons.json",
    } <= page
    assert not (built / "web" / "page" / "lessons.json").exists()


def test_config_is_local(built):
    html = (built / "index.html").read_text()
    found = re.search(r'<py-config hidden type="json">(.*?)</py-config>', html)
    assert found, "index.html's PyScript configuration"
    config = json.loads(found.group(1))
    assert not (built / "pyscript.toml").exists()
    # No Python on the page's main thread: the worker's interpreter is the page's
    # own module, which starts pyodide/pyodide.mjs (tests/tools/test_snapshot.py).
    assert "interpreter" not in config
    engine = (built / "web" / "front" / "js" / "engine.js").read_text()
    assert (
        'new URL("./python.js", import.meta.url)' in engine
        and "version: interpreterUrl()" in engine
    )
    assert "!py-editor" in config["plugins"] and "CONFIG" not in engine
    # The zips are unpacked (or written out of the snapshot) by python.js, not by PyScript.
    assert "files" not in config
    assert 'const ZIPS = ["game.zip", "page.zip"];' in (built / build.PYTHON_START).read_text()
    assert not re.search(r"(?:https?:)?//[a-z0-9.-]+\.[a-z]", html, re.I), (
        "absolute URL in index.html"
    )
    assert '<link rel="icon" href="data:,">' in html


def read_png(data: bytes) -> tuple[dict, list[list[tuple[int, int, int, int]]]]:
    """(IHDR fields, rows of RGBA pixels) of an 8-bit RGBA PNG without filters."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    chunks, pos = [], 8
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length : pos + 12 + length])
        assert crc == zlib.crc32(kind + body), kind
        chunks.append((kind, body))
        pos += 12 + length
    kinds = [kind for kind, _ in chunks]
    assert kinds[0] == b"IHDR" and kinds[-1] == b"IEND"
    width, height, depth, colour, compression, filtering, interlace = struct.unpack(
        ">IIBBBBB", chunks[0][1]
    )
    header = {
        "width": width,
        "height": height,
        "depth": depth,
        "colour": colour,
        "interlace": interlace,
    }
    raw = zlib.decompress(b"".join(body for kind, body in chunks if kind == b"IDAT"))
    stride = 1 + 4 * width
    assert len(raw) == stride * height
    rows = []
    for y in range(height):
        line = raw[y * stride : (y + 1) * stride]
        assert line[0] == 0, "unexpected filter"
        rows.append([tuple(line[1 + 4 * x : 5 + 4 * x]) for x in range(width)])
    return header, rows


def hex_rgb(colour: str) -> tuple[int, int, int]:
    return tuple(bytes.fromhex(colour.removeprefix("#")))


def test_app_manifest_fields(built):
    manifest = json.loads((built / build.MANIFEST_NAME).read_text())
    assert manifest == build.app_manifest()
    assert manifest["name"] == "Mykerinos"
    assert 0 < len(manifest["short_name"]) <= 12  # fits under a home-screen icon
    assert manifest["description"]
    assert manifest["display"] == "standalone"
    # Relative to the manifest's URL: the installed app opens wherever the site is hosted.
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    for key in ("theme_color", "background_color"):
        assert re.fullmatch(r"#[0-9a-f]{6}", manifest[key]), key
    html = (built / "index.html").read_text()
    assert f'<link rel="manifest" href="./{build.MANIFEST_NAME}">' in html
    assert f'<meta name="theme-color" content="{manifest["theme_color"]}">' in html
    assert '<link rel="apple-touch-icon" href="./icons/icon-192.png">' in html


def test_app_icons_are_relative_and_precached(built):
    manifest = json.loads((built / build.MANIFEST_NAME).read_text())
    srcs = [icon["src"] for icon in manifest["icons"]]
    assert all(src.startswith("./") and "//" not in src for src in srcs), srcs
    assert {icon["type"] for icon in manifest["icons"]} == {"image/svg+xml", "image/png"}
    assert {icon["sizes"] for icon in manifest["icons"]} == {"any", "192x192", "512x512"}
    for src in srcs:
        assert (built / src).is_file(), src
    # The service worker precaches the manifest and its icons: the installed app starts offline.
    _, files = sw_parts(built)
    assert {"./" + build.MANIFEST_NAME, *srcs} <= set(files)


def test_png_icons_have_the_announced_size_and_draw_the_mark(built):
    for icon in build.app_manifest()["icons"]:
        if icon["type"] != "image/png":
            continue
        header, rows = read_png((built / icon["src"]).read_bytes())
        size = int(icon["sizes"].split("x")[0])
        assert (header["width"], header["height"]) == (size, size), icon["src"]
        assert (header["depth"], header["colour"], header["interlace"]) == (8, 6, 0)
        # Rounded corners: the corner pixel is transparent, the middle of an edge opaque sand.
        assert rows[0][0][3] == 0
        assert rows[size // 2][0] == (*hex_rgb(icons.SAND), 255)
        # The sun, at its centre (scaled from the 512 box).
        sun = next(s for s in icons.MARK if isinstance(s, icons.Circle))
        cx, cy = int(sun.cx * size / icons.VIEW), int(sun.cy * size / icons.VIEW)
        assert rows[cy][cx] == (*hex_rgb(sun.fill), 255)
        # Anti-aliased: the curved corner has partly transparent pixels.
        corner = [px[3] for row in rows[: size // 8] for px in row[: size // 8]]
        assert any(0 < alpha < 255 for alpha in corner)


def test_svg_icon_draws_the_same_shapes(built):
    root = ET.fromstring((built / "icons" / "icon.svg").read_text())
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("viewBox") == f"0 0 {icons.VIEW} {icons.VIEW}"
    fills = [el.get("fill") for el in root if el.get("fill")]
    assert fills == [shape.fill for shape in icons.MARK]


def test_rasteriser_coverage_is_exact_on_a_half_covered_column():
    # A square covering x in [0, 1.5) of a 2x2 image (box of VIEW units):
    # column 0 fully covered, column 1 half covered.
    unit = icons.VIEW / 2
    square = icons.Polygon(
        ((0, 0), (1.5 * unit, 0), (1.5 * unit, 2 * unit), (0, 2 * unit)), "#ff0000"
    )
    rows = icons.rasterize(2, (square,))
    assert [px[3] for px in rows[0]] == [1.0, 0.5]
    assert rows[1][1][:3] == (1.0, 0.0, 0.0)
    # A later shape paints over an earlier one, as in SVG.
    cover = icons.Polygon(((0, 0), (2 * unit, 0), (2 * unit, unit), (0, unit)), "#0000ff")
    rows = icons.rasterize(2, (square, cover))
    assert rows[0][1] == (0.0, 0.0, 1.0, 1.0)
    assert rows[1][1] == (1.0, 0.0, 0.0, 0.5)


@pytest.fixture
def server(built):
    srv = serve.make_server(built, 0, "/mykerinos/")
    serve.start_in_thread(srv)
    yield serve.url_of(srv)
    srv.shutdown()
    srv.server_close()


def fetch(url: str, headers: dict | None = None):
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(urllib.request.Request(url, headers=headers or {})) as r:
            return r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, b""


def test_server_subpath_and_types(server):
    root = server.removesuffix("mykerinos/")
    status, headers, _ = fetch(root)
    assert status == 301 and headers["Location"] == "/mykerinos/"
    assert fetch(root + "index.html")[0] == 404
    status, headers, body = fetch(server)
    assert status == 200 and b"pyscript/core.js" in body
    for path, mime in (
        ("pyodide/pyodide.asm.wasm", "application/wasm"),
        ("pyodide/pyodide.mjs", "text/javascript"),
        ("pyscript/core.js", "text/javascript"),
        ("sw.js", "text/javascript"),
        (build.MANIFEST_NAME, "application/manifest+json"),
        ("icons/icon-192.png", "image/png"),
        ("icons/icon.svg", "image/svg+xml"),
    ):
        status, headers, _ = fetch(server + path)
        assert status == 200 and headers["Content-Type"].startswith(mime), path


def test_server_revalidation(server):
    status, headers, _ = fetch(server + "sw.js")
    assert headers["Cache-Control"] == "no-cache"
    status, _, body = fetch(server + "sw.js", {"If-None-Match": headers["ETag"]})
    assert status == 304 and body == b""


def test_the_server_points_live_play_at_its_own_relay(built, server):
    """`./run serve --relay`: the site's live-play configuration is answered with
    the local relay (and no ICE server); without it, served as built; a test's
    server answers with the relays it was given."""
    shipped = json.loads((built / serve.LIVE_CONFIG).read_text())
    assert shipped["relays"] and all(url.startswith("wss://") for url in shipped["relays"])
    assert json.loads(fetch(server + serve.LIVE_CONFIG)[2]) == shipped
    srv = serve.make_server(built, 0, "/mykerinos/", relay_url="ws://127.0.0.1:7447")
    serve.start_in_thread(srv)
    try:
        status, headers, body = fetch(serve.url_of(srv) + serve.LIVE_CONFIG)
        other = fetch(serve.url_of(srv) + "web/front/js/live/transport.js")
    finally:
        srv.shutdown()
        srv.server_close()
    assert status == 200 and headers["Content-Type"] == "application/json"
    assert json.loads(body) == {**shipped, "relays": ["ws://127.0.0.1:7447"], "iceServers": []}
    assert other[0] == 200 and other[2] == (built / "web/front/js/live/transport.js").read_bytes()
    # Several relays, in their order (a test's relay out of reach beside a working one).
    relays = ["ws://127.0.0.1:9", "ws://127.0.0.1:7447"]
    srv = serve.make_server(built, 0, "/", relays=relays)
    serve.start_in_thread(srv)
    try:
        assert json.loads(fetch(serve.url_of(srv) + serve.LIVE_CONFIG)[2])["relays"] == relays
    finally:
        srv.shutdown()
        srv.server_close()


def test_serve_with_relay_runs_both_and_stops_both(built):
    """`tools/serve.py --relay` (what `./run serve --relay` runs): prints the
    site's and the relay's addresses, the relay answers, the site points at it,
    and stopping the server stops the relay."""
    from tools.relay import answers

    command = [sys.executable, str(ROOT / "tools" / "serve.py"), "--relay", "--no-build"]
    command += ["--dir", str(built), "--port", "0", "--relay-port", "0", "--quiet"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    try:
        lines = [process.stdout.readline() for _ in range(2)]
        site = re.search(r"at (http://\S+)", lines[0]).group(1)
        relay = re.search(r"(ws://127.0.0.1:(\d+))", lines[1])
        assert answers("127.0.0.1", int(relay.group(2)))
        config = json.loads(fetch(site + serve.LIVE_CONFIG)[2])
        assert config["relays"] == [relay.group(1)] and config["iceServers"] == []
    finally:
        process.terminate()
        process.wait(timeout=20)
    assert not answers("127.0.0.1", int(relay.group(2)))


def test_the_standard_library_is_shipped_compiled(built):
    """Pyodide's standard library comes as sources; the build ships bytecode in
    their place, so that the browser compiles nothing on start, and only the
    modules the page imports (tools/stdlib_modules.txt), in their order."""
    with zipfile.ZipFile(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip") as zf:
        original = zf.namelist()
    with zipfile.ZipFile(built / "pyodide" / "python_stdlib.zip") as zf:
        shipped = zf.namelist()
        sample = zf.read("json/decoder.pyc")
    wanted = set(build.listed(build.STDLIB_MODULES))
    compiled = [n + "c" for n in original if n.endswith(".py")]
    assert shipped == [n for n in compiled if build.module_of(n) in wanted]
    assert unchecked_hash_pyc(sample)
    # Compiled without docstrings, and no bigger than a quarter of the whole library.
    assert b"JSON (JavaScript Object Notation)" not in zf_bytes(built, "json/__init__.pyc")
    assert (built / "pyodide" / "python_stdlib.zip").stat().st_size < 1_200_000


def zf_bytes(built, name: str) -> bytes:
    with zipfile.ZipFile(built / "pyodide" / "python_stdlib.zip") as zf:
        return zf.read(name)


def test_only_the_pyscript_files_the_page_loads_are_shipped(built):
    """Not the editor, terminal, xterm, CodeMirror, MicroPython or py-game chunks."""
    shipped = sorted(p.name for p in (built / "pyscript").iterdir())
    assert shipped == sorted(build.listed(build.PYSCRIPT_FILES))
    assert "core.js" in shipped and not [n for n in shipped if "xterm" in n or "codemirror" in n]
    assert not [n for n in shipped if n.startswith(("py-editor", "py-terminal", "mpy", "py-game"))]


def test_index_lists_what_a_first_visit_loads(built):
    """The loading screen's sizes: every file the page loads on start, none it does not."""
    html = (built / "index.html").read_text()
    sizes = json.loads(re.search(r'id="loader-sizes">(\{.*?\})</script>', html).group(1))
    assert (
        "pyodide/pyodide.asm.wasm" in sizes
        and "web/front/js/app.js" in sizes
        and "game.zip" in sizes
    )
    assert not [
        n for n in sizes if n.startswith(("icons/", "web/front/lang/", "bare/")) or n == "sw.js"
    ]
    assert "web/front/js/generated/view.js" not in sizes  # types only: never imported
    wasm = (built / "pyodide" / "pyodide.asm.wasm").stat().st_size
    assert sizes["pyodide/pyodide.asm.wasm"][0] == wasm > sizes["pyodide/pyodide.asm.wasm"][1]
    zipped = sizes["pyodide/python_stdlib.zip"]
    assert zipped[0] == zipped[1]  # a zip is sent as it is
    assert 4e6 < sum(sent for _, sent in sizes.values()) < 5.5e6


def test_pyscript_s_package_not_found_stops_the_build(tmp_path):
    (tmp_path / "core-x.js").write_text('const a = {other:{"__init__.py":"x"}};')
    with pytest.raises(build.BuildError, match="PyScript's Python package was not found"):
        build.pyscript_python(tmp_path)
    (tmp_path / "core-x.js").write_text(
        'wo(".",{pyscript:{"__init__.py":"A=1\\n","../evil.py":"x"}})'
    )
    with pytest.raises(build.BuildError, match="unexpected file"):
        build.pyscript_python(tmp_path)
    (tmp_path / "core-x.js").write_text(
        'wo(".",{pyscript:{"__init__.py":"A=1\\n","web.py":"B=\\"2\\""}})'
    )
    assert build.pyscript_python(tmp_path) == {
        "pyscript/__init__.py": b"A=1\n",
        "pyscript/web.py": b'B="2"',
    }
