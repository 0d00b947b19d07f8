"""Reopening unfinished tables, in-process: the records as a crash left them.

The records folder of a running server is copied mid-match (what a ``kill -9``
leaves on disk: the lines written so far and the seats file), a torn last line
is added, and a second server started on the copy must reopen the table, take
the person back with the same token and finish the match in the same record.
The real ``kill -9`` of a server process is in test_server_restart.py.
"""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest
from lan import nth_turn, play_out, running, verify_records

from briscola.engine.replay import RecordError, resume_point

GAME = 30.0


async def test_a_copy_of_the_records_mid_match_reopens(tmp_path: Path) -> None:
    crashed = tmp_path / "crashed"
    async with running(tmp_path / "first") as lan:
        host = await lan.connect("Host")
        await host.create("quattro", players=4, bots={"1": "greedy", "3": "random"})
        anna = await lan.seated("Anna", "quattro")
        bruno = await lan.seated("Bruno", "quattro")
        bruno_game = asyncio.ensure_future(play_out(bruno))
        await asyncio.wait_for(play_out(anna, stop=nth_turn(5)), GAME)
        await asyncio.sleep(0.2)  # the disk thread has written what was played
        shutil.copytree(lan.records, crashed)
        bruno_game.cancel()
    record = next(crashed.glob("*.jsonl"))
    with open(record, "ab") as f:
        f.write(b'{"type":"played","seat":0,"ca')  # torn as the power went
    point = resume_point(record.read_bytes())
    assert point is not None and not point.match.over
    async with running(tmp_path / "second") as lan2:
        pass  # an empty records folder opens nothing
    second = tmp_path / "again"
    shutil.copytree(crashed, second / "records")
    async with running(second) as lan3:
        listed = await (await lan3.connect("Look")).ask("list", "tables")
        assert [t["table"] for t in listed["tables"]] == ["quattro"]
        assert listed["tables"][0]["state"] == "playing"
        people = []
        for old in (anna, bruno):
            again = await lan3.connect(old.name)
            got = await again.ask("resume", "resumed", token=old.token)
            assert got["table"] == "quattro" and got["seat"] == old.seat
            people.append(again)
        stranger = await lan3.connect("Thief")
        await stranger.refused("resume", "bad_token", token="0" * 64)
        ends = await asyncio.wait_for(asyncio.gather(*(play_out(c) for c in people)), GAME)
        assert all(end["reason"] == "complete" for end in ends)
        for again in people:  # the table outlives its match until its people leave
            await again.ask("leave", "left")
        assert (await stranger.ask("list", "tables"))["tables"] == []
    results = verify_records(second / "records", expect=1)
    assert [r.reason for r in results.values()] == ["complete"]
    assert not list((second / "records").glob("*.seats.json")), "no token hash left once closed"
    assert lan2.records.exists()


def test_records_that_cannot_be_reopened() -> None:
    for data, says in (
        (b'{"type":"header"', "header"),  # torn before its first newline
        (b'{"type":"deal"}\n', "header"),
        (b"", "header"),
    ):
        with pytest.raises(RecordError, match=says):
            resume_point(data)


async def test_broken_seats_files_are_skipped(tmp_path: Path) -> None:
    records = tmp_path / "records"
    records.mkdir()
    (records / "a.seats.json").write_text("{not json")
    (records / "b.seats.json").write_text('{"table": "x"}')
    (records / "b.jsonl").write_text('{"type":"header"}\n')
    (records / "c.seats.json").write_text("{}")  # its record is missing: forgotten
    async with running(tmp_path) as lan:
        listed = await (await lan.connect("Look")).ask("list", "tables")
        assert listed["tables"] == []
    assert not (records / "c.seats.json").exists()
