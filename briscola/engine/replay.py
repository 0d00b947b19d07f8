"""Reading and checking match records.

Part of the engine (floor 1): it drives :mod:`.game` through a record
written by :mod:`.records`.  :func:`verify_record` re-deals every round (from
the ``deal`` line, or from the seed when the line is absent), applies every
``played`` and ``exchanged`` line through the engine and compares each line
the engine derives from them (``round_start``, ``trick``, ``draw``,
``trump_taken``, ``round_end``, ``match_end``) with the recorded one.  The
first disagreement raises :class:`RecordError` naming the line.  It prints
nothing: ``briscola replay`` (:mod:`briscola.lab.replay`) tells the record as
it is checked.  The format itself is described in ``docs/records.md``.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from .cards import FACES, Card, CardError, Faces
from .events import Event, TakenBack
from .game import IllegalMoveError, Match, Round, RoundResult
from .jsonline import JSONLineError, loads
from .observation import observe
from .records import RECORD_VERSION, event_line
from .rules import RULES_VERSION, RulesError, TableRules
from .text import printable

__all__ = [
    "RecordError",
    "ReplayResult",
    "Resumable",
    "Unfinished",
    "parse_line",
    "resume_point",
    "verify_record",
]

Line = dict[str, Any]
# Lines the engine derives from the moves; a record must hold each one, in order.
DERIVED = frozenset({"round_start", "trick", "draw", "trump_taken", "round_end", "match_end"})
POLICIES = ("forfeit", "takeover")
TABLE_LINES = ("standin", "handback", "seated", "dropped", "resumed", "pause", "restart")
STANDIN_REASONS = ("dropped", "timeout", "left", "faults")


class RecordError(ValueError):
    """A record that is not a consistent match: ``line`` is its 1-based line number."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.message = message


class Unfinished(RecordError):
    """A record whose every line is right, but whose match has not ended (yet): a
    match in progress, or one a server will reopen."""


@dataclass(slots=True)
class ReplayResult:
    """What a consistent record says happened."""

    rules: TableRules
    names: tuple[str, ...]
    seed: int | None
    first_dealer: int
    lines: int = 0  # lines read, blank ones included
    rounds: list[RoundResult] = field(default_factory=list)
    from_seed: int = 0  # rounds dealt from the seed because the record has no deal line
    faults: list[Line] = field(default_factory=list)  # seats that failed (fatal)
    refused: list[Line] = field(default_factory=list)  # faults a seat recovered from
    winner: int | None = None
    rounds_won: tuple[int, ...] = ()
    reason: str = ""
    people: list[int] = field(default_factory=list)  # seats a person sat in (header)
    faces: Faces | None = None  # the pack the match was played with (header), if it says
    takebacks: int = 0  # moves a person took back (against bots)
    # The table's own lines: a bot played for a seat (standin) until it was handed
    # back (handback); the server paused (pause) or came back (restart).
    table_lines: list[Line] = field(default_factory=list)


def record_faces(header: Line) -> Faces | None:
    """The faces a record's header says the match was played with, if any it knows."""
    faces = header.get("faces")
    return faces if faces in FACES else None


def parse_line(no: int, raw: bytes | str) -> Line | None:
    """One raw record line as a JSON object with a string ``type``; None when blank.

    Raises :class:`RecordError` for a line that is not UTF-8 text, not JSON,
    or not a JSON object with a string ``type``.
    """
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError as err:
            raise RecordError(no, f"not UTF-8 text ({err.reason} at byte {err.start})") from None
    text = raw.rstrip("\r\n")
    if not text.strip():
        return None
    try:
        line = loads(text)
    except JSONLineError as err:
        raise RecordError(no, f"bad JSON: {err}") from None
    if not isinstance(line, dict):
        raise RecordError(no, f"expected a JSON object, got {_show(line)}")
    if not isinstance(line.get("type"), str):
        raise RecordError(no, 'expected a string field "type"')
    return line


