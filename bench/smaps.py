#!/usr/bin/env python3
"""A WebKit page process's memory as WebKit counts it, and where it goes.

Usage: python3 bench/smaps.py PID [--wasm MB]   # one process's breakdown, now

`footprint_kb(pid)` is the figure WebKit's memory pressure handler judges on
Linux, computed the way WebKit computes it for its own process
(`memoryFootprint()` in Source/WTF/wtf/linux/MemoryFootprintLinux.cpp, read
once a second by `MemoryPressureHandler::measurementTimerFired`): the
Private_Dirty of every anonymous mapping of /proc/PID/smaps (no path, or
`[heap]`, or `[stack...]`). Pages a file backs, shared memory (memfd, shm)
and clean private pages do not count; /proc's private memory (Private_Clean +
Private_Dirty, what bench/memory.py reads) counts them all, which is why a
page lives at a limit its private memory passes.

`breakdown(pid)` groups every mapping by kind, each with its resident size,
its private dirty size and how much of it WebKit's footprint counts:

- code: executable mappings of files (WebKit, JavaScriptCore, the other
  libraries);
- jit: executable anonymous memory (JavaScriptCore's compiled JavaScript and
  WebAssembly);
- wasm: the anonymous mapping as large as the page's biggest WebAssembly
  memory (Python's heap; `wasm_mb`, read in the page), when there is one;
- reserved: anonymous mappings inside a large reservation (a run of
  neighbouring anonymous mappings of 256 MB or more, some of it without
  access): JavaScriptCore's heaps and libpas (WebKit's malloc), the Gigacage;
- malloc: glibc's arenas (`[heap]`, and the 64 MB-aligned arenas of other
  threads);
- stack: thread stacks (`[stack]`, and anonymous mappings behind a guard
  page);
- anon: other anonymous memory (large malloc blocks, buffers of the graphics
  libraries, anything else);
- shared: shared memory (memfd, /dev/shm, SysV, deleted files mapped shared):
  tiles, layers and buffers handed to the UI process;
- fonts: font files;
- files: other mapped files (data of libraries, ICU, caches, the libraries'
  read-only and relocated data).
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

KINDS = (
    "code",
    "jit",
    "wasm",
    "reserved",
    "malloc",
    "stack",
    "anon",
    "shared",
    "fonts",
    "files",
)
HEADER = re.compile(r"^([0-9a-f]+)-([0-9a-f]+) (\S{4}) \S+ \S+ \d+\s*(.*)$")
ARENA_KB = 64 * 1024  # glibc's HEAP_MAX_SIZE on 64-bit
RESERVATION_KB = 256 * 1024
FONT_FILE = re.compile(r"(/fonts?/|\.(ttf|otf|ttc|pfb|woff2?)$)", re.IGNORECASE)


@dataclass
class Mapping:
    start: int
    end: int
    perms: str
    path: str
    fields: dict[str, int] = field(default_factory=dict)  # kB

    @property
    def size_kb(self) -> int:
        return (self.end - self.start) // 1024

    @property
    def anonymous(self) -> bool:
        """Anonymous as WebKit's footprint reads it."""
        return self.path == "" or self.path == "[heap]" or self.path.startswith("[stack")


def mappings(pid: int) -> list[Mapping]:
    """Every mapping of /proc/PID/smaps with its kB fields ([] once the process is gone)."""
    try:
        text = Path(f"/proc/{pid}/smaps").read_text()
    except OSError:
        return []
    out: list[Mapping] = []
    for line in text.splitlines():
        head = HEADER.match(line)
        if head:
            start, end, perms, path = head.groups()
            out.append(Mapping(int(start, 16), int(end, 16), perms, path.strip()))
        elif out and line.endswith(" kB"):
            key, _, value = line.partition(":")
            out[-1].fields[key] = int(value.split()[0])
    return out


def footprint_kb(pid: int) -> int:
    """WebKit's memory footprint of the process (kB), as its pressure handler computes it."""
    return sum(m.fields.get("Private_Dirty", 0) for m in mappings(pid) if m.anonymous)


def rollup_kb(pid: int) -> dict[str, int]:
    """/proc/PID/smaps_rollup's kB fields (cheaper than smaps)."""
    out: dict[str, int] = {}
    try:
        lines = Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()
    except OSError:
        return out
    for line in lines:
        if line.endswith(" kB"):
            key, _, value = line.partition(":")
            out[key] = int(value.split()[0])
    return out


