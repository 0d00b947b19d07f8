"""LAN server: a table outlives a stop or a crash in every state, not only mid-match.

Waiting for players, resting between rounds, between matches and with a
rematch asked: a server started again on the same records has the table with
its seats (the same tokens resume them), its bots and its private code.  A
seat held after a restart between matches is free again once the grace is
over, with a notice that says so.  The real ``kill -9`` between matches is
here too (a ``briscola serve`` process).
"""

from __future__ import annotations

import asyncio
import json
import random
import signal
from pathlib import Path

from lan import Client, nth_turn, play_out, running, serving, verify_records

GAME = 30.0


def _table(listed: dict, name: str) -> dict:
    (table,) = [t for t in listed["tables"] if t["table"] == name]
    return table


async def test_a_table_waiting_for_players_outlives_a_stop(tmp_path: Path) -> None:
    async with running(tmp_path) as lan:
        host = await lan.connect("Host")
        await host.create("tre", players=3, code="tavolo", bots={"1": "random"})
        await host.join("tre", code="tavolo")
        await lan.stop()
    async with running(tmp_path) as again:
        look = await again.connect("Look")
        table = _table(await look.ask("list", "tables"), "tre")
        assert table["state"] == "waiting" and table["private"]
        assert table["seats"][0] == "Host" and table["seats"][2] is None
        assert table["seat_info"][1]["kind"] == "bot"
        back = await again.connect("Host")
        got = await back.ask("resume", "resumed", token=host.token)
        assert (got["table"], got["seat"]) == ("tre", 0)
        back.token, back.seat = host.token, 0
        await look.refused("join", "bad_code", table="tre", code="wrong")
        await look.join("tre", code="tavolo")
        ends = await asyncio.wait_for(
            asyncio.gather(play_out(back, random.Random(1)), play_out(look, random.Random(2))),
            GAME,
        )
        assert [e["reason"] for e in ends] == ["complete", "complete"]


async def test_between_matches_with_a_rematch_asked_the_table_outlives_a_stop(
    tmp_path: Path,
) -> None:
    async with running(tmp_path) as lan:
        anna = await lan.connect("Anna")
        await anna.create("duo")
        await anna.join("duo")
        bruno = await lan.seated("Bruno", "duo")
        await asyncio.wait_for(
            asyncio.gather(play_out(anna, random.Random(1)), play_out(bruno, random.Random(2))),
            GAME,
        )
        asked = await anna.ask("rematch", "rematching")
        assert asked["waiting"] == [1]
        await lan.stop()
        for client in (anna, bruno):
            rest = await client.closed_within()
            assert rest[-1]["type"] == "bye" and rest[-1]["reason"] == "restart"
    (kept,) = tmp_path.joinpath("records").glob("*.seats.json")
    assert json.loads(kept.read_text())["rematch"] == [0]
    async with running(tmp_path) as again:
        look = await again.connect("Look")
        table = _table(await look.ask("list", "tables"), "duo")
        assert table["state"] == "done" and table["seats"] == ["Anna", "Bruno"]
        back = {}
        for old in (anna, bruno):
            client = await again.connect(old.name)
            got = await client.ask("resume", "resumed", token=old.token)
            assert (got["table"], got["seat"]) == ("duo", old.seat)
            client.token, client.seat, client.table = old.token, old.seat, "duo"
            back[old.name] = client
        # Anna's wish survived the stop: Bruno's makes the match.
        got = await back["Bruno"].ask("rematch", "rematching")
        assert got["waiting"] == []
        ends = await asyncio.wait_for(
            asyncio.gather(*(play_out(c, random.Random(3)) for c in back.values())), GAME
        )
        assert [e["reason"] for e in ends] == ["complete", "complete"]
    assert [r.reason for r in verify_records(tmp_path / "records", expect=2).values()] == [
        "complete"
    ] * 2


