"""``briscola train --reinforce``: the network learns from its own batched self-play.

Floor 7 (an arrangement).  Where ``briscola train`` imitates the expert's
search (37 decisions a second), this stage plays the network itself, many
rounds at once (:mod:`briscola.bots.batch`, about 100,000 positions a second),
and improves it by policy gradient: each batch of ``--games`` rounds is
played with the network drawing its cards from its policy, and every
position where it chose among two cards or more is pushed towards the card
it played by how much better the round ended than its value head expected
(the advantage: the outcome, won 1, drawn 0.5, lost 0, minus the value; the
value head learns the outcome and is that baseline).  The step is PPO's
clipped ratio (``--clip``), ``--epochs`` passes over the batch's positions
with Adam, plus a small entropy bonus (``--entropy``), so that one batch
cannot move the policy far.

The other side: in most rounds the network itself (both seats learn), in a
share ``--greedy-share`` the greedy bot and in ``--past-share`` an earlier
snapshot (the start weights or one of the run's checks), so that it keeps
beating what it already beat.  Every ``--check-every`` updates the run
checks the network (its best card, as ``net`` plays) against greedy on
``--evaluate`` duplicate deals (the same deals at every check,
:func:`~briscola.lab.batch_play.duel`), writes a snapshot and its
checkpoint; the best so far is ``best.npz`` with ``best.json`` beside it.
Every random choice comes from ``--seed`` and the update's number: the same
command gives the same files, and a stopped run resumes from its last check.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ..bots.batch import PAD, REL, Batch, deal_batch
from ..bots.net import CARDS, SHIPPED, Network, WeightsError, from_arrays, load, save
from ..engine.rules import TableRules
from ..spec import UsageError
from .batch_play import duel, greedy_player, net_player
from .learn import Adam, backprop, forward_all
from .stats import wilson
from .train import code_version, same_run
from .train_config import ReinforceConfig

__all__ = ["Experience", "ReinforceConfig", "main", "play_batch", "ppo_losses"]

Floats = npt.NDArray[np.float32]
SELF, GREEDY, PAST = 0, 1, 2  # who plays a seat


@dataclass
class Experience:
    """The learner's positions of a batch of rounds (where it had a choice)."""

    x: Floats
    mask: npt.NDArray[np.bool_]
    action: npt.NDArray[np.int64]  # the card played (input index)
    logp: Floats  # its log-chance under the policy that played it
    value: Floats  # the value head's estimate then
    outcome: Floats  # how the round ended for the mover's side: 1, 0.5, 0

    def __len__(self) -> int:
        return int(self.action.shape[0])

    def subset(self, idx: npt.NDArray[np.int64]) -> Experience:
        return Experience(*(getattr(self, k)[idx] for k in _FIELDS))


_FIELDS = ("x", "mask", "action", "logp", "value", "outcome")


