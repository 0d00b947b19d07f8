"""The person at the prompt as a :class:`~briscola.players.Player`.

``notify`` prints what the seat may see (and paces the bots' moves); ``act``
shows the hand and asks until the person names a card in it, the exchange,
or leaves.  Everything shown comes from the seat's own events and
observation, so no other hand and no stock order can reach the screen.
Leaving raises :class:`LeaveTable`, which ends the match rather than
handing the person's seat to a bot.  The LAN client drives the same Person
over events rebuilt from the wire; it leaves out the hints.  Floor 6.
"""

from __future__ import annotations

import asyncio
import copy
from collections.abc import Callable, Sequence

from ..bots.advice import Advice
from ..bots.reasons import because, notes, percent, reasons
from ..engine.cards import Card, Faces, Language, Rank
from ..engine.events import (
    Event,
    MatchEnded,
    Played,
    RoundEnded,
    RoundStarted,
    TakenBack,
    TrickDone,
)
from ..engine.game import EXCHANGE, Action
from ..engine.observation import Observation
from ..players import MatchInfo, Player
from ..table import UNDO, Paused
from ..words.answers import NO, YES
from ..words.lobby import t as lan_words
from ..words.table import help_text, short_rules, words
from .console import Console
from .entry import Command, EntryError, HandCompleter, Reader
from .seen import Seen
from .style import Text
from .view import View

__all__ = ["Hinter", "InputEnded", "KeepMatch", "LeaveTable", "Person", "PromptFailed"]

# What the expert makes of each legal action here (its chances and points), its own choice first.
Hinter = Callable[[Observation], Advice]


class LeaveTable(BaseException):
    """The person left.  A BaseException so that the table's fault handling,
    which turns a seat's exceptions into a bot taking over, lets it through."""


class InputEnded(LeaveTable):
    """The piped input ended mid-match: the person did not choose to leave."""


class KeepMatch(LeaveTable, Paused):
    """The person left and the match is kept, to go on with ``briscola play --resume``."""


class PromptFailed(BaseException):
    """An error at the person's own seat (a closed terminal, a bug), carried past the
    table, which would otherwise take it for a failing bot and seat a bot instead."""

    def __init__(self, error: Exception) -> None:
        super().__init__(str(error))
        self.error = error


