"""A match record told in words, trick by trick, for ``briscola replay``.

Beside :mod:`briscola.replay`: the :class:`Narrator` receives each record
line after the checker has accepted it and prints it in the chosen language
(the ``REPLAY`` section) with the cards named in the chosen faces.  It trusts the
lines it is given, so it never needs the engine.

A replay tells the whole table, every hand open, to whoever reads the record:
every seat goes by its name in the record, the person's too, never "you" (at a
LAN table several people sat, and the reader may be none of them).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import IO, TYPE_CHECKING, Any, Final

from ..engine.cards import FACES, Card, Faces, Language, card_name
from ..engine.rules import TableRules
from ..engine.text import printable
from .i18n import Catalog, say
from .languages import catalog

if TYPE_CHECKING:
    from ..engine.replay import ReplayResult

__all__ = ["PHRASES", "Narrator", "verdict_text"]

PHRASES: Final[Catalog] = catalog("REPLAY")


def _labels(names: tuple[str, ...]) -> tuple[str, ...]:
    """Seat names, with the seat number where two seats share a name."""
    return tuple(n if names.count(n) == 1 else f"{n} ({s})" for s, n in enumerate(names))


def _team_labels(rules: TableRules, seats: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(" & ".join(seats[s] for s in team) for team in rules.teams)


def _side_person(rules: TableRules, team: int) -> str:
    """A side's form of a sentence: one seat (``other``) or several (``they``)."""
    return "other" if len(rules.teams[team]) == 1 else "they"


