"""What the person at the prompt reads: every line of the table, as styled text.

Pure functions from what the person's seat has seen (:class:`Seen`, fed only
by the events visible to that seat) to prompt-toolkit formatted text.  The
same text is printed in colour at a terminal and plain in line mode, so a
script reads exactly what a person sees.  Floor 6; it imports only the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from string import Formatter

from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.styles import Style

from ..cards import Card, Faces, Language, card_label, card_name
from ..events import (
    Drew,
    Event,
    Exchanged,
    MatchEnded,
    Played,
    RoundEnded,
    RoundStarted,
    TrickDone,
    TrumpTaken,
)
from ..rules import TableRules
from .words import phrase, verb, words

__all__ = ["STYLE", "Seen", "Text", "View"]

Text = StyleAndTextTuples

# One colour per suit, the four-colour pack: cups/hearts red, coins/diamonds
# gold, swords/spades blue, batons/clubs green.
STYLE = Style.from_dict(
    {
        "suit0": "ansired bold",
        "suit1": "ansiyellow bold",
        "suit2": "ansiblue bold",
        "suit3": "ansigreen bold",
        "you": "bold",
        "head": "bold underline",
        "dim": "ansibrightblack",
        "win": "ansigreen bold",
        "lose": "ansired",
        "error": "ansired bold",
        "num": "reverse bold",
        "bottom-toolbar": "noreverse bg:ansiblack ansiwhite",
        "bottom-toolbar.key": "bg:ansiblack ansibrightblack",
    }
)


@dataclass
class Seen:
    """The table as one seat knows it; updated only from that seat's events."""

    rules: TableRules
    seat: int
    round: int = 0
    dealer: int = 0
    trump: Card | None = None  # the card turned at the deal
    face_up: Card | None = None  # while it lies under the stock
    stock: int = 0
    hand: list[Card] = field(default_factory=list)
    trick: list[tuple[int, Card]] = field(default_factory=list)
    last: TrickDone | None = None
    rounds_won: tuple[int, ...] = ()
    points: list[int] = field(default_factory=list)
    captured: list[list[Card]] = field(default_factory=list)

    def update(self, ev: Event) -> None:
        n = self.rules.players
        if isinstance(ev, RoundStarted):
            sides = len(self.rules.teams)
            self.round, self.dealer, self.trump = ev.round, ev.dealer, ev.trump
            self.face_up, self.stock, self.hand = ev.trump, ev.stock, list(ev.hand)
            self.trick, self.last, self.rounds_won = [], None, ev.rounds_won
            self.points, self.captured = [0] * sides, [[] for _ in range(sides)]
        elif isinstance(ev, Played):
            self.trick.append((ev.seat, ev.card))
            if ev.seat == self.seat and ev.card in self.hand:
                self.hand.remove(ev.card)
        elif isinstance(ev, TrickDone):
            team = self.rules.team_of[ev.winner]
            self.points[team] += ev.points
            self.captured[team].extend(c for _, c in ev.cards)
            self.trick, self.last = [], ev
            if self.stock:
                self.stock = max(0, self.stock - n)
                self.face_up = self.face_up if self.stock else None
        elif isinstance(ev, Drew) and ev.seat == self.seat:
            self.hand.append(ev.card)
        elif isinstance(ev, Exchanged):
            self.face_up = ev.gave
            if ev.seat == self.seat and ev.gave in self.hand:
                self.hand[self.hand.index(ev.gave)] = ev.took
        elif isinstance(ev, RoundEnded | MatchEnded):
            self.rounds_won = ev.rounds_won


