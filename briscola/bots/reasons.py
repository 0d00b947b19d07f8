"""Why a card is good or bad, in facts read off the seat's observation.

Floor 5 (bots).  ``hint`` and ``review`` give the search's chances with
each card; this module adds the reasons a player would give, each one a
fact the seat can check from what it sees (never a guess about a hidden
card, only that one *may* be there).  :func:`reasons` lists, for one
legal card, every reason that holds, as a code and the fields a sentence
needs; none when none holds.  :func:`wins_round_now` is also the expert's
rule that a round won on the spot is never passed up.

The codes:

- ``wins_round``: the card takes the trick for sure and the side's points
  then win the round whatever the rest of it brings.
- ``face_up_you``, ``face_up_partner``, ``face_up_them``: the stock ends
  with this trick, so its winner decides who draws the face-up card (the
  seat before the winner draws it last), and this card settles it one way
  where another card would settle it otherwise.
- ``gives_points``: the card goes to the other side's trick for sure,
  with its points, where a card worth less could be played.
- ``takes_points``: the card takes the trick for sure, with the points on
  it (``takes_trick`` when there are none yet: a lead, or a trick of blanks):
  said of every card of which it is true.
- ``trumpable``: the card would hold the trick (a plain card with points,
  or on a trick with points) and a seat of the other side still to play may
  hold one of the trumps not yet seen (the count leaves out a trump known to
  be in a hand, such as the face-up card once drawn).
- ``trump_behind``: as above, and a seat of the other side still to play is
  known to hold a trump (the face-up card it drew, or one it took in an
  exchange).
- ``beatable``: as above, by a higher card of its own suit not yet seen
  (worth 10 or more).
- ``keeps_trump``: near the end of the stock a plain card played keeps the
  hand's best trump for the last tricks.
- ``partner_safe``: the partner holds the trick, the card leaves it there,
  and no seat still to play can take it from them by what is known: none of
  them may hold a trump or a higher card of the suit not seen yet.  (While
  one of them may, the partner does not hold the trick in any sense a player
  can act on, and nothing is said.)

Each code is a predicate over the observation, checked by its own tests
(``tests/test_reasons.py``) and, over random positions, by property tests.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final, Protocol

from ..engine.cards import Card
from ..engine.game import Action
from ..engine.observation import Observation, unseen_cards
from ..words.i18n import Catalog, say
from ..words.languages import catalog


class _Valued(Protocol):
    @property
    def value(self) -> float: ...


class Advice(Protocol):
    """What :func:`notes` reads of :class:`~briscola.bots.advice.Advice` (a protocol:
    the expert imports this module, not the other way round)."""

    @property
    def ranked(self) -> Sequence[tuple[Action, _Valued]]: ...
    @property
    def same(self) -> frozenset[Action]: ...
    @property
    def exact(self) -> bool: ...
    @property
    def overruled(self) -> Action | None: ...
    @property
    def best(self) -> Action: ...
    def prefers_by(self) -> float: ...


__all__ = [
    "CODES",
    "WORDS",
    "Reason",
    "because",
    "notes",
    "percent",
    "reasons",
    "wins_round_now",
]

CODES = (
    "wins_round",
    "face_up_you",
    "face_up_partner",
    "face_up_them",
    "gives_points",
    "takes_points",
    "takes_trick",
    "trumpable",
    "trump_behind",
    "beatable",
    "keeps_trump",
    "partner_safe",
)


@dataclass(frozen=True, slots=True)
class Reason:
    """A reason's code, and the cards and numbers its sentence names."""

    code: str
    card: Card | None = None  # the card the sentence names, if any
    n: int = 0  # the number it names (points, trumps), if any
    fields: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class _Trick:
    """What playing a card does to the trick in progress, as far as the seat knows."""

    holder: int  # the seat holding the trick after the card
    ours: bool  # that seat is on the mover's side
    sure: bool  # no seat still to play can change who holds it
    last: bool  # the card completes the trick
    points: int  # the points in the trick with the card


def _later(obs: Observation) -> list[int]:
    """The seats still to play in the trick after the mover."""
    n = obs.rules.players
    k = len(obs.trick) + 1
    return [(obs.leader + j) % n for j in range(k, n)]


