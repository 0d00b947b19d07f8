"""The expert bot: perfect-information Monte Carlo, an opponent model and exact endgames.

Floor 5 (bots).  For each move the expert deals the cards it cannot see at
random, consistently with everything its seat saw (:func:`determinize`), and
scores every legal action on the same sample by playing the round out
(:func:`playout`), or by solving it exactly once few enough cards are left.
The action with the best mean wins.

Who is the other side?  In each sample it is either the greedy player (its
playout moves are greedy's, its solved moves its best: :func:`solve`) or a
random player (its moves at random, its solved moves an expectation:
:func:`~briscola.bots.solver.expect`); our own side always plays greedy.
``noise`` is the share of samples with a random player.  By default
(``adapt=1``) it is the chance :mod:`briscola.bots.model` gives, from the
cards the other side played this round, that it plays at random.  Against
a player who plays well the greedy model is the strong one; against a weak
one it makes the expert timid, and the model fixes that.  In a random
player's samples every line meets the same random choices, for a fair
comparison.

With 2 players and the stock empty every card is known, so the endgame is
solved exactly, once: a result the solver proves (a won or drawn round
against any play) is never given up, and among the moves that keep it the
expert takes the best value against the modelled other side.

The value of a finished sample is the side's point margin over the best
other side (partners' points count as its own), plus ``win_bonus`` for a won
round (minus it for a lost one).  By default it is set by table size
(:data:`DEFAULT_WIN_BONUS`), as measured: with 2 players, over 300 duplicate
deals against greedy, bonuses of 0, 40 and 100 won 67.0%, 64.7% and 63.0%; at
3 and 6 seats 20 changed nothing measurable; at 4 seats, where the teams'
margins are wide and a round is won at 61, 20 won more rounds (docs/strength.md).

What the expert plays for is the match (:func:`recommend`): each
sample's result (who won the round, or a draw) gives a chance of winning the
match (:func:`match_chances`, later rounds even; first to 1 it is the round,
a draw half), and the move with the best mean chance is played.  The point
value only chooses between moves whose chance the samples cannot tell apart
(:meth:`Estimates.close`: the paired difference within two standard errors),
which early in a round is most of them.  A round won on the spot
(:func:`~briscola.bots.reasons.wins_round_now`) is taken before anything
else: against the greedy model every sample may show another move winning
too, and a club veto once threw a 3 there on a margin of 4 points (issue 23).

What the other side's plays say about its cards: with ``infer`` (the
default) every sample in which it plays greedy counts by how well it explains
its recent cards (:mod:`briscola.bots.inference`).  Our own side in a playout
knows the sample, so it loads a partner's trick only when nothing can beat it,
and it leads a plain Ace or 3 after its middle trumps (greedy's order spends
them into the other side's trumps, and the search then prefers cashing high
cards early).  Of equal moves the cheaper card is played; a move a club player
would call a blunder (:mod:`briscola.bots.club`) only when every other of the
same chance is worse by more than ``club`` points.

The brisca exchange is an action like any card: after it the same seat plays
a card, so the exchange scores as its best follow-up on each sample.

Budget: ``samples`` determinizations per move (deterministic for a given
seed; by default :data:`DEFAULT_SAMPLES`, more at bigger tables) or
``think_ms`` of wall time per move (as many samples as fit).
A hard ceiling of ``max_ms`` stops a move that runs long on a loaded machine.
"""

from __future__ import annotations

import dataclasses
import math
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from random import Random
from typing import TYPE_CHECKING

from ..engine.cards import Card
from ..engine.game import EXCHANGE, Action
from ..engine.observation import Observation, determinize
from ..players import Bot
from .club import vetoed
from .exact import deals
from .inference import Evidence
from .model import OpponentModel
from .reasons import wins_round_now
from .seeds import base_seed, position_rng
from .solver import Position, expect, solve, trick_result

if TYPE_CHECKING:
    from .net import Network

