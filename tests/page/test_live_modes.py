"""Live play through the page's calls (web/page/live/calls.py, added to the bridge,
and web/page/live/hosting.py, visiting.py), without a browser: each device is a Bridge on its own
storage, wired by a little in-memory room that carries what each call
answers to send, as the page's glue (web/front/js/live/) does with the transport."""

from __future__ import annotations

import base64
import io
import json
import random
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from game import replay
from game.compact import decode_link
from harness.pages import offered
from page.bridge import BadCall, Bridge, unpack_part
from page.live.protocol import VERSION, dump
from page.session import Session
from page.share import checked_code
from page.texts import Texts
from tests.page.fakes import Memory

NAMES = ["Ann", "Bob", "Cy"]
EN = Texts("en")
# A room's key pair as the page makes it (web/front/js/live/keys.js): the page signs
# and checks; Python keeps it and is told whether a message was signed.
KEY, SIGNING = "e" + "K" * 43, "e" + "S" * 86
KEY2, SIGNING2 = "p" + "L" * 87, "p" + "T" * 184


def call(bridge: Bridge, name: str, *args: Any) -> Any:
    return json.loads(bridge.answer(name, json.dumps(list(args))))


@dataclass
class Device:
    name: str
    bridge: Bridge
    storage: Memory
    last: dict[str, Any] = field(default_factory=dict)
    said: list[str] = field(default_factory=list)


@dataclass
class Room:
    """Devices by peer id; "h" is the room's device. ``sent`` counts messages."""

    devices: dict[str, Device] = field(default_factory=dict)
    now: float = 1000.0
    sent: list[tuple[str, str, str]] = field(default_factory=list)  # (from, to, text)
    offline: set[str] = field(default_factory=set)

    def answer(self, peer: str, answer: dict[str, Any]) -> dict[str, Any]:
        """Take one call's answer from ``peer``: remember its view and words, deliver its messages."""
        device = self.devices[peer]
        device.last = answer
        if answer["live"]:
            device.said += answer["live"]["said"]
        for out in answer["send"]:
            targets = (
                [out["to"]] if out["to"] is not None else [p for p in self.devices if p != peer]
            )
            for to in targets:
                if to in self.devices and to not in self.offline and peer not in self.offline:
                    self.sent.append((peer, to, out["text"]))
                    # What the room's device sends goes out signed with the room's key.
                    signed = bool(answer["live"]) and answer["live"]["role"] == "host"
                    self.deliver(peer, to, out["text"], signed)
        return answer

    def deliver(self, origin: str, to: str, text: str, signed: bool = False) -> None:
        device = self.devices[to]
        self.answer(to, call(device.bridge, "liveReceive", text, origin, self.now, signed))

    def connect(self, peer: str, device: Device) -> None:
        self.devices[peer] = device
        for other in list(self.devices):
            if other != peer:  # both ends hear of the other, as with the transport
                self.answer(
                    other, call(self.devices[other].bridge, "livePeer", peer, True, self.now)
                )
                self.answer(peer, call(device.bridge, "livePeer", other, True, self.now))

    def call(self, peer: str, name: str, *args: Any) -> dict[str, Any]:
        return self.answer(peer, call(self.devices[peer].bridge, name, *args))

    def tick(self, seconds: float = 1.0, hidden: frozenset[str] = frozenset()) -> None:
        """Every device beats; those in ``hidden`` say their page is in the background."""
        self.now += seconds
        for peer in list(self.devices):
            if peer not in self.offline:
                self.call(peer, "liveTick", self.now, peer in hidden)


def device(name: str, storage: Memory | None = None) -> Device:
    storage = storage or Memory()
    session = Session.open(storage, "en", fresh_seed=lambda: 5)
    bridge = Bridge(session, storage)
    assert call(bridge, "addPart", "live", "")  # page.live is in the tree: nothing to unpack
    return Device(name, bridge, storage)


def test_live_calls_are_served_only_once_live_play_is_added() -> None:
    storage = Memory()
    bridge = Bridge(Session.open(storage, "en"), storage)
    with pytest.raises(BadCall, match="no such call"):
        bridge.answer("liveHost", json.dumps([[1], KEY, SIGNING, 0.0]))
    assert call(bridge, "addPart", "live", "")
    assert call(bridge, "liveFlush", 0.0)["live"] is None
    assert not call(bridge, "addPart", "../live", "")
    assert not call(bridge, "addPart", "nothing_here", "")


