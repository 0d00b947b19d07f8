"""The expert bot: perfect-information Monte Carlo, an opponent model and exact endgames.

Floor 5 (bots).  For each move the expert deals the cards it cannot see at
random, consistently with everything its seat saw (:func:`determinize`), and
scores every legal action on the same sample by playing the round out
(:func:`~.playout.playout`), or by solving it exactly once few enough cards are
left: :func:`~.estimate.estimate`.  The action with the best mean wins.  The
advice ``hint`` and ``review`` give is this estimate (:mod:`.advice`).

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
match (:func:`~.estimate.match_chances`, later rounds even; first to 1 it is the round,
a draw half), and the move with the best mean chance is played.  The point
value only chooses between moves whose chance the samples cannot tell apart
(:meth:`~.estimate.Estimates.close`: the paired difference within two standard errors),
which early in a round is most of them.  A round won on the spot
(:func:`~briscola.bots.reasons.wins_round_now`) is taken before anything
else: against the greedy model every sample may show another move winning
too, and a club veto once threw a 3 there on a margin of 4 points (issue 23).

What the other side's plays say about its cards: with ``infer`` (the
default) every sample in which it plays greedy counts by how well it explains
its recent cards (:mod:`briscola.bots.inference`).  Our own side in a playout
knows the sample (:mod:`.playout`).  Of equal moves the cheaper card is played; a move a club player
would call a blunder (:mod:`briscola.bots.club`) only when every other of the
same chance is worse by more than ``club`` points.

At 2 seats the trained network (:mod:`.net`) has a say among the moves the
samples cannot tell apart: its policy adds up to ``prior`` points of value
(:data:`NET_PRIOR`).  Its weights load when a 2-seat match starts; when they
cannot, the expert says so once and searches alone.  The advice does not use
it (:mod:`.advice`): its card must be the one its figures rank first.

The brisca exchange is an action like any card: after it the same seat plays
a card, so the exchange scores as its best follow-up on each sample.

Budget: ``samples`` determinizations per move (deterministic for a given
seed; by default :data:`DEFAULT_SAMPLES`, more at bigger tables) or
``think_ms`` of wall time per move (as many samples as fit).
A hard ceiling of ``max_ms`` stops a move that runs long on a loaded machine.
"""

from __future__ import annotations

import dataclasses
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from random import Random
from typing import TYPE_CHECKING

from ..engine.cards import Card
from ..engine.game import Action
from ..engine.observation import Observation, determinize
from ..engine.rules import TableRules
from ..players import Bot, MatchInfo
from .club import OVER_CHANCE, vetoed
from .estimate import (
    NOISE,
    SOLVE_CARDS,
    WIN_BONUS,
    Estimates,
    Search,
    estimate,
    evaluate,
    match_chances,
    sample_value,
)
from .exact import deals
from .inference import Evidence
from .model import OpponentModel
from .reasons import wins_round_now
from .seeds import base_seed, position_rng, position_seed
from .solver import Position, expect, solve

if TYPE_CHECKING:
    from .net import Network

__all__ = [
    "ExpertBot",
    "keep_proven",
    "overruling",
    "recommend",
]