def play_batch(
    net: Network, past: Network, cfg: ReinforceConfig, rng: np.random.Generator
) -> tuple[Experience, dict[str, float]]:
    """``cfg.games`` rounds of the learner against itself, greedy or ``past`` (by
    the shares), cards drawn from the policies; its positions and a summary."""
    rules = TableRules(players=net.players)
    b = cfg.games
    decks, dealers = deal_batch(rules, b, rng)
    draw = rng.random(b)
    kind = np.where(draw < cfg.greedy_share, GREEDY, SELF)
    kind = np.where(
        (draw >= cfg.greedy_share) & (draw < cfg.greedy_share + cfg.past_share), PAST, kind
    )
    team = np.array(rules.team_of, np.int64)
    side = rng.integers(len(rules.teams), size=b)  # the learner's side against another
    seats = np.where(
        (kind[:, None] == SELF) | (team[None, :] == side[:, None]), SELF, kind[:, None]
    )
    batch = Batch(rules, decks, dealers)
    greedy = greedy_player(rules)
    kept: dict[str, list[Any]] = {k: [] for k in (*_FIELDS[:-1], "round", "team")}
    while not batch.over:
        can = batch.can_exchange()
        if can.any():
            batch.exchange(can)
        who = seats[batch.rows, batch.mover]
        x = batch.features()
        hand = batch.mover_hands()
        rel = REL[batch.trump[:, None], np.minimum(hand, CARDS - 1)]
        slots = np.zeros(b, np.int64)
        if (who == GREEDY).any():
            slots = np.where(who == GREEDY, greedy(batch), slots)
        for player, model in ((SELF, net), (PAST, past)):
            idx = np.flatnonzero(who == player)
            if not len(idx):
                continue
            logits, value = model.forward(x[idx])
            mine = np.take_along_axis(logits, rel[idx], axis=1).astype(np.float64)
            mine[hand[idx] == PAD] = -np.inf
            mine -= mine.max(axis=1, keepdims=True)
            logp = mine - np.log(np.exp(mine).sum(axis=1, keepdims=True))
            drawn = (np.exp(logp).cumsum(axis=1) < rng.random(len(idx))[:, None]).sum(axis=1)
            drawn = drawn.clip(0, batch.hand_size - 1)
            slots[idx] = drawn
            if player == SELF and batch.hand_size > 1:
                rows = np.arange(len(idx))
                kept["x"].append(x[idx])
                kept["mask"].append(batch.legal_mask()[idx])
                kept["action"].append(rel[idx, drawn])
                kept["logp"].append(logp[rows, drawn].astype(np.float32))
                kept["value"].append(value)
                kept["round"].append(idx)
                kept["team"].append(team[batch.mover[idx]])
        batch.play(slots)
    won = batch.winner()
    rounds, sides = np.concatenate(kept["round"]), np.concatenate(kept["team"])
    outcome = np.where(won[rounds] == sides, 1.0, np.where(won[rounds] == -1, 0.5, 0.0))
    exp = Experience(
        np.concatenate(kept["x"]),
        np.concatenate(kept["mask"]),
        np.concatenate(kept["action"]),
        np.concatenate(kept["logp"]),
        np.concatenate(kept["value"]).astype(np.float32),
        outcome.astype(np.float32),
    )
    mixed = kind == GREEDY
    score = np.where(won == side, 1.0, np.where(won == -1, 0.5, 0.0))
    summary = {"against_greedy_sampled": float(score[mixed].mean()) if mixed.any() else 0.0}
    return exp, summary


def ppo_losses(
    net: Network, e: Experience, cfg: ReinforceConfig
) -> tuple[dict[str, float], dict[str, Floats]]:
    """PPO's clipped policy loss, the value's cross-entropy and the entropy on
    ``e``, and the gradient of policy loss + value_weight * value loss - entropy
    * entropy bonus (backprop by hand, as lab/learn.py's losses)."""
    n = len(e)
    layers, p, v = forward_all(net, e.x, e.mask)
    logp_all = np.where(e.mask, np.log(np.maximum(p, 1e-12)), 0.0)
    rows = np.arange(n)
    ratio = np.exp(logp_all[rows, e.action] - e.logp)
    adv = e.outcome - e.value
    plain = ratio * adv
    clipped = np.clip(ratio, 1 - cfg.clip, 1 + cfg.clip) * adv
    # Only where the unclipped term is the smaller does the ratio have a gradient.
    active = plain <= clipped
    entropy = -(p * logp_all).sum(axis=1)
    dlogits = -(np.where(active, plain, 0.0)[:, None]) * (-p)
    dlogits[rows, e.action] -= np.where(active, plain, 0.0)
    dlogits += cfg.entropy * p * (logp_all + entropy[:, None])
    dlogits = (dlogits / n).astype(np.float32)
    t = e.outcome
    eps = 1e-7
    value_loss = float(-(t * np.log(v + eps) + (1 - t) * np.log(1 - v + eps)).mean())
    dv = ((v - t) * (cfg.value_weight / n)).astype(np.float32)[:, None]
    grads = backprop(net, e.x, layers, dlogits, dv)
    figures = {
        "policy": float(-np.minimum(plain, clipped).mean()),
        "value": value_loss,
        "entropy": float(entropy.mean()),
        "clipped": float((~active).mean()),
    }
    return figures, grads


