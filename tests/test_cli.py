"""The command line: version, help, bad arguments, rules, replay, and the last-resort guard."""

from __future__ import annotations

import argparse
import io
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from briscola import __version__, cli
from briscola.bots import make_bot
from briscola.engine.cards import FACES
from briscola.engine.observation import Observation
from briscola.engine.records import Record
from briscola.engine.rules import TableRules
from briscola.players import Bot
from briscola.table import run_match
from briscola.words.rules_text import RULES, rules_text

DATA = Path(__file__).parent / "data"
BRISCA = DATA / "brisca_2p_exchange.jsonl"
FORFEIT = DATA / "italian_4p_forfeit.jsonl"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def usage_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit) as info:
        cli.main(list(argv))
    assert info.value.code == 2
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        cli.main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.strip() == f"briscola {__version__}"


def test_no_command_prints_help_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys)
    assert code == 2
    assert out.startswith("usage: briscola") and "replay" in out and "rules" in out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["dance"], "invalid choice: 'dance'"),
        (["rules", "--lang", "fr"], "invalid choice: 'fr'"),
        (["replay"], "the following arguments are required: file"),
        (["replay", "x.jsonl", "--faces", "german"], "invalid choice: 'german'"),
        (["--frobnicate"], "unrecognized arguments: --frobnicate"),
    ],
)
def test_bad_arguments_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    err = usage_error(capsys, *argv)
    assert words in err and err.startswith("usage: briscola")


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["BRISCOLA: THE RULES", "no duty to follow suit", "Knight or Jack", "AD is"]),
        (
            "de",
            ["BRISCOLA: DIE REGELN", "Farb- noch Trumpf-", "Reiter oder Bube", "AM steht"],
        ),
        ("it", ["BRISCOLA: LE REGOLE", "rispondere al", "Cavallo o Fante", "AD sta"]),
        ("es", ["BRISCA: LAS REGLAS", "asistir al", "Rey, Caballo o Sota", "decir As de Oros"]),
        # Portuguese names the Portuguese pack by default: its Valete is worth 3.
        (
            "pt",
            ["BISCA E BRISCOLA: REGRAS DO JOGO", "Valete 3, Dama 2", "C ♥ Copas", "VE, Valete de"],
        ),
    ],
)
def test_rules(capsys: pytest.CaptureFixture[str], lang: str, words: list[str]) -> None:
    code, out, _ = run(capsys, "rules", "--lang", lang)
    assert code == 0 and out == rules_text(lang)
    for w in words:
        assert w in out


def test_rules_default_is_english(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "rules")[1] == rules_text("en")
    assert run(capsys, "rules", "--lang", "pt")[1] == rules_text("pt", "portuguese")
    assert "A Ás, S Sota, V Cavalo" in run(capsys, "rules", "--lang", "pt", "--faces", "italian")[1]
    french = run(capsys, "rules", "--lang", "de", "--faces", "french")[1]
    assert "Farben: H ♥ Herz, R ♦ Karo, P ♠ Pik, T ♣ Kreuz." in french
    with pytest.raises(ValueError, match="expected one of en, de, it, es, pt"):
        rules_text("fr")


def test_the_rules_name_the_figures_of_the_pack_in_use() -> None:
    """The order, the points and the exchange name the pack asked for: with Portuguese
    faces its Jack is the 3-point card, with no "Knight (Queen)" beside a Jack worth 3."""
    pt_en = " ".join(rules_text("en", "portuguese").split())
    assert "high to low: Ace, 3, King, Jack, Queen, 7, 6, 5, 4, 2." in pt_en
    assert "Points: Ace 11, 3 10, King 4, Jack 3, Queen 2," in pt_en
    assert "card is an Ace, 3, King, Jack or Queen;" in pt_en
    assert "Order: Ace, 7, King, Jack, Queen, 6, 5, 4, 3, 2." in pt_en
    assert "Knight (Queen)" not in pt_en
    fr_it = " ".join(rules_text("it", "french").split())
    assert "dalla più alta: Asso, 3, Re, Donna, Fante, 7" in fr_it and "Donna 3, Fante 2" in fr_it
    fr_pt = " ".join(rules_text("pt", "french").split())
    assert "Rei 4, Dama 3, Valete 2" in fr_pt
    es_en = rules_text("en", "spanish")
    assert "Knight 3, Jack 2" in es_en and "Sota" not in es_en and "Oros" not in es_en


def test_rules_say_the_same_in_every_language() -> None:
    """Every number and card code of the English text appears as often in the others,
    so a translation cannot drop a table, a point value or an exchange condition."""

    def facts(text: str) -> Counter[str]:
        return Counter(re.findall(r"\d+|\b[A2-7JQK][CDSB]\b", text))

    english = facts(RULES["en"])
    assert english["120"] == 1 and english["61"] >= 3
    for lang in RULES:
        assert facts(RULES[lang]) == english, lang
        for faces in FACES:
            text = rules_text(lang, faces)  # type: ignore[arg-type]
            assert max(len(line) for line in text.splitlines()) <= 80


