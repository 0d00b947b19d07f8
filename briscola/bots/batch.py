"""Many rounds at once: B rounds held as NumPy arrays and advanced in lockstep.

Floor 5 (bots): the expert's network playouts (:mod:`.net_playout`) and the
lab's self-play use it.  The engine plays one card per call, and in CPython a
call costs more than the card (benchmarks/README.md, Engine speed); here one
call plays a card in each of B rounds.  Every round of a batch is at the same
point of play: at each step every round has the same number of cards played,
so the trick's length, the stock's size and the mover's hand size are one
number for the whole batch, and only the cards, seats and points differ.
The brisca exchange keeps that: it is no card, so :meth:`Batch.exchange` makes
it where asked without moving the play on, and the same turn's card follows.

It plays the rules of :class:`~briscola.engine.game.Round` for every table of
RULES.md (2, 3, 4 and 6 seats, both 3-seat packs, all variants), and
``tests/test_batch.py`` checks it against the engine card by card: the same
hands in the same order, stock, tricks, points, known cards and winners for
the same deals and choices, and :meth:`Batch.features` against
:func:`briscola.bots.net.features` of :func:`~briscola.engine.observation.observe`.

A hand is a row of slots in the engine's order (a played card's slot closes
up, a drawn card goes last), so slot ``k`` of the mover is the engine's
``legal_moves()[k]``.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from ..engine.cards import Rank
from ..engine.game import IllegalMoveError, Round
from ..engine.rules import HAND_SIZE, TableRules
from .net import CARDS, INPUTS, PLANES

__all__ = ["Batch", "deal_batch", "outcome"]

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
Floats = npt.NDArray[np.float32]

PAD = CARDS  # an empty slot, past the end of a hand
# Closing up a hand of three slots (and the pad) after slot k is played.
CLOSE = np.array([[1, 2, 3, 3], [0, 2, 3, 3], [0, 1, 3, 3]], np.int64)
# A card's input index given the trump suit (net.py's _rel), and back: REL[t, card], ABS[t, i].
_c = np.arange(CARDS)
REL = np.array([((_c // 10 - t) % 4) * 10 + _c % 10 for t in range(4)], np.int64)
ABS = np.array([((_c // 10 + t) % 4) * 10 + _c % 10 for t in range(4)], np.int64)
# REL with PAD kept out of the card planes: an empty slot marks the first scalar's
# input, which features() writes afterwards.
SCALAR0 = len(PLANES) * CARDS
RELX = np.concatenate([REL, np.full((4, 1), SCALAR0, np.int64)], axis=1)
_SEVEN_TAKES = [Rank.ACE, Rank.THREE, Rank.KING, Rank.KNIGHT, Rank.JACK]
_TWO_TAKES = [Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN]
# WANTED[face]: the trump card that may take the face-up card ``face`` (-1: none).
WANTED = np.full(CARDS, -1, np.int64)
for _face in range(CARDS):
    if _face % 10 in _SEVEN_TAKES:
        WANTED[_face] = (_face // 10) * 10 + Rank.SEVEN
    elif _face % 10 in _TWO_TAKES:
        WANTED[_face] = (_face // 10) * 10 + Rank.TWO


class Batch:
    """B rounds of one table, dealt from ``decks`` (B x pack, top card first) with
    ``dealers`` (B), as :class:`~briscola.engine.game.Round` deals one."""

    def __init__(self, rules: TableRules, decks: Ints, dealers: Ints) -> None:
        decks = np.asarray(decks, np.int64)
        dealers = np.asarray(dealers, np.int64)
        n, size = rules.players, len(rules.deck)
        if decks.ndim != 2 or decks.shape[1] != size or dealers.shape != decks.shape[:1]:
            raise ValueError(f"decks must be B x {size} and dealers B, got {decks.shape}")
        if not (np.sort(decks, axis=1) == np.sort(rules.deck)).all():
            raise ValueError(f"each deck must hold the {size} cards of the table's pack")
        b = int(decks.shape[0])
        first = (dealers + 1) % n
        dealt = HAND_SIZE * n
        hands = np.full((b, n, HAND_SIZE + 1), PAD, np.int64)
        for s in range(n):  # card i of the deal goes to seat first + i (mod n)
            offset = (s - first) % n
            for k in range(HAND_SIZE):
                hands[:, s, k] = decks[np.arange(b), offset + k * n]
        self._setup(rules, decks[:, dealt].copy(), dealers, hands)
        # stock[:, 0] is the face-up card, drawn last; stock[:, left - 1] is drawn next.
        self.stock = np.concatenate([decks[:, dealt : dealt + 1], decks[:, :dealt:-1]], axis=1)
        self.left = self.stock.shape[1]
        self.leader = first
        self.mover = first.copy()  # the seat to move in each round
        self.played = 0  # cards in the trick in progress
        self.tricks = 0  # finished

    def _setup(self, rules: TableRules, trump_card: Ints, dealers: Ints, hands: Ints) -> None:
        """What every batch holds, with no card played: the tables, the hands (B x n
        x 4 slots), empty tricks, points, history and known cards."""
        n = rules.players
        self.rules = rules
        self.n = n
        self.b: int = int(hands.shape[0])
        b = self.b
        self.rows = np.arange(b)
        self.team_of = np.array(rules.team_of, np.int64)
        self.points_of = np.array(rules.points, np.int64)
        self.beats = np.array(rules.beats, np.bool_)  # [trump, best, card]
        self._beats = self.beats.reshape(-1)  # at trump * 1600 + best * 40 + card
        self.hands = hands
        self.sizes = (hands != PAD).sum(axis=2)
        self.trump_card = trump_card
        self.trump = trump_card // 10
        self.dealers = dealers
        self.trick = np.zeros((b, n), np.int64)  # the cards in playing order
        self.points = np.zeros((b, len(rules.teams)), np.int64)
        # Who played each card of a finished trick, at the card's input index (relative
        # to the trump suit, as the network sees it; the trump is the round's for good).
        self.owner = np.full((b, CARDS), -1, np.int64)
        self._rel = REL[self.trump]  # B x 40: each round's card -> input index
        pack = np.zeros(PAD + 1, np.bool_)
        pack[list(rules.deck)] = True
        self._pack = pack[:CARDS][ABS[self.trump]]  # the pack at input indices
        self.known = np.zeros((b, n, CARDS), np.bool_)  # taken by exchange or the last draw
        self._tricks_all = tricks = rules.tricks
        self.history = np.zeros((b, tricks, n), np.int64)  # each trick's cards in order
        self.leaders = np.zeros((b, tricks), np.int64)
        self.winners = np.zeros((b, tricks), np.int64)
        self.exchanged = np.zeros(b, np.bool_)  # this turn (at most one a turn)
        # The hot path indexes flat views, one index per round rather than two
        # (round, seat): a seat's row is at[round] + seat.
        self._at = self.rows * n
        self._hands = self.hands.reshape(b * n, HAND_SIZE + 1)
        self._sizes = self.sizes.reshape(b * n)
        self._known = self.known.reshape(b * n, CARDS)
        self._owner = self.owner.reshape(b * CARDS)
        self._some_known = False  # nothing to clear from known until a card is known

    @classmethod
    def resume(
        cls,
        past: Round,
        hands: Sequence[Sequence[Sequence[int]]],
        stocks: Sequence[Sequence[int]],
        tricks: Sequence[Sequence[int]],
        points: Sequence[Sequence[int]],
        leaders: Sequence[int],
    ) -> Batch:
        """B rounds in play that share the public past of the round ``past`` (its
        finished tricks, exchanges and the face-up card's taker; the hidden cards
        may differ: the determinizations of one observation) and are at one point
        of play: each round's hands (by seat, in the engine's order), stock (the
        face-up card first, drawn from the end), trick so far, points and leader."""
        rules, n = past.rules, past.n
        b = len(hands)
        played, left, done = len(tricks[0]), len(stocks[0]), len(past.history)
        if any(len(t) != played for t in tricks) or any(len(s) != left for s in stocks):
            raise ValueError("the rounds of a batch must be at one point of play")
        pad = [PAD] * (HAND_SIZE + 1)
        slots = np.array([[[*h, *pad[len(h) :]] for h in row] for row in hands], np.int64)
        batch = cls.__new__(cls)
        trump_card = np.full(b, int(past.trump_card), np.int64)
        batch._setup(rules, trump_card, np.full(b, past.dealer, np.int64), slots)
        if (batch.sizes != batch.sizes[0]).any() or len(leaders) != b or len(points) != b:
            raise ValueError("the rounds of a batch must be at one point of play")
        batch.stock = np.array(stocks, np.int64).reshape(b, left)
        batch.left = left
        batch.leader = np.array(leaders, np.int64)
        batch.mover = (batch.leader + played) % n
        batch.trick[:, :played] = np.array(tricks, np.int64).reshape(b, played)
        batch.played = played
        batch.points[:] = np.array(points, np.int64)
        batch.tricks = done
        for t, (leader, cards, winner) in enumerate(past.history):
            batch.history[:, t] = cards
            batch.leaders[:, t] = leader
            batch.winners[:, t] = winner
            rel = REL[batch.trump[0], list(cards)]
            batch.owner[:, rel] = [(leader + j) % n for j in range(n)]
        taken = [(seat, int(took)) for seat, _gave, took in past.exchanges]
        if past.trump_taken is not None:
            taken.append((past.trump_taken[0], int(past.trump_taken[1])))
        for seat, card in taken:  # known while still in the hand
            batch.known[:, seat, card] |= (slots[:, seat] == card).any(axis=1)
            batch._some_known = True
        batch.exchanged[:] = past.exchanged_this_turn
        return batch

    @classmethod
    def from_rounds(cls, rounds: Sequence[Round]) -> Batch:
        """The engine's ``rounds`` as a batch (see :meth:`resume`: one public past,
        one point of play; the determinizations of one observation are)."""
        past = rounds[0]
        if any(r.history != past.history or r.rules != past.rules for r in rounds):
            raise ValueError("the rounds of a batch must share their public past")
        return cls.resume(
            past,
            [r.hands for r in rounds],
            [r.stock for r in rounds],
            [r.trick for r in rounds],
            [r.points for r in rounds],
            [r.leader for r in rounds],
        )

    # -- reading --------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.tricks == self._tricks_all

    @property
    def hand_size(self) -> int:
        """The mover's cards: the same in every round of the batch (three while the
        stock lasts, then one a trick fewer)."""
        return HAND_SIZE if self.left else self._tricks_all - self.tricks

    def mover_hands(self) -> Ints:
        """B x 3: the mover's cards in the engine's order, PAD past the hand."""
        return self._hands[self._at + self.mover, :HAND_SIZE]

    def can_exchange(self) -> Bools:
        """Where the mover may make the brisca exchange before this turn's card."""
        if not self.rules.exchange or self.left < 2:
            return np.zeros(self.b, np.bool_)
        wanted = WANTED[self.stock[:, 0]]
        held = (self.mover_hands() == wanted[:, None]).any(axis=1)
        return np.asarray(held & (wanted >= 0) & ~self.exchanged, np.bool_)

    def winner(self) -> Ints:
        """Each finished round's winning side, -1 for a drawn round (a tie for highest)."""
        return outcome(self.points)

    # -- acting ---------------------------------------------------------------

    def play(self, slots: Ints) -> None:
        """The mover of each round plays the card in its slot ``slots[i]``."""
        if self.over:
            raise IllegalMoveError("the rounds are over")
        rows = self.rows
        slots = np.asarray(slots, np.int64)
        # Unsigned, a negative slot is huge: one comparison refuses both ends.
        if slots.shape != (self.b,) or (slots.view(np.uint64) >= self.hand_size).any():
            raise IllegalMoveError(f"a slot of the mover's {self.hand_size} cards for each round")
        i = self._at + self.mover
        hand = self._hands[i]
        card = hand[rows, slots]
        self._hands[i] = hand[rows[:, None], CLOSE[slots]]
        self._sizes[i] -= 1
        if self._some_known:
            self._known[i, card] = False
        self.trick[:, self.played] = card
        self.played += 1
        if self.rules.exchange:
            self.exchanged[:] = False
        if self.played == self.n:
            self._settle()
        else:
            mover = self.mover + 1
            mover[mover == self.n] = 0
            self.mover = mover

    def exchange(self, where: Bools) -> None:
        """The brisca exchange by the mover of each round ``where`` says: its trump 7
        or 2 for the face-up card (in the same slot), the rest of its turn to come."""
        where = np.asarray(where, np.bool_)
        if where.shape != (self.b,) or (where & ~self.can_exchange()).any():
            raise IllegalMoveError("an exchange where the rules do not allow it")
        rows = self.rows[where]
        seat = self.mover[where]
        face = self.stock[rows, 0]
        wanted = WANTED[face]
        slot = np.argmax(self.hands[rows, seat] == wanted[:, None], axis=1)
        self.hands[rows, seat, slot] = face
        self.stock[rows, 0] = wanted
        self.known[rows, seat, face] = True
        self._some_known = True
        self.exchanged[rows] = True

    def _settle(self) -> None:
        """The trick is full: score it, the winner leads, everyone draws from the winner."""
        rows, n, trick = self.rows, self.n, self.trick
        base = self.trump * (CARDS * CARDS)
        best = trick[:, 0]
        at = np.zeros(self.b, np.int64)
        for i in range(1, n):
            card = trick[:, i]
            takes = self._beats[base + best * CARDS + card]
            best = np.where(takes, card, best)
            at[takes] = i
        leader = self.leader
        winner = leader + at
        winner[winner >= n] -= n
        gained = self.points_of[trick].sum(axis=1)
        self.points[rows, self.team_of[winner]] += gained
        order = (leader[:, None] + np.arange(n)) % n  # the seats in playing order
        rel = np.take_along_axis(self._rel, trick, axis=1)
        self._owner[(rows * CARDS)[:, None] + rel] = order
        t = self.tricks
        self.history[:, t] = trick
        self.leaders[:, t] = leader
        self.winners[:, t] = winner
        self.tricks = t + 1
        self.leader = winner
        self.mover = winner.copy()
        self.played = 0
        if self.left:
            # Every hand holds two cards now; from the winner round, each draws its third.
            left = self.left
            seats = (winner[:, None] + np.arange(n)) % n
            self._hands[self._at[:, None] + seats, HAND_SIZE - 1] = self.stock[
                :, left - 1 : left - 1 - n if left > n else None : -1
            ]
            self._sizes[:] = HAND_SIZE
            self.left = left - n
            if not self.left:  # the last seat drew the face-up card: public
                self.known[rows, seats[:, -1], self.stock[:, 0]] = True
                self._some_known = True

    # -- the network's view ---------------------------------------------------

    def features(self, seats: Ints | None = None) -> Floats:
        """B x INPUTS: :func:`briscola.bots.net.features` of each mover's observation,
        or of the observation of seat ``seats[i]`` in round ``i``."""
        rows, b = self.rows, self.b
        mover = self.mover if seats is None else np.asarray(seats, np.int64)
        x = np.zeros((b, INPUTS), np.float32)
        col = rows[:, None]
        trump = self.trump[:, None]
        x[col, RELX[trump, self._hands[self._at + mover, :HAND_SIZE]]] = 1.0  # PLANES' order
        if self.played:
            x[col, CARDS + REL[trump, self.trick[:, : self.played]]] = 1.0
        if self.left:
            x[rows, 2 * CARDS + self._rel[rows, self.stock[:, 0]]] = 1.0
        owner = self.owner
        done = owner >= 0
        ours = self.team_of[owner] == self.team_of[mover][:, None]
        x[:, 3 * CARDS : 4 * CARDS] = done & ours
        x[:, 4 * CARDS : 5 * CARDS] = done & ~ours
        if self.played:  # a partner's card in the trick is in the own side's plane too
            order = (self.leader[:, None] + np.arange(self.played)) % self.n
            partner = self.team_of[order] == self.team_of[mover][:, None]
            cards = 3 * CARDS + REL[trump, self.trick[:, : self.played]]
            x[col, cards] = np.maximum(x[col, cards], partner)
        if self._some_known:
            others = self.known.copy()
            others[rows, mover] = False
            x[col, 5 * CARDS + self._rel] = others.any(axis=1)
        seen = x[:, : 6 * CARDS].reshape(b, 6, CARDS).max(axis=1) > 0
        x[:, 6 * CARDS : SCALAR0] = self._pack & ~seen
        x[:, SCALAR0:] = self.scalars(mover)
        return x

    def scalars(self, seats: Ints | None = None) -> Floats:
        """B x 6: the scalar inputs of :meth:`features` (the stock, both sides'
        points, leading, the hand sizes) of each mover, or of ``seats``."""
        rows, b = self.rows, self.b
        mover = self.mover if seats is None else seats
        teams = self.points.shape[1]
        side = self.team_of[mover]
        own = self.points[rows, side]
        rest = np.where(np.arange(teams)[None, :] == side[:, None], -1, self.points)
        sizes = self.sizes[rows]
        mine = sizes[rows, mover]
        return np.stack(
            [
                np.full(b, self.left / 34.0),
                own / 120.0,
                np.maximum(rest.max(axis=1), 0) / 120.0,
                np.full(b, 0.0 if self.played else 1.0),
                mine / 3.0,
                (sizes.sum(axis=1) - mine) / (self.n - 1) / 3.0,
            ],
            axis=1,
        ).astype(np.float32)

    def legal_mask(self) -> Bools:
        """B x 40: the mover's cards at their input indices (net.py's legal_mask)."""
        mask = np.zeros((self.b, PAD + 1), np.bool_)
        hand = self.mover_hands()
        rel = np.where(hand == PAD, PAD, REL[self.trump[:, None], np.minimum(hand, CARDS - 1)])
        mask[self.rows[:, None], rel] = True
        return mask[:, :CARDS]


def outcome(points: Ints) -> Ints:
    """The winning side of each row of points, -1 where the highest is shared."""
    best = points.max(axis=1)
    ties = (points == best[:, None]).sum(axis=1) > 1
    return np.where(ties, -1, points.argmax(axis=1))


def deal_batch(
    rules: TableRules, rounds: int, rng: np.random.Generator, dealers: Sequence[int] | None = None
) -> tuple[Ints, Ints]:
    """``rounds`` shuffled decks of the table's pack and a dealer each, from ``rng``."""
    pack = np.array(rules.deck, np.int64)
    decks = rng.permuted(np.tile(pack, (rounds, 1)), axis=1)
    if dealers is None:
        return decks, rng.integers(rules.players, size=rounds)
    return decks, np.asarray(dealers, np.int64)
