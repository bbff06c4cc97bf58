"""The site built once per test process, for every test of the build and of
what it ships (a build takes seconds: the fast tier's largest cost). Under
`./run test`, which builds the site before pytest starts (MYKERINOS_PREBUILT=1),
these tests read that build rather than making another one per worker."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tools import build


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    prebuilt = Path(os.environ.get("MYKERINOS_DIST") or build.ROOT / "dist").resolve()
    if os.environ.get("MYKERINOS_PREBUILT") == "1" and (prebuilt / "sw.js").is_file():
        return prebuilt
    out = tmp_path_factory.mktemp("site") / "dist"
    build.build(out, quiet=True)
    return out


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test here on one worker when the run groups them (--dist loadgroup),
    so that the site is built once, not once per worker."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.path).parents:
            item.add_marker(pytest.mark.xdist_group("site"))
