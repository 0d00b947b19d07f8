"""Tables that nobody holds go, seats that nobody holds free up, bots cost what is allowed."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lan import WAIT, Lan, running


async def listed(lan: Lan, name: str = "Look") -> dict[str, Any]:
    client = await lan.connect(name)
    tables = (await client.ask("list", "tables"))["tables"]
    await client.close()
    return {t["table"]: t for t in tables}


async def until_listed(lan: Lan, test: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    deadline = asyncio.get_running_loop().time() + WAIT
    while True:
        tables = await listed(lan)
        if test(tables) or asyncio.get_running_loop().time() > deadline:
            return tables
        await asyncio.sleep(0.05)


async def test_a_table_goes_with_its_creator_unless_someone_sits(tmp_path: Path) -> None:
    async with running(tmp_path, grace=1.0) as lan:
        maker = await lan.connect("Maker")
        await maker.create("empty")
        await maker.create("kept")
        anna = await lan.seated("Anna", "kept")
        await maker.close()
        tables = await until_listed(lan, lambda t: "empty" not in t)
        assert "empty" not in tables and tables["kept"]["seats"] == ["Anna", None]
        await anna.close()  # no leave: her seat is held for the grace, and keeps the table
        tables = await listed(lan)
        assert tables["kept"]["seat_info"][0]["kind"] == "away"
        tables = await until_listed(lan, lambda t: "kept" not in t)
        assert tables == {}, "a waiting table whose only person did not come back is gone"


async def test_a_seat_dropped_before_the_match_is_held_and_one_left_is_free(
    tmp_path: Path,
) -> None:
    """A crash is not a choice: a person whose connection goes while the table waits
    for players keeps the seat for the grace (their token takes it back); ``leave``
    frees it at once, and so does the end of the grace."""
    async with running(tmp_path, grace=1.0) as lan:
        host = await lan.connect("Host")
        await host.create("t", players=3)
        anna = await lan.seated("Anna", "t")
        bruno = await lan.seated("Bruno", "t")
        anna.abort()
        tables = await until_listed(lan, lambda t: t["t"]["seat_info"][0]["kind"] == "away")
        assert tables["t"]["seats"] == ["Anna", "Bruno", None]
        assert tables["t"]["state"] == "waiting"
        back = await lan.connect("Anna")
        await back.ask("resume", "resumed", token=anna.token)
        await back.ask("leave", "left")
        tables = await until_listed(lan, lambda t: t["t"]["seats"][0] is None)
        assert tables["t"]["seats"] == [None, "Bruno", None]
        other = await lan.connect("Anna")
        await other.refused("resume", "bad_token", token=anna.token)
        bruno.abort()  # not back within the grace: free for someone else
        tables = await until_listed(lan, lambda t: t["t"]["seats"][1] is None)
        assert tables["t"]["seats"] == [None, None, None] and tables["t"]["state"] == "waiting"
        assert not bruno.of("match_start")


async def test_bot_options_that_would_hold_the_pool_are_refused(tmp_path: Path) -> None:
    async with running(tmp_path) as lan:
        maker = await lan.connect("Maker")
        for spec in ("expert:samples=100000000", "expert:think_ms=60000", "random:seed=1"):
            await maker.refused("create", "bad_spec", table="t", bots={"1": spec})
        await maker.create("t", bots={"1": "expert:think_ms=20"})


async def test_one_connection_holds_one_seat(tmp_path: Path) -> None:
    async with running(tmp_path) as lan:
        host = await lan.connect("Host")
        await host.create("a", players=3)
        await host.create("b", players=3)
        anna = await lan.seated("Anna", "a")
        bruno = await lan.seated("Bruno", "b")
        await anna.refused("resume", "already_seated", token=bruno.token)
        await anna.refused("join", "already_seated", table="b")
        await anna.refused("watch", "already_seated", table="b")
        tables = await listed(lan)
        assert tables["a"]["seats"][0] == "Anna" and tables["b"]["seats"][0] == "Bruno"
