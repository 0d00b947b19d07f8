"""``briscola review RECORD``: what the advice thinks of every move of a match.

Floor 7, beside the bench: it replays a record through the engine
(:func:`~briscola.engine.replay.verify_record`) and, at each move of a reviewed
seat, takes that seat's :func:`~briscola.engine.observation.observe` of the round
as it stood: the seat's own hand and what was public, never the hidden
cards.  The advice ``hint`` gives (:func:`~briscola.bots.advice.advise`) values
every legal action from that observation alone, seeded by the match's seed
and the position: with the same samples (the default) it says what ``hint``
said at that move, to the last digit.  Each action's chance of winning the
round and the match, and its value, the expected round margin (the side's
points minus the best other side's).  The best is the card the advice
recommends (the best chance, then the best value, each within the estimate's
own error); a card it cannot tell from the best ("about the same") costs
nothing; else the move's *cost* is the best value less the value of the
action taken, and the chance it lost beside it.  The reasons that hold
(:mod:`briscola.bots.reasons`) are told for the card played and the best.

The record is checked whole before any search, so a corrupt one fails at
once.  A move taken back (``undo`` at ``play``) is not reviewed; the move
played instead is.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..bots.advice import ADVICE_SAMPLES, Advice, advise
from ..bots.estimate import Estimate
from ..bots.reasons import Reason, because, notes, percent, reasons
from ..engine.cards import Card, Faces, Language, card_code, card_name
from ..engine.game import EXCHANGE, Action, Round
from ..engine.observation import Observation, observe, unseen_cards
from ..engine.replay import RecordError, ReplayResult, verify_record
from ..engine.text import printable
from ..words.i18n import decimal, say
from ..words.replay_text import _labels
from ..words.review import PHRASES
from .positions import WITHIN
from .replay import _open

__all__ = [
    "MoveReview",
    "Review",
    "SeatError",
    "SeatReview",
    "format_review",
    "main",
    "review_json",
    "review_record",
]

SEED = 1


class SeatError(ValueError):
    """A seat to review that the record's table does not have."""


@dataclass(slots=True)
class MoveReview:
    """One move of a reviewed seat, judged on that seat's observation."""

    obs: Observation
    played: Action
    values: dict[Action, float] = field(default_factory=dict)  # empty for a forced move
    chances: dict[Action, Estimate] = field(default_factory=dict)  # empty for a forced move
    chosen: Action | None = None  # what the advice recommends (None: as ``values`` rank)
    advice: Advice | None = None  # None for a forced move

    @property
    def seat(self) -> int:
        return self.obs.seat

    @property
    def trick(self) -> int:
        return len(self.obs.played) + 1

    @property
    def forced(self) -> bool:
        return len(self.obs.legal) == 1

    @property
    def best(self) -> Action:
        """What the advice recommends (:func:`~briscola.bots.expert.recommend`);
        the one played when the estimate cannot tell it from that one ("about the
        same"), or when it is as good in both chance and value."""
        if not self.values:
            return self.played
        best: Action = (
            self.chosen
            if self.chosen is not None
            else max(self.obs.legal, key=self.values.__getitem__)
        )  # the first of equals
        if self.advice is not None and self.played in self.advice.same:
            return self.played
        if self.values[self.played] >= self.values[best] and self.chance_lost(best) <= 0:
            return self.played
        return best

    def chance_lost(self, best: Action | None = None) -> float:
        """How much less likely the match (the round when first to 1) is won with
        the action played than with the best."""
        if not self.chances:
            return 0.0
        best = self.best if best is None else best
        return max(0.0, self.chances[best].match - self.chances[self.played].match)

    def reasons(self, action: Action) -> list[Reason]:
        return reasons(self.obs, action)

    @property
    def cost(self) -> float:
        if not self.values:
            return 0.0
        return max(0.0, self.values[self.best] - self.values[self.played])

    @property
    def led(self) -> Card | None:
        """The card led to this trick, when the seat did not lead it."""
        return self.obs.trick[0][1] if self.obs.trick else None

    @property
    def unseen(self) -> Card | None:
        """A card worth 10 or more that beats the one played in its suit, and that the
        seat could not place: what a player leading it (or following suit) risked."""
        card = self.played
        rules = self.obs.rules
        if card == EXCHANGE or not rules.points[card]:
            return None
        assert isinstance(card, Card)
        led = self.led
        if led is not None and led.suit != card.suit:
            return None  # thrown off or trumping: no card of its suit beats it here
        risks = [
            c
            for c in unseen_cards(self.obs)
            if c.suit == card.suit
            and rules.strength[c] > rules.strength[card]
            and rules.points[c] >= 10
        ]
        return max(risks, key=rules.strength.__getitem__, default=None)