__all__ = [
    "ADVICE_SAMPLES",
    "Advice",
    "Estimate",
    "Estimates",
    "ExpertBot",
    "advise",
    "calibrate",
    "estimate",
    "greedy_card",
    "greedy_policy",
    "keep_proven",
    "match_chances",
    "outcome",
    "overruling",
    "playout",
    "recommend",
    "sample_value",
    "stage",
]

# Samples per move by table size: more seats hide more cards, and the weights
# of the inference leave fewer samples that count (docs/strength.md: the arena;
# benchmarks/README.md: think time).
DEFAULT_SAMPLES = {2: 600, 3: 900, 4: 1000, 6: 1200}
WIN_BONUS = 0  # points of margin a won round is worth, where nothing else is said
# By table size, what the arena measured best (module docstring, docs/strength.md).
DEFAULT_WIN_BONUS = {2: 0, 3: 0, 4: 20, 6: 0}
SOLVE_CARDS = 8  # solve a 2-side sample exactly from this many cards left (the last draw too)
# By table size: with 2 players from 10 (the last two draws), where greedy playouts had
# the expert lose rounds a long review calls lost by 25 to 30 points of chance (docs/strength.md).
DEFAULT_SOLVE_CARDS = {2: 10, 3: SOLVE_CARDS, 4: SOLVE_CARDS, 6: SOLVE_CARDS}
EXPECT_CARDS = 6  # and against random play (an exhaustive search) from at most this many
CLUB_MARGIN = 8.0  # points of search value a club veto may overrule
# Points of search value the network's policy may add to a move among those the
# samples cannot tell apart (0: no network; docs/strength.md has the measurements).
NET_PRIOR = 0.0
# The network's parts in the samples by default (bots/net_search.py; docs/strength.md
# has what each measured); switched off, said once, when the shipped weights cannot load.
NET_DEFAULTS = {"net_reply": 0, "net_infer": 0, "net_value": 0}
NOISE = 0.0  # share of samples in which the other side plays at random (without adapt)
_RNG = Random(0)  # for callers that give no generator (tests, the oracle)


def _waste_table(
    trump: int, strength: tuple[int, ...], points: tuple[int, ...], lead: bool = False
) -> list[int]:
    """Greedy's cost of throwing each card away, as one int (see GreedyBot.waste).

    With ``lead``, the order our own side leads in: a plain Ace or 3 after
    every trump but the 3 and the Ace, since the other side trumps it (greedy
    leads it before a trump with points, and the search then undervalues
    keeping such cards)."""
    out = []
    for c in range(40):
        t = 1 if c // 10 == trump else 0
        cost = (points[c] + 8 * t) * 20 + t * 10 + strength[c]
        if lead and not t and points[c] >= 10:
            cost += 100
        out.append(cost)
    return out


_WASTE: dict[tuple[int, tuple[int, ...], bool], list[int]] = {}


def _waste(p: Position, lead: bool = False) -> list[int]:
    key = (p.trump, p.points, lead)
    table = _WASTE.get(key)
    if table is None:
        table = _WASTE[key] = _waste_table(p.trump, p.strength, p.points, lead)
    return table