# Samples per move by table size: more seats hide more cards, and the weights
# of the inference leave fewer samples that count (docs/strength.md: the arena;
# benchmarks/README.md: think time).
DEFAULT_SAMPLES = {2: 600, 3: 900, 4: 1000, 6: 1200}
# By table size, what the arena measured best (module docstring, docs/strength.md).
DEFAULT_WIN_BONUS = {2: 0, 3: 0, 4: 20, 6: 0}
# By table size: with 2 players from 10 (the last two draws), where greedy playouts had
# the expert lose rounds a long review calls lost by 25 to 30 points of chance (docs/strength.md).
DEFAULT_SOLVE_CARDS = {2: 10, 3: SOLVE_CARDS, 4: SOLVE_CARDS, 6: SOLVE_CARDS}
CLUB_MARGIN = 8.0  # points of search value a club veto may overrule
# Points of search value the network's policy may add to a move among those the
# samples cannot tell apart (0: no network).  10 gained +23 Elo at 2 seats over
# 2000 matches against expert-v2, at no cost in think time (docs/strength.md).
NET_PRIOR = 10.0
# The table size of the shipped network (bots/weights/net2.npz): only there does
# the default expert load it, so NumPy is not imported at other tables.
NET_PLAYERS = 2
# The network's parts in the samples by default (bots/net_search.py; docs/strength.md
# has what each measured); switched off, said once, when the shipped weights cannot load.
NET_DEFAULTS = {"net_reply": 0, "net_infer": 0, "net_value": 0, "net_playout": 0}
# Samples per move with network playouts (bots/net_playout.py), at the table the network
# knows: a playout costs more than greedy's, so fewer fit the same think time.
NET_PLAYOUT_SAMPLES = 150


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
        prior: float | None = None,
        weights: str | None = None,
        net_reply: int | None = None,
        net_infer: int | None = None,
        net_value: int | None = None,
        net_playout: int | None = None,
        net_temp: float = 0.0,
        net_solve: int = 0,
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
        if prior is not None and (not isinstance(prior, int | float) or not 0 <= prior <= 120):
            raise ValueError(f"prior must be a margin of points 0..120, got {prior!r}")
        self.prior = NET_PRIOR if prior is None else prior
        given = {
            "net_reply": net_reply,
            "net_infer": net_infer,
            "net_value": net_value,
            "net_playout": net_playout,
        }
        for switch, value in given.items():
            _check_switch(switch, value)
        if not isinstance(net_temp, int | float) or not 0 <= net_temp <= 10:
            raise ValueError(f"net_temp must be a number 0..10, got {net_temp!r}")
        self.net_temp = float(net_temp)
        if not isinstance(net_solve, int) or not 0 <= net_solve <= 10:
            raise ValueError(f"net_solve must be a whole number 0..10, got {net_solve!r}")
        self.net_solve = net_solve
        on = {k: NET_DEFAULTS[k] if v is None else v for k, v in given.items()}
        if on["net_playout"] and (on["net_reply"] or on["net_value"]):
            raise ValueError(
                "net_playout plays the samples' whole rest by the network: "
                "it does not go with net_reply or net_value"
            )
        self.network = None
        # The default prior's network loads when a match at a table it may know starts
        # (or at its first move there), and when it cannot, the search goes on without it.
        self._load_prior = prior is None and weights is None and bool(self.prior)
        if prior or weights is not None or any(given.values()):
            self.network = _network(weights)  # asked for: a missing network is an error
        elif any(on.values()):
            self.network = _default_network()
            self._load_prior = False
            if self.network is None:
                on = dict.fromkeys(on, 0)
        self.net_reply, self.net_infer, self.net_value, self.net_playout = on.values()

    async def start(self, info: MatchInfo) -> None:
        """A match begins: the default network loads now, not on a move's clock."""
        self._ready(info.rules)

    def _ready(self, rules: TableRules) -> None:
        if self._load_prior and rules.players == NET_PLAYERS:
            self._load_prior = False
            self.network = _default_network()

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
            if self.net_playout and self._knows(obs):
                samples = NET_PLAYOUT_SAMPLES

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
        self._ready(obs.rules)
        if not self.prior or self.network is None or not self.network.knows(obs.rules):
            return None
        chances, _ = self.network.policy(obs)
        return alike({a: self.prior * chances.get(a, 0.0) for a in obs.legal}, obs)

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

    def estimates(self, obs: Observation) -> Estimates:
        """The estimate of every legal action of ``obs`` that :meth:`choose` goes by
        (but at 2 seats with the stock empty, where it solves the one deal left):
        the same for the same position and seed."""
        return self._estimate(obs, self._noisy(obs))

    def choice(self, obs: Observation, est: Estimates) -> tuple[Action, Action | None]:
        """The action to play by ``est``, and the one a club veto set aside
        (:func:`overruling` with this bot's margin and prior)."""
        return overruling(obs, est, self.club, self._prior(obs))

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
        if self.net_playout and self._knows(obs):
            from .net_playout import NetPlayout

            assert self.network is not None
            seed = position_seed(self.seed, obs)
            playouts = NetPlayout(self.network, obs, self.net_temp, seed, self.net_solve)
            search = dataclasses.replace(search, playouts=playouts)
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


def alike(prior: dict[Action, float], obs: Observation) -> dict[Action, float]:
    """``prior`` with cards that do the same given the best of them: one suit,
    the same points, and no card still in play ranked between them (a 7 and a
    6; a card in the trick, the face-up card or one unseen is in play).  The
    network's taste between such cards says nothing, and of equal moves the
    cheaper is played (:func:`overruling`): the 6, keeping the 7."""
    strength, points = obs.rules.strength, obs.rules.points
    gone = {card for trick in obs.played for _, card in trick}.union(obs.hand)
    live = [c for c in obs.rules.deck if c not in gone]
    cards = sorted((a for a in prior if isinstance(a, Card)), key=lambda c: (c // 10, strength[c]))
    out = dict(prior)
    group: list[Card] = []
    for card in [*cards, None]:
        if group and card is not None and _same_use(group[-1], card, live, strength, points):
            group.append(card)
            continue
        best = max((prior[c] for c in group), default=0.0)
        out.update(dict.fromkeys(group, best))
        group = [] if card is None else [card]
    return out


def _same_use(
    low: Card, high: Card, live: Sequence[Card], strength: Sequence[int], points: Sequence[int]
) -> bool:
    """Do two cards of the hand (``low`` ranked below ``high``) do the same?"""
    suit, lo, hi = low // 10, strength[low], strength[high]
    between = (c for c in live if c // 10 == suit and lo < strength[c] < hi)
    return high // 10 == suit and points[low] == points[high] and next(between, None) is None


def _check_switch(name: str, value: object) -> None:
    """An on/off option: 0 or 1 (or unset)."""
    if value is not None and (not isinstance(value, int | float) or value not in (0, 1)):
        raise ValueError(f"{name} must be 0 or 1, got {value!r}")


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
    best action it allows of the same chance, unless that one is worse by more
    than ``club`` points; a veto of :data:`~.club.OVER_CHANCE` for the best
    action it allows of any chance, unless that one is worse by more than
    ``club`` points plus the points of the card set aside (the playouts
    misjudge keeping a card by up to its own points, and its chance with it).
    The action overruled comes second, and the advice says so.  So the action
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
    rule = vetoed(obs, best) if club and not won else None
    if rule is not None:
        # Only a veto of OVER_CHANCE overrules a chance the samples tell apart, and
        # by the card's points more (at 2 seats the others overruling it lost rounds).
        over = rule in OVER_CHANCE
        allowed = [a for a in (legal if over else even) if vetoed(obs, a) is None]
        if allowed:
            alt = max(allowed, key=order)
            kept = rules.points[best] if over and isinstance(best, Card) else 0
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