@dataclass(slots=True)
class SeatReview:
    """Every reviewed move of one seat, and the figures over them."""

    seat: int
    name: str
    moves: list[MoveReview] = field(default_factory=list)

    @property
    def choices(self) -> list[MoveReview]:
        return [m for m in self.moves if not m.forced]

    @property
    def within(self) -> int:
        return sum(m.cost <= WITHIN + 1e-9 for m in self.choices)

    @property
    def accuracy(self) -> float | None:
        return self.within / len(self.choices) if self.choices else None

    @property
    def mean_cost(self) -> float | None:
        choices = self.choices
        return sum(m.cost for m in choices) / len(choices) if choices else None

    def curve(self) -> list[tuple[MoveReview, float]]:
        """The chance of winning the round with each move as played, move by move
        (the moves with a choice: a forced move says nothing new)."""
        return [(m, m.chances[m.played].win) for m in self.moves if m.chances]

    def costliest(self, count: int = 3) -> list[MoveReview]:
        """The ``count`` moves that cost most (more than a point each), costliest first."""
        costly = [m for m in self.moves if m.cost > WITHIN + 1e-9]
        return sorted(costly, key=lambda m: -m.cost)[:count]


class _Collector:
    """Keeps each reviewed seat's observation at its moves as the record is checked."""

    def __init__(self, seats: frozenset[int] | None) -> None:
        self.seats = seats  # None: decided by the header
        self.moves: list[tuple[tuple[int, int, int], MoveReview]] = []
        self.round: Round | None = None
        self.players = 0

    def line(self, no: int, line: dict[str, Any]) -> None:
        if line["type"] == "header" and self.seats is None:
            people = line.get("people")
            n = len(line["names"])
            listed = people if isinstance(people, list) else []
            chosen = [s for s in listed if isinstance(s, int) and 0 <= s < n]
            self.seats = frozenset(chosen or range(n))
        elif line["type"] == "takeback" and self.round is not None:
            # The round went back in place: what was played since is not the seat's move.
            here = _position(self.round)
            number = self.round.number
            self.moves = [(k, m) for k, m in self.moves if m.obs.round != number or k < here]

    def move(self, no: int, line: dict[str, Any], r: Round) -> None:
        self.round = r
        seat = line["seat"]
        if self.seats is not None and seat in self.seats:
            action: Action = EXCHANGE if line["type"] == "exchanged" else Card.parse(line["card"])
            self.moves.append((_position(r), MoveReview(observe(r, seat), action)))


def _position(r: Round) -> tuple[int, int, int]:
    """How far round ``r`` has come: tricks, cards in the trick, exchanges."""
    return (len(r.history), len(r.trick), len(r.exchanges))


@dataclass(slots=True)
class Review:
    """A reviewed record: what it says happened, and each reviewed seat's moves."""

    result: ReplayResult
    seats: list[SeatReview]
    samples: int
    seed: int
    label: str = ""


