"""The lab's commands: ``replay``, ``review``, ``arena`` and ``tournament``.

Each is declared here (its options, and a function that runs it) and done by
its own module, imported only when it runs; :mod:`briscola.cli` gathers them.
``bench`` and ``train`` are declared beside it (:mod:`briscola.lab.bench_command`,
:mod:`briscola.lab.train_command`), and the options the commands share in
:mod:`briscola.lab.command_options`.
"""

from __future__ import annotations

import argparse

from ..options import (
    RECORD_FACES,
    Command,
    add_table_options,
    add_words_options,
    int_in,
    seed_type,
)
from ..settings import words_from_settings
from .command_options import EXIT_STATUS, add_host_options, add_parallel_options

__all__ = ["ARENA", "REPLAY", "REVIEW", "TOURNAMENT"]


def replay_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "file",
        nargs="+",
        help="a match record (JSON lines), or - for standard input; with --check, many records"
        " and folders (every *.jsonl in them)",
    )
    add_words_options(p, None, RECORD_FACES)
    p.add_argument(
        "--check",
        action="store_true",
        help="only check the records; print one line each and exit 1 if any is not consistent",
    )


def run_replay(args: argparse.Namespace) -> int:
    from .replay import main

    words_from_settings(args)
    return main(args)


REPLAY = Command(
    "replay",
    help="show a recorded match trick by trick and check it",
    description="Tell a recorded match trick by trick, checking every move through the engine.",
    examples=(
        "briscola replay match.jsonl",
        "briscola replay --check match.jsonl",
        "briscola replay --check records/ other.jsonl",
    ),
    arguments=replay_arguments,
    run=run_replay,
)


def review_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", help="a match record (JSON lines), or - for standard input")
    p.add_argument(
        "--seat",
        type=int_in(0, what="--seat"),  # the record's table says how many there are
        default=None,
        help="the seat to review (default: the seats people sat in when the record "
        "says so, else every seat)",
    )
    add_words_options(p, None, RECORD_FACES)
    p.add_argument("--json", action="store_true", help="print the review as one JSON object")
    p.add_argument(
        "--samples",
        type=int_in(1, 1_000_000, "--samples"),
        default=None,
        help="the advice's samples a move (default 1000, as hint has them: about 0.2 s a move)",
    )
    p.add_argument(
        "--seed",
        type=seed_type,
        default=None,
        help="seed of the advice (default: the match's own seed, as hint had it; 1 for "
        "a record without one); the same seed gives the same review",
    )


def run_review(args: argparse.Namespace) -> int:
    from .review import main

    words_from_settings(args)
    return main(args)


REVIEW = Command(
    "review",
    help="what a long search thinks of every move of a recorded match",
    description="Every move of a recorded match valued by a long search on the seat's own cards.",
    examples=(
        "briscola review match.jsonl",
        "briscola review match.jsonl --seat 1 --lang it --json",
    ),
    arguments=review_arguments,
    run=run_review,
)


def arena_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "specs",
        nargs="*",
        metavar="SPEC",
        help="players: random, greedy, expert, expert:think_ms=50, oracle, "
        "cmd:COMMAND, a name from --bots (two or more)",
    )
    p.add_argument(
        "--games",
        type=int_in(1, what="--games"),
        default=None,
        help="deals to play (default 100; with --sprt the most, default 100000); each is "
        "played once per rotation",
    )
    add_table_options(p)
    add_parallel_options(p)
    p.add_argument(
        "--deals",
        metavar="FILE",
        default=None,
        help="play the deals of FILE (a match seed a line) instead of drawing them from "
        "--seed; 2p-1000 and 4p-1000 are shipped suites",
    )
    p.add_argument(
        "--sprt",
        nargs="+",
        metavar="KEY=VALUE",
        default=None,
        help="stop once a sequential test decides: elo0=N elo1=N [alpha=0.05 beta=0.05] "
        "(the GSPRT on deal pairs)",
    )
    p.add_argument(
        "--no-duplicate",
        action="store_true",
        help="play each deal once instead of once per rotation of the sides",
    )
    p.add_argument("--json", action="store_true", help="print the result as one JSON object")
    p.add_argument("--record", metavar="DIR", default=None, help="write one record per match")
    add_host_options(p)


def run_arena(args: argparse.Namespace) -> int:
    from .arena import main

    return main(args)


ARENA = Command(
    "arena",
    help="play many matches between players, with statistics",
    description="Play many matches between players on duplicate deals, with statistics.\n"
    + EXIT_STATUS,
    examples=(
        "briscola arena expert greedy --games 200 --jobs 2",
        "briscola arena 'cmd:python3 mybot.py' greedy --games 20",
        "briscola arena 'cmd:python3 new.py' 'cmd:python3 old.py' --sprt elo0=0 elo1=10",
    ),
    arguments=arena_arguments,
    run=run_arena,
)


def tournament_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "specs", nargs="*", metavar="SPEC", help="the players, as for arena (two or more)"
    )
    p.add_argument(
        "--gauntlet",
        action="store_true",
        help="the first spec against each of the others, instead of every pair",
    )
    p.add_argument(
        "--games",
        type=int_in(1, what="--games"),
        default=None,
        help="deals per pairing (default 100), each played from both sides' seats",
    )
    add_table_options(p, (2, 4))  # two sides: the ratings compare pairs of players
    add_parallel_options(p)
    p.add_argument("--deals", metavar="FILE", default=None, help="the deals of FILE, as for arena")
    p.add_argument(
        "--anchor",
        metavar="SPEC",
        default=None,
        help="the spec rated 0 (default greedy when it plays, else the first)",
    )
    p.add_argument("--json", action="store_true", help="print the result as one JSON object")
    p.add_argument(
        "--record",
        metavar="DIR",
        default=None,
        help="keep the tournament in DIR: every result and record; run again to resume",
    )
    p.add_argument(
        "--restart-player",
        metavar="NAME",
        action="append",
        default=None,
        help="with --record: play this player's matches again (its label or spec; "
        "repeatable); a resumed tournament refuses a player whose hello name, version or "
        "files changed unless it is named here",
    )
    add_host_options(p)


def run_tournament(args: argparse.Namespace) -> int:
    from .tournament import main

    return main(args)


TOURNAMENT = Command(
    "tournament",
    help="every pairing of several players on the same deals, with ratings",
    description="A round robin (or a gauntlet) on the same duplicate deals: crosstable and "
    "ratings.\n" + EXIT_STATUS,
    examples=(
        "briscola tournament expert greedy random --games 100 --jobs 2",
        "briscola tournament 'cmd:python3 mybot.py' expert greedy --gauntlet --record t1/",
        "briscola tournament --bots league.toml --tc 10+0.1 --record league/",
    ),
    arguments=tournament_arguments,
    run=run_tournament,
)
