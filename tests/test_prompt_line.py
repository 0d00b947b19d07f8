"""``briscola play`` on a pipe: plain lines, scripted, through a real subprocess and in-process."""

from __future__ import annotations

import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from briscola import cli
from briscola.engine.cards import LANGUAGES
from briscola.prompt import app
from briscola.prompt.app import SetupError, default_lang, split_specs
from briscola.signals import handlers

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
    assert "Trumpf: AM Münz-Ass · 34 Karten im Talon" in out
    assert "  Du spielst 5M Münz-Fünf" in out and "  Marco spielt 6C Kelch-Sechs" in out
    assert "  → Marco nimmt den Stich: " in out and "  → Du nimmst den Stich: keine Punkte" in out
    assert "Marco gewinnt die Partie (gewonnene Runden: du 0 · Marco 1)." in out
    assert "Startwert 8" in out and "Die laufende Partie verlassen? (j/n)" in out
    assert out.endswith("Du hast den Tisch verlassen.\n")


def test_in_process_play_puts_back_the_callers_signal_handlers(
    monkeypatch: pytest.MonkeyPatch, callers_handlers: dict[int, tuple[object, int | None]]
) -> None:
    """At both levels, Python's and the process's, however the game ends."""
    for script, code in (("quit\ny\n", 0), ("1\n", 1)):  # left, and input ended mid-match
        monkeypatch.setattr(sys, "stdin", io.StringIO(script))
        assert cli.main(["play", "--seed", "7", "--opponents", "greedy", "--pace", "0"]) == code
        assert handlers(*callers_handlers) == callers_handlers


def test_a_failing_bot_is_taken_over() -> None:
    done = play("1\n1\nquit\ny\n", "--opponents", "cmd:false")
    assert done.returncode == 0, done.stderr
    assert "Marco's program failed; a built-in" in done.stdout
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
    assert default_lang({"LANG": "es_ES.UTF-8"}) == "es"
    assert default_lang({"LC_MESSAGES": "pt_PT.UTF-8"}) == "pt"
    assert default_lang({"LANG": "pt_BR"}) == "pt"
    assert default_lang({}) in LANGUAGES


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


def test_six_players_and_the_39_card_pack_at_the_prompt() -> None:
    done = play("quit\ny\n", "--players", "6", "--pace", "0")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Luca (greedy): your partner, opposite you" in out
    assert "Giulia (greedy): against you, second on your right" in out
    assert "18 cards in the stock" in out  # 36 cards, 18 dealt
    done = play("quit\ny\n", "--players", "3", "--pack", "39", "--pace", "0")
    assert "Briscola · 3 players · 39 cards · first to 1 round · seed 7" in done.stdout
    assert "30 cards in the stock" in done.stdout
    done = play("", "--players", "2", "--pack", "39")
    assert done.returncode == 2 and "a 2-player table plays with 40 cards" in done.stderr


def test_the_settings_file_and_the_command_line_over_it(tmp_path: Path) -> None:
    config = tmp_path / "briscola" / "config.toml"
    config.parent.mkdir()
    config.write_text('lang = "it"\nfaces = "french"\nname = "Anna"\nlevel = "easy"\npace = 0\n')
    env = {"XDG_CONFIG_HOME": str(tmp_path)}
    done = play_env("quit\ny\n", env, "--seed", "7")
    out = done.stdout
    assert "livello facile" in out and "Marco (facile): contro di te" in out
    assert "  Giochi come Anna." in out and "5♦ Cinque di Quadri" in out
    done = play_env("quit\ny\n", env, "--seed", "7", "--lang", "de", "--level", "medium")
    assert "Stufe mittel" in done.stdout and "Marco (mittel): gegen dich" in done.stdout
    # The locale is the last word: rules and replay follow it (and the file) too.
    rules = subprocess.run(
        [sys.executable, "-m", "briscola", "rules"],
        capture_output=True, text=True, check=False, env={**os.environ, **env},
    )  # fmt: skip
    assert rules.stdout.startswith("BRISCOLA: LE REGOLE")
    config.write_text('pace = "fast"\n')
    done = play_env("", env)
    assert done.returncode == 2 and "config.toml: pace = 'fast'; expected 0 to 60" in done.stderr
    config.write_text("colour = 1\n")
    done = play_env("", env)
    assert done.returncode == 2 and "unknown setting 'colour'" in done.stderr


def play_env(script: str, env: dict[str, str], *extra: str) -> subprocess.CompletedProcess[str]:
    """``briscola play`` without the fixed options, under ``env``."""
    return subprocess.run(
        [sys.executable, "-m", "briscola", "play", *extra],
        input=script, capture_output=True, text=True, timeout=60, check=False,
        env={**os.environ, "LC_ALL": "C.UTF-8", **env},
    )  # fmt: skip


