"""A run's kept results: ``results.jsonl`` beside its records, one line per match as it
ends, read back when the same command runs again (the arena and the tournament).

Floor 7.  A line is a :class:`~briscola.lab.runner.MatchResult` as JSON plus what
the run adds (the arena: the names by seat; the tournament: the pairing);
``deal`` counts from 0 (the record ``deal00001-rot0.jsonl`` is deal 0).  The
settings a run was played with are kept in a JSON file beside it and checked
before a run adds to it.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import shlex
import sys
from dataclasses import asdict
from pathlib import Path
from typing import IO, Any

from ..spec import UsageError, parse_spec
from .runner import MatchResult

__all__ = [
    "RESULTS",
    "Kept",
    "append",
    "changes",
    "held",
    "identity",
    "read_rows",
    "result_of",
    "row_of",
    "settle",
]

RESULTS = "results.jsonl"


def row_of(res: MatchResult, **extra: Any) -> str:
    """One match as a line of results.jsonl."""
    return json.dumps({**extra, **asdict(res)}) + "\n"


def result_of(row: dict[str, Any]) -> MatchResult:
    """The match of a results.jsonl line; a KeyError, TypeError or ValueError when it is
    not one (a line cut short by a kill)."""
    return MatchResult(
        row["deal"],
        row["rotation"],
        row["winner"],
        tuple(tuple(r) for r in row["rounds"]),
        row["faults"],
        row["forfeit"],
        tuple((c, m) for c, m in row["failures"]),
        row["record_error"],
        # Added later: rows of an older tournament have none of these.
        seed=row.get("seed", 0),
        record=row.get("record", ""),
        side_faults=tuple(tuple(f) for f in row.get("side_faults", ())),
        side_failures=tuple(tuple(f) for f in row.get("side_failures", ())),
        think=tuple(tuple(t) for t in row.get("think", ())),
        late=tuple(row.get("late", ())),
    )


def read_rows(path: Path) -> tuple[list[tuple[dict[str, Any], MatchResult]], bool]:
    """Every whole line of a results file with its match, and whether the last line
    has no end (cut short by a kill)."""
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    rows = []
    for line in text.splitlines():
        try:
            row = json.loads(line)
            rows.append((row, result_of(row)))
        except (ValueError, KeyError, TypeError):
            continue  # a line cut short when the last run was killed: played again
    return rows, bool(text) and not text.endswith("\n")


class Kept:
    """results.jsonl being added to, a line per match as it ends.  A write that fails (a
    full disk, a file size limit) ends the writing and ``error`` says why: the run goes
    on, and a rerun plays the matches the file lacks again."""

    def __init__(self, out: IO[str]) -> None:
        self.out = out
        self.error: str | None = None

    def write(self, line: str) -> None:
        if self.error is not None:
            return
        try:
            self.out.write(line)
            self.out.flush()
        except OSError as err:
            self.error = err.strerror or str(err)

    def close(self, what: str) -> None:
        """Close it; say on stderr when it could not be written in full."""
        with contextlib.suppress(OSError):
            self.out.close()
        if self.error is not None:
            print(
                f"briscola {what}: {self.out.name} could not be written in full ({self.error}); "
                "running the same command again plays the matches it lacks",
                file=sys.stderr,
            )


def append(path: Path, cut: bool) -> Kept:
    """The results file opened for adding lines; a last line cut short (by a kill) is
    dropped first, so that every line stays one JSON object (its match is played again)."""
    if cut:
        data = path.read_bytes()
        with path.open("r+b") as f:
            f.truncate(data.rfind(b"\n") + 1)
    return Kept(path.open("a", encoding="utf-8"))


def held(path: Path, what: str = "a run's") -> dict[str, Any]:
    """What a run's settings file says; {} when there is none."""
    try:
        kept = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as err:
        why = err.strerror if isinstance(err, OSError) and err.strerror else err
        raise UsageError(f"cannot read {path}: {why}") from None
    if not isinstance(kept, dict):
        raise UsageError(f"{path} is not {what} settings")
    return kept


def settle(
    path: Path, key: str, settings: dict[str, Any], version: int, what: str = "a run's"
) -> dict[str, Any]:
    """Check that the settings file ``path`` holds ``settings`` under ``key`` (or write
    it when there is none); the differences, by setting, as (held, given) when it
    holds others."""
    kept = held(path, what)
    if not kept:
        path.write_text(json.dumps({"version": version, key: settings}) + "\n", encoding="utf-8")
        return {}
    old = kept.get(key)
    if not isinstance(old, dict):
        raise UsageError(f"{path} is not {what} settings (no {key!r})")
    return {
        k: (old.get(k), settings.get(k))
        for k in sorted(set(old) | set(settings))
        if old.get(k) != settings.get(k)
    }


def identity(text: str, hello: Any) -> dict[str, Any]:
    """Who a cmd: player is, for a run that resumes (arena, tournament): its hello's
    name and version, and a digest of each file its command names (its script, its
    program)."""
    spec = parse_spec(text)
    files = {}
    for word in shlex.split(spec.command):
        path = Path(spec.cwd or ".") / word
        if path.is_file():
            try:
                files[word] = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
            except OSError:
                continue  # unreadable: it says nothing of who the player is
    return {"hello": hello.name, "version": hello.version, "files": files}


def changes(old: Any, new: dict[str, Any]) -> str:
    """What differs between a player's identity then and now, for a person."""
    if not isinstance(old, dict):
        return "its identity was not kept"
    told = []
    for key, what in (("hello", "hello name"), ("version", "version")):
        if old.get(key) != new.get(key):
            told.append(f"{what} {old.get(key)!r}, now {new.get(key)!r}")
    before, now = old.get("files") or {}, new["files"]
    for name in sorted(set(before) | set(now)):
        if before.get(name) != now.get(name):
            how = "is new" if name not in before else "is gone" if name not in now else "changed"
            told.append(f"its file {name} {how}")
    return "; ".join(told) or "changed"
