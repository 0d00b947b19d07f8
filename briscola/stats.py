"""Honest statistics for the arena: Wilson intervals, means with intervals, Elo,
and the paired (pentanomial) model of duplicate deals.

Floor 7 (beside the arena); it imports nothing of the project.  Every
interval is a two-sided 95% interval (z = 1.96, the normal approximation).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = [
    "PAIR_SCORES",
    "Z95",
    "elo_difference",
    "elo_from_score",
    "mean_ci",
    "paired_elo",
    "pentanomial",
    "score_from_elo",
    "wilson",
]

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


def score_from_elo(elo: float) -> float:
    """The expected score (0..1) of an Elo difference: the logistic curve."""
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


# A deal played twice (once from each side's seats) scores 0, 1/2, 1, 3/2 or 2 for a
# side; as a share of the pair's two matches:
PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)


def pentanomial(pair_scores: Sequence[float]) -> list[int]:
    """How many pairs scored 0, 1/2, 1, 3/2 and 2 (a side's points over its two
    matches of one deal, a draw counting half)."""
    counts = [0] * 5
    for score in pair_scores:
        slot = score * 2
        if slot != int(slot) or not 0 <= slot <= 4:
            raise ValueError(f"a pair scores 0, 0.5, 1, 1.5 or 2, got {score}")
        counts[int(slot)] += 1
    return counts


def paired_elo(counts: Sequence[int], z: float = Z95) -> tuple[float, float, float]:
    """(elo, low, high) from pentanomial counts: the pair is the unit of the spread,
    so the luck of the cards, the same for both matches of a deal, stays out of it.

    The mean share of the pair scores gets a normal interval from their variance;
    its ends are turned into Elo.  No pairs give (0, -inf, inf).
    """
    if len(counts) != 5 or min(counts) < 0:
        raise ValueError(f"need five counts, none negative, got {list(counts)}")
    n = sum(counts)
    if n == 0:
        return (0.0, -math.inf, math.inf)
    score = math.fsum(c * x for c, x in zip(counts, PAIR_SCORES, strict=True)) / n
    var = math.fsum(c * (x - score) ** 2 for c, x in zip(counts, PAIR_SCORES, strict=True)) / n
    half = z * math.sqrt(var / n)
    low = max(0.0, score - half)
    high = min(1.0, score + half)
    return (elo_from_score(score), elo_from_score(low), elo_from_score(high))
