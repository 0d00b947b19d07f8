"""``briscola train``: the network learns from the expert's self-play.

Floor 7 (an arrangement).  Expert iteration for one table size
(``--players``, 2 by default; a network knows the table it was trained
for): each generation plays ``--games`` rounds of self-play between copies
of the teacher (the expert's search; with ``--iterate`` the search uses the latest
network, so that a better network makes better targets), in ``--jobs`` worker
processes or on a Dask cluster (``--scheduler``), like the arena.  At every
decision the sample is the seat's observation (:func:`~briscola.bots.net.features`),
the card the search chose (the policy's target) and the value's target: the
mean of the search's chance of winning the round with that card and how the
round really ended.  A share ``--explore`` of the moves is then played at
random instead (the targets stay the search's), so that the network also
learns positions the search would not reach (the samples and the rounds
that make them: :mod:`briscola.lab.samples`).

Each generation a fresh network (:mod:`briscola.bots.net`) is trained on the
last ``--window`` samples, ``--epochs`` passes of minibatch gradient descent
with Adam, in NumPy alone (:mod:`briscola.lab.learn`): cross-entropy of
the policy over the legal cards plus the value's cross-entropy.  This module
is the run around them.  After each generation the run writes its checkpoint
(weights, the optimiser's state, the samples) into ``--out`` and plays the network
against the greedy bot on ``--evaluate`` duplicate deals (with ``--batched``
as batched rounds in this process, :func:`~briscola.lab.batch_play.duel`,
rather than the arena's matches); the best network
so far is ``best.npz`` there, with a JSON file beside it saying how it was
made.  Every random choice comes from ``--seed``: the same command gives the
same files, and a run stopped with Ctrl-C starts again from its last
checkpoint.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import asdict
from datetime import UTC, datetime
from pathlib import Path
from random import Random
from typing import Any

import numpy as np

from .. import __version__
from ..bots.net import Network, from_arrays, save
from ..engine.rules import TableRules
from ..spec import UsageError, parse_spec
from .learn import Adam, train_epochs
from .runner import ArenaConfig, run_arena
from .samples import Samples, Task, play_games
from .stats import wilson
from .train_config import TrainConfig

__all__ = ["Run", "code_version", "main", "same_run", "strength", "strength_batched"]


def strength(
    weights: Path, deals: int, seed: int, jobs: int, players: int = 2
) -> tuple[float, float, float]:
    """The network's score against greedy over ``deals`` duplicate deals (2 matches
    each) and its 95% interval; at 4 and 6 seats the network's side is a team."""
    specs = (f"net:weights={weights}", "greedy")
    config = ArenaConfig(TableRules(players=players), specs, seed, deals)
    score = 0.0
    matches = 0
    for result in run_arena(config, jobs):
        matches += 1
        score += 1.0 if result.winner == 0 else 0.5 if result.winner is None else 0.0
    low, high = wilson(round(score), matches)
    return score / matches, low, high


def strength_batched(
    net: Network, deals: int, seed: int, players: int = 2
) -> tuple[float, float, float]:
    """:func:`strength` as batched rounds: the network's side against greedy on
    ``deals`` duplicate deals, a round each way (won 1, drawn 0.5), in this process."""
    from .batch_play import duel, greedy_player, net_player

    rules = TableRules(players=players)
    score, rounds = duel(rules, net_player(net), greedy_player(rules), deals, seed)
    low, high = wilson(round(score), rounds)
    return score / rounds, low, high


def code_version() -> str:
    """The code version: the package's, and the git commit when run from a checkout."""
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            timeout=5,
            cwd=Path(__file__).parent,
        )
        commit = out.stdout.strip() if out.returncode == 0 else ""
    except OSError:
        commit = ""
    return f"{__version__} ({commit})" if commit else __version__


def same_run(out: Path, given: dict[str, Any], extends: str, before: dict[str, Any]) -> None:
    """Write ``given`` as the run's config into ``out/run.json``, or check that the
    run there was made with it: more ``extends`` extend a run, anything else would
    make other files (``before``: what older runs' files did not say)."""
    path = out / "run.json"
    if not path.exists():
        path.write_text(json.dumps({"config": given}, indent=1) + "\n", encoding="utf-8")
        return
    was = {**before, **json.loads(path.read_text(encoding="utf-8"))["config"]}
    was[extends] = given[extends]
    if was != given:
        diff = ", ".join(
            f"{k} {was.get(k)!r} (now {v!r})" for k, v in given.items() if was.get(k) != v
        )
        raise UsageError(
            f"{out} holds a run made with other options: {diff}; "
            "give the same options to resume it, or another --out"
        )


