"""Deal suites: files of deals, so that two bot authors play the same deals.

Part of the engine (floor 1), as data: it imports only the cards.  A suite is
a text file with one deal a line; blank lines and ``#`` comments are skipped.
A deal is one of:

- a match seed that deals every round of it (a whole number 0 .. 2**63 - 1);
- an explicit card order, a JSON object: ``{"deck": "AD 3C ...", "seed": 7}``
  (the first round's pack in dealing order, as a record's ``deal`` line has
  it, or ``"decks"``: a list of them, round by round; later rounds and the
  bots' own choices come from ``seed``, 0 when not given; ``first_dealer``
  optional);
- a mid-round position, a line of the expert's position suite
  (``benchmarks/positions/suite.jsonl``): the match of its
  ``source.match_seed`` is played from that point, every card before it as
  the position says (first rounds only, without exchanges).

A comment ``# players: N`` says which table the suite is for (the shipped
suites have one); a deck's size and a position's ``table`` say so too, and a
suite is refused at a table of another size.  Two suites of 1,000 seeds ship
with the package (``briscola/suites/``): ``2p-1000`` and ``4p-1000``, named
in ``--deals`` without a path.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from .cards import Card, CardError

__all__ = ["SUITES", "DealsError", "Start", "Suite", "read_deals", "read_suite"]

SUITES = ("2p-1000", "4p-1000")
MAX_SEED = 2**63 - 1
PLAYERS = re.compile(r"#\s*players:\s*(\d+)\s*$")


class DealsError(ValueError):
    """A deal file that cannot be used; the message names the file and line."""


@dataclass(frozen=True)
class Start:
    """How a deal begins when it is more than a seed: packs in dealing order, round by
    round (then the seed's), and the cards already played in the first round."""

    decks: tuple[tuple[Card, ...], ...] = ()
    first_dealer: int | None = None
    moves: tuple[tuple[int, Card], ...] = ()  # (seat, card), in playing order
    line: int = 0  # where in the file, for errors


@dataclass(frozen=True)
class Suite:
    """A suite's deals: a seed each, how each starts (None: from its seed alone), and
    the table size it was made for (None: not said)."""

    seeds: tuple[int, ...]
    starts: tuple[Start | None, ...]
    players: int | None = None


def read_deals(name: str) -> tuple[int, ...]:
    """The match seeds of a deal file, or of a shipped suite named without a path."""
    return read_suite(name).seeds


def read_suite(name: str) -> Suite:
    """The deals of a suite file, or of a shipped suite named without a path."""
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
    starts: list[Start | None] = []
    players: dict[int, int] = {}  # table size: the first line that says so
    for number, raw in enumerate(text.splitlines(), 1):
        said = PLAYERS.match(raw.strip())
        if said:
            players.setdefault(int(said.group(1)), number)
        line = raw.strip() if raw.lstrip().startswith("{") else raw.split("#", 1)[0].strip()
        if not line:
            continue
        where = f"{name}, line {number}"
        if line.startswith("{"):
            seed, start, size = _structured(line, where, number)
            if size is not None:
                players.setdefault(size, number)
        else:
            seed, start = _seed(line, where), None
        seeds.append(seed)
        starts.append(start)
    if not seeds:
        raise DealsError(f"{name} holds no deals")
    if len(players) > 1:
        (a, la), (b, lb) = sorted(players.items(), key=lambda kv: kv[1])[:2]
        raise DealsError(f"{name} mixes tables: line {la} is for {a} players, line {lb} for {b}")
    size = next(iter(players), None)
    return Suite(tuple(seeds), tuple(starts) if any(starts) else (), size)


def _seed(text: str, where: str) -> int:
    try:
        seed = int(text)
    except ValueError:
        raise DealsError(
            f"{where}: expected a match seed (a whole number), a JSON deck or a position, "
            f"got {text[:40]!r}"
        ) from None
    if not 0 <= seed <= MAX_SEED:
        raise DealsError(f"{where}: a seed lies within 0..2**63-1, got {seed}")
    return seed


def _structured(text: str, where: str, number: int) -> tuple[int, Start, int | None]:
    """A deck or a position line: (its seed, how it starts, the table size it says)."""
    try:
        data = json.loads(text)
    except ValueError as err:
        raise DealsError(f"{where}: not JSON ({err})") from None
    if not isinstance(data, dict):
        raise DealsError(f"{where}: expected a JSON object")
    try:
        if "turn" in data:
            return _position(data, number)
        return _deck(data, where, number)
    except (KeyError, TypeError, ValueError, CardError) as err:
        if isinstance(err, DealsError):
            raise
        raise DealsError(f"{where}: {_why(err)}") from None


def _why(err: Exception) -> str:
    if isinstance(err, KeyError):
        return f"missing {err.args[0]!r}"
    return str(err)


def _deck(data: dict[str, Any], where: str, number: int) -> tuple[int, Start, int | None]:
    packs = data["decks"] if "decks" in data else [data["deck"]]
    if not isinstance(packs, list) or not packs:
        raise DealsError(f"{where}: 'decks' must be a list of packs")
    decks = tuple(_pack(p, where) for p in packs)
    seed = _seed(str(data.get("seed", 0)), where)
    dealer = data.get("first_dealer")
    if dealer is not None and (type(dealer) is not int or dealer < 0):
        raise DealsError(f"{where}: 'first_dealer' must be a seat number, got {dealer!r}")
    size = data.get("players")
    if size is not None and type(size) is not int:
        raise DealsError(f"{where}: 'players' must be a whole number, got {size!r}")
    return seed, Start(decks=decks, first_dealer=dealer, line=number), size


def _pack(value: Any, where: str) -> tuple[Card, ...]:
    words = value.split() if isinstance(value, str) else value
    if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
        raise DealsError(f'{where}: a pack is its cards in dealing order, e.g. "AD 3C 7B ..."')
    cards = tuple(Card.parse(w) for w in words)
    if len(set(cards)) != len(cards):
        raise DealsError(f"{where}: a card appears twice in a pack")
    return cards


def _position(data: dict[str, Any], number: int) -> tuple[int, Start, int | None]:
    turn, source, table = data["turn"], data["source"], data.get("table") or {}
    if turn.get("round", 1) != 1 or turn.get("exchanges"):
        raise ValueError(
            "only positions of a first round without exchanges can be played from "
            f"(this one: round {turn.get('round')}, exchanges {turn.get('exchanges')})"
        )
    seed = int(source["match_seed"])
    moves = [(int(p["seat"]), Card.parse(p["card"])) for trick in turn["played"] for p in trick]
    moves += [(int(p["seat"]), Card.parse(p["card"])) for p in turn["trick"]]
    start = Start(first_dealer=int(turn["dealer"]), moves=tuple(moves), line=number)
    size = table.get("players")
    return seed, start, size if type(size) is int else None
