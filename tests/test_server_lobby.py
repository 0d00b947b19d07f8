"""LAN server: the lobby over real sockets on 127.0.0.1: handshake, list, create, join,
watch, private tables, refusals, and the seat tokens that never leak."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest
from lan import TOKEN, Lan, Message, files_text, play_out, running, verify_records


def table_in(listed: Message, name: str) -> Message:
    found = [t for t in listed["tables"] if t["table"] == name]
    assert len(found) == 1, f"table {name} in {listed}"
    return found[0]


async def test_the_handshake_and_an_empty_list(tmp_path: Path) -> None:
    async with running(tmp_path) as lan:
        anna = await lan.connect("Anna")
        assert anna.server_hello is not None
        assert anna.server_hello["software"].startswith("briscola")
        listed = await anna.ask("list", "tables")
        assert listed["tables"] == [] and "Anna" in listed["waiting"]


async def test_a_table_in_the_list(tmp_path: Path) -> None:
    async with running(tmp_path) as lan:
        anna = await lan.connect("Anna")
        await anna.create("friday", players=4, bots={"2": "expert"})
        await anna.join("friday", seat=0)
        listed = await (await lan.connect("Bruno")).ask("list", "tables")
        assert table_in(listed, "friday") == {
            "table": "friday",
            "players": 4,
            "variant": "italian",
            "target": 1,
            "pack": 40,
            "state": "waiting",
            "seats": ["Anna", None, "Marco (expert)", None],
            "seat_info": [
                {"kind": "person", "name": "Anna", "grace_s": None},
                {"kind": "free", "name": None, "grace_s": None},
                {"kind": "bot", "name": "Marco (expert)", "grace_s": None},
                {"kind": "free", "name": None, "grace_s": None},
            ],
            "spectators": 0,
            "private": False,
        }
        assert "Anna" not in listed["waiting"] and "Bruno" in listed["waiting"]


async def test_create_has_defaults_and_may_pick_the_name(tmp_path: Path) -> None:
    async with running(tmp_path, unstarted_per_connection=10) as lan:
        anna = await lan.connect("Anna")
        created = await anna.ask("create", "created")
        name = created["table"]
        assert isinstance(name, str) and name
        table = table_in(await anna.ask("list", "tables"), name)
        assert (table["players"], table["target"], table["variant"]) == (2, 1, "italian")
        assert table["seats"] == [None, None] and table["state"] == "waiting"
        other = await anna.ask("create", "created")
        assert other["table"] != name
        for players in (2, 3, 4, 6):
            await anna.create(f"p{players}x", players=players)
        await anna.create("brisca3", variant="brisca", target=3, players=3, pack=39)


@pytest.mark.parametrize(
    "spec",
    ["oracle", "oracle:think_ms=10", "cmd:touch {pwned}", "cmd:python3 -c 1", "nonsense", ""],
)
async def test_create_refuses_a_bot_the_server_does_not_run(tmp_path: Path, spec: str) -> None:
    pwned = tmp_path / "pwned"
    async with running(tmp_path) as lan:
        anna = await lan.connect("Anna")
        await anna.refused("create", "bad_spec", table="t", bots={"1": spec.format(pwned=pwned)})
        listed = await anna.ask("list", "tables")
        assert listed["tables"] == []
        await asyncio.sleep(0.2)
    assert not pwned.exists(), "a client made the server run a program"


async def test_create_refusals(tmp_path: Path) -> None:
    async with running(tmp_path, max_tables=2) as lan:
        anna = await lan.connect("Anna")
        for wrong in ({"players": 5}, {"target": 4}, {"variant": "scopa"}, {"pack": 33}):
            got = await anna.request("create", table="bad", **wrong)
            assert got["type"] == "error", f"{wrong}: {got}"
        no_seat = await anna.request("create", table="bad", bots={"2": "random"})
        assert no_seat["type"] == "error", no_seat
        await anna.create("one")
        await anna.refused("create", "table_exists", table="one")
        await anna.create("two")
        await anna.refused("create", "too_many_tables", table="three")
        assert [t["table"] for t in (await anna.ask("list", "tables"))["tables"]] == ["one", "two"]


async def test_join_refusals(tmp_path: Path) -> None:
    async with running(tmp_path) as lan:
        anna = await lan.connect("Anna")
        await anna.create("t", players=3)
        await anna.refused("join", "no_such_table", table="nowhere")
        await anna.join("t", seat=1)
        await anna.refused("join", "already_seated", table="t")
        bruno = await lan.connect("Bruno")
        await bruno.refused("join", "seat_taken", table="t", seat=1)
        got = await bruno.request("join", table="t", seat=3)
        assert got["type"] == "error", got
        await bruno.refused("leave", "not_seated")
        await bruno.join("t")
        assert bruno.seat == 0
        await (await lan.seated("Carla", "t")).until("match_start")
        dario = await lan.connect("Dario")
        await dario.refused("join", "table_full", table="t")
        await dario.refused("watch", "no_such_table", table="nowhere")
        await dario.refused("resume", "bad_token", token="0" * 64)


async def test_a_private_table_needs_its_code(tmp_path: Path) -> None:
    async with running(tmp_path) as lan:
        anna = await lan.connect("Anna")
        await anna.create("secret", code="sesame", bots={"1": "random"})
        listed = await anna.ask("list", "tables")
        assert table_in(listed, "secret")["private"] is True
        assert b"sesame" not in anna.raw[-1]
        bruno = await lan.connect("Bruno")
        await bruno.refused("join", "bad_code", table="secret")
        await bruno.refused("join", "bad_code", table="secret", code="Sesame")
        await bruno.refused("join", "bad_code", table="secret", seat=0, code="open")
        await bruno.refused("watch", "bad_code", table="secret")
        vera = await lan.connect("Vera")
        await vera.ask("watch", "watching", table="secret", code="sesame")
        await bruno.join("secret", code="sesame")
        end = await asyncio.wait_for(play_out(bruno), 30)
        assert end["reason"] == "complete"
        await vera.until("match_end")
    verify_records(lan.records, expect=1)


@pytest.mark.parametrize("name", ["", "x" * 41, "An\nna", "An\x07na", "\x1b[31mred"])
async def test_a_bad_name_is_refused(tmp_path: Path, name: str) -> None:
    async with running(tmp_path) as lan:
        client = await lan.connect(name, hello=False)
        await client.hello(name)
        refused = await client.until("error")
        assert refused["code"] == "bad_message" and refused.get("id") == 1
        await lan.alive()
        fine = await lan.connect("y" * 40)
        assert "y" * 40 in (await fine.ask("list", "tables"))["waiting"]


async def test_another_protocol_version_gets_an_error_and_bye(tmp_path: Path) -> None:
    async with running(tmp_path) as lan:
        old = await lan.connect("Old", hello=False)
        await old.hello("Old", protocol=2)
        refused = await old.until("error")
        assert refused["code"] == "unsupported_protocol"
        await old.until("bye")
        await old.closed_within()
        await lan.alive()


async def test_unknown_types_and_fields_are_answered_and_ignored(tmp_path: Path) -> None:
    async with running(tmp_path) as lan:
        anna = await lan.connect("Anna", hello=False)
        await anna.hello("Anna", version="9", colour="blue")
        await anna.refused("dance", "unknown_type")
        listed = await anna.request("list", extra={"x": 1})
        assert listed["type"] == "tables"
        await anna.send({"id": 99})
        assert (await anna.until("error"))["code"] == "bad_message"
        await anna.ask("list", "tables")


async def seat_two(lan: Lan) -> list[str]:
    """Anna and Bruno at table "t", so that a match is under way; their tokens."""
    anna = await lan.seated("Anna", "t")
    bruno = await lan.seated("Bruno", "t")
    await asyncio.gather(anna.until("match_start"), bruno.until("match_start"))
    return [anna.token or "", bruno.token or ""]


async def test_a_wrong_or_altered_token_is_refused(tmp_path: Path) -> None:
    async with running(tmp_path) as lan:
        await (await lan.connect("Host")).create("t")
        anna_token, bruno_token = await seat_two(lan)
        assert anna_token != bruno_token
        thief = await lan.connect("Thief")
        flipped = ("1" if anna_token[0] == "0" else "0") + anna_token[1:]
        for token in (flipped, anna_token.upper(), anna_token[:32], anna_token + "0"):
            await thief.refused("resume", "bad_token", token=token)
        for token in ("", 12345, None, [anna_token]):
            got = await thief.request("resume", token=token)
            assert got["type"] == "error" and got["code"] in ("bad_token", "bad_message"), got
        listed = await thief.ask("list", "tables")
        assert table_in(listed, "t")["seats"] == ["Anna", "Bruno"]
        assert not thief.of("match_start") and not thief.of("turn")


async def test_tokens_are_shown_to_their_seat_only(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    async with running(tmp_path) as lan:
        host = await lan.connect("Host")
        await host.create("t")
        vera = await lan.connect("Vera")
        await vera.ask("watch", "watching", table="t")
        tokens = await seat_two(lan)
        await vera.until("round_start")
        await host.ask("list", "tables")
        everyone = lan.clients
        assert all(TOKEN.fullmatch(t) for t in tokens) and len(set(tokens)) == 2
        for client in everyone:
            text = b"".join(client.raw).decode()
            for token in tokens:
                assert (token in text) == (token == client.token), f"{client.name} and a token"
    for token in tokens:
        assert token not in caplog.text, "a token in the server's log"
        assert token not in files_text(lan.records), "a token in the records"


async def test_a_spectator_is_counted_and_may_leave(tmp_path: Path) -> None:
    async with running(tmp_path) as lan:
        anna = await lan.connect("Anna")
        await anna.create("t", bots={"1": "random"})
        vera = await lan.connect("Vera")
        await vera.ask("watch", "watching", table="t")
        assert table_in(await anna.ask("list", "tables"), "t")["spectators"] == 1
        await anna.join("t")
        await anna.until("match_start")
        await vera.ask("leave", "left")
        assert table_in(await anna.ask("list", "tables"), "t")["spectators"] == 0
        assert "Vera" in (await vera.ask("list", "tables"))["waiting"]
        seen = len(vera.lines)
        await asyncio.wait_for(play_out(anna), 30)
        await vera.quiet(0.3)
        assert [m["type"] for m in vera.lines[seen:]] == []
    verify_records(lan.records, expect=1)