class Narrator:
    """Prints each checked record line as readable text on ``out``."""

    def __init__(
        self,
        out: IO[str],
        faces: Faces | None = "italian",
        lang: Language = "en",
        *,
        fallback: Faces = "italian",
        fit: Callable[[str], str] | None = None,
    ) -> None:
        """``faces`` None: the faces the record's header names, else ``fallback``;
        ``fit``: each line laid out for the terminal (broken at spaces)."""
        self.out = out
        self.fit = fit
        self.chosen = faces
        self.fallback: Faces = fallback
        self.faces: Faces = faces or fallback
        self.lang: Language = lang
        self.rules = TableRules()
        self.seats: tuple[str, ...] = ()
        self.teams: tuple[str, ...] = ()
        self.round = 0
        self.tricks = 0
        self.plays: list[str] = []
        self.played_by: dict[int, str] = {}  # the trick's cards: whose name each went under
        # Seats a stand-in bot plays for (``standin`` lines until ``handback`` or
        # ``seated``), and seats it plays one card for (``"once"``, three faults).
        self.bot_seats: set[int] = set()
        self.bot_once: set[int] = set()
        self.draws: list[tuple[str, str]] = []  # (what is said, the card's text form)

    def text(
        self, key: str, *, person: str | None = None, count: int | None = None, **values: Any
    ) -> str:
        # Names, info and fault texts came from bots: shown escaped, one line each.
        shown = {k: printable(v) if isinstance(v, str) else v for k, v in values.items()}
        return say(PHRASES, self.lang, key, person=person, count=count, **shown)

    def say(self, key: str, **values: Any) -> None:
        text = self.text(key, **values)
        print(self.fit(text) if self.fit is not None else text, file=self.out)

    def card(self, text: str) -> str:
        return card_name(Card.parse(text), self.faces, self.lang)

    def flush(self, *, trick: bool = True) -> None:
        """Print what is still buffered: the draws, and (``trick``) an unfinished trick."""
        if self.draws:
            self.say("draws", draws=", ".join(said for said, _ in self.draws))
            self.draws.clear()
        if trick and self.plays:
            self.say("open", plays=", ".join(self.plays))
            self.plays.clear()

    def line(self, no: int, line: dict[str, Any]) -> None:
        kind = line["type"]
        if kind == "draw":
            said = f"{self.seats[line['seat']]} {self.card(line['card'])}"
            self.draws.append((said, line["card"]))
            return
        if kind == "trump_taken":  # its own line says who drew the face-up card
            self.draws = [d for d in self.draws if d[1] != line["card"]]
        self.flush(trick=kind in ("fault", "match_end"))
        handler = getattr(self, f"_{kind}", None)
        if handler is not None:
            handler(line)

    def _header(self, line: dict[str, Any]) -> None:
        self.rules = rules = TableRules.from_dict(line["table"])
        if self.chosen is None:
            faces = line.get("faces")
            self.faces = faces if faces in FACES else self.fallback
        self.seats = _labels(tuple(line["names"]))
        self.teams = _team_labels(rules, self.seats)
        self.bot_seats.clear()
        self.bot_once.clear()
        seed = "-" if line.get("seed") is None else line["seed"]
        pack = "" if rules.default_pack else self.text("pack", count=rules.pack)
        self.say(
            "header",
            count=rules.target,
            players=rules.players,
            pack=pack,
            variant=self.text(f"variant.{rules.variant}"),
            seed=seed,
        )
        self.say("seats", seats=", ".join(f"{s} {n}" for s, n in enumerate(self.seats)))
        if len(self.teams) < rules.players:
            self.say("teams", teams=self.text("against").join(self.teams))

    def _round_start(self, line: dict[str, Any]) -> None:
        if line["round"] != self.round:
            self.round = line["round"]
            self.tricks = 0
            dealer, leader = line["dealer"], line["leader"]
            self.say(
                "round",
                n=self.round,
                dealer=self.seats[dealer],
                leader=self.seats[leader],
                card=self.card(line["trump"]),
            )
        if "to" in line:
            cards = ", ".join(self.card(c) for c in line["hand"])
            seat = line["to"]
            self.say("hand", name=self.seats[seat], cards=cards)

    def _played(self, line: dict[str, Any]) -> None:
        seat = line["seat"]
        by = self.seats[seat]
        if line.get("standin") is True or seat in self.bot_seats or seat in self.bot_once:
            by = self.text("by_bot", name=by)  # the card is the bot's, not the person's
        self.bot_once.discard(seat)
        self.plays.append(f"{by} {self.card(line['card'])}")
        self.played_by[seat] = by  # a seat may change hands

    def _trick(self, line: dict[str, Any]) -> None:
        """A trick, each card under who played it, and taken by whose card won it (a
        seat that changed hands after its card: the one before)."""
        self.tricks += 1
        self.plays.clear()
        by, self.played_by = self.played_by, {}
        plays = ", ".join(
            f"{by.get(p['seat'], self.seats[p['seat']])} {self.card(p['card'])}"
            for p in line["cards"]
        )
        self.say(
            "trick",
            i=self.tricks,
            plays=plays,
            winner=by.get(line["winner"], self.seats[line["winner"]]),
            points=self.text("points", count=line["points"]),
        )

    def _trump_taken(self, line: dict[str, Any]) -> None:
        seat = line["seat"]
        self.say("trump_taken", name=self.seats[seat], card=self.card(line["card"]))

    def _exchanged(self, line: dict[str, Any]) -> None:
        seat = line["seat"]
        self.say(
            "exchanged",
            name=self.seats[seat],
            gave=self.card(line["gave"]),
            took=self.card(line["took"]),
        )

    def _fault(self, line: dict[str, Any]) -> None:
        self.say("fault", name=self.seats[line["seat"]], code=line["code"], message=line["message"])
        if line.get("fatal") is False:
            self.say("refused")
        elif line["policy"] == "forfeit":
            self.say("forfeit", team=self.teams[self.rules.team_of[line["seat"]]])
        else:
            self.say("takeover")

    def _standin(self, line: dict[str, Any]) -> None:
        self.say(f"standin.{line['reason']}", name=self.seats[line["seat"]])
        (self.bot_once if line.get("once") else self.bot_seats).add(line["seat"])

    def _handback(self, line: dict[str, Any]) -> None:
        if isinstance(line.get("name"), str):  # an older record's way to say "seated"
            self._seated(line)
            return
        self.say("handback", name=self.seats[line["seat"]])
        self.bot_seats.discard(line["seat"])

    def _seated(self, line: dict[str, Any]) -> None:
        """A new person takes a seat left mid-match: from here its cards are theirs."""
        seat = line["seat"]
        self.say("seated", name=line["name"], was=self.seats[seat])
        self.bot_seats.discard(seat)
        seats = list(self.seats)
        seats[seat] = printable(line["name"])
        self.seats = tuple(seats)
        self.teams = _team_labels(self.rules, self.seats)

    def _dropped(self, line: dict[str, Any]) -> None:
        self.say("dropped", name=self.seats[line["seat"]])

    def _resumed(self, line: dict[str, Any]) -> None:
        self.say("resumed", name=self.seats[line["seat"]])

    def _pause(self, line: dict[str, Any]) -> None:
        self.say("pause")

    def _restart(self, line: dict[str, Any]) -> None:
        self.say(f"restart.{line['after']}")

    def _takeback(self, line: dict[str, Any]) -> None:
        seat = line["seat"]
        self.tricks = line["tricks"]
        self.plays = [f"{self.seats[p['seat']]} {self.card(p['card'])}" for p in line["trick"]]
        self.played_by = {p["seat"]: self.seats[p["seat"]] for p in line["trick"]}
        self.say("takeback", name=self.seats[seat], i=self.tricks + 1)

    def _info(self, line: dict[str, Any]) -> None:
        self.say("info", name=self.seats[line["seat"]], text=line["text"])

    def _round_end(self, line: dict[str, Any]) -> None:
        points = ", ".join(f"{t} {p}" for t, p in zip(self.teams, line["points"], strict=True))
        winner = line["winner"]
        if winner is None:
            result = self.text("drawn")
        else:
            who = _side_person(self.rules, winner)
            result = self.text("round_won", person=who, team=self.teams[winner])
        won = "-".join(map(str, line["rounds_won"]))
        self.say("round_end", i=self.round, points=points, result=result, won=won)

    def _match_end(self, line: dict[str, Any]) -> None:
        winner = line["winner"]
        if winner is None:
            result = self.text("nobody")
        else:
            who = _side_person(self.rules, winner)
            result = self.text("match_won", person=who, team=self.teams[winner])
        self.say(
            "match_end",
            reason=_reason(self.lang, line["reason"]),
            result=result,
            won="-".join(map(str, line["rounds_won"])),
        )
        why = line.get("why")
        if isinstance(why, str) and why:  # the server's words for a stop (deserted, ...)
            self.say("match_why", why=why[:300])