def update(
    net: Network, opt: Adam, e: Experience, cfg: ReinforceConfig, rng: np.random.Generator
) -> dict[str, float]:
    """``cfg.epochs`` passes of Adam over ``e`` in shuffled minibatches; the mean
    figures of the first pass (before the policy moved)."""
    first: dict[str, float] = {}
    for epoch in range(cfg.epochs):
        order = rng.permutation(len(e))
        steps = 0
        for i in range(0, len(order), cfg.batch):
            figures, grads = ppo_losses(net, e.subset(order[i : i + cfg.batch]), cfg)
            opt.apply(net, grads)
            if epoch == 0:
                for k, v in figures.items():
                    first[k] = first.get(k, 0.0) + v
            steps += 1
        if epoch == 0:
            first = {k: v / max(steps, 1) for k, v in first.items()}
    return first


def _start_file(start: str) -> Path:
    if start:
        return Path(start)
    ref = resources.files("briscola.bots").joinpath("weights", SHIPPED.format(players=2))
    with resources.as_file(ref) as path:
        return Path(path)


class Run:
    """A reinforcement run's directory: run.json, checkpoint, snapshots, log, best."""

    def __init__(self, out: Path, cfg: ReinforceConfig, say: Callable[[str], None]) -> None:
        self.out, self.cfg, self.say = out, cfg, say
        self.net = load(_start_file(cfg.start))
        self.start_net = self.net
        self.opt = Adam(self.net, cfg.lr, decay=0.0)
        self.updates = 0
        self.checked = 0  # the updates at the last check (what a resumed run starts from)
        self.positions = 0
        self.best = -1.0
        self.seconds = 0.0
        self.pool: list[Network] = [self.start_net]

    @property
    def rounds(self) -> int:
        return self.updates * self.cfg.games

    def start(self) -> None:
        self.out.mkdir(parents=True, exist_ok=True)
        same_run(self.out, asdict(self.cfg), "rounds", {})
        ckpt = self.out / "checkpoint.npz"
        if ckpt.exists():
            with np.load(ckpt, allow_pickle=False) as f:
                data = {k: f[k] for k in f.files}
            self.net = from_arrays(data, str(ckpt))
            self.opt = Adam(self.net, self.cfg.lr, decay=0.0)
            self.opt.restore(data)
            self.updates = self.checked = int(data["updates"])
            self.positions = int(data["positions"])
            self.best = float(data["best"])
            self.seconds = float(data["seconds"])
            for k in range(self.cfg.check_every, self.updates + 1, self.cfg.check_every):
                self.pool.append(load(self.snapshot(k)))
            self.say(f"resuming {self.out} after {self.rounds:,} rounds")

    def snapshot(self, updates: int) -> Path:
        return self.out / f"snap{updates:05d}.npz"

    def check(self, figures: dict[str, float], command: str) -> None:
        cfg = self.cfg
        rules = TableRules(players=self.net.players)
        began = time.perf_counter()
        # The same deals at every check: the rows of the run's table are paired.
        score, played = duel(
            rules, net_player(self.net), greedy_player(rules), cfg.evaluate, cfg.seed + 10_000
        )
        self.seconds += time.perf_counter() - began
        low, high = wilson(round(score), played)
        score /= played
        line = (
            f"{self.rounds:,} rounds, {self.positions:,} positions, {self.seconds / 60:.1f} min: "
            f"against greedy {100 * score:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"
        )
        if figures:
            line += (
                f"; loss policy {figures['policy']:+.4f} value {figures['value']:.3f}, "
                f"entropy {figures['entropy']:.3f}, clipped {100 * figures['clipped']:.1f}%"
            )
        self.say(line)
        entry = {
            "updates": self.updates,
            "rounds": self.rounds,
            "positions": self.positions,
            "minutes": self.seconds / 60,
            "against_greedy": score,
            "ci95": [low, high],
            **figures,
        }
        with open(self.out / "log.jsonl", "a", encoding="utf-8") as f:
            f.write(json.dumps(entry) + "\n")
        if self.updates:
            save(self.net, self.snapshot(self.updates))
            self.pool.append(load(self.snapshot(self.updates)))
        if score > self.best:
            self.best = score
            save(self.net, self.out / "best.npz")
            made = self.made(score, low, high, command)
            (self.out / "best.json").write_text(json.dumps(made, indent=1) + "\n", "utf-8")
        extra = {
            **self.opt.arrays(),
            "updates": np.array(self.updates),
            "positions": np.array(self.positions),
            "best": np.array(self.best),
            "seconds": np.array(self.seconds),
        }
        save(self.net, self.out / "checkpoint.npz", extra)
        self.checked = self.updates

    def made(self, score: float, low: float, high: float, command: str) -> dict[str, Any]:
        cfg = self.cfg
        return {
            "command": command,
            "seed": cfg.seed,
            "config": asdict(cfg),
            "code": code_version(),
            "start": cfg.start or "the shipped net2.npz",
            "rounds_played": self.rounds,
            "positions": self.positions,
            "data": f"{self.rounds} rounds of batched self-play at {self.net.players} seats "
            f"from the start weights (against itself, {cfg.greedy_share:.0%} greedy, "
            f"{cfg.past_share:.0%} earlier snapshots), PPO",
            "against_greedy": {
                "score": round(score, 4),
                "ci95": [round(low, 4), round(high, 4)],
                "deals": cfg.evaluate,
                "played": "batched rounds",
            },
            "train_seconds": round(self.seconds, 1),
            "made": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        }

    def step(self) -> dict[str, float]:
        cfg = self.cfg
        began = time.perf_counter()
        rng = np.random.default_rng([cfg.seed, self.updates + 1])
        past = self.pool[int(rng.integers(len(self.pool)))]
        exp, summary = play_batch(self.net, past, cfg, rng)
        figures = update(self.net, self.opt, exp, cfg, rng)
        self.updates += 1
        self.positions += len(exp)
        self.seconds += time.perf_counter() - began
        return {**figures, **summary}


