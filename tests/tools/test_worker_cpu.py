"""tools/worker_cpu.py slows a page's dedicated workers in Chromium, and nothing else.

The browser test runs a fixed busy loop in a worker, unthrottled and then
with the workers slowed 4x (a worker started before and one started after
slowing began), and checks that the slowed loop takes at least 2.5 times as
long, and that no thread of the page's processes but the workers' left its
cgroup. It needs root and cgroup v1's cpu controller (skipped without them,
with the module's reason).

"As long" is the loop's unthrottled time as the kernel counts the worker
thread's time on a processor (/proc/.../schedstat), which is also what the
page's clock shows on a quiet machine. On a busy one (the browser tests beside
it, a load of 14 on 2 cores) the page's clock counted up to 3.5 times that,
the time the thread waited for a core, while the slowed run stayed at about 4
times the processor time: the quota counts processor time, and the kernel's
scheduler favours a thread that has run less. Compared with the page's clock
alone, the test failed there.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tools import chromium, worker_cpu

if TYPE_CHECKING:
    from playwright.sync_api import Page


def cannot_slow() -> str:
    """Why this machine cannot slow a worker ("" when it can)."""
    try:
        worker_cpu.check()
    except worker_cpu.WorkerCpuError as error:
        return str(error)
    return ""


# Counts to N in integer steps; posts the time it took (ms, the page's clock).
# N is read once: `e.data` in the loop's test would call into the browser on each step.
WORKER = (
    "onmessage = (e) => { const n = e.data; const t0 = performance.now(); let x = 0;"
    " for (let i = 0; i < n; i++) { x = (x + Math.imul(x ^ i, 2654435761)) | 0; }"
    " postMessage([performance.now() - t0, x]); };"
)
PAGE = (
    "data:text/html,<script>"
    f"const source = URL.createObjectURL(new Blob([{WORKER!r}], {{type: 'text/javascript'}}));"
    # A worker once it has answered: its thread runs, under its name (right after
    # `new Worker` the thread may not be there yet, as a full run once found).
    "window.start = () => new Promise((done) => { const worker = new Worker(source);"
    " worker.onmessage = () => done(worker); worker.postMessage(0); });"
    "window.run = (worker, n) => new Promise((done) => {"
    " worker.onmessage = (e) => done(e.data[0]); worker.postMessage(n); });"
    "</script>"
)
# About 250 ms on this project's machines: many CFS periods (100 ms), so the
# quota's burst (up to 25 ms at full speed) weighs little.
STEPS = 40_000_000


def processor_ms(pid: int, tid: int) -> float:
    """The thread's time on a processor so far (ms)."""
    return int(Path(f"/proc/{pid}/task/{tid}/schedstat").read_text().split()[0]) / 1e6


def timed(page: Page, worker: str, pid: int, tid: int) -> tuple[float, float]:
    """One run of the loop in `worker`: ms by the page's clock, ms on a processor."""
    before = processor_ms(pid, tid)
    ms = page.evaluate(f"run(window.{worker}, {STEPS})")
    return ms, processor_ms(pid, tid) - before


def renderer_threads(browser_pid: int) -> dict[int, tuple[str, str]]:
    """tid -> (name, cpu cgroup) of every thread of the browser's renderers."""
    return {
        tid: (worker_cpu.thread_name(pid, tid), worker_cpu.cpu_cgroup_of(pid, tid))
        for pid in worker_cpu.renderers(browser_pid)
        for tid in worker_cpu.threads(pid)
    }


@pytest.mark.browser
@pytest.mark.skipif(bool(cannot_slow()), reason=cannot_slow() or "-")
def test_a_worker_is_slowed_and_the_page_is_not() -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = chromium.launch(pw)
        try:
            page = browser.new_page()
            page.goto(PAGE)
            page.evaluate("start().then((worker) => { window.before = worker; })")
            pid = worker_cpu.browser_pid(browser)
            threads = renderer_threads(pid)
            ((renderer, worker),) = worker_cpu.worker_threads(worker_cpu.renderers(pid))
            # The first run warms the loop up; the quickest of the rest is the
            # least disturbed by whatever else this machine is doing.
            runs = [timed(page, "before", renderer, worker) for _ in range(3)]
            plain, plain_processor = min(ms for ms, _ in runs), min(cpu for _, cpu in runs)

            with worker_cpu.SlowWorkers(4, pid) as slow:
                assert slow.moved == [worker]  # the worker already running
                # And one started now.
                page.evaluate("start().then((worker) => { window.after = worker; })")
                moved = slow.wait_for(2)
                ((_, new),) = set(worker_cpu.worker_threads([renderer])) - {(renderer, worker)}
                # The new worker's first run warms it up, as above.
                runs = [timed(page, "after", renderer, new) for _ in range(2)]
                slowed, slowed_processor = min(ms for ms, _ in runs), min(cpu for _, cpu in runs)

                now = renderer_threads(pid)
                assert set(moved) == {
                    t for t, (name, _) in now.items() if name == "DedicatedWorker"
                }
                for tid in moved:
                    cgroup = worker_cpu.CGROUP_CPU / f"{worker_cpu.PREFIX}{tid}"
                    assert now[tid][1] == f"/{cgroup.name}"
                    assert (cgroup / "tasks").read_text().split() == [str(tid)]
                    assert (cgroup / "cpu.cfs_quota_us").read_text().strip() == "25000"
                    assert (cgroup / "cpu.cfs_period_us").read_text().strip() == "100000"
                # Every other thread where it was: the page's main thread (a
                # renderer's first thread), its compositor, IO and V8's helpers
                # run at full speed.
                others = {t: group for t, (name, group) in now.items() if t not in moved}
                for process in worker_cpu.renderers(pid):
                    assert others[process] == threads[process][1]
                for tid, group in others.items():
                    assert group == threads.get(tid, (None, group))[1], (tid, now[tid])
                    assert worker_cpu.PREFIX not in group, (tid, now[tid])

            figures = (
                f"busy loop: unthrottled {plain:.0f} ms ({plain_processor:.0f} ms on a processor),"
                f" slowed 4x {slowed:.0f} ms ({slowed_processor:.0f} ms on a processor)"
            )
            assert slowed >= 2.5 * plain_processor, figures
            after = renderer_threads(pid)
            for tid in moved:
                assert not (worker_cpu.CGROUP_CPU / f"{worker_cpu.PREFIX}{tid}").exists()
                assert after[tid][1] == threads[worker][1]  # back where they came from
            print(figures)
        finally:
            browser.close()


def test_a_machine_without_the_cpu_controller_is_refused(tmp_path: Path) -> None:
    if os.geteuid() != 0:
        pytest.skip("not root: refused for that reason first")
    with pytest.raises(worker_cpu.WorkerCpuError, match="cpu controller is not mounted") as caught:
        worker_cpu.check(tmp_path)
    assert "\n" not in str(caught.value)


def test_a_user_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    with pytest.raises(worker_cpu.WorkerCpuError, match="needs root") as caught:
        worker_cpu.check()
    assert "\n" not in str(caught.value)


def test_the_quota_is_a_share_of_the_period() -> None:
    assert worker_cpu.quota_us(4) == 25_000
    assert worker_cpu.quota_us(1) == 100_000
    assert worker_cpu.quota_us(1000) == 1_000  # the kernel's smallest
    with pytest.raises(ValueError):
        worker_cpu.quota_us(0.5)
