"""``briscola serve``: read the options, run the server until SIGINT or SIGTERM.

Prints ``listening on HOST:PORT`` on stdout once connections are accepted
(with ``--port 0`` that is how a script learns the port), and on 0.0.0.0 the
addresses a friend can type, read from this machine's own interfaces; logs
go to stderr.  A signal stops the server cleanly, and a clean stop is a
pause: every client is told ``bye`` with reason ``restart``, every
unfinished match is kept to be reopened at the next start (as after a
crash), and the exit status is 0.
Floor 7 (server).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import socket
import subprocess
import sys
from pathlib import Path

from .config import ServerConfig, default_records
from .disk import private_folder
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
        round_pause=args.round_pause,
        grace=args.grace,
        max_connections=args.max_connections,
        max_per_address=args.max_per_address,
        max_tables=args.max_tables,
        unstarted_per_address=args.unstarted_per_address,
        matches_per_minute=args.matches_per_minute,
        records_max_mb=args.records_max_mb,
        seed=args.seed,
        abandon_unfinished=args.abandon_unfinished,
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
    if config.host in ("0.0.0.0", "::", ""):
        for address in lan_addresses():
            print(f"  friends join with: briscola join {address}:{server.port}", flush=True)
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


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback, from its own interfaces
    (``ip -4 -o addr``, else the host name's addresses): nothing is sent anywhere."""
    found: list[str] = []
    try:
        out = subprocess.run(
            ["ip", "-4", "-o", "addr", "show"], capture_output=True, text=True, timeout=2
        ).stdout
        found = [f.split()[3].split("/")[0] for f in out.splitlines() if len(f.split()) > 3]
    except (OSError, subprocess.SubprocessError):
        with contextlib.suppress(OSError):
            found = socket.gethostbyname_ex(socket.gethostname())[2]
    return sorted({a for a in found if not a.startswith("127.")})


def main(args: argparse.Namespace) -> int:
    logging.basicConfig(
        level=getattr(logging, args.log_level.upper()),
        format="%(asctime)s %(levelname)s %(message)s",
        stream=sys.stderr,
    )
    config = config_from(args)
    sys.setswitchinterval(SWITCH_S)
    try:
        private_folder(config.records)
    except OSError as err:
        print(
            f"briscola serve: error: cannot keep records in {str(config.records)!r}: "
            f"{err.strerror or err}",
            file=sys.stderr,
        )
        return 2
    return asyncio.run(serve(config))
