"""What decides a training run's files (:mod:`briscola.lab.train`), apart from
NumPy, so that the command's options can show the defaults without loading it."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["TrainConfig"]


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
