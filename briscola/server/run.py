"""``briscola serve``: read the options, run the server until SIGINT or SIGTERM.

Prints ``listening on HOST:PORT`` on stdout once connections are accepted
(with ``--port 0`` that is how a script learns the port); logs go to
stderr.  A signal shuts the server down cleanly (every client told, every
unfinished record ended as abandoned) and the exit status is 0.
Floor 7 (server).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from pathlib import Path

from .config import ServerConfig, default_records
from .lobby import Server

__all__ = ["SWITCH_S", "main"]

# How long a thread may hold the interpreter before another is let in.  The server's
# threads (the disk's, the bot pool's) get it whenever the loop waits for sockets;
# Python's default of 5 ms lets them cut into a busy loop's turn instead.
SWITCH_S = 0.05


def config_from(args: argparse.Namespace) -> ServerConfig:
    return ServerConfig(
        host=args.host,
        port=args.port,
        records=Path(args.records) if args.records else default_records(),
        turn_timeout=args.turn_timeout,
        grace=args.grace,
        max_connections=args.max_connections,
        max_per_address=args.max_per_address,
        max_tables=args.max_tables,
        seed=args.seed,
    )


async def serve(config: ServerConfig, stop: asyncio.Event | None = None) -> int:
    """Serve until SIGINT or SIGTERM (or ``stop``, for tests); the exit status."""
    server = Server(config)
    try:
        await server.start(warm=True)
    except OSError as err:
        print(
            f"briscola serve: error: cannot listen on {config.host}:{config.port}: "
            f"{err.strerror or err}",
            file=sys.stderr,
        )
        server.pool.close()
        return 1
    print(f"listening on {config.host}:{server.port}", flush=True)
    signals = stop is None
    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    if signals:  # pragma: no cover - the process tests stop it with a signal
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        await server.stop()
    return 0


def main(args: argparse.Namespace) -> int:
    logging.basicConfig(
        level=getattr(logging, args.log_level.upper()),
        format="%(asctime)s %(levelname)s %(message)s",
        stream=sys.stderr,
    )
    config = config_from(args)
    sys.setswitchinterval(SWITCH_S)
    try:
        config.records.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        print(
            f"briscola serve: error: cannot keep records in {str(config.records)!r}: "
            f"{err.strerror or err}",
            file=sys.stderr,
        )
        return 2
    return asyncio.run(serve(config))
