"""The guided first game in Chromium: offered on a first visit and in the menu;
a learner who clicks only what the page marks finishes every lesson; a wrong
click is explained and changes nothing; a reload resumes the lesson without
touching the saved game; the French course is French throughout."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from page.lesson import load_course
from page.texts import catalogue
from tests.browser.browser_helpers import wait_until
from tests.browser.test_game_page import (
    assert_clean,
    drawn,
    open_page,
    start_game,
    view_of,
    wait_redraw,
)

EN = catalogue("en")
FR = catalogue("fr")
COURSE = load_course()
MARKED = "#app [data-target].hint"


def lesson_of(page) -> dict:
    return view_of(page)["lesson"]


def click_marked(page) -> None:
    """Click the one thing the page marks, as a learner would, and wait for the answer."""
    before = drawn(page)
    target = page.locator(MARKED).first
    expect(target).to_be_visible()
    target.click()
    wait_redraw(page, before)


def finish_lesson(page, words: dict[str, str]) -> dict:
    """Click what is marked until the lesson says it is done; check the words shown."""
    lesson = lesson_of(page)
    while not lesson["done"]:
        expect(page.locator("#lesson-text")).to_have_text(
            words[COURSE[lesson["number"] - 1].steps[lesson["step"] - 1].text]
        )
        click_marked(page)
        lesson = lesson_of(page)
        assert view_of(page)["message"] is None
    expect(page.locator("#lesson-text")).to_have_text(words[COURSE[lesson["number"] - 1].done])
    return lesson


def saved_keys(page) -> list[str]:
    return page.evaluate("Object.keys(localStorage).sort()")


@pytest.mark.first_visit
def test_a_newcomer_is_offered_the_lessons_and_goes_from_one_to_the_next(site, page, recorder):
    open_page(page, site.url)
    dialog = page.locator("#new-game-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#learn-to-play")).to_have_text(EN["lesson.offer"])
    page.click("#learn-to-play")
    expect(dialog).to_be_hidden()
    expect(page.locator("#lesson-box")).to_be_visible()
    first, second = COURSE[:2]
    expect(page.locator("#lesson-title")).to_have_text(EN[first.title])
    done = finish_lesson(page, EN)
    assert done["number"] == 1 and done["next"] == second.id
    # Every step was read out in the live region.
    expect(page.locator("#lesson-said")).to_contain_text(EN[first.done])
    page.click("#lesson-next")
    expect(page.locator("#lesson-title")).to_have_text(EN[second.title])
    assert lesson_of(page)["step"] == 1
    assert_clean(recorder, site)


@pytest.mark.parametrize("number", range(2, len(COURSE) + 1))
def test_every_lesson_is_finished_by_clicking_only_what_is_marked(site, page, recorder, number):
    """Each lesson from its link in the rules summary (lessons run in parallel);
    the last one ends in a real game against two easy computers, rules at hand."""
    lesson = COURSE[number - 1]
    open_page(page, site.url)
    start_game(page, ["Ann", "Bob", "Cleo"], 5)
    page.click("#rules-button")
    page.click(f'#rules-dialog [data-lesson="{lesson.id}"]')
    expect(page.locator("#lesson-box")).to_be_visible()
    expect(page.locator("#lesson-title")).to_have_text(EN[lesson.title])
    done = finish_lesson(page, EN)
    assert done["number"] == number
    expect(page.locator("#lesson-said")).to_contain_text(EN[lesson.done])
    if number < len(COURSE):
        assert done["next"] == COURSE[number].id
    else:
        assert done["next"] is None
        page.click("#lesson-first-game")
        wait_until(
            page, "window.mykerinos.call(`view`, `[]`).then(t => JSON.parse(t).lesson === null)"
        )
        view = view_of(page)
        assert [p["seat"] for p in view["players"]] == ["human", "easy", "easy"]
        expect(page.locator("#lesson-box")).to_be_hidden()
        page.click("#rules-at-hand")
        expect(page.locator("#rules-dialog")).to_be_visible()
    assert_clean(recorder, site)


def test_a_wrong_click_is_explained_and_changes_nothing(site, page, recorder):
    open_page(page, site.url)
    start_game(page, ["Ann", "Bob", "Cleo"], 5)
    page.click("#learn-button")
    expect(page.locator("#lesson-box")).to_be_visible()
    before = view_of(page)
    page.click('[data-target="action:pass"]')
    expect(page.locator("#message")).to_be_visible()
    after = view_of(page)
    assert after["message"].startswith(EN["lesson.msg.other_move"].split("{")[0])
    assert after["region"] == before["region"] and after["log"] == before["log"]
    assert after["lesson"]["step"] == 1
    # The marked action is the one to take: the board moves on.
    click_marked(page)
    click_marked(page)
    assert lesson_of(page)["step"] == 2
    page.click("#lesson-undo")
    wait_until(
        page, "window.mykerinos.call(`view`, `[]`).then(t => JSON.parse(t).lesson.step === 1)"
    )
    assert_clean(recorder, site)


def test_a_reload_resumes_the_lesson_and_leaves_the_saved_game_alone(site, page, recorder):
    open_page(page, site.url)
    start_game(page, ["Ann", "Bob", "Cleo"], 5)
    saved = {
        k: page.evaluate("k => localStorage.getItem(k)", k)
        for k in saved_keys(page)
        if ":game:" in k
    }
    page.click("#learn-button")
    click_marked(page)
    click_marked(page)
    assert lesson_of(page)["step"] == 2
    page.reload()
    open_page(page, site.url)
    expect(page.locator("#lesson-box")).to_be_visible()
    lesson = lesson_of(page)
    assert (lesson["id"], lesson["step"]) == ("goal", 2)
    kept = [k for k in saved_keys(page) if k.endswith(":lesson")]
    assert len(kept) == 1 and json.loads(
        page.evaluate("k => localStorage.getItem(k)", kept[0])
    ) == {"lesson": "goal", "step": 1}
    assert {
        k: page.evaluate("k => localStorage.getItem(k)", k)
        for k in saved_keys(page)
        if ":game:" in k
    } == saved
    # Leaving the lessons brings the saved game back as it was.
    page.click("#lesson-skip")
    expect(page.locator("#lesson-box")).to_be_hidden()
    assert [p["name"] for p in view_of(page)["players"]] == ["Ann", "Bob", "Cleo"]
    assert not [k for k in saved_keys(page) if k.endswith(":lesson")]
    assert_clean(recorder, site)


def test_the_rules_summary_links_each_section_to_its_lesson(site, page, recorder):
    open_page(page, site.url)
    start_game(page, ["Ann", "Bob", "Cleo"], 5)
    page.click("#rules-button")
    links = page.locator("#rules-dialog [data-lesson]")
    ids = [links.nth(i).get_attribute("data-lesson") for i in range(links.count())]
    assert set(ids) == {lesson.id for lesson in COURSE}
    page.click('#rules-dialog [data-lesson="survey"]')
    expect(page.locator("#rules-dialog")).to_be_hidden()
    expect(page.locator("#lesson-title")).to_have_text(EN["lesson.survey.title"])
    assert_clean(recorder, site)


@pytest.mark.first_visit
def test_the_french_course_is_french_throughout(site, page, recorder):
    page.add_init_script("Object.defineProperty(navigator, 'languages', {get: () => ['fr-FR']})")
    open_page(page, site.url)
    expect(page.locator("#learn-to-play")).to_have_text(FR["lesson.offer"])
    page.click("#learn-to-play")
    for lesson in COURSE:
        expect(page.locator("#lesson-title")).to_have_text(FR[lesson.title])
        done = finish_lesson(page, FR)
        expect(page.locator("#lesson-box button").first).to_have_text(
            FR["lesson.next"].replace("{title}", done["next_title"])
            if done["next"]
            else FR["lesson.first_game"]
        )
        english = [EN[key] for key in (lesson.title, lesson.done)]
        assert not any(text in page.locator("#app").inner_text() for text in english)
        if done["next"]:
            page.click("#lesson-next")
    assert_clean(recorder, site)


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_the_lesson_passes_axe_fits_a_phone_and_plays_by_keyboard(browser, site, recorder, screen):
    from tests.browser.test_accessibility import PHONE, audit

    options = PHONE if screen == "phone" else {"viewport": {"width": 1280, "height": 900}}
    context = browser.new_context(**options)
    page = context.new_page()
    open_page(page, site.url)
    page.click("#learn-to-play")
    expect(page.locator("#lesson-box")).to_be_visible()
    problems, _ = audit(page, f"lesson, {screen}")
    assert problems == []
    width = options["viewport"]["width"]
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    box = page.locator("#lesson-box").bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= width
    if screen == "desktop":
        # Keyboard alone: Tab into the action bar, arrows to the marked action,
        # Enter; the focus then goes to the marked space: Enter again.
        marked = "document.activeElement && document.activeElement.matches('[data-target].hint')"
        for _ in range(30):
            page.keyboard.press("Tab")
            if page.evaluate("!!document.activeElement.closest('#status .actions')"):
                break
        for _ in range(10):
            if page.evaluate(marked):
                break
            page.keyboard.press("ArrowRight")
        assert page.evaluate(marked)
        before = drawn(page)
        page.keyboard.press("Enter")
        wait_redraw(page, before)
        wait_until(page, marked)
        page.keyboard.press("Enter")
        wait_until(
            page, "window.mykerinos.call(`view`, `[]`).then(t => JSON.parse(t).lesson.step === 2)"
        )
        problems, _ = audit(page, "lesson, step 2")
        assert problems == []
    context.close()
