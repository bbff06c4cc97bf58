"""The site built once per test process, for every test of the build and of
what it ships (a build takes seconds: the fast tier's largest cost)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools import build


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site") / "dist"
    build.build(out, quiet=True)
    return out
