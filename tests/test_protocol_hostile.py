"""Hostile bots, lines and records: nothing they send crashes the host, grows it without
bound or loses a line (real bot processes, from tests/bots/hostile.py)."""

from __future__ import annotations

import asyncio
import io
import json
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from briscola.bots.random_bot import RandomBot
from briscola.cli import main
from briscola.engine.records import Record
from briscola.engine.replay import RecordError, verify_record
from briscola.engine.rules import TableRules
from briscola.protocol import process
from briscola.protocol.bot_side import BotSide, serve
from briscola.protocol.host import TOLD, CommandPlayer
from briscola.protocol.link import INFO_LINES, INFO_TOTAL, QUEUE_MAX
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
    move_ms = kwargs.pop("move_ms", 500)
    outcome = await play_match(
        TableRules(players=players), seats, seed=7, record=record, move_ms=move_ms, **kwargs
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


async def test_a_flood_of_unknown_lines_is_a_fault_past_the_limit_and_the_record_stays_small() -> (
    None
):
    outcome, record = await match("flood_unknown", move_ms=5_000)
    (failure,) = outcome.faults
    assert failure.code == "faults" and "rate_limited" in failure.message
    refused = lines_of(record, "fault")
    assert len(refused) < 40 and len(json.dumps(record.lines)) < 100_000
    assert any("more lines refused with unknown_type" in f["message"] for f in refused)


async def test_a_flood_of_info_is_kept_only_up_to_the_limits_of_a_match() -> None:
    outcome, record = await match("flood_info")
    assert [f.code for f in outcome.faults] == ["timeout"]
    infos = lines_of(record, "info")
    assert 0 < len(infos) <= INFO_LINES and sum(len(i["text"]) for i in infos) <= INFO_TOTAL
    (note,) = [f for f in lines_of(record, "fault") if f["code"] == "rate_limited"]
    assert "the rest of this match's info is not kept" in note["message"]


async def test_a_bot_that_exits_is_crashed_at_once_though_a_child_holds_its_output() -> None:
    t = time.monotonic()
    outcome, _ = await match("orphan", move_ms=5_000)
    (failure,) = outcome.faults
    assert failure.code == "crashed" and "exited with status 4" in failure.message
    assert time.monotonic() - t < 4


@pytest.mark.parametrize("policy", ["forfeit", "takeover"])
async def test_the_info_sent_just_before_a_failure_is_in_the_record_before_the_fault(
    policy: str,
) -> None:
    outcome, record = await match(
        "last_words", on_fault=policy, takeover=lambda seat: RandomBot(seed=seat)
    )
    assert [f.code for f in outcome.faults] == ["crashed"]
    kinds = [(line["type"], line.get("text")) for line in record.lines]
    fault = kinds.index(("fault", None))
    assert kinds[fault - 2 : fault] == [("info", "last words"), ("info", "bye now")]


@pytest.mark.no_cover  # see CONTRIBUTING.md, Tests: run untraced
async def test_thousands_of_duplicate_answers_never_count_against_a_move() -> None:
    outcome, record = await match("duplicates", move_ms=2_000)
    assert outcome.reason == "complete" and outcome.faults == []
    refused = lines_of(record, "fault")
    assert refused and {f["code"] for f in refused} == {"unknown_id"}
    assert len(refused) < 25 * (TOLD + 1)  # told one by one at most TOLD times a request


async def test_an_unsupported_protocol_is_recorded_once() -> None:
    bot = CommandPlayer(f"{sys.executable} {ROOT / 'tests' / 'bots' / 'misbehave.py'} old_protocol")
    record = Record()
    outcome = await play_match(TableRules(), [RandomBot(), bot], seed=1, record=record)
    assert [f.code for f in outcome.faults] == ["unsupported_protocol"]
    assert [f["code"] for f in lines_of(record, "fault")] == ["unsupported_protocol"]


def script(code: str) -> str:
    """A bot command running ``code`` (statements separated by ';')."""
    return f'{sys.executable} -c "import sys, time; {code}"'


async def test_the_last_stderr_line_is_told_whole_though_it_came_in_two_pieces() -> None:
    code = (
        "sys.stderr.write('Traceback: part one'); sys.stderr.flush(); time.sleep(0.3); "
        "sys.stderr.write(' and part two' + chr(10) + 'x' * 5000); sys.exit(2)"
    )
    bot = CommandPlayer(script(code), "torn", **FAST)
    outcome = await play_match(TableRules(), [RandomBot(), bot], seed=1)
    (failure,) = outcome.faults
    assert failure.code == "crashed" and "exited with status 2" in failure.message
    assert f"its stderr ended with: '{'x' * 300}…'" in failure.message  # the last, cut at 300
    assert list(bot.process.stderr_tail) == ["Traceback: part one and part two", "x" * 300 + "…"]


async def test_the_bot_log_is_capped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(process, "LOG_BYTES", 1000)
    bot = CommandPlayer(script("sys.stderr.write('y' * 50_000)"), "loud", bot_log=tmp_path, **FAST)
    await play_match(TableRules(), [RandomBot(), bot], seed=1)
    (log,) = tmp_path.glob("*.stderr.log")
    assert log.read_text() == "y" * 1000 + "\n[briscola: stderr past 1000 bytes not kept]\n"


SAMPLE = ROOT / "tests" / "data" / "italian_2p_chatty_bot.jsonl"
FORGED = "done\n\x1b[2J\x1b[32mOK: forged\x00 \u202eevil\x85"


def test_replay_shows_a_bots_text_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = SAMPLE.read_text().splitlines()
    first = next(i for i, line in enumerate(lines) if '"type":"info"' in line)
    info = json.loads(lines[first])
    lines[first] = json.dumps({**info, "text": FORGED})
    path = tmp_path / "forged.jsonl"
    path.write_text("\n".join(lines) + "\n")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "says: done\\n\\x1b[2J\\x1b[32mOK: forged\\x00 \\u202eevil\\x85" in out
    assert not {"\x1b", "\x00", "\u202e", "\x85"} & set(out)
    assert out.count("\nOK: ") == 1  # the real verdict only


def test_a_record_error_shows_the_bad_value_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = SAMPLE.read_text().splitlines()
    header = json.loads(lines[0])
    lines[0] = json.dumps({**header, "seed": FORGED})
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n")
    assert main(["replay", "--check", str(path)]) == 1
    got = capsys.readouterr()
    assert "seed: expected a whole number" in got.out
    assert not {"\x1b", "\x00", "\u202e", "\x85"} & set(got.out + got.err)


def test_the_record_check_refuses_a_negative_move_time() -> None:
    lines = [json.loads(line) for line in SAMPLE.read_text().splitlines()]
    lines[0]["move_ms"] = -5
    with pytest.raises(RecordError, match="move_ms: expected a whole number of milliseconds"):
        verify_record(lines)


def test_check_bot_verbose_shows_the_bots_text_escaped(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check-bot", f"{HOSTILE} ansi", "-v", "--move-ms", "500"]) == 0
    got = capsys.readouterr()
    assert "says: \\x1b[2Jinfo\\u202e" in got.err and "!! \\x1b[2J\\x1b[31mstderr\\u202e" in got.err
    assert not {"\x1b", "\u202e"} & set(got.out + got.err)


async def test_past_the_queue_limit_the_host_stops_reading_and_loses_nothing() -> None:
    lines = 5000
    bot = process.BotProcess(f"{HOSTILE} burst", close_ms=300)
    await bot.spawn()
    await asyncio.sleep(1.0)  # the bot writes far faster than that
    assert bot.paused and QUEUE_MAX <= len(bot.items) < lines  # one read past the limit
    got: list[Any] = []
    while len(got) < lines:
        got += bot.pending()
        await asyncio.sleep(0.05)
    assert [item["n"] for item in got] == list(range(lines))
    assert not bot.paused
    await bot.close()


def test_a_control_character_in_a_record_string_is_told_once_at_its_column() -> None:
    with pytest.raises(RecordError) as err:
        verify_record(['{"type": "header", "names": ["a\x01b"]}'])
    assert err.value.message == "bad JSON: Invalid control character at column 32"
