"""The page's localStorage as Python sees it from its worker.

Python runs in a Web Worker, which has no localStorage, and without
cross-origin isolation it cannot ask the page for a value and wait for it. So
the page hands Python a copy of every key under the site's prefix when Python
starts, and tells it each change another tab makes (the ``storage`` event);
Python reads that copy at once, and every write it makes is kept in a list
that goes back to the page with the call's answer. The page writes them into
localStorage, in order, before it draws the answer: a decision is on the
device before the player sees it.

A device that refuses to save (private browsing, storage full or disabled)
is found by the page with a test write; then every ``set`` answers False, as
localStorage itself would have, and the session says so once.
"""

from __future__ import annotations

from collections.abc import Mapping

# One write for the page: the key (under the prefix) and the new value, or
# None to remove the key.
Write = tuple[str, str | None]


class Mirror:
    """localStorage under the site's prefix, kept in Python: the session's
    ``Storage``. Never raises."""

    def __init__(self, prefix: str, entries: Mapping[str, str], refuses: bool = False) -> None:
        self.prefix = prefix
        self.data = {
            key[len(prefix) :]: value for key, value in entries.items() if key.startswith(prefix)
        }
        self.refuses = refuses
        self.writes: list[Write] = []

    def name(self, key: str) -> str:
        return self.prefix + key

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> bool:
        if self.refuses:
            return False
        self.data[key] = value
        self.writes.append((self.prefix + key, value))
        return True

    def remove(self, key: str) -> None:
        if self.data.pop(key, None) is not None:
            self.writes.append((self.prefix + key, None))

    def changed(self, key: str, value: str | None) -> None:
        """Another tab (or the page itself) changed ``key``, a full key as the
        browser stores it: this copy follows, and nothing goes back."""
        if not key.startswith(self.prefix):
            return
        short = key[len(self.prefix) :]
        if value is None:
            self.data.pop(short, None)
        else:
            self.data[short] = value

    def refused(self) -> None:
        """The page could not write (the storage filled up): from now on every
        write answers False, so the session says so once and offers an export."""
        self.refuses = True

    def take(self) -> list[Write]:
        """The writes made since the last call, for the page to apply in order."""
        writes, self.writes = self.writes, []
        return writes
