"""The person at the prompt as a :class:`~briscola.players.Player`.

``notify`` prints what the seat may see (and paces the bots' moves); ``act``
shows the hand and asks until the person names a card in it, the exchange,
or leaves.  Everything shown comes from the seat's own events and
observation, so no other hand and no stock order can reach the screen.
Leaving raises :class:`LeaveTable`, which ends the match rather than
handing the person's seat to a bot.  Floor 6.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, Faces, Language, Rank
from ..events import Event, Played, TrickDone
from ..game import EXCHANGE, Action
from ..observation import Observation
from ..players import MatchInfo, Player
from .console import Console
from .entry import Command, EntryError, EntryValidator, HandCompleter, Reader
from .view import Seen, View
from .words import HELP, YES, words

__all__ = ["LeaveTable", "Person", "PromptFailed"]


class LeaveTable(BaseException):
    """The person left.  A BaseException so that the table's fault handling,
    which turns a seat's exceptions into a bot taking over, lets it through."""


class PromptFailed(BaseException):
    """An error at the person's own seat (a closed terminal, a bug), carried past the
    table, which would otherwise take it for a failing bot and seat a bot instead."""

    def __init__(self, error: Exception) -> None:
        super().__init__(str(error))
        self.error = error


class Person(Player):
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
    ) -> None:
        self.console, self.name, self.faces, self.lang = console, name, faces, lang
        self.count, self.pace, self.notes, self.seed = count, pace, tuple(notes), seed
        self.view: View | None = None
        self.seen: Seen | None = None
        self.reader: Reader | None = None

    async def start(self, info: MatchInfo) -> None:
        self.view = View(
            info.rules, info.seat, info.names, faces=self.faces, lang=self.lang, count=self.count
        )
        self.seen = Seen(info.rules, info.seat)
        self.reader = Reader(self.faces, self.lang, info.rules.variant)
        self.console.pending = None  # a Ctrl-C from the last match is no question in this one
        notes = self.notes or ("",) * info.rules.players
        self.console.show(self.view.intro(notes, self.seed))

    async def notify(self, event: Event) -> None:
        assert self.view is not None and self.seen is not None
        self.seen.update(event)
        self.console.show(self.view.event(event, self.seen))
        if (isinstance(event, Played) and event.seat != self.seen.seat) or isinstance(
            event, TrickDone
        ):
            await self.console.pause(self.pace)

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
        """The hand; the trick too when asked (at a turn its cards were just shown)."""
        assert self.view is not None
        lines = self.view.table(obs.trick) if table or not obs.trick else []
        self.console.show(lines + self.view.hand(obs.hand, self._exchange_card(obs)))

    async def act(self, obs: Observation, time_ms: int | None) -> Action:
        try:
            return await self._turn(obs)
        except Exception as err:  # our own failure: the table must not seat a bot for the person
            raise PromptFailed(err) from err

    async def _turn(self, obs: Observation) -> Action:
        assert self.view is not None and self.seen is not None and self.reader is not None
        self.seen.hand = list(obs.hand)  # the observation is the truth at a turn
        self.reader.set_turn(obs.hand, obs.legal)
        validator = EntryValidator(self.reader)
        completer = HandCompleter(self.reader)
        self._show_turn(obs)
        while True:
            if self.console.pending:
                await self._leave_key()
            try:
                text = await self.console.ask(
                    words(self.lang, "play> "),
                    completer=completer,
                    validator=validator,
                    toolbar=self.view.toolbar(self.seen),
                )
            except KeyboardInterrupt:
                await self.confirm_leave()
                continue
            except EOFError:
                raise LeaveTable from None
            try:
                entry = self.reader.read(text)
            except EntryError as err:
                self.console.show(self.view.error(str(err)))
                continue
            if not isinstance(entry, Command):
                return entry
            await self.command(entry.name, obs)

    async def _leave_key(self) -> None:
        key, self.console.pending = self.console.pending, None
        if key == "c-d":
            raise LeaveTable
        await self.confirm_leave()

    async def confirm_leave(self) -> None:
        """Ask before leaving a game in progress; Ctrl-C or Ctrl-D again means yes."""
        try:
            answer = await self.console.ask(words(self.lang, "Leave the game in progress? (y/n) "))
        except (KeyboardInterrupt, EOFError):
            raise LeaveTable from None
        if answer.strip().lower() in YES:
            raise LeaveTable

    async def command(self, name: str, obs: Observation) -> None:
        assert self.view is not None and self.seen is not None
        show = self.console.show
        if name == "help":
            show([[("", line)] for line in HELP[self.lang].splitlines()])
        elif name == "hand":
            self._show_turn(obs, table=True)
        elif name == "last":
            show(self.view.last(self.seen))
        elif name == "score":
            show(self.view.score(self.seen))
        elif name == "rules":
            show([[("", line)] for line in _rules(self.lang).splitlines()])
        else:  # quit
            await self.confirm_leave()


def _rules(lang: Language) -> str:
    from ..rules_text import rules_text  # loaded only when asked

    return rules_text(lang)