class View:
    """Words for one person's table: seat names, cards in the chosen faces and language."""

    def __init__(
        self,
        rules: TableRules,
        seat: int,
        names: Sequence[str],
        *,
        faces: Faces = "italian",
        lang: Language = "en",
        count: bool = True,
    ) -> None:
        self.rules, self.seat, self.faces, self.lang, self.count = rules, seat, faces, lang, count
        you = words(lang, "You")
        self.names = [(you if s == seat else name) for s, name in enumerate(names)]

    # -- pieces ----------------------------------------------------------------

    def say(self, template: str, style: str = "", **parts: str | int | Text) -> Text:
        """``template`` in the table's language, its fields filled with text or styled text."""
        out: Text = []
        for literal, name, _spec, _conv in Formatter().parse(phrase(self.lang, template)):
            if literal:
                out.append((style, literal))
            if name is not None:
                part = parts[name]
                out += [(style, str(part))] if isinstance(part, str | int) else part
        return out

    def card(self, card: Card, *, short: bool = False) -> Text:
        text = card_label(card, self.faces)
        if not short:
            text += " " + card_name(card, self.faces, self.lang)
        return [(f"class:suit{card.suit}", text)]

    def cards(self, cards: Sequence[Card]) -> Text:
        out: Text = []
        for i, c in enumerate(cards):
            out += ([("", " ")] if i else []) + self.card(c, short=True)
        return out

    def who(self, seat: int) -> Text:
        return [("class:you" if seat == self.seat else "", self.names[seat])]

    def verb(self, seat: int, name: str) -> str:
        return verb(self.lang, name, 0 if seat == self.seat else 1)

    def side(self, team: int) -> str:
        return " & ".join(self.names[s] for s in self.rules.teams[team])

    def _mine(self, team: int) -> bool:
        return self.seat in self.rules.teams[team]

    def side_wins(self, team: int, template: str) -> Text:
        mine, alone = self._mine(team), len(self.rules.teams[team]) == 1
        form = (0 if alone else 2) if mine else (1 if alone else 3)
        win = verb(self.lang, "win", form)
        return self.say(
            template, "class:win" if mine else "class:lose", side=self.side(team), win=win
        )

    def scores(self, values: Sequence[int], *, short: bool = False) -> str:
        def name(team: int) -> str:
            if not short or len(self.rules.teams[team]) == 1:
                return self.side(team)
            return words(self.lang, "Us" if self._mine(team) else "Them")

        return " · ".join(f"{name(t)} {v}" for t, v in enumerate(values))

    def points(self, n: int) -> str:
        if n == 0:
            return words(self.lang, "no points")
        return words(self.lang, "1 point") if n == 1 else words(self.lang, "{n} points", n=n)

    # -- lines -----------------------------------------------------------------

    def intro(self, notes: Sequence[str], seed: int | None) -> list[Text]:
        r, w = self.rules, self.lang
        target = "first to {target} round" if r.target == 1 else "first to {target} rounds"
        head = ["Briscola", words(w, "{players} players", players=r.players)]
        head.append(words(w, target, target=r.target))
        if r.variant != "italian":
            head.append(words(w, "{variant} variant", variant=r.variant))
        if seed is not None:
            head.append(f"seed {seed}")
        lines: list[Text] = [[("class:head", " · ".join(head))]]
        n = r.players
        where = {1: "on your right", n - 1: "on your left"}
        if n in (4, 6):
            where[n // 2] = "opposite you"
        if n == 6:
            where |= {2: "second on your right", 4: "second on your left"}
        for s in range(n):
            if s == self.seat:
                continue
            role = "your partner" if r.team_of[s] == r.team_of[self.seat] else "against you"
            text = ": " + words(w, role)
            if n > 2:
                text += ", " + words(w, where[(s - self.seat) % n])
            note = f" ({notes[s]})" if notes[s] else ""
            lines.append([("", "  "), *self.who(s), ("", note + text)])
        tip = "  Type help for the commands; the toolbar shows the score."
        lines.append(self.say(tip, "class:dim"))
        return lines

    def event(self, ev: Event, seen: Seen) -> list[Text]:
        """The lines one event prints."""
        if isinstance(ev, RoundStarted):
            head = self.say("Round {round}", "class:head", round=ev.round)
            trump = "Trump: {card} · {stock} cards in the stock"
            return [
                [("", "")],
                [
                    *head,
                    ("", " · "),
                    *self.who(ev.dealer),
                    ("", " " + self.verb(ev.dealer, "deal")),
                ],
                self.say(trump, card=self.card(ev.trump), stock=ev.stock),
            ]
        if isinstance(ev, Played):
            return [self.does(ev.seat, "play", self.card(ev.card))]
        if isinstance(ev, TrickDone):
            return [self.took("  → {who} {take} the trick: {points}", ev)]
        if isinstance(ev, Drew):
            return [self.does(ev.seat, "draw", self.card(ev.card), "class:dim")]
        if isinstance(ev, TrumpTaken):
            empty = "  {who} {draw} the face-up {card}: the stock is empty."
            who, draw = self.who(ev.seat), self.verb(ev.seat, "draw")
            return [self.say(empty, "class:dim", who=who, draw=draw, card=self.card(ev.card))]
        if isinstance(ev, Exchanged):
            return [
                self.say(
                    "  {who} {exchange} {gave} for the face-up {took}",
                    who=self.who(ev.seat),
                    exchange=self.verb(ev.seat, "exchange"),
                    gave=self.card(ev.gave),
                    took=self.card(ev.took),
                )
            ]
        if isinstance(ev, RoundEnded):
            return self.round_end(ev, seen)
        if isinstance(ev, MatchEnded):
            return self.match_end(ev)
        return []  # pragma: no cover - every event type is shown above

    def took(self, template: str, trick: TrickDone) -> Text:
        """Who took ``trick`` and its points, in ``template``."""
        who, take = self.who(trick.winner), self.verb(trick.winner, "take")
        return self.say(template, who=who, take=take, points=self.points(trick.points))

    def does(self, seat: int, name: str, card: Text, style: str = "") -> Text:
        """``  You play AD Ace of Coins`` / ``  Marco plays ...``."""
        return [(style, "  "), *self.who(seat), (style, f" {self.verb(seat, name)} "), *card]

    def hand(self, hand: Sequence[Card], exchange: Card | None = None) -> list[Text]:
        line = self.say("Your hand:")
        for i, c in enumerate(hand):
            line += [("", "  "), ("class:num", f"{i + 1}"), ("", " "), *self.card(c)]
        lines = [line]
        if exchange is not None:
            offer = "  You may exchange your {card} for the face-up card: type exchange"
            lines.append(self.say(offer, card=self.card(exchange, short=True)))
        return lines

    def table(self, trick: Sequence[tuple[int, Card]]) -> list[Text]:
        if not trick:
            return [self.say("You lead.", "class:dim")]
        line = self.say("On the table:")
        for s, c in trick:
            line += [("", "  "), *self.who(s), ("", " "), *self.card(c, short=True)]
        return [line]

    def last(self, seen: Seen) -> list[Text]:
        t = seen.last
        if t is None:
            return [self.say("No trick has been taken yet this round.")]
        line = self.say("Last trick:")
        for s, c in t.cards:
            line += [("", "  "), *self.who(s), ("", " "), *self.card(c)]
        return [line, self.took("  → {who} {take} it: {points}", t)]

    def score(self, seen: Seen) -> list[Text]:
        won = "Rounds won (first to {target}): {scores}"
        lines = [self.say(won, target=self.rules.target, scores=self.scores(seen.rounds_won))]
        if seen.trump is not None:  # what the toolbar says, for the line mode too
            trump = "Trump: {card} · {stock} cards in the stock"
            lines.insert(0, self.say(trump, card=self.card(seen.trump), stock=seen.stock))
        if self.count and seen.points:
            lines.append(self.say("Points this round: {scores}", scores=self.scores(seen.points)))
        elif seen.points:
            lines.append(self.say("Points this round are not shown (--no-count).", "class:dim"))
        return lines

    def round_end(self, ev: RoundEnded, seen: Seen) -> list[Text]:
        lines: list[Text] = [
            [("", "")],
            self.say("Round {round} over", "class:head", round=seen.round),
        ]
        for team, pts in enumerate(ev.points):
            made = sorted(
                (c for c in seen.captured[team] if self.rules.points[c]),
                key=lambda c: (-self.rules.points[c], c),
            )
            line: Text = [("", f"  {self.side(team)}: {self.points(pts)}")]
            if made:
                line += [*self.say(" from "), *self.cards(made)]
            lines.append(line)
        if ev.winner is None:
            lines.append(self.say("  A drawn round: it counts for nobody."))
        else:
            lines.append([("", "  "), *self.side_wins(ev.winner, "{side} {win} the round.")])
        lines.append(self.say("  Rounds won: {scores}", scores=self.scores(ev.rounds_won)))
        return lines

    def match_end(self, ev: MatchEnded) -> list[Text]:
        score = words(self.lang, "(rounds won: {scores})", scores=self.scores(ev.rounds_won))
        if ev.winner is None:
            ends = "The match ends without a winner {score}."
            return [[("", "")], self.say(ends, "class:head", score=score)]
        cheer = "!" if self._mine(ev.winner) else "."
        won = self.side_wins(ev.winner, "{side} {win} the match")
        return [[("", "")], [*won, ("", f" {score}{cheer}")]]

    def toolbar(self, seen: Seen) -> Text:
        def item(key: str, value: str | Text) -> Text:
            shown = [("", value)] if isinstance(value, str) else value
            return [("class:bottom-toolbar.key", f" {words(self.lang, key)} "), *shown, ("", " ")]

        # Two lines, so that a 3-seat table fits in 80 columns.
        bar = item("Trump", self.card(seen.trump) if seen.trump is not None else "-")
        bar += item("Stock", str(seen.stock)) + item("Round", str(seen.round)) + [("", "\n")]
        bar += item("Rounds", self.scores(seen.rounds_won, short=True))
        if self.count and seen.points:
            bar += item("Points", self.scores(seen.points, short=True))
        return bar

    def error(self, message: str) -> list[Text]:
        return [[("class:error", message)]]
