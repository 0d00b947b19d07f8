"""The client's command, ``briscola join``: its options, and the function that runs it.

:mod:`.run` does the work, imported only when the command runs;
:mod:`briscola.cli` gathers the commands.
"""

from __future__ import annotations

import argparse

from ..options import (
    LANG_LOCALE,
    Command,
    add_table_options,
    add_words_options,
    int_in,
    seconds_type,
)

__all__ = ["JOIN"]


def join_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("address", metavar="HOST[:PORT]", help="the server (port 4664 by default)")
    p.add_argument(
        "--reconnect-for",
        type=seconds_type("--reconnect-for"),
        default=600.0,
        metavar="S",
        help="when the server goes away (a restart, a dropped network), how long to keep "
        "trying to get back to the seat, table or lobby (default 600)",
    )
    p.add_argument("--name", default=None, help="your name at the table (default: your login)")
    p.add_argument("--table", default=None, help="the table to join (without it: the lobby)")
    p.add_argument(
        "--seat", type=int_in(0, 5, "--seat"), default=None, help="seat 0-5 (default: a free one)"
    )
    p.add_argument(
        "--code",
        default=None,
        help="the join code of a private table (with --create, 'new': the server makes one)",
    )
    p.add_argument(
        "--create", action="store_true", help="create the table first (--players, --bots, ...)"
    )
    add_table_options(p, seed=False)
    p.add_argument(
        "--bots",
        metavar="SPECS",
        default=None,
        help="with --create: bots for some seats, e.g. '1:expert,3:greedy' "
        "(random, greedy, expert, expert:think_ms=500)",
    )
    p.add_argument("--watch", action="store_true", help="watch the table instead of joining it")
    p.add_argument(
        "--bot",
        metavar="COMMAND",
        default=None,
        help="seat this bot program instead of you (it speaks the protocol on stdin/stdout)",
    )
    p.add_argument(
        "--matches",
        type=int_in(1, 10_000, "--matches"),
        default=1,
        help="with --bot: matches to play before leaving (default 1)",
    )
    p.add_argument(
        "--bot-log",
        metavar="FILE",
        default=None,
        help="with --bot: keep the bot's stderr in FILE",
    )
    p.add_argument(
        "--strict",
        action="store_true",
        help="with --bot: every fault of the bot (a refused line) is a failure",
    )
    add_words_options(p, "italian", "card pictures and names (default italian)", LANG_LOCALE)
    p.add_argument(
        "--pace",
        type=seconds_type("--pace", 60),
        default=0.8,
        metavar="SECONDS",
        help="pause after each other player's card; any key skips it (default 0.8)",
    )


def run_join(args: argparse.Namespace) -> int:
    from .run import main

    return main(args)


JOIN = Command(
    "join",
    help="sit down at a LAN table (or watch one, or seat a bot program)",
    description="Connect to a 'briscola serve' server: the lobby (list, create, join, "
    "watch), then the same screen and commands as 'briscola play'; 'say TEXT' at any "
    "prompt chats with the table.  A dropped connection is resumed by itself.  With "
    "--bot the program is hosted as the arena hosts it (the same error lines and fault "
    "rules; a failure gives the seat up) and a summary per match ends the run; exit "
    "status 0 when the bot played every card of every match itself, 1 when it failed "
    "or a stand-in played for it, 2 when it did not start and answer hello; Ctrl-C, "
    "SIGTERM and SIGHUP stop the bot first (130, 143, 129).",
    examples=(
        "briscola join 192.168.1.20                 # the lobby",
        "briscola join 192.168.1.20 --create --table friday --players 4 --bots 1:expert",
        "briscola join localhost:4664 --table friday --bot 'python3 mybot.py'",
    ),
    arguments=join_arguments,
    run=run_join,
)
