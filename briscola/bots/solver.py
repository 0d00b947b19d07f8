"""A compact perfect-information position and its exact solver (alpha-beta on points).

Floor 5 (bots).  Search cannot afford :class:`~briscola.engine.game.Round` in its
innermost loop, so :class:`Position` keeps a round as plain ints and lists
(cards are ints 0..39, the stock is drawn from its end, the face-up card is
``stock[0]``) with cheap :meth:`Position.copy`.  It knows the whole deal, so
a bot only ever builds one from a *determinized* round (or, for the research
oracle, from the revealed one).

:func:`solve` finds the exact value of a position for one side when every
card is known: once the 2-player stock is empty it is the true value of the
endgame.  It plays the brisca exchange as a move of its own and handles 2
sides: 2 players, or 4 in two teams (partners pool their points).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..engine.cards import Rank
from ..engine.game import EXCHANGE, Action, Round

__all__ = ["Position", "expect", "solve", "solve_actions", "trick_result"]

_SEVEN_TAKES = frozenset({Rank.ACE, Rank.THREE, Rank.KING, Rank.KNIGHT, Rank.JACK})
_TWO_TAKES = frozenset({Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN})


def trick_result(
    trick: Sequence[int], trump: int, strength: Sequence[int], points: Sequence[int]
) -> tuple[int, int]:
    """(index of the winning card in playing order, points in the trick)."""
    best = trick[0]
    best_i = 0
    gained = points[best]
    for i in range(1, len(trick)):
        c = trick[i]
        gained += points[c]
        if c // 10 == best // 10:
            if strength[c] > strength[best]:
                best, best_i = c, i
        elif c // 10 == trump:
            best, best_i = c, i
    return best_i, gained


class Position:
    """A whole round as ints: every hand, the stock in drawing order, the trick."""

    __slots__ = (
        "exchange_rule",
        "exchanged",
        "hands",
        "leader",
        "n",
        "points",
        "score",
        "sides",
        "stock",
        "strength",
        "team_of",
        "to_move",
        "trick",
        "trump",
    )

    n: int
    sides: int
    team_of: tuple[int, ...]
    trump: int
    strength: tuple[int, ...]
    points: tuple[int, ...]
    exchange_rule: bool
    hands: list[list[int]]
    stock: list[int]
    trick: list[int]
    leader: int
    to_move: int
    score: list[int]
    exchanged: bool

    @classmethod
    def from_round(cls, r: Round) -> Position:
        p = cls.__new__(cls)
        rules = r.rules
        p.n = r.n
        p.sides = len(rules.teams)
        p.team_of = rules.team_of
        p.trump = r.trump_suit
        p.strength = rules.strength
        p.points = rules.points
        p.exchange_rule = rules.exchange
        p.hands = [[int(c) for c in h] for h in r.hands]
        p.stock = [int(c) for c in r.stock]
        p.trick = [int(c) for c in r.trick]
        p.leader = r.leader
        p.to_move = r.to_move
        p.score = list(r.points)
        p.exchanged = r.exchanged_this_turn
        return p

    def copy(self) -> Position:
        p = Position.__new__(Position)
        p.n = self.n
        p.sides = self.sides
        p.team_of = self.team_of
        p.trump = self.trump
        p.strength = self.strength
        p.points = self.points
        p.exchange_rule = self.exchange_rule
        p.hands = [h[:] for h in self.hands]
        p.stock = self.stock[:]
        p.trick = self.trick[:]
        p.leader = self.leader
        p.to_move = self.to_move
        p.score = self.score[:]
        p.exchanged = self.exchanged
        return p

    @property
    def over(self) -> bool:
        return not self.hands[self.to_move]

    def exchange_card(self) -> int:
        """The trump 7 or 2 the mover may exchange for the face-up card now, or -1."""
        if not self.exchange_rule or self.exchanged or len(self.stock) < 2:
            return -1
        rank = self.stock[0] % 10
        if rank in _SEVEN_TAKES:
            wanted = self.trump * 10 + Rank.SEVEN
        elif rank in _TWO_TAKES:
            wanted = self.trump * 10 + Rank.TWO
        else:
            return -1
        return wanted if wanted in self.hands[self.to_move] else -1

    def exchange(self) -> None:
        mine = self.exchange_card()
        if mine < 0:
            raise ValueError("no exchange possible in this position")
        hand = self.hands[self.to_move]
        hand[hand.index(mine)] = self.stock[0]
        self.stock[0] = mine
        self.exchanged = True

    def play(self, card: int) -> None:
        """Play ``card`` for the mover; a full trick is scored and the hands refilled."""
        n = self.n
        self.hands[self.to_move].remove(card)
        trick = self.trick
        trick.append(card)
        self.exchanged = False
        if len(trick) < n:
            self.to_move = self.to_move + 1 if self.to_move + 1 < n else 0
            return
        best_i, gained = trick_result(trick, self.trump, self.strength, self.points)
        winner = (self.leader + best_i) % n
        self.score[self.team_of[winner]] += gained
        self.trick = []
        self.leader = self.to_move = winner
        stock = self.stock
        if stock:
            hands = self.hands
            for k in range(n):
                hands[(winner + k) % n].append(stock.pop())

    def act(self, action: Action | int) -> None:
        if action == EXCHANGE:
            self.exchange()
        else:
            self.play(int(action))

    def actions(self) -> list[Action | int]:
        """The mover's cards (as ints), then ``"exchange"`` when it is allowed."""
        out: list[Action | int] = list(self.hands[self.to_move])
        if self.exchange_card() >= 0:
            out.append(EXCHANGE)
        return out


