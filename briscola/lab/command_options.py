"""What the lab's commands share: where the matches are played, how the host treats
its players, the exit status their help tells, and one BLAS thread a process.

Floor 7 (the lab).  ``--jobs`` or ``--scheduler`` for ``arena``, ``tournament``
and ``train``; the host's options (faults, programs, clocks) for ``arena`` and
``tournament``; NumPy's threads for ``bench`` and ``train``.  Declarations only,
like the commands that use them: nothing here loads a command's work.
"""

from __future__ import annotations

import argparse

from ..options import int_in
from ..players import TimeControl

__all__ = [
    "EXIT_STATUS",
    "add_host_options",
    "add_parallel_options",
    "time_control",
]


def time_control(text: str) -> TimeControl:
    """The argparse type of --tc."""
    try:
        return TimeControl.parse(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def add_parallel_options(p: argparse.ArgumentParser) -> None:
    """Where the matches are played: ``--jobs`` processes here or a Dask cluster's workers
    (one or the other: argparse refuses ``--jobs 2 --scheduler ...`` before any work)."""
    where = p.add_mutually_exclusive_group()
    where.add_argument(
        "--jobs", type=int_in(1, 64, "--jobs"), default=1, help="parallel processes (default 1)"
    )
    where.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        default=None,
        help="play on a Dask distributed cluster instead, e.g. tcp://10.0.0.5:8786, whose "
        "workers are the jobs (needs pip install 'briscola[cluster]')",
    )


def add_host_options(p: argparse.ArgumentParser) -> None:
    """How the arena and the tournament treat their players: faults, programs, time."""
    p.add_argument(
        "--on-fault",
        choices=("forfeit", "takeover"),
        default="forfeit",
        help="when a player fails: its side forfeits (default) or a bot takes over",
    )
    p.add_argument(
        "--bot-log",
        metavar="DIR",
        default=None,
        help="keep each cmd: program's stderr in DIR, a file per process named after its player",
    )
    p.add_argument(
        "--strict",
        action="store_true",
        help="every fault of a cmd: player (a refused line, recovered) is a failure, so "
        "that it too makes the exit status 1 (a failure always does)",
    )
    p.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="show every protocol line in and out, the bots' info and stderr on stderr "
        "(--log-level debug)",
    )
    p.add_argument(
        "--log-level",
        choices=("debug", "info", "warning", "error"),
        default=None,
        help="show the protocol log on stderr: info shows faults, failures, the bots' "
        "info lines; debug every line",
    )
    p.add_argument(
        "--report-every",
        type=int_in(0, what="--report-every"),
        default=100,
        metavar="N",
        help="when stdout is not a terminal: a progress line on stderr every N matches "
        "(default 100; 0: none)",
    )
    p.add_argument(
        "--move-ms",
        type=int_in(1, what="--move-ms"),
        default=10_000,
        help="time per move for external bots (default 10000)",
    )
    p.add_argument(
        "--bots",
        metavar="FILE",
        default=None,
        help="players defined in FILE (TOML, or JSON named .json): a list 'bots' of name, "
        "command or bot, cwd, options, tc; a SPEC that is one of its names is that "
        "player, and no SPEC at all is every player of the file",
    )
    p.add_argument(
        "--tc",
        type=time_control,
        default=None,
        metavar="SECONDS+INC",
        help="a match clock for every player, as cutechess: 30+0.5 is 30 s a match and "
        "0.5 s more a move (a spec's tc= overrides it); a player whose clock runs out "
        "loses the match (time_forfeit); programs see it in each turn as clock_ms",
    )
    p.add_argument(
        "--fresh-process",
        action="store_true",
        help="start cmd: bots afresh for every match (default: one process per seat "
        "plays match after match)",
    )


EXIT_STATUS = (
    "Exit status 1 when a side failed (a crash, a timeout, three faults, a time forfeit),\n"
    "or with --strict had a fault; 2: bad arguments, a program that cannot start; 130: Ctrl-C."
)