def test_replay_tells_the_match(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "replay", str(BRISCA))
    assert code == 0
    lines = out.splitlines()
    assert (
        lines[0] == "Briscola: 2 players, brisca (with the exchange), first to 1 won round; seed 2"
    )
    assert "  Trick 1: Bruno Five of Cups, Anna Jack of Cups -> Anna (2 points)" in lines
    assert "  Bruno exchanges Two of Batons for the face-up Six of Batons" in lines
    assert "Round 1 over: Anna 25, Bruno 95. Bruno wins the round. Rounds won: 0-1" in lines
    assert sum(line.startswith("  Trick ") for line in lines) == 20
    assert lines[-1].startswith(f"OK: {BRISCA}: a consistent record, 102 lines")


@pytest.mark.parametrize(
    ("lang", "faces", "line"),
    [
        ("de", "french", "  Stich 1: Bruno Herz-Fünf, Anna Herz-Bube -> Anna (2 Punkte)"),
        (
            "it",
            "spanish",
            "  Presa 1: Bruno Cinque di Coppe, Anna Fante di Coppe -> Anna (2 punti)",
        ),
        (
            "it",
            "italian",
            "  Presa 1: Bruno Cinque di Coppe, Anna Fante di Coppe -> Anna (2 punti)",
        ),
    ],
)
def test_replay_languages_and_faces(
    capsys: pytest.CaptureFixture[str], lang: str, faces: str, line: str
) -> None:
    code, out, _ = run(capsys, "replay", str(BRISCA), "--lang", lang, "--faces", faces)
    assert code == 0 and line in out.splitlines()


def test_replay_of_a_forfeit(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "replay", str(FORFEIT))
    assert code == 0
    assert "  Fault by Carla: timeout: no answer within move_ms" in out
    assert "    -> the match is forfeited by Anna & Carla" in out
    assert "Match over (fault): Bruno & Dario win; rounds won 1-0" in out
    assert "  Unfinished trick: Bruno Three of Coins" in out


def test_replay_of_a_real_bot_process_with_info_and_refusals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Recorded by the arena from tests/bots/misbehave.py chatty over the protocol."""
    code, out, _ = run(capsys, "replay", str(DATA / "italian_2p_chatty_bot.jsonl"), "--lang", "de")
    assert code == 0
    lines = out.splitlines()
    assert "  chatty-bot sagt: turn 1" in lines
    assert "    -> abgelehnt; der Platz wurde erneut gefragt" in lines
    assert lines[-1].startswith("OK: ")


def test_replay_of_an_abandoned_match(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    class Leaves(Bot):
        def choose(self, obs: Observation) -> Any:
            if len(obs.played) == 4:
                raise KeyboardInterrupt  # the person walked away
            return obs.legal[0]

    path = tmp_path / "left.jsonl"
    with path.open("w") as f, pytest.raises(KeyboardInterrupt):
        run_match(TableRules(), [Leaves(), make_bot("greedy")], seed=2, record=Record(f))
    code, out, _ = run(capsys, "replay", str(path), "--lang", "it")
    assert code == 0
    assert "Partita finita (interrotta): nessun vincitore; smazzate vinte 0-0" in out
    assert "  Presa 4: " in out and "  Presa 5: " not in out
    assert "Perché è finita" not in out  # a record that says no why: none told
    # The server writes why a table stopped its match (deserted): the replay says it.
    lines = path.read_text().splitlines()
    end = json.loads(lines[-1])
    end["why"] = "deserted: no person seated, nobody watching and the creator gone"
    path.write_text("\n".join([*lines[:-1], json.dumps(end)]) + "\n")
    code, out, _ = run(capsys, "replay", str(path), "--lang", "it")
    assert code == 0
    assert (
        "  Perché è finita: deserted: no person seated, nobody watching and the creator gone"
        in out.splitlines()
    )


def test_replay_check_prints_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "replay", "--check", str(FORFEIT))
    assert code == 0 and err == ""
    assert out.splitlines() == [
        f"OK: {FORFEIT}: a consistent record, 121 lines, 1 round; won by Bruno & Dario (fault)"
    ]


def tampered(tmp_path: Path) -> tuple[Path, int]:
    lines = BRISCA.read_text().splitlines()
    i = next(i for i, x in enumerate(lines) if json.loads(x)["type"] == "trick")
    trick = json.loads(lines[i])
    trick["winner"] = 1 - trick["winner"]
    lines[i] = json.dumps(trick)
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path, i + 1


def test_replay_of_a_tampered_record_exits_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path, no = tampered(tmp_path)
    code, out, err = run(capsys, "replay", str(path))
    assert code == 1
    assert f"line {no}: trick: winner is 1, expected 0" in err
    assert "Trick 1:" not in out and out.splitlines()[-1].startswith("INVALID:")
    code, out, err = run(capsys, "replay", "--check", str(path), "--lang", "de")
    assert code == 1 and out.startswith("INVALID:") and f"line {no}:" in err


def test_replay_of_an_unfinished_record_says_so_and_exits_0(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Whole lines of a match not over yet (one in progress, or paused by a server):
    every line is right, so not INVALID; but it is not over either."""
    path = tmp_path / "cut.jsonl"
    path.write_bytes(b"".join(BRISCA.read_bytes().splitlines(keepends=True)[:50]))
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0 and "unfinished: " in out and "ends before the match is over" in out
    assert "Trick 1:" in out and "INVALID" not in out  # what was there is still told
    code, out, _ = run(capsys, "replay", "--check", str(path))
    assert code == 0 and out.startswith("unfinished: ")


