"""Live play's room protocol (web/page/live/), without a browser or a network: a host
and guests wired by a little in-memory room that delivers each message as the
transport would, with a clock the tests move."""

from __future__ import annotations

import base64
import json
import random
from dataclasses import dataclass, field

import pytest

from game import GameState, new_game
from game.errors import GameError
from page.live import protocol
from page.live.guest import GuestEvent, GuestRoom
from page.live.host import HostRoom
from page.live.protocol import AWAY_S, HIDDEN_AWAY_S, MAX_MESSAGE_CHARS, VERSION, dump, signed
from page.live.room import failure_text
from page.share import check_of, link_code
from page.table import Table
from page.texts import Texts

NAMES = ["Ann", "Bob", "Cy"]
KEY = "e" + "K" * 43  # a room's key as text (web/front/js/live/keys.js)
KINDS = ["human", "human", "easy"]  # Ann on the host, Bob a friend, a computer
EN = Texts("en")


def counter():
    """Secrets and nonces that differ and can be told apart in a failure."""
    n = iter(range(10**6))
    return lambda: f"secret-{next(n):04d}-abcdefgh"


@dataclass
class Net:
    """The room's devices on one clock: the host is peer "h"; each guest a peer id."""

    host: HostRoom
    guests: dict[str, GuestRoom] = field(default_factory=dict)
    now: float = 100.0
    events: dict[str, list[GuestEvent]] = field(default_factory=dict)

    def deliver(self, sends, origin: str = "h") -> None:
        """Hand the host's messages to their peers, and the guests' answers back."""
        for peer, text in sends:
            for name in [peer] if peer is not None else list(self.guests):
                if name not in self.guests:
                    continue
                event = self.guests[name].receive(text, self.now, "h", signed=True)
                self.events.setdefault(name, []).append(event)
                for reply in event.send:
                    self.to_host(name, reply)

    def to_host(self, peer: str, text: str):
        answer = self.host.receive(text, peer, self.now)
        self.deliver(answer.send)
        return answer

    def join(self, peer: str, guest: GuestRoom) -> GuestRoom:
        self.guests[peer] = guest
        self.deliver(self.host.connected(peer).send)
        return guest

    def last(self, peer: str) -> GuestEvent:
        return self.events[peer][-1]


def fresh_state(seed: int = 7) -> GameState:
    return new_game(NAMES, seed)


@pytest.fixture
def net() -> Net:
    host = HostRoom(fresh_state(), KINDS, mine=[0], room="room-1", draw=counter())
    return Net(host)


def seated_bob(net: Net) -> GuestRoom:
    bob = net.join("b", GuestRoom("room-1"))
    assert net.last("b").kind == "game" and bob.state is not None
    net.to_host("b", bob.take(1, "Bobby\x07"))
    assert bob.seated and bob.seat == 1 and bob.secret
    return bob


def host_plays_until(net: Net, seat: int) -> None:
    """The host plays its own seats (Ann and the computer) at random until ``seat`` is to move."""
    rng = random.Random(3)
    state = net.host.state
    while not state.over and state.to_move != seat:
        move = rng.choice(state.legal_moves()).to_json()
        net.deliver(net.host.play(state.to_move, move).send)


def unchanged(net: Net, guest: GuestRoom):
    """A check that nothing changed, on the host and on the guest."""
    host_moves, guest_moves = list(net.host.state.moves), list(guest.state.moves)
    seats = net.host.seat_infos()

    def check():
        assert net.host.state.moves == host_moves
        assert guest.state.moves == guest_moves
        assert net.host.seat_infos() == seats

    return check


# ------------------------------------------------------------------ seats
def test_a_guest_is_welcomed_with_the_game_and_takes_a_free_seat(net):
    bob = seated_bob(net)
    assert link_code(Table(bob.state, bob.kinds)) == net.host.code()
    assert [s["status"] for s in bob.seats] == ["host", "taken", "host"]
    assert bob.seats[1]["name"] == "Bobby"  # the name as the new-game dialog cleans it
    assert net.host.seats[1].peer == "b"
    # The secret went to Bob only; nobody else sees it.
    other = net.join("c", GuestRoom("room-1"))
    assert all(bob.secret not in json.dumps(s) for s in other.seats)
    net.to_host("c", other.take(1, "Cy"))
    assert net.last("c").kind == "refused"
    assert net.last("c").message == EN.t("live.seat_taken")
    net.to_host("c", other.take(0, "Cy"))  # the host's own seat
    assert net.last("c").message == EN.t("live.seat_taken")
    assert not other.seated
    # A device plays one seat.
    with pytest.raises(ValueError):
        bob.take(2, "Bob again")
    bob_take = {"v": VERSION, "t": "take", "room": "room-1", "seat": 1, "name": "x"}
    answer = net.to_host("b", dump(bob_take))
    assert answer.refused == "live.one_seat" and net.last("b").message == EN.t("live.one_seat")
    assert net.host.seats[1].secret == bob.secret