def verify_record(
    source: Iterable[bytes | str | Line],
    *,
    on_line: Callable[[int, Line], None] | None = None,
    on_move: Callable[[int, Line, Round], None] | None = None,
) -> ReplayResult:
    """Check a whole record and return what it says happened.

    ``source`` yields raw lines (text or bytes, as read from a file) or lines
    already parsed (``Record.lines``).  ``on_line(number, line)`` is called for
    each line once it has been checked.  ``on_move(number, line, round)`` is
    called for each ``played`` or ``exchanged`` line of the seat to move, just
    before the engine applies it, with the round as it stands then (to be
    read, not changed: ``briscola review`` observes it).  Raises
    :class:`RecordError` at the first line that disagrees with the engine, and
    at the end of a record cut short.
    """
    checker: _Checker | None = None
    last = 0
    for no, item in enumerate(source, 1):
        last = no
        line = item if isinstance(item, dict) else parse_line(no, item)
        if line is None:
            continue
        if not isinstance(line.get("type"), str):
            raise RecordError(no, 'expected a string field "type"')
        if checker is None:
            checker = _Checker(no, line)
            checker.on_move = on_move
        else:
            checker.feed(no, line)
        if on_line is not None:
            on_line(no, line)
    if checker is None:
        raise RecordError(last + 1, "the record is empty; expected a header line")
    return checker.finish(last)


@dataclass(slots=True)
class Resumable:
    """An unfinished record, read up to its last whole step (a move and all it caused)."""

    header: Line
    match: Match
    round: Round | None  # the round in progress, or the last one when between rounds
    size: int  # bytes of the record up to that step; what follows is cut off


def resume_point(data: bytes) -> Resumable | None:
    """Where the match of an unfinished record goes on; None when it has ended.

    The record may end in the middle of a step (a server killed as it wrote):
    the step is dropped, so the match goes on from the last move whose
    consequences are all written.  Raises :class:`RecordError` when there is
    no usable header.
    """
    lines: list[tuple[int, bytes]] = []  # (offset of the line's end, the line)
    pos = 0
    while (end := data.find(b"\n", pos)) >= 0:  # a torn last line has no newline
        lines.append((end + 1, data[pos:end]))
        pos = end + 1
    good, size = _walk(lines, len(lines))
    if good == 0:
        first = parse_line(1, lines[0][1]) if lines else None
        _Checker(1, first or {"type": "nothing"})  # raises the header's error
    checker, _ = _walk(lines, good, strict=True)
    assert checker is not None
    if checker.ended_at:
        return None
    assert checker.round is None or not checker.round.events
    return Resumable(checker.header, checker.match, checker.round, size)


def _walk(lines: list[tuple[int, bytes]], count: int, strict: bool = False) -> Any:
    """Feed ``count`` lines to a checker: (lines of the last whole step, its byte size),
    or with ``strict`` (the checker, 0) for lines known to be good."""
    checker: _Checker | None = None
    good = size = 0
    try:
        for no, (end, raw) in enumerate(lines[:count], 1):
            line = parse_line(no, raw)
            if line is not None:
                if checker is None:
                    checker = _Checker(no, line)
                else:
                    checker.feed(no, line)
            if checker is not None and not checker.expected:
                good, size = no, end
    except RecordError:
        if strict:
            raise
    return (checker, 0) if strict else (good, size)


