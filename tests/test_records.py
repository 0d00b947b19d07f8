"""The record writer: the line format docs/records.md promises, written as it happens."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from briscola import __version__
from briscola.bots import make_bot
from briscola.engine.cards import Card
from briscola.engine.events import Drew, Played
from briscola.engine.game import Match
from briscola.engine.observation import Observation
from briscola.engine.records import Record, dump_line, event_line
from briscola.engine.replay import RecordError, verify_record
from briscola.engine.rules import TableRules
from briscola.players import Bot
from briscola.table import run_match

DOCS = Path(__file__).parent.parent / "docs" / "records.md"


class Chatty(Bot):
    """Greedy moves, and an ``info`` text before each."""

    def __init__(self) -> None:
        self.inner = make_bot("greedy")
        self.name = "chatty"
        self.texts: list[str] = []

    def choose(self, obs: Observation) -> Any:
        self.texts.append(f"thinking about trick {len(obs.played) + 1}")
        return self.inner.choose(obs)

    async def info(self) -> list[str]:
        out, self.texts = self.texts, []
        return out


class Interrupted(Bot):
    def __init__(self, moves: int) -> None:
        self.moves = moves

    def choose(self, obs: Observation) -> Any:
        self.moves -= 1
        if self.moves < 0:
            raise KeyboardInterrupt
        return obs.legal[0]


def real_record(players: int = 4, variant: str = "brisca", seed: int = 3) -> list[dict[str, Any]]:
    rules = TableRules(players=players, variant=variant, target=2)  # type: ignore[arg-type]
    seats = [Chatty(), *(make_bot("random", seed=s) for s in range(1, players))]
    rec = Record()
    run_match(rules, seats, seed=seed, record=rec, move_ms=500, names=list("ABCDEF"[:players]))
    return rec.lines


def test_header() -> None:
    rec = Record()
    rec.header(TableRules(players=3, variant="bisca"), ["a", "b", "c"], 7, 2, move_ms=9)
    assert rec.lines == [
        {
            "type": "header",
            "record": 1,
            "software": f"briscola {__version__}",
            "protocol": 1,
            "rules": 2,
            "seed": 7,
            "table": {"players": 3, "variant": "bisca", "target": 1},
            "names": ["a", "b", "c"],
            "first_dealer": 2,
            "move_ms": 9,
        }
    ]


def test_private_lines_name_their_seat() -> None:
    ad = Card.parse("AD")
    assert event_line(Drew(2, ad)) == {"type": "draw", "card": "AD", "to": 2, "seat": 2}
    assert event_line(Played(1, ad)) == {"type": "played", "seat": 1, "card": "AD"}
    lines = real_record()
    for line in lines:
        if line["type"] in ("round_start", "draw"):
            assert line["to"] == line["seat"]
        else:
            assert "to" not in line


def test_a_real_record_follows_the_format() -> None:
    lines = real_record()
    head = lines[0]
    assert head["type"] == "header" and head["names"] == ["A", "B", "C", "D"]
    assert head["move_ms"] == 500 and head["on_fault"] == "forfeit"
    deals = [x for x in lines if x["type"] == "deal"]
    match = Match(TableRules(players=4, variant="brisca", target=2), head["seed"])
    assert head["first_dealer"] == match.first_dealer
    for number, deal in enumerate(deals, 1):
        assert deal["round"] == number
        assert deal["dealer"] == (match.first_dealer + number - 1) % 4
        assert deal["deck"] == [str(c) for c in match.shuffled_deck()]
    infos = [x for x in lines if x["type"] == "info"]
    assert infos and all(x["seat"] == 0 and x["text"].startswith("thinking") for x in infos)
    # Each info line comes right before the move of its seat.
    for i, line in enumerate(lines):
        if line["type"] == "info":
            assert lines[i + 1]["type"] in ("info", "played", "exchanged")
            assert lines[i + 1]["seat"] == 0
    assert lines[-1]["type"] == "match_end"
    verify_record(lines)


def test_written_as_it_happens(tmp_path: Path) -> None:
    path = tmp_path / "cut.jsonl"
    with path.open("w") as f, pytest.raises(KeyboardInterrupt):
        seats = [Interrupted(7), make_bot("random", seed=1)]
        run_match(TableRules(), seats, seed=1, record=Record(f))
    with path.open("rb") as f:
        raw = f.readlines()
    assert sum(json.loads(x)["type"] == "played" for x in raw) >= 13
    assert json.loads(raw[-1])["reason"] == "abandoned"  # the table still wrote an ending
    assert verify_record(raw).reason == "abandoned"
    with pytest.raises(RecordError, match="ends before the match is over"):
        verify_record(raw[:-1])  # a record cut off (the process killed) is told apart


def test_dump_line_is_compact_and_round_trips() -> None:
    line = {"type": "info", "seat": 0, "text": "Grüße, amici"}
    text = dump_line(line)
    assert text == '{"type":"info","seat":0,"text":"Grüße, amici"}'
    out = io.StringIO()
    Record(out).write(line)
    assert out.getvalue() == text + "\n" and json.loads(out.getvalue()) == line


def test_the_docs_name_every_line_type_and_field() -> None:
    """docs/records.md is what others rely on: every type and field we write is in it."""
    docs = DOCS.read_text()
    documented = set(re.findall(r"`([a-z_]+)`", docs))
    seen: dict[str, set[str]] = {}
    for players, variant in [(4, "brisca"), (3, "bisca"), (6, "italian")]:
        for line in real_record(players, variant):
            seen.setdefault(line["type"], set()).update(line)
    seen["fault"] = {"type", "seat", "code", "message", "policy", "fatal"}
    for kind, fields in seen.items():
        assert kind in documented, kind
        assert fields <= documented, (kind, fields - documented)
