"""Playing the game page in any browser tab of harness/tabs.py, as a person
would: the targets a view offers, a click that waits until the page shows
its answer, the wait while the computers play. The cross-browser tier and
bench/memory.py drive the page with these."""

from __future__ import annotations

import contextlib
import json
import random
import time
from collections.abc import Callable

TURN_TIMEOUT_S = 180  # between two of the person's turns


def offered(view: dict) -> list[str]:
    """Every target the view offers, in a fixed order."""
    region = view["region"]
    out = [a["id"] for a in view["actions"]]
    out += ["cell:" + c["name"] for c in region["cells"] if c["hl"]]
    out += ["room:" + r["id"] for r in view["museum"] if r["hl"]]
    out += ["card:" + p["id"] for p in region["parcels"] + region["nile"] if p["hl"]]
    return out


def choose(view: dict, rng: random.Random, real: float = 0.6) -> str:
    """Mostly real actions (built cube by cube; `real`: the share chosen among
    them); passes now and then keep the game short."""
    targets = offered(view)
    assert targets, f"nothing to click: {view['prompt']}"
    if view["building"]:
        return rng.choice([t for t in targets if not t.startswith("action:")] or targets)
    others = [t for t in targets if t != "action:pass"]
    if others and rng.random() < real:
        return rng.choice(others)
    return rng.choice(targets)


# Clicks a target as a person would, through the page's own click listener on
# #app (a function of the target; false when it is not drawn yet).
DISPATCH_CLICK = """(target) => {
  const el = document.querySelector(`[data-target="${CSS.escape(target)}"]`);
  if (!el) return false;
  el.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true}));
  return true;
}"""


class ViewGate:
    """One device's view, asked of its Python again only once the device has
    drawn a frame since, or after a click on it, or once a second (a page in
    the background draws nothing), for a device of any browser, through its
    ``frames`` and ``view`` functions (harness/browser_page.py's `Views` keeps
    one for each Chromium page)."""

    def __init__(
        self, frames: Callable[[], int], view: Callable[[], dict], fresh_s: float = 1.0
    ) -> None:
        self.frames, self.view, self.fresh_s = frames, view, fresh_s
        self.held: tuple[int, float, dict] | None = None

    def __call__(self) -> dict:
        frames = self.frames()  # before the view: a frame drawn meanwhile is seen next time
        now = time.monotonic()
        if self.held and self.held[0] == frames and now - self.held[1] < self.fresh_s:
            return self.held[2]
        view = self.view()
        self.held = (frames, now, view)
        return view

    def acted(self) -> None:
        """The device was clicked: its next view is asked of Python."""
        self.held = None


# The view and what the page shows, in one call (each call is a round trip to the browser).
# The view travels as Python's text, parsed here: far quicker than an object.
# The frames drawn are counted before the view is asked for: a view drawn
# after it counts one more.
DRAWN_JS = "Number(document.body.dataset.drawn || 0)"
STATE_JS = f"""(async () => {{
  const drawn = {DRAWN_JS};
  const view = await window.mykerinos.call(`view`, `[]`);
  return {{
    view,
    drawn,
    shown: document.body.dataset.revision + ':' + document.body.dataset.game,
    bot: document.body.dataset.bot,
  }};
}})()"""


def page_state(tab) -> tuple[dict, int, bool, str]:
    """(view, redraws so far, whether the page shows that view, bots' state)."""
    state = tab.js(STATE_JS)
    view = json.loads(state["view"])
    return (
        view,
        state["drawn"],
        state["shown"] == f"{view['revision']}:{view['game']}",
        state["bot"],
    )


def click(tab, target: str) -> dict:
    """Click the element of a target, wait until the page shows the result, check it was taken."""
    selector = json.dumps(f'[data-target="{target}"]')
    hl, before = tab.js(f"[document.querySelector({selector})?.dataset.hl ?? null, {DRAWN_JS}]")
    if target.split(":")[0] in ("cell", "room", "card"):
        assert hl == "1", f"{target} is offered but not highlighted"
    tab.click_target(target)
    deadline = time.monotonic() + 30
    drawn = before
    while True:
        # The view is asked for once the page has drawn a frame (a read of the
        # page, not a call to its Python, while waiting).
        try:
            tab.wait(f"{DRAWN_JS} > {drawn}", max(0.0, deadline - time.monotonic()), 0.03)
        except TimeoutError as error:
            raise AssertionError(f"{tab.name}: no redraw after {target}") from error
        view, drawn, shown, _ = page_state(tab)
        if shown:
            break
    assert view["message"] is None, f"{tab.name}: {target} refused: {view['message']}"
    return view


def person_turn(tab, timeout_s: float = TURN_TIMEOUT_S) -> dict:
    """Wait while the computers play; the view once the person is to move (or the
    game is over) and the page shows it."""
    deadline = time.monotonic() + timeout_s
    while True:
        view, drawn, shown, bot = page_state(tab)
        if (view["final"] or not view["bot_to_move"]) and shown:
            return view
        assert bot != "failed", tab.js("document.querySelector('#bot-status').innerText")
        # Asked again once the page has drawn its next view (the computers'
        # move), reading only the page meanwhile.
        with contextlib.suppress(TimeoutError):
            tab.wait(
                f"{DRAWN_JS} > {drawn} || document.body.dataset.bot === 'failed'",
                max(0.0, deadline - time.monotonic()),
                0.05,
            )
        if time.monotonic() > deadline:
            raise AssertionError(
                f"{tab.name}: the computer players took too long: "
                + str(
                    tab.js(
                        "({bots: document.body.dataset.bot, moves: window.mykerinosUI.botStats().length,"
                        " visibility: document.visibilityState,"
                        " prompt: document.querySelector('#prompt')?.innerText})"
                    )
                )
            )
