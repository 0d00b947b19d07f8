"""The prompt's command, ``briscola play``: its options, and the function that runs it.

:mod:`.app` does the work, imported only when the command runs;
:mod:`briscola.cli` gathers the commands.
"""

from __future__ import annotations

import argparse

from ..options import (
    LANG_LOCALE,
    LANG_SETTINGS,
    Command,
    add_lang_option,
    add_table_options,
    add_words_options,
)

__all__ = ["PLAY", "STATS"]


def play_arguments(p: argparse.ArgumentParser) -> None:
    add_table_options(p, variant_by_lang=True)
    p.add_argument(
        "--opponents",
        metavar="SPEC",
        default=None,
        help="one player spec for every other seat, or one per seat separated "
        "by spaces or commas (default: the level's bot)",
    )
    p.add_argument(
        "--level",
        choices=("easy", "medium", "hard", "expert"),
        default=None,
        help="the opponents in plain words: easy (random), medium (greedy), "
        "hard (expert:samples=40), expert (expert, the default)",
    )
    p.add_argument("--no-hints", action="store_true", help="no hint command in this match")
    p.add_argument("--name", default=None, help="your name at the table")
    add_words_options(
        p,
        None,
        "card pictures and names (default: your language's pack: spanish in Spanish, "
        "portuguese in Portuguese, else italian)",
        LANG_LOCALE,
    )
    p.add_argument("--record", metavar="FILE", default=None, help="save the match record")
    p.add_argument(
        "--resume",
        action="store_true",
        help="go on with the match kept when you last quit at your turn (its own table, "
        "opponents and language)",
    )
    p.add_argument("--no-count", action="store_true", help="do not show the points captured so far")
    p.add_argument(
        "--pace",
        type=float,
        default=None,
        metavar="SECONDS",
        help="pause after each bot's card; any key skips it (default 0.8; 0: none)",
    )


def run_play(args: argparse.Namespace) -> int:
    from .app import main

    return main(args)


PLAY = Command(
    "play",
    help="play at the prompt against bots",
    description="Sit down at a table against built-in bots, at a terminal (or through a pipe).",
    examples=(
        "briscola play",
        "briscola play --players 4 --level hard --lang it",
    ),
    arguments=play_arguments,
    run=run_play,
)


def stats_arguments(p: argparse.ArgumentParser) -> None:
    add_lang_option(p, LANG_SETTINGS)


def run_stats(args: argparse.Namespace) -> int:
    from .stats import main

    return main(args)


STATS = Command(
    "stats",
    help="your finished matches at the prompt: wins and points",
    description="The matches finished with 'briscola play' ($XDG_DATA_HOME/briscola): "
    "matches, wins and points by level, table size and variant, and the last ones.",
    examples=("briscola stats", "briscola stats --lang it"),
    arguments=stats_arguments,
    run=run_stats,
)
