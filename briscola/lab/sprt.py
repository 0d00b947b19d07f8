"""The sequential probability ratio test of ``briscola arena --sprt``.

Floor 7 (beside the arena).  The test is the generalized SPRT on the
pentanomial counts of duplicate deal pairs, the model fishtest uses for
paired openings: under each hypothesis (an Elo difference, logistic: a
score of ``1 / (1 + 10^(-elo/400))``) take the most likely distribution of
the five pair scores whose mean is that score; the log-likelihood ratio is
the counts' log-likelihood under H1's distribution minus that under H0's.
Play goes on while it lies between Wald's bounds ``log(beta / (1 - alpha))``
and ``log((1 - beta) / alpha)``; H0 is accepted below, H1 above.  No overshoot
correction: the real error rates come out a little below alpha and beta.

The constrained maximum has a closed form up to one number (Lagrange): with
``q`` the observed shares and ``d_i = a_i - s`` the pair scores' distance from
the hypothesis's score, ``p_i = q_i / (1 + lam * d_i)``, where ``lam`` makes the
``p_i`` sum to one; it is found by bisection.  Outcomes never seen count as
1e-3 of a pair, so that every hypothesis has a distribution that fits.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from .stats import PAIR_SCORES, score_from_elo

__all__ = ["Sprt", "SprtError", "parse_sprt", "simulate"]

UNSEEN = 1e-3  # pairs an outcome never seen counts as


class SprtError(ValueError):
    """A --sprt argument that cannot be used."""


@dataclass(frozen=True)
class Sprt:
    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05

    @property
    def lower(self) -> float:
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        return math.log((1 - self.beta) / self.alpha)

    def llr(self, counts: Sequence[int]) -> float:
        """The log-likelihood ratio of H1 against H0 for pentanomial ``counts``."""
        n = sum(counts)
        if n == 0:
            return 0.0
        seen = [c if c > 0 else UNSEEN for c in counts]
        total = math.fsum(seen)
        q = [c / total for c in seen]
        p0 = _most_likely(q, score_from_elo(self.elo0))
        p1 = _most_likely(q, score_from_elo(self.elo1))
        return n * math.fsum(
            qi * (math.log(b) - math.log(a)) for qi, a, b in zip(q, p0, p1, strict=True)
        )

    def verdict(self, llr: float) -> str | None:
        """ "H1" at or above the upper bound, "H0" at or below the lower, else None."""
        if llr >= self.upper:
            return "H1"
        if llr <= self.lower:
            return "H0"
        return None

    def to_json(self) -> dict[str, float]:
        return {
            "elo0": self.elo0,
            "elo1": self.elo1,
            "alpha": self.alpha,
            "beta": self.beta,
            "lower": self.lower,
            "upper": self.upper,
        }


def _most_likely(q: Sequence[float], score: float) -> list[float]:
    """The distribution nearest ``q`` (most likely for counts in those shares) whose
    mean pair score is ``score``; 0 < score < 1."""
    d = [a - score for a in PAIR_SCORES]
    # 1 + lam * d_i > 0 for every i: lam between -1 / max(d) and -1 / min(d).
    low, high = -1 / max(d), -1 / min(d)
    # The root of excess(lam) = sum q_i d_i / (1 + lam d_i), which falls in lam: Newton's
    # steps from 0 (a handful, where halving took fifty), halving when a step would
    # leave the bracket; the SPRT asks this twice for every deal pair.
    lam = 0.0
    for _ in range(200):
        terms = [di / (1 + lam * di) for di in d]
        excess = math.fsum(qi * t for qi, t in zip(q, terms, strict=True))
        if excess > 0:
            low = lam
        else:
            high = lam
        slope = -math.fsum(qi * t * t for qi, t in zip(q, terms, strict=True))
        step = lam - excess / slope if slope < 0 else (low + high) / 2
        if not low < step < high:
            step = (low + high) / 2
        if abs(step - lam) < 1e-15 or high - low < 1e-13:
            lam = step
            break
        lam = step
    p = [qi / (1 + lam * di) for qi, di in zip(q, d, strict=True)]
    total = math.fsum(p)
    return [x / total for x in p]


def parse_sprt(items: Sequence[str]) -> Sprt:
    """``elo0=0 elo1=10 [alpha=0.05 beta=0.05]``, with clear errors."""
    values: dict[str, float] = {}
    for item in items:
        key, eq, text = item.partition("=")
        if not eq or key not in ("elo0", "elo1", "alpha", "beta"):
            raise SprtError(
                f"bad --sprt item {item!r}; expected elo0=N elo1=N, and optionally alpha=P beta=P"
            )
        if key in values:
            raise SprtError(f"--sprt gives {key} twice")
        try:
            value = float(text)
        except ValueError:
            raise SprtError(f"--sprt {key} must be a number, got {text!r}") from None
        if not math.isfinite(value):
            raise SprtError(f"--sprt {key} must be a finite number, got {text!r}")
        values[key] = value
    missing = [k for k in ("elo0", "elo1") if k not in values]
    if missing:
        raise SprtError(f"--sprt needs {' and '.join(missing)} (e.g. --sprt elo0=0 elo1=10)")
    for key in ("alpha", "beta"):
        if key in values and not 0 < values[key] < 0.5:
            raise SprtError(f"--sprt {key} must be above 0 and below 0.5, got {values[key]}")
    if values["elo1"] <= values["elo0"]:
        raise SprtError(f"--sprt needs elo1 above elo0, got {values['elo0']} and {values['elo1']}")
    for key in ("elo0", "elo1"):
        if abs(values[key]) > 1000:
            raise SprtError(f"--sprt {key} must lie within -1000..1000, got {values[key]}")
    return Sprt(**values)


def simulate(
    sprt: Sprt, shares: Sequence[float], rng: random.Random, max_pairs: int = 100_000
) -> tuple[str | None, int]:
    """One test on pairs drawn from the pentanomial distribution ``shares``: the
    verdict and the pairs it took (for the tests of the error rates, and the
    figures)."""
    counts = [0] * 5
    slots = range(5)
    for n in range(1, max_pairs + 1):
        counts[rng.choices(slots, shares)[0]] += 1
        verdict = sprt.verdict(sprt.llr(counts))
        if verdict is not None:
            return verdict, n
    return None, max_pairs
