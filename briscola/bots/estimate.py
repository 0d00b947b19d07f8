"""The estimate of every legal action over samples: the expert's, hint's and review's.

Floor 5 (bots).  :func:`estimate` draws samples (deals of the cards a seat
cannot see), plays every legal action's line on each (common random numbers:
every sample meets every line), and finishes the round by a greedy
:func:`~briscola.bots.playout.playout` or, once few enough cards are left with
two sides, by the exact solver.  Each action gets an :class:`Estimate`: the mean
value (:func:`sample_value`: the point margin, plus any bonus for a won round),
the chances of the round won or drawn, and of the match (:func:`match_chances`).
:class:`Estimates` keeps the per-sample results, to tell a real difference from
the noise of sampling (:meth:`Estimates.close`).

Who is the other side?  In each sample it is either the greedy player (its
playout moves are greedy's, its solved moves its best:
:func:`~briscola.bots.solver.solve`) or a random player (its moves at random,
its solved moves an expectation); our own side always plays greedy.  The
:class:`Search`'s ``noise`` is the share of samples with a random player; in
such a sample every line meets the same random choices, for a fair comparison.
With ``evidence`` (:mod:`briscola.bots.inference`) each greedy sample counts by
how well it explains the other side's recent cards.

The brisca exchange is an action like any card: after it the same seat plays
a card, so the exchange scores as its best follow-up on each sample.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from random import Random

from ..engine.cards import Card
from ..engine.game import EXCHANGE, Action
from .inference import Evidence
from .playout import _RNG, greedy_policy, playout
from .solver import Position, solve

__all__ = [
    "Estimate",
    "Estimates",
    "Search",
    "estimate",
    "evaluate",
    "match_chances",
    "outcome",
    "sample_value",
]

WIN_BONUS = 0  # points of margin a won round is worth, where nothing else is said
SOLVE_CARDS = 8  # solve a 2-side sample exactly from this many cards left (the last draw too)
EXPECT_CARDS = 6  # and against random play (an exhaustive search) from at most this many
NOISE = 0.0  # share of samples in which the other side plays at random (without adapt)
# Samples whose playouts go to the search's ``playouts`` at once: few calls (each card
# costs one call for the whole batch), yet the budget's clock is asked between them.
PLAYOUT_BATCH = 100


def sample_value(score: list[int], side: int, win_bonus: float = WIN_BONUS) -> float:
    """How good a finished round is for ``side``: its margin over the best other
    side, plus ``win_bonus`` for a won round (minus it for a lost one)."""
    mine = score[side]
    other = max(s for i, s in enumerate(score) if i != side)
    margin = mine - other
    bonus = win_bonus if margin > 0 else -win_bonus if margin < 0 else 0
    return margin + bonus


def outcome(score: Sequence[int]) -> int:
    """The side that won a finished round with ``score``, or -1 for a drawn round
    (a tie for the highest total)."""
    top = max(score)
    return score.index(top) if score.count(top) == 1 else -1


def match_chances(rounds_won: Sequence[int], target: int) -> list[list[float]]:
    """For each way this round can end (a side wins it, or ``-1``: drawn, the
    last entry), the chance the match is then won by side 0..: a list of
    lists indexed [result][side].  Later rounds are taken as even between
    the sides (each wins one with the same chance; nothing better is known)."""
    sides = len(rounds_won)
    memo: dict[tuple[int, ...], tuple[float, ...]] = {}

    def chances(won: tuple[int, ...]) -> tuple[float, ...]:
        for i, w in enumerate(won):
            if w >= target:
                return tuple(1.0 if j == i else 0.0 for j in range(sides))
        got = memo.get(won)
        if got is None:
            got = tuple(
                sum(chances((*won[:k], won[k] + 1, *won[k + 1 :]))[j] for k in range(sides)) / sides
                for j in range(sides)
            )
            memo[won] = got
        return got

    now = tuple(rounds_won)
    out: list[list[float]] = []
    for result in [*range(sides), -1]:
        after = now if result < 0 else (*now[:result], now[result] + 1, *now[result + 1 :])
        out.append(list(chances(after)))
    return out


@dataclass(frozen=True, slots=True)
class Estimate:
    """What the samples say of one action: ``value``, the mean of
    :func:`sample_value` (the expected point margin of the round, plus any
    bonus); ``win`` and ``draw``, the chances the round ends won or drawn;
    ``match``, the chance of winning the match (with later rounds even)."""

    value: float
    win: float
    draw: float
    match: float


@dataclass(slots=True)
class Estimates:
    """Every root action's :class:`Estimate` (by its best line: an exchange is
    scored by its best follow-up), and per sample the chance of winning the
    match with each line, for telling a real difference of chance from the
    noise of sampling (:meth:`close`)."""

    by_action: dict[Action, Estimate]
    line_of: dict[Action, int]
    samples: list[tuple[float, list[float]]]  # (weight, summing to 1; match chance by line)
    values: list[list[float]] = field(default_factory=list)  # per sample: value by line
    exact: bool = False  # every possible deal, each once: no sampling error

    def close(self, a: Action, b: Action, z: float = 2.0) -> bool:
        """Are ``a`` and ``b`` equal in the chance of winning the match as far as
        the samples tell: their paired difference within ``z`` standard errors?
        (Every sample met both: common random numbers.)  Exact: equal."""
        ia, ib = self.line_of[a], self.line_of[b]
        return self._paired([m for _, m in self.samples], ia, ib, z)

    def close_value(self, a: Action, b: Action, z: float = 2.0) -> bool:
        """The same for the value (the round margin) of ``a`` and ``b``."""
        ia, ib = self.line_of[a], self.line_of[b]
        return self._paired(self.values, ia, ib, z)

    def _paired(self, rows: Sequence[Sequence[float]], ia: int, ib: int, z: float) -> bool:
        weights = [w for w, _ in self.samples]
        mean = sum(w * (m[ia] - m[ib]) for w, m in zip(weights, rows, strict=True))
        if self.exact:
            return abs(mean) <= 1e-9
        var = sum(w * w * (m[ia] - m[ib] - mean) ** 2 for w, m in zip(weights, rows, strict=True))
        return bool(abs(mean) <= z * var**0.5 + 1e-9)


@dataclass(frozen=True, slots=True)
class Search:
    """How a sample is scored: see the module's docstring."""

    solve_cards: int = SOLVE_CARDS
    win_bonus: float = WIN_BONUS
    noise: float = NOISE
    # The network's moves in a greedy sample, and maybe its result (bots.net_search).
    guide: Callable[[Position, int], Result | None] | None = None
    # The greedy samples played out by the network instead, many at once (bots.net_playout):
    # called with samples, the lines, the side and the win bonus; results by sample and line.
    playouts: (
        Callable[[Sequence[Position], Sequence[Line], int, float], list[list[Result]]] | None
    ) = None