def zipped(files: dict[str, str]) -> str:
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return base64.b64encode(data.getvalue()).decode("ascii")


def test_a_part_s_zip_is_unpacked_only_where_it_belongs(tmp_path: Path) -> None:
    assert not unpack_part("extra", "not base64!", tmp_path)
    assert not unpack_part("extra", zipped({"page/other/x.py": ""}), tmp_path)
    assert not unpack_part("extra", zipped({"page/extra/../../x.py": ""}), tmp_path)
    assert not list(tmp_path.iterdir())
    assert unpack_part("extra", zipped({"page/extra/__init__.py": "X = 1\n"}), tmp_path) is False
    # Unpacked, though page.extra is found only where web/page/ is on the path.
    assert (tmp_path / "page" / "extra" / "__init__.py").read_text() == "X = 1\n"


def host_room(kinds: list[str] | None = None, names: list[str] = NAMES) -> tuple[Room, Device]:
    """Ann's device opens a room: Ann, Bob (a friend) and an easy computer."""
    host = device("host")
    kinds = kinds or ["human", "human", "easy"]
    call(host.bridge, "newGame", names[: len(kinds)], "7", {"nile": False, "seats": kinds})
    room = Room()
    room.devices["h"] = host
    friends = [i for i in range(len(kinds)) if i > 0 and kinds[i] == "human"]
    answer = room.call("h", "liveHost", friends, KEY, SIGNING, room.now)
    assert answer["live"]["role"] == "host"
    return room, host


def join(room: Room, peer: str, name: str, seat: int | None, storage: Memory | None = None):
    guest = device(name, storage)
    info = room.devices["h"].last["live"]
    remembered = guest.storage.get("live:" + info["room"])
    room.devices[peer] = guest
    room.call(peer, "liveJoin", info["room"], info["password"], info["key"], remembered, room.now)
    room.devices.pop(peer)
    room.connect(peer, guest)
    if seat is not None and remembered is None:
        room.call(peer, "liveTake", seat, name, room.now)  # answered as the messages arrive
        assert guest.last["live"]["mine"] == seat, guest.last["view"]["message"]
    keep = guest.last["live"]["remember"]
    if keep:
        guest.storage.set("live:" + info["room"], keep)
    return guest


def play_one(room: Room, rng: random.Random) -> None:
    """The device whose turn it is clicks one offered target (or the host's computer moves)."""
    host = room.devices["h"]
    view = host.last["view"]
    if view["bot_to_move"]:
        state = host.bridge.session.table.state
        move = rng.choice(state.legal_moves()).to_json()
        call(host.bridge, "playBotMove", move, view["stamp"])
        room.call("h", "liveFlush", room.now)
        return
    for peer, dev in room.devices.items():
        if peer in room.offline:
            continue
        targets = offered(dev.last["view"])
        if targets:
            non_pass = [t for t in targets if t != "action:pass"]
            target = rng.choice(non_pass if non_pass and rng.random() < 0.75 else targets)
            dev.last = {**dev.last, "view": call(dev.bridge, "click", target)}
            room.call(peer, "liveFlush", room.now)
            return
    raise AssertionError("nobody can play: " + str(host.last["view"]["prompt"]))


def record_of(dev: Device) -> dict[str, Any]:
    return json.loads(call(dev.bridge, "exportRecord"))


# ------------------------------------------------------------------ tests
def test_a_whole_game_between_two_devices_ends_the_same_on_both() -> None:
    room, host = host_room()
    bob = join(room, "b", "Bobby", 1)
    seats = host.last["live"]["seats"]
    assert [s["status"] for s in seats] == ["host", "taken", "host"]
    assert "Bobby joined the game." in host.said
    rng = random.Random(4)
    moves = 0
    while not host.bridge.session.table.state.over:
        play_one(room, rng)
        moves += 1
        assert moves < 3000
    assert record_of(host) == record_of(bob)
    assert replay(record_of(bob)).over
    assert bob.last["view"]["final"] is not None and bob.last["live"]["over"]
    # Each device kept the game in its own save.
    assert host.storage.get("current") and bob.storage.get("current")