def _possible(obs: Observation, seat: int) -> set[Card]:
    """The cards ``seat`` may hold, as the mover sees it."""
    return set(unseen_cards(obs)) | set(obs.known[seat])


def _trick(obs: Observation, card: Card) -> _Trick:
    rules = obs.rules
    seats = [s for s, _ in obs.trick] + [obs.seat]
    cards = [int(c) for _, c in obs.trick] + [int(card)]
    best = rules.trick_winner(obs.trump_suit, cards)
    holder = seats[best]
    mine = rules.team_of[obs.seat]
    ours = rules.team_of[holder] == mine
    beats = rules.beats[obs.trump_suit][cards[best]]
    sure = True
    for seat in _later(obs):
        if (rules.team_of[seat] == mine) == ours:
            continue  # a seat of the holding side does not take it away
        if any(beats[c] for c in _possible(obs, seat)):
            sure = False
            break
    points = sum(rules.points[c] for c in cards)
    return _Trick(holder, ours, sure, len(cards) == rules.players, points)


def wins_round_now(obs: Observation, action: Action) -> bool:
    """Does ``action`` take the trick for sure and with it points enough that no
    other side can reach the mover's side, whatever the rest of the round brings?"""
    if not isinstance(action, Card) or action not in obs.legal:
        return False
    t = _trick(obs, action)
    if not (t.ours and t.sure):
        return False
    rules = obs.rules
    mine = rules.team_of[obs.seat]
    total = sum(rules.points[c] for c in rules.deck)
    after = list(obs.points)
    after[mine] += t.points
    # Cards still to fall on this trick would be the mover's too; counted as left, to be safe.
    left = total - sum(after)
    return all(after[mine] > p + left for i, p in enumerate(after) if i != mine)


def _face_up_drawer(obs: Observation, card: Card) -> int | None:
    """The seat that draws the face-up card if ``card`` is played, when this
    trick ends the stock and the seat that takes it is sure; else None."""
    n = obs.rules.players
    if obs.trump_card is None or obs.stock != n:
        return None
    t = _trick(obs, card)
    team_of = obs.rules.team_of
    if not t.sure or any(team_of[s] == team_of[t.holder] for s in _later(obs)):
        return None  # the other side, or a seat of the holding side, may still take it
    return (t.holder - 1) % n  # the winner draws first, the seat before it last


def reasons(obs: Observation, action: Action) -> list[Reason]:
    """Every reason of this module's list that holds for ``action`` in ``obs``."""
    if not isinstance(action, Card):
        return []
    rules = obs.rules
    points = rules.points
    trump = obs.trump_suit
    mine = rules.team_of[obs.seat]
    out: list[Reason] = []
    t = _trick(obs, action)
    if wins_round_now(obs, action):
        out.append(Reason("wins_round", n=obs.points[mine] + t.points))
    drawer = _face_up_drawer(obs, action)
    if drawer is not None and obs.trump_card is not None:
        others = {_face_up_drawer(obs, c) for c in obs.legal if isinstance(c, Card) and c != action}
        if others - {drawer}:
            if drawer == obs.seat:
                code = "face_up_you"
            elif rules.team_of[drawer] == mine:
                code = "face_up_partner"
            else:
                code = "face_up_them"
            out.append(Reason(code, card=obs.trump_card))
    hand = [c for c in obs.hand if c != action]
    cheaper = any(points[c] < points[action] for c in hand)
    if obs.trick and t.sure and not t.ours and points[action] > 0 and cheaper:
        out.append(Reason("gives_points", card=action, n=points[action]))
    won = bool(out) and out[0].code == "wins_round"
    if t.sure and t.holder == obs.seat and not won:
        if obs.trick and t.points:
            out.append(Reason("takes_points", n=t.points))
        else:
            out.append(Reason("takes_trick"))
    if t.holder == obs.seat and not t.sure and (points[action] > 0 or t.points >= 10):
        later = [s for s in _later(obs) if rules.team_of[s] != mine]
        maybe: set[Card] = set()
        for s in later:
            maybe |= _possible(obs, s)
        if action.suit != trump:
            unseen = set(unseen_cards(obs))
            trumps = [c for c in maybe if c.suit == trump and c in unseen]
            if trumps:
                out.append(Reason("trumpable", card=action, n=len(trumps)))
            held = [c for s in later for c in obs.known[s] if c.suit == trump]
            if held:
                out.append(Reason("trump_behind", card=max(held, key=rules.strength.__getitem__)))
        higher = [
            c
            for c in maybe
            if c.suit == action.suit
            and rules.strength[c] > rules.strength[action]
            and points[c] >= 10
        ]
        if higher:
            top = max(higher, key=rules.strength.__getitem__)
            out.append(Reason("beatable", card=top))
    trumps_kept = [c for c in hand if c.suit == trump]
    if action.suit != trump and trumps_kept and obs.stock <= 2 * rules.players:
        top = max(trumps_kept, key=rules.strength.__getitem__)
        if points[top] > 0:
            out.append(Reason("keeps_trump", card=top))
    if obs.trick:
        cards = [int(c) for _, c in obs.trick]
        before = obs.trick[rules.trick_winner(trump, cards)][0]
        if before != obs.seat and rules.team_of[before] == mine and t.holder == before and t.sure:
            out.append(Reason("partner_safe"))
    return out


