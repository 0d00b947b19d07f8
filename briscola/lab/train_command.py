"""The ``train`` command's declaration: its options, and the function that runs it.

Floor 7 (the lab).  :mod:`briscola.lab.train` (or with ``--reinforce``
:mod:`briscola.lab.reinforce`) does the training, imported only when the
command runs, so that ``--help`` needs no NumPy; :mod:`briscola.cli` gathers
the declaration.
"""

from __future__ import annotations

import argparse

from ..options import Command, choice_of, int_in, number_in, seed_type
from .command_options import add_parallel_options

__all__ = ["TRAIN"]


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
    try:
        from .reinforce import main as reinforce
        from .train import main
    except ImportError as err:
        from ..spec import UsageError

        needs = "briscola train needs NumPy, which briscola installs with it: pip install numpy"
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