def test_a_guest_can_play_only_on_its_turn_and_never_for_another_seat() -> None:
    room, host = host_room()
    bob = join(room, "b", "Bobby", 1)
    view = bob.last["view"]
    assert view["to_move"] == 0 and view["actions"] == []  # Ann's turn: nothing to click
    before = len(room.sent)
    view = call(bob.bridge, "click", "action:dig")
    assert view["message"] == EN.t("live.wait_turn", who="Ann")
    assert room.call("b", "liveFlush", room.now)["send"] == []
    assert len(room.sent) == before
    # The host cannot play Bob's seat either, nor take moves back.
    rng = random.Random(1)
    while host.bridge.session.table.state.to_move != 1:
        play_one(room, rng)
    view = call(host.bridge, "click", "action:dig")
    assert view["message"] == EN.t("live.wait_turn", who="Bobby")
    assert call(host.bridge, "click", "undo")["message"] == EN.t("live.no_undo")
    assert bob.last["view"]["actions"] != []  # Bob's turn, on Bob's device


def test_forged_replayed_and_other_seat_messages_change_nothing() -> None:
    room, host = host_room(["human", "human", "human"])
    bob = join(room, "b", "Bobby", 1)
    cy = join(room, "c", "Cy", 2)
    rng = random.Random(2)
    while host.bridge.session.table.state.to_move != 1:
        play_one(room, rng)
    # Bob plays; his message is kept to be replayed later.
    targets = offered(bob.last["view"])
    mark = len(room.sent)
    while host.bridge.session.table.state.to_move == 1:
        target = rng.choice([t for t in offered(bob.last["view"]) if t != "action:pass"] or targets)
        bob.last = {**bob.last, "view": call(bob.bridge, "click", target)}
        room.call("b", "liveFlush", room.now)
    moved = [text for frm, to, text in room.sent[mark:] if frm == "b" and '"move"' in text]
    assert moved
    record = record_of(host)

    def refused(peer: str, text: str) -> dict[str, Any]:
        answer = call(host.bridge, "liveReceive", text, peer, room.now, False)
        return answer

    # Replayed: the same message again.
    answer = refused("b", moved[-1])
    assert any("live.replayed" in out["text"] for out in answer["send"])
    # Cy's device sends a move for Bob's seat (it has no secret for it).
    message = json.loads(moved[-1])
    message["seq"] += 100
    answer = refused("c", dump(message))
    assert any("live.not_your_seat" in out["text"] for out in answer["send"])
    # A forged game sent to Bob by Cy's device: ignored on Bob's.
    bob_before = record_of(bob)
    forged = {"v": VERSION, "t": "game", "room": host.last["live"]["room"], "code": "x.abcdef"}
    forged["seats"] = host.last["live"]["seats"]
    call(bob.bridge, "liveReceive", json.dumps(forged), "c", room.now, False)
    assert record_of(host) == record and record_of(bob) == bob_before
    assert cy.last["live"]["mine"] == 2


def test_a_guest_that_reloads_comes_back_to_its_seat_and_catches_up() -> None:
    room, host = host_room()
    bob = join(room, "b", "Bobby", 1)
    rng = random.Random(6)
    for _ in range(5):
        play_one(room, rng)
    # Bob's device goes quiet: shown away within a few seconds.
    room.offline.add("b")
    for _ in range(5):
        room.tick()
    assert host.last["live"]["seats"][1]["status"] == "away"
    assert "Bobby is away." in host.said
    # The others play on while Bob is gone (until it is Bob's turn).
    while host.bridge.session.table.state.to_move != 1:
        play_one(room, rng)
    # Bob's page reloads: a new bridge on the same storage, a new peer id.
    room.devices.pop("b")
    room.offline.discard("b")
    bob2 = join(room, "b2", "Bobby", 1, storage=bob.storage)
    assert bob2.last["live"]["mine"] == 1
    assert record_of(bob2) == record_of(host)
    assert host.last["live"]["seats"][1]["status"] == "taken"
    assert "Bobby is back." in host.said
    assert bob2.last["view"]["actions"]  # Bob's turn, Bob can play