class _Checker:
    """The engine walking along a record, one line at a time."""

    def __init__(self, no: int, header: Line) -> None:
        if header["type"] != "header":
            raise RecordError(no, f"expected a header line first, got {header['type']!r}")
        version = header.get("record", RECORD_VERSION)
        if version != RECORD_VERSION:
            raise RecordError(
                no, f"record version {_show(version)}; this reader knows {RECORD_VERSION}"
            )
        try:
            rules = TableRules.from_dict(_field(no, header, "table", dict))
        except RulesError as err:
            raise RecordError(no, f"table: {err}") from None
        _check_rules_version(no, header.get("rules", 1), rules)
        n = rules.players
        names = _field(no, header, "names", list)
        if len(names) != n or not all(isinstance(x, str) for x in names):
            raise RecordError(no, f"names: expected {n} strings (one per seat), got {_show(names)}")
        seed = header.get("seed")
        if seed is not None and not _whole(seed, 0):
            raise RecordError(no, f"seed: expected a whole number >= 0 or null, got {_show(seed)}")
        dealer = header.get("first_dealer")
        if dealer is None and seed is None:
            raise RecordError(no, "a record without a seed needs first_dealer")
        if dealer is not None and not _whole(dealer, 0, n - 1):
            raise RecordError(no, f"first_dealer: expected a seat 0..{n - 1}, got {_show(dealer)}")
        move_ms = header.get("move_ms")
        if move_ms is not None and not _whole(move_ms, 0):  # 0: no time limit
            raise RecordError(
                no, f"move_ms: expected a whole number of milliseconds >= 0, got {_show(move_ms)}"
            )
        self.policy = header.get("on_fault")
        if self.policy is not None and self.policy not in POLICIES:
            raise RecordError(
                no, f"on_fault: expected forfeit or takeover, got {_show(self.policy)}"
            )
        self.rules = rules
        self.header = header
        self.seeded = seed is not None
        self.match = Match(rules, seed, first_dealer=dealer, record_events=True)
        self.round: Round | None = None
        self.expected: deque[Line] = deque()
        self.ended_at = 0
        self.result = ReplayResult(rules, tuple(names), seed, self.match.first_dealer)
        self.before: dict[int, list[Round]] = {}
        self.on_move: Callable[[int, Line, Round], None] | None = None
        people = header.get("people", [])
        self.result.people = list(people) if isinstance(people, list) else []
        self.result.faces = record_faces(header)

    # -- one line -----------------------------------------------------------------

    def feed(self, no: int, line: Line) -> None:
        kind = line["type"]
        if self.ended_at:
            raise RecordError(no, f"the match ended at line {self.ended_at}; nothing may follow")
        if kind in DERIVED:
            self._derived(no, line)
        elif kind in ("played", "exchanged"):
            self._move(no, line)
        elif kind == "deal":
            self._deal(no, line)
        elif kind == "fault":
            self._fault(no, line)
        elif kind == "info":
            self._seat(no, line)
            _field(no, line, "text", str)
        elif kind == "takeback":
            self._takeback(no, line)
        elif kind in TABLE_LINES:
            self._table_line(no, line)
        else:
            raise RecordError(
                no,
                f"unknown line type {kind!r}; expected header, deal, a game event, fault, "
                "info, " + ", ".join(TABLE_LINES),
            )

    def _table_line(self, no: int, line: Line) -> None:
        kind = line["type"]
        if self.expected:
            raise RecordError(no, f"expected {_describe(self.expected[0])}, got a {kind} line")
        if kind in ("standin", "handback", "seated", "dropped", "resumed"):
            self._seat(no, line)
        if kind == "seated" and not (isinstance(line.get("name"), str) and line["name"]):
            raise RecordError(no, f"seated: name is {_show(line.get('name'))}, expected a name")
        if kind == "standin" and line.get("reason") not in STANDIN_REASONS:
            raise RecordError(
                no,
                f"standin: reason is {_show(line.get('reason'))}, expected one of "
                + ", ".join(STANDIN_REASONS),
            )
        if kind == "restart" and line.get("after") not in ("pause", "crash"):
            raise RecordError(
                no, f"restart: after is {_show(line.get('after'))}, expected pause or crash"
            )
        self.result.table_lines.append(line)

    def _takeback(self, no: int, line: Line) -> None:
        """A person took back their last move: the round goes back to the state before
        it, kept when that move was checked; the moves that follow are checked from there."""
        if self.expected:
            raise RecordError(no, f"expected {_describe(self.expected[0])}, got a takeback line")
        r = self.round
        seat = self._seat(no, line)
        if r is None or r.over or self.match.over or not self.before.get(seat):
            raise RecordError(no, f"takeback: seat {seat} has no move to take back this round")
        if seat != r.to_move:
            raise RecordError(
                no, f"takeback: seat {seat} takes back, but it is seat {r.to_move}'s turn"
            )
        r.restore(self.before[seat].pop())
        assert r.events is not None
        r.events.clear()
        want = event_line(TakenBack(seat, len(r.history), observe(r, seat).trick))
        for key in ("tricks", "trick"):
            if not _same(line.get(key, ...), want[key]):
                raise RecordError(
                    no,
                    f"takeback: {key} is {_show(line.get(key, ...))}, expected {_show(want[key])}",
                )
        self.result.takebacks += 1

    def _derived(self, no: int, line: Line) -> None:
        if line["type"] == "match_end" and line.get("reason") == "abandoned":
            if self.match.over:
                raise RecordError(no, "match_end: abandoned, but the match was already over")
            # The table stopped mid-match (a person left, Ctrl-C): what is there stands.
            self.expected.clear()
            self.expected.append(event_line(self.match.end(None, "abandoned")))
        if not self.expected and line["type"] == "round_start" and self._round_due():
            self._start_round(no, None)
        if not self.expected:
            raise RecordError(no, f"unexpected {line['type']} line; expected {self._next()}")
        want = self.expected.popleft()
        if want["type"] != line["type"]:
            raise RecordError(no, f"expected {_describe(want)}, got a {line['type']} line")
        for key, value in want.items():
            if key not in line:
                raise RecordError(no, f"{want['type']}: missing field {key!r} ({_describe(want)})")
            if not _same(line[key], value):
                raise RecordError(
                    no,
                    f"{want['type']}: {key} is {_show(line[key])}, expected {_show(value)}",
                )
        if want["type"] == "match_end":
            self.ended_at = no

    def _move(self, no: int, line: Line) -> None:
        kind = line["type"]
        if self.expected:
            raise RecordError(no, f"expected {_describe(self.expected[0])}, got a {kind} line")
        r = self.round
        if r is None or r.over or self.match.over:
            raise RecordError(no, f"a {kind} line outside a round; expected {self._next()}")
        seat = self._seat(no, line)
        if seat != r.to_move:
            raise RecordError(no, f"seat {seat} moves, but it is seat {r.to_move}'s turn")
        if self.on_move is not None:
            self.on_move(no, line, r)
        self.before.setdefault(seat, []).append(r.copy())  # for a takeback line
        try:
            if kind == "played":
                r.play(_card(no, line, "card"))
            else:
                gave, took = _card(no, line, "gave"), _card(no, line, "took")
                r.exchange()
        except IllegalMoveError as err:
            raise RecordError(no, f"illegal {kind}: {err}") from None
        if kind == "exchanged":
            _, mine, face = r.exchanges[-1]
            if (gave, took) != (mine, face):
                raise RecordError(
                    no, f"exchanged: the exchange gives {mine} for {face}, not {gave} for {took}"
                )
        self._take_events(skip=1)  # the first event is this very line
        if r.over:
            self.result.rounds.append(self.match.finish_round())
            self._take_events()

    def _deal(self, no: int, line: Line) -> None:
        if self.expected or not self._round_due():
            raise RecordError(no, f"unexpected deal line; expected {self._next()}")
        number = len(self.match.results) + 1
        if line.get("round") != number:
            raise RecordError(no, f"deal: round is {_show(line.get('round'))}, expected {number}")
        if line.get("dealer") != self.match.next_dealer:
            raise RecordError(
                no,
                f"deal: dealer is {_show(line.get('dealer'))}, expected {self.match.next_dealer}",
            )
        deck = [_card_text(no, "deck", c) for c in _field(no, line, "deck", list)]
        if sorted(deck) != sorted(self.rules.deck):
            raise RecordError(
                no, f"deal: expected the {len(self.rules.deck)} cards of the table's pack once each"
            )
        self._start_round(no, deck)

    def _start_round(self, no: int, deck: list[Card] | None) -> None:
        number = len(self.match.results) + 1
        if self.seeded:
            dealt = self.match.shuffled_deck()
            if deck is None:
                deck = dealt
                self.result.from_seed += 1
            elif deck != dealt:
                at = next(i for i, (a, b) in enumerate(zip(deck, dealt, strict=True)) if a != b)
                raise RecordError(
                    no,
                    f"deal: round {number} is not what seed {self.match.seed} deals: "
                    f"card {at + 1} is {deck[at]}, expected {dealt[at]}",
                )
        elif deck is None:
            raise RecordError(no, f"round {number} has no deal line and the record has no seed")
        self.round = self.match.start_round(deck)
        self.before = {}  # the round before each seat's moves, for takebacks
        self._take_events()

    def _fault(self, no: int, line: Line) -> None:
        seat = self._seat(no, line)
        _field(no, line, "code", str)
        _field(no, line, "message", str)
        if self.expected:
            raise RecordError(no, f"expected {_describe(self.expected[0])}, got a fault line")
        fatal = line.get("fatal", True)
        if fatal is False:  # refused and recovered from: the seat answered again
            self.result.refused.append(line)
            return
        if fatal is not True:
            raise RecordError(no, f"fault: fatal is {_show(fatal)}, expected true or false")
        policy = line.get("policy")
        if policy not in POLICIES:
            raise RecordError(no, f"fault: policy is {_show(policy)}, expected forfeit or takeover")
        # The table forfeits a seat whose stand-in failed too, whatever the header says.
        taken_over = any(
            f.get("seat") == seat and f.get("policy") == "takeover" for f in self.result.faults
        )
        if self.policy is not None and policy != self.policy and not taken_over:
            raise RecordError(no, f"fault: policy {policy}, but the header says {self.policy}")
        self.result.faults.append(line)
        if policy == "forfeit":
            self.expected.append(event_line(self.match.forfeit(self.rules.team_of[seat])))

    # -- helpers ------------------------------------------------------------------

    def _take_events(self, skip: int = 0) -> None:
        """Queue the lines the engine derived; the match's end comes after the round's."""
        r = self.round
        assert r is not None and r.events is not None
        events: list[Event] = r.events[skip:]
        r.events.clear()
        if self.match.ended is not None and r.over:
            events.append(self.match.ended)
        self.expected.extend(event_line(ev) for ev in events)

    def _round_due(self) -> bool:
        r = self.round
        return not self.match.over and (r is None or r.over)

    def _next(self) -> str:
        if self.expected:
            return _describe(self.expected[0])
        if self._round_due():
            return f"the deal of round {len(self.match.results) + 1}"
        assert self.round is not None
        return f"a move of seat {self.round.to_move}"

    def _seat(self, no: int, line: Line) -> int:
        seat = line.get("seat")
        n = self.rules.players
        if not _whole(seat, 0, n - 1):
            raise RecordError(no, f"{line['type']}: seat is {_show(seat)}, expected 0..{n - 1}")
        assert isinstance(seat, int)
        return seat

    def finish(self, last: int) -> ReplayResult:
        if not self.ended_at:
            raise Unfinished(
                last + 1, f"the record ends before the match is over; expected {self._next()}"
            )
        ended = self.match.ended
        assert ended is not None
        res = self.result
        res.lines = last
        res.winner, res.rounds_won, res.reason = ended.winner, ended.rounds_won, ended.reason
        return res


