"""The LAN server's benchmark: hundreds of four-seat tables of protocol clients at once.

``briscola bench --server`` starts the server in a process of its own on
127.0.0.1 and two client processes, each with half of the tables' seats: a
random bot per seat that answers each ``turn`` after a think time.  Every
match must finish and every record must replay.  Reported, per scenario:

- the round trip of a move as a client sees it (its ``play`` sent to the
  next line received), p50 and p99;
- the server's own time from a ``play`` read to the next line written on
  that connection, p50 and p99;
- the client processes' event-loop lag (how late a 10 ms sleep wakes up),
  since on two cores the clients compete with the server;
- the server's peak RSS.

Scenarios: 200 tables at a 20 ms think; the same at no think; and 200
tables of which 20 have an ``expert`` in the fourth seat (the figures are
those of the other 180, whose p99 must not rise).  Only loopback, bounded
in time: a scenario that does not finish in its time is reported as such.
Floor 7 (server).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import multiprocessing
import os
import random
import resource
import signal
import statistics
import sys
import tempfile
import time
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from ..engine.replay import verify_record
from ..protocol.tcp import TcpLink
from .commands import serve_arguments
from .config import ServerConfig
from .lobby import Server
from .run import SWITCH_S, config_from

__all__ = [
    "bench_config",
    "bench_server",
    "format_figures",
    "run_clients",
    "serve_measured",
]

HOST = "127.0.0.1"
SEATS = 4
DEADLINE_S = 240.0  # one scenario, at most


def _quantile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


# -- the server's process --------------------------------------------------------------


def bench_config(records: Path, seed: int) -> ServerConfig:
    """The server's settings for the benchmark, through ``serve``'s own options: room
    for its 800 connections, every one from 127.0.0.1 (a bot league's case)."""
    parser = argparse.ArgumentParser()
    serve_arguments(parser)
    args = parser.parse_args(
        ["--host", HOST, "--port", "0", "--records", str(records), "--seed", str(seed),
         "--max-connections", "2000", "--max-per-address", "2000", "--max-tables", "1000",
         "--unstarted-per-address", "1000", "--turn-timeout", "60"]
    )  # fmt: skip
    return config_from(args)


async def serve_measured(config: ServerConfig, on_port: Any, stop: asyncio.Event) -> dict[str, Any]:
    """Run the server until ``stop``; its own figures."""
    TcpLink.answer_times = []
    sys.setswitchinterval(SWITCH_S)
    server = Server(config)
    await server.start(warm=True)
    if os.environ.get("BRISCOLA_BENCH_DEBUG"):  # which callbacks hold the loop up
        logging.basicConfig(level=logging.WARNING)
        loop = asyncio.get_running_loop()
        loop.set_debug(True)
        loop.slow_callback_duration = 0.004
    on_port(server.port)
    await stop.wait()
    await server.stop()
    times, TcpLink.answer_times = TcpLink.answer_times, None
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return {
        "server_ms_p50": _quantile(times, 0.50) * 1000,
        "server_ms_p99": _quantile(times, 0.99) * 1000,
        "server_answers": len(times),
        "server_rss_mb": usage.ru_maxrss / 1024,
        "server_cpu_s": usage.ru_utime + usage.ru_stime,
    }


def _server_main(records: str, port_out: Connection, seed: int) -> None:  # pragma: no cover
    async def run() -> dict[str, Any]:
        stop = asyncio.Event()
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
        return await serve_measured(bench_config(Path(records), seed), port_out.send, stop)

    port_out.send(asyncio.run(run()))


# -- a client process: many seats -----------------------------------------------------------


class _Seat(asyncio.Protocol):
    """One seat's client: a random bot that answers each turn after ``think`` seconds.

    Lines are looked at by their start and only a ``turn`` (or an answer to our own
    requests) is decoded: the clients share two cores with the server."""

    def __init__(self, name: str, think: float, rng: random.Random) -> None:
        self.name, self.think, self.rng = name, think, rng
        self.trips: list[float] = []
        self.ended = False
        self.buffer = b""
        self.sent = 0.0
        self.table = ""
        self.transport: asyncio.Transport | None = None
        self.done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.answers: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport

    def send(self, msg: dict[str, Any]) -> None:
        assert self.transport is not None
        self.transport.write(json.dumps(msg, separators=(",", ":")).encode() + b"\n")

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        *lines, self.buffer = self.buffer.split(b"\n")
        for line in lines:
            self.line(line)

    def line(self, line: bytes) -> None:
        if self.sent:
            self.trips.append(time.perf_counter() - self.sent)
            self.sent = 0.0
        head = line[:24]
        if head.startswith(b'{"type":"turn"'):
            msg = json.loads(line)
            if self.think:
                asyncio.get_running_loop().call_later(self.think, self.play, msg)
            else:
                self.play(msg)
        elif head.startswith(b'{"type":"match_end"'):
            self.ended = True
            self.send({"type": "leave", "id": 4})
            assert self.transport is not None
            self.transport.close()
        elif head.startswith((b'{"type":"hello"', b'{"type":"joined"', b'{"type":"created"',
                              b'{"type":"error"', b'{"type":"bye"')):  # fmt: skip
            self.answers.put_nowait(json.loads(line))

    def play(self, msg: dict[str, Any]) -> None:
        card = self.rng.choice([c for c in msg["legal"] if c != "exchange"])
        self.send({"type": "play", "id": msg["id"], "card": card})
        self.sent = time.perf_counter()

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.done.done():
            self.done.set_result(None)

    async def answer(self, msg_id: int) -> dict[str, Any]:
        while True:
            got = await self.answers.get()
            if got["type"] == "bye":
                raise ConnectionError(f"{self.name}: bye: {got}")
            if got.get("id") == msg_id or got["type"] == "hello":
                return got

    async def run(self, port: int, table: str, create: dict[str, Any] | None) -> None:
        loop = asyncio.get_running_loop()
        await loop.create_connection(lambda: self, HOST, port)
        hello = await self.answer(1)
        self.send({"type": "hello", "id": hello["id"], "protocol": 1, "name": self.name})
        if create is not None:
            self.send({"type": "create", "id": 2, **create})
            await self.answer(2)
        while True:  # the table's creator may not have come yet
            self.send({"type": "join", "id": 3, "table": table})
            got = await self.answer(3)
            if got["type"] == "joined":
                break
            if got.get("code") not in ("no_such_table", "rate_limited"):
                raise ConnectionError(f"{self.name}: join refused: {got}")
            await asyncio.sleep(0.1)
        await self.done
        if not self.ended:
            raise ConnectionError(f"{self.name}: the connection ended before the match")


async def _lag(stop: asyncio.Event, out: list[float]) -> None:
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        start = loop.time()
        await asyncio.sleep(0.01)
        out.append(loop.time() - start - 0.01)


async def run_clients(port: int, tables: list[tuple[str, bool]], think: float) -> dict[str, Any]:
    """Seat four clients (three beside an expert) at each table, play to the end; figures."""
    rng = random.Random(port)
    seats: list[tuple[_Seat, bool]] = []
    jobs = []
    for table, expert in tables:
        create = {"table": table, "players": SEATS, "bots": {"3": "expert"} if expert else {}}
        for s in range(SEATS - 1 if expert else SEATS):
            seat = _Seat(f"{table}-{s}", think, random.Random(rng.random()))
            seats.append((seat, expert))
            jobs.append(seat.run(port, table, create if s == 0 else None))
    stop = asyncio.Event()
    lag: list[float] = []
    lagger = asyncio.ensure_future(_lag(stop, lag))
    started = time.perf_counter()
    results = await asyncio.wait_for(asyncio.gather(*jobs, return_exceptions=True), DEADLINE_S)
    stop.set()
    await lagger
    failures = [str(r) for r in results if isinstance(r, BaseException)]
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return {
        "cpu": usage.ru_utime + usage.ru_stime,
        "trips": [t for seat, expert in seats if not expert for t in seat.trips],
        "lag": lag,
        "ended": sum(seat.ended for seat, _ in seats),
        "seats": len(seats),
        "failures": failures[:5],
        "failed": len(failures),
        "wall": time.perf_counter() - started,
    }


def _clients_main(  # pragma: no cover - a process of its own
    port: int, tables: list[tuple[str, bool]], think: float, out: Connection
) -> None:
    out.send(asyncio.run(run_clients(port, tables, think)))


# -- a scenario ---------------------------------------------------------------------------


def _scenario(tables: int, think: float, experts: int, seed: int) -> dict[str, Any]:
    ctx = multiprocessing.get_context("spawn")
    with tempfile.TemporaryDirectory(prefix="briscola-bench-") as records:
        here, there = ctx.Pipe()
        server = ctx.Process(target=_server_main, args=(records, there, seed))
        server.start()
        port = here.recv()
        names = [(f"t{i:03}", i < experts) for i in range(tables)]
        halves = [names[0::2], names[1::2]]
        pipes, procs = [], []
        for half in halves:
            a, b = ctx.Pipe()
            proc = ctx.Process(target=_clients_main, args=(port, half, think, b))
            proc.start()
            pipes.append(a)
            procs.append(proc)
        parts = [p.recv() for p in pipes]
        for proc in procs:
            proc.join()
        server.terminate()  # SIGTERM: a clean stop, then the figures
        figures = here.recv()
        server.join()
        checked = bad = 0
        for path in Path(records).glob("*.jsonl"):
            try:
                with open(path, "rb") as f:
                    result = verify_record(f)
                checked += result.reason == "complete"
            except ValueError:
                bad += 1
    trips = [t for part in parts for t in part["trips"]]
    lag = [x for part in parts for x in part["lag"]]
    return {
        "tables": tables,
        "think_ms": think * 1000,
        "expert_tables": experts,
        "matches_complete": checked,
        "records_bad": bad,
        "seats_ended": sum(p["ended"] for p in parts),
        "seats": sum(p["seats"] for p in parts),
        "client_failures": sum(p["failed"] for p in parts),
        "failure_examples": [f for p in parts for f in p["failures"]][:3],
        "moves": len(trips),
        "client_cpu_s": sum(p["cpu"] for p in parts),
        "trip_ms_p50": _quantile(trips, 0.50) * 1000,
        "trip_ms_p99": _quantile(trips, 0.99) * 1000,
        "trip_ms_mean": statistics.fmean(trips) * 1000 if trips else float("nan"),
        "client_lag_ms_p50": _quantile(lag, 0.50) * 1000,
        "client_lag_ms_p99": _quantile(lag, 0.99) * 1000,
        "wall_s": max(p["wall"] for p in parts),
        **figures,
    }


def bench_server(tables: int = 200, seed: int = 2026) -> list[dict[str, Any]]:
    """The three scenarios of the module docstring."""
    return [
        _scenario(tables, 0.020, 0, seed),
        _scenario(tables, 0.0, 0, seed),
        _scenario(tables, 0.020, max(1, tables // 10), seed),
    ]


def _demand(r: dict[str, Any]) -> float:
    """Moves a second the tables would make if every answer came back at once: one
    seat of each table thinks at a time (at no think time, bounded by the machine)."""
    think = r["think_ms"] / 1000
    return r["tables"] / think if think else float("inf")


def format_figures(runs: list[dict[str, Any]]) -> str:
    lines = []
    for r in runs:
        title = (
            f"{r['tables']} tables x {SEATS} seats, think {r['think_ms']:.0f} ms"
            + (f", {r['expert_tables']} with an expert seat (figures of the others)"
               if r["expert_tables"] else "")
        )  # fmt: skip
        lines += [
            title,
            f"  matches complete {r['matches_complete']}/{r['tables']}, records bad "
            f"{r['records_bad']}, client failures {r['client_failures']}, moves {r['moves']}, "
            f"{r['wall_s']:.1f} s",
            f"  move round trip (client)   p50 {r['trip_ms_p50']:6.2f} ms   "
            f"p99 {r['trip_ms_p99']:6.2f} ms   (target p99 <= 50)",
            f"  server, play read to write p50 {r['server_ms_p50']:6.3f} ms   "
            f"p99 {r['server_ms_p99']:6.3f} ms   (target p99 <= 5)",
            f"  client event-loop lag      p50 {r['client_lag_ms_p50']:6.2f} ms   "
            f"p99 {r['client_lag_ms_p99']:6.2f} ms",
            f"  server peak RSS {r['server_rss_mb']:.0f} MB (target <= 300), CPU "
            f"{r['server_cpu_s']:.1f} s ({r['server_cpu_s'] / max(1, r['moves']) * 1e6:.0f} us "
            "per move)",
            f"  clients CPU {r['client_cpu_s']:.1f} s "
            f"({r['client_cpu_s'] / max(1, r['moves']) * 1e6:.0f} us per move); "
            f"{r['moves'] / max(r['wall_s'], 1e-9):.0f} moves/s in all; at this think "
            f"time {r['tables']} tables ask for up to {_demand(r):.0f} moves/s",
        ]
        for example in r["failure_examples"]:
            lines.append(f"  failure: {example}")
    return "\n".join(lines)
