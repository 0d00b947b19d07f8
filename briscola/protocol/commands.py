"""The protocol's commands, ``briscola bot`` and ``briscola check-bot``: their options,
and the functions that run them.

:mod:`.bot_side` and :mod:`.check` do the work, imported only when their
command runs (``briscola bot`` starts fast); :mod:`briscola.cli` gathers the
commands.
"""

from __future__ import annotations

import argparse

from ..engine.rules import PLAYER_COUNTS, VARIANTS
from ..options import Command, choice_of, int_in, seed_type

__all__ = ["BOT", "CHECK_BOT"]


def bot_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--level",
        choices=("random", "greedy", "net", "expert"),
        default="expert",
        help="which built-in bot answers (default expert)",
    )
    p.add_argument(
        "--think-ms",
        type=int_in(1, what="--think-ms"),
        default=None,
        help="expert's time per move (default: its own; net's where it searches)",
    )
    p.add_argument(
        "--seed", type=seed_type, default=None, help="seed for the bot's own random choices"
    )


def run_bot(args: argparse.Namespace) -> int:
    from .bot_side import main

    return main(args)


BOT = Command(
    "bot",
    help="run a built-in bot over stdin/stdout (the JSON-lines protocol)",
    description="A built-in bot speaking the JSON-lines protocol on stdin/stdout.",
    examples=(
        "briscola bot --level greedy",
        "briscola arena 'cmd:briscola bot --level random' greedy",
    ),
    arguments=bot_arguments,
    run=run_bot,
)


def check_bot_arguments(p: argparse.ArgumentParser) -> None:
    # Not dest "command": that names the subcommand in error messages.
    p.add_argument("bot", metavar="COMMAND", help="the bot's command line, e.g. 'python3 mybot.py'")
    p.add_argument(
        "--move-ms",
        type=int_in(1, what="--move-ms"),
        default=2_000,
        help="time per move (default 2000); the host adds a grace of 500",
    )
    p.add_argument(
        "--handshake-ms",
        type=int_in(1, what="--handshake-ms"),
        default=5_000,
        help="time to start and answer hello (default 5000)",
    )
    p.add_argument(
        "--bot-log",
        metavar="DIR",
        default=None,
        help="keep the bot's stderr in DIR, a file per process named after its check",
    )
    p.add_argument(
        "--players",
        type=choice_of(PLAYER_COUNTS, "--players"),
        default=None,
        help="play the matches of this table size only (default: 2, 3, 4 and 6)",
    )
    p.add_argument(
        "--variant",
        choices=VARIANTS,
        default=None,
        help="play the matches of this variant only (default: italian, brisca and bisca)",
    )
    p.add_argument(
        "--pack",
        type=choice_of((36, 39), "--pack"),
        default=None,
        help="3 seats: play the matches with this pack only (default: 36 and 39 cards)",
    )
    p.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="show every line in and out, and the bot's stderr, on stderr",
    )


def run_check_bot(args: argparse.Namespace) -> int:
    from .check import main

    return main(args)


CHECK_BOT = Command(
    "check-bot",
    help="run a bot program through the conformance checks",
    description="Run a bot program through the protocol's conformance checks.  Exit "
    "status 0 when every check passed, 1 when one failed, 2 when the program did not "
    "start and answer hello; Ctrl-C, SIGTERM and SIGHUP stop the bot first (130, 143, 129).",
    examples=(
        "briscola check-bot 'python3 examples/bots/simple_bot.py'",
        "briscola check-bot 'node examples/bots/simple_bot.js' --players 6 --variant brisca",
    ),
    arguments=check_bot_arguments,
    run=run_check_bot,
)
