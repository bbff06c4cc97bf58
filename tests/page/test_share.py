"""Play by link and today's deal (web/page/share.py), without a browser: links to
tables and back, what opening a link may do to the saved game, the visitor's
seat, whose turn it is, and the daily deal."""

from __future__ import annotations

import base64
import datetime
import json
import random

import pytest

from game import new_game
from game.compact import encode_link
from game.daily import daily_seed
from page import share
from page.session import CURRENT_KEY, SLOT, Session
from page.table import Table
from tests.page.fakes import Memory

DAY = datetime.date(2024, 3, 9)


def played(table: Table, count: int, seed: int = 1) -> Table:
    """``table`` after ``count`` more random legal decisions."""
    rng = random.Random(seed)
    for _ in range(count):
        table.play(rng.choice(table.legal()))
    return table


def copy(table: Table, moves: int | None = None) -> Table:
    """A fresh table with the same setup, seats and the first ``moves`` decisions."""
    state = table.state
    other = Table(new_game(list(state.setup.players), state.setup.seed), list(table.seats))
    for _, move in state.moves[:moves]:
        other.play(move)
    return other


def session_with(table: Table, language: str = "en") -> Session:
    session = Session.open(Memory(), language, fresh_seed=lambda: 77)
    session.use(table)
    return session


# ------------------------------------------------------------------ links
def test_code_of_reads_only_game_fragments() -> None:
    assert share.code_of("#g=AQE") == "AQE"
    assert share.code_of("g=") == ""
    assert share.code_of("#top") is None
    assert share.code_of("") is None
    assert share.code_of(None) is None


def test_a_link_carries_the_game_and_its_seats() -> None:
    table = played(Table.new(["Ann", "Bob"], 12, seats=["human", "hard"]), 25)
    opening = share.read_link(share.link_code(table), new_game(["X", "Y"], 3))
    assert opening.status == "different" and opening.table is not None
    assert opening.table.state.moves == table.state.moves
    assert opening.table.seats == ["human", "hard"]
    assert opening.table.view()["players"] == table.view()["players"]
    people = share.read_link(
        share.link_code(Table.new(["Ann", "Bob"], 12)), new_game(["X", "Y"], 3)
    )
    assert people.table is not None and people.table.seats == ["human", "human"]


def test_relation_of_a_link_to_the_saved_game() -> None:
    table = played(Table.new(["Ann", "Bob", "Cy"], 4), 30)
    code = share.link_code(copy(table, 20))
    assert share.read_link(code, copy(table, 20).state).status == "same"
    assert share.read_link(code, copy(table, 10).state).status == "ahead"
    assert share.read_link(code, table.state).status == "behind"
    assert share.read_link(code, Table.new(["Ann", "Bob", "Cy"], 5).state).status == "different"


def tampered(code: str) -> list[str]:
    """Ways a link goes wrong: cut short, a character changed, extra text, empty, junk."""
    middle = len(code) // 2
    changed = code[:middle] + ("A" if code[middle] != "A" else "B") + code[middle + 1 :]
    return [code[:5], code[:-3], changed, code + "AAAA", "", "not a link!", "%%%%"]


@pytest.mark.parametrize("language", ["en", "fr", "it"])
def test_tampered_links_are_refused_in_the_page_language(language: str) -> None:
    table = played(Table.new(["Ann", "Bob"], 8), 40)
    code = share.link_code(table)
    message = share.read_link("x", table.state, language).error
    assert message and "{" not in message
    refused = 0
    for bad in tampered(code):
        opening = share.read_link(bad, table.state, language)
        if opening.status == "error":
            refused += 1
            assert opening.table is None and opening.error == message
    assert refused == len(tampered(code))
    assert len({share.read_link("x", table.state, c).error for c in ("en", "fr", "it")}) == 3


def test_a_cut_link_without_its_check_would_spell_another_game() -> None:
    """Why links carry a check: the code cut short is often still a legal game."""
    table = played(Table.new(["Ann", "Bob"], 8), 40)
    code = share.checked_code(share.link_code(table))
    cut = code[:-2]
    assert share.read_link(cut + share.CHECK + share.check_of(cut), table.state).status in (
        "different",
        "error",
    )
    assert share.read_link(cut, table.state).status == "error"
    assert share.read_link(code, table.state).status == "error"  # no check at all


