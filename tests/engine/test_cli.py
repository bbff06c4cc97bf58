"""The command line: bad input exits 2 with one line on stderr; a closed pipe ends quietly."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game.limits import MAX_RECORD_BYTES, MAX_SEED

from .scenario import dig, record

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "game", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def one_line(proc: subprocess.CompletedProcess[str]) -> str:
    """The single stderr line of a refused command (status 2, no output, no traceback)."""
    assert proc.returncode == 2, (proc.returncode, proc.stderr)
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and proc.stderr.endswith("\n"), proc.stderr
    return lines[0]


def write(tmp_path: Path, content: str | bytes, name: str = "record.json") -> str:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return str(path)


# ------------------------------------------------------------------ files
def test_missing_file(tmp_path: Path) -> None:
    line = one_line(run("replay", str(tmp_path / "none.json")))
    assert line == f"cannot read {str(tmp_path / 'none.json')!r}: No such file or directory"


def test_a_directory(tmp_path: Path) -> None:
    assert one_line(run("replay", str(tmp_path))).endswith(": Is a directory")


def test_a_path_through_a_file(tmp_path: Path) -> None:
    inner = os.path.join(write(tmp_path, "{}"), "inner.json")
    assert one_line(run("replay", inner)).endswith(": Not a directory")


def test_a_name_with_a_new_line_stays_on_one_line(tmp_path: Path) -> None:
    line = one_line(run("replay", str(tmp_path / "two\nlines.json")))
    assert "two\\nlines.json" in line


def test_an_unreadable_file(tmp_path: Path) -> None:
    path = Path(write(tmp_path, json.dumps(record(2, []))))
    path.chmod(0)
    try:
        proc = run("replay", str(path))
    finally:
        path.chmod(0o600)
    if os.geteuid() == 0:  # root reads anything: the record is simply replayed
        assert proc.returncode == 0 and json.loads(proc.stdout)["season"] == 1
    else:
        assert one_line(proc).endswith(": Permission denied")


def test_text_that_is_not_utf8(tmp_path: Path) -> None:
    path = write(
        tmp_path, json.dumps(record(["Zoë", "Bob"], []), ensure_ascii=False).encode("latin-1")
    )
    assert one_line(run("replay", path)).endswith(": it is not UTF-8 text")


def test_a_file_over_1_mb_is_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with open(path, "wb") as handle:  # a sparse 2 GB file: reading it would take a while
        handle.truncate(2_000_000_000)
    line = one_line(run("replay", str(path), timeout=20))
    assert line.endswith("a record is at most 1,000,000 bytes (1 MB) and this one is larger")


def test_a_device_that_never_ends_is_cut_at_1_mb() -> None:
    line = one_line(run("replay", "/dev/zero", timeout=20))
    assert (
        line == "cannot read '/dev/zero': a record is at most 1,000,000 bytes (1 MB) and "
        "this one is larger"
    )


def test_a_file_of_exactly_1_mb_is_read(tmp_path: Path) -> None:
    text = json.dumps(record(3, [dig("c2")]))
    path = write(tmp_path, text + " " * (MAX_RECORD_BYTES - len(text)))
    assert os.path.getsize(path) == MAX_RECORD_BYTES
    proc = run("replay", path)
    assert proc.returncode == 0 and json.loads(proc.stdout)["board"] == {"c2": 0}


# ----------------------------------------------------------------- records
@pytest.mark.parametrize(
    "text,start",
    [
        ('{"setup": ', "invalid JSON: Expecting value"),
        ("[" * 100_000, "arrays and objects are nested more than 10 deep"),
        ('{"setup": {"players": 2, "seed": ' + "9" * 5000 + "}}", "a number has more than 30"),
        ('{"setup": {"players": 2, "seed": NaN}}', "invalid JSON: NaN is not a JSON number"),
        ('{"setup": {"players": 2, "seed": 18446744073709551616}}', "setup: setup.seed "),
        ('{"setup": {"players": ["Ann", "B\\nob"]}}', "setup: setup.players: name 2 'B\\nob'"),
        ('{"format": "mykerinos/2", "setup": {"players": 2}}', "record format 'mykerinos/2'"),
        ("[]", "a record must be a JSON object"),
        ('{"setup": {"players": 2}, "moves": [{"action": "x\\ny"}]}', "move 1: unknown action"),
    ],
)
def test_bad_records(tmp_path: Path, text: str, start: str) -> None:
    assert one_line(run("replay", write(tmp_path, text))).startswith(start)


# ----------------------------------------------------------------- options
@pytest.mark.parametrize(
    "args,fragment",
    [
        ((), "the following arguments are required: command"),
        (("bogus",), "invalid choice: 'bogus'"),
        (("replay",), "the following arguments are required: record"),
        (("replay", "a.json", "b.json"), "unrecognized arguments: b.json"),
        (("selfplay",), "the following arguments are required: --players"),
        (("selfplay", "--players", "9"), "--players must be 2, 3 or 4"),
        (("selfplay", "--players", "x"), "argument --players: 'x' is not a whole number"),
        (("selfplay", "--players", "3", "--seed", "-1"), "argument --seed: '-1' is not"),
        (("selfplay", "--players", "3", "--seed", "9" * 5000), "argument --seed: '99999"),
        (("selfplay", "--players", "3", "--seed", str(MAX_SEED + 1)), "is out of range"),
        (
            ("selfplay", "--players", "3", "--seed", str(MAX_SEED), "--games", "2"),
            "--seed plus --games must stay within",
        ),
        (("selfplay", "--players", "3", "--games", "0"), "--games must be 1 to"),
        (("selfplay", "--players", "3", "--colour", "red"), "unrecognized arguments: --colour"),
    ],
)
def test_bad_options(args: tuple[str, ...], fragment: str) -> None:
    line = one_line(run(*args))
    assert fragment in line and len(line) < 300, line


def test_a_record_that_cannot_be_written(tmp_path: Path) -> None:
    target = tmp_path / "no" / "such" / "dir.json"
    proc = run("selfplay", "--players", "2", "--record", str(target))
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr.splitlines() == [f"cannot write {str(target)!r}: No such file or directory"]


def test_the_largest_seed_plays() -> None:
    proc = run("selfplay", "--players", "2", "--seed", str(MAX_SEED))
    assert proc.returncode == 0 and json.loads(proc.stdout)["seed"] == MAX_SEED


# ------------------------------------------------------------- closed pipe
def test_a_closed_pipe_ends_quietly_with_status_141() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "game", "selfplay", "--players", "2", "--games", "400"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    assert json.loads(first)["seed"] == 0
    proc.stdout.close()
    status = proc.wait(timeout=120)
    assert proc.stderr.read() == b""
    assert status == 141


def test_head_in_a_shell_pipeline() -> None:
    command = (
        f"{sys.executable} -m game selfplay --players 3 --games 200 | head -1; "
        "echo status ${PIPESTATUS[0]}"
    )
    proc = subprocess.run(
        ["bash", "-c", command], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    lines = proc.stdout.splitlines()
    assert json.loads(lines[0])["seed"] == 0
    assert lines[1] in ("status 141", "status 0")  # 0 when all output fit before head closed
    assert proc.stderr == ""


def test_an_interrupt_ends_without_a_traceback() -> None:
    # Ctrl-C as in a terminal: an ignored SIGINT would be inherited (whatever ran
    # before in this test process may have set it so) and Python would keep it.
    proc = subprocess.Popen(
        [sys.executable, "-m", "game", "selfplay", "--players", "4", "--games", "100000"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.send_signal(signal.SIGINT)
    # Read on while it ends: output still buffered must find room in the pipe.
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and err == b""
