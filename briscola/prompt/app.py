"""``briscola play``: sit down at a table of bots, at a terminal or through a pipe.

Reads the options, seats the person (seat 0) and the opponents, and runs
matches through the one table loop (:func:`briscola.table.play_match`) until
the person declines another.  At a terminal the game is a prompt-toolkit
prompt; when stdin or stdout is not a terminal it is plain lines, so the game
can be scripted.  A bot seat that fails is taken over by a built-in bot.
Floor 6.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import getpass
import os
import random
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from prompt_toolkit.patch_stdout import patch_stdout

from ..bots import BOTS, make_bot
from ..bots.advice import ADVICE_SAMPLES, Advice, advise
from ..engine.cards import FACES, LANGUAGES, Faces, Language
from ..engine.observation import Observation, observe
from ..engine.records import Record
from ..engine.replay import RecordError, Resumable, resume_point
from ..engine.rules import RulesError, TableRules, default_variant
from ..players import Player
from ..protocol.process import STOP_SIGNALS, stopped_by
from ..settings import LEVELS, Settings, SettingsError, default_faces, default_lang, load
from ..spec import PlayerSpec, SpecError, parse_spec
from ..table import MatchOutcome, play_match
from ..words.answers import ALIASES, NO, YES
from ..words.names import bot_names, name_problem
from ..words.table import words
from .console import Console, LineConsole, TerminalConsole
from .keep import Finished, add_history, kept_path, now, open_private, playing_path
from .person import Hinter, InputEnded, KeepMatch, LeaveTable, Person, PromptFailed
from .style import style_for

__all__ = [
    "Options",
    "Tally",
    "background",
    "default_lang",
    "main",
    "options_from",
    "run",
    "screen_colours",
    "split_specs",
    "yes_no",
]

DEFAULT_PACE = 0.8
EXIT_USAGE = 2
EXIT_INPUT_ENDED = 1
HINT_SAMPLES = ADVICE_SAMPLES  # review's too: the same samples, the same answers


class SetupError(ValueError):
    """Options that do not make a table; exit status 2."""


def login_name() -> str:
    """The person's name in the records when none is given: the login name, a name
    in any language (the screen says "you" whatever the name)."""
    try:
        name = getpass.getuser()
    except (OSError, KeyError):  # no user of that id in the password file
        return "player"
    return name if name_problem(name) is None else "player"


@dataclass(frozen=True)
class Options:
    rules: TableRules
    opponents: tuple[PlayerSpec, ...]  # one per other seat, in playing order
    name: str = field(default_factory=login_name)  # in the record; the screen says "you"
    faces: Faces = "italian"
    lang: Language = "en"
    count: bool = True
    pace: float = DEFAULT_PACE
    seed: int | None = None
    record: str | None = None
    level: str = ""  # the level named on screen, when the opponents came from one
    hints: bool = True
    own_name: str | None = None  # --name or the settings' name, shown in the scores
    colours: str = "dark"
    resume: Resumable | None = None  # play --resume: the kept match, going on

    def kept(self) -> dict[str, object]:
        """What a kept match needs besides its record's header to go on as it was."""
        return {
            "opponents": [spec.text for spec in self.opponents],
            "level": self.level,
            "lang": self.lang,
            "count": self.count,
            "hints": self.hints,
            "own_name": self.own_name,
            "seed_given": self.seed is not None,
        }


@dataclass
class Tally:
    """The session across "Play again?": matches won, lost and drawn, and the points."""

    won: int = 0
    lost: int = 0
    drawn: int = 0
    mine: int = 0
    theirs: int = 0
    matches: list[MatchOutcome] = field(default_factory=list)

    def add(self, outcome: MatchOutcome, team: int = 0) -> None:
        self.matches.append(outcome)
        if outcome.winner is None:
            self.drawn += 1
        elif outcome.winner == team:
            self.won += 1
        else:
            self.lost += 1
        for result in outcome.rounds:
            self.mine += result.points[team]
            self.theirs += sum(result.points) - result.points[team]


def _allowed() -> tuple[str, ...]:
    return tuple(sorted(k for k in BOTS if k != "oracle"))


