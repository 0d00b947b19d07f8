"""LAN server: bad clients.  Random bytes, invalid UTF-8, an over-long line, a deeply
nested line, a flood, silence at the handshake, idleness, a reader that never reads,
hundreds of connections opened and dropped, connection limits: each time the server
stays up and a table playing meanwhile finishes its match, and its record verifies."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from lan import Client, Lan, Message, play_out, running, verify_records

from briscola.protocol.tcp import FLOOD

GAME = 30.0


@contextlib.asynccontextmanager
async def canary(lan: Lan, name: str = "Canary", think: float = 0.01) -> AsyncIterator[None]:
    """A table playing a whole match (a person answering after ``think`` s and a random
    bot) around the block; at its end the match must finish."""
    client = await lan.connect(name)
    await client.create(f"{name.lower()}-table", bots={"1": "random"})
    await client.join(f"{name.lower()}-table")
    game = asyncio.create_task(play_out(client, random.Random(7), think=think))
    try:
        yield
    finally:
        end = await asyncio.wait_for(game, GAME)
    assert end["reason"] == "complete"


def codes(messages: list[Message]) -> list[str]:
    return [m.get("code", "") for m in messages if m["type"] == "error"]


async def test_random_bytes_get_bad_json_and_the_server_goes_on(tmp_path: Path) -> None:
    rng = random.Random(3)
    async with running(tmp_path) as lan, canary(lan):
        early = await lan.connect("Early", hello=False)
        await early.send_raw(bytes(rng.randrange(256) for _ in range(3000)) + b"\n")
        noisy = await lan.connect("Noisy")
        for _ in range(10):
            junk = bytes(b for b in os.urandom(400) if b != 10)
            await noisy.send_raw(junk + b"\n")
        got = await noisy.quiet(0.5)
        assert codes(got) and set(codes(got)) <= {"bad_json", "line_too_long"}, got
        assert (await noisy.ask("list", "tables"))["type"] == "tables"
        await lan.alive()
    verify_records(lan.records, expect=1)


async def test_invalid_utf8_is_bad_json_and_the_connection_stays(tmp_path: Path) -> None:
    async with running(tmp_path) as lan, canary(lan):
        client = await lan.connect("Bytes")
        await client.send_raw(b'{"type":"list","id":7,"x":"\xff\xfe"}\n')
        refused = await client.until("error")
        assert refused["code"] == "bad_json"
        await client.send_raw(b'{"type":"list","id":8,"x":"\xed\xa0\x80"}\r\n')  # a surrogate
        assert (await client.until("error"))["code"] == "bad_json"
        await client.send_raw(b"\n\r\n")  # empty lines are ignored
        await client.ask("list", "tables")
    verify_records(lan.records, expect=1)


@pytest.mark.parametrize(
    "line",
    [
        b"[" * 2048,
        b"[" * 2048 + b"]" * 2048,
        b'{"type":"list","id":3,"x":' + b"[" * 2048 + b"]" * 2048 + b"}",
        b'{"type":"list","id":4,"x":' + b'{"a":' * 1000 + b"1" + b"}" * 1001,
        b'{"type":"list","id":5,"n":' + b"9" * 5000 + b"}",
        b"[1,2,3]",
        b'"just a string"',
        b'{"type":"list","id":6,"x":NaN}',
    ],
    ids=["open", "closed", "nested-in-object", "objects", "long-number", "array", "string", "nan"],
)
async def test_a_malformed_line_is_bad_json_and_the_connection_stays(
    tmp_path: Path, line: bytes
) -> None:
    async with running(tmp_path) as lan, canary(lan):
        client = await lan.connect("Nested")
        await client.send_raw(line + b"\n")
        refused = await client.until("error")
        assert refused["code"] == "bad_json", refused
        await client.ask("list", "tables")
        await lan.alive()
    verify_records(lan.records, expect=1)


async def test_an_over_long_line_is_refused_and_the_connection_closed(tmp_path: Path) -> None:
    async with running(tmp_path) as lan, canary(lan):
        exact = await lan.connect("Exact")
        pad = 65_536 - len(b'{"type":"list","id":9,"pad":""}')
        await exact.send_raw(b'{"type":"list","id":9,"pad":"' + b"x" * pad + b'"}\n')
        assert (await exact.until("tables"))["id"] == 9  # 64 KiB exactly is fine
        client = await lan.connect("Long")
        await client.send_raw(b'{"type":"chat","text":"' + b"x" * 70_000 + b'"}\n')
        refused = await client.until("error")
        assert refused["code"] == "line_too_long"
        rest = await client.closed_within()
        byes = [m for m in rest if m["type"] == "bye"]
        assert [b.get("reason") for b in byes] == ["line_too_long"]
        endless = await lan.connect("Endless")  # no line end at all
        await endless.send_raw(b"y" * 200_000)
        assert codes(await endless.closed_within()) == ["line_too_long"]
        await lan.alive()
    verify_records(lan.records, expect=1)


async def test_a_flood_is_rate_limited_then_cut_off(tmp_path: Path) -> None:
    """What holds however fast the loaded server reads the burst: no more answers
    than the bucket had (its 50 saved up, 20 a second after), and the bye comes
    right after FLOOD lines refused in a row (a line that passes in between, on a
    token refilled while the server was slow, starts the count again)."""
    async with running(tmp_path) as lan, canary(lan):
        flood = await lan.connect("Flood")
        burst = b"".join(b'{"type":"list","id":%d}\n' % (100 + n) for n in range(300))
        started = time.monotonic()
        await flood.send_raw(burst)
        got = await flood.closed_within(10.0)
        took = time.monotonic() - started
        answered = [m for m in got if m["type"] == "tables"]
        assert 20 <= len(answered) <= 50 + 20 * took + 1, f"{len(answered)} answered in {took} s"
        refused = got[-FLOOD:-1]  # the bye's line is not answered: FLOOD - 1 errors
        assert [m.get("code") for m in refused] == ["rate_limited"] * (FLOOD - 1), got[-60:]
        assert got[-1]["type"] == "bye" and got[-1]["reason"] == "flood"
        assert isinstance(got[-1].get("text"), str) and got[-1]["text"]
        await lan.alive()
    verify_records(lan.records, expect=1)


async def test_messages_at_the_allowed_rate_are_all_answered(tmp_path: Path) -> None:
    async with running(tmp_path) as lan:
        steady = await lan.connect("Steady")
        for _ in range(60):  # 50 of burst, then well under 20 a second
            await steady.ask("list", "tables")
            await asyncio.sleep(0.02)
        assert not codes(steady.lines)


async def test_no_hello_gets_bye_handshake_timeout(tmp_path: Path) -> None:
    async with running(tmp_path, handshake_timeout=0.3) as lan, canary(lan):
        silent = await lan.connect("Silent", hello=False)
        greeting = await silent.receive()
        assert greeting["type"] == "hello"
        rest = await silent.closed_within(3.0)
        assert [m["type"] for m in rest] == ["bye"] and rest[0]["reason"] == "handshake_timeout"
        mute = await lan.connect("Mute", hello=False)  # a client that says something else
        await mute.receive()
        await mute.send({"type": "list", "id": 2})
        rest = await mute.closed_within(3.0)
        assert rest[-1]["type"] == "bye"
    verify_records(lan.records, expect=1)


async def test_an_idle_lobby_connection_is_closed(tmp_path: Path) -> None:
    async with running(tmp_path, idle_timeout=0.5) as lan, canary(lan, think=0.05):
        idle = await lan.connect("Idle")
        busy = await lan.connect("Busy")
        for _ in range(4):
            await asyncio.sleep(0.2)
            await busy.ask("list", "tables")
        rest = await idle.closed_within(3.0)
        assert rest[-1]["type"] == "bye" and rest[-1]["reason"] == "idle"
        assert not busy.of("bye")
    verify_records(lan.records, expect=1)


async def test_a_client_that_never_reads_is_cut_off(tmp_path: Path) -> None:
    """630 six-seat tables make each ``tables`` reply over 100 KB; 45 requests unread
    (over 4 MB, more than the kernel's buffers hold) must get the connection cut at
    1 MiB buffered in the server instead of kept."""
    async with running(
        tmp_path,
        max_tables=631,
        max_per_address=64,
        unstarted_per_connection=50,
        unstarted_per_address=1000,
    ) as lan:
        makers = [await lan.connect(f"Maker{n}") for n in range(14)]

        async def make(client: Client, n: int) -> None:
            for k in range(45):  # with the hello, within a burst of 50
                name = f"a-slow-reader-{n:02}-{k:02}"
                await client.send({"type": "create", "id": 10 + k, "table": name, "players": 6})
            await client.until(lambda m: m.get("id") == 54, 10.0)

        await asyncio.gather(*(make(c, n) for n, c in enumerate(makers)))
        assert not codes([m for c in makers for m in c.lines])
        size = len((await makers[0].ask("list", "tables"))["tables"])
        assert size == 630
        reply = len(makers[0].raw[-1])
        async with canary(lan):
            sink = await lan.connect("Sink", rcvbuf=4096)
            for n in range(45):
                await sink.send_raw(b'{"type":"list","id":%d}\n' % (100 + n))
            await asyncio.sleep(1.0)
            got, cut = 0, False
            with contextlib.suppress(TimeoutError):
                while not cut:
                    try:
                        chunk = await asyncio.wait_for(sink.reader.read(1 << 20), 3.0)
                    except ConnectionError:
                        chunk = b""
                    got += len(chunk)
                    cut = not chunk
            assert cut, "the server still holds a client that never reads"
            assert got < 45 * reply, "every reply arrived: nothing was cut"
        await lan.alive()
    verify_records(lan.records, expect=1)


async def test_a_thousand_connections_come_and_go(tmp_path: Path) -> None:
    async with running(tmp_path, max_connections=512, max_per_address=400) as lan:
        async with canary(lan, think=0.02):
            rng = random.Random(5)

            async def visit(n: int) -> None:
                client = await Client.connect(lan.port, f"Visitor{n}", hello=False)
                try:
                    kind = n % 4
                    if kind:
                        await client.hello(f"Visitor{n}")
                    if kind == 2:
                        await client.ask("list", "tables")
                    if kind == 3:
                        await client.send_raw(b'{"type":"li')  # half a line, then gone
                    await asyncio.sleep(rng.random() * 0.05)
                finally:
                    if n % 2:
                        client.abort()
                    else:
                        await client.close()

            for start in range(0, 1000, 100):  # a thousand, a hundred at a time
                await asyncio.gather(*(visit(n) for n in range(start, start + 100)))
        await asyncio.sleep(0.3)
        checker = await lan.connect("Checker")
        waiting = (await checker.ask("list", "tables"))["waiting"]
        assert not [name for name in waiting if name.startswith("Visitor")], waiting
    verify_records(lan.records, expect=1)


@pytest.mark.parametrize("limit", ["max_connections", "max_per_address"])
async def test_connections_over_the_limit_are_refused(tmp_path: Path, limit: str) -> None:
    async with running(tmp_path, **{limit: 3}) as lan:
        first = [await lan.connect(f"Ok{n}") for n in range(3)]
        over = await lan.connect("Over", hello=False)
        rest = await over.closed_within()
        assert [m["type"] for m in rest][-2:] == ["error", "bye"], rest
        assert rest[-2]["code"] == "too_many_connections"
        assert rest[-1]["reason"] == "too_many_connections"
        await first[0].close()
        await asyncio.sleep(0.2)
        again = await lan.connect("Again")
        assert (await again.ask("list", "tables"))["type"] == "tables"
