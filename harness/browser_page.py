"""The game page in a Playwright page, as the browser tests and the benches
drive it: wait until it is ready (or say what it was doing), read its view,
start a game through the new-game dialog as a person would."""

from __future__ import annotations

import json
import time

from playwright.sync_api import expect

from harness.pages import DRAWN_JS, ViewGate

READY_SELECTOR = 'body[data-ready="1"]'
READY_TIMEOUT_MS = 60_000


# What a page that never became ready was doing, for the failure message.
STUCK_STATE = """() => ({
  loader: document.getElementById("loader")?.dataset.step ?? null,
  failed: document.getElementById("loader")?.classList.contains("failed") ?? null,
  loaderText: document.getElementById("loader-step")?.textContent ?? null,
  pyError: document.querySelector(".py-error")?.textContent?.slice(0, 2000) ?? null,
  python: !!window.mykerinos,
  pythonReady: !!(window.mykerinos && window.mykerinos.ready),
  ui: !!window.mykerinosUI,
  preview: document.body.dataset.preview ?? null,
  controller: !!navigator.serviceWorker?.controller,
  resources: performance.getEntriesByType("resource")
    .map(e => `${e.name.replace(location.origin, "")} ${Math.round(e.responseEnd)}ms`),
})"""


def wait_ready(page, timeout: float = READY_TIMEOUT_MS) -> None:
    """Wait until the page has set its ready marker (the board is usable); if it
    never does, fail with what the page was doing."""
    try:
        page.wait_for_selector(READY_SELECTOR, state="attached", timeout=timeout)
    except Exception as error:
        try:
            state = page.evaluate(STUCK_STATE)
        except Exception as inner:
            state = f"(could not read the page: {inner})"
        said = getattr(page, "console_lines", [])[-40:]
        waiting = sorted(r.url for r in getattr(page, "pending", ()))
        raise AssertionError(
            f"the page never became ready: {state}; its console said: {said}; "
            f"requests unanswered: {waiting}"
        ) from error


def view_of(page) -> dict:
    """The page's current view, as Python hands it to the front end."""
    return json.loads(page.evaluate("window.mykerinos.call(`view`, `[]`)"))


class Views:
    """Each page's view, asked of Python again only once the page has drawn a
    frame since, or after a click on it, or once a second (a page in the
    background draws nothing): a view costs the page's Python and the browser
    about 10 ms of processor, reading the frame count under 2, and a test that
    polls the view while the computers think takes the processor from them."""

    def __init__(self, fresh_s: float = 1.0) -> None:
        self.fresh_s = fresh_s
        self.gates: dict[int, ViewGate] = {}

    def _gate(self, page) -> ViewGate:
        gate = self.gates.get(id(page))
        if gate is None:
            gate = ViewGate(lambda: page.evaluate(DRAWN_JS), lambda: view_of(page), self.fresh_s)
            self.gates[id(page)] = gate
        return gate

    def of(self, page) -> dict:
        return self._gate(page)()

    def acted(self, page) -> None:
        """The page was clicked: its next view is asked of Python."""
        self._gate(page).acted()


def drawn(page) -> int:
    """How many frames the page has drawn."""
    return page.evaluate(DRAWN_JS)


def wait_redraw(page, before: int) -> None:
    """Wait until the page draws a frame after the ``before``-th."""
    page.wait_for_function(f"n => {DRAWN_JS} > n", arg=before)


# Whether the page shows the game and revision of Python's current view, once
# a frame has passed: the page draws a view handed to it on the next animation
# frame (Python answers at once), and one handed to it with the revision on
# screen would still be drawn later.
SHOWN_JS = """async () => {
  await new Promise((done) => requestAnimationFrame(() => done()));
  const view = JSON.parse(await window.mykerinos.call(`view`, `[]`));
  const body = document.body.dataset;
  return body.game === String(view.game) && body.revision === String(view.revision);
}"""


def wait_shown(page, timeout: float = READY_TIMEOUT_MS) -> None:
    """Wait until the page has drawn the position Python stands at (after a
    view was handed to the page outside a click: a link opened, say). Polled
    here: Python answers a promise, which wait_for_function would take for a
    true value at once."""
    deadline = time.monotonic() + timeout / 1000
    while not page.evaluate(SHOWN_JS):
        if time.monotonic() > deadline:
            raise AssertionError("the page never drew the position Python stands at")
        time.sleep(0.02)


def press(page, selector: str, touch: bool = False) -> None:
    """Click an element, or tap it as a finger would."""
    if touch:
        page.tap(selector)
    else:
        page.click(selector)


def start_game(
    page,
    names: list[str],
    seed: int | str,
    *,
    seats: list[str] | None = None,
    nile: bool = False,
    touch: bool = False,
) -> dict:
    """Start a game through the new-game dialog (opened if needed); the new view."""
    dialog = page.locator("#new-game-dialog")
    if not page.evaluate("document.querySelector('#new-game-dialog').open"):
        press(page, "#new-game", touch)
    expect(dialog).to_be_visible()
    page.select_option("#players-count", str(len(names)))
    for i, name in enumerate(names):
        page.fill(f"#player-name-{i}", name)
        if seats is not None:
            page.select_option(f"#seat-{i}", seats[i])
    page.set_checked("#nile", nile)
    page.fill("#seed", str(seed))
    before = drawn(page)
    press(page, "#start-game", touch)
    wait_redraw(page, before)
    expect(dialog).to_be_hidden()
    return view_of(page)
