"""Paired statistics of duplicate deals and the SPRT: hand-computed values,
invariants, and the error rates of a seeded simulation."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from briscola.lab.sprt import Sprt, SprtError, _most_likely, parse_sprt, simulate
from briscola.lab.stats import (
    PAIR_SCORES,
    elo_difference,
    paired_elo,
    pentanomial,
    score_from_elo,
)

COUNTS = st.lists(st.integers(0, 500), min_size=5, max_size=5).filter(lambda c: sum(c) > 0)


def test_pentanomial_counts_the_pair_scores() -> None:
    assert pentanomial([0, 0.5, 1, 1, 1.5, 2, 2, 2]) == [1, 1, 2, 1, 3]
    assert pentanomial([]) == [0, 0, 0, 0, 0]
    for bad in (0.25, 2.5, -0.5):
        with pytest.raises(ValueError, match="a pair scores"):
            pentanomial([bad])


def test_paired_elo_by_hand() -> None:
    # [1, 2, 4, 2, 1]: mean share 0.5, variance (2 * 0.25 + 4 * 0.0625) / 10 = 0.075,
    # half width 1.96 * sqrt(0.075 / 10) = 0.16974; Elo at 0.33026 is -122.8.
    elo, low, high = paired_elo([1, 2, 4, 2, 1])
    assert elo == 0.0
    assert low == pytest.approx(-122.8, abs=0.1) and high == pytest.approx(122.8, abs=0.1)
    # [0, 0, 5, 0, 18]: share 20.5 / 23 = 0.89130, Elo -400 log10(1 / 0.8913 - 1) = +365.5.
    elo, low, high = paired_elo([0, 0, 5, 0, 18])
    assert elo == pytest.approx(365.5, abs=0.1)
    assert low < elo < high
    assert paired_elo([0, 0, 0, 0, 0]) == (0.0, -math.inf, math.inf)
    assert paired_elo([0, 0, 0, 0, 7])[0] == math.inf
    for bad in ([1, 2, 3], [1, -1, 0, 0, 0]):
        with pytest.raises(ValueError, match="five counts"):
            paired_elo(bad)


def test_pairs_keep_the_cards_luck_out_of_the_interval() -> None:
    """Ten deals each won once from either side's seats: by the match it is a coin
    toss over 20 matches; by the pair every deal says the same, a difference of 0."""
    assert paired_elo([0, 0, 10, 0, 0]) == (0.0, 0.0, 0.0)
    elo, low, high = elo_difference(10, 0, 10)
    assert elo == 0.0 and high - low > 300


@given(COUNTS)
def test_paired_elo_is_symmetric_and_inside_its_interval(counts: list[int]) -> None:
    elo, low, high = paired_elo(counts)
    melo, mlow, mhigh = paired_elo(counts[::-1])
    assert low <= elo <= high
    assert melo == pytest.approx(-elo) or math.isinf(elo)
    assert (mlow, mhigh) == pytest.approx((-high, -low)) or math.isinf(low) or math.isinf(high)


def test_sprt_bounds_and_parsing() -> None:
    t = parse_sprt(["elo0=0", "elo1=10"])
    assert (t.elo0, t.elo1, t.alpha, t.beta) == (0, 10, 0.05, 0.05)
    assert t.lower == pytest.approx(-2.944439, abs=1e-6)  # log(0.05 / 0.95)
    assert t.upper == pytest.approx(2.944439, abs=1e-6)
    t = parse_sprt(["elo1=5", "elo0=-5", "alpha=0.1", "beta=0.2"])
    assert t.lower == pytest.approx(math.log(0.2 / 0.9)) and t.upper == pytest.approx(math.log(8))
    for items, words in [
        (["elo0=0"], "needs elo1"),
        (["elo0=0", "elo1=x"], "must be a number"),
        (["elo0=0", "elo1=nan"], "finite"),
        (["elo0=0", "elo1=10", "gamma=1"], "bad --sprt item"),
        (["elo0=0", "elo1"], "bad --sprt item"),
        (["elo0=0", "elo1=10", "elo1=5"], "twice"),
        (["elo0=10", "elo1=0"], "elo1 above elo0"),
        (["elo0=0", "elo1=10", "alpha=0.6"], "below 0.5"),
        (["elo0=0", "elo1=5000"], "-1000..1000"),
    ]:
        with pytest.raises(SprtError, match=words):
            parse_sprt(items)


def test_the_most_likely_distribution_has_the_hypothesis_mean() -> None:
    q = [0.1, 0.2, 0.3, 0.25, 0.15]
    for elo in (-100, 0, 35, 200):
        p = _most_likely(q, score_from_elo(elo))
        assert math.fsum(p) == pytest.approx(1.0)
        mean = math.fsum(pi * a for pi, a in zip(p, PAIR_SCORES, strict=True))
        assert mean == pytest.approx(score_from_elo(elo), abs=1e-9)
    observed = math.fsum(qi * a for qi, a in zip(q, PAIR_SCORES, strict=True))
    assert _most_likely(q, observed) == pytest.approx(q)  # already fits: unchanged


def test_llr_by_hand_and_against_the_normal_approximation() -> None:
    t = Sprt(0, 10)
    assert t.llr([0, 0, 0, 0, 0]) == 0.0
    # The LLR is n * sum q log(p1 / p0), here worked out from the two distributions.
    counts = [100, 300, 900, 350, 110]
    n = sum(counts)
    q = [c / n for c in counts]
    p0, p1 = _most_likely(q, 0.5), _most_likely(q, score_from_elo(10))
    by_hand = n * sum(a * math.log(b / c) for a, b, c in zip(q, p1, p0, strict=True))
    assert t.llr(counts) == pytest.approx(by_hand)
    # Large samples: close to n (s1 - s0)(2 s - s0 - s1) / (2 var).
    s = sum(c * a for c, a in zip(counts, PAIR_SCORES, strict=True)) / n
    var = sum(c * (a - s) ** 2 for c, a in zip(counts, PAIR_SCORES, strict=True)) / n
    s0, s1 = 0.5, score_from_elo(10)
    assert t.llr(counts) == pytest.approx(n * (s1 - s0) * (2 * s - s0 - s1) / (2 * var), rel=0.01)
    assert t.verdict(3.0) == "H1" and t.verdict(-3.0) == "H0" and t.verdict(0.0) is None


@given(COUNTS, st.integers(-200, 200), st.integers(1, 100))
def test_llr_mirrors(counts: list[int], elo0: int, width: int) -> None:
    """Reversed counts with the hypotheses mirrored give the opposite LLR."""
    here = Sprt(elo0, elo0 + width).llr(counts)
    there = Sprt(-elo0 - width, -elo0).llr(counts[::-1])
    assert there == pytest.approx(-here, rel=1e-6, abs=1e-6)


def shares(elo: float, luck: float = 0.3) -> list[float]:
    """Pentanomial shares whose mean is the score of ``elo``: a share ``luck`` of the
    deals goes to whoever sits in the lucky seat (one win each, a pair score of 1),
    the rest are two independent matches won with the probability that makes up
    the mean."""
    w = (score_from_elo(elo) - luck / 2) / (1 - luck)
    two = [(1 - w) ** 2, 0.0, 2 * w * (1 - w), 0.0, w * w]
    out = [(1 - luck) * x for x in two]
    out[2] += luck
    return out


def test_the_simulated_shares_have_the_mean_of_their_elo() -> None:
    for elo in (0, 60, 200):
        mean = math.fsum(x * a for x, a in zip(shares(elo), PAIR_SCORES, strict=True))
        assert mean == pytest.approx(score_from_elo(elo))
        assert paired_elo([round(x * 10**6) for x in shares(elo)])[0] == pytest.approx(
            elo, abs=0.01
        )


@pytest.mark.parametrize(
    ("true_elo", "wrong"),
    [(0.0, "H1"), (60.0, "H0")],
)
@pytest.mark.no_cover  # see CONTRIBUTING.md, Tests: run untraced
def test_simulated_error_rates_stay_within_alpha_and_beta(true_elo: float, wrong: str) -> None:
    """200 seeded tests of elo0=0 against elo1=60 (alpha = beta = 0.05): at the true
    Elo of one hypothesis, the other is accepted about 5% of the time or less."""
    t = Sprt(0, 60)
    rng = random.Random(13)
    runs = [simulate(t, shares(true_elo), rng) for _ in range(200)]
    verdicts = [v for v, _ in runs]
    assert None not in verdicts
    rate = verdicts.count(wrong) / len(runs)
    # Nominal 0.05 (0.045 with this seed): within about two standard errors, and the
    # test is not so cautious that it never errs.
    assert 0.01 <= rate <= 0.08, rate


def test_a_clear_difference_is_found_quickly() -> None:
    rng = random.Random(5)
    runs = [simulate(Sprt(0, 60), shares(200), rng) for _ in range(50)]
    assert all(v == "H1" for v, _ in runs)
    assert sum(n for _, n in runs) / len(runs) < 60
    assert simulate(Sprt(0, 10), shares(5), random.Random(1), max_pairs=3) == (None, 3)
