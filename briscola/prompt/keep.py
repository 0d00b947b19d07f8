"""What ``briscola play`` keeps between sessions: a match left to finish later, and
the history of finished matches (``briscola stats``).

Both live in ``$XDG_DATA_HOME/briscola`` (``~/.local/share/briscola``), a folder
only its owner may open (0700), each file readable by its owner alone (0600): a
kept match's record holds its seed, which deals every hand.  The kept match is a
whole record (:mod:`briscola.engine.records`) that ends in a ``pause`` line; it
goes on as the LAN server's tables do after a restart
(:func:`briscola.engine.replay.resume_point`).  Floor 6.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

__all__ = [
    "HISTORY_LIMIT",
    "Finished",
    "add_history",
    "data_dir",
    "history",
    "kept_path",
    "open_private",
    "playing_path",
]

HISTORY_LIMIT = 100_000  # lines read back at most: a history is small, a huge file is not one


def data_dir(env: Mapping[str, str] | None = None) -> Path:
    """``$XDG_DATA_HOME/briscola`` (or ``~/.local/share/briscola``), made 0700."""
    env = os.environ if env is None else env
    base = env.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    path = Path(base) / "briscola"
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    with contextlib.suppress(OSError):
        path.chmod(0o700)
    return path


def kept_path() -> Path:
    """The match kept to finish later (one: the last one kept)."""
    return data_dir() / "kept.jsonl"


def playing_path() -> Path:
    """The record of the match being played, when none was asked for (``--record``):
    kept when the person leaves, removed when the match ends."""
    return data_dir() / f"playing-{os.getpid()}.jsonl"


def open_private(path: Path, mode: str = "w") -> IO[str]:
    """A text file only its owner may read, made so before anything is written."""
    flags = os.O_WRONLY | os.O_CREAT | (os.O_APPEND if mode == "a" else os.O_TRUNC)
    fd = os.open(path, flags, 0o600)
    os.fchmod(fd, 0o600)
    return os.fdopen(fd, mode, encoding="utf-8")


@dataclass(frozen=True)
class Finished:
    """One finished match in the history."""

    when: float  # seconds since the epoch
    level: str  # the level, or the opponents' spec when none was named
    players: int
    variant: str
    target: int
    result: str  # "won", "lost" or "drawn"
    mine: int  # points of the person's side, every round
    theirs: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "when": round(self.when),
            "level": self.level,
            "players": self.players,
            "variant": self.variant,
            "target": self.target,
            "result": self.result,
            "mine": self.mine,
            "theirs": self.theirs,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Finished | None:
        """A history line, or None when it is not one (a torn or foreign line)."""
        try:
            made = cls(
                float(data["when"]), str(data["level"])[:40], int(data["players"]),
                str(data["variant"])[:20], int(data["target"]), str(data["result"]),
                int(data["mine"]), int(data["theirs"]),
            )  # fmt: skip
        except (KeyError, TypeError, ValueError):
            return None
        return made if made.result in ("won", "lost", "drawn") else None


def add_history(entry: Finished) -> None:
    with open_private(data_dir() / "history.jsonl", "a") as f:
        f.write(json.dumps(entry.to_dict(), separators=(",", ":")) + "\n")


def history() -> Iterator[Finished]:
    """The finished matches, oldest first; lines that are not whole entries are skipped."""
    path = data_dir() / "history.jsonl"
    try:
        f = path.open(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return
    with f:
        for n, line in enumerate(f):
            if n >= HISTORY_LIMIT:
                return
            try:
                entry = Finished.from_dict(json.loads(line[:10_000]))
            except ValueError:
                continue
            if entry is not None:
                yield entry


def now() -> float:
    return time.time()
