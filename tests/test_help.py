"""The command's own help: every command described with examples, every option explained,
the commands listed in the order a newcomer needs them."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

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


MAN = Path(__file__).resolve().parent.parent / "man" / "briscola.1"


def test_the_man_page_names_only_options_that_exist() -> None:
    page = MAN.read_text(encoding="utf-8")
    known = {
        opt
        for p in [cli.build_parser(), *_commands().values()]
        for action in p._actions
        for opt in action.option_strings
    }
    named = {m.replace("\\-", "-") for m in re.findall(r"\\-\\-[a-z][a-z\\-]*[a-z]", page)}
    assert named <= known, f"the man page names options argparse does not: {named - known}"


def test_the_man_page_names_the_in_game_commands() -> None:
    from briscola.client.lobby import COMMANDS as LOBBY
    from briscola.prompt.entry import COMMANDS as PLAY

    page = MAN.read_text(encoding="utf-8")
    for word in (*PLAY, *LOBBY, "say"):
        assert re.search(rf"\b{word}\b", page), word
    for section in ("ENVIRONMENT", "FILES", "SEE ALSO", "EXIT STATUS", "EXAMPLES"):
        assert f".SH {section}" in page
