"""Deal suites: files of match seeds, so that two bot authors play the same deals.

Part of the engine (floor 1), as data: it imports nothing.  A suite is a text
file with one deal a line, the match seed that deals every round of it (a
whole number 0 .. 2**63 - 1); blank lines and ``#`` comments are skipped.  Two
suites of 1,000 deals ship with the package (``briscola/suites/``):
``2p-1000`` and ``4p-1000``, named in ``--deals`` without a path.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

__all__ = ["SUITES", "DealsError", "read_deals"]

SUITES = ("2p-1000", "4p-1000")
MAX_SEED = 2**63 - 1


class DealsError(ValueError):
    """A deal file that cannot be used; the message names the file and line."""


def read_deals(name: str) -> tuple[int, ...]:
    """The match seeds of a deal file, or of a shipped suite named without a path."""
    path = Path(name)
    if name in SUITES and not path.exists():
        text = (resources.files("briscola") / "suites" / f"{name}.txt").read_text("utf-8")
    else:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            why = err.strerror if isinstance(err, OSError) and err.strerror else err
            suites = " or ".join(SUITES)
            raise DealsError(f"cannot read --deals {name!r}: {why} (a file, or {suites})") from None
    seeds: list[int] = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            seed = int(line)
        except ValueError:
            raise DealsError(
                f"{name}, line {number}: expected a match seed (a whole number), got {line[:40]!r}"
            ) from None
        if not 0 <= seed <= MAX_SEED:
            raise DealsError(f"{name}, line {number}: a seed lies within 0..2**63-1, got {seed}")
        seeds.append(seed)
    if not seeds:
        raise DealsError(f"{name} holds no deals")
    return tuple(seeds)