def review_record(
    source: Iterable[bytes | str | dict[str, Any]],
    seats: Sequence[int] | None = None,
    samples: int = ADVICE_SAMPLES,
    seed: int | None = None,
    label: str = "",
) -> Review:
    """Check a record, then value every move of ``seats`` (default: the header's
    ``people``, else every seat) by the advice ``hint`` gives
    (:func:`~briscola.bots.advice.advise`), seeded by ``seed`` (default: the
    match's own seed, as ``hint`` had it; :data:`SEED` for a record without one)
    and the position: with the same samples, the same numbers ``hint`` showed.  Raises
    :class:`~briscola.engine.replay.RecordError` for a record that is not a match and
    :class:`SeatError` for a seat the table does not have."""
    collector = _Collector(None if seats is None else frozenset(seats))
    result = verify_record(source, on_line=collector.line, on_move=collector.move)
    n = result.rules.players
    wanted = sorted(collector.seats or ())
    for seat in wanted:
        if not 0 <= seat < n:
            raise SeatError(f"seat {seat}: the record's table has seats 0..{n - 1}")
    names = _labels(result.names)
    reviews = {s: SeatReview(s, names[s]) for s in wanted}
    if seed is None:
        seed = result.seed if result.seed is not None else SEED
    for _, move in collector.moves:
        if not move.forced:
            advice = advise(move.obs, seed, samples)
            move.advice = advice
            move.chances = dict(advice)
            move.values = {a: e.value for a, e in advice}
            move.chosen = advice.best
        reviews[move.seat].moves.append(move)
    return Review(result, [reviews[s] for s in wanted], samples, seed, label)


# -- in words -------------------------------------------------------------------------


class _Words:
    def __init__(self, faces: Faces, lang: Language, rounds: int, target: int = 1) -> None:
        self.faces: Faces = faces
        self.lang: Language = lang
        self.rounds = rounds
        self.target = target

    def text(self, key: str, count: int | None = None, **values: Any) -> str:
        return say(PHRASES, self.lang, key, count=count, **values)

    def code(self, action: Action) -> str:
        if action == EXCHANGE:
            return self.text("exchange")
        assert isinstance(action, Card)
        return card_code(action, self.faces, self.lang)

    def card(self, card: Card) -> str:
        return self.name(card)

    def name(self, action: Action) -> str:
        if action == EXCHANGE:
            return self.text("the_exchange")
        assert isinstance(action, Card)
        faces, lang = self.faces, self.lang
        return f"{card_code(action, faces, lang)} ({card_name(action, faces, lang)})"

    def where(self, move: MoveReview) -> str:
        if self.rounds > 1:
            return self.text("round_trick", round=move.obs.round, i=move.trick)
        return self.text("trick", i=move.trick)

    def move(self, move: MoveReview) -> str:
        """The move's line: what was played, the best, the cost, every card's
        chances and points; then the reasons for the card played and the best."""
        where, card = self.where(move), self.code(move.played)
        if move.forced:
            return self.text("forced", where=where, card=card)
        by = move.chances
        # The best first, then by chance and points.
        ranked = sorted(move.obs.legal, key=lambda a: (a != move.best, -by[a].match, -by[a].value))
        values = "  ".join(self.value(a, by[a]) for a in ranked)
        lost = move.chance_lost()
        fields: dict[str, Any] = {"where": where, "card": card, "best": self.code(move.best),
                  "cost": decimal(self.lang, move.cost), "values": values}  # fmt: skip
        if round(100 * lost):
            lines = [self.text("move_chance", chance=percent(lost, self.lang), **fields)]
        else:
            lines = [self.text("move", **fields)]
        if move.played != move.best:
            why = because(move.reasons(move.played), self.lang, self.name, self.code(move.played))
            if why:
                lines.append(f"    {why}")
        if move.advice is not None:
            # The recommended card's reason, or why none; "about the same"; exact or not.
            told = notes(move.obs, move.advice, self.lang, self.name, self.code)
            lines += [f"    {why}" for why in told]
        return "\n".join(lines)

    def value(self, action: Action, e: Estimate) -> str:
        """One card's chances and points: "AD 64% +5.2"."""
        win, points = percent(e.win, self.lang), decimal(self.lang, e.value, sign=True)
        if self.target > 1:
            match = percent(e.match, self.lang)
            return self.text("value_match", card=self.code(action), win=win, match=match,
                             points=points)  # fmt: skip
        return self.text("value", card=self.code(action), win=win, points=points)

    def costly(self, move: MoveReview) -> str:
        """The move in a sentence: what it cost and what was best."""
        values: dict[str, Any] = {"where": self.where(move), "best": self.name(move.best)}
        if move.played == EXCHANGE:
            key = "exchanged"
        else:
            values["card"] = self.name(move.played)
            key = "lead" if move.led is None else "follow"
            if move.led is not None:
                values["led"] = self.name(move.led)
            unseen = move.unseen
            if unseen is not None:
                key += "_unseen"
                values["unseen"] = self.name(unseen)
        text = self.text(key, count=max(1, round(move.cost)), **values)
        if move.chances:
            best, played = move.chances[move.best], move.chances[move.played]
            text += self.text("odds", best=self.code(move.best), card=self.code(move.played),
                              best_win=percent(best.win, self.lang),
                              win=percent(played.win, self.lang))  # fmt: skip
        return text


