"""A new release while a game is open: the page says so, Reload switches to it
and the game in progress comes back.

Release 1 is the site the run built; release 2 is a real build (tools/build.py)
of a copy of the sources with one comment changed in web/front/js/app.js, so
its content hash (the cache name) differs. Both are served from one folder. The
copy shares the project's .build-cache/, so its build compiles only the game's
own Python, as a second build of the project does.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import expect

from tests.browser.browser_helpers import ROOT, drawn, wait_ready, wait_service_worker, wait_until
from tests.browser.test_game_page import start_game, view_of, wait_redraw

SOURCES = ("game", "tools", "web", "index.html", "package.json")
APP_JS = "fetch('./web/front/js/app.js').then(r => r.text())"


def build(root: Path, out: Path) -> str:
    """Build the site of the sources under root into out; returns its cache version."""
    subprocess.run(
        [sys.executable, str(root / "tools" / "build.py"), "--out", str(out), "--quiet"],
        check=True,
        cwd=root,
    )
    return sw_version(out)


def sw_version(site: Path) -> str:
    """The cache version a built site's service worker names."""
    text = (site / "sw.js").read_text()
    return text.split('const VERSION = "', 1)[1].split('"', 1)[0]


def second_release(tmp: Path) -> Path:
    """A copy of the sources whose web/front/js/app.js differs by one comment."""
    src = tmp / "src"
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(
                ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
            )
        else:
            shutil.copy2(ROOT / name, src / name)
    (src / "node_modules").symlink_to(ROOT / "node_modules")
    (ROOT / ".build-cache").mkdir(exist_ok=True)
    (src / ".build-cache").symlink_to(ROOT / ".build-cache")
    with open(src / "web" / "front" / "js" / "app.js", "a", encoding="utf-8") as f:
        f.write("\n// release 2\n")
    return src


def test_a_new_release_is_offered_and_the_game_comes_back(serve, browser, dist_dir, tmp_path):
    folder = tmp_path / "site"
    shutil.copytree(dist_dir, folder)
    version_1 = sw_version(folder)
    site = serve("/", folder)
    context = browser.new_context(service_workers="allow")
    try:
        page = context.new_page()
        page.goto(site.url)
        wait_ready(page)
        start_game(page, ["Ann", "Bob"], 5)
        before = drawn(page)
        page.click('[data-target="action:pass"]')
        wait_redraw(page, before)
        record = json.loads(
            page.evaluate("window.mykerinos.call(`exportRecord`, `[]`).then(JSON.parse)")
        )
        assert len(record["moves"]) == 1
        wait_service_worker(page)
        assert page.evaluate("caches.keys()") == [f"mykerinos / {version_1}"]
        expect(page.locator("#update-notice")).to_have_count(0)

        version_2 = build(second_release(tmp_path), folder)
        assert version_2 != version_1
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        notice = page.locator("#update-notice")
        expect(notice).to_be_visible()
        expect(notice).to_contain_text("A new version of the game is ready.")
        # Until the player chooses, the page runs on release 1.
        assert "release 2" not in page.evaluate(APP_JS)

        page.click("#update-reload")
        wait_until(
            page, f"caches.keys().then(k => k.length === 1 && k[0] === 'mykerinos / {version_2}')"
        )
        wait_ready(page)
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        assert "release 2" in page.evaluate(APP_JS)
        # The same game, with its move.
        assert (
            json.loads(
                page.evaluate("window.mykerinos.call(`exportRecord`, `[]`).then(JSON.parse)")
            )
            == record
        )
        assert [p["name"] for p in view_of(page)["players"]] == ["Ann", "Bob"]
        expect(page.locator("#update-notice")).to_have_count(0)
    finally:
        context.close()


def test_the_notice_speaks_the_page_language(serve, browser, dist_dir, tmp_path):
    """French words, from the catalogue, when the page is in French."""
    folder = tmp_path / "site"
    shutil.copytree(dist_dir, folder)
    site = serve("/", folder)
    context = browser.new_context(service_workers="allow", locale="fr-FR")
    try:
        page = context.new_page()
        page.goto(site.url)
        wait_ready(page)
        wait_service_worker(page)
        with open(folder / "web" / "front" / "js" / "app.js", "a", encoding="utf-8") as f:
            f.write("\n// release 2\n")
        from tools import build as builder

        builder.write_service_worker(folder)
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        expect(page.locator("#update-notice")).to_contain_text(
            "Une nouvelle version du jeu est prête."
        )
        expect(page.locator("#update-reload")).to_have_text("Recharger")
    finally:
        context.close()
