"""What decides a training run's files (:mod:`briscola.lab.train`), apart from
NumPy, so that the command's options can show the defaults without loading it."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ReinforceConfig", "TrainConfig"]


@dataclass(frozen=True)
class TrainConfig:
    """Everything that decides a run's files (written to ``run.json``)."""

    seed: int = 1
    games: int = 200  # self-play rounds per generation
    generations: int = 20
    teacher: str = "expert:samples=200"
    hidden: int = 256
    epochs: int = 8  # passes over the window per generation
    batch: int = 256
    lr: float = 1e-3
    window: int = 300_000  # the most recent samples trained on
    explore: float = 0.1
    evaluate: int = 100  # duplicate deals against greedy per generation
    iterate: bool = False  # the teacher's search uses the latest network
    value_weight: float = 1.0
    players: int = 2  # the table size played and learned
    suits: bool = False  # each minibatch in another order of the three plain suits
    batched: bool = False  # the check against greedy as batched rounds (lab/batch_play.py)


@dataclass(frozen=True)
class ReinforceConfig:
    """Everything that decides a reinforcement run's files (``briscola train
    --reinforce``, :mod:`briscola.lab.reinforce`; written to ``run.json``)."""

    seed: int = 1
    rounds: int = 100_000  # self-play rounds in all
    start: str = ""  # the weights it starts from ("": the shipped network)
    start_sha256: str = ""  # of that file: the run is only the same run from the same start
    games: int = 512  # rounds a batch, one update each
    lr: float = 1e-4
    epochs: int = 2  # passes over a batch's positions
    batch: int = 2048  # positions a step
    clip: float = 0.2  # PPO's clipped ratio
    entropy: float = 0.01  # the entropy bonus
    value_weight: float = 0.5
    greedy_share: float = 0.25  # rounds against greedy
    past_share: float = 0.25  # rounds against an earlier snapshot (the start included)
    evaluate: int = 2000  # duplicate deals against greedy at each check
    check_every: int = 20  # updates between checks (and snapshots)
