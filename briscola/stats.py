"""Honest statistics for the arena: Wilson intervals, means with intervals, Elo.

Floor 7 (beside the arena); it imports nothing of the project.  Every
interval is a two-sided 95% interval (z = 1.96, the normal approximation).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["Z95", "elo_difference", "elo_from_score", "mean_ci", "wilson"]

Z95 = 1.959963984540054  # the 97.5% quantile of the standard normal


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion; (0, 1) when there are no trials."""
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes} of {trials}")
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denom = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """(mean, low, high): the sample mean and its normal 95% interval.

    One value gives a zero-width interval at that value; none gives zeros.
    """
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = math.fsum(values) / n
    if n == 1:
        return (mean, mean, mean)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def elo_from_score(score: float) -> float:
    """The Elo difference that expects ``score`` (0..1); infinite at 0 and 1."""
    if not 0.0 <= score <= 1.0:
        raise ValueError(f"a score is a share 0..1, got {score}")
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def elo_difference(
    wins: int, draws: int, losses: int, z: float = Z95
) -> tuple[float, float, float]:
    """(elo, low, high): the Elo difference implied by a win/draw/loss count.

    The score (a draw counts half) gets a normal interval from the spread of
    the per-match scores; its ends are turned into Elo.  Ends at a score of 0
    or 1 are infinite.  No matches give (0, -inf, inf).
    """
    n = wins + draws + losses
    if min(wins, draws, losses) < 0:
        raise ValueError(f"counts must not be negative: {wins}, {draws}, {losses}")
    if n == 0:
        return (0.0, -math.inf, math.inf)
    score = (wins + 0.5 * draws) / n
    var = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score**2) / n
    half = z * math.sqrt(var / n)
    low = max(0.0, score - half)
    high = min(1.0, score + half)
    return (elo_from_score(score), elo_from_score(low), elo_from_score(high))
