"""Where a test run's processor time went: a pytest plugin that charges each test
with the CPU time of its worker and of every process the worker started (its
browsers, drivers, servers and relays), so that the tests worth shortening are
the ones that cost the machine most, not the ones that waited longest.

Wall time misleads on a full run: a test that waits for a relay's timeout takes
a minute and no processor, while a whole game by clicks keeps both cores busy.

Each pytest process moves itself into a cpuacct cgroup of its own (cgroup v1,
as root), so every process it starts is counted, even one gone before the test
ends (a closed page's renderer: reading /proc instead lost most of Chromium's
time that way). Elsewhere it records nothing.

    pytest -p harness.cpu_report --cpu-report=cpu.json ...

appends one JSON object per test, a line each (``{"test", "cpu_s", "wall_s"}``;
xdist's workers append to the same file), and ``python3 -m harness.cpu_report
cpu.json`` sums them by file and lists the costliest tests.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections import defaultdict
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

CPUACCT = Path("/sys/fs/cgroup/cpuacct")
_GROUP = pytest.StashKey[Path | None]()


def _own_cgroup() -> Path | None:
    """This process's cpuacct cgroup, made and entered now; None where that cannot be."""
    group = CPUACCT / f"mykerinos-tests-{os.getpid()}"
    try:
        group.mkdir(exist_ok=True)
        (group / "cgroup.procs").write_text(str(os.getpid()))
    except OSError:
        return None
    return group


def _leave(group: Path) -> None:
    """Every process still in the cgroup back to the root, and the cgroup removed."""
    try:
        for pid in (group / "cgroup.procs").read_text().split():
            try:
                (CPUACCT / "cgroup.procs").write_text(pid)
            except OSError:
                pass  # gone meanwhile
        group.rmdir()
    except OSError:
        pass


def _usage_s(group: Path) -> float:
    return int((group / "cpuacct.usage").read_text()) / 1e9


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--cpu-report", default=None, help="append each test's CPU time here")


def _is_worker(config: pytest.Config) -> bool:
    return hasattr(config, "workerinput")  # an xdist worker


def pytest_configure(config: pytest.Config) -> None:
    report = config.getoption("--cpu-report")
    if not report:
        return
    if not _is_worker(config):
        Path(report).write_text("")  # this run's lines only
    config.stash[_GROUP] = _own_cgroup()


def pytest_unconfigure(config: pytest.Config) -> None:
    group = config.stash.get(_GROUP, None)
    if group is not None:
        _leave(group)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None]:
    group = item.config.stash.get(_GROUP, None)
    report = item.config.getoption("--cpu-report")
    if group is None:
        yield
        return
    before, started = _usage_s(group), time.monotonic()
    yield
    line = {
        "test": item.nodeid,
        "cpu_s": round(_usage_s(group) - before, 2),
        "wall_s": round(time.monotonic() - started, 2),
        "worker": os.environ.get("PYTEST_XDIST_WORKER", ""),
        "ended": round(time.time(), 1),
    }
    with open(report, "a", encoding="utf-8") as out:
        out.write(json.dumps(line) + "\n")


def pytest_terminal_summary(
    terminalreporter: pytest.TerminalReporter, config: pytest.Config
) -> None:
    report = config.getoption("--cpu-report")
    if report and not _is_worker(config) and Path(report).stat().st_size:
        terminalreporter.write_sep("=", "processor time by file (harness/cpu_report.py)")
        terminalreporter.write_line(summary(Path(report), files=15, top=10))


def summary(path: Path, files: int = 1000, top: int = 25) -> str:
    """The run's CPU by file, then its costliest tests."""
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    by_file: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0])
    for row in rows:
        entry = by_file[row["test"].split("::")[0]]
        entry[0] += row["cpu_s"]
        entry[1] += row["wall_s"]
        entry[2] += 1
    total = sum(row["cpu_s"] for row in rows)
    lines = [f"{len(rows)} tests, {total:.0f} CPU-s in all", "", "CPU-s  wall-s  tests  file"]
    for name, (cpu, wall, count) in sorted(by_file.items(), key=lambda kv: -kv[1][0])[:files]:
        lines.append(f"{cpu:6.0f} {wall:7.0f} {count:6.0f}  {name}")
    lines += ["", "CPU-s  wall-s  test"]
    for row in sorted(rows, key=lambda r: -r["cpu_s"])[:top]:
        lines.append(f"{row['cpu_s']:6.1f} {row['wall_s']:7.1f}  {row['test']}")
    return "\n".join(lines + tail(rows))


def tail(rows: list[dict[str, Any]]) -> list[str]:
    """When each worker ran out of tests, after the first did: the run's end,
    where fewer workers than at its start kept the processor busy."""
    last: dict[str, dict[str, Any]] = {}
    for row in rows:
        if "ended" in row and row["ended"] >= last.get(row["worker"], {}).get("ended", 0):
            last[row["worker"]] = row
    if len(last) < 2:
        return []
    ends = sorted(last.values(), key=lambda r: r["ended"])
    first = ends[0]["ended"]
    return ["", "The workers' last tests (seconds after the first worker ran out of tests):"] + [
        f"{row['ended'] - first:6.0f}  {row['worker']}  {row['test']}" for row in ends
    ]


if __name__ == "__main__":
    print(summary(Path(sys.argv[1])))
