"""What the subcommands share: a subcommand's declaration and the common options.

Floor 6, beside :mod:`briscola.spec`: each room declares its subcommands as
:class:`Command` values (``lab/commands.py``, ``server/commands.py``, ...),
with the argparse types and option groups below; :mod:`briscola.cli` gathers
them.  Nothing here runs a command.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .engine.cards import FACES, LANGUAGES
from .engine.rules import PLAYER_COUNTS, TARGETS, VARIANTS

__all__ = [
    "FACES_DEFAULT",
    "FACES_HELP",
    "LANG_LOCALE",
    "LANG_SETTINGS",
    "RECORD_FACES",
    "Command",
    "add_lang_option",
    "add_table_options",
    "add_words_options",
    "choice_of",
    "int_in",
    "number_in",
    "seconds_type",
    "seed_type",
]


@dataclass(frozen=True)
class Command:
    """A subcommand as its room declares it: ``briscola NAME``.

    ``arguments`` adds its options to its parser; ``run`` does the work (and
    imports what it needs only then, so ``briscola bot`` does not load the
    prompt or the server).  ``description`` and ``examples`` make its own
    ``--help``; ``help`` is its line in ``briscola --help``.
    """

    name: str
    help: str
    description: str
    examples: tuple[str, ...]
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


def int_in(low: int, high: int | None = None, what: str = "value") -> Callable[[str], int]:
    """An argparse type: a whole number in ``low..high`` with a message that says so."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{what} must be a whole number, got {text!r}"
            ) from None
        if value < low or (high is not None and value > high):
            span = f"{low}..{high}" if high is not None else f"at least {low}"
            raise argparse.ArgumentTypeError(f"{what} must be {span}, got {value}")
        return value

    return parse


def choice_of(values: Sequence[int], what: str) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = -1
        if value not in values:
            raise argparse.ArgumentTypeError(
                f"{what} must be one of {', '.join(map(str, values))}, got {text!r}"
            )
        return value

    return parse


def number_in(low: float, high: float, what: str, unit: str = "") -> Callable[[str], float]:
    """An argparse type: a finite number in ``low..high`` (``unit`` names it in the message)."""
    span = f"a number {low:g} to {high:g}" + (f" {unit}" if unit else "")

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = float("nan")
        if not low <= value <= high:  # also refuses nan and inf
            raise argparse.ArgumentTypeError(f"{what} must be {span}, got {text!r}")
        return value

    return parse


def seconds_type(what: str, high: float = 86_400.0) -> Callable[[str], float]:
    """An argparse type: seconds, 0 to ``high``."""
    return number_in(0.0, high, what, "seconds")


def seed_type(text: str) -> int:
    try:
        value = int(text, 0)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"a seed is a whole number (e.g. 42 or 0x2a), got {text!r}"
        ) from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"a seed is not negative, got {value}")
    return value


def add_table_options(
    p: argparse.ArgumentParser,
    players: Sequence[int] = PLAYER_COUNTS,
    *,
    seed: bool = True,
    variant_by_lang: bool = False,
) -> None:
    """The table's options; ``variant_by_lang``: no ``--variant`` is None, and the
    command takes the game of the person's language."""
    note = "6: three pairs; default 2" if 6 in players else "default 2"
    p.add_argument(
        "--players",
        type=choice_of(players, "--players"),
        default=2,
        help=f"seats at the table: {', '.join(map(str, players))} ({note})",
    )
    if 3 in players:  # the help offers only what the command takes
        p.add_argument(
            "--pack",
            type=choice_of((36, 39), "--pack"),
            default=0,
            help="with 3 players: 36 cards, the four 2s removed (default), or 39, "
            "only the 2 of Batons removed (the Italian way)",
        )
    else:
        p.set_defaults(pack=0)
    p.add_argument(
        "--target",
        type=choice_of(TARGETS, "--target"),
        default=1,
        help="won rounds needed to win the match: 1, 2 or 3 (default 1)",
    )
    p.add_argument(
        "--variant",
        choices=VARIANTS,
        default=None if variant_by_lang else "italian",
        help=VARIANT_BY_LANG if variant_by_lang else VARIANT_HELP,
    )
    if not seed:  # the server deals: its own --seed
        return
    p.add_argument(
        "--seed",
        type=seed_type,
        default=None,
        help="seed for every random choice; the same seed gives the same match",
    )


VARIANT_HELP = "italian (default), brisca (trump 7/2 exchange) or bisca (A 7 K Q J 6 5 4 3 2)"
VARIANT_BY_LANG = (
    "italian, brisca (trump 7/2 exchange) or bisca (A 7 K Q J 6 5 4 3 2); default: the game "
    "of your language (brisca in Spanish, bisca in Portuguese, else italian)"
)
LANG_SETTINGS = "language: en, de, it, es or pt (default: the settings file's, else the locale's)"
LANG_LOCALE = "en, de, it, es or pt (default: the locale's when the program speaks it, else en)"
FACES_DEFAULT = "default portuguese with --lang pt, else italian"
FACES_HELP = f"card names of the Italian, French, Spanish or Portuguese pack ({FACES_DEFAULT})"


def add_lang_option(p: argparse.ArgumentParser, help: str = LANG_SETTINGS) -> None:
    p.add_argument("--lang", choices=LANGUAGES, default=None, help=help)


RECORD_FACES = (
    "card names of the Italian, French, Spanish or Portuguese pack (default: the pack the "
    "match was played with, when the record says, else the settings file's, else portuguese "
    "with --lang pt, else italian)"
)


def add_words_options(
    p: argparse.ArgumentParser,
    faces_default: str | None = None,
    faces_help: str = FACES_HELP,
    lang_help: str = LANG_SETTINGS,
) -> None:
    """How cards are named: ``--faces`` and ``--lang`` (replay and review tell a record;
    play and join name the cards on the screen, with their own defaults)."""
    p.add_argument("--faces", choices=FACES, default=faces_default, help=faces_help)
    add_lang_option(p, lang_help)
