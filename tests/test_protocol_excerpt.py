"""What a failure shows of a program's stderr (its first error line, with the lines
around it, and the author's own last line), the label a command gets (its script's
file name), and a fault's log line (the deal, the turn id)."""

from __future__ import annotations

import logging
import sys

import pytest

from briscola.protocol.process import BotProcess, program_name

NODE = """simple-js: about to play 3C
/home/me/bot.js:78
    throw new Error("boom");
    ^

Error: boom
    at answer (/home/me/bot.js:78:11)
    at Interface.<anonymous> (/home/me/bot.js:95:5)
    at Interface.emit (node:events:517:28)

Node.js v20.20.2
"""
PYTHON = """thinking about 3C
Traceback (most recent call last):
  File "/home/me/bot.py", line 9, in <module>
    main()
ValueError: boom
"""
RUST = """my bot: turn 4
thread 'main' panicked at src/main.rs:12:5:
boom
note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace
"""
GO = """turn 4 of mine
panic: boom

goroutine 1 [running]:
main.main()
\t/home/me/bot.go:9 +0x25
exit status 2
"""
JAVA = """Bot: turn 4
Exception in thread "main" java.lang.IllegalStateException: boom
\tat Bot.main(Bot.java:5)
"""
CPP = """bot: turn 4
terminate called after throwing an instance of 'std::runtime_error'
  what():  boom
"""


def _fed(text: str) -> BotProcess:
    bot = BotProcess("node bot.js")
    bot._stderr(text.encode())
    return bot


@pytest.mark.parametrize(
    ("text", "error", "own"),
    [
        (NODE, "Error: boom", "simple-js: about to play 3C"),
        (PYTHON, "Traceback (most recent call last):", "ValueError: boom"),
        (RUST, "thread 'main' panicked at src/main.rs:12:5:", None),
        (GO, "panic: boom", None),
        (JAVA, 'Exception in thread "main" java.lang.IllegalStateException: boom', None),
        (CPP, "terminate called after throwing an instance of 'std::runtime_error'", None),
    ],
)
def test_the_first_error_line_with_its_neighbours_and_the_own_last_line(
    text: str, error: str, own: str | None
) -> None:
    bot = _fed(text)
    assert bot.first_error == error
    words = bot.last_words()
    assert words.startswith(f"; its stderr's first error line: {error!r}")
    assert "Node.js v" not in words  # a runtime's banner is never "the last line"
    excerpt = bot.excerpt()
    assert error in [line.strip() for line in excerpt]
    if own is not None:
        assert f"its own last line: {own!r}" in words and excerpt[-1] == own
    if text is NODE:  # the source line before it, the frame after it
        assert (
            "after 'throw new Error(\"boom\");', then 'at answer (/home/me/bot.js:78:11)'" in words
        )


def test_without_an_error_line_the_last_line() -> None:
    bot = _fed("starting\nall fine\n")
    assert bot.first_error == ""
    assert bot.last_words() == "; its stderr ended with: 'all fine'"
    assert bot.excerpt() == ["starting", "all fine"]
    assert _fed("").last_words() == ""


def test_source_lines_that_mention_error_are_not_the_error() -> None:
    bot = _fed('    throw new Error("x");\nErrors so far: 0\nTypeError: x is undefined\n')
    assert bot.first_error == "TypeError: x is undefined"


@pytest.mark.parametrize(
    ("command", "label"),
    [
        ("node bot.js", "bot"),
        ("node bots/carlo.js --fault exit-before-hello", "carlo"),
        ("python3 -u /home/me/thirty.py --level 3", "thirty"),
        ("python3 -m bots.carlo", "carlo"),
        ("./carlo", "carlo"),
        ("/usr/bin/python3.12 bot.py", "bot"),
        ("java -jar engine.jar", "engine"),
        ("python3 -c 'print(1)'", "python3"),  # code on the command line: the interpreter
        ("mybot --fast", "mybot"),
    ],
)
def test_a_label_is_the_scripts_file_name(command: str, label: str) -> None:
    assert program_name(command) == label


async def test_a_faults_log_line_names_the_deal_and_the_turn(
    caplog: pytest.LogCaptureFixture,
) -> None:
    from briscola.bots.random_bot import RandomBot
    from briscola.engine.rules import TableRules
    from briscola.protocol.host import CommandPlayer, at_match
    from briscola.table import play_match
    from tests.lan import ROOT

    bot = CommandPlayer(f"{sys.executable} {ROOT / 'tests' / 'bots' / 'misbehave.py'} recover")
    caplog.set_level(logging.INFO, "briscola.protocol")
    await at_match("deal 7 rotation 1", play_match(TableRules(), [bot, RandomBot(seed=1)], seed=3))
    (line,) = [r.getMessage() for r in caplog.records if "illegal_move" in r.getMessage()]
    assert line.startswith("deal 7 rotation 1: misbehave: illegal_move: ")
    assert "(at turn id " in line
