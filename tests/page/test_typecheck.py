"""The front end's JavaScript is type-checked: every file says `// @ts-check`,
its types (the view's among them, web/front/js/generated/view.js) are JSDoc, and the pinned
TypeScript compiler (package.json, node_modules) finds no error in them."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tests.sources import front_end

ROOT = Path(__file__).resolve().parents[2]
TSC = ROOT / "node_modules" / "typescript" / "bin" / "tsc"
# What the compiler knows of the last check, beside pytest's own cache (never committed).
INCREMENTAL = ROOT / ".pytest_cache" / "tsc.tsbuildinfo"
# Not a module the page loads: the build fills it in (tools/build.py).


def front_end_files() -> list[Path]:
    return front_end()


def tsc(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    assert TSC.is_file(), "TypeScript is missing from node_modules: run `npm ci`"
    return subprocess.run(["node", str(TSC), *args], cwd=cwd, capture_output=True, text=True)


def test_typescript_is_pinned() -> None:
    wanted = json.loads((ROOT / "package.json").read_text())["devDependencies"]["typescript"]
    assert wanted[0].isdigit(), f"typescript must be pinned to one version, not {wanted!r}"
    installed = json.loads((TSC.parent.parent / "package.json").read_text())["version"]
    assert installed == wanted, "node_modules holds another TypeScript: run `npm ci`"


def test_every_front_end_file_is_checked() -> None:
    files = front_end_files()
    assert any(p.name == "boot.js" for p in files)
    unchecked = [p.name for p in files if not p.read_text().startswith("// @ts-check\n")]
    assert unchecked == []
    config = json.loads((ROOT / "tsconfig.json").read_text())["compilerOptions"]
    assert config["checkJs"] and config["strict"] and config["noEmit"]


def test_tsc_finds_no_error() -> None:
    # Incremental: the compiler keeps what it learnt of each file in pytest's
    # cache and checks again only what changed since (1.6 CPU-s against 5.2).
    INCREMENTAL.parent.mkdir(exist_ok=True)
    out = tsc("--noEmit", "-p", ".", "--incremental", "--tsBuildInfoFile", str(INCREMENTAL))
    assert out.returncode == 0, out.stdout + out.stderr


def test_tsc_does_report_a_wrong_type(tmp_path: Path) -> None:
    """Guard for the test above: the same compiler and options fail on a type error."""
    (tmp_path / "bad.js").write_text(
        "// @ts-check\n/** @param {{revision: number}} view */\n"
        "export function f(view) { return view.revison + 1; }\n"
    )
    (tmp_path / "tsconfig.json").write_text(
        json.dumps(
            {
                "compilerOptions": {
                    **json.loads((ROOT / "tsconfig.json").read_text())["compilerOptions"]
                },
                "include": ["*.js"],
            }
        )
    )
    out = tsc("--noEmit", "-p", ".", cwd=tmp_path)
    assert out.returncode != 0 and "revison" in out.stdout
