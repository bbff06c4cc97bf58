"""tools/build.py and tools/serve.py, without a browser."""

from __future__ import annotations

import json
import re
import tomllib
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import pytest

from tools import build, serve

ROOT = build.ROOT

pytestmark = pytest.mark.skipif(
    not (ROOT / "node_modules" / "pyodide").is_dir(), reason="run `npm ci` first"
)


def sw_parts(out: Path) -> tuple[str, list[str]]:
    text = (out / "sw.js").read_text()
    version = re.search(r'const VERSION = "([0-9a-f]+)";', text).group(1)
    files = json.loads(re.search(r"const FILES = (\[.*?\]);", text, re.S).group(1))
    return version, files


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site") / "dist"
    build.build(out, quiet=True)
    return out


def test_layout(built):
    for name in ("index.html", "pyscript.toml", "game.zip", "webpy.zip", "sw.js",
                 "web/main.py", "web/loader.js", "pyscript/core.js", "pyscript/core.css"):
        assert (built / name).is_file(), name
    for name in build.PYODIDE_FILES:
        assert (built / "pyodide" / name).is_file(), name
    names = build.dist_files(built)
    assert not [n for n in names if n.endswith(".map")]
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
    assert "web/sw.template.js" not in names
    # Modules imported from webpy.zip are not shipped a second time.
    assert "web/table.py" not in names and "web/texts.py" not in names
    assert "web/bot_worker.py" in names


def test_service_worker_precaches_every_file(built):
    version, files = sw_parts(built)
    others = [n for n in build.dist_files(built) if n != "sw.js"]
    assert files == ["./" + n for n in others]
    assert version == build.content_hash(built, others)
    assert "__BUILD_VERSION__" not in (built / "sw.js").read_text()


def test_build_is_deterministic(built, tmp_path):
    again = tmp_path / "dist"
    build.build(again, quiet=True)
    assert sw_parts(again) == sw_parts(built)
    assert (again / "game.zip").read_bytes() == (built / "game.zip").read_bytes()


def test_new_content_gives_new_cache_name(built, tmp_path):
    import shutil

    copy = tmp_path / "copy"
    shutil.copytree(built, copy)
    (copy / "web" / "app.js").write_text((copy / "web" / "app.js").read_text() + "\n")
    version, _ = build.write_service_worker(copy)
    assert version != sw_parts(built)[0]


def test_python_archives(built):
    with zipfile.ZipFile(built / "game.zip") as zf:
        game = set(zf.namelist())
    expected = {p.relative_to(ROOT).as_posix() for p in build._files_under(ROOT / "game")}
    assert game == expected
    with zipfile.ZipFile(built / "webpy.zip") as zf:
        web = set(zf.namelist())
    assert "web/main.py" in web
    assert all(n.startswith("web/") and n.endswith(".py") for n in web if not n.startswith("web/lang/"))
    # Python reads the language catalogues too.
    assert {"web/lang/en.json", "web/lang/fr.json", "web/lang/it.json"} <= web


def test_config_is_local(built):
    config = tomllib.loads((built / "pyscript.toml").read_text())
    assert config["interpreter"] == "./pyodide/pyodide.mjs"
    assert config["files"] == {"./game.zip": "./*", "./webpy.zip": "./*"}
    html = (built / "index.html").read_text()
    assert not re.search(r"(?:https?:)?//[a-z0-9.-]+\.[a-z]", html, re.I), "absolute URL in index.html"
    assert '<link rel="icon" href="data:,">' in html


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
    for path, mime in (("pyodide/pyodide.asm.wasm", "application/wasm"),
                       ("pyodide/pyodide.mjs", "text/javascript"),
                       ("pyscript/core.js", "text/javascript"),
                       ("sw.js", "text/javascript")):
        status, headers, _ = fetch(server + path)
        assert status == 200 and headers["Content-Type"].startswith(mime), path


def test_server_revalidation(server):
    status, headers, _ = fetch(server + "sw.js")
    assert headers["Cache-Control"] == "no-cache"
    status, _, body = fetch(server + "sw.js", {"If-None-Match": headers["ETag"]})
    assert status == 304 and body == b""
