"""Reinforcement from batched self-play (lab/reinforce.py, ``briscola train --reinforce``)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from briscola.bots.net import Network, load, save
from briscola.bots.net_bot import NetBot
from briscola.cli import main as cli
from briscola.engine.game import Round
from briscola.engine.observation import observe
from briscola.engine.rules import TableRules
from briscola.lab.learn import Adam
from briscola.lab.reinforce import ReinforceConfig, play_batch, ppo_losses, update


@pytest.fixture
def start(tmp_path: Path) -> Path:
    """A small network to start from (the shipped one would only be slower)."""
    path = tmp_path / "start.npz"
    save(Network.initial(16, 5), path)
    return path


def reinforce(out: Path, start: Path, rounds: int, *more: str) -> int:
    return cli(
        [
            "train", "--reinforce", str(rounds), "--out", str(out), "--start", str(start),
            "--seed", "3", "--games", "16", "--check-every", "2", "--evaluate", "20", *more,
        ]
    )  # fmt: skip


def arrays(path: Path) -> dict[str, np.ndarray]:
    with np.load(path) as f:
        return {k: f[k] for k in f.files}


def test_a_tiny_run_is_reproducible_resumes_and_plays_legally(
    tmp_path: Path, start: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert reinforce(tmp_path / "a", start, 64) == 0
    out = capsys.readouterr().out
    assert "0 rounds, 0 positions" in out and "64 rounds" in out and "against greedy" in out
    # Stopped after 32 rounds and resumed: the same files as in one go.
    assert reinforce(tmp_path / "b", start, 32) == 0
    assert reinforce(tmp_path / "b", start, 64) == 0
    assert "resuming" in capsys.readouterr().out
    a, b = arrays(tmp_path / "a/checkpoint.npz"), arrays(tmp_path / "b/checkpoint.npz")
    assert a.keys() == b.keys()
    for k in a.keys() - {"seconds"}:  # the clock's, not the seed's
        assert np.array_equal(a[k], b[k]), k
    # It learned: the weights moved from the start's.
    first = load(start)
    assert not np.array_equal(a["w1"], first.w1) and not np.array_equal(a["wp"], first.wp)
    made = json.loads((tmp_path / "a/best.json").read_text(encoding="utf-8"))
    assert made["config"]["seed"] == 3 and made["command"].startswith("briscola train")
    assert made["config"]["start_sha256"] and made["against_greedy"]["deals"] == 20
    # Its weights load and play every card legally (the best card, as net plays).
    bot = NetBot(weights=str(tmp_path / "a/checkpoint.npz"))
    rules = TableRules()
    for seed in range(3):
        deck = list(rules.deck)
        np.random.default_rng(seed).shuffle(deck)
        r = Round(rules, deck, seed % 2)
        while not r.over:
            obs = observe(r, r.to_move)
            action = bot.choose(obs)
            assert action in obs.legal
            r.act(action)
    # Other options on the same directory: refused, nothing lost.
    with pytest.raises(SystemExit) as done:
        reinforce(tmp_path / "a", start, 64, "--clip", "0.1")
    assert done.value.code == 2
    assert "other options" in capsys.readouterr().err


def test_updates_on_a_batch_lower_its_losses() -> None:
    net = Network.initial(16, 2)
    cfg = ReinforceConfig(games=32, batch=64, epochs=1, lr=1e-3, entropy=0.0)
    exp, _ = play_batch(net, net, cfg, np.random.default_rng(1))
    before, _ = ppo_losses(net, exp, cfg)
    opt = Adam(net, cfg.lr, decay=0.0)
    for _ in range(5):
        update(net, opt, exp, cfg, np.random.default_rng(2))
    after, _ = ppo_losses(net, exp, cfg)
    assert after["policy"] < before["policy"]
    assert after["value"] < before["value"]


def test_the_gradient_is_the_losses_derivative() -> None:
    """Backprop by hand against finite differences, clipped ratios included."""
    cfg = ReinforceConfig(games=4, entropy=0.05, clip=0.1)
    net = Network.initial(6, 3)
    exp, _ = play_batch(net, net, cfg, np.random.default_rng(4))
    exp = replace(exp, x=exp.x.astype(np.float64))
    rng = np.random.default_rng(9)
    moved = {k: v + 0.1 * rng.standard_normal(v.shape) for k, v in net.arrays().items()}
    other = Network(**moved, players=2)  # float64: a clean difference quotient
    figures, grads = ppo_losses(other, exp, cfg)
    assert 0 < figures["clipped"] < 1

    def total() -> float:
        f, _ = ppo_losses(other, exp, cfg)
        return f["policy"] + cfg.value_weight * f["value"] - cfg.entropy * f["entropy"]

    for name in ("w1", "b2", "wp", "bp", "wv", "bv"):
        a = getattr(other, name)
        i = np.unravel_index(int(np.argmax(np.abs(grads[name]))), a.shape)
        was, h = a[i], 1e-6
        a[i] = was + h
        up = total()
        a[i] = was - h
        down = total()
        a[i] = was
        assert (up - down) / (2 * h) == pytest.approx(float(grads[name][i]), rel=1e-3, abs=1e-7)


def test_reinforce_refuses_bad_options(
    tmp_path: Path, start: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def refused(*args: str) -> str:
        with pytest.raises(SystemExit) as done:
            cli(["train", "--out", str(tmp_path / "x"), *args])
        assert done.value.code == 2
        return capsys.readouterr().err

    assert "--reinforce must be" in refused("--reinforce", "0")
    assert "add up to 1.5" in refused(
        "--reinforce", "10", "--greedy-share", "0.75", "--past-share", "0.75"
    )
    assert "no weights file at" in refused("--reinforce", "10", "--start", str(tmp_path / "none"))
    assert "not 4" in refused("--reinforce", "10", "--start", str(start), "--players", "4")
    assert "--evaluate must be at least 1" in refused("--reinforce", "10", "--evaluate", "0")
    assert "give --reinforce ROUNDS too" in refused("--start", str(start))
    assert "--clip must be" in refused("--reinforce", "10", "--clip", "2")
    assert not (tmp_path / "x").exists()  # nothing written for a refused command