def test_a_whole_game_reaches_every_device_identically():
    """Four players on three devices and a computer: the room's device plays Ann
    and the computer, Bob and Cy play from their own, and someone watches. Every
    device ends with the same game, each guest's beat keeping its seat taken."""
    state = new_game(["Ann", "Bob", "Cy", "Di"], 21)
    net = Net(HostRoom(state, ["human", "human", "human", "hard"], mine=[0], room="room-1"))
    guests = {}
    for peer, seat in (("b", 1), ("c", 2)):
        guests[seat] = net.join(peer, GuestRoom("room-1"))
        net.to_host(peer, guests[seat].take(seat, peer))
        assert guests[seat].seated
    watcher = net.join("w", GuestRoom("room-1"))
    state = net.host.state  # the same game under the names Bob and Cy typed
    assert state.setup.players == ("Ann", "b", "c", "Di")
    peers = {1: "b", 2: "c"}
    rng = random.Random(11)
    while not state.over:
        mover = state.to_move
        if mover in guests:
            guest = guests[mover]
            move = rng.choice(guest.state.legal_moves()).to_json()
            answer = net.to_host(peers[mover], guest.move(move))
            assert answer.game_changed and answer.refused is None
        else:
            move = rng.choice(state.legal_moves()).to_json()
            net.deliver(net.host.play(mover, move).send)
        net.now += 0.5
        for seat, guest in guests.items():
            net.to_host(peers[seat], guest.beat())
        net.deliver(net.host.tick(net.now).send)
    assert [s.status for s in net.host.seats] == ["host", "taken", "taken", "host"]
    for guest in (*guests.values(), watcher):
        assert guest.state.over
        assert guest.state.moves == state.moves
        assert link_code(Table(guest.state, guest.kinds)) == net.host.code()
        assert [s["status"] for s in guest.seats] == ["host", "taken", "taken", "host"]
        assert not guest.host_away(net.now)


# ------------------------------------------------------------------ refusals
def test_an_illegal_move_is_refused_with_the_engines_reason_in_the_guests_language(net):
    bob = net.join("b", GuestRoom("room-1", language="fr"))
    net.to_host("b", bob.take(1, "Bob"))
    host_plays_until(net, 1)
    check = unchanged(net, bob)
    answer = net.to_host("b", bob.move({"action": "dig", "cells": ["z9"]}))
    assert answer.refused == "live.refused" and not answer.game_changed
    event = net.last("b")
    assert event.kind == "refused"
    assert event.message.startswith(Texts("fr").t("live.refused", reason="")[:20])
    assert "z9" in event.message or "dig" in event.message
    check()


def test_a_move_out_of_turn_is_refused(net):
    bob = seated_bob(net)
    assert net.host.state.to_move != 1
    check = unchanged(net, bob)
    legal = net.host.state.legal_moves()[0].to_json()
    net.to_host("b", bob.move(legal))
    assert net.last("b").kind == "refused"
    check()


def test_a_move_for_another_seat_is_refused(net):
    bob = seated_bob(net)
    host_plays_until(net, 1)
    check = unchanged(net, bob)
    move = bob.state.legal_moves()[0].to_json()
    # Bob signs a move for Ann's seat (and for the computer's) with his own secret.
    for seat in (0, 2):
        forged = {
            "v": VERSION,
            "t": "move",
            "room": "room-1",
            "seat": seat,
            "seq": 50,
            "n": len(bob.state.moves),
            "move": move,
        }
        net.to_host("b", dump(signed(forged, bob.secret)))
        assert net.last("b").message == EN.t("live.not_your_seat")
    check()


def test_a_move_changed_on_the_way_is_refused(net):
    bob = seated_bob(net)
    host_plays_until(net, 1)
    check = unchanged(net, bob)
    legal = bob.state.legal_moves()
    text = bob.move(legal[0].to_json())
    tampered = json.loads(text)
    tampered["move"] = legal[-1].to_json()
    net.to_host("b", json.dumps(tampered))
    assert net.last("b").message == EN.t("live.not_your_seat")
    # Another device that learned the message cannot send it as its own either.
    net.join("x", GuestRoom("room-1"))
    net.to_host("x", text)
    assert net.last("x").message == EN.t("live.not_your_seat")
    check()


