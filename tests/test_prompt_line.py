"""``briscola play`` on a pipe: plain lines, scripted, through a real subprocess and in-process."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from briscola import cli
from briscola.prompt import app
from briscola.prompt.app import SetupError, default_lang, split_specs

PLAY = [sys.executable, "-m", "briscola", "play", "--seed", "7", "--opponents", "greedy"]


def play(script: str, *extra: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "LC_ALL": "C.UTF-8"}  # English, whatever the machine's locale
    return subprocess.run(
        [*PLAY, *extra],
        input=script,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env=env,
    )


def test_a_scripted_match_through_a_pipe(tmp_path: Path) -> None:
    rec = tmp_path / "game.jsonl"
    script = "help\nzz\n3c\nscore\n" + "1\n" * 18 + "2\n3\n" + "no\n"
    done = play(script, "--record", str(rec), "--faces", "french")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    out = done.stdout
    assert "\x1b" not in out  # no escape codes on a pipe
    lines = out.splitlines()
    assert lines[0] == "Briscola · 2 players · first to 1 round · seed 7"
    assert "Your hand:  1 5♦ Five of Diamonds  2 3♠ Three of Spades  3 K♣ King of Clubs" in lines
    assert "  Type help for the commands and score for the score." in lines  # no toolbar here
    assert (
        "Not a card or a command: 'zz'. Type 1-3, a card in your hand such as 5D, or help." in out
    )
    # With French faces C is Clubs: the letters on screen are the ones typed.
    assert "Three of Clubs is not in your hand (5D, 3S, KC)." in out
    assert "Commands:" in out and "Rounds won (first to 1): You 0 · Marco 0" in out
    assert out.count("play>") >= 20 and lines[-1] == "Play again? (y/n)"
    assert "Marco wins the match (rounds won: You 0 · Marco 1)." in out
    record = [json.loads(x) for x in rec.read_text().splitlines()]
    assert record[0]["type"] == "header" and record[-1]["type"] == "match_end"


def test_input_ending_mid_match_abandons_it_and_exits_1(tmp_path: Path) -> None:
    rec = tmp_path / "cut.jsonl"
    done = play("1\n", "--record", str(rec))
    assert done.returncode == 1
    assert done.stderr == (
        "briscola play: The input ended in the middle of the match; the match is abandoned.\n"
    )
    last = json.loads(rec.read_text().splitlines()[-1])
    assert last["type"] == "match_end" and last["reason"] == "abandoned"
    # Leaving on purpose is no error; neither is input ending at "Play again?".
    assert play("quit\ny\n").returncode == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--opponents", "oracle"], "--opponents: unknown player 'oracle'; expected one of"),
        (["--opponents", "greedy random"], "--opponents takes one spec for every other seat or 1"),
        (["--record", "/nonexistent/dir/x.jsonl"], "cannot write the record"),
        (["--pace", "-1"], "--pace is 0 to 60 seconds, got -1.0"),
        (["--players", "4", "--variant", "brisca", "--opponents", "cmd:"], "cmd: needs a command"),
    ],
)
def test_bad_options_exit_2(
    args: list[str],
    message: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n"))
    code = cli.main(["play", "--seed", "1", "--opponents", "greedy", *args])
    assert code == 2
    err = capsys.readouterr().err
    assert err.startswith("briscola play: error: ") and message in err


def test_in_process_line_mode_and_play_again(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 18 + "2\n3\n" + "ja\n" + "ende\nj\n"))
    code = cli.main(["play", "--seed", "7", "--opponents", "greedy", "--lang", "de", "--pace", "0"])
    out = capsys.readouterr().out
    assert code == 0
    assert "Trumpf: AD Münz-Ass · 34 Karten im Talon" in out
    assert "  Du spielst 5D Münz-Fünf" in out and "  Marco spielt 6C Kelch-Sechs" in out
    assert "  → Marco nimmt den Stich: " in out and "  → Du nimmst den Stich: keine Punkte" in out
    assert "Marco gewinnt die Partie (gewonnene Runden: Du 0 · Marco 1)." in out
    assert "Startwert 8" in out and "Die laufende Partie verlassen? (j/n)" in out
    assert out.endswith("Du hast den Tisch verlassen.\n")


def test_a_failing_bot_is_taken_over() -> None:
    done = play("1\n1\nquit\ny\n", "--opponents", "cmd:false")
    assert done.returncode == 0, done.stderr
    assert "Marco's player failed; a built-in" in done.stdout
    assert done.stdout.count("Marco plays") >= 1


def test_opponent_specs() -> None:
    assert [s.text for s in split_specs("greedy", 3)] == ["greedy"] * 3
    specs = split_specs("random:seed=3,greedy cmd:python3 my bot.py, greedy", 4)
    assert [s.text for s in specs] == ["random:seed=3", "greedy", "cmd:python3 my bot.py", "greedy"]
    with pytest.raises(SetupError, match="got 2"):
        split_specs("greedy random", 3)


def test_language_from_the_locale() -> None:
    assert default_lang({"LANG": "de_DE.UTF-8"}) == "de"
    assert default_lang({"LC_ALL": "it_IT.UTF-8", "LANG": "de_DE"}) == "it"
    assert default_lang({"LANG": "fr_FR.UTF-8"}) == "en"
    assert default_lang({}) in ("en", "de", "it")


def test_the_default_table(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two players, you against expert, first to one round, Italian faces; English here."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\ny\n"))
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    assert cli.main(["play", "--seed", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:2] == [
        "Briscola · 2 players · first to 1 round · level expert · seed 3",
        "  Marco (expert): against you",
    ]
    assert out[-1] == "You left the table."


def test_a_drawn_seed_is_told_only_after_the_match(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """It deals every hand: shown in play it would show every card.  The next match
    draws a fresh seed, since the last one was just told."""
    drawn = iter([7, 50])  # two seeds whose first rounds are not drawn
    monkeypatch.setattr(app, "_fresh_seed", lambda: next(drawn))
    monkeypatch.setattr(
        sys, "stdin", io.StringIO("1\n" * 18 + "2\n3\n" + "y\n" + "1\n" * 18 + "2\n3\n" + "n\n")
    )
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    assert cli.main(["play", "--opponents", "greedy", "--pace", "0"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Briscola · 2 players · first to 1 round"
    told = [i for i, line in enumerate(lines) if line.startswith("This match was seed")]
    assert [lines[i] for i in told] == [
        f"This match was seed {s}: briscola play --seed {s} deals it again." for s in (7, 50)
    ]
    assert lines[told[0] + 1].startswith("Play again? (y/n)")
    assert not any("seed" in line for line in lines[: told[0]])
