"""A match record told in words, trick by trick, for ``briscola replay``.

Floor 4, beside :mod:`briscola.replay`: the :class:`Narrator` receives each
record line after the checker has accepted it and prints it in English,
German or Italian with the cards named in the chosen faces.  It trusts the
lines it is given, so it never needs the engine.
"""

from __future__ import annotations

from typing import IO, TYPE_CHECKING, Any, Final

from .cards import Card, Faces, Language, card_name
from .rules import TableRules
from .text import printable

if TYPE_CHECKING:
    from .replay import ReplayResult

__all__ = ["PHRASES", "Narrator", "verdict_text"]

PHRASES: Final[dict[str, dict[str, str]]] = {
    "en": {
        "header": "Briscola: {players} players, {variant}, first to {target} won round(s); "
        "seed {seed}",
        "seats": "Seats: {seats}",
        "teams": "Sides: {teams}",
        "against": " against ",
        "round": "Round {n}: {dealer} deals, {leader} leads; trump {card}",
        "hand": "  {name}'s hand: {cards}",
        "trick": "  Trick {n}: {plays} -> {winner} ({points} points)",
        "open": "  Unfinished trick: {plays}",
        "draws": "    draw: {draws}",
        "trump_taken": "    {name} takes the face-up {card}",
        "exchanged": "  {name} exchanges {gave} for the face-up {took}",
        "fault": "  Fault by {name}: {code}: {message}",
        "forfeit": "    -> the match is forfeited by {team}",
        "takeover": "    -> a built-in bot takes over the seat",
        "refused": "    -> refused; the seat was asked again",
        "info": "  {name} says: {text}",
        "round_end": "Round {n} over: {points}. {result}. Rounds won: {won}",
        "round_won": "Round won by {team}",
        "drawn": "Drawn round, it counts for nobody",
        "match_end": "Match over ({reason}): {result}; rounds won {won}",
        "match_won": "won by {team}",
        "nobody": "no winner",
        "verdict": "OK: {label}: a consistent record, {lines} lines, {rounds} round(s); {result}",
        "complete": "complete",
        "fault_reason": "fault",
        "abandoned": "abandoned",
    },
    "de": {
        "header": "Briscola: {players} Spieler, {variant}, Ziel {target} gewonnene Runde(n); "
        "Seed {seed}",
        "seats": "Plätze: {seats}",
        "teams": "Parteien: {teams}",
        "against": " gegen ",
        "round": "Runde {n}: {dealer} gibt, {leader} spielt aus; Trumpf {card}",
        "hand": "  Hand von {name}: {cards}",
        "trick": "  Stich {n}: {plays} -> {winner} ({points} Punkte)",
        "open": "  Unvollendeter Stich: {plays}",
        "draws": "    Nachziehen: {draws}",
        "trump_taken": "    {name} nimmt die aufgedeckte Karte {card}",
        "exchanged": "  {name} tauscht {gave} gegen die aufgedeckte Karte {took}",
        "fault": "  Fehler von {name}: {code}: {message}",
        "forfeit": "    -> die Partie ist für {team} verloren",
        "takeover": "    -> ein eingebauter Bot übernimmt den Platz",
        "refused": "    -> abgelehnt; der Platz wurde erneut gefragt",
        "info": "  {name} sagt: {text}",
        "round_end": "Runde {n} vorbei: {points}. {result}. Gewonnene Runden: {won}",
        "round_won": "Rundensieg für {team}",
        "drawn": "Unentschieden, die Runde zählt für niemanden",
        "match_end": "Partie vorbei ({reason}): {result}; gewonnene Runden {won}",
        "match_won": "Sieg für {team}",
        "nobody": "kein Sieger",
        "verdict": "OK: {label}: eine stimmige Aufzeichnung, {lines} Zeilen, {rounds} Runde(n); "
        "{result}",
        "complete": "regulär",
        "fault_reason": "Fehler",
        "abandoned": "abgebrochen",
    },
    "it": {
        "header": "Briscola: {players} giocatori, {variant}, vince chi arriva a {target}; "
        "seme {seed}",
        "seats": "Posti: {seats}",
        "teams": "Squadre: {teams}",
        "against": " contro ",
        "round": "Smazzata {n}: dà le carte {dealer}, esce {leader}; briscola {card}",
        "hand": "  Carte di {name}: {cards}",
        "trick": "  Presa {n}: {plays} -> {winner} ({points} punti)",
        "open": "  Presa incompiuta: {plays}",
        "draws": "    pescano: {draws}",
        "trump_taken": "    {name} prende la carta scoperta {card}",
        "exchanged": "  {name} scambia {gave} con la carta scoperta {took}",
        "fault": "  Errore di {name}: {code}: {message}",
        "forfeit": "    -> partita persa a tavolino per {team}",
        "takeover": "    -> un bot integrato prende il posto",
        "refused": "    -> rifiutato; il posto è stato interpellato di nuovo",
        "info": "  {name} dice: {text}",
        "round_end": "Smazzata {n} finita: {points}. {result}. Smazzate vinte: {won}",
        "round_won": "La smazzata va a {team}",
        "drawn": "Smazzata pari, non conta per nessuno",
        "match_end": "Partita finita ({reason}): {result}; smazzate vinte {won}",
        "match_won": "la partita va a {team}",
        "nobody": "nessun vincitore",
        "verdict": "OK: {label}: registrazione coerente, {lines} righe, {rounds} smazzata/e; "
        "{result}",
        "complete": "regolare",
        "fault_reason": "errore",
        "abandoned": "interrotta",
    },
}


