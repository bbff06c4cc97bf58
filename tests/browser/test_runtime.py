"""The runtime end to end: the page starts Python from local files only, works
from a sub-path, and works offline once visited (service worker)."""

from __future__ import annotations

import json
import re
import shutil
import time

import pytest

from tests.browser.browser_helpers import build, wait_ready, wait_service_worker, wait_until

APP_JS = "fetch('./web/front/js/app.js').then(r => r.text())"


@pytest.mark.first_visit
@pytest.mark.normal_start
def test_page_becomes_ready(site, page, recorder):
    page.goto(site.url)
    wait_ready(page)
    assert page.locator("#loader").is_hidden()
    # Python's memory, as the worker says it (the phone bench's reading): the
    # restored snapshot's 31.5 MB at least, in whole WebAssembly pages.
    heap = page.evaluate("window.mykerinos.heap()")
    assert heap >= 31e6 and heap % 65536 == 0, heap
    # Every file the page asked for exists (Pyodide's own list included).
    recorder.assert_no_http_errors()
    assert not recorder.failed, recorder.failed


@pytest.mark.first_visit
def test_no_request_leaves_the_host(site, page, recorder):
    page.goto(site.url)
    wait_ready(page)
    wait_service_worker(page)  # its precache requests are recorded too
    recorder.assert_only_host(site.host)
    # The service worker's own downloads were seen (context-level listener).
    urls = [url for _, url in recorder.requests]
    assert any(url.endswith("/front/lang/it.json") for url in urls), "precache not seen"


@pytest.mark.first_visit
@pytest.mark.normal_start
def test_no_console_errors(site, page, recorder):
    page.goto(site.url)
    wait_ready(page)
    wait_service_worker(page)
    recorder.assert_no_console_errors()


@pytest.mark.first_visit
def test_works_from_subpath(site_subpath, page, recorder):
    page.goto(site_subpath.url)
    wait_ready(page)
    wait_service_worker(page)
    scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
    assert scope == site_subpath.url
    recorder.assert_only_host(site_subpath.host)
    recorder.assert_no_http_errors()
    recorder.assert_no_console_errors()
    # Every request under the sub-path (a blob: URL is memory: Python's worker script).
    assert all("/mykerinos/" in url for _, url in recorder.requests if not url.startswith("blob:"))


@pytest.mark.parametrize("where", ["site", "site_subpath"])
def test_offline_reload_after_first_visit(where, request, context, page, recorder):
    target = request.getfixturevalue(where)
    page.goto(target.url)
    wait_ready(page)
    wait_service_worker(page)

    context.set_offline(True)
    try:
        recorder.clear()
        responses = []
        page.on("response", lambda r: responses.append(r))
        page.reload()
        wait_ready(page)
        assert page.locator("#loader").is_hidden()
        assert responses, "no response recorded"
        # A blob: URL is memory (PyScript's worker script), not a file of the site.
        not_cached = [
            r.url for r in responses if not r.from_service_worker and not r.url.startswith("blob:")
        ]
        assert not not_cached, f"not served by the service worker: {not_cached}"
        assert not recorder.failed, recorder.failed
        recorder.assert_no_console_errors()
    finally:
        context.set_offline(False)


def test_new_release_replaces_old_cache(serve, dist_dir, browser, tmp_path):
    """A new build installs a new cache; the old one is deleted only once no
    open page uses it, and an open page keeps working meanwhile."""
    release_a = tmp_path / "a"
    release_b = tmp_path / "b"
    shutil.copytree(dist_dir, release_a)
    shutil.copytree(dist_dir, release_b)
    with open(release_b / "web" / "front" / "js" / "app.js", "a") as f:
        f.write("\n// release b\n")
    version_b, _ = build.write_service_worker(release_b)
    version_a = build.content_hash(
        release_a, [n for n in build.dist_files(release_a) if n != "sw.js"]
    )
    assert version_a != version_b

    site = serve("/", release_a)
    context = browser.new_context()
    try:
        page1 = context.new_page()
        page1.goto(site.url)
        wait_ready(page1)
        wait_service_worker(page1)
        keys = lambda p: p.evaluate("caches.keys()")  # noqa: E731
        assert [k.split()[-1] for k in keys(page1)] == [version_a]

        site.set_directory(release_b)
        # page1 stays open: the new worker installs but waits.
        page1.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        wait_until(page1, "navigator.serviceWorker.getRegistration().then(r => !!r.waiting)")
        assert sorted(k.split()[-1] for k in keys(page1)) == sorted([version_a, version_b])
        # The open page still works on the old release, from the old cache.
        page1.reload()
        wait_ready(page1)
        assert "release b" not in page1.evaluate(APP_JS)

        # Once no page uses the old worker, the new one takes over, deletes
        # the old cache and serves the new release.
        page1.close()
        page2 = context.new_page()
        # Open it once the browser has seen page1 go: a navigation that
        # starts before would be the old worker's client again, and the new
        # one would wait for it (Chromium's service workers, seen through DevTools).
        workers: dict[str, str] = {}
        devtools = context.new_cdp_session(page2)
        devtools.on(
            "ServiceWorker.workerVersionUpdated",
            lambda event: workers.update({v["versionId"]: v["status"] for v in event["versions"]}),
        )
        devtools.send("ServiceWorker.enable")
        deadline = time.monotonic() + 60
        waiting = ("installed", "activating")
        while any(s in waiting for s in workers.values()) or "activated" not in workers.values():
            assert time.monotonic() < deadline, workers
            page2.wait_for_timeout(100)
        page2.goto(site.url)
        wait_ready(page2)
        wait_until(
            page2, f"caches.keys().then(k => k.length === 1 && k[0].endsWith(' {version_b}'))"
        )
        wait_until(page2, "navigator.serviceWorker.controller !== null")
        assert "release b" in page2.evaluate(APP_JS)
    finally:
        context.close()


