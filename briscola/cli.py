"""The ``briscola`` command: it gathers the subcommands their rooms declare.

Each room declares its own (``prompt/commands.py`` play, ``server/commands.py``
serve, ``client/commands.py`` join, ``lab/commands.py`` replay, review, arena
and tournament, ``lab/bench_command.py`` bench, ``lab/train_command.py`` train,
``protocol/commands.py`` bot and check-bot): its options, its ``--help`` and a
function that runs it.  This module lists them
in the order a newcomer needs them, turns bad arguments into a clear message
with exit status 2, and never shows a user a traceback (``--debug`` does, for
developers).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import __version__
from .client.commands import JOIN
from .engine.text import printable
from .lab.bench_command import BENCH
from .lab.commands import ARENA, REPLAY, REVIEW, TOURNAMENT
from .lab.train_command import TRAIN
from .options import FACES_DEFAULT, Command, add_words_options
from .prompt.commands import PLAY, STATS
from .protocol.commands import BOT, CHECK_BOT
from .server.commands import SERVE
from .settings import default_faces, words_from_settings
from .spec import UsageError

__all__ = ["COMMANDS", "UsageError", "build_parser", "main"]

EXIT_USAGE = 2


# ``briscola rules`` prints the rules text, which is words: its declaration goes
# to the words' room when they have one.
def rules_arguments(p: argparse.ArgumentParser) -> None:
    add_words_options(
        p,
        faces_help="the pack whose letters the rules show: italian, french, spanish or portuguese "
        f"({FACES_DEFAULT})",
    )


def run_rules(args: argparse.Namespace) -> int:
    from .words.rules_text import main

    words_from_settings(args, faces=False)
    if args.faces is None:
        args.faces = default_faces(args.lang)
    return main(args)


RULES = Command(
    "rules",
    help="print the rules of the game",
    description="The rules of the game, in English, German, Italian, Spanish or Portuguese.",
    examples=("briscola rules --lang it",),
    arguments=rules_arguments,
    run=run_rules,
)

# In the order a newcomer needs them: the order of 'briscola --help'.
COMMANDS = (
    PLAY,
    STATS,
    RULES,
    JOIN,
    SERVE,
    REPLAY,
    REVIEW,
    ARENA,
    TOURNAMENT,
    TRAIN,
    BOT,
    CHECK_BOT,
    BENCH,
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="briscola",
        description="The Italian card game Briscola: play at the prompt, host and join "
        "LAN tables, pit bots against each other, replay records.",
        epilog="Start with 'briscola play'.  'briscola COMMAND --help' shows a command's "
        "options; the manual is 'man briscola' (or 'man -l man/briscola.1' in the "
        "source tree).",
    )
    parser.add_argument("--version", action="version", version=f"briscola {__version__}")
    parser.add_argument("--debug", action="store_true", help=argparse.SUPPRESS)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for command in COMMANDS:
        p = sub.add_parser(
            command.name,
            help=command.help,
            description=command.description,
            epilog="examples:\n" + "\n".join(f"  {line}" for line in command.examples),
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        command.arguments(p)
        p.set_defaults(run=command.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "run", None) is None:
        parser.print_help()
        return EXIT_USAGE
    try:
        return int(args.run(args))
    except UsageError as err:
        parser.exit(EXIT_USAGE, f"briscola {args.command}: error: {err}\n")
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 1
    except Exception as err:  # the last guard: a short message, never a traceback
        if args.debug:
            raise
        print(
            f"briscola {args.command}: internal error: {type(err).__name__}: "
            f"{printable(str(err), 500)}\n"
            "(run with --debug for the traceback; please report it)",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
