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
    "bradley_terry",
    "elo_difference",
    "elo_from_score",
    "los",
    "mean_ci",
    "paired_elo",
    "paired_los",
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


def los(wins: int, losses: int) -> float:
    """The likelihood of superiority: how likely the first side is the stronger one,
    from its wins and losses (draws say nothing of it), as cutechess computes it:
    1/2 (1 + erf((W - L) / sqrt(2 (W + L)))).  No decisive match gives 1/2."""
    if min(wins, losses) < 0:
        raise ValueError(f"counts must not be negative: {wins}, {losses}")
    if wins + losses == 0:
        return 0.5
    return 0.5 * (1.0 + math.erf((wins - losses) / math.sqrt(2.0 * (wins + losses))))


def paired_los(counts: Sequence[int]) -> float:
    """The likelihood of superiority from pentanomial counts (fastchess's): the normal
    chance that the mean pair score is above a half, the pair being the unit of the
    spread.  No pairs give 1/2; pairs that all scored alike give 1, 1/2 or 0."""
    if len(counts) != 5 or min(counts) < 0:
        raise ValueError(f"need five counts, none negative, got {list(counts)}")
    n = sum(counts)
    if n == 0:
        return 0.5
    score = math.fsum(c * x for c, x in zip(counts, PAIR_SCORES, strict=True)) / n
    var = math.fsum(c * (x - score) ** 2 for c, x in zip(counts, PAIR_SCORES, strict=True)) / n
    if var == 0:
        return 1.0 if score > 0.5 else 0.0 if score < 0.5 else 0.5
    return 0.5 * (1.0 + math.erf((score - 0.5) / math.sqrt(2.0 * var / n)))


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


def bradley_terry(
    k: int,
    games: Sequence[tuple[int, int, float, int]],
    anchor: int = 0,
    prior: float = 1.0,
    z: float = Z95,
) -> list[tuple[float, float, float]]:
    """Ratings of ``k`` players by maximum likelihood (Bradley-Terry on the Elo scale,
    a draw counting half): ``games`` are (i, j, score of i, matches) per pairing.
    Each rating is (elo, low, high) against ``anchor`` (0 by definition), with a 95%
    interval from the Fisher information, matches taken as independent.

    ``prior`` adds that many drawn matches to every pairing played, so that a player
    who won or lost everything still has a finite rating; 0 for none.
    """
    n = [[0.0] * k for _ in range(k)]
    wins = [0.0] * k  # each player's score over all its matches
    for i, j, score, matches in games:
        if not (0 <= i < k and 0 <= j < k and i != j and 0 <= score <= matches):
            raise ValueError(f"bad pairing {i} vs {j}: {score} of {matches}")
        extra = prior if matches else 0.0
        n[i][j] += matches + extra
        n[j][i] += matches + extra
        wins[i] += score + extra / 2
        wins[j] += matches - score + extra / 2
    gamma = [1.0] * k
    for _ in range(100_000):  # Hunter's MM steps: each raises the likelihood
        new = [
            wins[i] / s
            if (s := sum(n[i][j] / (gamma[i] + gamma[j]) for j in range(k) if n[i][j]))
            else 1.0
            for i in range(k)
        ]
        new = [max(g, 1e-300) for g in new]
        scale = new[anchor]
        new = [g / scale for g in new]
        done = max(abs(math.log(a / b)) for a, b in zip(new, gamma, strict=True)) < 1e-12
        gamma = new
        if done:
            break
    theta = [math.log(g) for g in gamma]
    # The Fisher information of the log-strengths, the anchor's row and column left out.
    rest = [i for i in range(k) if i != anchor]
    info = [[0.0] * len(rest) for _ in rest]
    for a, i in enumerate(rest):
        for j in range(k):
            if j == i or not n[i][j]:
                continue
            p = 1.0 / (1.0 + math.exp(theta[j] - theta[i]))
            w = n[i][j] * p * (1 - p)
            info[a][a] += w
            if j != anchor:
                info[a][rest.index(j)] -= w
    cov = _inverse(info)
    to_elo = 400.0 / math.log(10.0)
    out = []
    for i in range(k):
        elo = theta[i] * to_elo
        if i == anchor:
            out.append((0.0, 0.0, 0.0))
            continue
        var = cov[rest.index(i)][rest.index(i)] if cov is not None else math.inf
        half = z * math.sqrt(var) * to_elo if math.isfinite(var) and var >= 0 else math.inf
        out.append((elo, elo - half, elo + half))
    return out


def _inverse(m: list[list[float]]) -> list[list[float]] | None:
    """Gauss-Jordan with partial pivoting; None when singular (a player never linked)."""
    size = len(m)
    a = [row[:] + [float(r == c) for c in range(size)] for r, row in enumerate(m)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-12:
            return None
        a[col], a[pivot] = a[pivot], a[col]
        lead = a[col][col]
        a[col] = [x / lead for x in a[col]]
        for r in range(size):
            if r != col and a[r][col]:
                f = a[r][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col], strict=True)]
    return [row[size:] for row in a]