def test_a_replayed_move_is_refused(net):
    bob = seated_bob(net)
    host_plays_until(net, 1)
    text = bob.move(bob.state.legal_moves()[0].to_json())
    assert net.to_host("b", text).game_changed
    check = unchanged(net, bob)
    answer = net.to_host("b", text)
    assert answer.refused == "live.replayed" and not answer.game_changed
    check()


def test_a_move_from_an_older_position_is_refused(net):
    bob = seated_bob(net)
    host_plays_until(net, 1)
    n = len(bob.state.moves)
    stale = {"t": "move", "n": n - 1, "move": bob.state.legal_moves()[0].to_json()}
    check = unchanged(net, bob)
    answer = net.to_host("b", bob._signed(stale))
    assert answer.refused == "live.stale"
    assert net.last("b").message == EN.t("live.stale")
    check()


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[1, 2]",
        "{}",
        json.dumps({"v": VERSION, "t": "move", "room": "room-1"}),
        json.dumps({"v": VERSION, "t": "take", "room": "room-1", "seat": True, "name": "x"}),
        json.dumps({"v": VERSION, "t": "take", "room": "room-1", "seat": 9, "name": "x"}),
        json.dumps(
            {"v": VERSION, "t": "take", "room": "room-1", "seat": 1, "name": "x", "extra": 1}
        ),
        json.dumps({"v": VERSION, "t": "shout", "room": "room-1"}),
        "[" * 5000 + "]" * 5000,
        json.dumps(
            {
                "v": VERSION,
                "t": "take",
                "room": "room-1",
                "seat": 1,
                "name": "x" * MAX_MESSAGE_CHARS,
            }
        ),
    ],
)
def test_what_is_not_a_message_is_refused_and_changes_nothing(net, text):
    bob = seated_bob(net)
    check = unchanged(net, bob)
    answer = net.to_host("b", text)
    assert answer.refused == "live.bad_message"
    assert net.last("b").message == EN.t("live.bad_message")
    check()


def test_a_message_of_a_newer_protocol_says_to_reload(net):
    bob = seated_bob(net)
    answer = net.to_host(
        "b", json.dumps({"v": VERSION + 1, "t": "take", "room": "room-1", "seat": 1, "name": "x"})
    )
    assert answer.refused == "live.newer"
    newer = json.dumps({"v": VERSION + 1, "t": "beat", "room": "room-1"})
    assert bob.receive(newer, net.now, "h", signed=True).message == EN.t("live.newer")


def test_a_message_for_another_room_is_refused(net):
    bob = seated_bob(net)
    check = unchanged(net, bob)
    answer = net.to_host("b", GuestRoom("room-2").take(1, "Eve"))
    assert answer.refused == "live.other_game"
    game = json.loads(game_message(net, net.host.code(), bob.secret))
    game["room"] = "room-2"
    assert bob.receive(dump(signed(game, bob.secret)), net.now, "h", signed=True).message == EN.t(
        "live.other_game"
    )
    check()


# ------------------------------------------------- games received, as links
def game_message(net: Net, code: str, secret: str | None = None) -> str:
    """A game message as the room's device would send it (signed for a seated guest)."""
    message = {
        "v": VERSION,
        "t": "game",
        "room": "room-1",
        "code": code,
        "seats": net.host.seat_infos(),
    }
    return dump(signed(message, secret) if secret else message)


def test_a_game_cut_or_changed_on_the_way_is_refused_as_a_link_is(net):
    bob = seated_bob(net)
    host_plays_until(net, 1)
    check = unchanged(net, bob)
    code = net.host.code()
    body, check_part = code.split(".")
    flipped = body[:-3] + ("A" if body[-3] != "A" else "B") + body[-2:]
    watcher = net.join("w", GuestRoom("room-1"))
    for bad in (code[:-1], body[:-4] + "." + check_part, flipped + "." + check_part, "g=" + code):
        # Sent by the room's device itself (signed for Bob; a watcher takes unsigned ones).
        event = bob.receive(game_message(net, bad, bob.secret), net.now, "h", signed=True)
        assert event.kind == "ignored" and event.message == EN.t("link.bad"), bad
        event = watcher.receive(game_message(net, bad), net.now, "h", signed=True)
        assert event.kind == "ignored" and event.message == EN.t("link.bad"), bad
    assert watcher.state.moves == bob.state.moves
    check()