def test_a_guest_carries_on_when_the_host_leaves() -> None:
    room, host = host_room()
    bob = join(room, "b", "Bobby", 1)
    rng = random.Random(8)
    for _ in range(4):
        play_one(room, rng)
    room.devices.pop("h")
    room.call("b", "livePeer", "h", False, room.now)
    assert bob.last["live"]["host_away"]
    answer = room.call("b", "liveTakeOver", KEY2, SIGNING2, room.now)
    assert answer["live"]["role"] == "host" and answer["live"]["key"] == KEY2
    assert [json.loads(out["text"])["t"] for out in answer["send"]] == ["moved"]
    assert record_of(bob)["moves"] == record_of(host)["moves"]
    assert [s["status"] for s in answer["live"]["seats"]] == ["free", "host", "host"]


def test_the_others_follow_a_guest_that_carries_on_into_its_new_room() -> None:
    room, host = host_room(["human", "human", "human", "easy"])
    bob = join(room, "b", "Bobby", 1)
    cy = join(room, "c", "Cy", 2)
    rng = random.Random(5)
    for _ in range(5):
        play_one(room, rng)
    # While the room's device is there, a guest's word that the game moved is not taken.
    early = bob.bridge.mode.guest.moved("elsewhere", "password-1", KEY2, "Bobby")  # type: ignore[attr-defined]
    assert call(cy.bridge, "liveReceive", early, "b", room.now, False)["live"]["moved"] is None
    room.devices.pop("h")
    for peer in ("b", "c"):
        room.call(peer, "livePeer", "h", False, room.now)
    answer = room.call("b", "liveTakeOver", KEY2, SIGNING2, room.now)  # reaches Cy, in the old room
    moved = cy.last["live"]["moved"]
    assert moved == {
        "room": answer["live"]["room"],
        "password": answer["live"]["password"],
        "key": KEY2,
        "by": "Bobby",
    }
    # Cy follows: the new room's device is Bob's; Cy takes the same seat back.
    new_room = Room(now=room.now)
    new_room.devices["h"] = bob
    new_room.devices["c"] = cy
    new_room.call(
        "c", "liveJoin", moved["room"], moved["password"], moved["key"], None, new_room.now
    )
    new_room.devices.pop("c")
    new_room.connect("c", cy)
    new_room.call("c", "liveTake", 2, "Cy", new_room.now)
    assert cy.last["live"]["mine"] == 2 and cy.last["live"]["moved"] is None
    assert record_of(cy) == record_of(bob)
    # Ann, whose device was the room's, comes in again by the new invite; the game goes on.
    ann = join(new_room, "a", "Ann", 0)
    before = len(record_of(bob)["moves"])
    while len(record_of(bob)["moves"]) < before + 6:
        play_one(new_room, rng)
    assert record_of(cy) == record_of(bob) == record_of(ann)


def test_leaving_keeps_the_game_playable_on_this_device() -> None:
    room, host = host_room()
    bob = join(room, "b", "Bobby", 1)
    view = call(bob.bridge, "liveLeave")
    assert view["actions"]  # Ann's turn, played here now (a game by link, or passed around)
    answer = call(bob.bridge, "liveTick", room.now, False)
    assert answer["live"] is None and answer["send"] == []


@pytest.mark.parametrize("code", ["relays-unreachable", "no-peer", "insecure", "other"])
def test_failures_are_said_in_the_page_language(code: str) -> None:
    dev = device("x")
    text = call(dev.bridge, "liveFailure", code)
    assert "by link" in text
    call(dev.bridge, "setLanguage", "fr")
    assert "lien" in call(dev.bridge, "liveFailure", code)


def test_the_host_reopens_its_room_after_a_reload_and_the_guest_comes_back() -> None:
    room, host = host_room()
    bob = join(room, "b", "Bobby", 1)
    rng = random.Random(3)
    for _ in range(5):
        play_one(room, rng)
    kept = host.last["live"]["remember"]
    assert kept and "secret" in kept
    before = record_of(host)
    # The host's page reloads: a new bridge on the same storage, a new peer id.
    room.devices.pop("h")
    room.call("b", "livePeer", "h", False, room.now)
    assert bob.last["live"]["host_away"]
    host2 = device("host", host.storage)
    room.devices["h2"] = host2
    answer = room.call("h2", "liveReopen", kept, KEY2, SIGNING2, room.now)
    assert answer["live"]["role"] == "host" and answer["live"]["room"] == host.last["live"]["room"]
    assert answer["live"]["seats"][1]["status"] == "away"
    room.devices.pop("h2")
    room.connect("h2", host2)
    assert host2.last["live"]["seats"][1]["status"] == "taken"
    assert not bob.last["live"]["host_away"] and bob.last["live"]["mine"] == 1
    assert record_of(host2) == before == record_of(bob)
    # And the game goes on between them.
    rooms_moves = len(before["moves"])
    while len(record_of(host2)["moves"]) < rooms_moves + 6:
        room.devices["h"] = host2  # play_one looks for the host under "h"
        play_one(room, rng)
        room.devices.pop("h")
    assert record_of(host2) == record_of(bob)


