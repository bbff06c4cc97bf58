"""Test doubles shared by the tests of the page model (web/page/)."""

from __future__ import annotations


class Memory:
    """localStorage in a dict; ``broken`` makes every write fail (storage disabled)."""

    def __init__(self, data: dict[str, str] | None = None, broken: bool = False) -> None:
        self.data = dict(data or {})
        self.broken = broken

    def name(self, key: str) -> str:
        return key

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> bool:
        if self.broken:
            return False
        self.data[key] = value
        return True

    def remove(self, key: str) -> None:
        self.data.pop(key, None)