def config_of(args: argparse.Namespace) -> ReinforceConfig:
    """The run's settings from the command's options (None: the stage's default)."""
    d = ReinforceConfig()
    given = {
        "games": args.games,
        "lr": args.lr,
        "epochs": args.epochs,
        "batch": args.batch,
        "evaluate": args.evaluate,
    }
    cfg = replace(
        d,
        seed=args.seed,
        rounds=args.reinforce,
        start=args.start or "",
        clip=args.clip,
        entropy=args.entropy,
        greedy_share=args.greedy_share,
        past_share=args.past_share,
        check_every=args.check_every,
        **{k: v for k, v in given.items() if v is not None},
    )
    if cfg.greedy_share + cfg.past_share > 1:
        raise UsageError(
            f"--greedy-share and --past-share add up to "
            f"{cfg.greedy_share + cfg.past_share:g}; at most 1"
        )
    if cfg.evaluate < 1:
        raise UsageError(
            "--evaluate must be at least 1 with --reinforce (the checks pick best.npz)"
        )
    try:
        start = _start_file(cfg.start)
        net = load(start)
    except WeightsError as err:
        raise UsageError(f"--start: {err}") from None
    if args.players != net.players:
        raise UsageError(f"--start holds a network for {net.players} players, not {args.players}")
    return replace(cfg, start_sha256=hashlib.sha256(start.read_bytes()).hexdigest())


def main(args: argparse.Namespace) -> int:
    cfg = config_of(args)
    command = "briscola train " + " ".join(sys.argv[2:])

    def say(text: str) -> None:
        print(text, flush=True)

    out = Path(args.out)
    run = Run(out, cfg, say)
    run.start()
    if run.updates == 0 and run.best < 0:
        run.check({}, command)  # the start's own figure, the first row of the table
    total = -(-cfg.rounds // cfg.games)  # updates in all
    if run.updates >= total:
        say(f"{out}: all {cfg.rounds:,} rounds done; best network: {out}/best.npz")
        return 0
    figures: dict[str, float] = {}
    try:
        while run.updates < total:
            f = run.step()
            figures = {k: figures.get(k, 0.0) + v for k, v in f.items()}
            if run.updates % cfg.check_every == 0 or run.updates == total:
                steps = run.updates % cfg.check_every or cfg.check_every
                run.check({k: v / steps for k, v in figures.items()}, command)
                figures = {}
    except KeyboardInterrupt:
        say(f"stopped; the same command resumes after {run.checked * cfg.games:,} rounds")
        return 130
    say(f"done: best network {out}/best.npz ({100 * run.best:.1f}% against greedy)")
    return 0
