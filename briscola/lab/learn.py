"""The trainer's learning: Adam, the forward and backward passes, epochs of minibatches.

Floor 7 (the lab).  In NumPy alone: the network (:mod:`briscola.bots.net`)
learns the policy by cross-entropy over the legal cards and the value by its
cross-entropy, with gradients by hand and Adam with decoupled weight decay;
:func:`train_epochs` passes over the samples (:mod:`briscola.lab.samples`) in
shuffled minibatches, with ``suits`` each in an order of the plain suits
drawn at random.  ``briscola train`` (:mod:`briscola.lab.train`) and
``--reinforce`` (:mod:`briscola.lab.reinforce`) both step with these.
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
import numpy.typing as npt

from ..bots.net import CARDS, INPUTS, PLANES, Network
from .samples import Samples
from .train_config import TrainConfig

__all__ = ["Adam", "backprop", "forward_all", "in_suits", "losses", "train_epochs", "train_step"]

Floats = npt.NDArray[np.float32]


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