def greedy_card(
    p: Position, waste: list[int], sure: bool = False, lead: list[int] | None = None
) -> int:
    """The card :class:`~briscola.bots.greedy.GreedyBot` plays for the mover of ``p``.

    With ``sure`` (our own side in a playout, which knows the sample) a
    partner's trick counts as safe when no card of the other side still to
    play beats it, not by greedy's rule of thumb (a trump 3 is not safe with
    the Ace out): the search then sees a partner who loads only safe tricks.
    ``lead`` is the order it leads in, if not ``waste``'s.
    """
    hand = p.hands[p.to_move]
    trick = p.trick
    if not trick:
        return min(hand, key=(lead or waste).__getitem__)
    trump, strength, points, team_of = p.trump, p.strength, p.points, p.team_of
    best_i, on_table = trick_result(trick, trump, strength, points)
    best = trick[best_i]
    n = p.n
    mine = team_of[p.to_move]
    k = len(trick)
    leader = p.leader
    opponents_left = False
    for j in range(k + 1, n):
        if team_of[(leader + j) % n] != mine:
            opponents_left = True
            break
    if team_of[(leader + best_i) % n] == mine:
        if sure:
            safe = not _beats_later(p, p.leader, best, k, mine)
        else:
            safe = not opponents_left or (best // 10 == trump and strength[best] >= 8)
        if safe:
            plain = [c for c in hand if c // 10 != trump] or hand
            return max(plain, key=lambda c: points[c] * 20 + 9 - strength[c])
        return min(hand, key=waste.__getitem__)
    best_suit = best // 10
    same: list[int] = []
    low = -1
    for c in hand:
        s = c // 10
        if s == best_suit:
            if strength[c] > strength[best]:
                if s != trump:
                    same.append(c)
                elif low < 0 or strength[c] < strength[low]:
                    low = c
        elif s == trump and (low < 0 or strength[c] < strength[low]):
            low = c
    if same:
        return max(same, key=lambda c: points[c] * 20 + strength[c])
    if low >= 0:
        worth = 4 if points[low] == 0 else 10
        if on_table >= worth or (not p.stock and on_table > 0):
            return low
    return min(hand, key=waste.__getitem__)


def greedy_policy(p: Position) -> Callable[[Position], int]:
    """Greedy's card for the mover of a position with ``p``'s trump and pack:
    the player model the inference weighs samples by."""
    return partial(greedy_card, waste=_waste(p))


def playout(p: Position, side: int = -1, noise: float = 0.0, rng: Random | None = None) -> None:
    """Play ``p`` to the end of the round with the greedy rules for every seat;
    ``side``'s seats know which of their partner's tricks are safe and keep
    plain Aces and 3s longer when leading (see :func:`greedy_card`).

    With ``noise`` each move of a seat not on ``side`` is a random card with
    that probability (drawn from ``rng``): the other side is modelled as a
    greedy player that sometimes does something else.
    """
    waste = _waste(p)
    lead = _waste(p, lead=True)
    hands = p.hands
    team_of = p.team_of
    rand = (rng or _RNG).random
    while hands[p.to_move]:
        if not p.exchange_rule or len(p.stock) < 2:  # no exchange left: inlined
            _playout_inline(p, waste, lead, side, noise, rand)
            return
        if p.exchange_card() >= 0:  # the brisca exchange, while the stock allows it
            p.exchange()
        hand = hands[p.to_move]
        own = team_of[p.to_move] == side
        if noise and not own and rand() < noise:
            p.play(hand[int(rand() * len(hand))])
        elif own:
            p.play(greedy_card(p, waste, True, lead))
        else:
            p.play(greedy_card(p, waste))


def _playout_inline(
    p: Position,
    waste_table: list[int],
    lead_table: list[int],
    side: int,
    noise: float,
    rand: Callable[[], float],
) -> None:
    """:func:`playout` with no exchange left to make, from any point of a trick,
    inlined (the playouts are most of the expert's time): :func:`greedy_card`'s
    choices, with the trick's best card and points kept as it grows."""
    waste = waste_table.__getitem__
    own_lead = lead_table.__getitem__
    n, hands, stock, score, team_of = p.n, p.hands, p.stock, p.score, p.team_of
    trump, strength, points = p.trump, p.strength, p.points
    leader = p.leader
    k = len(p.trick)  # cards in the trick so far
    if k:
        best_k, on_table = trick_result(p.trick, trump, strength, points)
        best = p.trick[best_k]
        best_seat = (leader + best_k) % n
    while True:
        if not k:
            hand = hands[leader]
            if not hand:
                break
            if team_of[leader] == side:
                a = min(hand, key=own_lead)
            elif noise and rand() < noise:
                a = hand[int(rand() * len(hand))]
            else:
                a = min(hand, key=waste)
            hand.remove(a)
            best, best_seat, on_table = a, leader, points[a]
            k = 1
        seat = leader + k if leader + k < n else leader + k - n
        while k < n:
            hand = hands[seat]
            mine = team_of[seat]
            if mine != side and noise and rand() < noise:
                c = hand[int(rand() * len(hand))]
            elif team_of[best_seat] == mine:  # a partner holds the trick
                if mine == side:
                    safe = not _beats_later(p, leader, best, k, mine)
                else:
                    safe = (best // 10 == trump and strength[best] >= 8) or all(
                        team_of[(leader + j) % n] == mine for j in range(k + 1, n)
                    )
                if safe:
                    plain = [c for c in hand if c // 10 != trump] or hand
                    c = max(plain, key=lambda c: points[c] * 20 + 9 - strength[c])
                else:
                    c = min(hand, key=waste)
            else:
                suit = best // 10
                over = strength[best]
                c = low = -1
                c_key = -1
                for d in hand:
                    s = d // 10
                    if s == suit:
                        if strength[d] > over:
                            if s != trump:
                                key = points[d] * 20 + strength[d]
                                if key > c_key:
                                    c, c_key = d, key
                            elif low < 0 or strength[d] < strength[low]:
                                low = d
                    elif s == trump and (low < 0 or strength[d] < strength[low]):
                        low = d
                if c < 0:
                    if low >= 0 and (
                        on_table >= (4 if points[low] == 0 else 10) or (not stock and on_table > 0)
                    ):
                        c = low
                    else:
                        c = min(hand, key=waste)
            hand.remove(c)
            on_table += points[c]
            if c // 10 == best // 10:
                if strength[c] > strength[best]:
                    best, best_seat = c, seat
            elif c // 10 == trump:
                best, best_seat = c, seat
            k += 1
            seat = seat + 1 if seat + 1 < n else 0
        score[team_of[best_seat]] += on_table
        if stock:
            for j in range(n):
                hands[(best_seat + j) % n].append(stock.pop())
        leader = best_seat
        k = 0
    p.trick = []
    p.leader = p.to_move = leader


def _beats_later(p: Position, leader: int, best: int, k: int, mine: int) -> bool:
    """Does a seat of the other side after the ``k``-th card of the trick led
    by ``leader`` hold a card beating ``best``?"""
    n, trump, strength, team_of = p.n, p.trump, p.strength, p.team_of
    suit = best // 10
    for j in range(k + 1, n):
        seat = (leader + j) % n
        if team_of[seat] == mine:
            continue
        for c in p.hands[seat]:
            s = c // 10
            if (s == suit and strength[c] > strength[best]) or (s == trump and suit != trump):
                return True
    return False


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
class Advice:
    """One position's advice, the same for ``hint``, ``review`` and the expert's
    move: every legal action with its :class:`Estimate`, the recommended one
    first (:func:`recommend`), then by chance and value; ``same``, the other
    actions the estimate cannot tell from it (neither in chance nor in value:
    "about the same"); ``exact`` when the chances are the exact solver's over
    every possible deal."""

    ranked: tuple[tuple[Action, Estimate], ...]
    same: frozenset[Action] = frozenset()
    exact: bool = False
    overruled: Action | None = None  # the action a club veto set aside (second then)

    def __iter__(self) -> Iterator[tuple[Action, Estimate]]:
        return iter(self.ranked)

    def __getitem__(self, i: int) -> tuple[Action, Estimate]:
        return self.ranked[i]

    def __len__(self) -> int:
        return len(self.ranked)

    @property
    def best(self) -> Action:
        return self.ranked[0][0]

    def prefers_by(self) -> float:
        """How many points of value the recommended action is ahead of the next best."""
        if len(self.ranked) < 2:
            return 0.0
        return self.ranked[0][1].value - max(e.value for _, e in self.ranked[1:])


@dataclass(frozen=True, slots=True)
class Search:
    """How a sample is scored: see the module's docstring."""

    solve_cards: int = SOLVE_CARDS
    win_bonus: float = WIN_BONUS
    noise: float = NOISE
    # The network's moves in a greedy sample, and maybe its result (bots.net_search).
    guide: Callable[[Position, int], Result | None] | None = None


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
    """
    lines: list[Line] | None = None
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
            results = []
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


class ExpertBot(Bot):
    """``expert``: ``samples`` per move by default, or ``think_ms`` of wall time per move."""

    def __init__(
        self,
        seed: int | None = None,
        name: str = "expert",
        samples: int | None = None,
        think_ms: float | None = None,
        max_ms: float = 900.0,
        solve_cards: int | None = None,
        win_bonus: float | None = None,
        noise: float | None = None,
        adapt: bool | None = None,
        infer: bool = True,
        club: float = CLUB_MARGIN,
        prior: float = NET_PRIOR,
        weights: str | None = None,
        net_reply: int | None = None,
        net_infer: int | None = None,
        net_value: int | None = None,
    ) -> None:
        if samples is not None and (not isinstance(samples, int) or samples < 1):
            raise ValueError(f"samples must be a whole number of at least 1, got {samples!r}")
        if think_ms is not None and (not isinstance(think_ms, int | float) or think_ms <= 0):
            raise ValueError(f"think_ms must be a positive number, got {think_ms!r}")
        if not isinstance(max_ms, int | float) or max_ms <= 0:
            raise ValueError(f"max_ms must be a positive number, got {max_ms!r}")
        _check_switch("adapt", adapt)
        _check_switch("infer", infer)
        if not isinstance(club, int | float) or not 0 <= club <= 120:
            raise ValueError(f"club must be a margin of points 0..120, got {club!r}")
        if adapt is None:  # a given noise is kept; else the model sets it
            adapt = noise is None
        if noise is None:
            noise = NOISE
        if not isinstance(noise, int | float) or not 0 <= noise <= 1:
            raise ValueError(f"noise must be a share 0..1, got {noise!r}")
        self.name = name
        # Every move's samples are seeded by this and the position (bots.seeds): the
        # same position gets the same move, however often it is asked (undo, hint).
        self.seed = base_seed(seed)
        self.samples = samples  # None: as many as think_ms fits, or without it DEFAULT_SAMPLES
        self.think_ms = think_ms
        self.max_ms = max_ms
        self.solve_cards = solve_cards  # None: DEFAULT_SOLVE_CARDS by table size
        bonus = WIN_BONUS if win_bonus is None else win_bonus
        self.search = Search(SOLVE_CARDS if solve_cards is None else solve_cards, bonus, noise)
        self.win_bonus = win_bonus  # None: DEFAULT_WIN_BONUS by table size
        # With adapt the noise follows how the other side has played this round.
        self.model = OpponentModel(seed) if adapt else None
        self.infer = bool(infer)
        self.club = club
        if not isinstance(prior, int | float) or not 0 <= prior <= 120:
            raise ValueError(f"prior must be a margin of points 0..120, got {prior!r}")
        self.prior = prior
        given = {"net_reply": net_reply, "net_infer": net_infer, "net_value": net_value}
        for switch, value in given.items():
            _check_switch(switch, value)
        on = {k: NET_DEFAULTS[k] if v is None else v for k, v in given.items()}
        self.network = None
        if prior or weights is not None or any(given.values()):
            self.network = _network(weights)  # asked for: a missing network is an error
        elif any(on.values()):
            self.network = _default_network()
            if self.network is None:
                on = dict.fromkeys(on, 0)
        self.net_reply, self.net_infer, self.net_value = on.values()

    def _sampler(self, obs: Observation, rng: Random) -> Callable[[], Position]:
        return lambda: Position.from_round(determinize(obs, rng))

    def _budget(self, obs: Observation) -> Callable[[int], bool]:
        clock = time.perf_counter
        start = clock()
        limit = self.max_ms if self.think_ms is None else min(self.think_ms, self.max_ms)
        end = start + limit / 1000
        samples = self.samples
        if samples is None and self.think_ms is None:
            samples = DEFAULT_SAMPLES[obs.rules.players]

        def more(done: int) -> bool:
            if done == 0:
                return True
            if samples is not None and done >= samples:
                return False
            return clock() < end

        return more

    def choose(self, obs: Observation) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        side = obs.rules.team_of[obs.seat]
        search = self._noisy(obs)
        if obs.rules.players == 2 and obs.stock == 0:
            return self._endgame(obs, side, search)
        return recommend(obs, self._estimate(obs, search), self.club, self._prior(obs))

    def _prior(self, obs: Observation) -> dict[Action, float] | None:
        """The network's policy as a prior among moves the samples cannot tell
        apart: up to ``prior`` points of value (None: no network here)."""
        if self.network is None or not self.network.knows(obs.rules):
            return None
        chances, _ = self.network.policy(obs)
        return {a: self.prior * chances.get(a, 0.0) for a in obs.legal}

    def _estimate(self, obs: Observation, search: Search) -> Estimates:
        """The estimate of every legal action: over every possible deal, solved,
        when they are few (:func:`~.exact.deals`); else over samples seeded by
        the position."""
        side = obs.rules.team_of[obs.seat]
        match = match_chances(obs.rounds_won, obs.rules.target)
        rng = position_rng(self.seed, obs)
        every = deals(obs)
        if every is not None:
            solved = dataclasses.replace(search, solve_cards=40, noise=0.0)
            return estimate(iter(every).__next__, side, lambda done: done < len(every), solved,
                            rng, None, match, exact=True)  # fmt: skip
        return estimate(self._sampler(obs, rng), side, self._budget(obs), search, rng,
                        self._evidence(obs), match)  # fmt: skip

    def advise(self, obs: Observation) -> Advice:
        """Every legal action with its :class:`Estimate`: the one the expert
        recommends (:func:`recommend`) first, then by the chance of winning the
        match and the value; the same for the same position and seed."""
        est = self._estimate(obs, self._noisy(obs))
        chosen, overruled = overruling(obs, est, self.club, self._prior(obs))  # as choose
        by = est.by_action
        rest = sorted((a for a in obs.legal if a not in (chosen, overruled)),
                      key=lambda a: (-by[a].match, -by[a].value))  # fmt: skip
        if overruled is not None:
            rest.insert(0, overruled)
        same = frozenset(a for a in rest if est.close(a, chosen) and est.close_value(a, chosen))
        players, left = obs.rules.players, stage(obs)

        def told(e: Estimate) -> Estimate:  # the chances as they come true
            if est.exact:
                return e
            win = calibrate(e.win, players, left)
            return dataclasses.replace(e, win=win, match=calibrate(e.match, players, left))

        ranked = tuple((a, told(by[a])) for a in [chosen, *rest])
        return Advice(ranked, same, est.exact, overruled)

    def _noisy(self, obs: Observation) -> Search:
        search = self._search(obs)
        if self.model is not None:
            search = dataclasses.replace(search, noise=self.model.noise(obs))
        return search

    def _search(self, obs: Observation) -> Search:
        """How this move's samples are scored: the bonus and the exact solves given,
        or the table size's."""
        search = self.search
        players = obs.rules.players
        if self.win_bonus is None:
            search = dataclasses.replace(search, win_bonus=DEFAULT_WIN_BONUS[players])
        if self.solve_cards is None:
            search = dataclasses.replace(search, solve_cards=DEFAULT_SOLVE_CARDS[players])
        if (self.net_reply or self.net_value) and self._knows(obs):
            from .net_search import Guide

            assert self.network is not None
            guide = Guide(self.network, obs, bool(self.net_reply), bool(self.net_value))
            search = dataclasses.replace(search, guide=guide)
        return search

    def _knows(self, obs: Observation) -> bool:
        return self.network is not None and self.network.knows(obs.rules)

    def _evidence(self, obs: Observation) -> Evidence | None:
        if not self.infer:
            return None
        if self.net_infer and self._knows(obs):
            from .net_search import NetEvidence

            assert self.network is not None
            return NetEvidence(obs, self.network)
        return Evidence(obs)

    def rank(self, obs: Observation) -> list[tuple[Action, float]]:
        """Every legal action with its mean value over the samples, best first: the
        expected margin of the round's points (plus ``win_bonus`` for a won round)."""
        side = obs.rules.team_of[obs.seat]
        rng = position_rng(self.seed, obs)
        values = evaluate(self._sampler(obs, rng), side, self._budget(obs), self._search(obs),
                          rng, self._evidence(obs))  # fmt: skip
        return sorted(((a, values[a]) for a in obs.legal), key=lambda av: -av[1])

    def _endgame(self, obs: Observation, side: int, search: Search) -> Action:
        """Two players, the stock empty: every card is known, so solve it.

        A result the solver proves (a won or drawn round against any play) is
        never given up.  Among the moves that keep the best proven result, the
        one with the best value against the modelled other side: its best play,
        or with chance ``search.noise`` random play.
        """
        p = Position.from_round(determinize(obs, position_rng(self.seed, obs)))
        bonus = search.win_bonus
        total = sum(p.points)  # the deck's points
        proven: dict[Action, float] = {}
        hoped: dict[Action, float] = {}
        for a in obs.legal:
            q = p.copy()
            q.act(a)
            margin = 2 * solve(q, side) - total
            proven[a] = hoped[a] = sample_value([margin, 0], 0, bonus)
            if search.noise:
                chance = expect(q, side, lambda score: sample_value(score, side, bonus))
                hoped[a] = search.noise * chance + (1 - search.noise) * proven[a]
        return keep_proven(obs.legal, proven, hoped)


def _network(weights: str | None) -> Network:
    """The shipped network, or the one in ``weights`` (NumPy loads only here)."""
    try:
        from .net import load, shipped
    except ImportError as err:
        raise ValueError(str(err)) from None

    return shipped() if weights is None else load(weights)


def _default_network() -> Network | None:
    """The shipped network for the default search, or None (said once on stderr)
    when it cannot load: the expert then searches as it did before the network."""
    try:
        return _network(None)
    except ValueError as err:  # a WeightsError, or no NumPy
        if not _SAID:
            _SAID.append(str(err))
            print(f"briscola: the expert searches without its network: {err}", file=sys.stderr)
        return None


_SAID: list[str] = []  # the network's failure, said once a process


def _check_switch(name: str, value: object) -> None:
    """An on/off option: 0 or 1 (or unset)."""
    if value is not None and (not isinstance(value, int | float) or value not in (0, 1)):
        raise ValueError(f"{name} must be 0 or 1, got {value!r}")


ADVICE_SAMPLES = 1000  # hint's and review's samples by default: the same answers

# The search's chances are too high: in its samples the other side plays by the greedy
# rules and ours knows the sample.  What it says is mapped, by table size, to what
# happens: sigmoid(a * logit(chance) + b), fitted by `briscola bench --calibration --raw`
# (lab/calibration.py; the table and its command in docs/strength.md).  Exact chances
# are not mapped.  The map keeps the order of the cards: the choice is unchanged.
# One map (a, b) per table size and stage of the round (:func:`stage`: the first third
# of the pack, the second, the last), fitted over the choices of 160 rounds at 2 and 4
# seats and 80 at 3 and 6: `briscola bench --calibration 2,3,4,6 --rounds 80 --samples
# 200 --raw --seed 1` and `... --calibration 2,4 ... --seed 2`.
CALIBRATION: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((0.454, -0.284), (0.773, -0.538), (0.803, -0.412)),
    3: ((0.839, -0.626), (1.378, -0.376), (1.252, -0.789)),
    4: ((0.536, -0.405), (0.829, -0.355), (0.781, -0.176)),
    6: ((0.591, -0.325), (0.635, -0.113), (0.681, -0.102)),
}


def stage(obs: Observation) -> float:
    """The share of the pack still to play: 1 at the deal, 0 at the end."""
    return (sum(obs.hand_sizes) + obs.stock) / len(obs.rules.deck)


def calibrate(chance: float, players: int, left: float) -> float:
    """The chance the search gives, as the chance of what happens (:data:`CALIBRATION`),
    with ``left`` of the pack still to play."""
    maps = CALIBRATION.get(players)
    if maps is None:
        return chance
    a, b = maps[min(len(maps) - 1, int((1 - left) * len(maps)))]
    if (a, b) == (1.0, 0.0) or chance <= 0.0 or chance >= 1.0:
        return chance
    p = min(max(chance, 0.001), 0.999)
    return 1 / (1 + math.exp(-(a * math.log(p / (1 - p)) + b)))


def advise(obs: Observation, seed: int, samples: int = ADVICE_SAMPLES) -> Advice:
    """The advice ``hint`` gives and ``review`` checks, for the seat of ``obs`` in a
    match dealt by ``seed``: the expert's estimate (in points of margin at every
    table: no bonus for a won round) with ``samples`` samples and no clock, seeded
    by ``seed`` and the position, so asking again, or reviewing the match later,
    gives the same answer."""
    bot = ExpertBot(seed=seed, samples=samples, max_ms=1e9, win_bonus=0)
    return bot.advise(obs)


def recommend(
    obs: Observation,
    est: Estimates,
    club: float = CLUB_MARGIN,
    prior: Mapping[Action, float] | None = None,
) -> Action:
    """The action to play by the estimate ``est`` (:func:`overruling`'s first)."""
    return overruling(obs, est, club, prior)[0]


def overruling(
    obs: Observation,
    est: Estimates,
    club: float = CLUB_MARGIN,
    prior: Mapping[Action, float] | None = None,
) -> tuple[Action, Action | None]:
    """The action to play, by the estimate ``est``: a round won on the spot before
    any other (:func:`~.reasons.wins_round_now`); else the highest chance of
    winning the match (the round when first to 1) that no other action beats
    by more than the estimate's own error (:meth:`Estimates.close`); of those,
    the most points that no other beats by more than their error
    (:meth:`Estimates.close_value`); of those, the best value, and of equal
    ones the cheapest card (the 6 rather than the 7 when nothing lies between
    them).  A club veto (:mod:`.club`) on that action sets it aside for the
    best action it allows, unless that one is worse by more than ``club``
    points plus the points of the card set aside (the playouts misjudge
    keeping a card by up to its own points, and its chance with it): the
    action overruled comes second, and the advice says so.  So the action
    recommended never has a lower chance than another one as far as the
    estimate can tell, nor fewer points at the same chance, but where a club
    veto, said, overrules them.  A ``prior`` (the network's, in points) adds to
    the values among the actions the estimate cannot tell apart."""
    rules = obs.rules
    by = est.by_action
    legal = obs.legal
    won = [a for a in legal if wins_round_now(obs, a)]
    even = [a for a in legal if not _outdone(est, a, legal, "match")]
    pool = won or [a for a in even if not _outdone(est, a, even, "value")]
    values = {a: by[a].value + (prior or {}).get(a, 0.0) for a in legal}

    def cost(a: Action) -> tuple[int, int]:
        if not isinstance(a, Card):
            return (-1, 0)  # the exchange, on a tie
        return (rules.points[a] + (8 if a // 10 == obs.trump_suit else 0), rules.strength[a])

    def order(a: Action) -> tuple[float, int, int]:
        points, strength = cost(a)
        return (round(values[a], 9), -points, -strength)

    best = max(pool, key=order)
    if club and not won and vetoed(obs, best) is not None:
        allowed = [a for a in legal if vetoed(obs, a) is None]
        if allowed:
            alt = max(allowed, key=order)
            kept = rules.points[best] if isinstance(best, Card) else 0
            if values[best] - values[alt] <= club + kept:
                return alt, best
    return best, None


def _outdone(est: Estimates, a: Action, others: Sequence[Action], what: str) -> bool:
    """Does another action beat ``a`` in ``what`` (its chance or its value) by
    more than the estimate's error?"""
    by = est.by_action
    close = est.close if what == "match" else est.close_value
    mine = getattr(by[a], what)
    return any(getattr(by[b], what) > mine and not close(a, b) for b in others)


def keep_proven(
    legal: Sequence[Action], proven: Mapping[Action, float], hoped: Mapping[Action, float]
) -> Action:
    """The action with the best ``hoped`` value among those whose ``proven``
    value (a solved margin) keeps the best result: won, drawn or lost."""
    return max(legal, key=lambda a: ((proven[a] > 0) - (proven[a] < 0), hoped[a]))