def test_a_game_from_another_guest_is_refused(net):
    """A guest that knows the room's password sends Bob a game that goes on
    legally: not signed with Bob's secret, it is not the room's device's."""
    bob = seated_bob(net)
    eve = net.join("e", GuestRoom("room-1"))
    check = unchanged(net, bob)
    ahead = GameState(eve.state.setup)
    for _, move in eve.state.moves:
        ahead.play(move)
    ahead.play(ahead.legal_moves()[0])
    forged = game_message(net, link_code(Table(ahead, KINDS)))
    for sender in ("e", "h"):
        event = bob.receive(forged, net.now, sender)
        assert event.kind == "ignored" and event.message == EN.t("live.forged")
    # Signed with a secret of Eve's own making, it is refused too.
    event = bob.receive(
        game_message(net, link_code(Table(ahead, KINDS)), "eve-secret"), net.now, "e"
    )
    assert event.message == EN.t("live.forged")
    # And a watcher, who trusts the device that welcomed it, ignores other senders.
    watcher = net.join("w", GuestRoom("room-1"))
    assert watcher.receive(forged, net.now, "e").message == EN.t("live.forged")
    assert watcher.state.moves == net.host.state.moves
    check()


def test_a_game_behind_this_devices_is_refused(net):
    bob = seated_bob(net)
    host_plays_until(net, 1)
    old = net.host.code()
    bob_move = bob.state.legal_moves()[0].to_json()
    net.to_host("b", bob.move(bob_move))
    check = unchanged(net, bob)
    event = bob.receive(game_message(net, old, bob.secret), net.now, "h", signed=True)
    assert event.kind == "ignored" and event.message == EN.t("live.behind")
    check()


def test_another_game_in_the_same_room_is_refused(net):
    bob = seated_bob(net)
    check = unchanged(net, bob)
    other = link_code(Table(fresh_state(seed=8), KINDS))
    event = bob.receive(game_message(net, other, bob.secret), net.now, "h", signed=True)
    assert event.message == EN.t("live.other_game")
    check()


def test_a_game_from_a_newer_version_says_so(net):
    bob = seated_bob(net)
    raw = bytearray(base64.urlsafe_b64decode(net.host.code().split(".")[0] + "=="))
    raw[0] += 1  # the version byte
    newer = base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("=")
    message = game_message(net, f"{newer}.{check_of(newer)}", bob.secret)
    assert bob.receive(message, net.now, "h", signed=True).message == EN.t("link.newer")


# ------------------------------------------------------------------ away and back
def test_a_silent_device_is_shown_away_and_its_beat_brings_it_back(net):
    bob = seated_bob(net)
    net.now += AWAY_S - 0.5
    assert not net.host.tick(net.now).seats_changed
    net.now += 1.0
    answer = net.host.tick(net.now)
    net.deliver(answer.send)
    assert answer.seats_changed
    assert bob.seats[1]["status"] == "away" and net.host.seats[1].status == "away"
    beat = net.to_host("b", bob.beat())
    assert beat.seats_changed and bob.seats[1]["status"] == "taken"
    # A beat played again, or made without the secret, does nothing.
    old = bob.beat()
    net.to_host("b", old)
    for _ in range(int(AWAY_S) + 1):  # the host beats every second meanwhile
        net.now += 1
        net.deliver(net.host.tick(net.now).send)
    assert net.to_host("b", old).send == [] and net.host.seats[1].status == "away"


def test_the_host_falls_silent_and_guests_see_it(net):
    bob = seated_bob(net)
    net.deliver(net.host.tick(net.now).send)
    assert not bob.host_away(net.now + 1)
    assert bob.host_away(net.now + AWAY_S + 0.1)


def test_a_host_in_the_background_says_so_and_guests_wait_longer_for_it(net):
    bob = seated_bob(net)
    net.deliver(net.host.tick(net.now, hidden=True).send)
    assert bob.host_hidden
    # Its beats may stop (the page frozen): it is not taken for gone after AWAY_S.
    assert not bob.host_away(net.now + AWAY_S + 1)
    assert bob.host_away(net.now + HIDDEN_AWAY_S + 0.1)
    # Shown again: its next beat says so, and a silence counts as before.
    net.now += 5
    net.deliver(net.host.tick(net.now).send)
    assert not bob.host_hidden
    assert bob.host_away(net.now + AWAY_S + 0.1)


def test_a_visible_hosts_beat_is_as_before_and_hidden_can_only_be_true(net):
    bob = seated_bob(net)
    (to, text), *_ = net.host.tick(net.now).send
    assert to is None and json.loads(text) == {"v": VERSION, "t": "beat", "room": "room-1"}
    net.now += 1
    seen = bob.host_seen
    for bad in (False, 1, "yes"):
        event = bob.receive(
            dump({"v": VERSION, "t": "beat", "room": "room-1", "hidden": bad}), net.now, "h"
        )
        assert event.kind == "ignored"
    assert bob.host_seen == seen and not bob.host_hidden