def _solved(p: Position, search: Search, random_play: bool, played: int = 0) -> bool:
    """Is ``p`` solved exactly rather than played out (after ``played`` more cards)?
    Against random play the expectation searches every line, so it waits for
    fewer cards."""
    limit = min(search.solve_cards, EXPECT_CARDS) if random_play else search.solve_cards
    return p.sides == 2 and sum(len(h) for h in p.hands) + len(p.stock) - played <= limit


# A value, and the result: the winning side (the number of sides for a draw), or the
# chance of each result when it is an expectation.
Result = tuple[float, int | tuple[float, ...]]


def _one_hot(score: list[int], side: int, win_bonus: float) -> Result:
    """A finished round's value and its result: the side that won it, or for a
    draw the number of sides (the index of a draw among the chances)."""
    won = outcome(score)
    return sample_value(score, side, win_bonus), won if won >= 0 else len(score)


def _spread(result: int | tuple[float, ...], sides: int) -> tuple[float, ...]:
    """A result as the chance of each (a sure one as 1 and 0s)."""
    if isinstance(result, tuple):
        return result
    chances = [0.0] * (sides + 1)
    chances[result] = 1.0
    return tuple(chances)


def _finish(p: Position, side: int, search: Search, rng: Random | None) -> Result:
    """The value for ``side`` of ``p`` played out or solved (see :func:`_solved`),
    and the chance of each result: each side winning the round, then a draw.
    With ``rng`` the other side plays at random, drawing from it; without, it
    plays greedy or, when solved, its best."""
    win_bonus = search.win_bonus
    if _solved(p, search, rng is not None):
        if rng is not None:
            return _expect(p, side, win_bonus)
        left = [c for h in p.hands for c in h] + p.stock + p.trick
        total = sum(p.score) + sum(p.points[c] for c in left)
        mine = solve(p, side)  # the most points is also the best result
        score = [mine, total - mine] if side == 0 else [total - mine, mine]
        return _one_hot(score, side, win_bonus)
    if rng is None and search.guide is not None:
        guided = search.guide(p, side)
        if guided is not None:
            return guided
    playout(p, side, 1.0 if rng is not None else 0.0, rng)
    return _one_hot(p.score, side, win_bonus)


