"""LAN server: shutdown with matches in progress, and ``kill -9`` then a restart that
reopens the unfinished tables from their records (real ``briscola serve`` processes)."""

from __future__ import annotations

import asyncio
import json
import random
import signal
from pathlib import Path

import pytest
from lan import (
    Client,
    check_hidden,
    check_own_cards,
    mid_match,
    nth_turn,
    play_out,
    read_records,
    record_of,
    running,
    serving,
    verify_records,
)

GAME = 30.0


async def test_a_clean_stop_is_a_pause_and_a_restart_resumes_every_seat(tmp_path: Path) -> None:
    """Stop (the in-process server's clean stop, what SIGTERM does): everyone gets
    ``bye`` reason ``restart``, nothing is written as abandoned, and a server started
    on the same records reopens both unfinished tables for the same tokens."""
    async with running(tmp_path) as lan:
        host = await lan.connect("Host")
        await host.create("one", bots={"1": "random"})
        await host.create("two", players=4, bots={"1": "random", "2": "greedy", "3": "random"})
        await host.create("three", bots={"1": "random"})
        vera = await lan.connect("Vera")
        await vera.ask("watch", "watching", table="one")
        anna = await lan.seated("Anna", "one")
        bruno = await lan.seated("Bruno", "two")
        carla = await lan.seated("Carla", "three")
        await asyncio.wait_for(play_out(carla, random.Random(1)), GAME)  # one match ended
        pending = {}
        for client in (anna, bruno):
            pending[client.name] = await asyncio.wait_for(play_out(client, stop=nth_turn(3)), GAME)
        await lan.stop()
        everyone = [host, vera, anna, bruno, carla]
        for client in everyone:
            rest = await client.closed_within()
            byes = [m for m in rest if m["type"] == "bye"]
            assert len(byes) == 1 and byes[0]["reason"] == "restart", f"{client.name}: {rest}"
            assert rest[-1] is byes[0]
    records = read_records(lan.records)
    assert len(records) == 3
    ends = [lines[-1] for lines in records.values()]
    assert sorted(e["type"] for e in ends) == ["match_end", "pause", "pause"]
    assert not [e for e in ends if e.get("reason") == "abandoned"]
    for client in (anna, bruno, carla):
        check_hidden(client, 0, [anna.token or "", bruno.token or "", carla.token or ""])

    async with running(tmp_path) as again:
        for old in (anna, bruno):
            client = await again.connect(old.name)
            resumed = await client.ask("resume", "resumed", token=old.token)
            assert (resumed["table"], resumed["seat"]) == (old.table, old.seat)
            turn = await client.until("turn")
            assert sorted(turn["hand"]) == sorted(pending[old.name]["hand"])
            assert turn["played"] == pending[old.name]["played"]
            end = await asyncio.wait_for(play_out(client, random.Random(2)), GAME)
            assert end["reason"] == "complete"
    results = verify_records(lan.records, expect=3)
    assert [r.reason for r in results.values()] == ["complete"] * 3
    marks = sorted(
        [line["type"], line.get("after")] for r in results.values() for line in r.table_lines
    )
    assert marks == [["pause", None], ["pause", None], ["restart", "pause"], ["restart", "pause"],
                     ["resumed", None], ["resumed", None]]  # fmt: skip


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
async def test_serve_pauses_on_a_signal_and_resumes_after_a_restart(
    tmp_path: Path, sig: int
) -> None:
    records = tmp_path / "records"
    async with serving(tmp_path) as serve:
        port = await serve.start()
        anna = await mid_match(port)
        vera = await Client.connect(port, "Vera")
        assert await serve.signal(sig) == 0
        for client in (anna, vera):
            rest = await client.closed_within()
            assert rest[-1]["type"] == "bye" and rest[-1]["reason"] == "restart"
            await client.close()
        assert anna.token is not None and anna.token not in serve.log_text()
        assert read_records(records).popitem()[1][-1]["type"] == "pause"
        port = await serve.start()
        back = await Client.connect(port, "Anna")
        await back.ask("resume", "resumed", token=anna.token)
        back.token, back.seat, back.table = anna.token, anna.seat, anna.table
        end = await asyncio.wait_for(play_out(back, random.Random(4)), GAME)
        assert end["reason"] == "complete"
        await back.close()
        assert await serve.signal(signal.SIGTERM) == 0
    results = verify_records(records, expect=1)
    assert [r.reason for r in results.values()] == ["complete"]


async def test_abandon_unfinished_at_start_ends_what_a_stop_left(tmp_path: Path) -> None:
    records = tmp_path / "records"
    async with serving(tmp_path) as serve:
        port = await serve.start()
        anna = await mid_match(port)
        assert await serve.signal(signal.SIGTERM) == 0
        await anna.close()
    async with serving(tmp_path, "--abandon-unfinished") as serve:
        port = await serve.start()
        back = await Client.connect(port, "Anna")
        await back.refused("resume", "bad_token", token=anna.token)
        assert (await back.ask("list", "tables"))["tables"] == []
    (result,) = verify_records(records, expect=1).values()
    assert result.reason == "abandoned"
    assert not list(records.glob("*.seats.json"))


