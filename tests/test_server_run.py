"""``briscola serve``'s own code and ``briscola bench --server``, on 127.0.0.1 only."""

from __future__ import annotations

import asyncio
import json
import socket
from pathlib import Path

import pytest
from lan import Client

from briscola.cli import build_parser
from briscola.lab.bench import main as bench_main
from briscola.server.bench import (
    bench_config,
    format_figures,
    run_clients,
    serve_measured,
)
from briscola.server.config import ServerConfig, default_records
from briscola.server.run import config_from, main, serve


def test_default_records_follow_xdg(tmp_path: Path) -> None:
    assert default_records({"XDG_DATA_HOME": str(tmp_path)}) == tmp_path / "briscola" / "records"
    assert default_records({}).parts[-4:] == (".local", "share", "briscola", "records")


def test_options_make_the_config(tmp_path: Path) -> None:
    args = build_parser().parse_args(
        ["serve", "--host", "127.0.0.1", "--port", "0", "--records", str(tmp_path),
         "--turn-timeout", "0", "--grace", "5", "--max-tables", "3", "--seed", "9"]
    )  # fmt: skip
    cfg = config_from(args)
    assert (cfg.host, cfg.port, cfg.records, cfg.turn_timeout, cfg.grace) == (
        "127.0.0.1", 0, tmp_path, 0.0, 5.0
    )  # fmt: skip
    assert cfg.max_tables == 3 and cfg.seed == 9


async def test_serve_until_told_to_stop(tmp_path: Path, capsys: object) -> None:
    stop = asyncio.Event()
    cfg = ServerConfig(host="127.0.0.1", port=0, records=tmp_path)
    task = asyncio.ensure_future(serve(cfg, stop))
    for _ in range(100):
        out = capsys.readouterr().out  # type: ignore[attr-defined]
        if "listening on" in out:
            break
        await asyncio.sleep(0.02)
    port = int(out.split(":")[-1])
    client = await Client.connect(port, "Ada")
    assert (await client.ask("list", "tables"))["tables"] == []
    stop.set()
    assert await asyncio.wait_for(task, 10) == 0
    bye = await client.until("bye")
    assert bye["reason"] == "restart"


async def test_a_port_in_use_is_a_clear_error(tmp_path: Path, capsys: object) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        cfg = ServerConfig(host="127.0.0.1", port=port, records=tmp_path)
        assert await serve(cfg, asyncio.Event()) == 1
    err = capsys.readouterr().err  # type: ignore[attr-defined]
    assert f"cannot listen on 127.0.0.1:{port}" in err


def test_records_that_cannot_be_made(tmp_path: Path, capsys: object) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    args = build_parser().parse_args(["serve", "--records", str(blocker / "records")])
    assert main(args) == 2
    assert "cannot keep records in" in capsys.readouterr().err  # type: ignore[attr-defined]


async def test_the_benchmark_clients_in_process(tmp_path: Path) -> None:
    """The benchmark's seats and server figures, at six tables (one with an expert)."""
    stop = asyncio.Event()
    ports: asyncio.Queue[int] = asyncio.Queue()
    server = asyncio.ensure_future(
        serve_measured(bench_config(tmp_path, 3), ports.put_nowait, stop)
    )
    port = await asyncio.wait_for(ports.get(), 10)
    tables = [(f"t{i}", i == 0) for i in range(6)]
    clients = await asyncio.wait_for(run_clients(port, tables, 0.0), 60)
    stop.set()
    figures = await asyncio.wait_for(server, 10)
    assert clients["failed"] == 0, clients["failures"]
    assert clients["ended"] == clients["seats"] == 5 * 4 + 3
    assert len(clients["trips"]) >= 5 * 40 - 5, "every move of the tables without an expert"
    assert figures["server_answers"] > 0 and figures["server_ms_p99"] >= figures["server_ms_p50"]
    assert len(list(tmp_path.glob("*.jsonl"))) == 6


def test_bench_server_end_to_end(capsys: pytest.CaptureFixture[str]) -> None:
    """``briscola bench --server --tables 2 --json`` (the server and the clients in
    processes of their own): every match complete, every record good."""
    args = build_parser().parse_args(["bench", "--server", "--tables", "2", "--json"])
    assert bench_main(args) == 0
    runs = json.loads(capsys.readouterr().out)
    assert [r["think_ms"] for r in runs] == [20.0, 0.0, 20.0]
    assert [r["expert_tables"] for r in runs] == [0, 0, 1]
    for r in runs:
        assert r["matches_complete"] == 2 and r["records_bad"] == 0 and r["client_failures"] == 0
        assert r["server_rss_mb"] > 0 and r["moves"] > 0
    text = format_figures(runs)
    assert "move round trip (client)" in text and "2 tables x 4 seats" in text