def test_a_link_from_a_newer_version_says_so() -> None:
    code = share.checked_code(share.link_code(Table.new(["Ann", "Bob"], 8)))
    data = bytearray(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)))
    data[0] = 9
    newer = base64.urlsafe_b64encode(bytes(data)).decode().rstrip("=")
    newer += share.CHECK + share.check_of(newer)
    opening = share.read_link(newer, new_game(["A", "B"], 1), "fr")
    assert (
        opening.status == "error"
        and opening.error != share.read_link("x", new_game(["A", "B"], 1), "fr").error
    )
    assert "version" in (opening.error or "")


def test_may_replace_asks_before_losing_anything() -> None:
    empty = new_game(["A", "B"], 1)
    busy = played(Table.new(["A", "B"], 1), 3).state
    for status in ("same", "ahead"):
        assert share.may_replace(status, busy, fresh=False, confirmed=False)
    for status in ("behind", "different"):
        assert not share.may_replace(status, busy, fresh=False, confirmed=False)
        assert share.may_replace(status, busy, fresh=False, confirmed=True)
        assert share.may_replace(status, busy, fresh=True, confirmed=False)
        assert share.may_replace(status, empty, fresh=False, confirmed=False)
    assert not share.may_replace("error", empty, fresh=True, confirmed=True)


# ------------------------------------------------------------------ seats
def test_seat_choice() -> None:
    two = ["human", "human"]
    assert share.seat_choice(two, None) == (None, True)
    assert share.seat_choice(two, "1") == (1, False)
    assert share.seat_choice(two, 0) == (0, False)
    assert share.seat_choice(two, share.WATCH) == (None, False)
    assert share.seat_choice(two, "7") == (None, True)  # not a seat of this game
    assert share.seat_choice(two, "x") == (None, True)
    assert share.seat_choice(two, True) == (None, True)
    assert share.seat_choice(["hard", "human", "easy"], None) == (1, False)
    assert share.seat_choice(["hard", "human", "easy"], "0") == (1, False)  # a computer's seat
    assert share.seat_choice(["hard", "easy"], None) == (None, False)


def test_turn_note_names_whose_turn_it_is() -> None:
    table = Table.new(["Ann", "Bob"], 12, seats=["human", "human"])
    mover = table.state.to_move
    assert mover is not None
    other = 1 - mover
    names = table.state.setup.players
    assert (
        share.turn_note(table, mover)
        == f"Your turn, {names[mover]}. When you have played, share the new link."
    )
    assert (
        share.turn_note(table, other)
        == f"It is {names[mover]}'s turn: send them the link and wait for theirs."
    )
    assert names[mover] in share.turn_note(Table(table.state, None, "it"), None)
    bots = Table(table.state, ["easy", "easy"], "en")
    assert share.turn_note(bots, None) == f"The computer plays for {names[mover]}."


# ------------------------------------------------------- through a session
def test_opening_links_through_the_session() -> None:
    mine = played(Table.new(["Ann", "Bob"], 21), 12)
    session = session_with(mine)
    slot = SLOT + session.game_id
    saved = dict(session.storage.data)  # type: ignore[attr-defined]
    before = session.table.record_text()

    assert share.open_link(session, "#elsewhere") == {"status": "none"}
    bad = share.open_link(session, "#g=" + share.link_code(mine)[:-4])
    assert bad["status"] == "error" and "Mykerinos" in bad["error"]
    other = share.link_code(played(Table.new(["Cy", "Di"], 5), 3))
    asked = share.open_link(session, "#g=" + other)
    assert asked["status"] == "different" and "another game" in asked["question"]
    older = share.open_link(session, "#g=" + share.link_code(copy(mine, 5)))
    assert older["status"] == "behind" and "earlier position" in older["question"]
    # Nothing changed: not the table, not one stored byte.
    assert session.table.record_text() == before
    assert session.storage.data == saved  # type: ignore[attr-defined]

    ahead = played(copy(mine), 6, seed=2)
    answer = share.open_link(session, "#g=" + share.link_code(ahead))
    assert answer["status"] == "ahead" and session.table.state.moves == ahead.state.moves
    assert SLOT + session.game_id == slot  # the same game keeps its save slot
    assert (
        json.loads(session.storage.get(slot) or "")["moves"]
        == json.loads(ahead.record_text())["moves"]
    )
    assert answer["key"] == share.game_key(ahead.state)
    assert share.open_link(session, "#g=" + share.link_code(ahead))["status"] == "same"

    taken = share.open_link(session, "#g=" + other, True)
    assert taken["status"] == "different" and session.table.state.setup.players == ("Cy", "Di")
    assert session.storage.get(CURRENT_KEY) == session.game_id != slot.removeprefix(SLOT)
    assert session.storage.get(slot) is not None  # the other game stays in its own slot


