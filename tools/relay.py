#!/usr/bin/env python3
"""A Nostr relay on this machine, for live play without the public relays.

Live play finds peers through Nostr relays (web/front/js/live/transport.js). The
tests, and `./run serve --relay` (players on one Wi-Fi with no internet, or
anyone trying live play on one machine), run this one instead: PyPI
`nostr-relay`, pinned in requirements-dev.txt, started as a process of its own
with a configuration written to a temporary folder (its SQLite file there too).

Usage: .venv/bin/python tools/relay.py [--port 7447] [--host 127.0.0.1]
"""

from __future__ import annotations

import argparse
import json
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

# Runs the package's command line (it has no `python -m` entry of its own).
_LAUNCH = "import sys; from nostr_relay.cli import main; sys.argv[0] = 'nostr-relay'; main()"
START_TIMEOUT_S = 30.0


class RelayError(Exception):
    pass


def free_port(host: str = "127.0.0.1") -> int:
    """A port nothing listens on now (the relay takes it a moment later)."""
    with socket.socket() as probe:
        probe.bind((host, 0))
        port: int = probe.getsockname()[1]
        return port


def relay_config(folder: Path, host: str, port: int) -> dict[str, object]:
    """nostr-relay's settings: this address, storage in ``folder``, quiet logs.
    Announcements of live play are ephemeral events (kinds 20000-29999): the
    relay passes them on and stores nothing of them."""
    address = f"{host}:{port}"
    return {
        "DEBUG": False,
        "relay_name": "Mykerinos local relay",
        "relay_description": "Nostr relay for live play on this network",
        "storage": {
            "sqlalchemy.url": f"sqlite+aiosqlite:///{folder / 'relay.sqlite3'}",
            "num_concurrent_reqs": 10,
            "num_concurrent_adds": 2,
            "validators": [
                "nostr_relay.validators.is_not_too_large",
                "nostr_relay.validators.is_signed",
                "nostr_relay.validators.is_recent",
            ],
        },
        "verification": {"nip05_verification": "disabled"},
        "gunicorn": {"bind": address, "workers": 1, "loglevel": "warning", "reload": False},
        "authentication": {"enabled": False, "valid_urls": [f"ws://{address}"]},
        # A game by turns is one event holding the whole game (web/front/js/turns/):
        # the package's default of 4096 characters would refuse it after a few
        # dozen decisions; public relays take 64 KB and more.
        "max_event_size": 65536,
        "message_timeout": 1800,
        "subscription_limit": 64,
        "max_limit": 6000,
        "logging": {
            "version": 1,
            "handlers": {"console": {"class": "logging.StreamHandler", "level": "WARNING"}},
            "root": {"level": "WARNING", "handlers": ["console"]},
        },
    }


@dataclass
class Relay:
    """A running relay: its ws:// URL; stop() ends it and removes its folder."""

    url: str
    process: subprocess.Popen[bytes]
    folder: Path

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


def answers(host: str, port: int) -> bool:
    """Whether a relay answers its information document (NIP-11) there."""
    request = urllib.request.Request(
        f"http://{host}:{port}/", headers={"Accept": "application/nostr+json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=2) as reply:
            return reply.status == 200 and "name" in json.loads(reply.read())
    except (OSError, ValueError):
        return False


def start_relay(port: int = 0, host: str = "127.0.0.1", quiet: bool = True) -> Relay:
    """Start a relay on host:port (0: a free port) and wait until it answers.
    Raises RelayError if it does not within START_TIMEOUT_S."""
    port = port or free_port(host)
    folder = Path(tempfile.mkdtemp(prefix="mykerinos-relay-"))
    config = folder / "config.yaml"
    config.write_text(json.dumps(relay_config(folder, host, port), indent=2))  # JSON is YAML
    output = subprocess.DEVNULL if quiet else None
    process = subprocess.Popen(
        [sys.executable, "-c", _LAUNCH, "-c", str(config), "serve", "--use-uvicorn"],
        cwd=folder,
        stdout=output,
        stderr=output,
    )
    relay = Relay(f"ws://{host}:{port}", process, folder)
    deadline = time.monotonic() + START_TIMEOUT_S
    while not answers(host, port):
        if process.poll() is not None or time.monotonic() > deadline:
            relay.stop()
            why = "ended" if process.returncode is not None else "did not answer"
            raise RelayError(f"the relay on {host}:{port} {why} (is nostr-relay installed?)")
        time.sleep(0.1)
    return relay


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=7447, help="port (default 7447, 0 = any)")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    args = parser.parse_args(argv)
    try:
        relay = start_relay(args.port, args.host, quiet=False)
    except RelayError as exc:
        print(exc, file=sys.stderr)
        return 1
    print(f"Nostr relay at {relay.url}  (Ctrl+C to stop)", flush=True)
    try:
        relay.process.wait()
    except KeyboardInterrupt:
        pass
    finally:
        relay.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
