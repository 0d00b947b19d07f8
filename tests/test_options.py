"""The shared option types and groups: one number type, one pair of parallel options."""

from __future__ import annotations

import argparse
from collections.abc import Callable

import pytest

from briscola.options import number_in, seconds_type


@pytest.mark.parametrize(
    ("text", "value"), [("0", 0.0), ("1", 1.0), ("0.25", 0.25), ("1e-3", 0.001)]
)
def test_a_number_in_range_is_taken_bounds_included(text: str, value: float) -> None:
    assert number_in(0, 1, "--lr")(text) == value


@pytest.mark.parametrize("text", ["abc", "", "-0.5", "1.5", "nan", "inf", "-inf", "0x1"])
def test_a_number_out_of_range_or_not_a_number_says_what_is_expected(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError) as err:
        number_in(0, 1, "--lr")(text)
    assert str(err.value) == f"--lr must be a number 0 to 1, got {text!r}"


def test_seconds_are_a_number_with_their_unit() -> None:
    assert seconds_type("--grace")("86400") == 86_400.0
    with pytest.raises(argparse.ArgumentTypeError) as err:
        seconds_type("--pace", 60)("61")
    assert str(err.value) == "--pace must be a number 0 to 60 seconds, got '61'"


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["train", "--lr", "x"], "--lr must be a number 0 to 1, got 'x'"),
        (["train", "--explore", "-1"], "--explore must be a number 0 to 1, got '-1'"),
        (["bench", "--seconds", "nan"], "--seconds must be a number 0 to 3600 seconds, got 'nan'"),
        (["serve", "--grace", "1e9"], "--grace must be a number 0 to 86400 seconds, got '1e9'"),
        (["arena", "greedy", "random", "--jobs", "0"], "--jobs must be 1..64, got 0"),
        (["tournament", "greedy", "random", "--jobs", "x"], "--jobs must be a whole number"),
        (["train", "--jobs", "65"], "--jobs must be 1..64, got 65"),
        (["train", "--jobs", "2", "--scheduler", "tcp://x:1"], "--scheduler: not allowed with"),
        (["tournament", "a", "b", "--scheduler", "tcp://x:1", "--jobs", "2"], "not allowed with"),
    ],
)
def test_the_commands_say_what_was_wrong(
    usage_error: Callable[[list[str]], str], argv: list[str], says: str
) -> None:
    assert says in usage_error(argv)


@pytest.mark.parametrize("command", ["arena", "tournament", "train"])
def test_every_parallel_command_takes_jobs_and_a_scheduler(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from briscola.cli import main

    with pytest.raises(SystemExit) as stop:
        main([command, "--help"])
    out = capsys.readouterr().out
    assert stop.value.code == 0
    assert "--jobs JOBS" in out and "--scheduler ADDRESS" in out
