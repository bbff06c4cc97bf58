"""Fixtures of the cross-browser tier: the same scenarios in Firefox ESR and in WebKitGTK.

- `tab`: a fresh tab, once in Firefox (Debian's firefox-esr driven over WebDriver
  BiDi, harness/firefox_tab.py) and once in WebKit (Selenium and WebKitWebDriver driving
  WebKitGTK's MiniBrowser); see tabs.py for what a tab offers.
- `x_display`: the X display WebKit draws on: $DISPLAY if set, else an Xvfb
  started here for the session (Debian package xvfb).
- The site (`dist_dir`, `serve`, `site_subpath`) comes from the Chromium tier's
  fixtures (tests/browser/conftest.py): same build, same static server.

Firefox and WebKit come from Debian (`./run test` installs firefox-esr,
webkit2gtk-driver and xvfb when they are missing); the paths can be changed
with the environment variables FIREFOX, MINIBROWSER and WEBKIT_DRIVER.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from harness import tabs
from harness.firefox_tab import FirefoxTab
from harness.tabs import FIREFOX, MINIBROWSER, WEBKIT_DRIVER, WebKitTab
from tests.browser.conftest import (  # noqa: F401  (shared fixtures)
    dist_dir,
    live_site,
    relay,
    serve,
    site_subpath,
)

INSTALL_HINT = "install it (./run test does: apt-get install firefox-esr webkit2gtk-driver xvfb)"


def _need(path: str) -> None:
    if not Path(path).is_file():
        pytest.fail(f"{path} not found: {INSTALL_HINT}")


@pytest.fixture(scope="session")
def x_display():
    """The X display WebKit draws on ($DISPLAY, or an Xvfb for the session)."""
    try:
        with tabs.x_display() as display:
            yield display
    except FileNotFoundError as error:
        pytest.fail(f"{error} ({INSTALL_HINT})")


@pytest.fixture(params=["firefox", "webkit"])
def tab(request):
    """A fresh tab (its own cookies, storage and service workers) in each browser."""
    if request.param == "firefox":
        _need(FIREFOX)
        made = FirefoxTab(FIREFOX)
    else:
        _need(MINIBROWSER)
        _need(WEBKIT_DRIVER)
        made = WebKitTab(MINIBROWSER, WEBKIT_DRIVER, request.getfixturevalue("x_display"))
    yield made
    made.close()