def test_rules_and_replay_follow_the_locale() -> None:
    env = {**os.environ, "LC_ALL": "de_DE.UTF-8"}
    run = [sys.executable, "-m", "briscola"]
    rules = subprocess.run([*run, "rules"], capture_output=True, text=True, env=env, check=False)
    assert rules.stdout.startswith("BRISCOLA: DIE REGELN")
    sample = str(Path(__file__).parent / "data" / "brisca_2p_exchange.jsonl")
    told = subprocess.run([*run, "replay", sample], capture_output=True, text=True, env=env)
    assert told.stdout.startswith("Briscola: 2 Spieler, Brisca (mit Tausch)")
    english = subprocess.run(
        [*run, "replay", sample, "--lang", "en"], capture_output=True, text=True, env=env
    )
    assert english.stdout.startswith("Briscola: 2 players")


def test_level_and_opponents_are_one_or_the_other(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert cli.main(["play", "--level", "easy", "--opponents", "greedy"]) == 2
    assert "give --level or --opponents, not both" in capsys.readouterr().err


def test_a_session_tally_hints_and_seen(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script = "seen\nhint\nhint\n" + "1\n" * 18 + "2\n3\n" + "y\n" + "1\n" * 18 + "2\n3\n" + "n\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    code = cli.main(["play", "--seed", "7", "--opponents", "greedy", "--pace", "0"])
    out = capsys.readouterr().out
    assert code == 0
    assert "Played this round, by suit:\n  Coins (trump): -\n" in out
    assert "  Aces and threes not yet seen: AC AS AB 3C 3D 3B" in out  # AD is face up, 3S mine
    assert out.count("  Hint: the expert's search recommends ") == 2 and "  2 hints used." in out
    assert re.search(r"This session: 2 matches, \d won, \d lost; points \d+ to \d+\.", out)
    assert "The biggest tricks:" in out
    monkeypatch.setattr(sys, "stdin", io.StringIO("hint\nquit\ny\n"))
    cli.main(["play", "--seed", "7", "--opponents", "greedy", "--no-hints"])
    assert "Hints are off in this match (--no-hints)." in capsys.readouterr().out


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_stops_the_bots_and_abandons_the_record(tmp_path: Path, sig: int) -> None:
    """SIGTERM or SIGHUP to play: the bot programs are stopped (not left to init), the
    record ends as abandoned, and the exit status is 128 + the signal."""
    pidfile, rec = tmp_path / "bot.pid", tmp_path / "m.jsonl"
    bot = Path(__file__).resolve().parent.parent / "examples" / "bots" / "simple_bot.py"
    command = f"sh -c 'echo $$ > {pidfile}; exec {sys.executable} {bot}'"
    proc = subprocess.Popen(
        [*PLAY[:-1], f"cmd:{command}", "--record", str(rec), "--pace", "0"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "LC_ALL": "C.UTF-8"},
    )  # fmt: skip
    assert proc.stdout is not None
    for line in proc.stdout:  # wait for the first prompt: the bot is up by then
        if line.startswith("play>"):
            break
    pid = int(pidfile.read_text())
    proc.send_signal(sig)
    assert proc.wait(20) == 128 + sig
    last = json.loads(rec.read_text().splitlines()[-1])
    assert last["type"] == "match_end" and last["reason"] == "abandoned"
    for _ in range(100):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.05)
    else:
        os.kill(pid, signal.SIGKILL)
        raise AssertionError("the bot program outlived play")


def test_an_opponent_program_that_cannot_run_is_refused_before_the_game() -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "briscola", "play", "--opponents", "cmd:/nonexistent/bot"],
        input="", capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 2 and "/nonexistent/bot does not exist" in done.stderr
    assert done.stdout == ""


@pytest.mark.parametrize(
    ("lang", "hint", "chance"),
    [
        ("en", "  Hint: the expert's search recommends ", r"you win the round \d+% of the time"),
        ("de", "  Tipp: die Suche des Experten empfiehlt ", r"gewinnst du die Runde in \d+ % der"),
        ("it", "  Suggerimento: la ricerca dell'esperto consiglia ", r"vincere la smazzata: \d+%"),
    ],
)
def test_a_hint_gives_the_chance_of_winning_and_the_points_in_words(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lang: str, hint: str,
    chance: str,
) -> None:  # fmt: skip
    monkeypatch.setattr(sys, "stdin", io.StringIO("hint\nquit\ny\n"))
    cli.main(["play", "--seed", "7", "--opponents", "greedy", "--lang", lang, "--target", "1"])
    out = capsys.readouterr().out
    line = next(t for t in out.splitlines() if t.startswith(hint))
    assert re.search(chance, line), line
    assert "margin" not in out and "Vorsprung am" not in out and "margine" not in out
    others = next(t for t in out.splitlines() if t.startswith(("  Other", "  Andere", "  Altre")))
    assert others.count("%") == 2  # the two other cards, each with its chance
