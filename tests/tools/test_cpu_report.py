"""harness/cpu_report.py charges a test with the processor time of every process
it started, one gone before the test ended too, and sums a run by file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from harness import cpu_report

ROOT = Path(__file__).resolve().parents[2]

# In a process of its own (the test's worker stays where it is): a cgroup made
# and entered, a child that burns about 0.4 CPU-s and ends, then the usage read.
CHILD_BURNS = """
import subprocess, sys
from harness import cpu_report
group = cpu_report._own_cgroup()
if group is None:
    print("none")
    raise SystemExit
before = cpu_report._usage_s(group)
subprocess.run([sys.executable, "-c",
    "import time\\nend = time.process_time() + 0.4\\nwhile time.process_time() < end: pass"],
    check=True)
print(cpu_report._usage_s(group) - before)
cpu_report._leave(group)
print(group.exists())
"""


def test_a_child_gone_before_the_reading_is_counted():
    out = subprocess.run(
        [sys.executable, "-c", CHILD_BURNS], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    writable = cpu_report.CPUACCT.is_dir() and os.geteuid() == 0
    if not writable:
        assert out == ["none"]  # nothing recorded where no cgroup can be made
        return
    used, left_behind = float(out[0]), out[1]
    assert 0.35 < used < 2.0, used
    assert left_behind == "False"  # the cgroup removed once left


def test_the_summary_sums_by_file_and_lists_the_costliest(tmp_path):
    lines = [
        {"test": "tests/a.py::one", "cpu_s": 1.5, "wall_s": 2.0},
        {"test": "tests/a.py::two", "cpu_s": 2.5, "wall_s": 3.0},
        {"test": "tests/b.py::three", "cpu_s": 7.0, "wall_s": 30.0},
    ]
    report = tmp_path / "cpu.jsonl"
    report.write_text("".join(json.dumps(line) + "\n" for line in lines))
    text = cpu_report.summary(report, top=2)
    assert text.splitlines()[0] == "3 tests, 11 CPU-s in all"
    by_file = text.split("\n\n")[1].splitlines()[1:]
    assert [row.split() for row in by_file] == [
        ["7", "30", "1", "tests/b.py"],
        ["4", "5", "2", "tests/a.py"],
    ]
    costliest = text.split("\n\n")[2].splitlines()[1:]
    assert [row.split()[-1] for row in costliest] == ["tests/b.py::three", "tests/a.py::two"]


def test_the_summary_says_when_each_worker_ran_out_of_tests(tmp_path):
    lines = [
        {"test": "tests/a.py::one", "cpu_s": 1, "wall_s": 1, "worker": "gw0", "ended": 100.0},
        {"test": "tests/a.py::two", "cpu_s": 1, "wall_s": 1, "worker": "gw0", "ended": 160.0},
        {"test": "tests/b.py::three", "cpu_s": 1, "wall_s": 1, "worker": "gw1", "ended": 130.0},
    ]
    report = tmp_path / "cpu.jsonl"
    report.write_text("".join(json.dumps(line) + "\n" for line in lines))
    ends = cpu_report.summary(report).split("\n\n")[3].splitlines()[1:]
    assert [row.split() for row in ends] == [
        ["0", "gw1", "tests/b.py::three"],
        ["30", "gw0", "tests/a.py::two"],
    ]