def test_a_host_that_slept_gives_the_guests_time_to_be_heard_again(net):
    bob = seated_bob(net)
    net.deliver(net.host.tick(net.now).send)
    # The host's page was frozen for a while: Bob's beats wait in its queue.
    net.now += AWAY_S + 10
    answer = net.host.tick(net.now)
    assert not answer.seats_changed and net.host.seats[1].status == "taken"
    net.to_host("b", bob.beat())  # what was on its way arrives
    net.now += 1
    assert not net.host.tick(net.now).seats_changed
    # A guest really gone is still seen away, one AWAY_S later.
    net.now += AWAY_S
    assert net.host.tick(net.now).seats_changed and net.host.seats[1].status == "away"


def test_a_device_that_reloads_takes_its_seat_back_and_catches_up(net):
    bob = seated_bob(net)
    host_plays_until(net, 1)
    net.to_host("b", bob.move(bob.state.legal_moves()[0].to_json()))
    kept = bob.remembered()
    # The page reloads: the transport loses Bob, the game goes on without him.
    net.deliver(net.host.disconnected("b").send)
    del net.guests["b"]
    assert net.host.seats[1].status == "away"
    host_plays_until(net, 1)
    assert len(net.host.state.moves) > len(bob.state.moves)
    # Back under a new peer id, with what the page kept.
    again = net.join("b2", GuestRoom(**kept))
    assert again.seated and again.seat == 1 and again.secret == kept["secret"]
    assert again.state.moves == net.host.state.moves
    assert net.host.seats[1].status == "taken" and net.host.seats[1].peer == "b2"
    # It plays on, and the old seq cannot be reused.
    answer = net.to_host("b2", again.move(again.state.legal_moves()[0].to_json()))
    assert answer.game_changed


def test_a_return_replayed_or_without_the_secret_is_refused(net):
    bob = seated_bob(net)
    kept = bob.remembered()
    net.deliver(net.host.disconnected("b").send)
    del net.guests["b"]
    again = net.join("b2", GuestRoom(**kept))
    assert again.seated
    # Another device replays a "back" with an old nonce (the first one, Bob's): refused.
    nonce = "secret-0000-abcdefgh"
    replay = dump(
        signed(
            {"v": VERSION, "t": "back", "room": "room-1", "seat": 1, "nonce": nonce}, kept["secret"]
        )
    )
    net.join("x", GuestRoom("room-1"))
    assert net.to_host("x", replay).refused == "live.replayed"
    # And a "back" with a made-up secret is refused too (the refusal is not
    # signed with a secret that device holds: it takes it for nothing).
    y = net.join("y", GuestRoom("room-1", seat=1, secret="guessed-secret-xxxxxx"))
    assert not y.seated and net.last("y").message == EN.t("live.forged")
    guess = {"v": VERSION, "t": "back", "room": "room-1", "seat": 1, "nonce": net.host.nonces["y"]}
    answer = net.to_host("y", dump(signed(guess, "guessed-secret-xxxxxx")))
    assert answer.refused == "live.not_your_seat"
    assert net.host.seats[1].peer == "b2"


# ------------------------------------------------------------------ the host's own moves
def test_the_host_plays_only_its_own_seats_and_the_engine_checks_them(net):
    bob = seated_bob(net)
    with pytest.raises(ValueError):
        net.host.play(1, {"action": "pass"})
    mover = net.host.state.to_move
    check = unchanged(net, bob)
    with pytest.raises(GameError):
        net.host.play(mover, {"action": "dig", "cells": ["z9"]})
    check()


def test_messages_are_small():
    host = HostRoom(fresh_state(), KINDS, mine=[0], room="r" * 22)
    welcome = host.connected("p").send[0][1]
    assert len(welcome) < 600
    assert protocol.read_from_host(welcome)["t"] == "welcome"


@pytest.mark.parametrize("language", ["en", "fr", "it"])
def test_failures_to_connect_are_said_in_the_pages_language(language):
    texts = Texts(language)
    assert failure_text("relays-unreachable", language) == texts.t("live.relays_unreachable")
    assert failure_text("unavailable", language) == texts.t("live.unavailable")
    assert failure_text(None, language) == texts.t("live.unavailable")
    assert failure_text("insecure", language) == texts.t("live.insecure")
    assert failure_text("no-peer", language) == texts.t("live.no_peer")
    assert failure_text("unsupported", language) == texts.t("live.unsupported")
    codes = ("relays-unreachable", "unavailable", "unsupported", "insecure", "no-peer")
    assert len({failure_text(c, language) for c in codes}) == len(codes)


