"""Live play's transport (web/front/js/live/transport.js) with real parts: a Nostr relay
on this machine (tools/relay.py, PyPI nostr-relay) and real Chromium pages that
find each other through it and talk over WebRTC data channels on loopback.

Chromium hides host candidates behind mDNS names and skips loopback: these
pages run in a Chromium started with both turned off, and join with no ICE
server, so nothing leaves the machine. The pages load only the transport (not
the game): what is tested is the transport's interface, the relay, and the
build's copy of the library.
"""

from __future__ import annotations

import time

import pytest

from harness.browser_page import wait_ready
from tests.browser.browser_helpers import wait_service_worker
from tools import serve as static_server
from tools.relay import free_port

CONNECT_TIMEOUT_MS = 20_000

# Joins a room and records what arrives; the page keeps the link as window.live.
JOIN = """async ({transport, room, password, relays, timeout}) => {
  const { join } = await import(transport);
  const started = performance.now();
  const live = { got: [], joined: [], left: [], link: null };
  window.live = live;
  const options = relays ? { relays, iceServers: [], joinTimeoutMs: timeout } : {};
  try {
    live.link = await join(room, password, options);
  } catch (error) {
    return { error: error.code ?? String(error), ms: performance.now() - started };
  }
  live.link.onMessage = (text, peer) => live.got.push([text, peer]);
  live.link.onPeerJoin = (peer) => live.joined.push([peer, performance.now() - started]);
  live.link.onPeerLeave = (peer) => live.left.push(peer);
  return { self: live.link.self, ms: performance.now() - started };
}"""


@pytest.fixture
def open_page(live_browser, site):
    """Factory: a page of the site in a context of its own (a device), which
    has joined `room` through `relays`: (page, what join answered)."""
    contexts = []

    def open_one(room, relays, password="secret", timeout=10_000, url=site.url):
        context = live_browser.new_context()
        contexts.append(context)
        page = context.new_page()
        page.goto(url + "web/front/js/live/config.json")
        answer = page.evaluate(
            JOIN,
            {
                "transport": url + "web/front/js/live/transport.js",
                "room": room,
                "password": password,
                "relays": relays,
                "timeout": timeout,
            },
        )
        return page, answer

    yield open_one
    for context in contexts:
        context.close()


def wait_peers(page, count: int) -> None:
    page.wait_for_function(
        f"() => window.live.joined.length >= {count}", timeout=CONNECT_TIMEOUT_MS
    )


def test_three_devices_meet_through_the_local_relay_and_talk(open_page, relay, request):
    room = f"room-{request.node.name}-{time.time_ns()}"
    pages = []
    for _ in range(3):
        page, answer = open_page(room, [relay.url])
        assert "error" not in answer, answer
        pages.append((page, answer["self"]))
    ids = [me for _, me in pages]
    assert len(set(ids)) == 3
    # A device waiting for the others is answered as soon as one connects.
    assert pages[0][0].evaluate("window.live.link.waitForPeer(20000)") in ids
    for page, me in pages:
        wait_peers(page, 2)
        joined = {peer for peer, _ in page.evaluate("window.live.joined")}
        assert joined == set(ids) - {me}
        assert sorted(page.evaluate("window.live.link.peers()")) == sorted(set(ids) - {me})

    (a, a_id), (b, b_id), (c, _) = pages
    # To one peer only, then to all: channels keep their order, so once the second
    # message is in, the first would have arrived where it was sent.
    a.evaluate(f"window.live.link.send({b_id!r}, 'for b only')")
    a.evaluate("window.live.link.send(null, JSON.stringify({kind: 'hello', n: 1}))")
    for page in (b, c):
        page.wait_for_function(
            "() => window.live.got.length >= 1 && window.live.got.some(([t]) => t.startsWith('{'))"
        )
    assert b.evaluate("window.live.got") == [
        ["for b only", a_id],
        ['{"kind":"hello","n":1}', a_id],
    ]
    assert c.evaluate("window.live.got") == [['{"kind":"hello","n":1}', a_id]]
    assert a.evaluate("window.live.got") == []

    # One leaves: the others are told.
    c_id = pages[2][1]
    c.evaluate("window.live.link.leave()")
    for page in (a, b):
        page.wait_for_function(
            f"() => window.live.left.includes({c_id!r})", timeout=CONNECT_TIMEOUT_MS
        )
        assert c_id not in page.evaluate("window.live.link.peers()")


def test_a_site_served_with_its_relay_needs_no_options(open_page, relay, dist_dir, request):
    """`./run serve --relay`: the pages join with the configuration the site
    answers (its relay, no ICE server), nothing passed by the page."""
    server = static_server.make_server(dist_dir, 0, "/", relay_url=relay.url)
    static_server.start_in_thread(server)
    try:
        url = static_server.url_of(server)
        room = f"room-{request.node.name}-{time.time_ns()}"
        a, _ = open_page(room, None, url=url)
        b, b_answer = open_page(room, None, url=url)
        wait_peers(a, 1)
        a.evaluate(f"window.live.link.send({b_answer['self']!r}, 'hi')")
        b.wait_for_function("() => window.live.got.length === 1")
        assert b.evaluate("window.live.got[0][0]") == "hi"
    finally:
        server.shutdown()
        server.server_close()


