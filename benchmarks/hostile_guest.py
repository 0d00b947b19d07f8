"""A dishonest guest at a LAN server (issue 28): the attacks, with figures.

``python benchmarks/hostile_guest.py [--seconds S] [--only NAME ...]`` starts
``python -m briscola serve`` on 127.0.0.1 (a free port, records in a fresh
folder; the package is whatever ``python`` imports, so ``PYTHONPATH=OLD`` runs
the same attacks on another checkout) and does what a guest with a short script
could, from loopback addresses standing for other machines (127.0.0.x):

- ``queue``: 16 seated connections send 60 KB lines of an unknown type at the
  rate allowed; the server's RSS before, at its peak and after;
- ``token``: 8 connections send ``resume`` with 65,000-character tokens while
  60 tables hold people; a victim's ``list`` round trips meanwhile;
- ``churn``: 8 connections play against a random bot as fast as they can, with
  rematches; matches played and the records folder's growth;
- ``spectate``: three addresses make tables, watch them and leave; whether a
  friend from a fourth address connects and creates;
- ``chat``: 40 connections from 20 addresses chat at one table; the lines a
  reader there gets;
- ``seed``: what a served record keeps of its deals (the seed's size).

Each prints one block of figures; nothing is judged here (the tests judge).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from lan import Client, Closed, ServeProcess, play_out, rss_mb


def folder_mb(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.glob("*") if p.is_file()) / 2**20


async def connect(port: int, name: str, source: str) -> Client | None:
    try:
        return await Client.connect(port, name, source=source)
    except (Closed, OSError, TimeoutError, AssertionError):
        return None


async def queue(serve: ServeProcess, seconds: float) -> None:
    assert serve.process is not None
    pid = serve.process.pid
    junk = (json.dumps({"type": "junk", "pad": "x" * 60_000}) + "\n").encode()
    guests = []
    for n in range(16):
        guest = await connect(serve.port, f"Q{n}", f"127.0.0.{10 + n}")
        assert guest is not None
        await guest.create(f"q{n}")
        await guest.join(f"q{n}")
        guests.append(guest)
    before = peak = rss_mb(pid)

    async def attack(guest: Client) -> None:
        for second in range(int(seconds)):
            for _ in range(45 if second == 0 else 19):
                await guest.send_raw(junk)
            await asyncio.sleep(1.0)

    async def watch() -> None:
        nonlocal peak
        while True:
            peak = max(peak, rss_mb(pid))
            await asyncio.sleep(0.1)

    watcher = asyncio.ensure_future(watch())
    sent = time.monotonic()
    await asyncio.gather(*(attack(g) for g in guests))
    await asyncio.sleep(2.0)
    watcher.cancel()
    after = rss_mb(pid)
    for guest in guests:
        await guest.close()
    print(f"queue attack: 16 seated connections, 60 KB junk lines at the allowed rate, "
          f"{time.monotonic() - sent:.0f} s")  # fmt: skip
    print(f"  server RSS before {before:.0f} MB, peak {peak:.0f} MB (+{peak - before:.0f}), "
          f"2 s after {after:.0f} MB (+{after - before:.0f})")  # fmt: skip


async def token(serve: ServeProcess, seconds: float) -> None:
    holders = []
    for n in range(60):
        host = await connect(serve.port, f"H{n}", f"127.0.1.{n + 1}")
        assert host is not None
        await host.create(f"tok{n}", players=4)
        await host.join(f"tok{n}")
        holders.append(host)
    victim = await connect(serve.port, "Victim", "127.0.0.200")
    assert victim is not None

    async def trips(until: float) -> list[float]:
        out = []
        while time.monotonic() < until:
            start = time.perf_counter()
            await victim.ask("list", "tables")
            out.append((time.perf_counter() - start) * 1000)
            await asyncio.sleep(0.05)
        return out

    calm = await trips(time.monotonic() + 2.0)
    long = "f" * 65_000
    flooders = [await connect(serve.port, f"F{n}", f"127.0.2.{n + 1}") for n in range(8)]

    async def flood(client: Client | None, until: float) -> None:
        if client is None:
            return
        while time.monotonic() < until and not client.eof:
            for _ in range(19):
                await client.send({"type": "resume", "id": client.next_id(), "token": long})
            await asyncio.sleep(1.0)

    until = time.monotonic() + seconds
    got = await asyncio.gather(trips(until), *(flood(c, until) for c in flooders))
    stormy: list[float] = got[0]
    for c in [*holders, victim, *(f for f in flooders if f)]:
        await c.close()

    def show(values: list[float]) -> str:
        ordered = sorted(values)
        p50, p99 = (ordered[min(len(ordered) - 1, int(q * len(ordered)))] for q in (0.5, 0.99))
        return f"p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {ordered[-1]:.1f} ms ({len(values)})"

    print("token flood: 8 connections, resume with 65,000-character tokens at the allowed rate,"
          " 60 tables of people")  # fmt: skip
    print(f"  a victim's list round trip: calm {show(calm)}")
    print(f"                              during the flood {show(stormy)}")


async def churn(serve: ServeProcess, seconds: float) -> None:
    start_mb = folder_mb(serve.records)
    played = [0]
    refused: dict[str, int] = {}

    async def player(n: int, until: float) -> None:
        client = await connect(serve.port, f"C{n}", f"127.0.3.{n + 1}")
        if client is None:
            return
        got = await client.request("create", 5.0, table=f"churn{n}", bots={"1": "random"})
        if got["type"] != "created":
            refused[got.get("code", "?")] = refused.get(got.get("code", "?"), 0) + 1
            return
        await client.join(f"churn{n}")
        rng = random.Random(n)
        while time.monotonic() < until:
            try:
                await asyncio.wait_for(play_out(client, rng), 30)
            except (Closed, TimeoutError, AssertionError):
                return
            played[0] += 1
            got = await client.request("rematch", 5.0)
            if got["type"] == "error":
                refused[got["code"]] = refused.get(got["code"], 0) + 1
                await asyncio.sleep(1.0)
                while time.monotonic() < until:  # ask again until the limit lets it
                    got = await client.request("rematch", 5.0)
                    if got["type"] != "error":
                        break
                    await asyncio.sleep(2.0)
        await client.close()

    started = time.monotonic()
    until = started + seconds
    await asyncio.gather(*(player(n, until) for n in range(8)))
    took = time.monotonic() - started
    grown = folder_mb(serve.records) - start_mb
    print(f"match churn: 8 connections against a random bot, with rematches, {took:.0f} s")
    print(f"  matches {played[0]} ({played[0] * 60 / took:.0f} a minute); records folder "
          f"+{grown:.2f} MB ({grown * 3600 / took:.0f} MB an hour); refused {refused}")  # fmt: skip


async def spectate(serve: ServeProcess, seconds: float) -> None:
    held = 0
    kept = []  # a client object let go of closes its connection
    for a in range(3):
        for n in range(32):
            source = f"127.0.4.{a + 1}"
            maker = await connect(serve.port, "M", source)
            if maker is None:
                break
            got = await maker.request("create", 5.0, table=f"s{a}-{n}")
            if got["type"] == "created":
                watcher = await connect(serve.port, "W", source)
                if watcher is not None:
                    await watcher.request("watch", 5.0, table=f"s{a}-{n}")
                    kept.append(watcher)
                    held += 1
            await maker.close()
    await asyncio.sleep(0.5)
    friend = await connect(serve.port, "Friend", "127.0.4.200")
    if friend is None:
        print("spectators: 3 addresses watching tables they made and left: the friend "
              "could not connect")  # fmt: skip
        return
    listed = await friend.ask("list", "tables")
    got = await friend.request("create", 5.0, table="friday")
    print(f"spectators: 3 addresses made and watched {held} tables, then left them; "
          f"{len(listed['tables'])} tables remain")  # fmt: skip
    print(f"  a friend from a new address: connected, create -> {got['type']}"
          f"{' ' + got.get('code', '') if got['type'] == 'error' else ''}")  # fmt: skip
    for client in [friend, *kept]:
        await client.close()


async def chat(serve: ServeProcess, seconds: float) -> None:
    host = await connect(serve.port, "Host", "127.0.5.1")
    assert host is not None
    await host.create("chatty", players=4)
    reader = await connect(serve.port, "Reader", "127.0.5.2")
    assert reader is not None
    await reader.ask("watch", "watching", table="chatty")
    talkers = []
    for n in range(40):
        talker = await connect(serve.port, f"T{n}", f"127.0.6.{n // 2 + 1}")
        if talker is not None:
            await talker.ask("watch", "watching", table="chatty")
            talkers.append(talker)
    until = time.monotonic() + seconds

    async def talk(talker: Client) -> None:
        while time.monotonic() < until:
            for _ in range(5):
                await talker.send({"type": "chat", "id": talker.next_id(), "text": "spam " * 90})
            await asyncio.sleep(1.0)

    started = time.monotonic()
    await asyncio.gather(*(talk(t) for t in talkers))
    await reader.quiet(2.0)
    took = time.monotonic() - started
    lines = reader.of("chat")
    told = [m["text"] for m in reader.of("notice") if m["code"] == "chat_dropped"]
    size = sum(len(json.dumps(m)) for m in lines)
    print(f"chat flood: {len(talkers)} connections from 20 addresses at one table, {took:.0f} s")
    print(f"  a reader there got {len(lines)} chat lines ({size / 1000:.0f} kB), "
          f"{len(told)} notices of dropped lines")  # fmt: skip
    for c in [host, reader, *talkers]:
        await c.close()


async def seed(serve: ServeProcess, seconds: float) -> None:
    client = await connect(serve.port, "Seed", "127.0.7.1")
    assert client is not None
    await client.create("seed", bots={"1": "random"}, target=2)
    await client.join("seed")
    await asyncio.wait_for(play_out(client), 60)
    await client.close()
    await asyncio.sleep(0.5)
    for path in sorted(serve.records.glob("*seed*.jsonl")):
        lines = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
        deals = sum(x["type"] == "deal" for x in lines)
        print(f"seed: the record's header seed is {lines[0]['seed']!r}, {deals} deal lines")
    print(f"  each deal: 39 draws from the operating system (secrets.SystemRandom): "
          f"log2(40!) = {math.log2(math.factorial(40)):.1f} bits a 40-card deal")  # fmt: skip


ATTACKS = {f.__name__: f for f in (queue, token, churn, spectate, chat, seed)}


async def main(seconds: float, only: list[str], options: list[str]) -> None:
    with tempfile.TemporaryDirectory(prefix="briscola-hostile-") as tmp:
        for name in only:
            folder = Path(tmp) / name
            serve = ServeProcess(folder / "records", folder / "logs", *options,
                                 "--log-level", "info")  # fmt: skip
            try:
                await serve.start()
                await ATTACKS[name](serve, seconds)
            finally:
                await serve.kill()
            log = serve.log_text()
            print(f"  server log: {len(log) / 1000:.0f} kB, {log.count(chr(10))} lines")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="each attack (default 10)")
    parser.add_argument("--only", nargs="*", choices=sorted(ATTACKS), default=list(ATTACKS))
    parser.add_argument("--serve", nargs=argparse.REMAINDER, default=[],
                        help="options for briscola serve")  # fmt: skip
    ns = parser.parse_args()
    asyncio.run(main(ns.seconds, ns.only, ns.serve))