CHART_ROWS = 9  # 0 %, 12.5 %, ..., 100 %


def chart(seat_review: SeatReview, w: _Words, drawn: bool) -> list[str]:
    """The seat's chance of winning over the match, move by move, the costliest
    moves marked ×: ``drawn``, a small chart for a terminal; else the numbers."""
    curve = seat_review.curve()
    if not curve:
        return []
    costly = {id(m) for m in seat_review.costliest()}

    def where(m: MoveReview) -> str:
        return f"{m.obs.round}.{m.trick}" if w.rounds > 1 else str(m.trick)

    if not drawn:
        values = ", ".join(
            f"{where(m)} {percent(p, w.lang)}{' ×' if id(m) in costly else ''}" for m, p in curve
        )
        return [w.text("chart_plain", values=values)]
    rows = [[" "] * len(curve) for _ in range(CHART_ROWS)]
    for x, (m, p) in enumerate(curve):
        rows[round(p * (CHART_ROWS - 1))][x] = "×" if id(m) in costly else "•"
    out = [w.text("chart")]
    top = CHART_ROWS - 1
    for y in range(top, -1, -1):
        label = {top: "100%", top // 2: " 50%", 0: "  0%"}.get(y, "    ")
        out.append(f"  {label} ┤ " + " ".join(rows[y]).rstrip())
    ticks = ""
    for x, (m, _) in enumerate(curve):
        if len(ticks) < 2 * x:  # a move's number under its column, where there is room
            ticks = ticks.ljust(2 * x) + where(m)
        elif not ticks:
            ticks = where(m)
    out.append(f"         {ticks}  ({w.text('chart_tricks')})")
    return out


def format_review(
    review: Review, faces: Faces = "italian", lang: Language = "en", drawn: bool = False
) -> str:
    """The review told in ``lang``: every move, the accuracy, the chance over the
    match (``drawn``: as a chart for a terminal), the three costliest moves."""
    target = review.result.rules.target
    w = _Words(faces, lang, len(review.result.rounds), target)
    label = printable(review.label)
    intro = "intro_match" if target > 1 else "intro"
    out = [w.text(intro, label=label, samples=review.samples, seed=review.seed)]
    for seat_review in review.seats:
        out.append("")
        name = printable(seat_review.name)
        out.append(w.text("seat", count=len(seat_review.moves), name=name, seat=seat_review.seat))
        out.extend(w.move(m) for m in seat_review.moves)
        if not seat_review.moves:
            continue
        share, cost = seat_review.accuracy, seat_review.mean_cost
        if share is None or cost is None:
            out.append(w.text("no_choices"))
            continue
        out.append(
            w.text(
                "accuracy",
                count=len(seat_review.choices),
                within=seat_review.within,
                share=f"{share:.0%}",
                cost=decimal(lang, cost),
            )
        )
        out.extend(chart(seat_review, w, drawn))
        costly = seat_review.costliest()
        out.append(w.text("costliest" if costly else "none_costly"))
        out.extend(w.costly(m) for m in costly)
    return "\n".join(out)


def review_json(review: Review, faces: Faces = "italian", lang: Language = "en") -> dict[str, Any]:
    """The review as one JSON object (cards in the records' text form; the
    sentences in ``lang``)."""
    w = _Words(faces, lang, len(review.result.rounds))
    seats = []
    for seat_review in review.seats:
        moves = [
            {
                "round": m.obs.round,
                "trick": m.trick,
                "lead": m.led is None,
                "hand": [str(c) for c in m.obs.hand],
                "played": str(m.played),
                "best": str(m.best),
                "cost": round(m.cost, 3),
                "forced": m.forced,
                "values": {str(a): round(v, 3) for a, v in m.values.items()},
                "chances": {
                    str(a): {
                        "win": round(e.win, 4),
                        "draw": round(e.draw, 4),
                        "match": round(e.match, 4),
                    }
                    for a, e in m.chances.items()
                },
                "chance_lost": round(m.chance_lost(), 4),
                "reasons": {
                    str(a): [_reason_json(r) for r in m.reasons(a)] for a in m.obs.legal if m.values
                },
            }
            for m in seat_review.moves
        ]
        costliest = [
            {"round": m.obs.round, "trick": m.trick, "cost": round(m.cost, 3),
             "text": w.costly(m).strip()}
            for m in seat_review.costliest()
        ]  # fmt: skip
        accuracy, mean = seat_review.accuracy, seat_review.mean_cost
        costly = {id(m) for m in seat_review.costliest()}
        curve = [
            {"round": m.obs.round, "trick": m.trick, "chance": round(p, 4),
             "costly": id(m) in costly}
            for m, p in seat_review.curve()
        ]  # fmt: skip
        seats.append(
            {
                "seat": seat_review.seat,
                "name": seat_review.name,
                "moves": moves,
                "choices": len(seat_review.choices),
                "within": seat_review.within,
                "accuracy": None if accuracy is None else round(accuracy, 4),
                "mean_cost": None if mean is None else round(mean, 3),
                "costliest": costliest,
                "chart": curve,
            }
        )
    return {
        "record": review.label,
        "samples": review.samples,
        "seed": review.seed,
        "unit": "expected round margin",
        "target": review.result.rules.target,
        "within": WITHIN,
        "seats": seats,
    }


def _reason_json(r: Reason) -> dict[str, Any]:
    out: dict[str, Any] = {"code": r.code}
    if r.card is not None:
        out["card"] = str(r.card)
    if r.n:
        out["n"] = r.n
    return out


# -- the command ----------------------------------------------------------------------


def main(args: argparse.Namespace) -> int:
    """``briscola review FILE``: 0, or 2 with one line on stderr for bad input."""
    label = "standard input" if args.file == "-" else args.file
    seats = None if args.seat is None else [args.seat]
    samples = args.samples if args.samples is not None else ADVICE_SAMPLES
    try:
        with _open(args.file) as stream:
            review = review_record(stream, seats, samples, args.seed, label)
    except BrokenPipeError:
        raise
    except OSError as err:
        return _fail(f"cannot read {printable(label)}: {err.strerror or err}")
    except RecordError as err:
        return _fail(f"{printable(label)}: not a valid record: {printable(str(err))}")
    except SeatError as err:
        return _fail(f"--seat: {err}")
    # The pack asked for, else the one the match was played with, else the settings'.
    fallback: Faces = getattr(args, "faces_fallback", None) or "italian"
    faces: Faces = args.faces or review.result.faces or fallback
    if args.json:
        print(json.dumps(review_json(review, faces, args.lang), ensure_ascii=False))
    else:
        print(format_review(review, faces, args.lang, drawn=sys.stdout.isatty()))
    return 0


def _fail(message: str) -> int:
    print(f"briscola review: error: {message}", file=sys.stderr)
    return 2