async def test_between_rounds_the_match_outlives_a_stop(tmp_path: Path) -> None:
    async with running(tmp_path, round_pause=30.0) as lan:
        anna = await lan.connect("Anna")
        await anna.create("lunga", target=2, bots={"1": "random"})
        await anna.join("lunga")

        def ended(m: dict) -> bool:
            return m["type"] == "round_end"

        first = await asyncio.wait_for(play_out(anna, random.Random(1), stop=ended), GAME)
        assert max(first["rounds_won"]) < 2
        await anna.until(lambda m: m.get("code") == "round_pause")  # the table rests
        await lan.stop()
    async with running(tmp_path) as again:
        back = await again.connect("Anna")
        await back.ask("resume", "resumed", token=anna.token)
        back.token, back.seat = anna.token, anna.seat
        end = await asyncio.wait_for(play_out(back, random.Random(2)), GAME)
        assert end["reason"] == "complete"
        # The next round: dealt after the restart, its state (or its start) told.
        dealt = [m for m in back.lines if m["type"] in ("state", "round_start")]
        assert dealt and dealt[0]["rounds_won"] == first["rounds_won"]


async def test_a_seat_kept_between_matches_is_free_after_the_grace(tmp_path: Path) -> None:
    async with running(tmp_path) as lan:
        anna = await lan.connect("Anna")
        await anna.create("solo", bots={"1": "random"})
        await anna.join("solo")
        await asyncio.wait_for(play_out(anna, random.Random(1)), GAME)
        await lan.stop()
    async with running(tmp_path, grace=0.5) as again:
        look = await again.connect("Look")
        await look.ask("watch", "watching", table="solo")
        note = await look.until(lambda m: m.get("code") == "expired", 10.0)
        assert note["seat"] == 0 and "Anna" in note["text"]
        # Nobody is seated and watchers alone keep no table: it closes.
        await look.until(lambda m: m.get("code") == "closed", 10.0)
        late = await again.connect("Anna")
        await late.refused("resume", "bad_token", token=anna.token)
        assert not (await late.ask("list", "tables"))["tables"]
    assert not list((tmp_path / "records").glob("*.seats.json")), "the table closed"


async def test_kill_9_between_matches_keeps_the_table(tmp_path: Path) -> None:
    async with serving(tmp_path, "--grace", "30") as serve:
        port = await serve.start()
        anna = await Client.connect(port, "Anna")
        await anna.create("duo", bots={"1": "greedy"}, code="segreto")
        await anna.join("duo", code="segreto")
        await asyncio.wait_for(play_out(anna, random.Random(1)), GAME)
        await serve.kill()
        await anna.close()
        port = await serve.start()
        back = await Client.connect(port, "Anna")
        got = await back.ask("resume", "resumed", token=anna.token)
        assert (got["table"], got["seat"]) == ("duo", 0)
        back.token, back.seat = anna.token, 0
        await back.ask("rematch", "rematching")
        await back.until("match_start")
        end = await asyncio.wait_for(play_out(back, random.Random(2)), GAME)
        assert end["reason"] == "complete"
        await back.close()
        assert await serve.signal(signal.SIGTERM) == 0


async def test_a_stop_mid_match_then_the_next_match_after_another_stop(tmp_path: Path) -> None:
    """Stops in two states one after the other: mid-match, then between matches."""
    async with running(tmp_path) as lan:
        anna = await lan.connect("Anna")
        await anna.create("due", bots={"1": "random"})
        await anna.join("due")
        await asyncio.wait_for(play_out(anna, stop=nth_turn(3)), GAME)
        await lan.stop()
    async with running(tmp_path) as again:
        back = await again.connect("Anna")
        await back.ask("resume", "resumed", token=anna.token)
        back.token, back.seat = anna.token, 0
        await asyncio.wait_for(play_out(back, random.Random(2)), GAME)
        await again.stop()
    async with running(tmp_path) as third:
        last = await third.connect("Anna")
        got = await last.ask("resume", "resumed", token=anna.token)
        assert got["table"] == "due"
