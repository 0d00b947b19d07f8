"""The bot pool's fairness, measured: an ordinary table's expert beside abusive tables.

``briscola bench --server --abusive N`` starts the server in a process of its
own on 127.0.0.1 and plays an ordinary two-seat table (a person's client that
answers in half a second, against the built-in ``expert``) twice: alone,
then while N abusive clients each keep a six-seat table of five experts at
the longest think a lobby allows (``expert:think_ms=900``; their first ask,
``think_ms=5000``, must be refused) playing match after match.  Reported:
the ordinary expert's card times (from the card before it to its own
``played``), p50 and p99, in both runs, and their ratio.  The shared pool
serves each table's queue in turn, least used first, and bot-heavy tables
think in idle-core workers that pause while a people's table's bot thinks,
so the ratio stays near 1 where a first-come queue let one person wait
seconds.  Only loopback, bounded in time.
Floor 7 (server).
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import random
import tempfile
import time
from typing import Any

from .bench import HOST, _quantile, _server_main

__all__ = ["bench_fairness", "format_fairness", "run_fairness"]

DEADLINE_S = 600.0
ABUSE = "expert:think_ms=900"
PERSON_S = 0.5  # the ordinary table's person: quick, for a person


class _Conn:
    """One lobby connection, plain JSON lines."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.ids = iter(range(2, 10**9))

    @classmethod
    async def open(cls, port: int, name: str) -> _Conn:
        reader, writer = await asyncio.open_connection(HOST, port, limit=1 << 22)
        conn = cls(reader, writer)
        hello = await conn.read()
        conn.send({"type": "hello", "id": hello["id"], "protocol": 1, "name": name})
        return conn

    def send(self, msg: dict[str, Any]) -> None:
        self.writer.write(json.dumps(msg).encode() + b"\n")

    async def read(self) -> dict[str, Any]:
        line = await asyncio.wait_for(self.reader.readline(), 120)
        if not line:
            raise ConnectionError("the server closed the connection")
        msg: dict[str, Any] = json.loads(line)
        return msg

    async def request(self, kind: str, **fields: Any) -> dict[str, Any]:
        rid = next(self.ids)
        self.send({"type": kind, "id": rid, **fields})
        while True:
            msg = await self.read()
            if msg.get("id") == rid and msg["type"] != "turn":
                return msg

    async def play_match(
        self, rng: random.Random, times: list[float] | None = None, think: float = 0.0
    ) -> None:
        """Answer every turn (after ``think`` seconds) until match_end; with ``times``,
        the other seat's card times (from the card before it)."""
        seat, last = None, time.perf_counter()
        while True:
            msg = await self.read()
            kind = msg["type"]
            if kind == "match_start":
                seat = msg["seat"]
            elif kind == "turn":
                await asyncio.sleep(think)
                card = rng.choice([c for c in msg["legal"] if c != "exchange"])
                self.send({"type": "play", "id": msg["id"], "card": card})
            elif kind == "played":
                now = time.perf_counter()
                if times is not None and msg["seat"] != seat:
                    times.append(now - last)
                last = now
            elif kind == "match_end":
                return

    async def close(self) -> None:
        self.writer.close()


async def _abuser(port: int, n: int, stop: asyncio.Event, refused: list[bool]) -> int:
    conn = await _Conn.open(port, f"Abuser{n}")
    rng = random.Random(n)
    greedy = {str(s): "expert:think_ms=5000" for s in range(1, 6)}
    first = await conn.request("create", table=f"abuse{n}-0", players=6, bots=greedy)
    refused.append(first["type"] == "error")
    matches = 0
    while not stop.is_set():
        name = f"abuse{n}-{matches + 1}"
        bots = {str(s): ABUSE for s in range(1, 6)}
        await conn.request("create", table=name, players=6, bots=bots)
        await conn.request("join", table=name)
        task = asyncio.ensure_future(conn.play_match(rng))
        await asyncio.wait({task, asyncio.ensure_future(stop.wait())},
                           return_when=asyncio.FIRST_COMPLETED)  # fmt: skip
        if not task.done():
            task.cancel()
            break
        await conn.request("leave")
        matches += 1
    await conn.close()
    return matches


async def _ordinary(port: int, matches: int, tag: str, think: float) -> list[float]:
    times: list[float] = []
    conn = await _Conn.open(port, f"Person-{tag}")
    rng = random.Random(7)
    for m in range(matches):
        name = f"ordinary-{tag}-{m}"
        await conn.request("create", table=name, players=2, bots={"1": "expert"})
        await conn.request("join", table=name)
        await conn.play_match(rng, times, think)
        await conn.request("leave")
    await conn.close()
    return times


async def run_fairness(
    port: int, abusive: int, matches: int, think: float = PERSON_S, warmup: float = 20.0
) -> dict[str, Any]:
    """The two runs against a server on ``port``: their figures."""
    alone = await _ordinary(port, matches, "alone", think)
    stop = asyncio.Event()
    refused: list[bool] = []
    abusers = [asyncio.ensure_future(_abuser(port, n, stop, refused)) for n in range(abusive)]
    # Their tables play on long enough to be known as bot-heavy (the pool's budget
    # counts the last minute's work; an abuser's first seconds are an ordinary table's).
    await asyncio.sleep(warmup)
    crowded = await _ordinary(port, matches, "crowded", think)
    stop.set()
    played = await asyncio.gather(*abusers)
    ratio = _quantile(crowded, 0.99) / max(_quantile(alone, 0.99), 1e-9)
    return {
        "abusive_tables": abusive,
        "abusive_refused_5000": all(refused),
        "abusive_matches": sum(played),
        "ordinary_matches": matches,
        "alone_ms_p50": _quantile(alone, 0.5) * 1000,
        "alone_ms_p99": _quantile(alone, 0.99) * 1000,
        "crowded_ms_p50": _quantile(crowded, 0.5) * 1000,
        "crowded_ms_p99": _quantile(crowded, 0.99) * 1000,
        "expert_cards": len(alone) + len(crowded),
        "ratio_p99": ratio,
    }


def bench_fairness(abusive: int = 5, matches: int = 10, seed: int = 2026) -> dict[str, Any]:
    ctx = multiprocessing.get_context("spawn")
    with tempfile.TemporaryDirectory(prefix="briscola-fair-") as records:
        here, there = ctx.Pipe()
        server = ctx.Process(target=_server_main, args=(records, there, seed))
        server.start()
        try:
            port = here.recv()
            run = run_fairness(port, abusive, matches)
            figures = asyncio.run(asyncio.wait_for(run, DEADLINE_S))
        finally:
            server.terminate()  # a clean stop; then it sends its own figures, not needed
            if here.poll(30):
                here.recv()
            server.join(30)
            if server.is_alive():
                server.kill()
    return figures


def format_fairness(r: dict[str, Any]) -> str:
    return "\n".join(
        [
            f"an ordinary 2-seat table's expert, alone and beside {r['abusive_tables']} "
            "six-seat tables of five experts (think_ms=900) playing on",
            f"  think_ms=5000 refused: {'yes' if r['abusive_refused_5000'] else 'NO'}; "
            f"abusive matches played meanwhile {r['abusive_matches']}; "
            f"{r['expert_cards']} expert cards timed",
            f"  alone    p50 {r['alone_ms_p50']:7.1f} ms   p99 {r['alone_ms_p99']:7.1f} ms",
            f"  crowded  p50 {r['crowded_ms_p50']:7.1f} ms   p99 {r['crowded_ms_p99']:7.1f} ms",
            f"  p99 crowded / alone {r['ratio_p99']:.2f} (target <= 1.20)",
        ]
    )
