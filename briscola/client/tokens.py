"""Seat tokens kept on disk, so that a person whose client died gets their seat back.

A token is the only key to a seat; held only in the client's memory it died
with the client, and the person was locked out of their own match.  Here
each token is kept in the user's state directory (``$XDG_STATE_HOME/
briscola/seats.json``, else ``~/.local/state/briscola/seats.json``; mode
0600 in a folder of its own, 0700, written whole through a fresh file that no
planted link can stand in for, and renamed into place), by server address, table
and name, until the person leaves or the server says the token is over.  A seat is
kept under the name it was taken with, so that two people joining from one
account (two terminals) never resume each other's seat.  The file is
the user's own: what it holds is checked, and a broken file is started
afresh rather than stopping anyone from playing.  Floor 7 (client).
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import stat
from pathlib import Path
from typing import Any

__all__ = ["Tokens", "state_dir"]

MAX_KEPT = 64  # seats remembered at most: the oldest go first
MAX_BYTES = 1 << 20  # of the file read: it is ours, yet never read without a bound


def state_dir(env: dict[str, str] | None = None) -> Path:
    """``briscola`` under ``$XDG_STATE_HOME`` (or ``~/.local/state``)."""
    env = dict(os.environ) if env is None else env
    base = env.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "briscola"


class Tokens:
    """The seats this user holds, by server (``host:port``) and table."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else state_dir() / "seats.json"

    def _read(self) -> dict[str, dict[str, Any]]:
        try:
            fd = os.open(self.path, os.O_RDONLY | os.O_NOFOLLOW)
            with os.fdopen(fd, encoding="utf-8") as f:
                data = json.loads(f.read(MAX_BYTES))
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict):
            return {}
        return {
            k: v
            for k, v in data.items()
            if isinstance(k, str) and isinstance(v, dict) and isinstance(v.get("token"), str)
        }

    def _write(self, data: dict[str, dict[str, Any]]) -> None:
        """Write the file whole into a folder of the user's own (0700), through a fresh
        file no link can stand in for (O_EXCL, O_NOFOLLOW), renamed into place."""
        with contextlib.suppress(OSError):  # no state directory of our own: not kept
            folder = self.path.parent
            folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            st = os.lstat(folder)
            if not stat.S_ISDIR(st.st_mode) or st.st_uid != os.getuid():
                return  # a link, or someone else's folder: the seat is not kept there
            if st.st_mode & 0o077:
                os.chmod(folder, 0o700)
            tmp = folder / f".{self.path.name}.{secrets.token_hex(8)}.tmp"
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
            fd = os.open(tmp, flags, 0o600)
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as f:
                    json.dump(data, f, indent=1)
                tmp.replace(self.path)
            finally:
                tmp.unlink(missing_ok=True)

    @staticmethod
    def _key(server: str, table: str, name: str) -> str:
        # By name too: two people at one table from one account (two terminals) each
        # keep their own seat (one key per table kept only the last one to sit down).
        return json.dumps([server, table, name])

    @staticmethod
    def _parts(key: str, kept: dict[str, Any]) -> tuple[str, str, object]:
        """A key's server, table and name; an older file's key was "server table"."""
        with contextlib.suppress(ValueError):
            parts = json.loads(key)
            if (
                isinstance(parts, list)
                and len(parts) == 3
                and all(isinstance(p, str) for p in parts)
            ):
                return parts[0], parts[1], parts[2]
        there, _, at = key.partition(" ")
        return there, at, kept.get("name")

    def _find_key(
        self, data: dict[str, dict[str, Any]], server: str, name: str, table: str | None
    ) -> str | None:
        for key in reversed(list(data)):
            there, at, whose = self._parts(key, data[key])
            if there == server and (table is None or at == table) and whose == name:
                return key
        return None

    def find(self, server: str, name: str, table: str | None = None) -> dict[str, Any] | None:
        """The seat kept for ``name`` on ``server`` (at ``table``, or the latest at any)."""
        data = self._read()
        key = self._find_key(data, server, name, table)
        if key is None:
            return None
        return {"table": self._parts(key, data[key])[1], **data[key]}

    def keep(self, server: str, name: str, table: str, token: str, seat: int) -> None:
        data = self._read()
        while (old := self._find_key(data, server, name, table)) is not None:
            del data[old]
        data[self._key(server, table, name)] = {"token": token, "seat": seat, "name": name}
        while len(data) > MAX_KEPT:
            del data[next(iter(data))]
        self._write(data)

    def keep_hand(
        self, server: str, name: str, table: str, round_: int, hand: list[str | None]
    ) -> None:
        """The hand's slots, so that a client started again numbers the cards as before."""
        data = self._read()
        key = self._find_key(data, server, name, table)
        kept = None if key is None else data[key]
        if kept is None or (kept.get("hand"), kept.get("round")) == (hand, round_):
            return
        kept["hand"], kept["round"] = hand, round_
        self._write(data)

    def forget(self, server: str, name: str, table: str) -> None:
        data = self._read()
        key = self._find_key(data, server, name, table)
        if key is not None:
            del data[key]
            self._write(data)