def stall_module(page, times: int) -> list[str]:
    """Leave the first ``times`` requests for one of the page's modules
    unanswered, as a request that never ends would; returns the URLs seen."""
    seen: list[str] = []

    def handle(route) -> None:
        seen.append(route.request.url)
        if len(seen) > times:
            route.continue_()
        # else: never answered

    page.add_init_script("window.mykerinosStallMs = 1500")
    page.route("**/front/js/pieces.js", handle)
    return seen


@pytest.mark.first_visit
def test_a_start_that_stalls_reloads_once_and_the_game_starts(site, page, recorder):
    seen = stall_module(page, times=1)
    page.goto(site.url, wait_until="commit")  # the stalled load never fires "load"
    wait_ready(page)
    assert len(seen) == 2  # the stalled load, then the reload
    assert page.evaluate("Object.keys(sessionStorage)") == []  # the mark is gone once ready
    assert page.locator("#loader").is_hidden()
    assert page.evaluate("!!window.mykerinosUI && window.mykerinos.ready")


def test_a_start_that_stalls_twice_says_so_and_offers_to_reload(site, browser):
    context = browser.new_context(locale="fr-FR")
    try:
        page = context.new_page()
        seen = stall_module(page, times=2)
        page.goto(site.url, wait_until="commit")
        loader = page.locator("#loader.failed")
        loader.wait_for(timeout=60_000)
        assert len(seen) == 2
        assert "n'a pas fini de se charger" in page.inner_text("#loader-step")
        button = page.locator("#loader-reload")
        assert button.inner_text() == "Recharger"
        assert page.evaluate("document.body.dataset.ready") is None
        # The reload it offers starts the game (the module now arrives).
        button.click()
        wait_ready(page)
        assert len(seen) == 3
    finally:
        context.close()


# What the loading screen said about bytes, each distinct text once, in order.
BYTES_PROBE = """
window.__bytesShown = [];
new MutationObserver(() => {
  const node = document.getElementById("loader-bytes");
  const text = node && node.textContent;
  if (text && window.__bytesShown.at(-1) !== text) window.__bytesShown.push(text);
}).observe(document, { subtree: true, childList: true, characterData: true });
"""
BYTES_WORDS = {
    "en": (r"^(\d+\.\d) MB of (\d+\.\d) MB downloaded$", "."),
    "fr": (r"^(\d+,\d) Mo sur (\d+,\d) Mo téléchargés$", ","),
}


@pytest.mark.parametrize("language", sorted(BYTES_WORDS))
def test_a_first_visit_shows_the_bytes_downloaded(language, browser, site):
    """On a slowed link the loading screen counts the download up to its total,
    in the page's language; a return visit, served by the service worker, does not."""
    pattern, decimal = BYTES_WORDS[language]
    context = browser.new_context(service_workers="allow", locale=language, normal_start=True)
    try:
        context.add_init_script(BYTES_PROBE)
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        # 40 Mbit/s: the download takes a few seconds, so that it is seen moving.
        cdp.send(
            "Network.emulateNetworkConditions",
            {"offline": False, "latency": 20, "downloadThroughput": 5e6, "uploadThroughput": 5e6},
        )
        # What is checked is the page ready and what its loading screen said, not
        # the document's load event (Playwright's goto waits for it by default,
        # for at most 30 s: once exceeded under a heavy load, on this slowed link).
        page.goto(site.url, wait_until="commit")
        wait_ready(page)
        sizes = json.loads(page.locator("#loader-sizes").text_content())
        total = sum(sent for _, sent in sizes.values())
        assert 4e6 < total < 5.5e6, total  # gzip-compressed bytes of what a first visit loads
        shown = page.evaluate("window.__bytesShown")
        counts = []
        for text in shown:
            match = re.match(pattern, text)
            assert match, text
            done, whole = (float(group.replace(decimal, ".")) for group in match.groups())
            assert whole == round(total / 1e6, 1)
            counts.append(done)
        assert len(counts) >= 5, shown  # it moved as bytes arrived
        assert counts == sorted(counts) and counts[0] < whole / 2, shown
        # Every file listed was loaded and counted whole.
        received, listed = map(int, page.locator("#loader").get_attribute("data-bytes").split("/"))
        assert received == listed == total and counts[-1] == whole

        wait_service_worker(page)
        cdp.send(
            "Network.emulateNetworkConditions",
            {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
        )
        page.reload(wait_until="commit")
        wait_ready(page)
        assert page.evaluate("window.__bytesShown") == []
        assert page.locator("#loader").get_attribute("data-bytes") is None
    finally:
        context.close()
