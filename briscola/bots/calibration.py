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
# mapped.  The map keeps the order of the cards: the choice is unchanged.  Fitted on
# seeds 11 and 12, checked on seed 13 (the check, its table and command, in
# docs/strength.md); this table is what prints, under nice (about 45 minutes):
#   for s in 11 12; do for n in 2 3 4 6; do r=300; [ $n = 3 -o $n = 6 ] && r=200
#     briscola bench --calibration $n --rounds $r --samples 200 --seed $s --raw --json \
#       > raw$n-$s.json; done; done
#   python benchmarks/calibration_fit.py --fit raw*-11.json raw*-12.json
# fmt: off
CALIBRATION: Maps = {
    2: (
        (
            (0.000, 0.000), (0.335, 0.343), (0.459, 0.431), (0.526, 0.440), (0.576, 0.494),
            (0.627, 0.525), (0.705, 0.555), (0.775, 0.585), (0.824, 0.614), (0.873, 0.676),
            (0.922, 0.737), (0.972, 0.870), (1.000, 1.000),
        ),
        (
            (0.000, 0.000), (0.136, 0.090), (0.227, 0.124), (0.275, 0.162), (0.326, 0.251),
            (0.402, 0.284), (0.502, 0.389), (0.599, 0.511), (0.676, 0.545), (0.724, 0.548),
            (0.775, 0.586), (0.825, 0.699), (0.875, 0.776), (0.925, 0.830), (0.977, 0.956),
            (1.000, 1.000),
        ),
        (
            (0.000, 0.000), (0.104, 0.068), (0.253, 0.107), (0.351, 0.265), (0.450, 0.297),
            (0.551, 0.444), (0.650, 0.491), (0.751, 0.584), (0.854, 0.887), (0.962, 0.971),
            (1.000, 1.000),
        ),
    ),
    3: (
        (
            (0.000, 0.000), (0.149, 0.172), (0.255, 0.226), (0.352, 0.242), (0.426, 0.297),
            (0.473, 0.299), (0.526, 0.343), (0.575, 0.360), (0.623, 0.393), (0.674, 0.490),
            (0.762, 0.585), (0.906, 0.788), (1.000, 1.000),
        ),
        (
            (0.000, 0.000), (0.024, 0.048), (0.077, 0.074), (0.125, 0.130), (0.200, 0.170),
            (0.275, 0.208), (0.324, 0.232), (0.375, 0.241), (0.425, 0.329), (0.476, 0.359),
            (0.526, 0.437), (0.598, 0.471), (0.674, 0.583), (0.725, 0.587), (0.794, 0.653),
            (0.904, 0.828), (0.984, 0.974), (1.000, 1.000),
        ),
        (
            (0.000, 0.004), (0.022, 0.040), (0.097, 0.071), (0.197, 0.111), (0.298, 0.179),
            (0.429, 0.244), (0.643, 0.474), (0.884, 0.748), (0.992, 0.942), (1.000, 0.993),
        ),
    ),
    4: (
        (
            (0.000, 0.000), (0.247, 0.355), (0.359, 0.406), (0.426, 0.437), (0.477, 0.440),
            (0.526, 0.446), (0.604, 0.496), (0.675, 0.539), (0.724, 0.549), (0.773, 0.554),
            (0.824, 0.592), (0.873, 0.670), (0.924, 0.739), (0.974, 0.860), (1.000, 1.000),
        ),
        (
            (0.000, 0.000), (0.064, 0.096), (0.160, 0.237), (0.224, 0.270), (0.276, 0.298),
            (0.324, 0.341), (0.375, 0.377), (0.423, 0.417), (0.475, 0.425), (0.525, 0.524),
            (0.575, 0.534), (0.625, 0.560), (0.675, 0.615), (0.725, 0.629), (0.775, 0.631),
            (0.852, 0.703), (0.925, 0.790), (0.981, 0.932), (1.000, 0.996),
        ),
        (
            (0.000, 0.000), (0.088, 0.167), (0.201, 0.246), (0.302, 0.369), (0.398, 0.395),
            (0.495, 0.466), (0.622, 0.538), (0.773, 0.692), (0.950, 0.916), (1.000, 1.000),
        ),
    ),
    6: (
        (
            (0.000, 0.000), (0.105, 0.221), (0.176, 0.259), (0.281, 0.268), (0.422, 0.311),
            (0.525, 0.374), (0.575, 0.436), (0.648, 0.509), (0.723, 0.549), (0.792, 0.659),
            (0.925, 0.793), (1.000, 1.000),
        ),
        (
            (0.000, 0.000), (0.027, 0.107), (0.100, 0.196), (0.173, 0.206), (0.247, 0.276),
            (0.323, 0.305), (0.401, 0.344), (0.475, 0.350), (0.522, 0.443), (0.599, 0.473),
            (0.673, 0.515), (0.749, 0.647), (0.847, 0.713), (0.975, 0.921), (1.000, 1.000),
        ),
        (
            (0.000, 0.000), (0.046, 0.159), (0.148, 0.237), (0.241, 0.307), (0.373, 0.408),
            (0.575, 0.410), (0.825, 0.750), (0.992, 0.978), (1.000, 0.995),
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
