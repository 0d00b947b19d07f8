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
import locale
import os
import random
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from prompt_toolkit.patch_stdout import patch_stdout

from ..bots import BOTS, make_bot
from ..cards import Faces, Language
from ..players import Player
from ..records import Record
from ..rules import RulesError, TableRules
from ..spec import PlayerSpec, SpecError, parse_spec
from ..table import play_match
from .console import Console, LineConsole, TerminalConsole
from .person import LeaveTable, Person, PromptFailed
from .words import YES, words

__all__ = ["Options", "default_lang", "main", "options_from", "run", "split_specs"]

BOT_NAMES = ("Marco", "Giulia", "Luca", "Sofia", "Paolo")
DEFAULT_PACE = 0.8
EXIT_USAGE = 2


class SetupError(ValueError):
    """Options that do not make a table; exit status 2."""


@dataclass(frozen=True)
class Options:
    rules: TableRules
    opponents: tuple[PlayerSpec, ...]  # one per other seat, in playing order
    name: str = "You"
    faces: Faces = "italian"
    lang: Language = "en"
    count: bool = True
    pace: float = DEFAULT_PACE
    seed: int | None = None
    record: str | None = None


def default_lang(env: dict[str, str] | None = None) -> Language:
    """German or Italian when the locale says so, else English."""
    env = dict(os.environ) if env is None else env
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            return "de" if value.startswith("de") else "it" if value.startswith("it") else "en"
    loc = locale.getlocale()[0] or ""
    return "de" if loc.startswith("de") else "it" if loc.startswith("it") else "en"


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


def options_from(args: argparse.Namespace) -> Options:
    try:
        rules = TableRules(
            players=args.players, variant=args.variant, target=args.target, pack=args.pack
        )
    except RulesError as err:
        raise SetupError(str(err)) from None
    pace = getattr(args, "pace", None)
    if pace is not None and not 0 <= pace <= 60:  # also refuses nan
        raise SetupError(f"--pace is 0 to 60 seconds, got {pace}")
    return Options(
        rules=rules,
        opponents=split_specs(args.opponents, rules.players - 1),
        name=args.name or "You",
        faces=args.faces,
        lang=args.lang or default_lang(),
        count=not args.no_count,
        pace=DEFAULT_PACE if pace is None else pace,
        seed=args.seed,
        record=args.record,
    )


def _record_path(path: str, game: int) -> Path:
    """The record of the first match goes to ``path``; later ones to ``name-2.ext``..."""
    p = Path(path)
    return p if game == 1 else p.with_name(f"{p.stem}-{game}{p.suffix}")


async def play_one(opts: Options, console: Console, seed: int, game: int) -> bool:
    """One match; False when the person left the table.

    A seed the person did not give is told only once the match is over: it deals
    every hand, so knowing it in play would show every card.
    """
    n = opts.rules.players
    names = [opts.name, *BOT_NAMES[: n - 1]]
    notes = ["", *(s.label for s in opts.opponents)]
    person = Person(
        console,
        name=opts.name,
        faces=opts.faces,
        lang=opts.lang,
        count=opts.count,
        pace=opts.pace,
        notes=notes,
        seed=seed if opts.seed is not None else None,
    )
    players: list[Player] = [person]
    players += [
        spec.make(seed=seed + s, name=names[s])
        for s, spec in zip(range(1, n), opts.opponents, strict=True)
    ]
    level = "expert" if "expert" in BOTS else "greedy"

    def takeover(seat: int) -> Player:
        failed = "{name}'s player failed; a built-in {level} bot plays that seat from here."
        console.show([[("class:dim", words(opts.lang, failed, name=names[seat], level=level))]])
        return make_bot(level, seed=seed + seat)

    out: IO[str] | None = None
    if opts.record is not None:
        path = _record_path(opts.record, game)
        try:
            out = open(path, "w", encoding="utf-8")  # noqa: SIM115 - closed below
        except OSError as err:
            raise SetupError(f"cannot write the record {str(path)!r}: {err.strerror}") from None
    try:
        await play_match(
            opts.rules,
            players,
            seed=seed,
            names=names,
            record=Record(out) if out is not None else None,
            on_fault="takeover",
            takeover=takeover,
        )
    except LeaveTable:
        console.show([[("", words(opts.lang, "You left the table."))]])
        return False
    except PromptFailed as failed:
        raise failed.error from None  # an ordinary error again, for the command's last guard
    finally:
        if out is not None:
            out.close()
        if opts.seed is None:
            again = "This match was seed {seed}: briscola play --seed {seed} deals it again."
            console.show([[("class:dim", words(opts.lang, again, seed=seed))]])
    return True


def _fresh_seed() -> int:
    return random.SystemRandom().randrange(2**32)


async def run(opts: Options, console: Console) -> int:
    """Matches until the person declines another; the exit status."""
    seed = opts.seed if opts.seed is not None else _fresh_seed()
    with console.interrupts():
        return await _matches(opts, console, seed)


async def _matches(opts: Options, console: Console, seed: int) -> int:
    game = 1
    while await play_one(opts, console, seed, game):
        try:
            again = await console.ask(words(opts.lang, "Play again? (y/n) "))
        except (EOFError, KeyboardInterrupt):
            break
        if again.strip().lower() not in YES:
            break
        # A given seed goes on predictably; a drawn one is drawn afresh, since the
        # last one was just told and the next must not be guessable from it.
        seed = seed + 1 if opts.seed is not None else _fresh_seed()
        game += 1
    return 0


def main(args: argparse.Namespace) -> int:
    try:
        opts = options_from(args)
        if sys.stdin.isatty() and sys.stdout.isatty():
            with patch_stdout():
                return asyncio.run(run(opts, TerminalConsole()))
        return asyncio.run(run(opts, LineConsole()))
    except SetupError as err:
        print(f"briscola play: error: {err}", file=sys.stderr)
        return EXIT_USAGE
