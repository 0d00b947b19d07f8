"""What the person at the prompt reads: every line of the table, as styled text.

Pure functions from what the person's seat has seen (:class:`~.seen.Seen`) to
prompt-toolkit formatted text, in the table's language and faces.  The same
text is printed in colour at a terminal and plain in line mode, so a script
reads exactly what a person sees.  Colours live in :mod:`.style`, line
breaking in :mod:`.layout`.  Floor 6; it imports the engine and the words.
"""

from __future__ import annotations

from collections.abc import Sequence
from string import Formatter

from ..engine.cards import (
    Card,
    Faces,
    Language,
    Rank,
    card_label,
    card_name,
    suit_name,
)
from ..engine.events import (
    Drew,
    Event,
    Exchanged,
    MatchEnded,
    Played,
    RoundEnded,
    RoundStarted,
    TakenBack,
    TrickDone,
    TrumpTaken,
)
from ..engine.rules import TableRules
from ..engine.text import printable
from ..words.i18n import template
from ..words.table import CATALOG, gender_of, note_words, shown_name, words
from .layout import clock_text
from .seen import Seen
from .style import Text

__all__ = ["View"]


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
        own_name: str | None = None,
    ) -> None:
        self.rules, self.seat, self.faces, self.lang, self.count = rules, seat, faces, lang, count
        you = words(lang, "you")
        # Names can come from other clients (a LAN table): shown escaped and short.
        self.names = [
            you if s == seat else printable(shown_name(lang, name), 24)
            for s, name in enumerate(names)
        ]
        # In lists of scores the person goes by the name given (--name), if any, else
        # by "you" as a list after a colon says it ("Smazzate vinte: tu e Giulia 1").
        self.listed = list(self.names)
        self.own_name = own_name if seat >= 0 else None
        if own_name and seat >= 0:
            self.listed[seat] = printable(own_name, 24)
        elif seat >= 0:
            self.listed[seat] = words(lang, "you.listed")
        # The words about a seat agree with its name's gender ("la tua compagna").
        self.genders = [gender_of(name) for name in names]
        # Who held each seat in round ``held_round``, from which trick on (a LAN seat a
        # new person took mid-match): a trick is told under the name of who took it.
        self.held_round = 0
        self.holders: list[list[tuple[int, str]]] = [[(0, n)] for n in self.names]
        self.stood_in: set[int] = set()  # seats whose card in this trick a stand-in bot played
        self.bot_tricks: set[int] = set()  # this round's tricks (0-based) a stand-in's card took

    def rename(self, seat: int, name: str, round_: int = 0, since: int = 0) -> None:
        """A seat another person took over (a LAN table) in round ``round_``, theirs
        from its trick ``since`` (0-based) on: shown by their name from now."""
        if 0 <= seat < len(self.names) and seat != self.seat:
            if round_ != self.held_round:
                self._new_holders(round_)
            shown = printable(shown_name(self.lang, name), 24)
            self.names[seat] = self.listed[seat] = shown
            self.genders[seat] = gender_of(name)
            held = self.holders[seat]
            if held[-1][0] >= since:  # the one before took no trick of the round
                held.pop()
            held.append((since, shown))

    def _new_holders(self, round_: int) -> None:
        self.held_round = round_
        self.holders = [[(0, n)] for n in self.names]

    def earlier(self, seat: int, trick: int, round_: int) -> str | None:
        """Who held ``seat`` at its trick ``trick`` (0-based) of round ``round_``, when
        that was someone before its holder now (None: the holder now)."""
        if round_ == self.held_round:
            for since, name in reversed(self.holders[seat]):
                if since <= trick:
                    return None if name == self.holders[seat][-1][1] else name
        return None

    def took_over(self, was: str, round_: int, since: int) -> None:
        """This seat was ``was``'s until the person took it over, from its trick ``since``
        on: the cards and tricks before go by ``was``'s name."""
        if since > 0:
            if round_ != self.held_round:
                self._new_holders(round_)
            self.holders[self.seat] = [(0, printable(shown_name(self.lang, was), 24))]
            self.holders[self.seat].append((since, self.names[self.seat]))

    def round_names(self, round_: int, names: Sequence[str]) -> list[str]:
        """``names`` by seat, but a seat that changed hands in round ``round_`` by all
        who played it ("Hans/Vera")."""
        names = list(names)
        if round_ == self.held_round:
            for s, held in enumerate(self.holders):
                if len(held) > 1 and s != self.seat:
                    names[s] = "/".join(name for _, name in held)
        return names

    @property
    def watching(self) -> bool:
        """A spectator's view (seat -1): every seat by name, nobody is "you"."""
        return self.seat < 0

    # -- pieces ----------------------------------------------------------------

    def say(
        self,
        key: str,
        style: str = "",
        *,
        person: str | None = None,
        count: int | None = None,
        gender: str | None = None,
        **parts: str | int | Text,
    ) -> Text:
        """Sentence ``key`` in the table's language, its fields filled with text or styled text."""
        out: Text = []
        text = template(CATALOG, self.lang, key, person=person, count=count, gender=gender)
        if count is not None:
            parts.setdefault("n", count)
        for literal, name, _spec, _conv in Formatter().parse(text):
            if literal:
                out.append((style, literal))
            if name is not None:
                part = parts[name]
                out += [(style, str(part))] if isinstance(part, str | int) else part
        return out

    def card(self, card: Card, *, short: bool = False) -> Text:
        text = card_label(card, self.faces, self.lang)
        if not short:
            text += " " + card_name(card, self.faces, self.lang)
        return [(f"class:suit{card.suit}", text)]

    def cards(self, cards: Sequence[Card]) -> Text:
        out: Text = []
        for i, c in enumerate(cards):
            out += ([("", " ")] if i else []) + self.card(c, short=True)
        return out

    def who(self, seat: int, earlier: str | None = None) -> Text:
        """A seat by its name now, or by ``earlier``: who held it then."""
        if earlier is not None:
            return [("class:who", earlier)]
        return [("class:who class:you" if seat == self.seat else "class:who", self.names[seat])]

    def person(self, seat: int, earlier: str | None = None) -> str:
        return "you" if seat == self.seat and earlier is None else "other"

    def side_person(self, team: int) -> str:
        alone = len(self.rules.teams[team]) == 1
        if self._mine(team):
            return "you" if alone else "we"
        return "other" if alone else "they"

    def side(self, team: int, names: Sequence[str] | None = None, *, start: bool = False) -> str:
        """A side's seats by name: "You and Giulia", "Emma and you"; ``start``: at the
        start of a line or after a label, where "you" first in a list ("du", "tu") takes
        its capital; never later in the list ("Anna e tu")."""
        names = names or self.names
        pronoun = (self.names[self.seat], words(self.lang, "you.listed")) if self.seat >= 0 else ()
        shown = []
        for i, s in enumerate(self.rules.teams[team]):
            name = names[s]
            if s == self.seat and name in pronoun:  # "you", not a name given with --name
                name = words(self.lang, "you.mid" if i else "you") if i or start else name
            shown.append(name)
        if len(shown) == 1:
            return shown[0]
        return words(self.lang, "and", a=", ".join(shown[:-1]), b=shown[-1])

    def _mine(self, team: int) -> bool:
        return self.seat in self.rules.teams[team]

    def scores(
        self, values: Sequence[int], *, short: bool = False, tight: bool = False,
        start: bool = False,
    ) -> str:  # fmt: skip
        """The sides and their scores; ``short`` for the panel, ``tight`` for a narrow
        one (names without their note: "Marco", not "Marco (expert)"); ``start``: the
        list starts a line or a label's value ("Runden Du 0", not "Runden du 0")."""
        sides = self._sides(values, short=short, tight=tight, start=start)
        return " · ".join(f"{name} {value}" for name, value in sides)

    def _scores_kept(self, values: Sequence[int], tight: bool) -> Text:
        """The panel's scores: a line may break between sides, never inside a name
        ("Marco (juega al azar)" stays whole)."""
        out: Text = []
        for i, (name, value) in enumerate(self._sides(values, short=True, tight=tight,
                                                      start=True)):  # fmt: skip
            out += [("class:bottom-toolbar.value", " · ")] if i else []
            out += [("class:keep class:bottom-toolbar.value", name),
                    ("class:bottom-toolbar.value", f" {value}")]  # fmt: skip
        return out

    def _sides(
        self, values: Sequence[int], *, short: bool, tight: bool, start: bool
    ) -> list[tuple[str, int]]:
        """Each side's name and value, the person's own side first."""

        # The person's own side first: "Noi 0 · Loro 0", not "Loro 0 · Noi 0".
        order = sorted(range(len(values)), key=lambda t: not self._mine(t))

        def listed(seat: int) -> str:
            name = self.listed[seat]
            return name.partition(" (")[0] or name if tight else name

        def name(team: int) -> str:
            if not short or len(self.rules.teams[team]) == 1:
                names = [listed(s) for s in range(len(self.listed))]
                return self.side(team, names, start=start and team == order[0])
            if self._mine(team):
                return words(self.lang, "us")
            # Two other pairs at six seats, or a spectator's: "Them" says nothing.
            if len(self.rules.teams) > 2 or self.watching:
                return "+".join(listed(s) for s in self.rules.teams[team])
            return words(self.lang, "them")

        return [(name(t), values[t]) for t in order]

    def points(self, n: int) -> str:
        return words(self.lang, "points", count=n)

    # -- lines -----------------------------------------------------------------

    def intro(
        self, notes: Sequence[str], seed: int | None, *, toolbar: bool = True, level: str = ""
    ) -> list[Text]:
        r, w = self.rules, self.lang
        # The title is the game's own name: Brisca with the exchange, Bisca with the 7 second.
        head = [r.variant.capitalize() if r.variant != "italian" else "Briscola"]
        head.append(words(w, "intro.players", players=r.players))
        if not r.default_pack:
            head.append(words(w, "intro.pack", count=r.pack))
        head.append(words(w, "intro.target", count=r.target))
        if level:
            head.append(words(w, "intro.level", level=words(w, f"level.{level}")))
        if seed is not None:
            head.append(words(w, "intro.seed", seed=seed))
        lines: list[Text] = [[("class:head", " · ".join(head))]]
        if self.watching:
            return lines + self._seats_watched()
        n = r.players
        where = {1: "right", n - 1: "left"}
        if n in (4, 6):
            where[n // 2] = "opposite"
        if n == 6:
            where |= {2: "right2", 4: "left2"}
        for s in range(n):
            if s == self.seat:
                continue
            role = "partner" if r.team_of[s] == r.team_of[self.seat] else "against"
            g = self.genders[s]
            if n > 2:
                at = words(w, f"where.{where[(s - self.seat) % n]}", gender=g)
                role_text = words(w, f"role.{role}_at", gender=g, where=at)
            else:
                role_text = words(w, f"role.{role}", gender=g)
            if notes[s]:
                note = note_words(w, notes[s], g)
                lines.append(self.say("intro.seat", who=self.who(s), note=note, role=role_text))
            else:
                lines.append(self.say("intro.seat_bare", who=self.who(s), role=role_text))
        if self.own_name:
            lines.append(self.say("intro.you_are", name=self.listed[self.seat]))
        lines.append(self.say("intro.tip" if toolbar else "intro.tip_lines", "class:dim"))
        return lines

    def _seats_watched(self) -> list[Text]:
        """A spectator's intro: each seat by number and name, with its partners."""
        lines: list[Text] = [self.say("watch.intro", "class:dim")]
        for s in range(self.rules.players):
            team = self.rules.teams[self.rules.team_of[s]]
            partners = " & ".join(self.names[p] for p in team if p != s)
            if partners:
                lines.append(self.say("watch.seat_team", seat=s, who=self.who(s), side=partners))
            else:
                lines.append(self.say("watch.seat", seat=s, who=self.who(s)))
        return lines

    def event(self, ev: Event, seen: Seen) -> list[Text]:
        """The lines one event prints."""
        if isinstance(ev, RoundStarted):
            self._new_holders(ev.round)
            self.bot_tricks.clear()
            head = self.say(
                "round.head", "class:head", person=self.person(ev.dealer), round=ev.round,
                who=self.names[ev.dealer],
            )  # fmt: skip
            trump = self.say("round.trump", count=ev.stock, card=self.card(ev.trump))
            return [[("", "")], head, trump]
        if isinstance(ev, Played):
            if len(seen.trick) == 1:
                self.stood_in.clear()
            if ev.standin:
                self.stood_in.add(ev.seat)
            key = "play.standin" if ev.standin else "play"
            return [self.does(ev.seat, key, self.card(ev.card)) + self.best_mark(seen, ev.card)]
        if isinstance(ev, TrickDone):
            key = "trick.standin" if ev.winner in self.stood_in else "trick.took"
            if ev.winner in self.stood_in:
                self.bot_tricks.add(len(seen.tricks) - 1)
            self.stood_in.clear()
            return [self.took(key, ev, self.earlier(ev.winner, len(seen.tricks) - 1, seen.round))]
        if isinstance(ev, Drew):
            if ev.card == seen.trump and not seen.stock:
                return []  # the face-up card: the line of TrumpTaken that follows says it
            return [self.does(ev.seat, "draw", self.card(ev.card), "class:dim")]
        if isinstance(ev, TrumpTaken):
            return [
                self.say(
                    "trump.taken", "class:dim", person=self.person(ev.seat), who=self.who(ev.seat),
                    card=self.card(ev.card),
                )
            ]  # fmt: skip
        if isinstance(ev, Exchanged):
            return [
                self.say(
                    "exchanged", person=self.person(ev.seat), who=self.who(ev.seat),
                    gave=self.card(ev.gave), took=self.card(ev.took),
                )
            ]  # fmt: skip
        if isinstance(ev, TakenBack):
            return [
                self.say(
                    "takeback", "class:dim", person=self.person(ev.seat), who=self.who(ev.seat),
                    i=ev.tricks + 1,
                )
            ]  # fmt: skip
        if isinstance(ev, RoundEnded):
            return self.round_end(ev, seen)
        if isinstance(ev, MatchEnded):
            return self.match_end(ev)
        return []  # pragma: no cover - every event type is shown above

    def best_mark(self, seen: Seen, card: Card) -> Text:
        """At 3 seats or more, a mark on the card that is winning the trick so far."""
        trick = [c for _, c in seen.trick]
        if self.rules.players < 3 or len(trick) < 2 or seen.trump is None:
            return []
        if trick[self.rules.trick_winner(seen.trump.suit, trick)] != card:
            return []
        return [("class:keep class:dim", " " + words(self.lang, "table.best"))]

    def took(self, key: str, trick: TrickDone, earlier: str | None = None) -> Text:
        """Who took ``trick`` (``earlier``: who held the seat then) and its points, in
        sentence ``key``."""
        return self.say(
            key,
            person=self.person(trick.winner, earlier),
            who=self.who(trick.winner, earlier),
            points=self.points(trick.points),
        )

    def does(self, seat: int, key: str, card: Text, style: str = "") -> Text:
        """``  You play AD Ace of Coins`` / ``  Marco plays ...``."""
        return self.say(key, style, person=self.person(seat), who=self.who(seat), card=card)

    def hand(
        self, slots: Sequence[Card | None], exchange: Card | None = None, tight: bool = False
    ) -> list[Text]:
        line = self.say("hand.head")
        for i, c in enumerate(slots):
            if c is not None:
                card = self.card(c, short=tight)
                line += [("", "  "), ("class:num", f"{i + 1}"), ("", " "), *card]
        lines = [line]
        if exchange is not None:
            lines.append(self.say("hand.exchange", card=self.card(exchange, short=True)))
        return lines

    def table(self, seen: Seen, tight: bool = False) -> list[Text]:
        if not seen.trick:
            if seen.to_move is not None and seen.to_move != self.seat:
                return [self.say("table.leads", "class:dim", who=self.who(seen.to_move))]
            return [self.say("table.lead", "class:dim")]
        line = self.say("table.head")
        for s, c in seen.trick:
            card = self.card(c, short=tight)
            who = self.who(s, self.earlier(s, len(seen.tricks), seen.round))  # played it
            line += [("", "  "), *who, ("", " "), *card, *self.best_mark(seen, c)]
        return [line]

    def last(self, seen: Seen) -> list[Text]:
        t = seen.last
        if t is None:
            return [self.say("last.none")]
        line = self.say("last.head")
        i = len(seen.tricks) - 1
        for s, c in t.cards:
            line += [("", "  "), *self.who(s, self.earlier(s, i, seen.round)), ("", " ")]
            line += self.card(c)
        return [line, self.took("last.took", t, self.earlier(t.winner, i, seen.round))]

    def score(self, seen: Seen) -> list[Text]:
        lines = [
            self.say("score.rounds", count=self.rules.target, scores=self.scores(seen.rounds_won))
        ]
        if seen.trump is not None:  # what the toolbar says, for the line mode too
            trump = self.say("round.trump", count=seen.stock, card=self.card(seen.trump))
            lines.insert(0, trump)
        if self.count and seen.points:
            lines.append(self.say("score.points", scores=self.scores(seen.points)))
        elif seen.points:
            lines.append(self.say("score.hidden", "class:dim"))
        return lines

    def seen(self, seen: Seen) -> list[Text]:
        """The cards played this round by suit (trumps first), and the aces and threes
        the seat has not seen yet (in other hands or the stock)."""
        played = [c for t in seen.tricks for _, c in t.cards] + [c for _, c in seen.trick]
        trump = seen.trump.suit if seen.trump is not None else 0
        lines = [self.say("seen.head")]
        for suit in sorted(range(4), key=lambda s: s != trump):
            mine = sorted((c for c in played if c.suit == suit), key=self._order)
            key = "seen.trump_suit" if suit == trump else "seen.suit"
            shown: Text = self.cards(mine) if mine else [("", words(self.lang, "seen.none"))]
            lines.append(self.say(key, suit=suit_name(suit, self.faces, self.lang), cards=shown))
        known = set(played) | {c for c in seen.hand if c is not None}
        if seen.face_up is not None:
            known.add(seen.face_up)
        ten = Rank.THREE if self.rules.ranking == "default" else Rank.SEVEN  # worth 10
        out = [c for c in self.rules.deck if c.rank in (Rank.ACE, ten) and c not in known]
        key = "seen.out" if ten == Rank.THREE else "seen.out7"
        if out:
            lines.append(self.say(key, cards=self.cards(sorted(out, key=self._order))))
        else:
            lines.append(self.say(key.replace("out", "all_out")))
        return lines

    def _order(self, card: Card) -> tuple[int, int]:
        return (-self.rules.strength[card], card)

    def round_end(self, ev: RoundEnded, seen: Seen) -> list[Text]:
        lines: list[Text] = [[("", "")], self.say("end.head", "class:head", round=seen.round)]
        for team, pts in enumerate(ev.points):
            made = sorted(
                (c for c in seen.captured[team] if self.rules.points[c]),
                key=lambda c: (-self.rules.points[c], c),
            )
            names = self.round_names(seen.round, self.listed)  # all who played a seat
            side, points = self.side(team, names, start=True), self.points(pts)
            if made:
                lines.append(
                    self.say("end.side_made", side=side, points=points, cards=self.cards(made))
                )
            else:
                lines.append(self.say("end.side", side=side, points=points))
        if ev.winner is None:
            lines.append(self.say("end.drawn"))
        else:
            style = self._outcome_style(ev.winner)
            who = self.side_person(ev.winner)
            side = self.side(ev.winner, self.round_names(seen.round, self.names))
            lines.append(self.say("end.won", style, person=who, side=side))
        lines.append(self.say("end.rounds", scores=self.scores(ev.rounds_won)))
        return lines + self.review(seen)

    def review(self, seen: Seen, top: int = 3) -> list[Text]:
        """The tricks that decided the round: the richest ones, in the order played."""
        rich = sorted(range(len(seen.tricks)), key=lambda i: -seen.tricks[i].points)[:top]
        rich = sorted(i for i in rich if seen.tricks[i].points)
        if not rich:
            return []
        lines = [self.say("review.head", "class:dim")]
        for i in rich:
            t = seen.tricks[i]
            earlier = self.earlier(t.winner, i, seen.round)  # who held the seat then
            person = self.person(t.winner, earlier)
            who: str | Text = earlier or self.names[t.winner]
            if i in self.bot_tricks:  # a stand-in's card took it: "a bot for Giulia"
                who = self.say("by_bot", person=person, who=self.who(t.winner, earlier))
                person = "other"
            lines.append(
                self.say(
                    "review.trick", "class:dim", person=person, i=i + 1, who=who,
                    points=self.points(t.points), cards=self.cards([c for _, c in t.cards]),
                )
            )  # fmt: skip
        return lines

    def match_end(self, ev: MatchEnded) -> list[Text]:
        scores = self.scores(ev.rounds_won)
        if ev.winner is None:
            return [[("", "")], self.say("match.none", "class:head", scores=scores)]
        style = self._outcome_style(ev.winner)
        who = self.side_person(ev.winner)
        return [
            [("", "")],
            self.say("match.won", style, person=who, side=self.side(ev.winner), scores=scores),
        ]

    def _outcome_style(self, team: int) -> str:
        if self.watching:
            return "class:head"
        return "class:win" if self._mine(team) else "class:lose"

    def toolbar(self, seen: Seen, tight: bool = False) -> Text:
        def item(key: str, value: str | Text) -> Text:
            shown = [("class:bottom-toolbar.value", value)] if isinstance(value, str) else value
            label = ("class:bottom-toolbar.key", f" {words(self.lang, key)} ")
            return [label, *shown, ("", "  ")]  # the gap is where a narrow bar wraps

        trump: str | Text = "-"
        if seen.trump is not None and seen.face_up is None and not seen.stock:
            # Drawn: what counts now is the suit.
            suit = suit_name(seen.trump.suit, self.faces, self.lang)
            trump = [(f"class:suit{seen.trump.suit}", suit)]
        elif seen.trump is not None:
            trump = self.card(seen.trump, short=tight)
        bar = item("bar.trump", trump) + item("bar.stock", str(seen.stock))
        bar += item("bar.round", str(seen.round))
        bar += item("bar.rounds", self._scores_kept(seen.rounds_won, tight))
        if self.count and seen.points:
            bar += item("bar.points", self._scores_kept(seen.points, tight))
        return bar

    def turn(self, seen: Seen, left: float | None = None) -> Text | None:
        """Whose card the table waits for, and the time left when there is a clock."""
        if seen.to_move is None:
            return None
        key = "turn.yours" if seen.to_move == self.seat else "turn.waiting"
        if left is None:
            return self.say(key, who=self.who(seen.to_move))
        return self.say(key + "_left", who=self.who(seen.to_move), left=clock_text(left))

    def panel(
        self, seen: Seen | None, status: Text | None = None, tight: bool = False
    ) -> list[Text]:
        """The lines that stay under the log: the trump, stock and scores; the cards
        on the table (the one to beat marked); the hand; what the table waits for.
        ``tight``: cards by their codes and seats by their names alone, for a
        small terminal."""
        lines: list[Text] = []
        if seen is not None and seen.round:
            lines.append(self.toolbar(seen, tight))
            table = self.table(seen, tight) if seen.trick or seen.to_move is not None else []
            if not self.watching and any(c is not None for c in seen.hand):
                table += self.hand(seen.hand, tight=tight)[:1]
            lines += [[("class:bottom-toolbar", " "), *t] for t in table]
        if status:
            lines.append([("class:bottom-toolbar", " "), *status])
        return lines

    def error(self, message: str) -> list[Text]:
        return [[("class:error", message)]]