def split_specs(text: str, seats: int) -> tuple[PlayerSpec, ...]:
    """``--opponents``: one spec for every other seat, or one per seat.

    Specs are separated by spaces or commas; a piece that starts no spec (an
    option like ``seed=2``) belongs to the spec before it, and a ``cmd:``
    command line runs over spaces up to a comma: ``cmd:python3 bot.py, greedy``.
    """
    allowed = _allowed()
    pieces = re.split(r"([\s,]+)", text.strip())
    groups: list[str] = []
    for i in range(0, len(pieces), 2):
        word = pieces[i]
        starts = word.startswith("cmd:") or word.partition(":")[0] in allowed
        in_command = bool(groups) and groups[-1].startswith("cmd:") and "," not in pieces[i - 1]
        if groups and (in_command or not starts):
            groups[-1] += pieces[i - 1] + word
        else:
            groups.append(word)
    try:
        specs = tuple(parse_spec(g, allow=allowed) for g in groups)
        for spec in specs:  # a program that cannot run: say so before the game, not in it
            spec.check_program()
    except SpecError as err:
        raise SetupError(f"--opponents: {err}") from None
    if len(specs) == 1:
        return specs * seats
    if len(specs) != seats:
        raise SetupError(
            f"--opponents takes one spec for every other seat or {seats} (one per seat, "
            f"from your right in playing order), got {len(specs)}: {text!r}"
        )
    return specs


def options_from(args: argparse.Namespace, settings: Settings | None = None) -> Options:
    """The options of ``play``: the command line first, then the settings file."""
    if settings is None:
        try:
            settings = load()
        except SettingsError as err:
            raise SetupError(str(err)) from None
    if getattr(args, "resume", False):
        return resumed_options(args, settings)
    lang = args.lang or settings.lang or default_lang()
    try:
        rules = TableRules(
            players=args.players,
            # The game a language's players know, unless the options say another.
            variant=args.variant or default_variant(lang),
            target=args.target,
            pack=args.pack,
        )
    except RulesError as err:
        raise SetupError(str(err)) from None
    pace = getattr(args, "pace", None)
    if pace is not None and not 0 <= pace <= 60:  # also refuses nan
        raise SetupError(f"--pace is 0 to 60 seconds, got {pace}")
    if pace is None:
        pace = settings.pace if settings.pace is not None else DEFAULT_PACE
    opponents, level = getattr(args, "opponents", None), getattr(args, "level", None)
    if opponents is not None and level is not None:
        raise SetupError("give --level or --opponents, not both")
    if opponents is None:
        level = level or settings.level or "expert"
        opponents = LEVELS[level]
    name = args.name or settings.name
    problem = name_problem(name.strip(), "--name") if name is not None else None
    if problem is not None:
        raise SetupError(problem)
    return Options(
        rules=rules,
        opponents=split_specs(opponents, rules.players - 1),
        name=name.strip() if name else login_name(),
        faces=getattr(args, "faces", None) or settings.faces or default_faces(lang),
        lang=lang,
        count=not args.no_count,
        pace=pace,
        seed=args.seed,
        record=args.record,
        level=level or "",
        hints=not getattr(args, "no_hints", False),
        own_name=name.strip() if name else None,
        colours=settings.colours or background(),
    )


def resumed_options(args: argparse.Namespace, settings: Settings) -> Options:
    """``play --resume``: the kept match's own options; the pace and colours as now."""
    path = kept_path()
    try:
        point = resume_point(path.read_bytes())
    except FileNotFoundError:
        raise SetupError("no match is kept (quit a match at your turn to keep it)") from None
    except (OSError, RecordError) as err:
        raise SetupError(f"the kept match in {path} cannot go on: {err}") from None
    kept = point.header.get("play") if point is not None else None
    if point is None or point.round is None or not isinstance(kept, dict):
        path.unlink(missing_ok=True)
        raise SetupError("the kept match had already ended; nothing to resume")
    try:
        names = [str(n) for n in point.header["names"]]
        opponents = tuple(parse_spec(str(t), allow=_allowed()) for t in kept["opponents"])
        lang: Language = next((x for x in LANGUAGES if x == kept["lang"]), "en")
        faces = point.header.get("faces")
        own = kept.get("own_name")
        pace = getattr(args, "pace", None)
        return Options(
            rules=point.match.rules,
            opponents=opponents,
            name=names[0],
            faces=next((f for f in FACES if f == faces), default_faces(lang)),
            lang=lang,
            count=bool(kept["count"]),
            pace=pace if pace is not None else settings.pace or DEFAULT_PACE,
            seed=point.match.seed if kept["seed_given"] else None,
            level=str(kept["level"]) if kept["level"] in LEVELS else "",
            hints=bool(kept["hints"]),
            own_name=str(own) if own else None,
            colours=settings.colours or background(),
            resume=point,
        )
    except (KeyError, TypeError, IndexError, SpecError) as err:
        raise SetupError(f"the kept match in {path} cannot go on: {err}") from None


def hinter(rules: TableRules, seed: int) -> Hinter:
    """The expert's advice on the person's choices, for ``hint``: the advice
    ``briscola review`` gives of the match afterwards (seeded by the match seed
    and the position: the same answer however often it is asked)."""

    def hint(obs: Observation) -> Advice:
        return advise(obs, seed, HINT_SAMPLES)

    return hint


