"""The server's command, ``briscola serve``: its options, and the function that runs it.

:mod:`.run` does the work, imported only when the command runs;
:mod:`briscola.cli` gathers the commands.
"""

from __future__ import annotations

import argparse

from ..options import Command, int_in, seconds_type, seed_type

__all__ = ["SERVE"]


def serve_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--host",
        default="0.0.0.0",
        help="address to listen on (default 0.0.0.0: every address, for LAN play; "
        "127.0.0.1 keeps the server to this machine)",
    )
    p.add_argument(
        "--port", type=int_in(0, 65535, "--port"), default=4664, help="TCP port (default 4664)"
    )
    p.add_argument(
        "--records",
        metavar="DIR",
        default=None,
        help="where every match's record goes (default $XDG_DATA_HOME/briscola/records, "
        "else ~/.local/share/briscola/records); unfinished ones are reopened at start",
    )
    p.add_argument(
        "--abandon-unfinished",
        action="store_true",
        help="at start, end the unfinished matches of --records as abandoned instead of "
        "reopening them (a stop, like a crash, otherwise only pauses them)",
    )
    p.add_argument(
        "--turn-timeout",
        type=seconds_type("--turn-timeout"),
        default=120.0,
        metavar="S",
        help="seconds a person has for a card; then a bot plays for them until they type "
        "again (default 120; 0: no limit)",
    )
    p.add_argument(
        "--round-pause",
        type=seconds_type("--round-pause"),
        default=20.0,
        metavar="S",
        help="between rounds, seconds at most that the table waits for its people to read "
        "the round's end (each goes on with Enter; default 20, 0: none)",
    )
    p.add_argument(
        "--grace",
        type=seconds_type("--grace"),
        default=60.0,
        metavar="S",
        help="seconds a dropped seat is held for its person before a bot plays it (default 60)",
    )
    for flag, default, what in (
        ("--max-connections", 256, "connections in all"),
        ("--max-per-address", 32, "connections from one address"),
        ("--max-tables", 64, "tables at once"),
        (
            "--unstarted-per-address",
            10,
            "tables made from one address that wait for their first match (a bot league "
            "run from one machine needs more; past it: too_many_unstarted)",
        ),
        ("--matches-per-minute", 30, "matches one connection may take part in per minute"),
        (
            "--records-max-mb",
            1024,
            "megabytes the records folder may hold; when full no new table is made "
            "(records_full) and no record is ever deleted",
        ),
    ):
        p.add_argument(
            flag,
            type=int_in(1, 100_000, flag),
            default=default,
            metavar="N",
            help=f"{what} (default {default})",
        )
    p.add_argument(
        "--seed",
        type=seed_type,
        default=None,
        help="seed for every table's deals, for tests: it makes every deal predictable to "
        "whoever knows or guesses it (default: each deal drawn from the operating system's "
        "generator, the record keeps it)",
    )
    p.add_argument(
        "--log-level",
        choices=("debug", "info", "warning", "error"),
        default="info",
        help="what the log on stderr shows (default info)",
    )


def run_serve(args: argparse.Namespace) -> int:
    from .run import main

    return main(args)


SERVE = Command(
    "serve",
    help="host LAN tables: a lobby where people and bots sit down over TCP",
    description="Host LAN tables: people join with 'briscola join HOST', bots with "
    "'briscola join HOST --bot COMMAND' or by speaking the lobby protocol "
    "(docs/protocol.md).  Built-in bots fill the seats a table asks for.",
    examples=(
        "briscola serve                       # every address, port 4664",
        "briscola serve --host 127.0.0.1 --port 5000 --turn-timeout 60",
    ),
    arguments=serve_arguments,
    run=run_serve,
)
