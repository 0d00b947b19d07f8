"""The ``bench`` command's declaration: its options, and the function that runs it.

Floor 7 (the lab).  :mod:`briscola.lab.bench` does the measuring, imported only
when the command runs; :mod:`briscola.cli` gathers the declaration.
"""

from __future__ import annotations

import argparse

from ..options import Command, int_in, seconds_type, seed_type

__all__ = ["BENCH"]


def bench_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument(
        "--seconds",
        type=seconds_type("--seconds", 3600),
        default=2.0,
        help="time per measurement (default 2)",
    )
    p.add_argument("--bots", action="store_true", help="also measure bot think times")
    p.add_argument(
        "--protocol", action="store_true", help="also measure matches between two bot processes"
    )
    p.add_argument(
        "--server",
        action="store_true",
        help="instead: the LAN server under load, 200 four-seat tables of protocol "
        "clients on 127.0.0.1 (about a minute on two cores)",
    )
    p.add_argument(
        "--tables",
        type=int_in(1, 500, "--tables"),
        default=200,
        help="with --server: tables at once (default 200)",
    )
    p.add_argument(
        "--abusive",
        type=int_in(0, 20, "--abusive"),
        default=0,
        metavar="N",
        help="with --server, instead: an ordinary table's expert alone and beside N "
        "six-seat tables of five experts each (the bot pool's fairness; 5 in "
        "benchmarks/README.md)",
    )
    p.add_argument(
        "--positions",
        nargs="?",
        const="",
        default=None,
        metavar="FILE",
        help="instead: how often the expert picks a move within a point of a long "
        "search's best on a suite of positions (default the shipped "
        "benchmarks/positions/suite.jsonl; about 20 s)",
    )
    p.add_argument(
        "--player",
        metavar="SPEC",
        default="expert",
        help="with --positions: the built-in bot to test (default expert, e.g. expert:samples=200)",
    )

    p.add_argument(
        "--calibration",
        nargs="?",
        const="2,4",
        default=None,
        metavar="SEATS",
        help="instead: play the expert against itself and greedy (default at 2 and 4 "
        "seats, e.g. 2,3,4,6) and check the chance its advice states at every choice "
        "against the rounds won: a reliability table, its worst decile and the Brier score",
    )
    p.add_argument(
        "--rounds",
        type=int_in(1, 100_000, "--rounds"),
        default=40,
        help="with --calibration: rounds at each table size (default 40: about 2,200 "
        "positions at 2 and 4 seats)",
    )
    p.add_argument(
        "--samples",
        type=int_in(1, 1_000_000, "--samples"),
        default=300,
        help="with --calibration: the experts' samples a move (default 300)",
    )
    p.add_argument(
        "--seed",
        type=seed_type,
        default=None,
        help="with --calibration: the seed the rounds are dealt from",
    )
    p.add_argument(
        "--raw",
        action="store_true",
        help="with --calibration: the search's chances before the calibration map",
    )


def run_bench(args: argparse.Namespace) -> int:
    from .bench import main

    return main(args)


BENCH = Command(
    "bench",
    help="measure the engine (and bots, the protocol)",
    description="Measure the engine (and with options the bots, the protocol, the LAN server, "
    "the expert on a position suite).",
    examples=(
        "briscola bench",
        "briscola bench --bots --protocol --json",
        "briscola bench --positions",
        "briscola bench --calibration 2,4 --rounds 80",
    ),
    arguments=bench_arguments,
    run=run_bench,
)
