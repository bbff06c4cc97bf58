"""Live play in WebKitGTK: Debian's build (2.50) has no WebRTC, so the transport
says so at once ("unsupported", worded by page.live.room.failure_text) rather
than waiting for peers that could never connect. A WebKitGTK with WebRTC fails
this test: then it joins the live tests of the other browsers."""

from __future__ import annotations

import pytest

from harness.tabs import MINIBROWSER, WEBKIT_DRIVER, WebKitTab

# Selenium's own WebKitGTK driver class still connects in a way it deprecates (as test_tier.py).
pytestmark = pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning")


@pytest.fixture
def webkit(x_display):
    tab = WebKitTab(MINIBROWSER, WEBKIT_DRIVER, x_display)
    yield tab
    tab.close()


def test_webkitgtk_has_no_webrtc_and_live_play_says_so(webkit, serve):
    site = serve("/")
    webkit.driver.get(site.url + "web/front/js/live/config.json")
    assert webkit.driver.execute_script("return typeof RTCPeerConnection") == "undefined"
    code = webkit.driver.execute_async_script(
        """const done = arguments[arguments.length - 1];
        import(arguments[0])
          .then(({ join }) => join("room", "x", { relays: ["ws://127.0.0.1:9"] }))
          .then(() => done("joined"), (error) => done(error.code ?? String(error)));""",
        site.url + "web/front/js/live/transport.js",
    )
    assert code == "unsupported"
