"""What the person at the prompt reads: every line of the table, as styled text.

Pure functions from what the person's seat has seen (:class:`Seen`, fed only
by the events visible to that seat) to prompt-toolkit formatted text.  The
same text is printed in colour at a terminal and plain in line mode, so a
script reads exactly what a person sees.  Floor 6; it imports only the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

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
        self.names = [("You" if s == seat else name) for s, name in enumerate(names)]

    # -- pieces ----------------------------------------------------------------

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

    def does(self, seat: int, verb: str) -> Text:
        """``You play`` / ``Marco plays``."""
        return [*self.who(seat), ("", f" {verb if seat == self.seat else verb + 's'}")]

    def side(self, team: int) -> str:
        return " & ".join(self.names[s] for s in self.rules.teams[team])

    def _mine(self, team: int) -> bool:
        return self.seat in self.rules.teams[team]

    def side_wins(self, team: int, what: str) -> Text:
        mine = self._mine(team)
        plural = mine or len(self.rules.teams[team]) > 1
        return [
            (
                "class:win" if mine else "class:lose",
                f"{self.side(team)} {'win' if plural else 'wins'} {what}",
            )
        ]

    def scores(self, values: Sequence[int]) -> str:
        return " · ".join(f"{self.side(t)} {v}" for t, v in enumerate(values))

    # -- lines -----------------------------------------------------------------

    def intro(self, notes: Sequence[str], seed: int | None) -> list[Text]:
        r = self.rules
        rounds = "round" if r.target == 1 else "rounds"
        head = f"Briscola · {r.players} players · first to {r.target} {rounds}"
        if r.variant != "italian":
            head += f" · {r.variant} variant"
        if seed is not None:
            head += f" · seed {seed}"
        lines: list[Text] = [[("class:head", head)]]
        n = r.players
        where = {1: "on your right", n - 1: "on your left"}
        if n == 4:
            where[2] = "opposite you"
        for s in range(n):
            if s == self.seat:
                continue
            rel = (s - self.seat) % n
            role = "your partner" if r.team_of[s] == r.team_of[self.seat] else "against you"
            note = f" ({notes[s]})" if notes[s] else ""
            place = "" if n == 2 else f", {where[rel]}"
            lines.append([("", "  "), *self.who(s), ("", f"{note}: {role}{place}")])
        lines.append([("class:dim", "  Type help for the commands; the toolbar shows the score.")])
        return lines

    def event(self, ev: Event, seen: Seen) -> list[Text]:
        """The lines one event prints (an empty list for those shown elsewhere)."""
        if isinstance(ev, RoundStarted):
            return [
                [("", "")],
                [("class:head", f"Round {ev.round}"), ("", " · "), *self.does(ev.dealer, "deal")],
                [("", "Trump: "), *self.card(ev.trump), ("", f" · {ev.stock} cards in the stock")],
            ]
        if isinstance(ev, Played):
            return [[("", "  "), *self.does(ev.seat, "play"), ("", " "), *self.card(ev.card)]]
        if isinstance(ev, TrickDone):
            pts = f"{ev.points} point{'s' if ev.points != 1 else ''}" if ev.points else "no points"
            return [[("", "  → "), *self.does(ev.winner, "take"), ("", f" the trick: {pts}")]]
        if isinstance(ev, Drew):
            return [[("class:dim", "  You draw "), *self.card(ev.card)]]
        if isinstance(ev, TrumpTaken):
            return [
                [
                    ("class:dim", "  The stock is empty: "),
                    *self.who(ev.seat),
                    ("class:dim", " drew the face-up "),
                    *self.card(ev.card),
                ]
            ]
        if isinstance(ev, Exchanged):
            return [
                [
                    ("", "  "),
                    *self.does(ev.seat, "exchange"),
                    ("", " "),
                    *self.card(ev.gave),
                    ("", " for the face-up "),
                    *self.card(ev.took),
                ]
            ]
        if isinstance(ev, RoundEnded):
            return self.round_end(ev, seen)
        if isinstance(ev, MatchEnded):
            return self.match_end(ev)
        return []

    def hand(self, hand: Sequence[Card], exchange: Card | None = None) -> list[Text]:
        line: Text = [("", "Your hand:")]
        for i, c in enumerate(hand):
            line += [("", "  "), ("class:num", f"{i + 1}"), ("", " "), *self.card(c)]
        lines = [line]
        if exchange is not None:
            lines.append(
                [
                    ("", "  You may exchange your "),
                    *self.card(exchange, short=True),
                    ("", " for the face-up card: type exchange"),
                ]
            )
        return lines

    def table(self, trick: Sequence[tuple[int, Card]]) -> list[Text]:
        if not trick:
            return [[("class:dim", "You lead.")]]
        line: Text = [("", "On the table:")]
        for s, c in trick:
            line += [("", "  "), *self.who(s), ("", " "), *self.card(c, short=True)]
        return [line]

    def last(self, seen: Seen) -> list[Text]:
        t = seen.last
        if t is None:
            return [[("", "No trick has been taken yet this round.")]]
        line: Text = [("", "Last trick:")]
        for s, c in t.cards:
            line += [("", "  "), *self.who(s), ("", " "), *self.card(c)]
        return [line, [("", "  → "), *self.does(t.winner, "take"), ("", f" it: {t.points} points")]]

    def score(self, seen: Seen) -> list[Text]:
        lines: list[Text] = [
            [("", f"Rounds won (first to {self.rules.target}): {self.scores(seen.rounds_won)}")]
        ]
        if self.count and seen.points:
            lines.append([("", f"Points this round: {self.scores(seen.points)}")])
        elif seen.points:
            lines.append([("class:dim", "Points this round are not shown (--no-count).")])
        return lines

    def round_end(self, ev: RoundEnded, seen: Seen) -> list[Text]:
        lines: list[Text] = [[("", "")], [("class:head", f"Round {seen.round} over")]]
        for team, pts in enumerate(ev.points):
            made = sorted(
                (c for c in seen.captured[team] if self.rules.points[c]),
                key=lambda c: (-self.rules.points[c], c),
            )
            line: Text = [("", f"  {self.side(team)}: {pts} points")]
            if made:
                line += [("", " from "), *self.cards(made)]
            lines.append(line)
        if ev.winner is None:
            lines.append([("", "  A drawn round: it counts for nobody.")])
        else:
            lines.append([("", "  "), *self.side_wins(ev.winner, "the round.")])
        lines.append([("", f"  Rounds won: {self.scores(ev.rounds_won)}")])
        return lines

    def match_end(self, ev: MatchEnded) -> list[Text]:
        score = f"(rounds won: {self.scores(ev.rounds_won)})"
        if ev.winner is None:
            return [[("", "")], [("class:head", f"The match ends without a winner {score}.")]]
        cheer = "!" if self._mine(ev.winner) else "."
        return [[("", "")], [*self.side_wins(ev.winner, "the match"), ("", f" {score}{cheer}")]]

    def toolbar(self, seen: Seen) -> Text:
        def item(key: str, value: Text) -> Text:
            return [("class:bottom-toolbar.key", f" {key} "), *value, ("", "  ")]

        trump: Text = self.card(seen.trump) if seen.trump is not None else [("", "-")]
        bar = item("Trump", trump) + item("Stock", [("", str(seen.stock))])
        bar += item("Round", [("", str(seen.round))])
        bar += item("Rounds", [("", self.scores(seen.rounds_won))])
        if self.count and seen.points:
            bar += item("Points", [("", self.scores(seen.points))])
        return bar

    def error(self, message: str) -> list[Text]:
        return [[("class:error", message)]]


HELP = """\
Play a card by its number (1, 2, 3), its text (AD = Ace of Coins: rank A 2 3 4 5 6 7 J Q K,
suit C D S B) or its name (Ace of Coins); Tab completes the cards in your hand.
Commands:
  help      this text
  hand      your hand again
  last      the last trick
  score     rounds won and points so far
  rules     the rules of the game
  exchange  swap your trump 7 or 2 for the face-up card (brisca variant, when allowed)
  quit      leave the game (Ctrl-C asks too; Ctrl-D leaves at once)"""