def _expect(p: Position, side: int, win_bonus: float) -> Result:
    """:func:`~briscola.bots.solver.expect` with the result's chances: ``side``
    plays for the best chance of winning (a draw half), then the best value."""
    if p.over:
        value, won = _one_hot(p.score, side, win_bonus)
        return value, _spread(won, p.sides)
    results = []
    for a in p.actions():
        q = p.copy()
        q.act(a)
        value, chances = _expect(q, side, win_bonus)
        results.append((value, _spread(chances, p.sides)))
    if p.team_of[p.to_move] == side:
        return max(results, key=lambda r: (r[1][side] + r[1][-1] / 2, r[0]))
    k = len(results)
    value = sum(r[0] for r in results) / k
    return value, tuple(sum(r[1][i] for r in results) / k for i in range(len(results[0][1])))


Line = tuple[Action, ...]  # a root action, or the exchange then a card


def _lines(p: Position) -> list[Line]:
    lines: list[Line] = [(Card(c),) for c in p.hands[p.to_move]]
    if p.exchange_card() >= 0:
        q = p.copy()
        q.exchange()
        lines += [(EXCHANGE, Card(c)) for c in q.hands[q.to_move]]
    return lines


def evaluate(
    sample: Callable[[], Position],
    side: int,
    budget: Callable[[int], bool],
    search: Search = Search(),
    rng: Random | None = None,
    evidence: Evidence | None = None,
) -> dict[Action, float]:
    """Mean value per legal action over samples drawn while ``budget(done)``
    allows (an action's best line): :func:`estimate`'s values alone."""
    return {a: e.value for a, e in estimate(sample, side, budget, search, rng, evidence,
                                            by_value=True).by_action.items()}  # fmt: skip


