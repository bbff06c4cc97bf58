"""Python restored from the build's snapshot (web/front/js/python.js): used on
a return visit, never when it is cut, damaged, of another release or refused
by Pyodide (the page then starts Python as usual, with nothing on screen), and
every source of chance new after each restore."""

from __future__ import annotations

import gzip
import json
import shutil
import struct

import pytest

from tests.browser.browser_helpers import wait_ready, wait_service_worker
from tests.tools.test_snapshot import HEADER, runs_of

HOW = "window.mykerinosPython.snapshot"
# Python as restored, asked through python.js's `started`.
ASK = """async (code) => {
  const python = await (await import("./web/front/js/python.js")).started;
  return python.runPython(code);
}"""
# Bytes of the snapshot Pyodide still holds (with its options) after a restore.
KEPT = """async () => {
  const python = await (await import("./web/front/js/python.js")).started;
  return (await python._api.config._loadSnapshot).buffer.byteLength;
}"""
CHANCE = """
import json, os, random
from page.session import random_id, random_seed
from game import new_game
seed = random_seed()
deal = new_game(["A", "B", "C"], seed, log=False)
json.dumps({
    "random": random.random(),
    # What live play's secrets are made of (its `secrets`, loaded with it).
    "secret": os.urandom(16).hex(),
    "id": random_id(),
    "seed": seed,
    "deal": json.dumps(deal.to_dict(), sort_keys=True, default=str),
})
"""


def snapshot_path(site_dir):
    (path,) = (site_dir / "pyodide").glob("snapshot-*.gz")
    return path


def playable(page) -> None:
    """The page is ready, nothing went wrong on screen, and a new game starts."""
    wait_ready(page)
    assert page.locator("#loader").is_hidden()
    assert page.locator(".py-error").count() == 0
    view = json.loads(
        page.evaluate(
            "() => window.mykerinos.call('newGame', JSON.stringify([['Cy', 'Di'], '5', {}]))"
        )
    )
    assert [p["name"] for p in view["players"]] == ["Cy", "Di"], view.get("players")


def test_a_first_visit_fetches_nothing_and_a_return_visit_restores(
    browser, site, dist_dir, recorder
):
    """A real first visit starts Python as usual and never waits for the
    snapshot; its service worker keeps it; the next visit restores it."""
    context = browser.new_context(service_workers="allow", normal_start=True)
    recorder.attach(context)
    try:
        page = context.new_page()
        # The page's own requests (a page's listener does not see its service worker's).
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url))
        page.goto(site.url)
        wait_ready(page)
        assert page.evaluate(HOW) == "not on this device"
        wait_service_worker(page)
        assert asked and not [url for url in asked if "/snapshot-" in url], asked
        assert any("/snapshot-" in url for _, url in recorder.requests), "not precached"
        # Kept as it came, gzipped (unpacked in the cache, it weighed on the
        # page's process through a whole game: docs/MEMORY.md).
        kept = page.evaluate(
            """async () => {
              const keys = [];
              for (const name of await caches.keys()) {
                for (const request of await (await caches.open(name)).keys()) {
                  if (request.url.includes("/snapshot-")) keys.push(request.url);
                }
              }
              const body = await (await caches.match(keys[0])).arrayBuffer();
              return [keys.length, body.byteLength, Array.from(new Uint8Array(body, 0, 2))];
            }"""
        )
        count, size, head = kept
        assert count == 1 and head == [0x1F, 0x8B], kept
        assert size == snapshot_path(dist_dir).stat().st_size, kept
        page.reload()
        playable(page)
        assert page.evaluate(HOW) == "restored"
        # The snapshot's bytes, which Pyodide keeps with its options, are let go of.
        assert page.evaluate(KEPT) == 0
        recorder.assert_no_console_errors()
        recorder.assert_no_http_errors()
    finally:
        context.close()