def solve(p: Position, side: int, alpha: int = -1, beta: int = 1000) -> int:
    """The final points of ``side`` under perfect play by both sides (2 sides only).

    Exact when the result lies strictly between ``alpha`` and ``beta``; outside
    that window it is a bound, as usual for alpha-beta.  ``p`` is left unchanged.
    """
    if p.sides != 2:
        raise ValueError("the exact solver plays two sides (2 players, or 4 in two teams)")
    base = p.score[side]
    if _plain_pair(p) and not p.trick:
        trump, strength, points = p.trump, p.strength, p.points
        return base + _pair(p.hands, p.stock, p.leader, side, alpha - base, beta - base, trump,
                            strength, points)  # fmt: skip
    return base + _search(p, side, alpha - base, beta - base)


def _plain_pair(p: Position) -> bool:
    """Two players and no exchange left to make: the fast search applies."""
    return p.n == 2 and (not p.exchange_rule or len(p.stock) < 2)


def solve_actions(p: Position, side: int) -> dict[Action | int, int]:
    """The exact final points of ``side`` after each of the mover's actions."""
    out: dict[Action | int, int] = {}
    for a in p.actions():
        q = p.copy()
        q.act(a)
        out[a] = solve(q, side)
    return out


def expect(p: Position, side: int, value: Callable[[list[int]], float] | None = None) -> float:
    """The mean of ``value(final score)`` when ``side`` plays its best and every
    other seat plays each of its actions with equal chance, as a random player does.

    ``value`` defaults to the side's final points.  Against a random player this,
    not :func:`solve`, is the endgame's true value: the search is exhaustive, so
    it is meant for the last few cards.  ``p`` is left unchanged.
    """
    if p.over:
        return value(p.score) if value is not None else p.score[side]
    values = []
    for a in p.actions():
        q = p.copy()
        q.act(a)
        values.append(expect(q, side, value))
    if p.team_of[p.to_move] == side:
        return max(values)
    return sum(values) / len(values)


def _search(p: Position, side: int, alpha: int, beta: int) -> int:
    """Points ``side`` gains from here on; the position is restored before returning."""
    mover = p.to_move
    hand = p.hands[mover]
    if not hand:
        return 0
    n = p.n
    if len(hand) == 1 and not p.stock:  # the last trick: every card left is forced
        cards = p.trick + [p.hands[(mover + j) % n][0] for j in range(n - len(p.trick))]
        best_i, gained = trick_result(cards, p.trump, p.strength, p.points)
        return gained if p.team_of[(p.leader + best_i) % n] == side else 0
    maximize = p.team_of[mover] == side
    best = -1 if maximize else 1000
    mine = p.exchange_card() if p.exchange_rule else -1
    if mine >= 0:
        i = hand.index(mine)
        face = p.stock[0]
        hand[i], p.stock[0], p.exchanged = face, mine, True
        best = _search(p, side, alpha, beta)
        hand[i], p.stock[0], p.exchanged = mine, face, False
        if maximize:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha >= beta:
            return best
    for card in tuple(hand):
        v = _after(p, card, side, alpha, beta)
        if maximize:
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
        elif v < best:
            best = v
            if v < beta:
                beta = v
        if alpha >= beta:
            break
    return best