def estimate(
    sample: Callable[[], Position],
    side: int,
    budget: Callable[[int], bool],
    search: Search = Search(),
    rng: Random | None = None,
    evidence: Evidence | None = None,
    match: Sequence[Sequence[float]] | None = None,
    by_value: bool = False,
    exact: bool = False,
) -> Estimates:
    """The :class:`Estimate` of every legal action over samples drawn while
    ``budget(done)`` allows.  ``match`` is :func:`match_chances` for the match
    as it stands (default: first to 1 round with none won).  An action with
    several lines (the exchange, then each card) is valued by its best line:
    the best chance of winning the match, then the best value (``by_value``:
    the best value alone).

    Late in a round few distinct deals of the unseen cards remain (with 2
    players and two stock cards, four): a sample seen before reuses its values
    instead of solving again, which is what lets the exact solve start early.

    With ``evidence`` each sample in which the other side plays greedy counts
    by how well it explains that side's plays (:mod:`briscola.bots.inference`);
    the samples with a random other side count alike, and the two kinds are
    mixed in the shares they were drawn in.

    With ``exact`` the samples are every possible deal, each once
    (:func:`~briscola.bots.exact.deals`), solved: the chances are exact.

    With the search's ``playouts`` the samples it would play out with a greedy
    other side are played out by it instead, :data:`PLAYOUT_BATCH` samples at a
    time (the budget is asked after each sample, and sees their time once played).
    """
    lines: list[Line] | None = None
    pending: list[tuple[Position, list[Result]]] = []  # samples awaiting ``playouts``

    def flush() -> None:
        assert search.playouts is not None and lines is not None
        got = search.playouts([p for p, _ in pending], lines, side, search.win_bonus)
        for (_, results), played in zip(pending, got, strict=True):
            results.extend(played)
        pending.clear()

    drawn = [0, 0]  # by kind: greedy, random
    sides = 2
    weights = [0.0, 0.0]
    kept: list[tuple[int, float, list[Result]]] = []  # (kind, weight, results by line)
    seen: dict[tuple[object, ...], tuple[list[Result], float]] = {}
    done = 0
    rng = rng or _RNG
    while budget(done):
        base = sample()
        sides = base.sides
        mover = base.to_move
        for seat, hand in enumerate(base.hands):
            if seat != mover:
                hand.sort()  # one canonical order for the other hands
        # Is the other side a random player in this sample?  Then every line
        # meets the same random choices (one seed per sample), for a fair comparison.
        seed = rng.random() if search.noise and rng.random() < search.noise else None
        # The kind of other side is part of the key.  A played-out random player
        # gives other values each time: no reuse then.  (Every line plays one card.)
        kind: object = False
        if seed is not None:
            kind = True if _solved(base, search, True, 1) else seed
        key = (*(tuple(h) for h in base.hands), tuple(base.stock), kind)
        cached = seen.get(key)
        if cached is None:
            if lines is None:
                lines = _lines(base)
            results: list[Result] = []
            if seed is None and search.playouts is not None and not _solved(base, search, False, 1):
                pending.append((base, results))  # scored when the batch is played
            else:
                for line in lines:
                    q = base.copy()
                    for a in line:
                        q.act(a)
                    results.append(_finish(q, side, search, None if seed is None else Random(seed)))
            w = 1.0
            if evidence is not None and seed is None:
                w = evidence.weight(base, greedy_policy(base))
            cached = seen[key] = (results, w)
        results, w = cached
        k = 0 if seed is None else 1
        kept.append((k, w, results))
        weights[k] += w
        drawn[k] += 1
        done += 1
        if len(pending) >= PLAYOUT_BATCH:
            flush()
    if pending:
        flush()
    assert lines is not None
    if match is None:
        match = match_chances((0,) * sides, 1)
    to_match = [row[side] for row in match]  # by result: the chance of the match then
    samples: list[tuple[float, list[float]]] = []
    value_rows: list[list[float]] = []
    n = len(lines)
    value, win, draw, chance = [0.0] * n, [0.0] * n, [0.0] * n, [0.0] * n
    for k, w, results in kept:
        share = drawn[k] / done * w / weights[k] if weights[k] > 0 else 0.0
        row = []
        for i, (v, chances) in enumerate(results):
            value[i] += share * v
            if isinstance(chances, int):  # a sure result (most samples): its index
                m = to_match[chances]
                if chances == side:
                    win[i] += share
                elif chances == sides:
                    draw[i] += share
            else:
                m = sum(c * t for c, t in zip(chances, to_match, strict=True))
                win[i] += share * chances[side]
                draw[i] += share * chances[-1]
            row.append(m)
            chance[i] += share * m
        samples.append((share, row))
        value_rows.append([v for v, _ in results])
    by_action: dict[Action, Estimate] = {}
    line_of: dict[Action, int] = {}
    for i, line in enumerate(lines):
        e = Estimate(value[i], win[i], draw[i], chance[i])
        old = by_action.get(line[0])
        if old is None or (
            e.value > old.value if by_value else (e.match, e.value) > (old.match, old.value)
        ):
            by_action[line[0]] = e
            line_of[line[0]] = i
    return Estimates(by_action, line_of, samples, value_rows, exact)
