"""The command's own help: every command described with examples, every option explained,
the commands listed in the order a newcomer needs them."""

from __future__ import annotations

import argparse
import re

import pytest

from briscola import cli


def _commands() -> dict[str, argparse.ArgumentParser]:
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


@pytest.mark.parametrize("name", sorted(_commands()))
def test_every_command_says_what_it_does_with_examples(name: str) -> None:
    p = _commands()[name]
    assert p.description and len(p.description.strip().splitlines()) <= 3, name
    assert p.epilog and "briscola " in p.epilog, f"{name}: no example in its epilog"
    for action in p._actions:
        if action.dest != "help":
            assert action.help and action.help != argparse.SUPPRESS, (name, action.dest)


def test_the_top_level_help_starts_with_play_and_points_at_the_manual(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    out = capsys.readouterr().out
    listed = [line.split()[0] for line in out.splitlines() if re.match(r"    \S", line)]
    assert listed[0] == "play"
    assert listed.index("rules") < listed.index("arena") < listed.index("bench")
    assert set(listed) == set(_commands())
    assert "man briscola" in out