class Run:
    """A training run's directory: its config, checkpoint, log and best network."""

    def __init__(self, out: Path, cfg: TrainConfig, say: Callable[[str], None]) -> None:
        self.out = out
        self.cfg = cfg
        self.say = say
        self.net = Network.initial(cfg.hidden, cfg.seed, cfg.players)
        self.opt = Adam(self.net, cfg.lr)
        self.data = Samples.empty()
        self.generation = 0
        self.best = -1.0
        self.seconds = 0.0  # of the run, over every start

    def start(self) -> None:
        self.out.mkdir(parents=True, exist_ok=True)
        # runs made before --players, --suits and --batched: 2 seats, the arena's check
        before = {"players": 2, "suits": False, "batched": False}
        same_run(self.out, asdict(self.cfg), "generations", before)
        ckpt = self.out / "checkpoint.npz"
        if ckpt.exists():
            with np.load(ckpt, allow_pickle=False) as f:
                data = {k: f[k] for k in f.files}
            self.net = from_arrays(data, str(ckpt))
            self.opt = Adam(self.net, self.cfg.lr)
            self.opt.restore(data)
            self.data = Samples(
                data["data_x"], data["data_mask"], data["data_target"], data["data_value"]
            )
            self.generation = int(data["generation"])
            self.best = float(data["best"])
            self.seconds = float(data["seconds"])
            self.say(
                f"resuming {self.out} after generation {self.generation} "
                f"({len(self.data):,} samples)"
            )

    def checkpoint(self) -> None:
        extra = {
            **self.opt.arrays(),
            **self.data.arrays(),
            "generation": np.array(self.generation),
            "best": np.array(self.best),
            "seconds": np.array(self.seconds),
        }
        save(self.net, self.out / "checkpoint.npz", extra)

    def made(self, score: float, low: float, high: float, command: str) -> dict[str, Any]:
        return {
            "command": command,
            "seed": self.cfg.seed,
            "config": asdict(self.cfg),
            "code": code_version(),
            "generation": self.generation,
            "rounds_played": self.generation * self.cfg.games,
            "data": f"{self.generation * self.cfg.games} self-play rounds of the "
            f"{self.cfg.players}-seat game "
            f"({self.cfg.teacher}), the last {len(self.data)} decisions trained on",
            "against_greedy": {
                "score": round(score, 4),
                "ci95": [round(low, 4), round(high, 4)],
                "deals": self.cfg.evaluate,
                # How it was played: matches in the arena, or a round each way, a draw half.
                "played": "batched rounds" if self.cfg.batched else "arena matches",
            },
            "train_seconds": round(self.seconds, 1),
            "made": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        }

    def generation_step(self, jobs: int, scheduler: str | None, command: str) -> None:
        cfg = self.cfg
        g = self.generation + 1
        began = time.perf_counter()
        seeds = Random(cfg.seed * 1_000_003 + g)
        weights = None
        if cfg.iterate and self.generation > 0:
            weights = str(self.out / f"gen{self.generation:03d}.npz")
        tasks: list[Task] = [
            (cfg.teacher, seeds.randrange(2**62), cfg.explore, weights, cfg.players)
            for _ in range(cfg.games)
        ]
        fresh = Samples.empty()
        for s in play_games(tasks, jobs, scheduler):
            fresh = fresh.join(s, cfg.window)
        played = time.perf_counter()
        self.data = self.data.join(fresh, cfg.window)
        rng = np.random.default_rng([cfg.seed, g])
        # A fresh network each generation, `epochs` passes over the window: every sample
        # is seen as often, where training on went over the first ones again and again
        # (measured: past about ten passes the policy's held-out loss rises again).
        self.net = Network.initial(cfg.hidden, cfg.seed * 1_000_003 + g, cfg.players)
        self.opt = Adam(self.net, cfg.lr)
        lp, lv = train_epochs(self.net, self.opt, self.data, cfg, rng)
        trained = time.perf_counter()
        self.generation = g
        path = self.out / f"gen{g:03d}.npz"
        save(self.net, path)
        score = low = high = 0.0
        if cfg.evaluate and cfg.batched:
            score, low, high = strength_batched(self.net, cfg.evaluate, cfg.seed + g, cfg.players)
        elif cfg.evaluate:
            score, low, high = strength(path, cfg.evaluate, cfg.seed + g, jobs, cfg.players)
        checked = time.perf_counter()
        self.seconds += checked - began
        line = (
            f"generation {g}/{cfg.generations}: {len(self.data):,} samples "
            f"(+{len(fresh):,}), loss policy {lp:.3f} value {lv:.3f}"
        )
        if cfg.evaluate:
            line += f", against greedy {100 * score:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"
        line += (
            f"; self-play {played - began:.0f} s, training {trained - played:.0f} s, "
            f"check {checked - trained:.0f} s, {self.seconds / 60:.1f} min in all"
        )
        self.say(line)
        entry = {
            "generation": g,
            "samples": len(self.data),
            "new": len(fresh),
            "policy_loss": lp,
            "value_loss": lv,
            "against_greedy": score,
            "ci95": [low, high],
            "minutes": self.seconds / 60,
        }
        with open(self.out / "log.jsonl", "a", encoding="utf-8") as f:
            f.write(json.dumps(entry) + "\n")
        if score >= self.best:
            self.best = score
            save(self.net, self.out / "best.npz")
            made = self.made(score, low, high, command)
            (self.out / "best.json").write_text(json.dumps(made, indent=1) + "\n", "utf-8")
        self.checkpoint()


def main(args: argparse.Namespace) -> int:
    cfg = TrainConfig(
        seed=args.seed,
        games=args.games,
        generations=args.generations,
        teacher=args.teacher,
        hidden=args.hidden,
        epochs=args.epochs,
        batch=args.batch,
        lr=args.lr,
        window=args.window,
        explore=args.explore,
        evaluate=args.evaluate,
        iterate=args.iterate,
        players=args.players,
        suits=args.suits,
        batched=args.batched,
    )
    spec = parse_spec(cfg.teacher)
    if spec.kind != "expert":
        raise UsageError(f"--teacher must be the expert's search (expert:...), not {cfg.teacher!r}")
    command = "briscola train " + " ".join(sys.argv[2:])

    def say(text: str) -> None:
        print(text, flush=True)

    run = Run(Path(args.out), cfg, say)
    run.start()
    if run.generation >= cfg.generations:
        say(
            f"{args.out}: all {cfg.generations} generations done; best network: {args.out}/best.npz"
        )
        return 0
    try:
        while run.generation < cfg.generations:
            run.generation_step(args.jobs, args.scheduler, command)
    except KeyboardInterrupt:
        say(f"stopped; the same command resumes after generation {run.generation}")
        return 130
    say(f"done: best network {args.out}/best.npz ({100 * run.best:.1f}% against greedy)")
    return 0
