"""The ``briscola`` command: one argparse parser, one subcommand per use.

Each subcommand's work lives in its own room (``replay``, ``review``, ``bench``,
``arena``, ``protocol``, ``prompt``); this module only reads arguments, turns
bad ones into a clear message with exit status 2, and never shows a user a
traceback (``--debug`` does, for developers).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from . import __version__
from .cards import FACES, LANGUAGES
from .rules import PLAYER_COUNTS, TARGETS, VARIANTS
from .spec import UsageError

__all__ = ["UsageError", "build_parser", "main"]

EXIT_USAGE = 2


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


def seconds_type(what: str, high: float = 86_400.0) -> Callable[[str], float]:
    """An argparse type: seconds, 0 to ``high``, finite."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{what} is a number of seconds, got {text!r}"
            ) from None
        if not 0 <= value <= high:  # also refuses nan and inf
            raise argparse.ArgumentTypeError(f"{what} must be 0 to {high:g} seconds, got {text}")
        return value

    return parse


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
    p: argparse.ArgumentParser, players: Sequence[int] = PLAYER_COUNTS, *, seed: bool = True
) -> None:
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
        default="italian",
        help="italian (default), brisca (trump 7/2 exchange) or bisca (A 7 K Q J 6 5 4 3 2)",
    )
    if not seed:  # the server deals: its own --seed
        return
    p.add_argument(
        "--seed",
        type=seed_type,
        default=None,
        help="seed for every random choice; the same seed gives the same match",
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


def add_host_options(p: argparse.ArgumentParser) -> None:
    """How the arena and the tournament treat their players: faults, programs, time."""
    p.add_argument(
        "--on-fault",
        choices=("forfeit", "takeover"),
        default="forfeit",
        help="when a player fails: its side forfeits (default) or a bot takes over",
    )
    p.add_argument(
        "--bot-log",
        metavar="DIR",
        default=None,
        help="keep each cmd: program's stderr in DIR, a file per process named after its player",
    )
    p.add_argument(
        "--strict",
        action="store_true",
        help="every fault of a cmd: player (a refused line) is a failure, and any makes "
        "the exit status 1",
    )
    p.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="show every protocol line in and out, the bots' info and stderr on stderr "
        "(--log-level debug)",
    )
    p.add_argument(
        "--log-level",
        choices=("debug", "info", "warning", "error"),
        default=None,
        help="show the protocol log on stderr: info shows faults, failures, the bots' "
        "info lines; debug every line",
    )
    p.add_argument(
        "--report-every",
        type=int_in(0, what="--report-every"),
        default=100,
        metavar="N",
        help="when stdout is not a terminal: a progress line on stderr every N matches "
        "(default 100; 0: none)",
    )
    p.add_argument(
        "--move-ms",
        type=int_in(1, what="--move-ms"),
        default=10_000,
        help="time per move for external bots (default 10000)",
    )
    p.add_argument(
        "--fresh-process",
        action="store_true",
        help="start cmd: bots afresh for every match (default: one process per seat "
        "plays match after match)",
    )
    p.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        default=None,
        help="play on a Dask distributed cluster, e.g. tcp://10.0.0.5:8786 (needs "
        "pip install 'briscola[cluster]')",
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

    p = sub.add_parser("rules", help="print the rules of the game")
    add_words_options(
        p,
        faces_help="the pack whose letters the rules show: italian, french, spanish or portuguese "
        f"({FACES_DEFAULT})",
    )
    p.set_defaults(run=_run("briscola.words.rules_text"))

    p = sub.add_parser("replay", help="show a recorded match trick by trick and check it")
    p.add_argument("file", help="a match record (JSON lines), or - for standard input")
    add_words_options(p, None, RECORD_FACES)
    p.add_argument(
        "--check", action="store_true", help="only check the record; print one line and exit 0 or 1"
    )
    p.set_defaults(run=_run("briscola.replay"))

    p = sub.add_parser("review", help="what a long search thinks of every move of a recorded match")
    p.add_argument("file", help="a match record (JSON lines), or - for standard input")
    p.add_argument(
        "--seat",
        type=int_in(0, what="--seat"),  # the record's table says how many there are
        default=None,
        help="the seat to review (default: the seats people sat in when the record "
        "says so, else every seat)",
    )
    add_words_options(p, None, RECORD_FACES)
    p.add_argument("--json", action="store_true", help="print the review as one JSON object")
    p.add_argument(
        "--samples",
        type=int_in(1, 1_000_000, "--samples"),
        default=None,
        help="the long search's samples a move (default 3000: about 0.2 s a move at 2 "
        "seats, 0.5 s at 4)",
    )
    p.add_argument(
        "--seed",
        type=seed_type,
        default=1,
        help="seed of the long search (default 1); the same seed gives the same review",
    )
    p.set_defaults(run=_run("briscola.review"))

    p = sub.add_parser("bench", help="measure the engine (and bots, the protocol)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument(
        "--seconds",
        type=seconds_type("--seconds", 3600),
        default=2.0,
        help="time per measurement (default 2)",
    )
    p.add_argument("--bots", action="store_true", help="also measure bot think times")
    p.add_argument(
        "--protocol", action="store_true", help="also measure matches between two bot processes"
    )
    p.add_argument(
        "--server",
        action="store_true",
        help="instead: the LAN server under load, 200 four-seat tables of protocol "
        "clients on 127.0.0.1 (about a minute on two cores)",
    )
    p.add_argument(
        "--tables",
        type=int_in(1, 500, "--tables"),
        default=200,
        help="with --server: tables at once (default 200)",
    )
    p.add_argument(
        "--abusive",
        type=int_in(0, 20, "--abusive"),
        default=0,
        metavar="N",
        help="with --server, instead: an ordinary table's expert alone and beside N "
        "six-seat tables of five experts each (the bot pool's fairness; 5 in README)",
    )
    p.add_argument(
        "--positions",
        nargs="?",
        const="",
        default=None,
        metavar="FILE",
        help="instead: how often the expert picks a move within a point of a long "
        "search's best on a suite of positions (default the shipped "
        "benchmarks/positions/suite.jsonl; about 20 s)",
    )
    p.add_argument(
        "--player",
        metavar="SPEC",
        default="expert",
        help="with --positions: the built-in bot to test (default expert, e.g. expert:samples=200)",
    )
    p.set_defaults(run=_run("briscola.bench"))

    p = sub.add_parser("play", help="play at the prompt against bots")
    add_table_options(p)
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
    add_words_options(p, None, f"card pictures and names ({FACES_DEFAULT})", LANG_LOCALE)
    p.add_argument("--record", metavar="FILE", default=None, help="save the match record")
    p.add_argument("--no-count", action="store_true", help="do not show the points captured so far")
    p.add_argument(
        "--pace",
        type=float,
        default=None,
        metavar="SECONDS",
        help="pause after each bot's card; any key skips it (default 0.8; 0: none)",
    )
    p.set_defaults(run=_run("briscola.prompt.app"))

    p = sub.add_parser("arena", help="play many matches between players, with statistics")
    p.add_argument(
        "specs",
        nargs="+",
        metavar="SPEC",
        help="players: random, greedy, expert, expert:think_ms=50, oracle, "
        "cmd:COMMAND (two or more)",
    )
    p.add_argument(
        "--games",
        type=int_in(1, what="--games"),
        default=None,
        help="deals to play (default 100; with --sprt the most, default 100000); each is "
        "played once per rotation",
    )
    add_table_options(p)
    p.add_argument(
        "--jobs", type=int_in(1, 64, "--jobs"), default=1, help="parallel processes (default 1)"
    )
    p.add_argument(
        "--deals",
        metavar="FILE",
        default=None,
        help="play the deals of FILE (a match seed a line) instead of drawing them from "
        "--seed; 2p-1000 and 4p-1000 are shipped suites",
    )
    p.add_argument(
        "--sprt",
        nargs="+",
        metavar="KEY=VALUE",
        default=None,
        help="stop once a sequential test decides: elo0=N elo1=N [alpha=0.05 beta=0.05] "
        "(the GSPRT on deal pairs)",
    )
    p.add_argument(
        "--no-duplicate",
        action="store_true",
        help="play each deal once instead of once per rotation of the sides",
    )
    p.add_argument("--json", action="store_true", help="print the result as one JSON object")
    p.add_argument("--record", metavar="DIR", default=None, help="write one record per match")
    add_host_options(p)
    p.set_defaults(run=_run("briscola.arena"))

    p = sub.add_parser(
        "tournament", help="every pairing of several players on the same deals, with ratings"
    )
    p.add_argument(
        "specs", nargs="+", metavar="SPEC", help="the players, as for arena (two or more)"
    )
    p.add_argument(
        "--gauntlet",
        action="store_true",
        help="the first spec against each of the others, instead of every pair",
    )
    p.add_argument(
        "--games",
        type=int_in(1, what="--games"),
        default=None,
        help="deals per pairing (default 100), each played from both sides' seats",
    )
    add_table_options(p, (2, 4))  # two sides: the ratings compare pairs of players
    p.add_argument(
        "--jobs", type=int_in(1, 64, "--jobs"), default=1, help="parallel processes (default 1)"
    )
    p.add_argument("--deals", metavar="FILE", default=None, help="the deals of FILE, as for arena")
    p.add_argument(
        "--anchor",
        metavar="SPEC",
        default=None,
        help="the spec rated 0 (default greedy when it plays, else the first)",
    )
    p.add_argument("--json", action="store_true", help="print the result as one JSON object")
    p.add_argument(
        "--record",
        metavar="DIR",
        default=None,
        help="keep the tournament in DIR: every result and record; run again to resume",
    )
    add_host_options(p)
    p.set_defaults(run=_run("briscola.tournament"))

    p = sub.add_parser(
        "serve",
        help="host LAN tables: a lobby where people and bots sit down over TCP",
        description="Host LAN tables: people join with 'briscola join HOST', bots with "
        "'briscola join HOST --bot COMMAND' or by speaking the lobby protocol "
        "(docs/protocol.md).  Built-in bots fill the seats a table asks for.",
        epilog="examples:\n  briscola serve                       # every address, port 4664\n"
        "  briscola serve --host 127.0.0.1 --port 5000 --turn-timeout 60",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--host",
        default="0.0.0.0",
        help="address to listen on (default 0.0.0.0: every address, for LAN play; "
        "127.0.0.1 keeps the server to this machine)",
    )
    p.add_argument(
        "--port", type=int_in(0, 65535, "--port"), default=4664, help="TCP port (default 4664)"
    )
    p.add_argument(
        "--records",
        metavar="DIR",
        default=None,
        help="where every match's record goes (default $XDG_DATA_HOME/briscola/records, "
        "else ~/.local/share/briscola/records); unfinished ones are reopened at start",
    )
    p.add_argument(
        "--abandon-unfinished",
        action="store_true",
        help="at start, end the unfinished matches of --records as abandoned instead of "
        "reopening them (a stop, like a crash, otherwise only pauses them)",
    )
    p.add_argument(
        "--turn-timeout",
        type=seconds_type("--turn-timeout"),
        default=120.0,
        metavar="S",
        help="seconds a person has for a card; then a bot plays for them until they type "
        "again (default 120; 0: no limit)",
    )
    p.add_argument(
        "--grace",
        type=seconds_type("--grace"),
        default=60.0,
        metavar="S",
        help="seconds a dropped seat is held for its person before a bot plays it (default 60)",
    )
    for flag, default, what in (
        ("--max-connections", 256, "connections in all"),
        ("--max-per-address", 32, "connections from one address"),
        ("--max-tables", 64, "tables at once"),
    ):
        p.add_argument(
            flag,
            type=int_in(1, 100_000, flag),
            default=default,
            metavar="N",
            help=f"{what} (default {default})",
        )
    p.add_argument("--seed", type=seed_type, default=None, help="seed for every table's deals")
    p.add_argument(
        "--log-level",
        choices=("debug", "info", "warning", "error"),
        default="info",
        help="what the log on stderr shows (default info)",
    )
    p.set_defaults(run=_run("briscola.server.run"))

    p = sub.add_parser(
        "join",
        help="sit down at a LAN table (or watch one, or seat a bot program)",
        description="Connect to a 'briscola serve' server: the lobby (list, create, join, "
        "watch), then the same screen and commands as 'briscola play'; 'say TEXT' at any "
        "prompt chats with the table.  A dropped connection is resumed by itself.",
        epilog="examples:\n  briscola join 192.168.1.20                 # the lobby\n"
        "  briscola join 192.168.1.20 --create --table friday --players 4 --bots 1:expert\n"
        "  briscola join localhost:4664 --table friday --bot 'python3 mybot.py'",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("address", metavar="HOST[:PORT]", help="the server (port 4664 by default)")
    p.add_argument(
        "--reconnect-for",
        type=seconds_type("--reconnect-for"),
        default=600.0,
        metavar="S",
        help="when the server goes away (a restart, a dropped network), how long to keep "
        "trying to get back to the seat, table or lobby (default 600)",
    )
    p.add_argument("--name", default=None, help="your name at the table (default: your login)")
    p.add_argument("--table", default=None, help="the table to join (without it: the lobby)")
    p.add_argument(
        "--seat", type=int_in(0, 5, "--seat"), default=None, help="seat 0-5 (default: a free one)"
    )
    p.add_argument(
        "--code",
        default=None,
        help="the join code of a private table (with --create, 'new': the server makes one)",
    )
    p.add_argument(
        "--create", action="store_true", help="create the table first (--players, --bots, ...)"
    )
    add_table_options(p, seed=False)
    p.add_argument(
        "--bots",
        metavar="SPECS",
        default=None,
        help="with --create: bots for some seats, e.g. '1:expert,3:greedy' "
        "(random, greedy, expert, expert:think_ms=500)",
    )
    p.add_argument("--watch", action="store_true", help="watch the table instead of joining it")
    p.add_argument(
        "--bot",
        metavar="COMMAND",
        default=None,
        help="seat this bot program instead of you (it speaks the protocol on stdin/stdout)",
    )
    p.add_argument(
        "--matches",
        type=int_in(1, 10_000, "--matches"),
        default=1,
        help="with --bot: matches to play before leaving (default 1)",
    )
    add_words_options(p, None, f"card pictures and names ({FACES_DEFAULT})", LANG_LOCALE)
    p.add_argument(
        "--pace",
        type=seconds_type("--pace", 60),
        default=0.8,
        metavar="SECONDS",
        help="pause after each other player's card; any key skips it (default 0.8)",
    )
    p.set_defaults(run=_run("briscola.client"))

    p = sub.add_parser("bot", help="run a built-in bot over stdin/stdout (the JSON-lines protocol)")
    p.add_argument(
        "--level",
        choices=("random", "greedy", "expert"),
        default="expert",
        help="which built-in bot answers (default expert)",
    )
    p.add_argument(
        "--think-ms",
        type=int_in(1, what="--think-ms"),
        default=None,
        help="expert's time per move (default: its own)",
    )
    p.add_argument(
        "--seed", type=seed_type, default=None, help="seed for the bot's own random choices"
    )
    p.set_defaults(run=_run("briscola.protocol.bot_side"))

    p = sub.add_parser("check-bot", help="run a bot program through the conformance checks")
    # Not dest "command": that names the subcommand in error messages.
    p.add_argument("bot", metavar="COMMAND", help="the bot's command line, e.g. 'python3 mybot.py'")
    p.add_argument(
        "--move-ms",
        type=int_in(1, what="--move-ms"),
        default=2_000,
        help="time per move (default 2000); the host adds a grace of 500",
    )
    p.add_argument(
        "--handshake-ms",
        type=int_in(1, what="--handshake-ms"),
        default=5_000,
        help="time to start and answer hello (default 5000)",
    )
    p.add_argument("--bot-log", metavar="DIR", default=None, help="keep the bot's stderr in DIR")
    p.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="show every line in and out, and the bot's stderr, on stderr",
    )
    p.set_defaults(run=_run("briscola.protocol.check"))

    _describe(parser, sub)
    return parser