def test_a_kept_room_for_another_game_is_not_reopened() -> None:
    room, host = host_room()
    kept = host.last["live"]["remember"]
    other = device("other")
    answer = call(other.bridge, "liveReopen", kept, KEY, SIGNING, 0.0)
    assert answer["live"] is None
    assert call(other.bridge, "liveReopen", "{not json", KEY, SIGNING, 0.0)["live"] is None


def test_carrying_on_before_any_game_came_changes_nothing() -> None:
    dev = device("x")
    answer = call(dev.bridge, "liveJoin", "room-name-1", "password-1", KEY, None, 0.0)
    assert answer["live"]["role"] == "guest"
    answer = call(dev.bridge, "liveTakeOver", KEY2, SIGNING2, 0.0)
    assert answer["live"]["role"] == "guest" and answer["send"] == []


def test_a_beat_does_not_write_the_view_for_the_first_paint() -> None:
    room, host = host_room()
    host.storage.data.pop("view", None)
    room.tick()
    assert "view" not in host.storage.data  # a beat every second writes nothing
    call(host.bridge, "click", "cancel")
    assert "view" in host.storage.data


def test_a_host_in_the_background_is_away_for_now_not_gone() -> None:
    room, host = host_room()
    bob = join(room, "b", "Bobby", 1)
    room.tick(hidden=frozenset({"h"}))
    info = bob.last["live"]
    assert info["seats"][0]["state"] == EN.t("live.status_host_hidden")
    assert EN.t("live.host_hidden") in bob.said
    # Its beats stop (its page frozen): Bob is not offered to carry on yet.
    room.offline.add("h")
    room.tick(seconds=30)
    assert not bob.last["live"]["host_away"]
    assert bob.last["live"]["seats"][1]["status"] == "taken"
    # It is back and shown: its seat says so again, and so does the live region.
    room.offline.discard("h")
    room.tick()
    info = bob.last["live"]
    assert not info["host_away"] and info["seats"][0]["state"] == EN.t("live.status_host")
    assert EN.t("live.host_shown") in bob.said
    assert host.last["live"]["seats"][1]["status"] == "taken"  # Bob was given time after its sleep


def test_a_host_silent_in_the_foreground_is_offered_to_carry_on_without() -> None:
    room, _ = host_room()
    bob = join(room, "b", "Bobby", 1)
    room.tick()
    room.offline.add("h")
    room.tick(seconds=5)
    assert bob.last["live"]["host_away"]


def test_a_friend_s_name_is_the_seat_s_name_everywhere_even_after_the_first_moves() -> None:
    room, host = host_room(["human", "human", "human"])
    bob = join(room, "b", "Bobby", 1)
    rng = random.Random(12)
    for _ in range(4):
        play_one(room, rng)
    cy = join(room, "c", "Cyd", 2)  # Cy takes a seat once the game is under way
    names = ["Ann", "Bobby", "Cyd"]
    for dev in (host, bob, cy):
        view = dev.last["view"]
        assert [p["name"] for p in view["players"]] == names
        assert [s["name"] for s in dev.last["live"]["seats"]] == names
        assert record_of(dev)["setup"]["players"] == names
        link = call(dev.bridge, "shareLink")
        linked = decode_link(checked_code(link["code"].split("=", 1)[1]))
        assert list(linked.state.setup.players) == names
    while not host.bridge.session.table.state.over:
        play_one(room, rng)
    for dev in (host, bob, cy):
        final = dev.last["view"]["final"]
        assert final is not None and [r["name"] for r in final["rows"]] == names
        assert any("Cyd" in line for line in dev.last["view"]["log"])
        assert record_of(dev) == record_of(host)
    assert replay(record_of(cy)).setup.players == tuple(names)
    # The saved game (the next visit's) holds the names too.
    reloaded = device("host", host.storage)
    assert record_of(reloaded)["setup"]["players"] == names


