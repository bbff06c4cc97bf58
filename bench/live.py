#!/usr/bin/env python3
"""Live play's transport on loopback: how long devices take to meet, and a message's round trip.

Usage: .venv/bin/python bench/live.py [--rooms 10] [--pings 50]

Builds the site into a temporary folder, serves it, starts the local relay
(tools/relay.py) and a Chromium with loopback WebRTC allowed. For each of
``--rooms`` fresh rooms, two pages (two browser contexts: two devices) load the
transport (front/js/live/transport.js) and join; the bench prints, per page, the
time from calling join() to the relay reached, and to the other device
connected (its onPeerJoin), then ``--pings`` round trips of a short message
over the data channel between the two. Medians and 95th percentiles; prints
numbers only, checks nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import build, serve  # noqa: E402
from tools.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tools.relay import start_relay  # noqa: E402

LIVE_ARGS = [
    *CHROMIUM_ARGS,
    "--allow-loopback-in-peer-connection",
    "--disable-features=WebRtcHideLocalIpsWithMdns",
]

JOIN = """async ({transport, room, relay}) => {
  const { join } = await import(transport);
  const live = { got: [], peerAt: null };
  window.live = live;
  const started = performance.now();
  live.link = await join(room, "bench", { relays: [relay], iceServers: [] });
  live.relayAt = performance.now() - started;
  live.link.onPeerJoin = () => { live.peerAt ??= performance.now() - started; };
  live.link.onMessage = (text, peer) => {
    if (text.startsWith("ping")) live.link.send(peer, "pong" + text.slice(4));
    else live.got.push(text);
  };
  return live.relayAt;
}"""

PINGS = """async ({peer, count}) => {
  const times = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const before = window.live.got.length;
    window.live.link.send(peer, "ping" + i);
    while (window.live.got.length === before) await new Promise((r) => setTimeout(r, 0));
    times.push(performance.now() - started);
  }
  return times;
}"""


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def line(name: str, values: list[float]) -> str:
    return (
        f"  {name:38} median {statistics.median(values):7.1f} ms   p95 {p95(values):7.1f} ms"
        f"   max {max(values):7.1f} ms   ({len(values)} samples)"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=10, help="rooms joined (default 10)")
    parser.add_argument("--pings", type=int, default=50, help="round trips per room (default 50)")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    relay_ms: list[float] = []
    peer_ms: list[float] = []
    round_trips: list[float] = []
    with tempfile.TemporaryDirectory(prefix="mykerinos-bench-") as tmp:
        out = Path(tmp) / "site"
        build.build(out, quiet=True)
        server = serve.make_server(out, 0, "/", quiet=True)
        serve.start_in_thread(server)
        site = serve.url_of(server)
        relay = start_relay()
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(
                    executable_path=CHROMIUM, args=LIVE_ARGS, headless=True
                )
                for number in range(args.rooms):
                    room = f"bench-{number}-{time.time_ns()}"
                    contexts = [browser.new_context() for _ in range(2)]
                    pages = [c.new_page() for c in contexts]
                    for page in pages:
                        page.goto(site + "front/js/live/config.json")
                    # Both join at once, as two people opening the room.
                    for page in pages:
                        page.evaluate(
                            "(a) => { window.joining = (" + JOIN + ")(a); }",
                            {
                                "transport": site + "front/js/live/transport.js",
                                "room": room,
                                "relay": relay.url,
                            },
                        )
                    for page in pages:
                        relay_ms.append(page.evaluate("window.joining"))
                        page.wait_for_function("() => window.live.peerAt !== null", timeout=30_000)
                        peer_ms.append(page.evaluate("window.live.peerAt"))
                    peer = pages[1].evaluate("window.live.link.self")
                    round_trips += pages[0].evaluate(PINGS, {"peer": peer, "count": args.pings})
                    for context in contexts:
                        context.close()
                browser.close()
        finally:
            relay.stop()
            server.shutdown()
            server.server_close()

    print(f"live transport on loopback, local relay, {args.rooms} rooms of two devices")
    print(line("join() to the relay reached", relay_ms))
    print(line("join() to the other device connected", peer_ms))
    print(line("message round trip (data channel)", round_trips))
    return 0


if __name__ == "__main__":
    sys.exit(main())