def _record_path(path: str, game: int) -> Path:
    """The record of the first match goes to ``path``; later ones to ``name-2.ext``..."""
    p = Path(path)
    return p if game == 1 else p.with_name(f"{p.stem}-{game}{p.suffix}")


async def play_one(opts: Options, console: Console, seed: int, game: int) -> MatchOutcome | None:
    """One match and how it ended; None when the person left the table.

    A seed the person did not give is told only once the match is over: it deals
    every hand, so knowing it in play would show every card.  Input that ends
    mid-match raises :class:`InputEnded` (the record ends as abandoned).
    """
    n = opts.rules.players
    names = [opts.name, *bot_names(n - 1, [opts.name])]  # none looks like the person's
    resume, going_on = (opts.resume, None) if game == 1 else (None, None)
    if resume is not None:
        names = [str(name) for name in resume.header["names"]]
        assert resume.round is not None
        going_on = observe(resume.round, 0)
    # A level names every seat's bot (in words); else each spec is its own note.
    notes = ["", *(opts.level or s.label for s in opts.opponents)]
    # Take-backs against built-in bots only: a program would see a game go backwards.
    takeback = all(spec.kind != "cmd" for spec in opts.opponents)
    person = Person(
        console,
        name=opts.name,
        faces=opts.faces,
        lang=opts.lang,
        count=opts.count,
        pace=opts.pace,
        notes=notes,
        seed=seed if opts.seed is not None else None,
        own_name=opts.own_name,
        level=opts.level,
        hint=hinter(opts.rules, seed) if opts.hints else None,
        hints_off=not opts.hints,
        undo=takeback,
        round_pause=True,
        keep=True,
        resumed=going_on,
    )
    # A command typed while the bots play (score, seen, last, hand, help, rules) is
    # answered at once; a card is kept for the person's turn (typed ahead).
    console.idle = lambda item: isinstance(item, str) and person.answer(item)
    players: list[Player] = [person]
    players += [
        spec.make(seed=seed + s, name=names[s])
        for s, spec in zip(range(1, n), opts.opponents, strict=True)
    ]
    level = "expert" if "expert" in BOTS else "greedy"

    def takeover(seat: int) -> Player:
        shown = words(opts.lang, "level.expert") if level == "expert" else level
        failed = words(opts.lang, "takeover", name=names[seat], level=shown)
        console.show([[("class:dim", failed)]])
        return make_bot(level, seed=seed + seat)

    def record_failed(err: OSError) -> None:  # a full disk: say so and play on
        why = err.strerror or str(err)
        console.show([[("class:dim", words(opts.lang, "record.failed", why=why))]])

    # Every match is recorded, so that leaving at a turn can keep it: to --record's
    # file when one is named, else to a private file of its own that goes at the end.
    path, out = _open_record(opts, game, resume)
    if opts.record is not None and game > 1:  # not the file named: say where this one goes
        console.show([[("class:dim", words(opts.lang, "record.next", path=str(path)))]])
    record = Record(out, header={"people": [0], "faces": opts.faces, "play": opts.kept()},
                    on_error=record_failed)  # fmt: skip
    if resume is not None:
        record.write({"type": "restart", "after": "pause"})
    ended = False
    try:
        outcome = await play_match(
            opts.rules,
            players,
            seed=seed,
            names=names,
            record=record,
            on_fault="takeover",
            takeover=takeover,
            undo=(0,) if takeback else (),
            start_from=None if resume is None else (resume.match, resume.round),
        )
        ended = True
        _add_history(opts, outcome)
        return outcome
    except InputEnded:
        raise
    except KeepMatch:
        out.close()
        if path != kept_path():
            with open_private(kept_path()) as kept:
                kept.write(path.read_text(encoding="utf-8"))
        console.show([[("", words(opts.lang, "kept"))], [("", words(opts.lang, "left"))]])
        return None
    except LeaveTable:
        console.show([[("", words(opts.lang, "left"))]])
        return None
    except PromptFailed as failed:
        raise failed.error from None  # an ordinary error again, for the command's last guard
    finally:
        out.close()
        if opts.record is None and path != kept_path():
            path.unlink(missing_ok=True)
        if ended and resume is not None:
            kept_path().unlink(missing_ok=True)  # finished: nothing kept any more
        if opts.seed is None and (resume is None or ended):
            console.show([[("class:dim", words(opts.lang, "seed.told", seed=seed))]])