def slots(dev: Device) -> list[str]:
    """The games saved on a device (their slots' keys)."""
    return sorted(key for key in dev.storage.data if key.startswith("game:"))


def test_play_again_starts_the_next_game_in_the_room_and_everyone_follows() -> None:
    room, host = host_room(["human", "human", "human", "easy"], [*NAMES, "Dee"])
    bob = join(room, "b", "Bobby", 1)
    cy = join(room, "c", "Cyd", 2)
    rng = random.Random(21)
    while not host.bridge.session.table.state.over:
        play_one(room, rng)
    finished = record_of(bob)
    assert host.last["live"]["over"]
    # Cy leaves; the room's device plays again, Bob first, a harder computer, the Nile.
    call(cy.bridge, "liveLeave")
    room.devices.pop("c")
    room.call("h", "livePeer", "c", False, room.now)
    names = list(finished["setup"]["players"])
    answer = room.call("h", "liveAgain", [1, 0, 2, 3], True, ["", "", "", "hard"], room.now)
    assert answer["view"]["final"] is None and answer["view"]["nile"]
    seats = answer["live"]["seats"]
    assert [s["status"] for s in seats] == ["taken", "host", "free", "host"]
    assert [s["name"] for s in seats] == [names[1], names[0], names[2], names[3]]
    assert seats[3]["kind"] == "hard" and not answer["live"]["over"]
    assert EN.t("live.again_started") in host.said
    # Bob's device followed by itself, in his new seat; the finished game stays in its saves.
    assert bob.last["live"]["mine"] == 0 and bob.last["view"]["nile"]
    assert record_of(bob) == record_of(host) and not record_of(bob)["moves"]
    assert EN.t("live.again_started") in bob.said
    assert len(slots(bob)) == 2 and len(slots(host)) == 2
    assert any(json.loads(bob.storage.data[k]) == finished for k in slots(bob))
    # A newcomer with the invite takes the seat Cy left; the game goes on.
    eve = join(room, "d", "Eve", 2)
    assert eve.last["live"]["mine"] == 2
    assert record_of(host)["setup"]["players"][2] == "Eve"
    for _ in range(8):
        play_one(room, rng)
    assert record_of(host) == record_of(bob) == record_of(eve)
    # The room's device reloads: the room opens again at its second game.
    kept = json.loads(host.last["live"]["remember"])
    assert kept["round"] == 2 and kept["game"] == host.bridge.session.game_id


def test_play_again_from_a_guest_or_with_a_bad_order_changes_nothing() -> None:
    room, host = host_room()
    bob = join(room, "b", "Bobby", 1)
    before = record_of(host)
    answer = room.call("b", "liveAgain", [1, 0, 2], False, [], room.now)
    assert answer["live"]["role"] == "guest" and record_of(bob) == before
    answer = room.call("h", "liveAgain", [0, 0, 2], False, [], room.now)
    assert answer["view"]["message"] == EN.t("msg.click_failed")
    assert record_of(host) == before == record_of(bob)
    # The computer's seat moves with it: people stay people.
    answer = room.call("h", "liveAgain", [0, 2, 1], False, ["", "nonsense", ""], room.now)
    assert [s["kind"] for s in answer["live"]["seats"]] == ["human", "easy", "human"]
    assert bob.last["live"]["mine"] == 2


