"""The arena's statistics against values worked out by hand and in the literature."""

from __future__ import annotations

import math

import pytest

from briscola.lab.stats import elo_difference, elo_from_score, mean_ci, wilson


def test_wilson_known_values() -> None:
    # 8 of 10: the textbook Wilson 95% interval is [0.4902, 0.9433].
    low, high = wilson(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4)
    assert high == pytest.approx(0.9433, abs=1e-4)
    # 0 of 10: [0, 0.2775]; the interval never leaves 0..1.
    low, high = wilson(0, 10)
    assert low == 0.0
    assert high == pytest.approx(0.2775, abs=1e-4)
    assert wilson(10, 10)[1] == pytest.approx(1.0)
    # Symmetric: k of n mirrors n-k of n.
    a, b = wilson(30, 100)
    c, d = wilson(70, 100)
    assert a == pytest.approx(1 - d) and b == pytest.approx(1 - c)


def test_wilson_edges() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson(5, 4)
    with pytest.raises(ValueError):
        wilson(-1, 4)


def test_mean_ci() -> None:
    mean, low, high = mean_ci([1, 2, 3, 4, 5])
    # sd = sqrt(2.5), se = sd / sqrt(5) = 0.7071, half = 1.96 * se = 1.3859
    assert mean == 3
    assert high - mean == pytest.approx(1.3859, abs=1e-4)
    assert mean - low == pytest.approx(1.3859, abs=1e-4)
    assert mean_ci([]) == (0.0, 0.0, 0.0)
    assert mean_ci([7.5]) == (7.5, 7.5, 7.5)


def test_elo_from_score() -> None:
    assert elo_from_score(0.5) == 0
    assert elo_from_score(0.75) == pytest.approx(190.85, abs=0.01)  # 400*log10(3)
    assert elo_from_score(0.25) == pytest.approx(-190.85, abs=0.01)
    assert elo_from_score(1.0) == math.inf
    assert elo_from_score(0.0) == -math.inf
    with pytest.raises(ValueError):
        elo_from_score(1.5)


def test_elo_difference() -> None:
    elo, low, high = elo_difference(60, 0, 40)
    assert elo == pytest.approx(400 * math.log10(1.5), abs=1e-9)  # score 0.6: +70.4
    # Score interval 0.6 +- 1.96 * sqrt(0.24 / 100) = [0.5040, 0.6960].
    assert low == pytest.approx(elo_from_score(0.6 - 1.959963984540054 * math.sqrt(0.0024)))
    assert high == pytest.approx(elo_from_score(0.6 + 1.959963984540054 * math.sqrt(0.0024)))
    assert low == pytest.approx(2.77, abs=0.01)
    # Draws count half: 50 wins, 20 draws, 30 losses score 0.6 too, with less spread.
    elo2, low2, high2 = elo_difference(50, 20, 30)
    assert elo2 == pytest.approx(elo)
    assert low2 > low and high2 < high
    assert elo_difference(0, 0, 0) == (0.0, -math.inf, math.inf)
    assert elo_difference(10, 0, 0)[0] == math.inf
    with pytest.raises(ValueError):
        elo_difference(-1, 0, 0)
