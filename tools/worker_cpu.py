"""A phone's slower processor for Chromium's dedicated workers, where the page's Python runs.

Chromium's DevTools slows a page's processor with `Emulation.setCPUThrottlingRate`
(what Lighthouse takes for a mid-range phone, and `--cpu 4` in bench/load.py,
bench/page_bot.py and bench/clicks.py), but only the page's main thread: Blink
interrupts the thread that asked for it, and a worker's own DevTools session
refuses the command. With the game's Python in a dedicated worker (PyScript's
`PyWorker`), a phone's figures must slow that worker's thread too; this module
does it with Linux's cgroup v1 cpu controller, as root.

What it models: a phone's core about `rate` times slower than this machine's,
for each thread that runs a dedicated worker (Chromium names it `DedicatedWorker`
in /proc/<renderer pid>/task/<tid>/comm), as DevTools does for the main thread.
Each such thread of the browser's renderer processes is moved into a cpu cgroup
of its own, /sys/fs/cgroup/cpu/mykerinos-phone-<tid>, whose CFS bandwidth is
`cpu.cfs_quota_us` = 100000 / rate in each `cpu.cfs_period_us` of 100000 (25 ms
of every 100 ms for rate 4): one cgroup per thread, so that two workers busy at
once each get their own slow core. Workers start after navigation, so
`SlowWorkers` polls (every 30 ms) for new DedicatedWorker threads of the
browser's renderers until it is closed, then moves them back where they came
from (the root cgroup here) and removes its cgroups.

What it does not model: a phone's caches and memory bandwidth (a cache miss costs
this machine's time, not a phone's), thermal throttling, big.LITTLE scheduling
(which core the thread lands on), and the browser's other threads: IO,
compositor, raster, V8's background compilers and garbage-collector helpers
(WebAssembly's optimising compilation of Pyodide included) run at full speed.
Those threads are left alone on purpose: a small CFS quota punishes a thread
that waits on others far more than a slower core would (docs/PERFORMANCE.md,
"A phone's processor, worker included"). And CFS bandwidth is bursty: a thread
runs at full speed for up to its quota, then waits for the period's end, so a
task shorter than the quota (25 ms at rate 4) may run at full speed, and one a
little longer waits up to 75 ms at once. The slowing holds on average over
periods, which is what the game's longer Python work (starting Python, a
computer's move) sees.

It fails with `WorkerCpuError` (one line: why) when not root or when cgroup
v1's cpu controller is not mounted at /sys/fs/cgroup/cpu (a machine with cgroup
v2 alone is not supported).

Use:

    with worker_cpu.slowed(4, browser):      # a Playwright Browser or BrowserContext
        page.goto(url)                       # workers the page starts are slowed as they appear

`python3 tools/worker_cpu.py` says whether this machine can slow a worker.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # Playwright is a test tool: imported where it runs
    from playwright.sync_api import Browser, BrowserContext

CGROUP_CPU = Path("/sys/fs/cgroup/cpu")
PERIOD_US = 100_000
# The kernel's smallest quota (1 ms).
MIN_QUOTA_US = 1_000
PREFIX = "mykerinos-phone-"
# Chromium's "DedicatedWorker thread", cut to the 15 characters of a comm.
WORKER_THREAD = "DedicatedWorker"
POLL_S = 0.03
# A thread this old has named itself (Chromium names a thread as it starts).
NAMED_S = 0.05


class WorkerCpuError(RuntimeError):
    """This machine cannot slow a worker's thread (the message says why, in one line)."""


def check(root: Path = CGROUP_CPU) -> None:
    """Raise WorkerCpuError unless this process can make cpu cgroups under `root`."""
    if os.geteuid() != 0:
        raise WorkerCpuError(
            "slowing a browser's worker needs root (it writes thread ids into cgroup v1's cpu controller)"
        )
    if not ((root / "cpu.cfs_quota_us").is_file() and (root / "tasks").is_file()):
        raise WorkerCpuError(
            f"cgroup v1's cpu controller is not mounted at {root} (no cpu.cfs_quota_us and tasks there)"
        )


