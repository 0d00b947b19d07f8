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

# The search's chances are too high in the middle and right at the ends: in its samples
# the other side plays by the greedy rules and ours knows the sample.  What it says is
# mapped, by table size and stage of the round (:func:`stage`), to what happens:
# straight between knots that rise, fitted by isotonic regression over bins of the
# search's chances (lab/calibration.py `fit`).  Exact chances are not mapped.  The map
# keeps the order of the cards: the choice is unchanged.  Fitted on other seeds than it
# is checked on (the check, its table and command, in docs/strength.md) by
#   for n in 2 4; do nice -n 19 briscola bench --calibration $n --rounds 300 \
#       --samples 200 --seed 11 --raw --json > fit$n.json; done
#   for n in 3 6; do ... --rounds 200 ...; done
#   python benchmarks/calibration_fit.py --fit fit2.json fit3.json fit4.json fit6.json
# which prints this table.
# fmt: off
CALIBRATION: Maps = {
    2: (
        (
            (0.000, 0.000), (0.414, 0.384), (0.525, 0.452), (0.577, 0.470), (0.626, 0.483),
            (0.706, 0.554), (0.775, 0.616), (0.825, 0.620), (0.873, 0.699), (0.922, 0.772),
            (0.971, 0.839), (1.000, 1.000),
        ),
        (
            (0.000, 0.000), (0.127, 0.089), (0.253, 0.148), (0.379, 0.307), (0.473, 0.341),
            (0.525, 0.381), (0.577, 0.497), (0.624, 0.516), (0.701, 0.573), (0.775, 0.603),
            (0.826, 0.706), (0.874, 0.722), (0.924, 0.818), (0.982, 0.973), (1.000, 1.000),
        ),
        (
            (0.000, 0.000), (0.071, 0.040), (0.319, 0.239), (0.564, 0.438), (0.749, 0.597),
            (0.959, 0.973), (1.000, 1.000),
        ),
    ),
    3: (
        (
            (0.000, 0.000), (0.147, 0.118), (0.255, 0.168), (0.351, 0.171), (0.452, 0.261),
            (0.525, 0.356), (0.575, 0.389), (0.643, 0.464), (0.802, 0.626), (1.000, 1.000),
        ),
        (
            (0.000, 0.000), (0.051, 0.063), (0.179, 0.126), (0.275, 0.154), (0.321, 0.186),
            (0.376, 0.214), (0.425, 0.350), (0.498, 0.382), (0.602, 0.412), (0.722, 0.577),
            (0.918, 0.872), (1.000, 1.000),
        ),
        (
            (0.000, 0.000), (0.002, 0.002), (0.119, 0.062), (0.284, 0.112), (0.546, 0.359),
            (0.954, 0.890), (1.000, 1.000),
        ),
    ),
    4: (
        (
            (0.000, 0.000), (0.324, 0.377), (0.427, 0.450), (0.502, 0.477), (0.577, 0.498),
            (0.626, 0.505), (0.675, 0.547), (0.724, 0.555), (0.772, 0.579), (0.824, 0.600),
            (0.873, 0.637), (0.941, 0.809), (1.000, 1.000),
        ),
        (
            (0.000, 0.000), (0.065, 0.057), (0.202, 0.296), (0.276, 0.302), (0.324, 0.343),
            (0.375, 0.372), (0.424, 0.449), (0.476, 0.461), (0.525, 0.527), (0.575, 0.561),
            (0.626, 0.603), (0.725, 0.631), (0.851, 0.707), (0.926, 0.803), (0.989, 0.964),
            (1.000, 1.000),
        ),
        (
            (0.000, 0.000), (0.015, 0.009), (0.206, 0.296), (0.401, 0.422), (0.629, 0.563),
            (0.935, 0.902), (1.000, 1.000),
        ),
    ),
    6: (
        (
            (0.000, 0.000), (0.244, 0.275), (0.422, 0.314), (0.524, 0.361), (0.593, 0.447),
            (0.693, 0.496), (0.855, 0.721), (1.000, 1.000),
        ),
        (
            (0.000, 0.000), (0.016, 0.069), (0.076, 0.207), (0.123, 0.224), (0.199, 0.234),
            (0.271, 0.257), (0.347, 0.301), (0.445, 0.385), (0.544, 0.448), (0.671, 0.521),
            (0.825, 0.723), (0.974, 0.927), (1.000, 1.000),
        ),
        (
            (0.000, 0.000), (0.003, 0.017), (0.122, 0.246), (0.307, 0.374), (0.657, 0.505),
            (0.992, 0.988), (1.000, 1.000),
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