def _open_record(opts: Options, game: int, resume: Resumable | None) -> tuple[Path, IO[str]]:
    """Where this match's record goes, open: the kept one goes on (cut to its last
    whole move), else --record's file, else a private file of the data folder."""
    try:
        if resume is not None:
            path = kept_path()
            with open(path, "r+b") as f:
                f.truncate(resume.size)
            return path, open_private(path, "a")
        if opts.record is not None:
            path = _record_path(opts.record, game)
            return path, open(path, "w", encoding="utf-8")
        path = playing_path()
        return path, open_private(path)
    except OSError as err:
        raise SetupError(f"cannot write the record {str(path)!r}: {err.strerror}") from None


def _add_history(opts: Options, outcome: MatchOutcome) -> None:
    """A finished match in the history of ``briscola stats`` (a failure to write it
    costs the history a line, never the game)."""
    team = opts.rules.team_of[0]
    result = "drawn" if outcome.winner is None else "won" if outcome.winner == team else "lost"
    mine = sum(r.points[team] for r in outcome.rounds)
    theirs = sum(sum(r.points) - r.points[team] for r in outcome.rounds)
    level = opts.level or ",".join(sorted({s.label for s in opts.opponents}))
    entry = Finished(now(), level, opts.rules.players, opts.rules.variant, opts.rules.target,
                     result, mine, theirs)  # fmt: skip
    with contextlib.suppress(OSError):
        add_history(entry)


def _first_seed(opts: Options) -> int:
    if opts.resume is not None:
        return opts.resume.match.seed
    return opts.seed if opts.seed is not None else _fresh_seed()


def _fresh_seed() -> int:
    return random.SystemRandom().randrange(2**32)


async def run(opts: Options, console: Console) -> int:
    """Matches until the person declines another; the exit status.

    SIGTERM and SIGHUP (a closed terminal, a kill) end the game as Ctrl-C
    would: the table stops every bot (their process groups too) and ends the
    record as abandoned; the exit status is 128 + the signal.
    """
    seed = _first_seed(opts)
    async with console.interrupts():
        with stopped_by(STOP_SIGNALS) as stopped:
            try:
                await _matches(opts, console, seed, Tally())
            except InputEnded:
                print(f"briscola play: {words(opts.lang, 'input.ended')}", file=sys.stderr)
                return EXIT_INPUT_ENDED
            except asyncio.CancelledError:
                if not stopped:
                    raise
                asyncio.current_task().uncancel()  # type: ignore[union-attr]
    return 128 + stopped[0] if stopped else 0


async def _matches(opts: Options, console: Console, seed: int, tally: Tally) -> None:
    game = 1
    while (outcome := await play_one(opts, console, seed, game)) is not None:
        tally.add(outcome)
        if game > 1:
            console.show([[("class:dim", tally_text(tally, opts.lang))]])
        try:
            again = await yes_no(console, opts.lang, words(opts.lang, "ask.again"))
        except (EOFError, KeyboardInterrupt):
            break
        if not again:
            break
        # A given seed goes on predictably; a drawn one is drawn afresh, since the
        # last one was just told and the next must not be guessable from it.
        seed = seed + 1 if opts.seed is not None else _fresh_seed()
        game += 1


async def yes_no(console: Console, lang: Language, question: str) -> bool:
    """Only y or n answers (in the person's language): anything else asks again, so
    that a card typed ahead is no answer."""
    while True:
        answer = " ".join((await console.ask(question)).lower().split())
        if answer in YES:
            return True
        if answer in NO or ALIASES.get(answer, answer) == "quit":  # quit, leave: no
            return False
        console.show([[("class:dim", words(lang, "ask.yes_no"))]])


def background(environ: dict[str, str] | None = None) -> str:
    """``light`` when the terminal says its background is light (COLORFGBG), else ``dark``."""
    env = os.environ if environ is None else environ
    bg = env.get("COLORFGBG", "").rpartition(";")[2]
    return "light" if bg in ("7", "15") else "dark"


def screen_colours() -> str:
    """The palette: the settings' ``colours``, else what the terminal says of its background."""
    try:
        chosen = load().colours
    except SettingsError:
        chosen = None
    return chosen or background()


def tally_text(tally: Tally, lang: Language) -> str:
    return words(
        lang,
        "tally",
        count=len(tally.matches),
        won=tally.won,
        lost=tally.lost,
        mine=tally.mine,
        theirs=tally.theirs,
    )


def main(args: argparse.Namespace) -> int:
    try:
        opts = options_from(args)
        if sys.stdin.isatty() and sys.stdout.isatty():
            with patch_stdout():
                console = TerminalConsole(style=style_for(opts.colours))
                return asyncio.run(run(opts, console))
        return asyncio.run(run(opts, LineConsole()))
    except SetupError as err:
        print(f"briscola play: error: {err}", file=sys.stderr)
        return EXIT_USAGE