def _after(p: Position, card: int, side: int, alpha: int, beta: int) -> int:
    """The value of playing ``card`` now: apply, search, undo."""
    n = p.n
    mover = p.to_move
    hand = p.hands[mover]
    i = hand.index(card)
    del hand[i]
    trick = p.trick
    trick.append(card)
    exchanged = p.exchanged
    p.exchanged = False
    if len(trick) < n:
        p.to_move = mover + 1 if mover + 1 < n else 0
        v = _search(p, side, alpha, beta)
    else:
        if n == 2:  # the common case, inline
            a, b = trick
            strength, points = p.strength, p.points
            gained = points[a] + points[b]
            if b // 10 == a // 10:
                best_i = 1 if strength[b] > strength[a] else 0
            else:
                best_i = 1 if b // 10 == p.trump else 0
        else:
            best_i, gained = trick_result(trick, p.trump, p.strength, p.points)
        leader = p.leader
        winner = (leader + best_i) % n
        got = gained if p.team_of[winner] == side else 0
        p.trick = []
        p.leader = p.to_move = winner
        stock = p.stock
        hands = p.hands
        drew = bool(stock)
        if drew:
            for k in range(n):
                hands[(winner + k) % n].append(stock.pop())
        if _plain_pair(p):
            v = got + _pair(
                hands, stock, winner, side, alpha - got, beta - got, p.trump, p.strength, p.points
            )
        else:
            v = got + _search(p, side, alpha - got, beta - got)
        if drew:
            for k in range(n - 1, -1, -1):
                stock.append(hands[(winner + k) % n].pop())
        p.trick = trick
        p.leader = leader
    p.to_move = mover
    p.exchanged = exchanged
    trick.pop()
    hand.insert(i, card)
    return v


def _pair(
    hands: list[list[int]],
    stock: list[int],
    leader: int,
    side: int,
    alpha: int,
    beta: int,
    trump: int,
    strength: tuple[int, ...],
    points: tuple[int, ...],
) -> int:
    """:func:`_search` for 2 players from the start of a trick, a whole trick per
    step (the leader's card, then the follower's answer): most solves are these."""
    lead = hands[leader]
    if not lead:
        return 0
    follower = 1 - leader
    answer = hands[follower]
    if len(lead) == 1 and not stock:
        a, b = lead[0], answer[0]
        if b // 10 == a // 10:
            won = follower if strength[b] > strength[a] else leader
        else:
            won = follower if b // 10 == trump else leader
        return points[a] + points[b] if won == side else 0
    lead_max = leader == side
    best = -1 if lead_max else 1000
    for i in range(len(lead)):
        a = lead[i]
        del lead[i]
        suit = a // 10
        # The follower's node, searched in the window the leader's node has now.
        lo, hi = alpha, beta
        reply = 1000 if lead_max else -1
        for j in range(len(answer)):
            b = answer[j]
            del answer[j]
            if b // 10 == suit:
                won = follower if strength[b] > strength[a] else leader
            else:
                won = follower if b // 10 == trump else leader
            got = points[a] + points[b] if won == side else 0
            if stock:
                hands[won].append(stock.pop())
                hands[1 - won].append(stock.pop())
                v = got + _pair(
                    hands, stock, won, side, lo - got, hi - got, trump, strength, points
                )
                stock.append(hands[1 - won].pop())
                stock.append(hands[won].pop())
            else:
                v = got + _pair(
                    hands, stock, won, side, lo - got, hi - got, trump, strength, points
                )
            answer.insert(j, b)
            if lead_max:  # the follower minimizes
                if v < reply:
                    reply = v
                    if v < hi:
                        hi = v
            elif v > reply:
                reply = v
                if v > lo:
                    lo = v
            if lo >= hi:
                break
        lead.insert(i, a)
        if lead_max:
            if reply > best:
                best = reply
                if reply > alpha:
                    alpha = reply
        elif reply < best:
            best = reply
            if reply < beta:
                beta = reply
        if alpha >= beta:
            break
    return best
