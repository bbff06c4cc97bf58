"""The page's JavaScript units that need no browser (web/front/js/render.js, the
morph of web/front/js/dom.js, web/front/js/store.js), tested with Node's built-in test
runner (tests/js/*.test.mjs, on a small document of their own)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
UNITS = ROOT / "tests" / "js"


def test_the_javascript_units_pass() -> None:
    node = shutil.which("node")
    assert node, "Node.js is needed (see the README's set-up)"
    files = sorted(str(p) for p in UNITS.glob("*.test.mjs"))
    assert len(files) >= 3
    run = subprocess.run([node, "--test", *files], capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    passed = int(re.search(r"^# pass (\d+)$", run.stdout, re.M).group(1))  # type: ignore[union-attr]
    declared = sum(
        len(re.findall(r"^test\(", Path(f).read_text(encoding="utf-8"), re.M)) for f in files
    )
    assert passed == declared > 0, run.stdout[-2000:]