# The commands in the order a newcomer needs them, each with its one line (the
# list in 'briscola --help') and, where its parser sets none, a description and
# examples for its own --help.
ORDER = ("play", "rules", "join", "serve", "replay", "review", "arena", "tournament", "bot",
         "check-bot", "bench")  # fmt: skip
DETAILS: dict[str, tuple[str, str]] = {
    "play": (
        "Sit down at a table against built-in bots, at a terminal (or through a pipe).",
        "briscola play\nbriscola play --players 4 --level hard --lang it",
    ),
    "rules": ("The rules of the game, in English, German or Italian.", "briscola rules --lang it"),
    "replay": (
        "Tell a recorded match trick by trick, checking every move through the engine.",
        "briscola replay match.jsonl\nbriscola replay --check match.jsonl",
    ),
    "review": (
        "Every move of a recorded match valued by a long search on the seat's own cards.",
        "briscola review match.jsonl\nbriscola review match.jsonl --seat 1 --lang it --json",
    ),
    "bench": (
        "Measure the engine (and with options the bots, the protocol, the LAN server, the "
        "expert on a position suite).",
        "briscola bench\nbriscola bench --bots --protocol --json\nbriscola bench --positions",
    ),
    "arena": (
        "Play many matches between players on duplicate deals, with statistics.",
        "briscola arena expert greedy --games 200 --jobs 2\n"
        "briscola arena 'cmd:python3 mybot.py' greedy --games 20\n"
        "briscola arena 'cmd:python3 new.py' 'cmd:python3 old.py' --sprt elo0=0 elo1=10",
    ),
    "tournament": (
        "A round robin (or a gauntlet) on the same duplicate deals: crosstable and ratings.",
        "briscola tournament expert greedy random --games 100 --jobs 2\n"
        "briscola tournament 'cmd:python3 mybot.py' expert greedy --gauntlet --record t1/",
    ),
    "bot": (
        "A built-in bot speaking the JSON-lines protocol on stdin/stdout.",
        "briscola bot --level greedy\nbriscola arena 'cmd:briscola bot --level random' greedy",
    ),
    "check-bot": (
        "Run a bot program through the protocol's conformance checks.",
        "briscola check-bot 'python3 examples/bots/simple_bot.py'",
    ),
}


