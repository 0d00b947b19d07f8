"""The chances the advice states, mapped to what happens.

Floor 5 (bots).  The search's chances of winning are too high: in its samples
the other side plays by the greedy rules and ours knows the sample.
:func:`calibrate` maps the chance the search gives to the chance of what
happens, by table size and stage of the round (:func:`stage`); ``hint`` and
``review`` state the mapped chances (:mod:`briscola.bots.advice`), the expert
plays by the search's own, since the map keeps their order.  The map is
measured by ``briscola bench --calibration`` (:mod:`briscola.lab.calibration`)
and fitted by ``benchmarks/calibration_fit.py``; the table is in
docs/strength.md.
"""

from __future__ import annotations

import itertools

from ..engine.observation import Observation

__all__ = ["CALIBRATION", "STAGES", "Maps", "calibrate", "stage"]

Maps = dict[int, tuple[tuple[tuple[float, float], ...], ...]]
# By table size, by stage of the round, the knots (search's chance, chance of what happens).

STAGES = 3  # the first third of the pack, the second, the last

# The search's chances are too high in the middle (in its samples the other side plays
# by the greedy rules and ours knows the sample), and at 4 and 6 seats too low when far
# behind.  What it says is mapped, by table size and stage of the round (:func:`stage`),
# to what happens: straight between knots that rise, fitted by isotonic regression over
# 20 bins of the search's chances (lab/calibration.py `fit`).  Exact chances are not
# mapped (told as their own group, they were no better on rounds held out: docs).  The
# map keeps the order of the cards: the choice is unchanged.  Fitted on seeds 11, 12 and
# 13; checked by holding each seed out in turn (`--cross`: fitted on the other two; the
# table and its commands in docs/strength.md).  This table is what prints (the twelve
# runs took 65 minutes under nice on the shared machine):
#   for s in 11 12 13; do for n in 2 3 4 6; do r=300; [ $n = 3 -o $n = 6 ] && r=200
#     briscola bench --calibration $n --rounds $r --samples 200 --seed $s --raw --json \
#       > raw$n-$s.json; done; done
#   python benchmarks/calibration_fit.py --fit raw*-11.json raw*-12.json raw*-13.json
# fmt: off
CALIBRATION: Maps = {
    2: (
        (
            (0.000, 0.000), (0.292, 0.268), (0.377, 0.393), (0.487, 0.440), (0.576, 0.477),
            (0.627, 0.510), (0.676, 0.561), (0.725, 0.571), (0.774, 0.581), (0.824, 0.602),
            (0.873, 0.674), (0.922, 0.741), (0.971, 0.887), (1.000, 1.000),
        ),
        (
            (0.000, 0.000), (0.099, 0.071), (0.176, 0.148), (0.227, 0.169), (0.275, 0.199),
            (0.326, 0.242), (0.401, 0.285), (0.474, 0.347), (0.525, 0.392), (0.576, 0.487),
            (0.625, 0.505), (0.675, 0.564), (0.724, 0.574), (0.776, 0.589), (0.826, 0.704),
            (0.875, 0.774), (0.925, 0.818), (0.977, 0.954), (1.000, 1.000),
        ),
        (
            (0.000, 0.000), (0.083, 0.034), (0.206, 0.136), (0.297, 0.186), (0.397, 0.250),
            (0.499, 0.387), (0.604, 0.458), (0.701, 0.555), (0.772, 0.630), (0.853, 0.845),
            (0.926, 0.920), (0.983, 0.996), (1.000, 1.000),
        ),
    ),
    3: (
        (
            (0.000, 0.000), (0.109, 0.230), (0.236, 0.235), (0.325, 0.264), (0.375, 0.271),
            (0.450, 0.308), (0.525, 0.333), (0.574, 0.356), (0.623, 0.379), (0.674, 0.472),
            (0.744, 0.568), (0.822, 0.654), (0.910, 0.753), (1.000, 1.000),
        ),
        (
            (0.000, 0.000), (0.025, 0.093), (0.077, 0.095), (0.126, 0.125), (0.199, 0.184),
            (0.274, 0.220), (0.323, 0.249), (0.374, 0.284), (0.425, 0.328), (0.475, 0.356),
            (0.524, 0.421), (0.574, 0.463), (0.624, 0.482), (0.674, 0.532), (0.725, 0.588),
            (0.775, 0.591), (0.823, 0.697), (0.875, 0.757), (0.923, 0.871), (0.983, 0.983),
            (1.000, 1.000),
        ),
        (
            (0.000, 0.003), (0.023, 0.043), (0.122, 0.075), (0.247, 0.149), (0.348, 0.227),
            (0.449, 0.266), (0.598, 0.446), (0.747, 0.540), (0.853, 0.696), (0.979, 0.926),
            (1.000, 0.994),
        ),
    ),
    4: (
        (
            (0.000, 0.000), (0.246, 0.335), (0.328, 0.352), (0.437, 0.422), (0.526, 0.445),
            (0.604, 0.493), (0.676, 0.514), (0.724, 0.523), (0.773, 0.538), (0.823, 0.577),
            (0.872, 0.683), (0.923, 0.737), (0.973, 0.860), (1.000, 1.000),
        ),
        (
            (0.000, 0.000), (0.064, 0.132), (0.126, 0.168), (0.202, 0.250), (0.275, 0.277),
            (0.325, 0.312), (0.376, 0.354), (0.424, 0.384), (0.475, 0.416), (0.550, 0.517),
            (0.624, 0.527), (0.674, 0.577), (0.724, 0.602), (0.775, 0.624), (0.825, 0.709),
            (0.875, 0.738), (0.925, 0.804), (0.981, 0.945), (1.000, 0.989),
        ),
        (
            (0.000, 0.000), (0.057, 0.119), (0.175, 0.258), (0.350, 0.379), (0.494, 0.431),
            (0.599, 0.467), (0.701, 0.594), (0.800, 0.743), (0.900, 0.867), (0.987, 0.940),
            (1.000, 1.000),
        ),
    ),
    6: (
        (
            (0.000, 0.000), (0.102, 0.224), (0.238, 0.253), (0.326, 0.299), (0.422, 0.313),
            (0.525, 0.356), (0.575, 0.421), (0.647, 0.490), (0.723, 0.551), (0.773, 0.699),
            (0.845, 0.705), (0.951, 0.851), (1.000, 1.000),
        ),
        (
            (0.000, 0.000), (0.026, 0.120), (0.075, 0.189), (0.124, 0.195), (0.174, 0.205),
            (0.224, 0.271), (0.274, 0.294), (0.323, 0.300), (0.375, 0.305), (0.424, 0.338),
            (0.475, 0.348), (0.544, 0.447), (0.625, 0.511), (0.674, 0.526), (0.748, 0.631),
            (0.822, 0.674), (0.874, 0.746), (0.924, 0.832), (0.983, 0.929), (1.000, 1.000),
        ),
        (
            (0.000, 0.000), (0.023, 0.106), (0.076, 0.214), (0.123, 0.223), (0.173, 0.256),
            (0.224, 0.298), (0.342, 0.361), (0.519, 0.434), (0.671, 0.518), (0.853, 0.758),
            (0.991, 0.950), (1.000, 0.997),
        ),
    ),
}


# fmt: on


def stage(obs: Observation) -> float:
    """The share of the pack still to play: 1 at the deal, 0 at the end."""
    return (sum(obs.hand_sizes) + obs.stock) / len(obs.rules.deck)


def calibrate(chance: float, players: int, left: float, table: Maps = CALIBRATION) -> float:
    """The chance the search gives, as the chance of what happens (``table``:
    :data:`CALIBRATION`), with ``left`` of the pack still to play: straight
    between the two knots around it."""
    maps = table.get(players)
    if maps is None:
        return chance
    knots = maps[min(len(maps) - 1, int((1 - left) * len(maps)))]
    p = min(max(chance, 0.0), 1.0)
    for (x0, y0), (x1, y1) in itertools.pairwise(knots):
        if p <= x1:
            return y0 + (y1 - y0) * (p - x0) / (x1 - x0)
    return p