def quota_us(rate: float) -> int:
    """The CFS quota, per period of PERIOD_US, of a core `rate` times slower."""
    if rate < 1:
        raise ValueError(f"a phone's core is slower, not faster: rate {rate} < 1")
    return max(MIN_QUOTA_US, round(PERIOD_US / rate))


# ------------------------------------------------------------------ /proc
def _read(path: str) -> str:
    try:
        with open(path, encoding="utf-8", errors="replace") as file:
            return file.read()
    except OSError:  # the process or thread is gone
        return ""


def _children() -> dict[int, list[int]]:
    kids: dict[int, list[int]] = defaultdict(list)
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        stat = _read(f"/proc/{entry}/stat")
        if stat:  # "pid (comm) state ppid ...": comm may hold spaces and parentheses
            kids[int(stat.rsplit(")", 1)[1].split()[1])].append(int(entry))
    return kids


def descendants(root: int) -> list[int]:
    """Every process under `root` (children, theirs, ...)."""
    kids = _children()
    found, stack = [], [root]
    while stack:
        for child in kids.get(stack.pop(), []):
            found.append(child)
            stack.append(child)
    return found


def is_renderer(pid: int) -> bool:
    """A Chromium renderer process (where pages and their workers run)."""
    # Chromium rewrites its command line as one string: match words in the joined text.
    words = f" {_read(f'/proc/{pid}/cmdline').replace(chr(0), ' ')} "
    return " --type=renderer " in words


def renderers(browser_pid: int) -> list[int]:
    """The renderer processes of the Chromium whose browser process is `browser_pid`."""
    return [pid for pid in descendants(browser_pid) if is_renderer(pid)]


def age_s(pid: int, tid: int) -> float:
    """How long the thread has been running, in seconds (0 if it is gone)."""
    stat = _read(f"/proc/{pid}/task/{tid}/stat")
    if not stat:
        return 0.0
    started = int(stat.rsplit(")", 1)[1].split()[19]) / os.sysconf("SC_CLK_TCK")
    uptime = float(_read("/proc/uptime").split()[0])
    return uptime - started


def thread_name(pid: int, tid: int) -> str:
    return _read(f"/proc/{pid}/task/{tid}/comm").strip()


def threads(pid: int) -> list[int]:
    try:
        return [int(tid) for tid in os.listdir(f"/proc/{pid}/task")]
    except OSError:
        return []


def worker_threads(pids: Iterable[int]) -> list[tuple[int, int]]:
    """(pid, tid) of each dedicated worker's thread of the processes `pids`."""
    return [
        (pid, tid) for pid in pids for tid in threads(pid) if thread_name(pid, tid) == WORKER_THREAD
    ]


def cpu_cgroup_of(pid: int, tid: int) -> str:
    """The thread's cpu cgroup, as a path under the hierarchy's root ("/": the root)."""
    for line in _read(f"/proc/{pid}/task/{tid}/cgroup").splitlines():
        _, controllers, path = line.split(":", 2)
        if "cpu" in controllers.split(","):
            return path
    return "/"


def browser_pid(target: Browser | BrowserContext) -> int:
    """The browser process of a Playwright Chromium, from the browser itself.

    Playwright does not give the pid; DevTools' `SystemInfo.getProcessInfo`
    lists the browser's processes by type, its own included (a persistent
    context's `browser` answers too).
    """
    from playwright.sync_api import BrowserContext

    browser = target.browser if isinstance(target, BrowserContext) else target
    if browser is None or browser.browser_type.name != "chromium":
        raise WorkerCpuError(f"{target!r} is not in a Chromium browser launched by Playwright")
    session = browser.new_browser_cdp_session()
    try:
        processes = session.send("SystemInfo.getProcessInfo")["processInfo"]
    finally:
        session.detach()
    pids = [int(process["id"]) for process in processes if process["type"] == "browser"]
    if len(pids) != 1:
        raise WorkerCpuError(f"DevTools named {len(pids)} browser processes: {processes}")
    return pids[0]


