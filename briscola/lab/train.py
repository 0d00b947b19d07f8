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
learns positions the search would not reach.

Each generation a fresh network (:mod:`briscola.bots.net`) is trained on the
last ``--window`` samples, ``--epochs`` passes of minibatch gradient descent
with Adam, in NumPy alone:
cross-entropy of the policy over the legal cards plus the value's
cross-entropy.  After each generation the run writes its checkpoint (weights,
the optimiser's state, the samples) into ``--out`` and plays the network
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
import itertools
import json
import multiprocessing
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from random import Random
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import __version__
from ..bots.advice import advice_of
from ..bots.expert import ExpertBot
from ..bots.net import CARDS, INPUTS, PLANES, Network, features, from_arrays, legal_mask, save
from ..engine.cards import Card
from ..engine.game import Round, round_winner
from ..engine.observation import observe
from ..engine.rules import TableRules
from ..spec import UsageError, parse_spec
from .runner import ArenaConfig, run_arena
from .stats import wilson
from .train_config import TrainConfig

__all__ = ["Samples", "TrainConfig", "main", "play_games", "train_step"]

Floats = npt.NDArray[np.float32]
ITERATE_PRIOR = 10.0  # the teacher's prior (ExpertBot's points) with --iterate


@dataclass
class Samples:
    """Training samples as arrays of equal length."""

    x: Floats  # features
    mask: npt.NDArray[np.bool_]  # legal cards (input order)
    target: npt.NDArray[np.int64]  # the search's card (input order)
    value: Floats  # the value's target, 0..1

    @classmethod
    def empty(cls) -> Samples:
        return cls(
            np.zeros((0, INPUTS), np.float32),
            np.zeros((0, CARDS), np.bool_),
            np.zeros(0, np.int64),
            np.zeros(0, np.float32),
        )

    def __len__(self) -> int:
        return int(self.target.shape[0])

    def join(self, other: Samples, keep: int) -> Samples:
        """These and ``other``, the last ``keep`` only."""

        def cat(a: Any, b: Any) -> Any:
            return np.concatenate([a, b])[-keep:]

        return Samples(
            cat(self.x, other.x),
            cat(self.mask, other.mask),
            cat(self.target, other.target),
            cat(self.value, other.value),
        )

    def arrays(self, prefix: str = "data_") -> dict[str, Any]:
        return {prefix + k: getattr(self, k) for k in ("x", "mask", "target", "value")}


# -- self-play ----------------------------------------------------------------


def _teacher(spec: str, seed: int, weights: str | None) -> ExpertBot:
    parsed = parse_spec(spec)
    options = dict(parsed.options)
    options.setdefault("max_ms", 1e6)  # the samples decide, not the clock: reproducible
    if weights is not None:  # expert iteration: the search with the latest network
        options["weights"] = weights
        options["prior"] = options.get("prior") or ITERATE_PRIOR
    options["seed"] = seed
    options.pop("name", None)
    return ExpertBot(**options)


def play_game(
    spec: str, seed: int, explore: float, weights: str | None = None, players: int = 2
) -> Samples:
    """One self-play round at a table of ``players`` between teachers, as samples."""
    rules = TableRules(players=players)
    rng = Random(seed)
    deck = list(rules.deck)
    rng.shuffle(deck)
    r = Round(rules, deck, rng.randrange(players))
    bots = [_teacher(spec, rng.randrange(2**31), weights) for _ in range(players)]
    xs: list[Floats] = []
    masks: list[npt.NDArray[np.bool_]] = []
    targets: list[int] = []
    seats: list[int] = []
    chances: list[float] = []
    while not r.over:
        seat = r.to_move
        obs = observe(r, seat)
        action = obs.legal[0]
        if len(obs.legal) > 1:
            bot = bots[seat]
            chance = -1.0  # none: the exact endgame
            if obs.stock:
                ranked = advice_of(bot, obs)
                action, estimate = ranked[0]
                chance = estimate.match
            else:
                action = bot.choose(obs)
            xs.append(features(obs))
            masks.append(legal_mask(obs))
            assert isinstance(action, Card)
            targets.append(((action // 10 - obs.trump_suit) % 4) * 10 + action % 10)
            seats.append(seat)
            chances.append(chance)
            if obs.stock and rng.random() < explore:
                action = obs.legal[rng.randrange(len(obs.legal))]
        r.act(action)
    winner = round_winner(r.points)
    values = []
    for seat, chance in zip(seats, chances, strict=True):
        outcome = 0.5 if winner is None else float(winner == rules.team_of[seat])
        values.append(outcome if chance < 0 else (outcome + chance) / 2)
    if not xs:
        return Samples.empty()
    return Samples(
        np.stack(xs), np.stack(masks), np.array(targets, np.int64), np.array(values, np.float32)
    )


Task = tuple[str, int, float, str | None, int]


def _play_task(task: Task) -> Samples:
    return play_game(*task)


def _play_tasks(tasks: list[Task]) -> list[Samples]:
    return [play_game(*t) for t in tasks]


def _worker_init() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C


def play_games(
    tasks: Sequence[Task], jobs: int = 1, scheduler: str | None = None
) -> Iterator[Samples]:
    """Every task's samples in order, from ``jobs`` processes or a cluster's workers."""
    if scheduler is not None:
        from .cluster import run_on_cluster  # the optional extra

        chunks = [list(tasks[i : i + 4]) for i in range(0, len(tasks), 4)]
        yield from run_on_cluster(scheduler, chunks, _play_tasks)
        return
    if jobs <= 1:
        for t in tasks:
            yield play_game(*t)
        return
    ctx = multiprocessing.get_context("fork")
    pool = ctx.Pool(jobs, initializer=_worker_init)
    try:
        yield from pool.imap(_play_task, tasks, chunksize=1)
        pool.close()
        pool.join()
    finally:
        pool.terminate()
        pool.join()


# -- learning -----------------------------------------------------------------


class Adam:
    """Adam with decoupled weight decay on the weight matrices."""

    def __init__(self, net: Network, lr: float, decay: float = 1e-4) -> None:
        self.lr = lr
        self.decay = decay
        self.step = 0
        self.m = {k: np.zeros_like(v) for k, v in net.arrays().items()}
        self.v = {k: np.zeros_like(v) for k, v in net.arrays().items()}

    def apply(self, net: Network, grads: dict[str, Floats]) -> None:
        self.step += 1
        b1, b2 = 0.9, 0.999
        c1, c2 = 1 - b1**self.step, 1 - b2**self.step
        for k, g in grads.items():
            m, v = self.m[k], self.v[k]
            m *= b1
            m += (1 - b1) * g
            v *= b2
            v += (1 - b2) * g * g
            w = getattr(net, k)
            if k.startswith("w"):
                w -= self.lr * self.decay * w
            w -= self.lr * (m / c1) / (np.sqrt(v / c2) + 1e-8)

    def arrays(self) -> dict[str, Any]:
        out: dict[str, Any] = {"adam_step": np.array(self.step)}
        out.update({f"adam_m_{k}": v for k, v in self.m.items()})
        out.update({f"adam_v_{k}": v for k, v in self.v.items()})
        return out

    def restore(self, data: dict[str, Any]) -> None:
        self.step = int(data["adam_step"])
        for k in self.m:
            self.m[k] = data[f"adam_m_{k}"].astype(np.float32)
            self.v[k] = data[f"adam_v_{k}"].astype(np.float32)


Layers = tuple[Any, Any, Any, Any]  # each hidden layer before and after its ReLU


def forward_all(net: Network, x: Floats, mask: Any) -> tuple[Layers, Any, Any]:
    """The forward pass with what backprop needs: the hidden layers, the policy
    over the legal cards (``mask``) and the value."""
    z1 = x @ net.w1 + net.b1
    h1 = np.maximum(z1, 0.0)
    z2 = h1 @ net.w2 + net.b2
    h2 = np.maximum(z2, 0.0)
    logits = np.where(mask, h2 @ net.wp + net.bp, -1e9)
    logits -= logits.max(axis=1, keepdims=True)
    e = np.exp(logits) * mask
    p = e / e.sum(axis=1, keepdims=True)
    v = 1.0 / (1.0 + np.exp(-(h2 @ net.wv + net.bv)[:, 0]))
    return (z1, h1, z2, h2), p, v


def losses(
    net: Network, s: Samples, value_weight: float = 1.0
) -> tuple[float, float, dict[str, Floats]]:
    """The policy's and the value's loss on ``s`` and their gradients (backprop by hand)."""
    n = len(s)
    layers, p, v = forward_all(net, s.x, s.mask)
    rows = np.arange(n)
    policy_loss = float(-np.log(np.maximum(p[rows, s.target], 1e-12)).mean())
    t = s.value
    eps = 1e-7
    value_loss = float(-(t * np.log(v + eps) + (1 - t) * np.log(1 - v + eps)).mean())
    dlogits = p
    dlogits[rows, s.target] -= 1.0
    dlogits /= n
    dv = ((v - t) * (value_weight / n)).astype(np.float32)[:, None]
    return policy_loss, value_loss, backprop(net, s.x, layers, dlogits, dv)


def backprop(net: Network, x: Floats, layers: Layers, dlogits: Any, dv: Any) -> dict[str, Floats]:
    """The weights' gradients from the heads' (``dlogits``: N x 40 policy logits,
    ``dv``: N x 1 the value before its sigmoid), given the forward pass's
    ``layers`` (z1, h1, z2, h2: each hidden layer before and after its ReLU)."""
    z1, h1, z2, h2 = layers
    dh2 = (dlogits @ net.wp.T + dv @ net.wv.T) * (z2 > 0)
    dh1 = (dh2 @ net.w2.T) * (z1 > 0)
    grads = {
        "w1": x.T @ dh1,
        "b1": dh1.sum(axis=0),
        "w2": h1.T @ dh2,
        "b2": dh2.sum(axis=0),
        "wp": h2.T @ dlogits,
        "bp": dlogits.sum(axis=0),
        "wv": h2.T @ dv,
        "bv": dv.sum(axis=0),
    }
    return {k: g.astype(np.float32) for k, g in grads.items()}


def train_step(
    net: Network, opt: Adam, s: Samples, value_weight: float = 1.0
) -> tuple[float, float]:
    """One step of Adam on the minibatch ``s``; its losses before the step."""
    lp, lv, grads = losses(net, s, value_weight)
    opt.apply(net, grads)
    return lp, lv


def _subset(s: Samples, idx: npt.NDArray[np.int64]) -> Samples:
    return Samples(s.x[idx], s.mask[idx], s.target[idx], s.value[idx])


def _suit_orders() -> list[tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]]:
    """For each order of the three plain suits (the trump suit is always the first
    block of ten): where each input and each card output comes from."""
    out = []
    for order in itertools.permutations((1, 2, 3)):
        suit = np.array([0, *order])
        cards = np.array([suit[i // 10] * 10 + i % 10 for i in range(CARDS)])
        planes = len(PLANES)
        inputs = np.concatenate(
            [cards + CARDS * k for k in range(planes)] + [np.arange(CARDS * planes, INPUTS)]
        )
        out.append((inputs, cards))
    return out


def in_suits(s: Samples, orders: tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]) -> Samples:
    """The samples with the plain suits reordered: the same positions, the same play."""
    inputs, cards = orders
    back = np.argsort(cards)  # where each card's output goes
    return Samples(s.x[:, inputs], s.mask[:, cards], back[s.target], s.value)


def train_epochs(
    net: Network, opt: Adam, data: Samples, cfg: TrainConfig, rng: np.random.Generator
) -> tuple[float, float]:
    """``cfg.epochs`` passes over ``data`` in shuffled minibatches (with ``suits``,
    each in an order of the plain suits drawn at random); the mean losses of the
    last pass."""
    orders = _suit_orders() if cfg.suits else []
    lp = lv = 0.0
    for _ in range(cfg.epochs):
        order = rng.permutation(len(data))
        total_p = total_v = 0.0
        steps = 0
        for i in range(0, len(order), cfg.batch):
            batch = _subset(data, order[i : i + cfg.batch])
            if orders:
                batch = in_suits(batch, orders[int(rng.integers(len(orders)))])
            a, b = train_step(net, opt, batch, cfg.value_weight)
            total_p += a
            total_v += b
            steps += 1
        lp, lv = total_p / max(steps, 1), total_v / max(steps, 1)
    return lp, lv


# -- the run ------------------------------------------------------------------


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


def _commit() -> str:
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
            "code": _commit(),
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
