"""The network: a seat's observation in, a policy over its cards and a value out.

Floor 5 (bots).  A small multilayer perceptron in NumPy (two hidden layers of
ReLUs), trained by ``briscola train`` (:mod:`briscola.lab.train`) from the
expert's own self-play.  Its input is what :func:`features` reads of an
:class:`~briscola.engine.observation.Observation` (nothing hidden: the own
hand, the trick, the face-up card, every card played and by whom, the
points, the stock); its outputs are a logit for each of the 40 cards (the
policy is their softmax over the legal ones) and a value, the chance that
the seat's side wins the round.

Cards are seen relative to the trump suit (the trump suit is always the
first block of ten), so what the network learns of trumps holds for every
trump suit.  A network is trained for one table size of the Italian game
(``players`` in its file, 2 when a file does not say; :func:`trained_for`);
at other tables its players fall back to the search.

The weights are a ``.npz`` file with a ``format`` number and the layer
shapes this module expects; :func:`load` refuses any other with a clear
:class:`WeightsError`.  The shipped files are ``weights/netN.npz`` beside this
module (N the table size), each with a JSON file next to it saying how it was made.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

try:
    import numpy as np
    import numpy.typing as npt
except ImportError:  # a dependency, but an environment may lose it: say how to mend it
    raise ImportError(
        "the trained network needs NumPy, which briscola installs with it: pip install numpy"
    ) from None

from ..engine.cards import Card
from ..engine.game import Action
from ..engine.observation import Observation
from ..engine.rules import TableRules

__all__ = [
    "FORMAT",
    "INPUTS",
    "Network",
    "WeightsError",
    "features",
    "legal_mask",
    "load",
    "save",
    "shipped",
    "trained_for",
]

FORMAT = 1  # the weights file's layout; a file of another is refused
CARDS = 40
# Input layout: card planes of 40, then scalars (see features()).
PLANES = ("hand", "trick", "face_up", "mine", "theirs", "known", "unseen")
SCALARS = ("stock", "own_points", "their_points", "leading", "hand_size", "their_hand")
INPUTS = CARDS * len(PLANES) + len(SCALARS)
MINE = CARDS * PLANES.index("mine")
LAYERS = ("w1", "b1", "w2", "b2", "wp", "bp", "wv", "bv")
SHIPPED = "net{players}.npz"
TABLES = (2, 3, 4, 6)  # the table sizes a network may be trained for

Array = npt.NDArray[np.float32]


class WeightsError(ValueError):
    """A weights file this module cannot use: missing, of another format or shape."""


def trained_for(rules: TableRules, players: int = 2) -> bool:
    """Whether a network trained at ``players`` seats knows this table: that many
    seats, the Italian game (no exchange, the usual order; at 3 seats 36 cards)."""
    return rules.players == players and rules.variant == "italian" and len(rules.deck) != 39


def _rel(card: int, trump: int) -> int:
    """A card's input index: its suit counted from the trump suit."""
    return ((card // 10 - trump) % 4) * 10 + card % 10


def card_of(index: int, trump: int) -> Card:
    """The card of an input index (the inverse of :func:`_rel`)."""
    return Card(((index // 10 + trump) % 4) * 10 + index % 10)


def features(obs: Observation) -> Array:
    """The network's input for ``obs``: card planes (own hand, the trick on the
    table, the face-up card, cards played by the own side and by the other, cards
    known to be in another hand, cards not yet seen) and scalars (the stock, both
    sides' points, whether the seat leads, the hand sizes), all in 0..1.

    A partner's card in the trick is in the own side's plane too, so that at 4
    and 6 seats the network sees whose the trick's cards are (whether the own
    side holds the trick); at 2 and 3 seats no partner has played to it."""
    x = np.zeros(INPUTS, dtype=np.float32)
    trump = obs.trump_suit
    team_of = obs.rules.team_of
    side = team_of[obs.seat]
    seen: set[int] = set()
    for c in obs.hand:
        x[_rel(c, trump)] = 1.0
        seen.add(c)
    base = CARDS
    for seat, c in obs.trick:
        x[base + _rel(c, trump)] = 1.0
        if team_of[seat] == side:  # a partner's: the own side's plane says whose it is
            x[MINE + _rel(c, trump)] = 1.0
        seen.add(c)
    base += CARDS
    if obs.trump_card is not None:
        x[base + _rel(obs.trump_card, trump)] = 1.0
        seen.add(obs.trump_card)
    base += CARDS
    for trick in obs.played:
        for seat, c in trick:
            x[base + (0 if team_of[seat] == side else CARDS) + _rel(c, trump)] = 1.0
            seen.add(c)
    base += 2 * CARDS
    for seat, cards in enumerate(obs.known):
        if seat != obs.seat:
            for c in cards:
                x[base + _rel(c, trump)] = 1.0
                seen.add(c)
    base += CARDS
    for c in obs.rules.deck:
        if c not in seen:
            x[base + _rel(c, trump)] = 1.0
    base += CARDS
    own = obs.points[side]
    theirs = max((p for t, p in enumerate(obs.points) if t != side), default=0)
    others = [n for s, n in enumerate(obs.hand_sizes) if s != obs.seat]
    x[base : base + len(SCALARS)] = (
        obs.stock / 34.0,
        own / 120.0,
        theirs / 120.0,
        0.0 if obs.trick else 1.0,
        len(obs.hand) / 3.0,
        (sum(others) / len(others) / 3.0) if others else 0.0,
    )
    return x


def legal_mask(obs: Observation) -> npt.NDArray[np.bool_]:
    """Which of the 40 policy outputs are legal cards in ``obs``."""
    mask = np.zeros(CARDS, dtype=np.bool_)
    for a in obs.legal:
        if isinstance(a, Card):
            mask[_rel(a, obs.trump_suit)] = True
    return mask


@dataclass(frozen=True)
class Network:
    """The layers: ``w1`` (inputs x hidden), ``w2`` (hidden x hidden), the policy
    head ``wp`` (hidden x 40) and the value head ``wv`` (hidden x 1), with biases."""

    w1: Array
    b1: Array
    w2: Array
    b2: Array
    wp: Array
    bp: Array
    wv: Array
    bv: Array
    players: int = 2  # the table size it was trained for

    @classmethod
    def initial(cls, hidden: int, seed: int, players: int = 2) -> Network:
        """Fresh weights (He initialisation), the same for the same seed."""
        rng = np.random.default_rng(seed)

        def layer(n_in: int, n_out: int) -> Array:
            return (rng.standard_normal((n_in, n_out)) * math.sqrt(2.0 / n_in)).astype(np.float32)

        def zeros(n: int) -> Array:
            return np.zeros(n, dtype=np.float32)

        return cls(
            layer(INPUTS, hidden),
            zeros(hidden),
            layer(hidden, hidden),
            zeros(hidden),
            layer(hidden, CARDS) * 0.1,
            zeros(CARDS),
            layer(hidden, 1) * 0.1,
            zeros(1),
            players,
        )

    def knows(self, rules: TableRules) -> bool:
        """Whether it was trained for this table (:func:`trained_for`)."""
        return trained_for(rules, self.players)

    @property
    def hidden(self) -> int:
        return int(self.w1.shape[1])

    def arrays(self) -> dict[str, Array]:
        return {name: getattr(self, name) for name in LAYERS}

    def forward(self, x: Array) -> tuple[Array, Array]:
        """Policy logits (one row of 40 per input row) and values in 0..1."""
        return self.above_first(x @ self.w1 + self.b1)

    def above_first(self, first: Array) -> tuple[Array, Array]:
        """:meth:`forward` from the first layer's sums (``x @ w1 + b1``, before the
        ReLU): what a caller that keeps those sums up to date card by card needs."""
        h1 = np.maximum(first, 0.0)
        h2 = np.maximum(h1 @ self.w2 + self.b2, 0.0)
        logits = h2 @ self.wp + self.bp
        value = 1.0 / (1.0 + np.exp(-(h2 @ self.wv + self.bv)[..., 0]))
        return logits, value

    def policy(self, obs: Observation) -> tuple[dict[Action, float], float]:
        """The chance of each legal card (softmax over the legal ones) and the value."""
        logits, value = self.forward(features(obs))
        trump = obs.trump_suit
        cards = [a for a in obs.legal if isinstance(a, Card)]
        row = np.array([logits[_rel(c, trump)] for c in cards], dtype=np.float64)
        row = np.exp(row - row.max())
        row /= row.sum()
        return {c: float(p) for c, p in zip(cards, row, strict=True)}, float(value)


def _shapes(hidden: int) -> dict[str, tuple[int, ...]]:
    return {
        "w1": (INPUTS, hidden),
        "b1": (hidden,),
        "w2": (hidden, hidden),
        "b2": (hidden,),
        "wp": (hidden, CARDS),
        "bp": (CARDS,),
        "wv": (hidden, 1),
        "bv": (1,),
    }


def save(net: Network, path: Path, extra: Mapping[str, Any] | None = None) -> None:
    """Write ``net`` as a weights file (``extra`` arrays beside the layers, e.g. the
    optimiser's state in a checkpoint); written whole or not at all."""
    tmp = path.with_name(path.name + ".tmp")
    arrays: dict[str, Any] = {
        "format": np.array(FORMAT),
        "inputs": np.array(INPUTS),
        "players": np.array(net.players),
    }
    arrays.update(net.arrays())
    arrays.update(extra or {})
    with open(tmp, "wb") as f:
        np.savez(f, **arrays)
    tmp.replace(path)


def load(path: Path | str) -> Network:
    """The network in a weights file, or a :class:`WeightsError` saying what is wrong."""
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {k: data[k] for k in data.files}
    except FileNotFoundError:
        raise WeightsError(f"no weights file at {path}") from None
    except (OSError, ValueError, EOFError) as err:
        raise WeightsError(f"{path} is not a weights file (.npz): {err}") from None
    return from_arrays(arrays, str(path))


def from_arrays(arrays: Mapping[str, Any], where: str = "weights") -> Network:
    """A :class:`Network` from a weights file's arrays, checked."""
    fmt = arrays.get("format")
    if fmt is None or fmt.shape != () or int(fmt) != FORMAT:
        got = "none" if fmt is None else str(fmt.tolist())
        raise WeightsError(f"{where} has weights format {got}; this briscola reads format {FORMAT}")
    inputs = arrays.get("inputs")
    if inputs is None or inputs.shape != () or int(inputs) != INPUTS:
        raise WeightsError(f"{where} was made for {inputs} inputs; this briscola gives {INPUTS}")
    missing = [k for k in LAYERS if k not in arrays]
    if missing:
        raise WeightsError(f"{where} lacks the layers {', '.join(missing)}")
    w1 = arrays["w1"]
    if w1.ndim != 2 or w1.shape[1] < 1:
        raise WeightsError(f"{where}: w1 must be inputs x hidden, got shape {w1.shape}")
    players = arrays.get("players", np.array(2))  # files before 4 seats: 2
    if players.shape != () or int(players) not in TABLES:
        raise WeightsError(f"{where} was made for {players} players; a table has 2, 3, 4 or 6")
    hidden = int(w1.shape[1])
    layers: dict[str, Array] = {}
    for name, shape in _shapes(hidden).items():
        a = arrays[name]
        if a.shape != shape:
            raise WeightsError(f"{where}: {name} must have shape {shape}, got {a.shape}")
        if not np.issubdtype(a.dtype, np.floating) or not np.all(np.isfinite(a)):
            raise WeightsError(f"{where}: {name} must hold finite floats")
        layers[name] = a.astype(np.float32)
    return Network(**layers, players=int(players))


@cache
def shipped(players: int = 2) -> Network:
    """The weights shipped inside the package for a table of ``players`` (loaded
    once a process); a :class:`WeightsError` when none is shipped for it."""
    ref = resources.files(__package__).joinpath("weights", SHIPPED.format(players=players))
    with resources.as_file(ref) as path:
        net = load(path)
    if net.players != players:
        raise WeightsError(f"{path} was made for {net.players} players, not {players}")
    return net


def made_by(players: int = 2) -> dict[str, Any]:
    """What the shipped weights' JSON says of how they were made."""
    name = SHIPPED.format(players=players).replace(".npz", ".json")
    ref = resources.files(__package__).joinpath("weights", name)
    data: dict[str, Any] = json.loads(ref.read_text(encoding="utf-8"))
    return data