def _check_rules_version(no: int, version: object, rules: TableRules) -> None:
    """A record is replayed only under the rules it was played by.

    Records before the ``rules`` field are version 1; only bisca changed since
    (RULES.md corrected its order), so other tables of version 1 replay as ever.
    """
    if not _whole(version, 1) or version > RULES_VERSION:  # type: ignore[operator]
        raise RecordError(
            no,
            f"rules: version {_show(version)}; this software plays rules version "
            f"{RULES_VERSION} and knows 1 to {RULES_VERSION}",
        )
    if rules.variant == "bisca" and version == 1:
        raise RecordError(
            no,
            "this bisca record was played under rules version 1 (A 7 K Q J 3 6 5 4 2: "
            "the 3 in the 7's old place); this software plays rules version "
            f"{RULES_VERSION} (bisca A 7 K Q J 6 5 4 3 2) and cannot replay it",
        )


def _whole(value: object, low: int, high: int | None = None) -> bool:
    return (
        isinstance(value, int)
        and not isinstance(value, bool)
        and value >= low
        and (high is None or value <= high)
    )


def _field(no: int, line: Line, key: str, kind: type) -> Any:
    value = line.get(key)
    if not isinstance(value, kind):
        what = {"dict": "an object", "list": "a list", "str": "a string"}[kind.__name__]
        raise RecordError(no, f"{line['type']}: {key} is {_show(value)}, expected {what}")
    return value


