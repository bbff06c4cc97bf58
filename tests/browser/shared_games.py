"""Whole games that tests of several files read: each is played once per
worker (a session fixture of tests/browser/conftest.py, its tests kept next to
each other in the run's order by tests/conftest.py), and what each test checks
is kept from it, so that the test still fails when that breaks.

`live_game_with_a_phone`: a four-player live game to its end. Ann plays on the
room's device, Bobby on a desktop friend's device, Cyd on a phone held upright
(360 x 740, touch, device scale 2, less motion asked for), and a computer (Dee)
on the room's device. Cyd's every decision is checked in view on the phone
(tests/browser/test_phone_play.py); the records, names and "play again" are
tests/browser/test_live_game.py's. The devices show each computer's move for
the time a person needs (the game after "play again" must reach every device
before a computer moves in it)."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from playwright.sync_api import expect

from harness.browser_page import Views, start_game, view_of, wait_ready
from harness.pages import DRAWN_JS
from tests.browser.test_live_game import NAMES, SEATS, SEED, WAIT_MS, click_each, take_seat
from tests.browser.test_phone_play import (
    PASS,
    audited,
    choose,
    measure,
    person_to_decide,
    problems_of,
    small_buttons,
)

PHONE = {
    "viewport": {"width": 360, "height": 740},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
    "reduced_motion": "reduce",
}
WHERE = "live guest, 360x740"


@dataclass
class LiveGameWithAPhone:
    """The three devices at the game's end, and what was seen on the way."""

    host: object = None
    bob: object = None
    phone: object = None
    # Every console error and uncaught error of the three devices, then and later.
    errors: list[str] = field(default_factory=list)
    host_saw_seat_2_taken: bool = False  # the room's device saw Cyd join
    statuses_on_bob: list[str] = field(default_factory=list)  # each seat's, on Bob's device
    phone_decisions: int = 0  # Cyd's decisions, each checked
    phone_problems: list[str] = field(default_factory=list)  # out of view, too small, audits
    phone_end_shown: bool = False  # the end screen on the phone
    contexts: list = field(default_factory=list)

    def close(self) -> None:
        """The devices closed (their live pages would go on talking to the room)."""
        for context in self.contexts:
            context.close()
        self.contexts.clear()


def waited_for(check) -> bool:
    """Whether ``check`` (an expect(...)) holds within its wait: what a test
    waited for, kept for it to assert."""
    try:
        check()
    except AssertionError:
        return False
    return True


def open_device(browser, got: LiveGameWithAPhone, url: str, **options):
    """A page in a device of its own (a context, paced), its errors kept in ``got``."""
    context = browser.new_context(paced=True, **options)
    got.contexts.append(context)
    page = context.new_page()
    name = f"device {len(got.contexts)}"
    page.on("pageerror", lambda error: got.errors.append(f"{name}, uncaught: {error}"))
    page.on(
        "console",
        lambda message: (
            got.errors.append(f"{name}, console error: {message.text}")
            if message.type == "error"
            else None
        ),
    )
    page.goto(url)
    wait_ready(page)
    return page


def play_live_game_with_a_phone(browser, live_site: str) -> LiveGameWithAPhone:
    got = LiveGameWithAPhone()
    host = got.host = open_device(browser, got, live_site)
    start_game(host, NAMES, SEED, seats=SEATS)
    expect(host.locator("#live-invite")).to_be_visible(timeout=WAIT_MS)
    url = host.locator("#live-url").input_value()
    assert "#live=" in url
    expect(host.locator("#live-qr svg")).to_be_visible()
    host.click("#live-invite-close")
    bob = got.bob = open_device(browser, got, url)
    take_seat(bob, 1, "Bobby")
    phone = got.phone = open_device(browser, got, url, **PHONE)
    expect(phone.locator("#live-pick")).to_be_visible(timeout=WAIT_MS)
    got.phone_problems += small_buttons(measure(phone), f"{WHERE}, the seat picker")
    got.phone_problems += audited(phone, f"{WHERE}, the seat picker", board=False)
    take_seat(phone, 2, "Cyd")
    # Everyone sees who is here; the host saw them join (its polite live region).
    got.host_saw_seat_2_taken = waited_for(
        lambda: expect(host.locator('#live-panel [data-seat="2"]')).to_have_attribute(
            "data-status", "taken"
        )
    )
    got.statuses_on_bob = bob.locator("#live-seats li").evaluate_all(
        "els => els.map(e => e.dataset.status)"
    )
    play_to_the_end(got, random.Random(5), random.Random(360))
    got.phone_end_shown = waited_for(lambda: expect(phone.locator("#end-screen")).to_be_visible())
    return got


def play_to_the_end(
    got: LiveGameWithAPhone, rng: random.Random, phone_rng: random.Random, timeout_s: float = 600
) -> None:
    """Ann and Bobby click one offered target when they have some; Cyd's phone is
    measured each time it has drawn, and each of its decisions checked before
    its target is tapped; until every device shows the game's end, the phone's
    end screen checked and audited too."""
    deadline = time.monotonic() + timeout_s
    views = Views()
    phone, others = got.phone, [got.host, got.bob]
    measured = -1  # the phone's frame count when last measured
    last = None  # the phone's last decision taken (frames, revision, game)
    ended = False
    while not (ended and all(view_of(p)["final"] for p in others)):
        acted = click_each(others, views, rng) > 0
        if not ended and phone.evaluate(DRAWN_JS) != measured:
            m = measure(phone)
            measured = m["drawn"]
            view = m["view"]
            key = (m["drawn"], view["revision"], view["game"])
            if view["final"] and m["shown"] == f"{view['revision']}:{view['game']}":
                got.phone_problems += problems_of(m, f"{WHERE}, the end")
                got.phone_problems += audited(phone, f"{WHERE}, the end screen")
                ended = True
            elif person_to_decide(m) and key != last:
                got.phone_decisions += 1
                where = f"{WHERE}, decision {got.phone_decisions} ({view['prompt']})"
                got.phone_problems += problems_of(m, where)
                if got.phone_decisions == 1:
                    got.phone_problems += audited(phone, f"{WHERE}, the first decision")
                target = choose(view, phone_rng, PASS)
                phone.locator(f'[data-target="{target}"]').click()
                last = key
                acted = True
        if not acted:
            time.sleep(0.05)
        assert time.monotonic() < deadline, "the live game does not end"
