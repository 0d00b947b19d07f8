"""The lab's commands: ``replay``, ``review``, ``arena``, ``tournament`` and ``bench``.

Each is declared here (its options, and a function that runs it) and done by
its own module, imported only when it runs; :mod:`briscola.cli` gathers them.
"""

from __future__ import annotations

import argparse

from ..options import (
    RECORD_FACES,
    Command,
    add_table_options,
    add_words_options,
    choice_of,
    int_in,
    number_in,
    seconds_type,
    seed_type,
)
from ..players import TimeControl
from ..settings import words_from_settings

__all__ = ["ARENA", "BENCH", "REPLAY", "REVIEW", "TOURNAMENT", "TRAIN"]


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


def _one_blas_thread() -> None:
    """One BLAS thread a process, set before NumPy loads: on a shared machine BLAS's
    own threads cost several times the CPU for the same matrix product (measured:
    a forward pass of 256 positions 14 ms of CPU against 1.2 ms with one thread)."""
    import os

    for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(name, "1")


def run_bench(args: argparse.Namespace) -> int:
    from .bench import main

    _one_blas_thread()  # the batched network's figures are CPU time

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


def train_arguments(p: argparse.ArgumentParser) -> None:
    from .train_config import ReinforceConfig, TrainConfig  # the defaults; numpy loads later

    d = TrainConfig()
    r = ReinforceConfig()
    p.add_argument(
        "--out",
        metavar="DIR",
        default="train-run",
        help="the run's directory: checkpoint, log, best.npz (default train-run); "
        "an existing run there is resumed",
    )
    p.add_argument(
        "--seed", type=seed_type, default=d.seed, help=f"the run's seed (default {d.seed})"
    )
    p.add_argument(
        "--games",
        type=int_in(1, what="--games"),
        default=None,
        help=f"self-play rounds per generation (default {d.games}; with --reinforce "
        f"rounds an update, default {r.games})",
    )
    p.add_argument(
        "--generations",
        type=int_in(1, what="--generations"),
        default=d.generations,
        help=f"generations to train (default {d.generations})",
    )
    p.add_argument(
        "--players",
        type=choice_of((2, 3, 4, 6), "--players"),
        default=d.players,
        help=f"the table size the network plays (default {d.players}; 4 and 6: in teams)",
    )
    p.add_argument(
        "--teacher",
        metavar="SPEC",
        default=d.teacher,
        help=f"the search that plays and gives the targets (default {d.teacher})",
    )
    p.add_argument(
        "--iterate",
        action="store_true",
        help="the teacher's search uses the latest network (expert iteration)",
    )
    p.add_argument(
        "--hidden",
        type=int_in(1, 4096, "--hidden"),
        default=d.hidden,
        help=f"units in each of the two hidden layers (default {d.hidden})",
    )
    p.add_argument(
        "--epochs",
        type=int_in(1, 100, "--epochs"),
        default=None,
        help=f"passes over the samples per generation (default {d.epochs}; with "
        f"--reinforce over an update's positions, default {r.epochs})",
    )
    p.add_argument(
        "--batch",
        type=int_in(1, 65536, "--batch"),
        default=None,
        help=f"samples per step (default {d.batch}; with --reinforce {r.batch})",
    )
    p.add_argument(
        "--lr",
        type=number_in(0, 1, "--lr"),
        default=None,
        help=f"Adam's learning rate (default {d.lr}; with --reinforce {r.lr})",
    )
    p.add_argument(
        "--suits",
        action="store_true",
        help="train each minibatch with the three plain suits in an order drawn at "
        "random (the same positions in other suits: more to learn from each sample)",
    )
    p.add_argument(
        "--window",
        type=int_in(1, what="--window"),
        default=d.window,
        help=f"the most recent samples trained on (default {d.window})",
    )
    p.add_argument(
        "--explore",
        type=number_in(0, 1, "--explore"),
        default=d.explore,
        help=f"share of self-play moves played at random (default {d.explore})",
    )
    p.add_argument(
        "--evaluate",
        type=int_in(0, what="--evaluate"),
        default=None,
        help=f"duplicate deals against greedy after each generation (default "
        f"{d.evaluate}; 0: none; with --reinforce at each check, batched, default {r.evaluate})",
    )
    p.add_argument(
        "--batched",
        action="store_true",
        help="play that check as batched rounds in this process (a round each way a deal, "
        "many at once) rather than the arena's matches: far faster, so --evaluate 1000 fits",
    )
    p.add_argument(
        "--reinforce",
        metavar="ROUNDS",
        type=int_in(1, what="--reinforce"),
        help="instead of imitating the teacher: improve a network by reinforcement from "
        "ROUNDS rounds of its own batched self-play (policy gradient, PPO's clipped ratio, "
        "the value head as baseline), from --start",
    )
    p.add_argument(
        "--start",
        metavar="FILE",
        help="with --reinforce: the weights it starts from (default the shipped network)",
    )
    for flag, default, what in (
        ("--clip", r.clip, "PPO's clip of the policy's ratio"),
        ("--entropy", r.entropy, "the entropy bonus"),
        ("--greedy-share", r.greedy_share, "share of rounds against greedy"),
        ("--past-share", r.past_share, "share of rounds against an earlier snapshot"),
    ):
        p.add_argument(
            flag,
            type=number_in(0, 1, flag),
            default=default,
            help=f"with --reinforce: {what} (default {default})",
        )
    p.add_argument(
        "--check-every",
        metavar="UPDATES",
        type=int_in(1, what="--check-every"),
        default=r.check_every,
        help="with --reinforce: updates between checks against greedy and snapshots "
        f"(default {r.check_every})",
    )
    add_parallel_options(p)


def run_train(args: argparse.Namespace) -> int:
    _one_blas_thread()  # --jobs is the parallelism
    try:
        from .reinforce import main as reinforce
        from .train import main
    except ImportError as err:
        from ..spec import UsageError

        needs = "briscola train needs NumPy: pip install 'briscola[net]'"
        raise UsageError(f"{needs} ({err})") from None

    if args.reinforce is not None:
        return reinforce(args)
    if args.start is not None:
        from ..spec import UsageError

        raise UsageError("--start is the start of --reinforce: give --reinforce ROUNDS too")
    from .train_config import TrainConfig

    d = TrainConfig()
    for name in ("games", "epochs", "batch", "lr", "evaluate"):
        if getattr(args, name) is None:
            setattr(args, name, getattr(d, name))
    return main(args)


TRAIN = Command(
    "train",
    help="train the network from the expert's self-play",
    description="Train the network of the net player and the expert from the expert's "
    "self-play (expert iteration, at one table size); resumes a stopped run.",
    examples=(
        "briscola train --out run1 --seed 1 --jobs 2",
        "briscola train --out tiny --games 4 --generations 2 --teacher expert:samples=20",
        "briscola train --out run4 --players 4 --seed 1",
        "briscola train --out rl1 --reinforce 100000 --seed 1",
    ),
    arguments=train_arguments,
    run=run_train,
)