def test_a_guest_carries_the_game_on_when_the_rooms_device_leaves(net):
    bob = seated_bob(net)
    host_plays_until(net, 1)
    net.to_host("b", bob.move(bob.state.legal_moves()[0].to_json()))
    new_host = HostRoom.take_over(bob, draw=counter())
    assert new_host.room != net.host.room
    assert new_host.state.moves == net.host.state.moves
    assert [s.status for s in new_host.seats] == ["free", "host", "host"]
    # Ann comes to the new room as a guest, takes her seat and the game goes on.
    moved = Net(new_host)
    ann = moved.join("a", GuestRoom(new_host.room))
    moved.to_host("a", ann.take(0, "Ann"))
    assert ann.seated and ann.state.moves == net.host.state.moves
    with pytest.raises(ValueError):
        HostRoom.take_over(GuestRoom("room-1"))


@pytest.mark.parametrize(
    "fields",
    [
        {"to": "room-2", "password": "pw", "key": KEY},  # no "by"
        {"to": "", "password": "pw", "by": "Bob", "key": KEY},
        {"to": "room-2", "password": "pw" * 40, "by": "Bob", "key": KEY},
        {"to": "room-2", "password": "pw", "by": "Bob", "seat": 1, "key": KEY},
        {"to": "room-2", "password": "pw", "by": "Bob"},  # no key: an old device's word
        {"to": "room-2", "password": "pw", "by": "Bob", "key": "e<script>" + "x" * 40},
    ],
)
def test_a_malformed_word_that_the_game_moved_is_not_taken(fields):
    with pytest.raises(protocol.MessageError):
        protocol.read_from_host(
            json.dumps({"v": VERSION, "t": "moved", "room": "room-1", **fields})
        )


def test_the_game_moved_is_taken_from_a_guest_never_from_the_host_s_peer(net):
    bob = seated_bob(net)
    moved = GuestRoom("room-1").moved("room-2", "password-2", KEY, "Cy")
    assert (
        bob.receive(moved, net.now, "h", signed=True).kind == "ignored"
    )  # not from the host's peer
    event = bob.receive(moved, net.now, "c")
    assert event.kind == "moved" and event.moved is not None and event.moved["to"] == "room-2"
    # Offered (web/page/live/visiting.py) only once the room's device is silent, hidden or not.
    assert not bob.silent(net.now)
    bob.host_hidden = True
    assert bob.silent(net.now + 4) and not bob.host_away(net.now + 4)


# ------------------------------------------------------------------ names
def test_the_name_a_friend_types_is_the_game_s_on_every_device(net):
    host_plays_until(net, 1)
    moves = list(net.host.state.moves)
    assert moves  # a friend taking a seat after the first move
    bob = net.join("b", GuestRoom("room-1"))
    net.to_host("b", bob.take(1, "  Bobby\u202e\u200b "))
    assert net.host.state.setup.players == ("Ann", "Bobby", "Cy")
    assert net.host.state.moves == moves  # no decision changed
    assert bob.state.setup.players == ("Ann", "Bobby", "Cy") and bob.state.moves == moves
    assert [s["name"] for s in bob.seats] == ["Ann", "Bobby", "Cy"]
    assert link_code(Table(bob.state, bob.kinds)) == net.host.code()
    # A watcher already there takes the new names too (the same game, renamed).
    watcher = net.join("w", GuestRoom("room-1"))
    assert watcher.state.setup.players == ("Ann", "Bobby", "Cy")


def test_a_name_another_seat_has_gets_a_number_and_a_blank_one_keeps_the_seat_s():
    state = new_game(["Ann", "Bob", "Cy", "Di"], 4)
    net = Net(HostRoom(state, ["human"] * 4, mine=[0], room="room-1", draw=counter()))
    for peer, seat, typed in (("b", 1, "ann"), ("c", 2, "\u200b \t"), ("d", 3, "x" * 100)):
        guest = net.join(peer, GuestRoom("room-1"))
        net.to_host(peer, guest.take(seat, typed))
        assert guest.seated
    assert net.host.state.setup.players == ("Ann", "ann 2", "Cy", "x" * 24)