# -- in words -------------------------------------------------------------------------
# Each reason as a clause that follows "because" (or its list), filled with the card's
# name in the reader's faces and the number; ``hint`` and ``review`` share them.  The
# sentences are the REASONS of each language's file in :mod:`briscola.words`.

WORDS: Final[Catalog] = catalog("REASONS")


def because(reasons: Sequence[Reason], lang: str, name: Callable[[Card], str], card: str) -> str:
    """The reasons that hold for ``card`` as one sentence in ``lang`` ("CARD: ...;
    ...."), cards named by ``name``; empty when there are none."""
    if not reasons:
        return ""
    parts = []
    for r in reasons:
        count = r.n if isinstance(WORDS["en"][r.code], Mapping) else None
        named = name(r.card) if r.card is not None else ""
        parts.append(say(WORDS, lang, r.code, count=count, card=named, n=r.n))
    joined = say(WORDS, lang, "and").join(parts)
    return say(WORDS, lang, "why_card", card=card, reasons=joined)


def notes(
    obs: Observation,
    advice: Advice,
    lang: str,
    name: Callable[[Card], str],
    code: Callable[[Action], str],
) -> list[str]:
    """What goes with ``advice`` for its recommended card, as sentences: the
    reasons that hold for it, else that there is no single reason (the search
    prefers it by so many points, or for its chance); the cards the estimate
    cannot tell from it ("about the same"); a club veto it follows; whether the
    chances are exact.  Every recommended card gets one of the first two."""
    best = advice.best
    lines = []
    why = reasons(obs, best)
    if why:
        lines.append(because(why, lang, name, code(best)))
    elif not advice.same and advice.overruled is None:  # (a veto says why itself, below)
        ahead = round(advice.prefers_by())
        key, n = ("no_reason", ahead) if ahead >= 1 else ("no_reason_chance", 0)
        said = say(WORDS, lang, key, count=n if n else None, n=n)
        lines.append(say(WORDS, lang, "why_card", card=code(best), reasons=said))
    if advice.same:
        cards = ", ".join(code(a) for a, _ in advice.ranked if a in advice.same)
        said = say(WORDS, lang, "same_exact" if advice.exact else "about_same", cards=cards)
        lines.append(say(WORDS, lang, "why_card", card=code(best), reasons=said))
    if advice.overruled is not None:
        more = advice.ranked[1][1].value - advice.ranked[0][1].value
        n = max(1, round(more))
        said = say(WORDS, lang, "overrules", count=n, card=code(advice.overruled), n=n)
        lines.append(say(WORDS, lang, "why_card", card=code(best), reasons=said))
    if advice.exact:
        lines.append(say(WORDS, lang, "exact") + ".")
    return lines


def percent(chance: float, lang: str) -> str:
    """A chance as a whole percentage: "64%", in German and Spanish "64 %"."""
    whole = round(100 * chance)
    return f"{whole} %" if lang in ("de", "es") else f"{whole}%"