def test_a_wrong_password_never_connects(open_page, relay, request):
    room = f"room-{request.node.name}-{time.time_ns()}"
    a, _ = open_page(room, [relay.url], password="right")
    intruder, _ = open_page(room, [relay.url], password="wrong")
    b, _ = open_page(room, [relay.url], password="right")
    wait_peers(a, 1)
    wait_peers(b, 1)
    # The two with the password met; give the third as long again to fail.
    time.sleep(3)
    assert len(a.evaluate("window.live.joined")) == 1
    assert intruder.evaluate("window.live.joined") == []
    assert intruder.evaluate("window.live.link.peers()") == []


# Two connections on one page that never hear of each other's addresses: the
# quiet one (the library's) has addresses of its own but no path to the other.
NO_PATH = """async ({transport}) => {
  const { quietConnection } = await import(transport);
  const Quiet = quietConnection();
  const quiet = new Quiet({ iceServers: [] });
  const other = new RTCPeerConnection({ iceServers: [] });
  quiet.createDataChannel("m");
  const offer = await quiet.createOffer();
  await quiet.setLocalDescription(offer);
  await other.setRemoteDescription(offer);
  const answer = await other.createAnswer();  // made before any address: it carries none
  while (quiet.iceGatheringState !== "complete") await new Promise((r) => setTimeout(r, 20));
  const states = [];
  quiet.addEventListener("connectionstatechange", () => states.push(quiet.connectionState));
  const gathered = (quiet.localDescription?.sdp.match(/a=candidate/g) || []).length;
  await quiet.setRemoteDescription(answer);
  const started = performance.now();
  await new Promise((r) => setTimeout(r, 1000));
  const afterOne = quiet.connectionState;
  while (quiet.connectionState !== "closed" && performance.now() - started < 15000)
    await new Promise((r) => setTimeout(r, 50));
  other.close();
  return { gathered, afterOne, closed: quiet.connectionState, states, ms: performance.now() - started };
}"""


def test_a_connection_with_addresses_but_no_path_gives_up_and_says_so(live_browser, site):
    # Firefox reports such an attempt failing (an error no page can catch) once
    # its checks have tried for 5 s; the library's connection gives up before,
    # and tells the library as a failed connection would.
    context = live_browser.new_context()
    try:
        page = context.new_page()
        page.goto(site.url + "web/front/js/live/config.json")
        found = page.evaluate(NO_PATH, {"transport": site.url + "web/front/js/live/transport.js"})
    finally:
        context.close()
    assert found["gathered"] >= 1, found  # addresses of its own: not the no-address rule
    assert found["afterOne"] != "closed", found  # still trying after a second
    assert found["closed"] == "closed" and found["states"][-1] == "closed", found
    # Given up by the attempt's timer (4 s), not left to a later rule or the browser.
    assert found["ms"] < 8000, found


def test_unreachable_relays_give_up_within_the_wait(open_page):
    nowhere = f"ws://127.0.0.1:{free_port()}"
    page, answer = open_page("room-nowhere", [nowhere], timeout=2000)
    assert answer["error"] == "relays-unreachable"
    assert 2000 <= answer["ms"] < 6000, answer
    # The page may try again later: the module still loads and answers.
    again = page.evaluate(
        """async (url) => {
          const { join } = await import(url);
          try { await join("", "x"); } catch (error) { return error.code; }
        }""",
        page.url.replace("config.json", "transport.js"),
    )
    assert again == "bad-room"


def test_a_browser_without_webrtc_is_told_at_once(live_browser, site):
    page = live_browser.new_context().new_page()
    try:
        page.goto(site.url + "web/front/js/live/config.json")
        code = page.evaluate(
            """async (url) => {
              delete window.RTCPeerConnection;
              const { join } = await import(url);
              try { await join("room", "x", { relays: ["ws://127.0.0.1:9"] }); return "joined"; }
              catch (error) { return error.code; }
            }""",
            site.url + "web/front/js/live/transport.js",
        )
    finally:
        page.context.close()
    assert code == "unsupported"


def test_waiting_for_a_device_that_never_comes_gives_up_within_the_wait(open_page, relay):
    page, answer = open_page(f"room-alone-{time.time_ns()}", [relay.url])
    assert "error" not in answer
    waited = page.evaluate(
        """async () => {
          const started = performance.now();
          try { await window.live.link.waitForPeer(1500); return "joined"; }
          catch (error) { return [error.code, performance.now() - started]; }
        }"""
    )
    assert waited[0] == "no-peer" and 1500 <= waited[1] < 5000, waited


def test_a_game_that_never_goes_live_loads_nothing_of_it(page, recorder, site, context):
    """A first visit, its service worker's precache included, requests no file
    of live play (live/, web/front/js/live/)."""
    page.goto(site.url)
    wait_ready(page)
    wait_service_worker(page)
    urls = [url for _, url in recorder.requests]
    assert any(url.endswith("/pyscript/core.js") for url in urls)
    assert [url for url in urls if "/live/" in url] == []