class Watch:
    """The worker threads of one browser's renderers, looked up again and again at little cost.

    A full look (every process's parent and command line, every thread's
    name) took 4-10 ms on a busy machine: a third of a core at a poll every
    30 ms. This one reads a process's parent once, its command line until it
    is settled (a renderer forked by Chromium's zygote reads as a zygote for
    a moment), and a thread's name until it has one of its own (a new thread
    bears its process's name until it names itself).
    """

    def __init__(self, browser_pid: int) -> None:
        self.browser_pid = browser_pid
        self.parents: dict[int, int] = {}
        self.renderer: dict[int, bool] = {}  # settled answers only
        self.names: dict[int, str] = {}  # (tid) names of their own only

    def renderers(self) -> list[int]:
        pids = {int(entry) for entry in os.listdir("/proc") if entry.isdigit()}
        for gone in self.parents.keys() - pids:
            del self.parents[gone]
            self.renderer.pop(gone, None)
        for pid in pids - self.parents.keys():
            stat = _read(f"/proc/{pid}/stat")
            if stat:
                self.parents[pid] = int(stat.rsplit(")", 1)[1].split()[1])
        kids: dict[int, list[int]] = defaultdict(list)
        for pid, parent in self.parents.items():
            kids[parent].append(pid)
        found, stack = [], [self.browser_pid]
        while stack:
            for pid in kids.get(stack.pop(), []):
                stack.append(pid)
                if pid not in self.renderer:
                    words = f" {_read(f'/proc/{pid}/cmdline').replace(chr(0), ' ')} "
                    if " --type=renderer " in words:
                        self.renderer[pid] = True
                    elif " --type=" in words and " --type=zygote " not in words:
                        self.renderer[pid] = False
                if self.renderer.get(pid):
                    found.append(pid)
        return found

    def workers(self) -> list[tuple[int, int]]:
        """(pid, tid) of each DedicatedWorker thread of the browser's renderers."""
        found, names = [], {}
        for pid in self.renderers():
            own = thread_name(pid, pid)
            for tid in threads(pid):
                name = self.names.get(tid) or thread_name(pid, tid)
                # A new thread bears its creator's name until it names itself:
                # a worker's name is trusted once the thread is past that moment.
                if name == WORKER_THREAD and age_s(pid, tid) < NAMED_S:
                    continue
                if name and name != own:
                    names[tid] = name
                if name == WORKER_THREAD:
                    found.append((pid, tid))
        self.names = names
        return found


# ------------------------------------------------------------------ cgroups
def _write(path: Path, value: int | str) -> None:
    with open(path, "w", encoding="ascii") as file:
        file.write(str(value))


def _move(tid: int, cgroup: Path) -> bool:
    """Move one thread into `cgroup`; False if it is gone."""
    try:
        _write(cgroup / "tasks", tid)
    except ProcessLookupError:  # ESRCH: the thread ended
        return False
    return True


def _tasks(cgroup: Path) -> list[int]:
    return [int(tid) for tid in _read(str(cgroup / "tasks")).split()]