async def test_kill_9_and_restart_resumes_the_matches(tmp_path: Path) -> None:
    records = tmp_path / "records"
    async with serving(tmp_path, "--seed", "11", "--grace", "30") as serve:
        port = await serve.start()
        anna = await Client.connect(port, "Anna")
        await anna.create("duo", bots={"1": "greedy"})
        await anna.join("duo")
        bruno = await Client.connect(port, "Bruno")
        await bruno.create("quartet", players=4, variant="brisca", bots={"1": "random"})
        await bruno.join("quartet", seat=0)
        carla = await Client.connect(port, "Carla")
        await carla.join("quartet", seat=2)
        dario = await Client.connect(port, "Dario")
        await dario.join("quartet", seat=3)
        people = [anna, bruno, carla, dario]
        # Anna stops on her 6th turn; the quartet plays until Bruno's 4th turn.
        others = [asyncio.create_task(play_out(c, random.Random(3))) for c in (carla, dario)]
        pending = await asyncio.wait_for(play_out(anna, stop=nth_turn(6)), GAME)
        held = await asyncio.wait_for(play_out(bruno, stop=nth_turn(4)), GAME)
        await asyncio.sleep(0.3)  # the records are flushed per line
        before = read_records(records)
        assert len(before) == 2
        await serve.kill()  # SIGKILL: no shutdown, no bye
        for task in others:
            task.cancel()
        await asyncio.gather(*others, return_exceptions=True)
        for client in people:
            assert not [m for m in await client.closed_within() if m["type"] == "bye"]
            await client.close()

        port = await serve.start()
        reopened = read_records(records)
        assert all(reopened[path][: len(lines)] == lines for path, lines in before.items())
        back = {}
        for old in people:
            client = await Client.connect(port, old.name)
            resumed = await client.ask("resume", "resumed", token=old.token)
            assert (resumed["table"], resumed["seat"]) == (old.table, old.seat)
            client.token, client.seat, client.table = old.token, old.seat, old.table
            start = await client.until("match_start")
            state = await client.until("state")
            assert start["seat"] == old.seat and state["seat"] == old.seat
            back[old.name] = client
        turn = await back["Anna"].until("turn")
        assert sorted(turn["hand"]) == sorted(pending["hand"])
        assert turn["played"] == pending["played"] and turn["trick"] == pending["trick"]
        assert turn["points"] == pending["points"] and turn["stock"] == pending["stock"]
        again = await back["Bruno"].until("turn")
        assert sorted(again["hand"]) == sorted(held["hand"]) and again["trick"] == held["trick"]
        await back["Anna"].play(turn)
        await back["Bruno"].play(again)
        ends = await asyncio.wait_for(
            asyncio.gather(*(play_out(c, random.Random(5)) for c in back.values())), GAME
        )
        assert [e["reason"] for e in ends] == ["complete"] * 4
        tokens = [c.token or "" for c in people]
        for client in back.values():
            owned = check_hidden(client, client.seat, tokens)
            check_own_cards(owned, record_of(records, client.name), client.seat or 0)
            await client.close()
        assert await serve.signal(signal.SIGTERM) == 0
        log = serve.log_text()
        assert not [t for t in tokens if t in log], "a token in the server's log"
    results = verify_records(records, expect=2)
    assert [r.reason for r in results.values()] == ["complete", "complete"]
    duo = record_of(records, "Anna")
    assert [m["card"] for m in anna.of("played")] == [
        line["card"] for line in duo if line["type"] == "played"
    ][: len(anna.of("played"))]


async def test_kill_9_right_after_changes_in_one_turn_keeps_them(tmp_path: Path) -> None:
    """A create and a join read together are written once (at the end of the server's
    turn): a kill -9 as soon as the answers came still finds the table and the seat."""
    async with serving(tmp_path, "--grace", "30") as serve:
        port = await serve.start()
        anna = await Client.connect(port, "Anna")
        both = [{"type": "create", "id": 2, "table": "trio", "players": 3},
                {"type": "join", "id": 3, "table": "trio"}]  # fmt: skip
        await anna.send_raw(b"".join(json.dumps(m).encode() + b"\n" for m in both))
        joined = await anna.until("joined")
        await serve.kill()  # SIGKILL: no shutdown
        await anna.close()
        port = await serve.start()
        back = await Client.connect(port, "Anna")
        (table,) = (await back.ask("list", "tables"))["tables"]
        assert table["table"] == "trio" and table["seats"] == ["Anna", None, None], table
        resumed = await back.ask("resume", "resumed", token=joined["token"])
        assert (resumed["table"], resumed["seat"]) == ("trio", 0)
        await back.close()