def test_replay_of_a_torn_record_exits_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "torn.jsonl"
    lines = BRISCA.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join(lines[:50]) + lines[50][:9])
    code, out, err = run(capsys, "replay", "--check", str(path))
    assert code == 1 and "INVALID" in out and "line 51: bad JSON" in err


def test_replay_reads_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(BRISCA.read_bytes())))
    code, out, _ = run(capsys, "replay", "-", "--check")
    assert code == 0 and out.startswith("OK: standard input: ")


def test_replay_of_a_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "replay", str(tmp_path / "nope.jsonl"))
    assert code == 1 and "cannot read" in err and "No such file" in err
    code, _, err = run(capsys, "replay", str(tmp_path))
    assert code == 1 and "cannot read" in err


def test_the_guard_turns_crashes_into_messages(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import briscola.words.rules_text as mod

    def boom(args: object) -> int:
        raise RuntimeError("something broke")

    monkeypatch.setattr(mod, "main", boom)
    code, _, err = run(capsys, "rules")
    assert code == 1 and "Traceback" not in err
    assert "briscola rules: internal error: RuntimeError: something broke" in err
    with pytest.raises(RuntimeError):
        cli.main(["--debug", "rules"])

    def usage(args: object) -> int:
        raise cli.UsageError("these options do not go together")

    monkeypatch.setattr(mod, "main", usage)
    err = usage_error(capsys, "rules")
    assert "briscola rules: error: these options do not go together" in err

    def interrupted(args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(mod, "main", interrupted)
    code, _, err = run(capsys, "rules")
    assert code == 130 and "interrupted" in err


def test_the_real_command() -> None:
    def briscola(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "briscola", *args], capture_output=True, text=True, timeout=60
        )

    done = briscola("--version")
    assert done.returncode == 0 and done.stdout.strip() == f"briscola {__version__}"
    done = briscola()
    assert done.returncode == 2 and done.stdout.startswith("usage: briscola")
    done = briscola("rules", "--lang", "xx")
    assert done.returncode == 2 and "invalid choice" in done.stderr
    assert "Traceback" not in done.stderr
    done = briscola("replay", "--check", str(BRISCA))
    assert done.returncode == 0 and done.stdout.startswith("OK: ")


def test_the_man_page_names_every_command_and_option() -> None:
    page = (Path(__file__).parent.parent / "man" / "briscola.1").read_text()
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert sub.choices
    for name, p in sub.choices.items():
        assert f'.SS "briscola {name.replace("-", chr(92) + "-")}' in page, name
        for action in p._actions:
            for opt in action.option_strings:
                if opt.startswith("--") and opt != "--help":
                    assert opt.replace("-", "\\-") in page, (name, opt)
    for section in ("NAME", "SYNOPSIS", "DESCRIPTION", "FILES", "EXIT STATUS", "EXAMPLES"):
        assert f".SH {section}" in page


def test_replay_check_takes_many_files_and_a_folder(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "a.jsonl").write_bytes(BRISCA.read_bytes())
    lines = FORFEIT.read_bytes().splitlines(keepends=True)
    (tmp_path / "b.jsonl").write_bytes(b"".join(lines[:5] + lines[6:]))  # one line lost
    (tmp_path / "notes.txt").write_text("not a record")
    code, out, err = run(capsys, "replay", "--check", str(tmp_path), str(FORFEIT))
    assert code == 1
    got = out.splitlines()
    assert len(got) == 3
    assert got[0].startswith(f"OK: {tmp_path / 'a.jsonl'}: ")
    assert got[1].startswith(f"INVALID: {tmp_path / 'b.jsonl'}: ")
    assert got[2].startswith(f"OK: {FORFEIT}: ")
    assert err.startswith(f"briscola replay: {tmp_path / 'b.jsonl'}: ")
    code, out, err = run(capsys, "replay", "--check", str(BRISCA), str(FORFEIT))
    assert code == 0 and len(out.splitlines()) == 2 and err == ""


def test_replay_without_check_tells_one_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(capsys, "replay", str(BRISCA), str(FORFEIT))
    assert code == 2 and out == "" and "use --check to check many" in err
    code, out, err = run(capsys, "replay", "--check", str(tmp_path))
    assert code == 1 and "a folder with no *.jsonl records" in err