def _reason(lang: str, reason: str) -> str:
    """A match's end reason in words where we know it (``complete``, ``fault``,
    ``abandoned``); any other as it is written."""
    key = "fault_reason" if reason == "fault" else reason
    return say(PHRASES, lang, key) if key in ("complete", "fault_reason", "abandoned") else reason


def verdict_text(result: ReplayResult, label: str, lang: Language = "en") -> str:
    """The one-line verdict on a consistent record; a seat that changed hands mid-match
    (a ``seated`` line) by all who played it ("Hans/Lena")."""
    names = list(result.names)
    for line in result.table_lines:
        seat, name = line.get("seat"), line.get("name")
        if line["type"] == "seated" and isinstance(name, str) and isinstance(seat, int):
            names[seat] = f"{names[seat]}/{name}"
    teams = _team_labels(result.rules, _labels(tuple(names)))
    reason = _reason(lang, result.reason)
    if result.winner is None:
        outcome = say(PHRASES, lang, "verdict.none", reason=printable(reason))
    else:
        who = _side_person(result.rules, result.winner)
        team = printable(teams[result.winner])
        outcome = say(PHRASES, lang, "verdict.won", person=who, team=team, reason=reason)
    return say(
        PHRASES,
        lang,
        "verdict",
        count=len(result.rounds),
        label=printable(label),
        lines=result.lines,
        result=outcome,
    )