def test_a_word_to_each_other_is_shown_on_every_device_as_text() -> None:
    room, host = host_room(["human", "human", "human"])
    bob = join(room, "b", "Bobby", 1)
    watcher = join(room, "w", "Wat", None)
    chats: dict[str, list[dict[str, Any]]] = {"h": [], "b": [], "w": []}
    original = room.answer

    def keep(peer: str, answer: dict[str, Any]) -> dict[str, Any]:
        if answer.get("live") and peer in chats:
            chats[peer] += answer["live"]["chat"]
        return original(peer, answer)

    room.answer = keep  # type: ignore[method-assign]
    answer = room.call("b", "liveSay", "<script>alert(1)</script>\u202e", "", room.now)
    assert answer["live"]["chat_note"] is None and answer["live"]["can_chat"]
    line = {"who": "Bobby", "text": "<script>alert(1)</script>", "mine": False}
    assert chats["h"] == [line] and chats["w"] == [line]
    assert chats["b"] == [{**line, "mine": True}]
    # A ready phrase, in each device's language; the room's device speaks for Ann.
    call(bob.bridge, "setLanguage", "fr")
    room.now += 1
    room.call("h", "liveSay", "", "thanks", room.now)
    assert chats["b"][-1] == {"who": "Ann", "text": "Merci pour la partie !", "mine": False}
    assert chats["h"][-1]["mine"] and chats["h"][-1]["text"] == "Thanks for the game!"
    # Too long, or too soon: said to the writer only, nothing sent.
    sent = len(room.sent)
    answer = room.call("b", "liveSay", "x" * 10_000, "", room.now)
    assert answer["live"]["chat_note"] == Texts("fr").t("live.chat_long")
    room.call("b", "liveSay", "un", "", room.now + 2)
    answer = room.call("b", "liveSay", "deux", "", room.now + 2.1)
    assert answer["live"]["chat_note"] == Texts("fr").t("live.chat_slow")
    assert len(room.sent) == sent + 1 + 2  # "un" to the host, then to the two others
    # A watcher reads, and may not write.
    answer = room.call("w", "liveSay", "hello", "", room.now + 10)
    assert not answer["live"]["can_chat"] and answer["live"]["chat_note"]
    assert [c["text"] for c in chats["w"]][-1] == "un"
    # Lines are not kept in any save.
    for dev in (host, bob, watcher):
        assert not any("alert" in value for value in dev.storage.data.values())


def test_the_room_s_key_pair_is_kept_with_the_room_and_a_new_one_serves_an_old_room() -> None:
    room, host = host_room()
    bob = join(room, "b", "Bobby", 1)
    info = host.last["live"]
    assert (info["key"], info["signing"]) == (KEY, SIGNING)
    assert bob.last["live"]["key"] == KEY and bob.last["live"]["signing"] is None
    kept = json.loads(info["remember"])
    assert (kept["key"], kept["signing"]) == (KEY, SIGNING)
    # Reopened after a reload: the same key (the invite the others hold still works).
    again = device("host", host.storage)
    answer = call(again.bridge, "liveReopen", json.dumps(kept), KEY2, SIGNING2, room.now)
    assert answer["live"]["key"] == KEY
    # A room kept before rooms had keys: the new pair, and its old invite is out of date.
    old = {k: v for k, v in kept.items() if k not in ("key", "signing")}
    again = device("host", host.storage)
    answer = call(again.bridge, "liveReopen", json.dumps(old), KEY2, SIGNING2, room.now)
    assert answer["live"]["key"] == KEY2 and answer["live"]["signing"] == SIGNING2
    # A key that is not one: no room.
    other = device("other")
    call(other.bridge, "newGame", ["Ann", "Bob"], "3", {"nile": False, "seats": ["human"] * 2})
    answer = call(other.bridge, "liveHost", [1], "<script>", SIGNING, room.now)
    assert answer["live"] is None


def test_a_room_s_words_unsigned_change_nothing_on_a_guest() -> None:
    room, host = host_room()
    bob = join(room, "b", "Bobby", 1)
    seats = bob.last["live"]["seats"]
    rng = random.Random(3)
    for _ in range(3):
        play_one(room, rng)
    newer = [text for frm, to, text in room.sent if frm == "h" and to == "b" and '"game"' in text]
    bob2 = device("bob", bob.storage)
    info = host.last["live"]
    call(bob2.bridge, "liveJoin", info["room"], info["password"], KEY, None, room.now)
    # The room's device's real words, but not signed with the room's key (as if another
    # device passed them on): refused.
    shown = record_of(bob2)
    answer = call(bob2.bridge, "liveReceive", newer[-1], "h", room.now, False)
    assert answer["live"]["seats"] == [] and record_of(bob2) == shown
    # The same words signed: taken.
    answer = call(bob2.bridge, "liveReceive", newer[-1], "h", room.now, True)
    assert len(answer["live"]["seats"]) == len(seats) and record_of(bob2) == record_of(host)


def test_an_old_invite_is_said_to_be_out_of_date() -> None:
    dev = device("x")
    assert "out of date" in call(dev.bridge, "liveFailure", "old-invite")
    assert "key" in call(dev.bridge, "liveFailure", "key-unsupported")