def _describe(parser: argparse.ArgumentParser, sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Descriptions and examples where a command's parser has none; the newcomer's order."""
    for name, (line, examples) in DETAILS.items():
        p = sub.choices.get(name)
        if p is None:
            continue
        if not p.description:
            p.description = line
        if not p.epilog:
            p.epilog = "examples:\n" + "\n".join(f"  {e}" for e in examples.split("\n"))
            p.formatter_class = argparse.RawDescriptionHelpFormatter
    rank = {name: i for i, name in enumerate(ORDER)}
    sub._choices_actions.sort(key=lambda a: rank.get(a.dest, len(ORDER)))


def _lang() -> str:
    """The language when ``--lang`` is not given: the settings file's, else the locale's."""
    from .settings import SettingsError, default_lang, load

    try:
        chosen = load().lang
    except SettingsError as err:
        raise UsageError(str(err)) from None
    return chosen or default_lang()


def _faces(lang: str) -> str:
    """The faces when neither ``--faces`` nor the record names them: the settings file's,
    else the language's pack."""
    from .settings import SettingsError, default_faces, load

    try:
        return load().faces or default_faces(lang)
    except SettingsError as err:
        raise UsageError(str(err)) from None


def _run(module: str) -> Callable[[argparse.Namespace], int]:
    """A handler that imports ``module`` only when its subcommand runs."""

    def run(args: argparse.Namespace) -> int:
        import importlib

        mod = importlib.import_module(module)
        result: int = mod.main(args)
        return result

    return run


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "run", None) is None:
        parser.print_help()
        return EXIT_USAGE
    try:
        if args.command in ("rules", "replay", "review") and args.lang is None:
            args.lang = _lang()
        if args.command == "rules" and args.faces is None:
            from .settings import default_faces

            args.faces = default_faces(args.lang)
        if args.command in ("replay", "review"):
            args.faces_fallback = _faces(args.lang)
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
            f"briscola {args.command}: internal error: {type(err).__name__}: {err}\n"
            "(run with --debug for the traceback; please report it)",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