def test_a_link_on_a_first_visit_is_taken_without_asking() -> None:
    session = Session.open(Memory(), "en", fresh_seed=lambda: 3)
    assert session.new_game
    code = share.link_code(played(Table.new(["Ann", "Bob"], 30), 9))
    answer = share.open_link(session, "#g=" + code)
    assert answer["status"] == "different" and "view" in answer and not session.new_game
    seat = share.seat(session, None)
    assert seat["ask"] and seat["mine"] is None
    assert [p["name"] for p in seat["people"]] == ["Ann", "Bob"]
    assert share.seat(session, "1")["mine"] == 1


def test_share_gives_a_fragment_that_opens_the_same_game() -> None:
    session = session_with(played(Table.new(["Ann", "Bob", "Cy"], 2), 17))
    answer = share.share(session)
    assert answer["ok"] and answer["code"].startswith(share.FRAGMENT)
    elsewhere = Session.open(Memory(), "fr")
    opened = share.open_link(elsewhere, "#" + answer["code"])
    assert opened["view"]["players"][0]["name"] == "Ann"
    assert elsewhere.table.state.moves == session.table.state.moves
    assert encode_link(elsewhere.table.state) == encode_link(session.table.state)


def test_the_link_of_a_whole_long_game_stays_under_700_characters() -> None:
    """The last link of a game played by link carries every decision: for a whole
    two-player game of random legal decisions (seldom a pass, so a long one) it
    stays short enough to pass in any message (the browser's game by link, shorter,
    checks its own links the same way)."""
    table = Table.new(["Ann", "Bob"], 31)
    rng = random.Random(31)
    while not table.state.over:
        table.play(rng.choice(table.legal()))
    answer = share.share(session_with(table))
    assert answer["ok"] and len(table.state.moves) > 100
    assert len("#" + answer["code"]) < 700, len(answer["code"])


# ------------------------------------------------------------------ daily
def test_todays_deal_is_the_same_for_everyone() -> None:
    one = Session.open(Memory(), "en")
    two = Session.open(Memory(), "it")
    share.start_daily(one, "Ann", DAY)
    share.start_daily(two, "", DAY)
    a, b = one.table.state.setup, two.table.state.setup
    assert a.seed == b.seed == daily_seed(DAY)
    assert (a.first_player, a.wings, a.deck) == (b.first_player, b.wings, b.deck)
    assert one.table.seats == list(share.DAILY_SEATS) == two.table.seats
    assert a.players[0] == "Ann" and b.players[0] == "Giocatore 1"
    three = Session.open(Memory(), "en")
    share.start_daily(three, "Ann", DAY + datetime.timedelta(days=1))
    assert three.table.state.setup.deck != a.deck


def test_daily_result_only_for_the_daily_deal_at_its_end() -> None:
    table = share.daily_table("Ann", DAY)
    assert share.daily_date(table, DAY) == DAY
    assert share.daily_date(table, DAY + datetime.timedelta(days=1)) == DAY
    assert share.daily_date(table, DAY + datetime.timedelta(days=2)) is None
    assert share.daily_result(table, DAY) is None  # not over yet
    other = Table.new(["Ann", "B", "C"], daily_seed(DAY))  # the seed without the computers
    assert share.daily_date(other, DAY) is None
    rng = random.Random(3)
    while not table.state.over:
        table.play(rng.choice(table.legal()))
    result = share.daily_result(table, DAY)
    final = table.state.final
    assert result is not None and final is not None
    assert result["score"] == final["scores"][0] and result["date"] == "2024-03-09"
    assert result["rank"] == 1 + sum(s > final["scores"][0] for s in final["scores"])
    assert f"{result['score']} points" in result["text"] and "2024-03-09" in result["text"]