def _reservations(maps: list[Mapping]) -> set[int]:
    """Indexes of anonymous mappings inside large reservations: runs of
    adjacent anonymous mappings of RESERVATION_KB or more that hold some
    inaccessible (---p) part."""
    inside: set[int] = set()
    run: list[int] = []

    def close() -> None:
        if run:
            size = sum(maps[i].size_kb for i in run)
            if size >= RESERVATION_KB and any(maps[i].perms.startswith("---") for i in run):
                inside.update(run)
        run.clear()

    for i, m in enumerate(maps):
        plain = m.path == ""
        if plain and run and maps[run[-1]].end == m.start:
            run.append(i)
            continue
        close()
        if plain:
            run.append(i)
    close()
    return inside


def kind_of(maps: list[Mapping], i: int, reserved: set[int], wasm_kb: int) -> str:
    m = maps[i]
    path = m.path
    shared = m.perms[3] == "s"
    if path.startswith("/memfd:") or path.startswith("/dev/shm") or path.startswith("/SYSV"):
        return "shared"
    if shared and (path == "" or path.endswith("(deleted)") or path == "/dev/zero"):
        return "shared"
    if path == "[heap]":
        return "malloc"
    if path.startswith("[stack"):
        return "stack"
    if path.startswith("["):  # [vvar], [vdso], [anon:...]
        return "anon"
    if path:
        if FONT_FILE.search(path):
            return "fonts"
        return "code" if "x" in m.perms else "files"
    if "x" in m.perms:
        return "jit"
    if wasm_kb and m.perms.startswith("rw") and abs(m.size_kb - wasm_kb) <= 64:
        return "wasm"
    before = maps[i - 1] if i else None
    after = maps[i + 1] if i + 1 < len(maps) else None
    if (
        before is not None
        and before.end == m.start
        and before.path == ""
        and before.perms.startswith("---")
        and before.size_kb <= 64
        and m.perms.startswith("rw")
        and i - 1 not in reserved
    ):
        return "stack"  # a thread's stack behind its guard page
    if (
        m.start % (ARENA_KB * 1024) == 0
        and after is not None
        and after.end - m.start == ARENA_KB * 1024
        and after.perms.startswith("---")
    ) or (m.start % (ARENA_KB * 1024) == 0 and m.size_kb == ARENA_KB):
        return "malloc"  # another thread's arena: 64 MB-aligned, 64 MB in all
    if i in reserved:
        return "reserved"
    return "anon"


def breakdown(pid: int, wasm_mb: float = 0) -> dict[str, dict[str, int]]:
    """{kind: {"rss", "private", "dirty", "footprint"}} in kB, plus "total"."""
    maps = mappings(pid)
    reserved = _reservations(maps)
    wasm_kb = int(wasm_mb * 1024)
    out = {kind: {"rss": 0, "private": 0, "dirty": 0, "footprint": 0} for kind in KINDS}
    for i, m in enumerate(maps):
        row = out[kind_of(maps, i, reserved, wasm_kb)]
        dirty = m.fields.get("Private_Dirty", 0)
        row["rss"] += m.fields.get("Rss", 0)
        row["private"] += dirty + m.fields.get("Private_Clean", 0)
        row["dirty"] += dirty
        if m.anonymous:
            row["footprint"] += dirty
    out["total"] = {key: sum(out[k][key] for k in KINDS) for key in out[KINDS[0]]}
    return out


def table(columns: dict[str, dict[str, dict[str, int]]], key: str = "footprint") -> str:
    """Kinds down, one column per breakdown: `key` in MB."""
    names = list(columns)
    lines = [f"{'kind':10}" + "".join(f"{name:>14}" for name in names)]
    for kind in (*KINDS, "total"):
        lines.append(
            f"{kind:10}" + "".join(f"{columns[n][kind][key] / 1024:>14.1f}" for n in names)
        )
    return "\n".join(lines)


CONSERVATIVE, STRICT = 0.33, 0.5  # WebKit's default thresholds, fractions of the limit


def policy(footprint_mb: float, limit_mb: float, strict: float = STRICT) -> str:
    """What WebKit's pressure handler does each time it polls a process of this
    footprint under this limit (MemoryPressureHandler::measurementTimerFired):
    "strict" releases memory as on a critical notice (caches dropped, compiled
    code thrown away, malloc_trim; on Linux a full collection is only hastened,
    not made), "conservative" the non-critical part only."""
    if footprint_mb >= strict * limit_mb:
        return "strict"
    return "conservative" if footprint_mb >= CONSERVATIVE * limit_mb else "unrestricted"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pid", type=int)
    parser.add_argument("--wasm", type=float, default=0, help="the page's WebAssembly memory, MB")
    args = parser.parse_args(argv)
    found = breakdown(args.pid, args.wasm)
    print(f"process {args.pid}: WebKit's footprint {footprint_kb(args.pid) / 1024:.1f} MB")
    for key in ("rss", "private", "dirty", "footprint"):
        print(f"\n{key} (MB)")
        print(table({"now": found}, key))
    return 0


if __name__ == "__main__":
    sys.exit(main())
