"""The page's Python snapshot as the build makes it: keyed to what it was made
of, shipped beside the runtime for the service worker and not for a first
visit's start, and restorable by the pinned Pyodide through the private
options web/front/js/python.js uses (these tests fail if a Pyodide upgrade
changes them)."""

from __future__ import annotations

import ast
import gzip
import json
import re
import shutil
import struct
import subprocess
from pathlib import Path

import pytest

from tools import build

ROOT = build.ROOT
START = ROOT / build.PYTHON_START
HEADER = 64


def runs_of(whole: bytes) -> tuple[list[tuple[int, int]], int]:
    """A snapshot file's runs as unpacked (its header, then the table of
    tools/make_snapshot.mjs's sparse()): each run's start and length in
    Python's memory, and where the runs' bytes begin in ``whole``."""
    (count,) = struct.unpack_from("<I", whole, HEADER)
    runs = [struct.unpack_from("<II", whole, HEADER + 4 + 8 * i) for i in range(count)]
    return runs, HEADER + 4 + 8 * count


def memory_of(whole: bytes, size: int) -> bytes:
    """Python's memory from a snapshot file's unpacked bytes: each run in its
    place, zeros between them (web/front/js/python.js's fill())."""
    runs, at = runs_of(whole)
    memory = bytearray(size)
    for start, length in runs:
        memory[start : start + length] = whole[at : at + length]
        at += length
    assert at == len(whole)
    return bytes(memory)


def filled(site: Path) -> dict:
    """The snapshot's details as the build wrote them into python.js."""
    match = re.search(
        r"^const SNAPSHOT = (\{.*\});$", (site / build.PYTHON_START).read_text(), re.M
    )
    assert match, "the build did not fill in python.js's SNAPSHOT"
    return json.loads(match.group(1))


def test_the_private_api_is_what_python_js_uses():
    """Pyodide's snapshot options and calls, as its pinned version declares
    them: a new version that renames or drops one fails here."""
    types = (ROOT / "node_modules" / "pyodide" / "pyodide.d.ts").read_text()
    assert "_makeSnapshot?: boolean;" in types
    assert (
        "_loadSnapshot?: Uint8Array | ArrayBuffer | PromiseLike<Uint8Array | ArrayBuffer>;" in types
    )
    assert "static makeMemorySnapshot({" in types
    source = START.read_text()
    assert "_loadSnapshot: snapshot" in source and "_makeSnapshot" not in source
    maker = build.SNAPSHOTTER.read_text()
    assert "_makeSnapshot: true" in maker and "makeMemorySnapshot()" in maker


def test_python_js_names_the_pinned_pyodide():
    pinned = json.loads((ROOT / "package.json").read_text())["dependencies"]["pyodide"]
    assert f'export const version = "{pinned}";' in START.read_text()
    # The worker's interpreter (web/front/js/engine.js names it for PyWorker).
    engine = (ROOT / "web" / "front" / "js" / "engine.js").read_text()
    assert 'new URL("./python.js", import.meta.url)' in engine
    assert build.PYTHON_START == "web/front/js/python.js"


def test_the_snapshot_imports_what_main_py_imports_first():
    """The modules in the snapshot are those main.py imports from the page
    model: a start restored from it imports nothing more of them."""
    tree = ast.parse((ROOT / "web" / "page" / "main.py").read_text())
    imported = {
        node.module
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("page.")
    }
    assert imported == set(build.SNAPSHOT_IMPORTS)


def test_the_snapshot_is_keyed_and_shipped_for_the_service_worker(built):
    details = filled(built)
    assert details["key"] == build.snapshot_key(built)
    path = built / "pyodide" / details["file"]
    assert details["file"] == f"snapshot-{details['key']}.gz"
    whole = gzip.decompress(path.read_bytes())
    assert whole[:HEADER].rstrip(b"\0") == f"mykerinos-snapshot:{details['key']}".encode()
    # Python's memory without its zeros: runs in order, within the memory,
    # Pyodide's own header first; what is left out is zeros only, over half.
    runs, at = runs_of(whole)
    assert runs[0][0] == 0
    ends = [0] + [start + length for start, length in runs]
    assert all(start >= end for (start, _), end in zip(runs, ends, strict=False))
    assert ends[-1] <= details["bytes"]
    kept = sum(length for _, length in runs)
    assert len(whole) == at + kept and kept < details["bytes"] / 2
    memory = memory_of(whole, details["bytes"])
    assert memory.count(0) >= details["bytes"] - kept
    # Precached by the service worker, not part of a first visit's start.
    assert f'"./pyodide/{details["file"]}"' in (built / "sw.js").read_text()
    sizes = re.search(r'id="loader-sizes">(\{.*?\})</script>', (built / "index.html").read_text())
    assert sizes and not [name for name in json.loads(sizes.group(1)) if "snapshot" in name]


def test_another_release_has_another_key(built, tmp_path):
    copy = tmp_path / "copy"
    for name in build.SNAPSHOT_INPUTS:
        (copy / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(built / name, copy / name)
    assert build.snapshot_key(copy) == build.snapshot_key(built)
    with (copy / "game.zip").open("ab") as zipped:
        zipped.write(b"\0")
    assert build.snapshot_key(copy) != build.snapshot_key(built)


RESTORE = """
import { readFileSync } from "node:fs";
import { loadPyodide } from "%(pyodide)s";
const python = await loadPyodide({
  indexURL: process.argv[3],
  _loadSnapshot: new Uint8Array(readFileSync(process.argv[2])),
});
console.log(python.runPython(`
import json, sys
json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in ("game", "page")))
`));
"""


@pytest.mark.slow
def test_pyodide_restores_the_snapshot_with_the_game_imported(built, tmp_path):
    """Node restores the snapshot with the pinned Pyodide: the page model's
    modules are there without being imported again."""
    script = tmp_path / "restore.mjs"
    pyodide = (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").as_uri()
    script.write_text(RESTORE % {"pyodide": pyodide})
    details = filled(built)
    whole = gzip.decompress((built / "pyodide" / details["file"]).read_bytes())
    memory = tmp_path / "memory"
    memory.write_bytes(memory_of(whole, details["bytes"]))
    done = subprocess.run(
        ["node", str(script), str(memory), str(built / "pyodide") + "/"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    modules = json.loads(done.stdout.strip().splitlines()[-1])
    assert set(build.SNAPSHOT_IMPORTS) <= set(modules)
    assert "game.state" in modules