def test_a_game_renamed_elsewhere_is_the_same_game_and_another_deal_is_not(net):
    bob = seated_bob(net)
    renamed = net.host.state.renamed(["Anna", "Bobby", "Cy"])
    code = link_code(Table(renamed, KINDS))
    game = signed(
        {"v": VERSION, "t": "game", "room": "room-1", "code": code, "seats": bob.seats}, bob.secret
    )
    assert bob.receive(dump(game), net.now, "h", signed=True).kind == "game"
    assert bob.state.setup.players == ("Anna", "Bobby", "Cy")
    other = new_game(["Anna", "Bobby", "Cy"], 8)
    code = link_code(Table(other, KINDS))
    game = signed(
        {"v": VERSION, "t": "game", "room": "room-1", "code": code, "seats": bob.seats}, bob.secret
    )
    assert bob.receive(dump(game), net.now, "h", signed=True).kind == "ignored"


# ------------------------------------------------------------------ another game
def test_another_game_in_the_room_keeps_each_device_in_its_seat_in_a_new_order():
    state = new_game(["Ann", "Bob", "Cy", "Di"], 4)
    kinds = ["human", "human", "human", "easy"]
    net = Net(HostRoom(state, kinds, mine=[0], room="room-1", draw=counter()))
    bob = net.join("b", GuestRoom("room-1"))
    net.to_host("b", bob.take(1, "Bob"))
    cy = net.join("c", GuestRoom("room-1"))
    net.to_host("c", cy.take(2, "Cy"))
    watcher = net.join("w", GuestRoom("room-1"))
    net.host.disconnected("c")  # Cy's device left
    order = [2, 0, 3, 1]  # Cy's seat first, then Ann, the computer, Bob
    names = [net.host.state.setup.players[i] for i in order]
    fresh = new_game(names, 99)
    answer = net.host.again(fresh, ["human", "human", "hard", "human"], order)
    net.deliver(answer.send)
    assert net.host.round == 2 and answer.game_changed
    assert [s.status for s in net.host.seats] == ["free", "host", "host", "taken"]
    assert net.host.seats[2].kind == "hard"
    # Bob's device is in seat 3 now, told so in words signed for it; every device has the new game.
    assert bob.seat == 3 and bob.seated and bob.round == 2
    assert net.last("b").kind == "new" and bob.state.setup.seed == 99
    assert watcher.state.setup.players == tuple(names) and net.last("w").kind == "new"
    # Bob plays from seat 3 in the new game.
    host_plays_until(net, 3)
    move = bob.state.legal_moves()[0].to_json()
    assert net.to_host("b", bob.move(move)).game_changed
    # Cy's device comes back with the old secret: told its seat is gone, it picks again.
    cy2 = net.join("c2", GuestRoom("room-1", seat=cy.seat, secret=cy.secret, seq=cy.seq))
    assert net.last("c2").kind == "refused" and not cy2.seated
    assert cy2.secret is None and cy2.dropped
    assert net.last("c2").message == EN.t("live.seat_gone")
    net.to_host("c2", cy2.take(0, "Cy"))
    assert cy2.seated and cy2.seat == 0


def test_another_game_keeps_people_people_and_every_seat_once(net):
    seated_bob(net)
    fresh = new_game(["Ann", "Bobby", "Cy"], 5)
    with pytest.raises(ValueError):
        net.host.again(fresh, KINDS, [0, 0, 1])
    with pytest.raises(ValueError):
        net.host.again(fresh, ["human", "easy", "easy"], [0, 1, 2])
    assert net.host.round == 1


def test_a_game_of_an_earlier_round_is_ignored(net):
    bob = seated_bob(net)
    first = net.host.code()
    net.deliver(net.host.again(new_game(["Ann", "Bobby", "Cy"], 5), KINDS, [0, 1, 2]).send)
    assert bob.round == 2
    old = {
        "v": VERSION,
        "t": "game",
        "room": "room-1",
        "code": first,
        "seats": bob.seats,
        "round": 1,
    }
    assert bob.receive(dump(signed(old, bob.secret)), net.now, "h", signed=True).kind == "ignored"
    assert bob.state.setup.seed == 5


# ------------------------------------------------------------------ a word to each other
def said_lines(net: Net, peer: str) -> list[dict]:
    return [e.said for e in net.events.get(peer, []) if e.kind == "said"]


def test_a_line_said_at_the_table_reaches_every_device_from_its_seat(net):
    bob = seated_bob(net)
    watcher = net.join("w", GuestRoom("room-1"))
    answer = net.to_host("b", bob.say({"text": "hello <b>all</b>"}))
    assert [s["text"] for s in answer.said] == ["hello <b>all</b>"] and answer.said[0]["seat"] == 1
    assert [s["text"] for s in said_lines(net, "b")] == ["hello <b>all</b>"]
    assert [s["seat"] for s in said_lines(net, "w")] == [1]
    # A ready phrase travels as its id; the room's device speaks for Ann.
    net.now += 1
    net.deliver(net.host.say(0, {"phrase": "thanks"}, net.now).send)
    assert said_lines(net, "w")[-1] == {
        "v": VERSION,
        "t": "said",
        "room": "room-1",
        "seat": 0,
        "phrase": "thanks",
    }
    # A watcher may read, not write.
    with pytest.raises(ValueError):
        watcher.say({"text": "hi"})