def _card_text(no: int, key: str, text: object) -> Card:
    try:
        return Card.parse(text)  # type: ignore[arg-type]
    except CardError as err:
        raise RecordError(no, f"{key}: {err}") from None


def _card(no: int, line: Line, key: str) -> Card:
    if key not in line:
        raise RecordError(no, f"{line['type']}: missing field {key!r}")
    return _card_text(no, f"{line['type']}: {key}", line[key])


def _same(a: object, b: object) -> bool:
    """Equal as JSON: ``1`` is not ``true`` and not ``1.0``."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def _show(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False) if value is not ... else "nothing"
    return printable(text, 80)  # a value from the record: one line, nothing a terminal acts on


def _describe(line: Line) -> str:
    """An expected line in words, for error messages."""
    kind = line["type"]
    details = {
        "round_start": lambda: f"seat {line['to']}'s hand {' '.join(line['hand'])}",
        "trick": lambda: f"won by seat {line['winner']}, {line['points']} points",
        "draw": lambda: f"seat {line['to']} draws {line['card']}",
        "trump_taken": lambda: f"seat {line['seat']} takes {line['card']}",
        "round_end": lambda: f"points {line['points']}, winner {_show(line['winner'])}",
        "match_end": lambda: f"reason {line['reason']}, winner {_show(line['winner'])}",
    }
    detail = details.get(kind)
    return f"a {kind} line ({detail()})" if detail else f"a {kind} line"