class Person(Player):
    """The person's seat.  ``hint`` (optional) answers the ``hint`` command; without
    it the command says there are none (``hints_off``: they were turned off).
    ``undo`` lets the person take back their last card (the table must allow it
    for this seat: ``play_match(undo=...)``); the LAN client leaves it off."""

    def __init__(
        self,
        console: Console,
        *,
        name: str = "You",
        faces: Faces = "italian",
        lang: Language = "en",
        count: bool = True,
        pace: float = 0.0,
        notes: Sequence[str] = (),
        seed: int | None = None,
        own_name: str | None = None,
        level: str = "",
        hint: Hinter | None = None,
        hints_off: bool = False,
        undo: bool = False,
        round_pause: bool = False,
        keep: bool = False,
        resumed: Observation | None = None,
    ) -> None:
        self.console, self.name, self.faces, self.lang = console, name, faces, lang
        self.count, self.pace, self.notes, self.seed = count, pace, tuple(notes), seed
        self.own_name, self.level, self.hint, self.hints_off = own_name, level, hint, hints_off
        self.undo, self.takebacks, self.round_pause = undo, 0, round_pause
        self.keep = keep  # leaving at a turn keeps the match (play --resume)
        self.resumed = resumed  # a kept match going on: the table as it was left
        self.retell = False  # a card was taken back: the next turn shows the table again
        #: what the panel says the table waits for, when it is not a turn (LAN: the
        #: table filling, a rematch vote, the server away); None: whose turn it is
        self.status: Text | None = None
        #: when the seat to move runs out of time (loop time), where there is a clock
        self.deadline: float | None = None
        self.before: list[Seen] = []  # what the seat had seen at each turn this round
        self.hints_used = 0
        self.later: list[str] = []  # commands typed during a trick, answered once it is done
        self.view: View | None = None
        self.seen: Seen | None = None
        self.reader: Reader | None = None
        #: the hand's slots as a client that died had them (a LAN seat taken back)
        self.kept_order: list[Card | None] = []
        #: what the next snapshot says first: back at the table, or a seat taken over
        self.back_word = "back"
        #: whose seat this was, when the person took it over mid-match (a LAN table)
        self.taken_from = ""
        #: a LAN table's seat: help lists the commands that work there, and a command
        #: is answered at once while another seat thinks
        self.lan = False

    async def start(self, info: MatchInfo) -> None:
        self.view = View(
            info.rules,
            info.seat,
            info.names,
            faces=self.faces,
            lang=self.lang,
            count=self.count,
            own_name=self.own_name,
        )
        self.seen = Seen(info.rules, info.seat)
        self.reader = Reader(self.faces, self.lang, info.rules.variant)
        self.console.pending = None  # a Ctrl-C from the last match is no question in this one
        self.console.panel = self.panel
        self.hints_used = self.takebacks = 0
        notes = self.notes or ("",) * info.rules.players
        intro = self.view.intro(notes, self.seed, toolbar=self.console.toolbar, level=self.level)
        self.console.show(intro)
        if self.resumed is not None:  # the round as it stood, then its next turn
            obs, self.resumed = self.resumed, None
            await self.resume(obs)

    async def notify(self, event: Event) -> None:
        assert self.view is not None and self.seen is not None
        if isinstance(event, TakenBack) and event.seat == self.seen.seat and self.before:
            self.before.pop()  # the turn the person left; the one before comes again
            self.seen = self.before.pop()
            self.takebacks += 1
            self.retell = True
        else:
            self.seen.update(event)
        self.console.show(self.view.event(event, self.seen))
        self.console.refresh()
        if not self.seen.trick:  # between tricks: what was typed meanwhile is answered
            self._answer_later()
        if isinstance(event, MatchEnded):
            self.console.show(self._summary())
        elif (
            isinstance(event, RoundEnded)
            and self.round_pause
            and max(event.rounds_won) < self.seen.rules.target  # else the match ends here
        ):
            await self._round_pause()
        if (isinstance(event, Played) and event.seat != self.seen.seat) or isinstance(
            event, TrickDone
        ):
            await self.console.pause(self.pace)
        if isinstance(event, RoundStarted):
            self.before = []

    def panel(self, tight: bool = False) -> list[Text]:
        """The lines under the log: the table as it stands, the hand and what the
        table waits for (``tight``: in short, for a small terminal)."""
        if self.view is None:
            return [self.status] if self.status else []
        status = self.status
        if status is None and self.seen is not None:
            left = None
            if self.deadline is not None:
                left = self.deadline - asyncio.get_running_loop().time()
            status = self.view.turn(self.seen, left)
        return self.view.panel(self.seen, status, tight)

    async def _round_pause(self) -> None:
        """The round's summary stays until the person goes on (a pace of 0: no pause)."""
        if self.pace <= 0 or not self.console.toolbar:
            return
        while True:
            try:
                text = await self.console.ask(words(self.lang, "round.pause"))
            except KeyboardInterrupt:
                await self.confirm_leave()
                continue
            except EOFError:
                raise LeaveTable from None
            if " ".join(text.lower().split()) in ("quit", "leave", "exit"):
                await self.confirm_leave()
            elif not self.answer(text):
                return

    def answer(self, text: str) -> bool:
        """A command typed when no card is asked for; False: no command.  It is
        answered at once between tricks, and at a LAN table (where a seat may think
        until its clock runs out) whatever the turn; at a local table once the trick
        is done (or at the person's turn): never between the lines of a trick that
        the bots play out within the pace."""
        if self.view is None or self.seen is None or self.reader is None:
            return False
        try:
            entry = self.reader.read(text)
        except EntryError:
            return False
        if isinstance(entry, Command) and self._not_at_lan(entry.name):
            return True
        if not isinstance(entry, Command) or entry.name in ("quit", "undo", "hint", "exchange"):
            return False
        if self.seen.trick and not self.lan:
            self.later.append(entry.name)
        else:
            self._answer(entry.name)
        return True

    def _answer_later(self) -> None:
        later, self.later = self.later, []
        for name in later:
            self._answer(name)

    def _answer(self, name: str) -> None:
        assert self.view is not None and self.seen is not None
        if name == "hand":
            lines = self.view.table(self.seen) if self.seen.round else []
            if any(c is not None for c in self.seen.hand):
                lines += self.view.hand(self.seen.hand)
            self.console.show(lines)
            return
        self._tell(name)

    def ahead(self, text: str) -> Card | None:
        """The card ``text`` names in the hand as it is now (by number, code or name),
        typed before the turn; None when it names no card in hand."""
        if self.reader is None or self.seen is None:
            return None
        hand = [c for c in self.seen.hand if c is not None]
        self.reader.set_turn(self.seen.hand, hand)  # each turn sets its own again
        try:
            entry = self.reader.read(text)
        except EntryError:
            return None
        return entry if isinstance(entry, Card) else None

    def _not_at_lan(self, name: str) -> bool:
        """``hint`` or ``undo`` at a LAN table, at one's turn or not: neither works there
        (everyone plays on their own); said so, as the LAN help does.  True: answered."""
        if not self.lan or name not in ("hint", "undo"):
            return False
        self.console.show([[("class:dim", lan_words(self.lang, "not_now.lan"))]])
        return True

    def rename(self, seat: int, name: str) -> None:
        """Another person took ``seat`` mid-match: their cards go by their name, and
        the tricks the seat takes from now (the trick on the table too, unless the
        seat played to it already)."""
        if self.view is not None and seat != self.view.seat:
            seen = self.seen
            if seen is None:
                self.view.rename(seat, name)
                return
            since = len(seen.tricks) + any(s == seat for s, _ in seen.trick)
            self.view.rename(seat, name, seen.round, since)

    def _tell(self, name: str) -> None:
        """help, rules, last, seen, score: what they show, at any moment."""
        assert self.view is not None and self.seen is not None
        show, w = self.console.show, self.lang
        if name in ("help", "rules"):
            if name == "help":
                text = help_text(w, self.faces, self.view.rules.variant, lan=self.lan)
            else:
                text = short_rules(w, self.faces)
            show([[("", line)] for line in text.splitlines()])
        elif name == "last":
            show(self.view.last(self.seen))
        elif name == "seen":
            show(self.view.seen(self.seen))
        elif name == "score":
            show(self.view.score(self.seen))

    def _summary(self) -> list[Text]:
        """The hints used and the cards taken back in the match, when there were any."""
        lines: list[Text] = []
        if self.hints_used:
            lines.append([("class:dim", words(self.lang, "hints.used", count=self.hints_used))])
        if self.takebacks:
            lines.append([("class:dim", words(self.lang, "takebacks.used", count=self.takebacks))])
        return lines

    async def resume(self, obs: Observation) -> None:
        """Back at a LAN table mid-round: the state as of now, then the game goes on."""
        assert self.view is not None and self.seen is not None
        self.seen.restore(obs, self.kept_order)
        self.kept_order = []
        if self.taken_from:  # a seat taken over: its cards before are its last holder's
            mine = any(s == obs.seat for s, _ in self.seen.trick)
            self.view.took_over(self.taken_from, self.seen.round, len(self.seen.tricks) + mine)
            self.taken_from = ""
        back = "watch.now" if self.view.watching else self.back_word
        self.back_word = "back"
        lines: list[Text] = [[("class:dim", words(self.lang, back))]]
        if obs.to_move != self.seen.seat:  # else the turn that follows shows them, once
            lines += self.view.table(self.seen)
            if obs.hand:
                lines += self.view.hand(self.seen.hand)
        else:
            self.retell = True  # the card to beat was not just shown: the turn shows it
        self.console.show(lines)
        self.console.refresh()

    # -- the person's turn ---------------------------------------------------

    def _exchange_card(self, obs: Observation) -> Card | None:
        if EXCHANGE not in obs.legal:
            return None
        for rank in (Rank.SEVEN, Rank.TWO):
            card = Card.of(rank, obs.trump_suit)
            if card in obs.hand:
                return card
        return None  # pragma: no cover - the engine allows the exchange only with one

    def _show_turn(self, obs: Observation, *, table: bool = False) -> None:
        """The hand; the table too when asked, when the person leads, or when a
        mark says which card is winning (at a turn the cards were just shown)."""
        assert self.view is not None and self.seen is not None
        marked = len(self.seen.trick) > 1 and obs.rules.players > 2
        table = table or marked or not obs.trick or self.retell
        self.retell = False
        lines = self.view.table(self.seen) if table else []
        self.console.show(lines + self.view.hand(self.seen.hand, self._exchange_card(obs)))

    async def act(self, obs: Observation, time_ms: int | None) -> Action:
        try:
            return await self._turn(obs)
        except InputEnded:
            raise
        except LeaveTable:
            if self.keep and await self._keep():  # left at a turn: kept to go on later
                raise KeepMatch from None
            raise
        except Exception as err:  # our own failure: the table must not seat a bot for the person
            raise PromptFailed(err) from err

    async def _keep(self) -> bool:
        """Whether the person wants the match kept (``play --resume``); the end of the
        input, Ctrl-C or Ctrl-D say no."""
        while True:
            try:
                answer = " ".join((await self.console.ask(words(self.lang, "ask.keep"))).split())
            except (KeyboardInterrupt, EOFError):
                return False
            if answer.lower() in YES or answer.lower() in NO:
                return answer.lower() in YES
            self.console.show([[("class:dim", words(self.lang, "ask.yes_no"))]])

    async def _turn(self, obs: Observation) -> Action:
        assert self.view is not None and self.seen is not None and self.reader is not None
        self.seen.sync(obs.hand)  # the observation is the truth at a turn
        self.before.append(copy.deepcopy(self.seen))  # as the table keeps the round
        self.reader.set_turn(self.seen.hand, obs.legal)
        completer = HandCompleter(self.reader)
        self._answer_later()  # typed while the others played: before the turn, in order
        self._show_turn(obs)
        while True:
            if self.console.pending:
                await self._leave_key()
            try:
                text = await self.console.ask(words(self.lang, "prompt"), completer=completer)
            except KeyboardInterrupt:
                await self.confirm_leave()
                continue
            except EOFError:
                raise (LeaveTable if self.console.toolbar else InputEnded) from None
            try:
                entry = self.reader.read(text)
            except EntryError as err:
                self.console.show(self.view.error(str(err)))
                continue
            if not isinstance(entry, Command):
                return entry
            if self._not_at_lan(entry.name):
                continue
            if entry.name == "undo":
                refusal = self._cannot_undo()
                if refusal is None:
                    return UNDO  # type: ignore[return-value]  # the table knows it
                self.console.show([[("class:dim", refusal)]])
                continue
            await self.command(entry.name, obs)

    def _cannot_undo(self) -> str | None:
        if not self.undo:
            return words(self.lang, "undo.off")
        if len(self.before) < 2:
            return words(self.lang, "undo.none")
        return None

    async def _leave_key(self) -> None:
        key, self.console.pending = self.console.pending, None
        if key == "c-d":
            raise LeaveTable
        await self.confirm_leave()

    async def confirm_leave(self) -> None:
        """Ask before leaving a game in progress; Ctrl-C or Ctrl-D again means yes."""
        try:
            answer = await self.console.ask(words(self.lang, "ask.leave"))
        except (KeyboardInterrupt, EOFError):
            raise LeaveTable from None
        if answer.strip().lower() in YES:
            raise LeaveTable

    async def command(self, name: str, obs: Observation) -> None:
        assert self.view is not None and self.seen is not None
        if name == "hand":
            self._show_turn(obs, table=True)
        elif name == "hint":
            self.console.show(self._hint(obs))
        elif name == "quit":
            await self.confirm_leave()
        else:
            self._tell(name)

    def _hint(self, obs: Observation) -> list[Text]:
        assert self.view is not None
        w = self.lang
        if self.hint is None:
            return [[("class:dim", words(w, "hint.off" if self.hints_off else "hint.none"))]]
        ranked = self.hint(obs)
        self.hints_used += 1

        def shown(action: Action) -> Text:
            if action == EXCHANGE:
                return [("", "exchange")]
            assert isinstance(action, Card) and self.seen is not None
            slot = self.seen.hand.index(action) + 1 if action in self.seen.hand else 0
            return [("class:num", str(slot)), ("", " "), *self.view_card(action)]

        best, est = ranked[0]
        if len(ranked) == 1:
            return [self.view.say("hint.only", card=shown(best))]
        target = obs.rules.target
        lead = self._lead(est.value)
        win, match = percent(est.win, w), percent(est.match, w)
        alone = len(obs.rules.teams[obs.rules.team_of[obs.seat]]) == 1
        key = "hint.match" if target > 1 else "hint"
        person = "you" if alone else "we"
        lines = [self.view.say(key, person=person, card=shown(best), win=win, match=match,
                               lead=lead)]  # fmt: skip
        others: Text = []
        for i, (action, e) in enumerate(ranked.ranked[1:]):
            others += [("", "; ")] if i else []
            card = shown(action) if action == EXCHANGE else self.view_card(action, True)
            other = "hint.other_match" if target > 1 else "hint.other"
            win, match, lead = percent(e.win, w), percent(e.match, w), self._lead(e.value)
            others += self.view.say(other, card=card, win=win, match=match, lead=lead)
        lines.append(self.view.say("hint.others", others=others))

        def name(card: Card) -> str:
            return "".join(part[1] for part in self.view_card(card))

        def code(action: Action) -> str:
            if action == EXCHANGE:
                return "exchange"
            return "".join(part[1] for part in self.view_card(action, True))

        # The recommended card's reason (or why none), then the other cards' reasons.
        told = notes(obs, ranked, w, name, code)
        for action, _ in ranked.ranked[1:]:
            if action == EXCHANGE:
                continue
            why = because(reasons(obs, action), w, name, code(action))
            if why:
                told.append(why)
        lines += [self.view.say("hint.why", why=why) for why in told]
        return lines

    def _lead(self, value: float) -> str:
        """Points ahead or behind, in whole points."""
        n = round(value)
        if n == 0:
            return words(self.lang, "lead.level")
        return words(self.lang, "lead.ahead" if n > 0 else "lead.behind", count=abs(n))

    def view_card(self, action: Action, short: bool = False) -> Text:
        assert self.view is not None and isinstance(action, Card)
        return self.view.card(action, short=short)
