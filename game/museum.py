"""The museum: 15 rooms in five wings, the booking rule and the exhibition values."""

from __future__ import annotations

from functools import lru_cache

# Wing i (1-5) has a 3-room and a 5-room; the 2-room between wings i and i+1
# (and between 5 and 1) belongs to both.
ROOMS: tuple[str, ...] = tuple(
    room for i in range(1, 6) for room in (f"W{i}-3", f"W{i}-5", f"W{i}{i % 5 + 1}-2")
)
ROOM_INDEX: dict[str, int] = {room: idx for idx, room in enumerate(ROOMS)}
ROOM_VALUE: tuple[int, ...] = tuple(int(room[-1]) for room in ROOMS)


def _two_rooms_of_wing(wing: int) -> tuple[int, int]:
    before = 5 if wing == 1 else wing - 1
    return (ROOM_INDEX[f"W{before}{wing}-2"], ROOM_INDEX[f"W{wing}{wing % 5 + 1}-2"])


# Rooms that open onto each 5-room.
FIVE_ROOM_ACCESS: dict[int, tuple[int, ...]] = {
    ROOM_INDEX[f"W{w}-5"]: (ROOM_INDEX[f"W{w}-3"],) + _two_rooms_of_wing(w) for w in range(1, 6)
}

# For the exhibition: (room index, value) of every room that counts for wing w.
WING_ROOMS: dict[int, tuple[tuple[int, int], ...]] = {
    w: ((ROOM_INDEX[f"W{w}-5"], 5), (ROOM_INDEX[f"W{w}-3"], 3))
    + tuple((r, 2) for r in _two_rooms_of_wing(w))
    for w in range(1, 6)
}


# For each room, the rooms one of which the player must hold to book it (5-rooms),
# else (-1, -1, -1).
_NEEDS: tuple[tuple[int, ...], ...] = tuple(
    FIVE_ROOM_ACCESS.get(r, (-1, -1, -1)) for r in range(len(ROOMS))
)


def open_rooms(museum: list[int], player: int) -> list[int]:
    """Rooms ``player`` may book now: any free 2- or 3-room, or a free 5-room
    next to a 2- or 3-room the player already holds."""
    return list(_open_rooms(tuple(museum), player))


@lru_cache(maxsize=4096)  # the same museums come back again and again
def _open_rooms(museum: tuple[int, ...], player: int) -> tuple[int, ...]:
    result = []
    for idx, holder in enumerate(museum):
        if holder == -1:
            a, b, c = _NEEDS[idx]
            if a < 0 or player == museum[a] or player == museum[b] or player == museum[c]:
                result.append(idx)
    return tuple(result)


def exhibition_multiplier(museum: list[int], player: int, wing: int) -> int:
    """Points per card of the patron of ``wing`` (1-5): best room held, else 1."""
    best = 1
    for room, value in WING_ROOMS[wing]:
        if museum[room] == player and value > best:
            best = value
    return best