def _labels(names: tuple[str, ...]) -> tuple[str, ...]:
    """Seat names, with the seat number where two seats share a name."""
    return tuple(n if names.count(n) == 1 else f"{n} ({s})" for s, n in enumerate(names))


def _team_labels(rules: TableRules, seats: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(" & ".join(seats[s] for s in team) for team in rules.teams)


class Narrator:
    """Prints each checked record line as readable text on ``out``."""

    def __init__(self, out: IO[str], faces: Faces = "italian", lang: Language = "en") -> None:
        self.out = out
        self.faces: Faces = faces
        self.lang: Language = lang
        self.words = PHRASES[lang]
        self.rules = TableRules()
        self.seats: tuple[str, ...] = ()
        self.teams: tuple[str, ...] = ()
        self.round = 0
        self.tricks = 0
        self.plays: list[str] = []
        self.draws: list[str] = []

    def say(self, key: str, **values: Any) -> None:
        # Names, info and fault texts came from bots: shown escaped, one line each.
        shown = {k: printable(v) if isinstance(v, str) else v for k, v in values.items()}
        print(self.words[key].format(**shown), file=self.out)

    def card(self, text: str) -> str:
        return card_name(Card.parse(text), self.faces, self.lang)

    def flush(self, *, trick: bool = True) -> None:
        """Print what is still buffered: the draws, and (``trick``) an unfinished trick."""
        if self.draws:
            self.say("draws", draws=", ".join(self.draws))
            self.draws.clear()
        if trick and self.plays:
            self.say("open", plays=", ".join(self.plays))
            self.plays.clear()

    def line(self, no: int, line: dict[str, Any]) -> None:
        kind = line["type"]
        if kind == "draw":
            self.draws.append(f"{self.seats[line['seat']]} {self.card(line['card'])}")
            return
        self.flush(trick=kind in ("fault", "match_end"))
        handler = getattr(self, f"_{kind}", None)
        if handler is not None:
            handler(line)

    def _header(self, line: dict[str, Any]) -> None:
        self.rules = rules = TableRules.from_dict(line["table"])
        self.seats = _labels(tuple(line["names"]))
        self.teams = _team_labels(rules, self.seats)
        seed = "-" if line.get("seed") is None else line["seed"]
        self.say(
            "header", players=rules.players, variant=rules.variant, target=rules.target, seed=seed
        )
        self.say("seats", seats=", ".join(f"{s} {n}" for s, n in enumerate(self.seats)))
        if len(self.teams) < rules.players:
            self.say("teams", teams=self.words["against"].join(self.teams))

    def _round_start(self, line: dict[str, Any]) -> None:
        if line["round"] != self.round:
            self.round = line["round"]
            self.tricks = 0
            self.say(
                "round",
                n=self.round,
                dealer=self.seats[line["dealer"]],
                leader=self.seats[line["leader"]],
                card=self.card(line["trump"]),
            )
        if "to" in line:
            cards = ", ".join(self.card(c) for c in line["hand"])
            self.say("hand", name=self.seats[line["to"]], cards=cards)

    def _played(self, line: dict[str, Any]) -> None:
        self.plays.append(f"{self.seats[line['seat']]} {self.card(line['card'])}")

    def _trick(self, line: dict[str, Any]) -> None:
        self.tricks += 1
        self.plays.clear()
        plays = ", ".join(f"{self.seats[p['seat']]} {self.card(p['card'])}" for p in line["cards"])
        self.say(
            "trick",
            n=self.tricks,
            plays=plays,
            winner=self.seats[line["winner"]],
            points=line["points"],
        )

    def _trump_taken(self, line: dict[str, Any]) -> None:
        self.say("trump_taken", name=self.seats[line["seat"]], card=self.card(line["card"]))

    def _exchanged(self, line: dict[str, Any]) -> None:
        self.say(
            "exchanged",
            name=self.seats[line["seat"]],
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

    def _info(self, line: dict[str, Any]) -> None:
        self.say("info", name=self.seats[line["seat"]], text=line["text"])

    def _round_end(self, line: dict[str, Any]) -> None:
        points = ", ".join(f"{t} {p}" for t, p in zip(self.teams, line["points"], strict=True))
        if line["winner"] is None:
            result = self.words["drawn"]
        else:
            result = self.words["round_won"].format(team=self.teams[line["winner"]])
        won = "-".join(map(str, line["rounds_won"]))
        self.say("round_end", n=self.round, points=points, result=result, won=won)

    def _match_end(self, line: dict[str, Any]) -> None:
        result = _outcome(self.words, self.teams, line["winner"])
        self.say(
            "match_end",
            reason=_reason(self.words, line["reason"]),
            result=result,
            won="-".join(map(str, line["rounds_won"])),
        )


def _reason(words: dict[str, str], reason: str) -> str:
    """A match's end reason in words where we know it (``complete``, ``fault``,
    ``abandoned``); any other as it is written."""
    return words.get("fault_reason" if reason == "fault" else reason, reason)


def _outcome(words: dict[str, str], teams: tuple[str, ...], winner: int | None) -> str:
    return words["nobody"] if winner is None else words["match_won"].format(team=teams[winner])


def verdict_text(result: ReplayResult, label: str, lang: Language = "en") -> str:
    """The one-line verdict on a consistent record."""
    words = PHRASES[lang]
    teams = _team_labels(result.rules, _labels(result.names))
    outcome = f"{_outcome(words, teams, result.winner)} ({_reason(words, result.reason)})"
    return words["verdict"].format(
        label=printable(label),
        lines=result.lines,
        rounds=len(result.rounds),
        result=printable(outcome),
    )
