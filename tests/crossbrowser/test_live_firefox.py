"""Live play's transport between Chromium and Firefox ESR: two devices of two
engines meet through the local relay (tools/relay.py) and talk both ways over
WebRTC on loopback.

Firefox runs as a plain headless process (no driver) with the loopback
preferences in its profile, on a page of the site that joins the room, greets
each device that connects and echoes what it receives; the Chromium page
(Playwright, loopback allowed) checks both directions.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from game import replay
from harness.browser_page import start_game, view_of, wait_ready
from harness.firefox_tab import FirefoxTab
from harness.pages import DISPATCH_CLICK, DRAWN_JS, ViewGate, choose, offered
from harness.tabs import FIREFOX, PlaywrightThread
from tests.browser.test_live_game import SEAT_TAKEN
from tests.browser.test_live_reload import AGED_ROOM, SELF_ID
from tools import build, chromium

FIREFOX_PREFS = {
    "media.peerconnection.ice.loopback": "true",
    "media.peerconnection.ice.obfuscate_host_addresses": "false",
    "browser.shell.checkDefaultBrowser": "false",
    "datareporting.policy.dataSubmissionEnabled": "false",
    "toolkit.telemetry.reportingpolicy.firstRun": "false",
    "browser.aboutwelcome.enabled": "false",
}
# The Firefox device: joins, greets each device that connects, echoes what it receives.
ECHO_PAGE = """<!doctype html><meta charset="utf-8"><title>live echo</title>
<script type="module">
const params = new URLSearchParams(location.search);
const { join } = await import("./web/front/js/live/transport.js");
const link = await join(params.get("room"), "secret", { relays: [params.get("relay")], iceServers: [] });
link.onMessage = (text, peer) => link.send(peer, "echo:" + text);
link.onPeerJoin = (peer) => link.send(peer, "hello from " + navigator.userAgent);
</script>
"""


@pytest.fixture
def echo_site(dist_dir, serve, tmp_path):
    """The built site (its files linked) with the echo page beside it."""
    site = tmp_path / "site"
    for name in build.dist_files(dist_dir):
        target = site / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.symlink_to(dist_dir / name)
    (site / "live-echo.html").write_text(ECHO_PAGE)
    return serve("/", site)


@pytest.fixture
def firefox():
    """Factory: a headless Firefox ESR on a URL, with loopback WebRTC allowed."""
    if not Path(FIREFOX).is_file():
        pytest.fail(f"{FIREFOX} not found (apt-get install firefox-esr)")
    profile = Path(tempfile.mkdtemp(prefix="mykerinos-ff-live-"))
    (profile / "user.js").write_text(
        "".join(f'user_pref("{k}", {v});\n' for k, v in FIREFOX_PREFS.items())
    )
    started = []

    def open_url(url: str) -> None:
        command = [FIREFOX, "--headless", "--no-remote", "--profile", str(profile), url]
        started.append(
            subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        )

    yield open_url
    for process in started:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture
def live_chromium():
    """A Chromium with loopback WebRTC allowed, on a Playwright thread of its own
    (the Chromium tier keeps the session's Playwright on the main thread)."""
    owner = PlaywrightThread(lambda pw: chromium.launch_for_tests(pw, chromium.LIVE_ARGS))
    yield owner
    owner.close()


def test_chromium_and_firefox_meet_and_talk_both_ways(live_chromium, echo_site, relay, firefox):
    room = f"room-firefox-{time.time_ns()}"
    firefox(f"{echo_site.url}live-echo.html?room={room}&relay={relay.url}")

    def talk():
        page = live_chromium.browser.new_page()
        page.goto(echo_site.url + "web/front/js/live/config.json")
        page.evaluate(
            """async ({transport, room, relay}) => {
              const { join } = await import(transport);
              window.got = [];
              const link = await join(room, "secret", { relays: [relay], iceServers: [] });
              link.onMessage = (text, peer) => window.got.push(text);
              link.onPeerJoin = (peer) => link.send(peer, "ping from chromium");
            }""",
            {
                "transport": echo_site.url + "web/front/js/live/transport.js",
                "room": room,
                "relay": relay.url,
            },
        )
        # Firefox's start included (a cold profile): within a minute.
        page.wait_for_function("() => window.got.length >= 2", timeout=60_000)
        return page.evaluate("window.got")

    got = live_chromium.run(talk)
    hello = [text for text in got if text.startswith("hello from ")]
    assert len(hello) == 1 and "Firefox/" in hello[0]
    assert "echo:ping from chromium" in got


class LiveFirefoxTab(FirefoxTab):
    """A Firefox tab whose errors include Firefox's own reports of the page's
    script errors (BiDi log entries of type "javascript"): WebRTC's ("ICE
    failed...") come that way, and no handler of the page sees them. The
    driver's own complaints about its preload script, seen there too, are left
    out ("Permission denied to access property")."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.script_errors: list[str] = []
        super().__init__(*args, **kwargs)

    def _on_event(self, method: str, params: dict[str, Any]) -> None:
        text = str(params.get("text"))
        if (
            method == "log.entryAdded"
            and params.get("type") == "javascript"
            and params.get("level") == "error"
            and "Permission denied to access property" not in text
        ):
            self.script_errors.append(text)
        super()._on_event(method, params)

    def errors(self) -> list[str]:
        return super().errors() + [f"script: {e}" for e in self.script_errors]


# Loopback WebRTC in a profile driven by harness.firefox_tab (preferences as values).
LIVE_PREFERENCES: dict[str, object] = {
    "media.peerconnection.ice.loopback": True,
    "media.peerconnection.ice.obfuscate_host_addresses": False,
}
RECORD_JS = "window.mykerinos.call(`exportRecord`, `[]`).then(JSON.parse).then(JSON.parse)"
# Whether the page shows seat 1 as its own.
SEATED = "!!document.querySelector('#live-panel [data-seat=\"1\"] .live-you')"


def open_room(
    live_chromium,
    live_site: str,
    names: tuple[str, ...] = ("Ann", "Fox"),
    seats: tuple[str, ...] = ("human", "friend"),
    init_script: str | None = None,
) -> tuple[Any, str, list[str]]:
    """A Chromium device opens a room for a game of ``seats`` (by default a
    2-player game, Ann here, a friend's seat), with ``init_script`` run before
    each of its page's loads: its page, the invite's URL, and the errors its
    page logs from then on."""
    errors: list[str] = []

    def host_game() -> tuple[Any, str]:
        context = live_chromium.browser.new_context()
        if init_script:
            context.add_init_script(init_script)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(f"uncaught: {error}"))
        page.on(
            "console",
            lambda message: errors.append(message.text) if message.type == "error" else None,
        )
        page.goto(live_site)
        wait_ready(page)
        start_game(page, list(names), 23, seats=list(seats))
        expect(page.locator("#live-invite")).to_be_visible(timeout=30_000)
        url = page.locator("#live-url").input_value()
        page.click("#live-invite-close")
        return page, url

    page, url = live_chromium.run(host_game)
    assert "#live=" in url
    return page, url, errors


def take_seat(guest: FirefoxTab, url: str) -> None:
    """The Firefox device opens the invite and takes seat 1 as Fox: seated."""
    guest.goto(url)
    guest.wait_ready()
    guest.wait("!!document.querySelector('#live-pick:not([hidden])')", 60)
    guest.click_css('#live-pick input[name=live-seat][value="1"]')
    guest.fill("#live-name", "Fox")
    guest.click_css("#live-take")
    guest.wait(SEATED, 60)


def test_a_live_game_between_chromium_and_firefox(live_chromium, live_site):
    """A Chromium device opens a room for a 2-player game (a friend's seat); a
    Firefox ESR device opens the invite, takes the seat, and both play by
    clicks to the end: the same exported record on both. Early on, the Firefox
    device reloads and so does the room's device: neither logs an error, then
    or later (a connection to a device gone is closed before Firefox would
    report its ICE failing, some 20 s on, while the game goes on)."""
    run = live_chromium.run
    host, url, host_errors = open_room(live_chromium, live_site)
    guest = LiveFirefoxTab(FIREFOX, preferences=LIVE_PREFERENCES)
    try:
        take_seat(guest, url)
        # The Firefox device reloads and takes its seat back; then the room's device reloads.
        guest.reload()
        guest.wait_ready()
        guest.wait(SEATED, 60)
        run(lambda: (host.reload(), wait_ready(host)))
        run(lambda: host.wait_for_function(SEAT_TAKEN, timeout=60_000))

        # Each device's view, asked again once it has drawn since (or was clicked).
        host_view = ViewGate(
            lambda: run(lambda: host.evaluate(DRAWN_JS)), lambda: run(lambda: view_of(host))
        )
        guest_view = ViewGate(guest.drawn, guest.view)

        def host_click(target: str) -> bool:
            return bool(run(lambda: host.evaluate(DISPATCH_CLICK, target)))

        def guest_click(target: str) -> bool:
            return bool(guest.js(f"({DISPATCH_CLICK})({json.dumps(target)})"))

        rng = random.Random(23)
        deadline = time.monotonic() + 600
        devices = [(host_view, host_click), (guest_view, guest_click)]
        guest_decisions = 0
        while not (host_view()["final"] and guest_view()["final"]):
            acted = False
            for index, (view_of_device, click) in enumerate(devices):
                view = view_of_device()
                targets = offered(view)
                if view["final"] or not targets:
                    continue
                if click(choose(view, rng)):
                    view_of_device.acted()
                    acted = True
                    guest_decisions += index
            if not acted:
                time.sleep(0.05)
            assert time.monotonic() < deadline, "the live game does not end"
        host_record = run(lambda: host.evaluate(RECORD_JS))
        guest_record = guest.js(RECORD_JS)
        assert guest_decisions > 10
        assert host_record == guest_record
        assert replay(host_record).over and host_record["setup"]["players"] == ["Ann", "Fox"]
        assert guest.errors() == []
        assert host_errors == []
    finally:
        guest.close()


# No address of its own to offer but a TURN server's, and it has none: every
# connection attempt of this device fails, as behind a network that lets no
# direct connection through.
NO_WAY_THROUGH: dict[str, object] = {"media.peerconnection.ice.relay_only": True}
# How long after saying so the device is watched for a late report (Firefox
# reports an ICE failure 5 s or more after the attempt's checks began).
AFTERWARDS_S = 20


def test_a_firefox_device_that_cannot_connect_says_so_and_logs_no_error(live_chromium, live_site):
    """A Firefox ESR device whose connection attempts all fail (no STUN or TURN
    server, and no address of its own it may use) opens the invite: the relays
    answer and the room's device answers its offers, but no connection is made.
    It says so in the page's words, and neither device logs a console error or
    an uncaught error, then or after (Firefox's own report of an ICE failure
    included), while the room's seat stays free."""
    host, url, host_errors = open_room(live_chromium, live_site)
    guest = LiveFirefoxTab(FIREFOX, preferences={**LIVE_PREFERENCES, **NO_WAY_THROUGH})
    try:
        guest.goto(url)
        guest.wait_ready()
        said = "document.querySelector('#notice')?.dataset.what === 'live-failed'"
        guest.wait(said, 90)
        text = guest.js("document.querySelector('#notice').textContent")
        assert "could not be reached" in text, text
        assert not guest.js("!!document.querySelector('#live-panel')")
        time.sleep(AFTERWARDS_S)
        assert guest.errors() == []
        assert host_errors == []
        free = "() => document.querySelector('#live-panel [data-seat=\"1\"]').dataset.status"
        assert live_chromium.run(lambda: host.evaluate(free)) == "free"
    finally:
        guest.close()


# The Firefox guest's reloads in a row, and the most seconds from its page
# ready again to its seat shown as its own (docs/LIVE.md, "Presence": a renewed
# offer that did not connect kept it out for a minute or more).
RELOADS = 4
SEATED_S = 15


def test_a_firefox_guest_reloaded_again_and_again_is_seated_again_each_time(
    live_chromium, live_site
):
    """The Firefox ESR guest of tests/browser/test_live_reload.py: reloaded
    again and again into a room whose device (Chromium, its computers thinking)
    offers every connection and hands out offers made ahead over a minute old,
    renewed with ICE restarted. After each reload the guest is in its own seat
    again, the room's device shows the seat taken, and the guest has the game as
    it was; then it plays on from its seat. Neither device logs an error."""
    run = live_chromium.run
    host, url, host_errors = open_room(
        live_chromium,
        live_site,
        names=("Ann", "Fox", "Cy", "Dee"),
        seats=("human", "friend", "hard", "hard"),
        init_script=AGED_ROOM,
    )
    assert run(lambda: host.evaluate(SELF_ID)) == "0" * 20
    guest = LiveFirefoxTab(FIREFOX, preferences=LIVE_PREFERENCES)

    def host_record() -> dict:
        return run(lambda: host.evaluate(RECORD_JS))

    # Each device's view, asked again once it has drawn since (or was clicked);
    # the room's decisions counted again once its view has changed.
    host_gate = ViewGate(
        lambda: run(lambda: host.evaluate(DRAWN_JS)), lambda: run(lambda: view_of(host))
    )
    guest_gate = ViewGate(guest.drawn, guest.view)
    counted: dict[tuple, int] = {}

    def host_moves() -> int:
        view = host_gate()
        key = (view["game"], view["revision"])
        if key not in counted:
            counted.clear()
            counted[key] = len(host_record()["moves"])
        return counted[key]

    def play_until(goal: int, rng: random.Random) -> int:
        """Each device clicks an offered target when it has one, until the
        room's game has ``goal`` decisions: how many clicks the guest made."""
        deadline = time.monotonic() + 300
        clicks = 0
        while host_moves() < goal:
            acted = False
            host_view = host_gate()
            if offered(host_view) and not host_view["final"]:
                target = choose(host_view, rng)
                if run(lambda target=target: host.evaluate(DISPATCH_CLICK, target)):
                    host_gate.acted()
                    acted = True
            guest_view = guest_gate()
            if offered(guest_view) and not guest_view["final"]:
                target = choose(guest_view, rng)
                if guest.js(f"({DISPATCH_CLICK})({json.dumps(target)})"):
                    guest_gate.acted()
                    acted = True
                    clicks += 1
            if not acted:
                time.sleep(0.05)
            assert time.monotonic() < deadline, "the live game does not move on"
        return clicks

    def guest_has(moves: int) -> None:
        guest.wait(f"{RECORD_JS}.then((record) => record.moves.length >= {moves})", 60)

    try:
        take_seat(guest, url)
        rng = random.Random(31)
        took = []
        for _ in range(RELOADS):
            # A few decisions, Fox's among them once his turn comes: the
            # computers think on the room's device while the guest reloads.
            play_until(len(host_record()["moves"]) + 3, rng)
            before = host_record()
            guest.reload()
            guest_gate.acted()  # a new page: its frames counted from nothing
            guest.wait_ready()
            ready = time.monotonic()
            guest.wait(SEATED, 60, 0.05)
            took.append(round(time.monotonic() - ready, 1))
            run(lambda: host.wait_for_function(SEAT_TAKEN, timeout=60_000))
            guest_has(len(before["moves"]))
            after = guest.js(RECORD_JS)
            assert after["setup"] == before["setup"]
            assert after["moves"][: len(before["moves"])] == before["moves"]
        assert max(took) < SEATED_S, f"seated again {took} s after the page was ready"
        # Fox plays on from his seat: the game moves on through his turns.
        guest_clicks = 0
        while guest_clicks == 0:
            guest_clicks = play_until(len(host_record()["moves"]) + 2, rng)
        final = host_record()
        guest_has(len(final["moves"]))
        assert guest.js(RECORD_JS)["moves"][: len(final["moves"])] == final["moves"]
        assert guest.errors() == []
        assert host_errors == []
    finally:
        guest.close()