class SlowWorkers:
    """Slows each DedicatedWorker thread of a Chromium's renderers `rate` times while open.

    A thread polls every `interval` seconds for new worker threads (the page
    starts its workers after navigation) and moves each into a cgroup of its
    own. Only DedicatedWorker threads: any other thread found in one of its
    cgroups (a thread the worker started, or a thread id reused by another
    thread once the worker ended) goes back where worker threads came from.
    On close every thread still alive goes back and the cgroups are removed.
    """

    def __init__(
        self,
        rate: float,
        browser_pid: int,
        *,
        root: Path = CGROUP_CPU,
        interval: float = POLL_S,
    ) -> None:
        self.rate = rate
        self.quota_us = quota_us(rate)
        self.browser_pid = browser_pid
        self.root = root
        self.interval = interval
        # tid -> (its cgroup, the cgroup it came from)
        self.cgroups: dict[int, tuple[Path, Path]] = {}
        self.watch = Watch(browser_pid)
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._poller: threading.Thread | None = None
        self._error: BaseException | None = None

    @property
    def moved(self) -> list[int]:
        """The thread ids moved so far (in the order found)."""
        with self._lock:
            return list(self.cgroups)

    def __enter__(self) -> SlowWorkers:
        check(self.root)
        self._sweep()
        try:
            self.poll()  # the workers already there, before returning
        except BaseException:
            self.close()
            raise
        self._poller = threading.Thread(target=self._run, name="worker-cpu", daemon=True)
        self._poller.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()
        if self._error is not None and error is None:
            raise WorkerCpuError(f"polling for worker threads failed: {self._error}")

    def close(self) -> None:
        """Stop polling, move every thread back, remove the cgroups."""
        self._stop.set()
        if self._poller is not None:
            self._poller.join()
        with self._lock:
            for cgroup, origin in self.cgroups.values():
                self._empty(cgroup, origin)
                self._remove(cgroup)
            self.cgroups.clear()

    def wait_for(self, count: int = 1, timeout: float = 10.0) -> list[int]:
        """Wait until at least `count` worker threads are slowed; their ids."""
        deadline = time.monotonic() + timeout
        while len(moved := self.moved) < count:
            if time.monotonic() > deadline:
                raise TimeoutError(
                    f"{len(moved)} of {count} DedicatedWorker threads slowed after {timeout:g} s"
                )
            time.sleep(self.interval / 2)
        return moved

    def poll(self) -> list[int]:
        """Move the worker threads not moved yet; their ids. Put back any other thread."""
        found = []
        with self._lock:
            slowed = set()
            for tid, (cgroup, origin) in self.cgroups.items():
                for other in _tasks(cgroup):
                    if other == tid and self._name(other) == WORKER_THREAD:
                        slowed.add(tid)
                    else:
                        _move(other, origin)
            for pid, tid in self.watch.workers():
                if tid in slowed:
                    continue  # (a tid known but not slowed: a new worker reusing an ended one's id)
                origin = self.root / cpu_cgroup_of(pid, tid).lstrip("/")
                if not (origin / "tasks").is_file():
                    origin = self.root
                cgroup = self.root / f"{PREFIX}{tid}"
                try:
                    cgroup.mkdir(exist_ok=True)
                    _write(cgroup / "cpu.cfs_period_us", PERIOD_US)
                    _write(cgroup / "cpu.cfs_quota_us", self.quota_us)
                except OSError as error:
                    raise WorkerCpuError(f"cannot make the cpu cgroup {cgroup}: {error}") from None
                if _move(tid, cgroup):
                    self.cgroups[tid] = (cgroup, origin)
                    found.append(tid)
                else:
                    self._remove(cgroup)
        return found

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            try:
                self.poll()
            except BaseException as error:  # kept for __exit__: a silent stop would slow nothing
                self._error = error
                return

    @staticmethod
    def _name(tid: int) -> str:
        return _read(f"/proc/{tid}/comm").strip()  # /proc/<tid> reaches any thread

    @staticmethod
    def _empty(cgroup: Path, origin: Path) -> None:
        for tid in _tasks(cgroup):
            _move(tid, origin)

    @staticmethod
    def _remove(cgroup: Path) -> None:
        for _ in range(20):  # a thread leaving may hold it busy for a moment
            try:
                cgroup.rmdir()
                return
            except FileNotFoundError:
                return
            except OSError:
                time.sleep(0.01)

    def _sweep(self) -> None:
        """Remove the empty cgroups that earlier runs left behind (their thread gone)."""
        for cgroup in self.root.glob(PREFIX + "*"):
            tid = cgroup.name.removeprefix(PREFIX)
            if tid.isdigit() and not Path(f"/proc/{tid}").exists() and not _tasks(cgroup):
                with contextlib.suppress(OSError):
                    cgroup.rmdir()


def slowed(
    rate: float, target: Browser | BrowserContext
) -> contextlib.AbstractContextManager[SlowWorkers | None]:
    """For the benches' `--cpu RATE`: the browser's workers slowed `rate` times
    while open (nothing for a rate of 1 or less: not slowed)."""
    if rate <= 1:
        return contextlib.nullcontext()
    return SlowWorkers(rate, browser_pid(target))


def _main() -> int:
    try:
        check()
    except WorkerCpuError as error:
        print(f"worker_cpu: {error}", file=sys.stderr)
        return 1
    print(f"worker_cpu: can slow workers through {CGROUP_CPU}")
    return 0


if __name__ == "__main__":
    sys.exit(_main())