def test_a_line_for_another_seat_a_replayed_one_or_a_forged_one_is_refused(net):
    bob = seated_bob(net)
    net.join("c", GuestRoom("room-1"))
    text = bob.say({"text": "it's me"})
    assert net.to_host("b", text).said
    # Replayed, and sent by Cy's device for Bob's seat: refused, nothing said.
    assert net.to_host("b", text).refused == "live.replayed"
    forged = json.loads(text)
    forged["seq"] += 10
    forged["text"] = "I am Bob"
    assert net.to_host("c", dump(forged)).refused == "live.not_your_seat"
    # A "said" for Bob sent to Bob's device by another one: not signed with its secret.
    fake = {"v": VERSION, "t": "said", "room": "room-1", "seat": 0, "text": "from the host"}
    assert bob.receive(dump(fake), net.now, "c").kind == "ignored"
    assert len(said_lines(net, "c")) == 1


def test_lines_are_cleaned_refused_when_too_long_and_kept_to_a_pace(net):
    bob = seated_bob(net)
    hostile = "\u202eevil\u200b<img src=x onerror=alert(1)>\u2028"
    answer = net.to_host("b", bob.say({"text": hostile}))
    assert answer.said[0]["text"] == "evil<img src=x onerror=alert(1)>"
    net.now += 1
    # Longer than 200 characters: not a message of the protocol at all.
    long = net.to_host("b", bob.say({"text": "x" * 10_000}))
    assert long.refused == "live.bad_message" and not long.said
    # Empty once cleaned: refused with why.
    net.now += 1
    assert net.to_host("b", bob.say({"text": "\u200b \u200d"})).refused == "live.chat_empty"
    # Three lines within five seconds, then wait.
    net.now += 10
    for _ in range(3):
        net.now += 0.6
        assert net.to_host("b", bob.say({"text": "spam"})).said
    net.now += 0.6
    assert net.to_host("b", bob.say({"text": "spam"})).refused == "live.chat_slow"
    net.now += 5
    assert net.to_host("b", bob.say({"phrase": "good_move"})).said
    # An unknown phrase is not a message.
    bad = json.loads(bob.say({"phrase": "good_move"}))
    bad["phrase"] = "<script>"
    assert net.to_host("b", dump(bad)).refused == "live.bad_message"


# ------------------------------------------------------------------ the room's key
def test_a_forged_welcome_from_a_device_that_knows_the_password_is_refused(net):
    """Eve knows the room's password and greets a newcomer first, with a game
    of her own making and seats that say every seat is taken: not signed with
    the room's key, it is refused, and the room's own welcome is taken."""
    seated_bob(net)
    eve_state = new_game(["Eve", "Eve 2", "Eve 3"], 666)
    seats = [{"seat": i, "kind": "human", "status": "taken", "name": "Eve"} for i in range(3)]
    welcome = {
        "v": VERSION,
        "t": "welcome",
        "room": "room-1",
        "nonce": "n" * 20,
        "code": link_code(Table(eve_state, KINDS)),
        "seats": seats,
    }
    newcomer = GuestRoom("room-1")
    event = newcomer.receive(dump(welcome), net.now, "e")
    assert event.kind == "ignored" and event.message == EN.t("live.forged")
    assert newcomer.state is None and newcomer.host_peer is None
    # Any other word of Eve's as the room's device: refused alike, before a seat and after.
    for forged in (
        {"v": VERSION, "t": "seats", "room": "room-1", "seats": seats},
        {"v": VERSION, "t": "beat", "room": "room-1"},
        {"v": VERSION, "t": "said", "room": "room-1", "seat": 0, "text": "I am the host"},
    ):
        assert newcomer.receive(dump(forged), net.now, "e").message == EN.t("live.forged")
    net.guests["n"] = newcomer
    net.deliver(net.host.connected("n").send)  # the room's device's welcome, signed
    assert newcomer.state.moves == net.host.state.moves
    assert newcomer.host_peer == "h"
    assert newcomer.receive(dump(welcome), net.now, "e").kind == "ignored"
    assert newcomer.state.setup.seed == net.host.state.setup.seed
    assert [s["status"] for s in newcomer.seats] == ["host", "taken", "host"]
