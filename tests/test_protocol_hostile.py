"""Hostile bots, lines and records: nothing they send crashes the host, grows it without
bound or loses a line (real bot processes, from tests/bots/hostile.py)."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from briscola.bots import RandomBot
from briscola.protocol.bot_side import BotSide, serve
from briscola.protocol.host import CommandPlayer
from briscola.records import Record
from briscola.replay import RecordError, verify_record
from briscola.rules import TableRules
from briscola.table import MatchOutcome, play_match

ROOT = Path(__file__).resolve().parent.parent
HOSTILE = f"{sys.executable} {ROOT / 'tests' / 'bots' / 'hostile.py'}"
FAST = {"grace_ms": 200, "handshake_ms": 5_000, "close_ms": 300}
DEEP = "[" * 2000 + "]" * 2000


async def match(mode: str, players: int = 2, **kwargs: Any) -> tuple[MatchOutcome, Record]:
    """A match of the hostile bot (last seat) against random bots."""
    record = Record()
    seats: list[Any] = [RandomBot(seed=s) for s in range(players - 1)]
    seats.append(CommandPlayer(f"{HOSTILE} {mode}", mode, **FAST))
    outcome = await play_match(
        TableRules(players=players), seats, seed=7, record=record, move_ms=500, **kwargs
    )
    return outcome, record


def lines_of(record: Record, kind: str) -> list[dict[str, Any]]:
    return [line for line in record.lines if line["type"] == kind]


async def test_a_deeply_nested_line_is_bad_json_and_the_line_after_it_is_kept() -> None:
    outcome, record = await match("deep_json")
    assert outcome.reason == "complete" and outcome.faults == []
    (fault,) = lines_of(record, "fault")
    assert fault["code"] == "bad_json" and "nested too deeply" in fault["message"]
    assert [line["text"] for line in lines_of(record, "info")] == ["after"]


def test_the_bot_side_refuses_a_deep_line_and_answers_the_next(capsys: Any) -> None:
    hello = json.dumps({"type": "hello", "id": 1, "protocol": 1, "software": "t"})
    out = io.StringIO()
    assert serve(BotSide("random", 1), io.BytesIO(f"{DEEP}\n{hello}\n".encode()), out) == 0
    assert json.loads(out.getvalue())["id"] == 1
    assert "nested too deeply" in capsys.readouterr().err


def test_the_record_checker_names_the_line_of_a_deep_or_huge_value() -> None:
    header = json.dumps({"type": "header", "seed": 1, "table": {"players": 2}, "names": ["a", "b"]})
    for bad in (DEEP, '{"type": "deal", "round": ' + "1" * 5000 + "}"):
        with pytest.raises(RecordError) as err:
            verify_record([header, bad])
        assert err.value.line == 2 and "bad JSON" in err.value.message
