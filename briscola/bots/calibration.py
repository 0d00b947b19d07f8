"""The chances the advice states, mapped to what happens.

Floor 5 (bots).  The search's chances of winning are too high: in its samples
the other side plays by the greedy rules and ours knows the sample.
:func:`calibrate` maps the chance the search gives to the chance of what
happens, by table size and stage of the round (:func:`stage`); ``hint`` and
``review`` state the mapped chances (:mod:`briscola.bots.advice`), the expert
plays by the search's own, since the map keeps their order.  The map is
measured and fitted by ``briscola bench --calibration``
(:mod:`briscola.lab.calibration`); the table is in docs/strength.md.
"""

from __future__ import annotations

import math

from ..engine.observation import Observation

__all__ = ["CALIBRATION", "calibrate", "stage"]

# The search's chances are too high: in its samples the other side plays by the greedy
# rules and ours knows the sample.  What it says is mapped, by table size, to what
# happens: sigmoid(a * logit(chance) + b), fitted by `briscola bench --calibration --raw`
# (lab/calibration.py; the table and its command in docs/strength.md).  Exact chances
# are not mapped.  The map keeps the order of the cards: the choice is unchanged.
# One map (a, b) per table size and stage of the round (:func:`stage`: the first third
# of the pack, the second, the last), fitted over the choices of 160 rounds at 2 and 4
# seats and 80 at 3 and 6: `briscola bench --calibration 2,3,4,6 --rounds 80 --samples
# 200 --raw --seed 1` and `... --calibration 2,4 ... --seed 2`.
CALIBRATION: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((0.454, -0.284), (0.773, -0.538), (0.803, -0.412)),
    3: ((0.839, -0.626), (1.378, -0.376), (1.252, -0.789)),
    4: ((0.536, -0.405), (0.829, -0.355), (0.781, -0.176)),
    6: ((0.591, -0.325), (0.635, -0.113), (0.681, -0.102)),
}


def stage(obs: Observation) -> float:
    """The share of the pack still to play: 1 at the deal, 0 at the end."""
    return (sum(obs.hand_sizes) + obs.stock) / len(obs.rules.deck)


def calibrate(chance: float, players: int, left: float) -> float:
    """The chance the search gives, as the chance of what happens (:data:`CALIBRATION`),
    with ``left`` of the pack still to play."""
    maps = CALIBRATION.get(players)
    if maps is None:
        return chance
    a, b = maps[min(len(maps) - 1, int((1 - left) * len(maps)))]
    if (a, b) == (1.0, 0.0) or chance <= 0.0 or chance >= 1.0:
        return chance
    p = min(max(chance, 0.001), 0.999)
    return 1 / (1 + math.exp(-(a * math.log(p / (1 - p)) + b)))
