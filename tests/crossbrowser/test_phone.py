"""The game under a phone's memory limit, in WebKitGTK (tools/phone_browser.py).

A phone closes a tab whose process passes its memory limit, and the game in it
is lost. WebKit's own memory pressure handler is given the limit the way a
phone applies it (polled each second, the process killed at 100%): first a
page that passes it must be killed (so the limit really holds), then a game
played to its end under 400 MB, the budget reported for older iPhones, must
leave the page alive. The page's layers are painted on the processor, as a
phone's WebKit paints them (tools/phone_browser.py says why); bench/phone.py
measures whole 4-player games under each limit.
"""

from __future__ import annotations

import pytest

from bench.phone import play
from harness.tabs import READY_JS, READY_TIMEOUT_S
from tools.phone import PageGone, Phone, missing

pytestmark = pytest.mark.crossbrowser

LIMIT_MB = 400
SEATS = ["human", "medium"]
SEED = 5

# Holds on to about 600 MB of JavaScript memory, 10 MB at a time.
GREEDY_PAGE = """data:text/html,<title>greedy</title><script>
window.kept = [];
const grow = () => { const a = new Float64Array(1310720); a.fill(1); kept.push(a);
  if (kept.length < 60) setTimeout(grow, 20); };
grow();
</script>"""


@pytest.fixture(scope="module")
def phone_ready():
    why = missing()
    if why:
        pytest.fail(f"{why} (./run test installs them)")


def test_a_page_over_the_limit_is_killed(phone_ready):
    with Phone(200) as phone:
        phone.goto(GREEDY_PAGE)
        with pytest.raises(PageGone):
            phone.wait("false", 60, 0.5)
        assert phone.killed == "exceeded-memory-limit"


def test_a_game_under_a_phones_limit_lives_to_its_end(phone_ready, site_subpath):
    note: dict = {"over": False}
    with Phone(LIMIT_MB) as phone:
        phone.goto(site_subpath.url)
        phone.wait(READY_JS, READY_TIMEOUT_S, 0.2)
        try:
            play(phone, SEATS, SEED, note)
        except (PageGone, TimeoutError, RuntimeError) as error:
            # Say where the game stopped, and why (a page killed mid-call: RuntimeError).
            pytest.fail(f"{type(error).__name__}: {error}; killed: {phone.killed}; at {note}")
        assert note["over"], note
        assert phone.js(
            "window.mykerinos.call(`view`, `[]`).then(t => JSON.parse(t).final !== null)"
        )
        assert phone.killed is None
