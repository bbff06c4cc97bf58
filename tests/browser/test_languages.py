"""The page in French and Italian: chosen from the browser, switched in the page, remembered.

Expected words come from the catalogues (web/front/lang/*.json) and from each
rulebook's own vocabulary, so these tests fail when the page shows English,
raw keys or unfilled placeholders in another language.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from playwright.sync_api import expect

from page.table import Table
from page.texts import Texts, catalogue
from tests.browser.browser_helpers import finished_record_text, wait_ready
from tests.browser.test_game_page import (
    PageDriver,
    assert_clean,
    choose,
    drawn,
    open_page,
    start_game,
    view_of,
    wait_redraw,
)

# A raw catalogue key ("menu.new_game") or a placeholder left unfilled ("{who}").
RAW = re.compile(
    r"\b(?:menu|msg|log|prompt|player|cell|room|end|dialog|nile|boat|card|rules|"
    r"action|patron|seat|hint|bots|loader|button)\.[a-z_:\-.]+\b|\{\w+\}"
)

# Words of each rulebook's vocabulary that the page must use.
VOCABULARY = {
    "fr": ["mécène", "Saison 1"],
    "it": ["Stagione 1", "Colonnello Tangerine"],
}


def season_one(code: str) -> str:
    """How the log's first line begins in a language (up to the first player's name)."""
    return Texts(code).t("log.season", season=1, first="\0").split("\0")[0]


def page_text(page) -> str:
    return page.evaluate("document.body.innerText")


def no_english_menu(page, code: str) -> None:
    words = catalogue(code)
    expect(page.locator("#new-game")).to_have_text(words["menu.new_game"])
    expect(page.locator("#rules-button")).to_have_text(words["menu.rules"])
    assert page.evaluate("document.documentElement.lang") == code


def play_a_few_moves(page, rng: random.Random, count: int) -> dict:
    driver = PageDriver(page)
    view = driver.view()
    for _ in range(count):
        view = driver.click(choose(view, rng))
    return view


@pytest.mark.parametrize("code", ["fr", "it"])
def test_the_browser_language_chooses_the_page_language(browser, serve, recorder, code):
    site = serve("/")
    context = browser.new_context(locale=f"{code}-{code.upper()}")
    recorder.attach(context)
    page = context.new_page()
    try:
        open_page(page, site.url)
        words = catalogue(code)
        # The first visit opens the new-game dialog, in the language.
        expect(page.locator("#new-game-title")).to_have_text(words["dialog.title"])
        expect(page.locator("#start-game")).to_have_text(words["dialog.start"])
        # The loader spoke the language too (its last step is still in the DOM).
        step = page.locator("#loader-step").text_content().strip()
        assert step in {
            words[k]
            for k in (
                "loader.runtime",
                "loader.python",
                "loader.game",
                "loader.starting",
                "loader.board",
            )
        }, step
        start_game(page, ["Ann", "Bob", "Cleo"], 4)
        no_english_menu(page, code)
        view = play_a_few_moves(page, random.Random(2), 12)
        text = page_text(page)
        assert RAW.findall(text) == []
        for word in VOCABULARY[code]:
            assert word in text, f"{word!r} not on the {code} page"
        # Python's words are in the language too: prompt and log.
        assert view["log"][0].startswith(season_one(code))
        expect(page.locator("#prompt")).to_contain_text(view["prompt"])
        assert "choose an action" not in text and "Game log" not in text
        assert_clean(recorder, site)
    finally:
        context.close()


def test_the_switch_changes_every_word_keeps_the_game_and_is_remembered(site, page, recorder):
    open_page(page, site.url)
    start_game(page, ["Ann", "Bob"], 12)
    view = play_a_few_moves(page, random.Random(3), 8)
    record = page.evaluate("window.mykerinos.call(`exportRecord`, `[]`).then(JSON.parse)")
    assert page.evaluate("document.documentElement.lang") == "en"
    english_log = view["log"]

    for code in ("it", "fr"):
        before = drawn(page)
        page.select_option("#language", code)
        wait_redraw(page, before)
        no_english_menu(page, code)
        # The focus stays on the switch (rebuilt in the new language).
        assert page.evaluate("document.activeElement.id") == "language"
        view = view_of(page)
        # Same game, other words.
        assert (
            page.evaluate("window.mykerinos.call(`exportRecord`, `[]`).then(JSON.parse)") == record
        )
        assert len(view["log"]) == len(english_log) and view["log"] != english_log
        assert page.locator("#log li").all_text_contents() == view["log"]
        assert RAW.findall(page_text(page)) == []
        # The rules summary and the help in that language.
        page.click("#rules-button")
        expect(page.locator("#rules-title")).to_have_text(catalogue(code)["rules.title"])
        assert catalogue(code)["rules.survey.title"] in page.locator("#rules-dialog").inner_text()
        page.click("#close-rules")
        # Closing the summary gives the focus back to its button.
        assert page.evaluate("document.activeElement.id") == "rules-button"

    # Remembered: a reload comes back in French with the same game.
    page.reload()
    wait_ready(page)
    no_english_menu(page, "fr")
    assert page.evaluate("window.mykerinos.call(`exportRecord`, `[]`).then(JSON.parse)") == record
    # A move played in French logs in French.
    view = play_a_few_moves(page, random.Random(4), 3)
    assert RAW.findall(page_text(page)) == []
    assert view["log"][0].startswith(season_one("fr"))
    assert_clean(recorder, site)


def test_errors_and_the_end_screen_are_translated(site, page, recorder):
    open_page(page, site.url)
    page.select_option("#language", "it")
    page.wait_for_function("document.documentElement.lang === 'it'")
    words = catalogue("it")
    # A broken file: the message is Italian.
    page.set_input_files(
        "#import-file",
        files=[{"name": "rotto.json", "mimeType": "application/json", "buffer": b"{ non JSON"}],
    )
    notice = page.locator("#notice > span")
    expect(notice).to_contain_text(words["reason.json"])
    expect(notice).to_contain_text(words["msg.unchanged"])
    # A record with an illegal move: which move, in Italian, without the
    # engine's English diagnostic.
    rng = random.Random(2)
    table = Table.new(["Ann", "Bob"], 3)
    table.state.play(rng.choice(table.state.legal_moves()))
    record = table.record()
    record["moves"].append(dict(record["moves"][0], player=1))  # the same cells again
    page.set_input_files(
        "#import-file",
        files=[
            {
                "name": "illegale.json",
                "mimeType": "application/json",
                "buffer": json.dumps(record).encode(),
            }
        ],
    )
    expect(notice).to_contain_text(words["reason.move"].replace("{n}", "2"))
    assert "occupied" not in notice.text_content() and "not" not in notice.text_content().split()
    # A finished game: the end screen in Italian.
    page.set_input_files(
        "#import-file",
        files=[
            {
                "name": "finita.json",
                "mimeType": "application/json",
                "buffer": finished_record_text(["Ann", "Bob", "Cleo"], 31, 1).encode(),
            }
        ],
    )
    expect(page.locator("#end-screen")).to_be_visible()
    end = page.locator("#end-screen").inner_text()
    for key in ("end.claimed", "end.exhibition", "end.sets", "end.total", "end.cubes"):
        assert words[key] in end, key
    assert RAW.findall(page_text(page)) == []
    assert_clean(recorder, site)