def test_two_pages_from_one_snapshot_draw_new_chances(browser, site):
    """Python's random, the game's seeds and deals, and secrets differ between
    two pages restored from the same snapshot, and from the snapshot's own."""
    seen = []
    for _ in range(2):
        context = browser.new_context()
        try:
            page = context.new_page()
            page.goto(site.url)
            wait_ready(page)
            assert page.evaluate(HOW) == "restored"
            seen.append(json.loads(page.evaluate(ASK, CHANCE)))
        finally:
            context.close()
    first, second = seen
    for key in ("random", "secret", "id", "seed", "deal"):
        assert first[key] != second[key], key
    # The snapshot was made with random.seed(0): a restore seeds it anew.
    import random

    assert first["random"] != random.Random(0).random()


def damaged(site_dir, tmp_path, how: str):
    """A copy of the site whose snapshot is damaged ``how``."""
    copy = tmp_path / how
    shutil.copytree(site_dir, copy)
    path = snapshot_path(copy)
    data = path.read_bytes()
    if how == "cut":
        path.write_bytes(data[: len(data) // 2])
    elif how == "corrupted":
        middle = len(data) // 2
        path.write_bytes(
            data[:middle]
            + bytes(b ^ 0x5A for b in data[middle : middle + 64])
            + data[middle + 64 :]
        )
    else:
        whole = bytearray(gzip.decompress(data))
        if how == "another release":
            at = whole.index(b":") + 1
            whole[at : at + 4] = b"0000" if whole[at : at + 4] != b"0000" else b"1111"
        elif how == "refused by Pyodide":
            # Pyodide's own header, the first run: the build id of the runtime that made it.
            whole[runs_of(bytes(whole))[1] + 20] ^= 0xFF
        elif how == "runs out of place":
            # The second run's start moved into the first: a table the checksum agrees with.
            runs, _ = runs_of(bytes(whole))
            struct.pack_into("<I", whole, HEADER + 4 + 8, runs[0][1] - 8)
        path.write_bytes(gzip.compress(bytes(whole), compresslevel=1))
    return copy


@pytest.mark.parametrize(
    "how", ["cut", "corrupted", "another release", "refused by Pyodide", "runs out of place"]
)
def test_a_bad_snapshot_falls_back_to_a_normal_start(
    how, browser, serve, dist_dir, tmp_path, recorder
):
    served = serve("/", damaged(dist_dir, tmp_path, how))
    context = browser.new_context()
    recorder.attach(context)
    try:
        page = context.new_page()
        said = []
        page.on("console", lambda message: said.append(message.text))
        page.goto(served.url)
        playable(page)
        assert page.evaluate(HOW) == "refused"
        assert any("snapshot" in line for line in said), said
        recorder.assert_no_console_errors()
        recorder.assert_no_http_errors()
    finally:
        context.close()


def test_a_cut_snapshot_in_the_offline_copy_is_refused_on_the_next_visit(
    browser, serve, dist_dir, tmp_path, recorder
):
    """The service worker keeps the snapshot as it came, without reading it: a
    cut one is kept with every other file, and the next visit, which finds it
    there, refuses it and starts Python as usual."""
    site_dir = damaged(dist_dir, tmp_path, "cut")
    served = serve("/", site_dir)
    context = browser.new_context(service_workers="allow", normal_start=True)
    recorder.attach(context)
    try:
        page = context.new_page()
        page.goto(served.url)
        wait_ready(page)
        wait_service_worker(page)
        kept = page.evaluate(
            """async () => {
              const sizes = {};
              for (const name of await caches.keys()) {
                const cache = await caches.open(name);
                for (const request of await cache.keys()) {
                  sizes[request.url] = (await (await cache.match(request)).arrayBuffer()).byteLength;
                }
              }
              return sizes;
            }"""
        )
        snapshots = {url: size for url, size in kept.items() if "/snapshot-" in url}
        assert list(snapshots.values()) == [snapshot_path(site_dir).stat().st_size], snapshots
        assert any(url.endswith("/pyodide/pyodide.asm.wasm") for url in kept), kept
        page.reload()
        playable(page)
        assert page.evaluate(HOW) == "refused"
        recorder.assert_no_console_errors()
    finally:
        context.close()
