"""arena --record DIR keeps results.jsonl (a line per match) and resumes from it as the
tournament does; --bots FILE defines the players of a league in one file."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from briscola.cli import main as cli_main

ROOT = Path(__file__).resolve().parent.parent
SIMPLE = ROOT / "examples" / "bots" / "simple_bot.py"
MISBEHAVE = f"{sys.executable} {ROOT / 'tests' / 'bots' / 'misbehave.py'}"


def run(capsys: pytest.CaptureFixture[str], *args: str, status: int = 0) -> Any:
    assert cli_main([*args, "--json"]) == status
    return json.loads(capsys.readouterr().out)


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def _figures(out: dict[str, Any]) -> Any:
    return [(s["wins"], s["draws"], s["losses"], s["point_diff"]) for s in out["sides"]], out.get(
        "pairs"
    )


def test_a_line_per_match_with_who_sat_where(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rec = tmp_path / "rec"
    crash = f"cmd:{MISBEHAVE} crash,name=crasher"
    out = run(capsys, "arena", crash, "greedy", "--games", "2", "--seed", "1", "--record",
              str(rec), status=1)  # fmt: skip
    rows = _lines(rec / "results.jsonl")
    assert len(rows) == out["matches"] == 4
    first = rows[0]
    assert (first["deal"], first["rotation"], first["seats"]) == (0, 0, ["crasher", "greedy"])
    assert rows[1]["seats"] == ["greedy", "crasher"] and first["sides"] == ["crasher", "greedy"]
    assert first["forfeit"] == 0 and first["winner"] == 1
    assert [f[1] for f in first["side_failures"]] == ["crashed"]
    assert Path(first["record"]).name == "deal00001-rot0.jsonl" and Path(first["record"]).exists()
    assert len(first["think"]) == 2 and first["think"][1]  # greedy's think times


def test_a_cut_run_resumes_and_gives_the_whole_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    args = ["arena", "greedy", "random", "--games", "4", "--seed", "7"]
    whole = run(capsys, *args)
    rec = tmp_path / "rec"
    run(capsys, *args, "--record", str(rec))
    results = rec / "results.jsonl"
    lines = results.read_text().splitlines()
    results.write_text("\n".join(lines[:3]) + "\n" + lines[3][:40])  # a kill mid-line
    again = run(capsys, *args[:-2], "--record", str(rec))  # the seed comes from the directory
    assert _figures(again) == _figures(whole) and again["seed"] == 7
    assert len(_lines(results)) == 8
    more = run(capsys, *args[:-4], "--games", "6", "--record", str(rec))  # adds two deals
    assert more["matches"] == 12 and len(_lines(results)) == 12


def test_ctrl_c_then_the_same_command_finishes_the_run(tmp_path: Path) -> None:
    rec = tmp_path / "rec"
    args = [sys.executable, "-m", "briscola", "arena", "expert:samples=20", "greedy",
            "--games", "6", "--seed", "2", "--record", str(rec), "--json"]  # fmt: skip
    arena = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        end = time.monotonic() + 60
        while time.monotonic() < end and not (rec / "results.jsonl").exists():
            time.sleep(0.05)
        while time.monotonic() < end and not (rec / "results.jsonl").read_text():
            time.sleep(0.05)  # a match is kept: stop the run in the middle
        arena.send_signal(signal.SIGINT)
        out, _ = arena.communicate(timeout=60)
    finally:
        arena.kill()
    first = json.loads(out)
    assert arena.returncode == (130 if first["interrupted"] else 0)  # else over before it
    done = subprocess.run(args, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    second = json.loads(done.stdout)
    assert second["matches"] == 12 and not second["interrupted"]
    assert len(_lines(rec / "results.jsonl")) == 12


def test_a_directory_of_another_run_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rec = tmp_path / "rec"
    run(capsys, "arena", "greedy", "random", "--games", "1", "--record", str(rec))
    with pytest.raises(SystemExit) as exc:
        cli_main(["arena", "greedy", "expert", "--games", "1", "--record", str(rec)])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "with other settings (specs [['greedy'], ['random']], not" in err
    (rec / "results.jsonl").unlink()  # records of a run, but nothing to resume them from
    with pytest.raises(SystemExit):
        cli_main(["arena", "greedy", "random", "--games", "1", "--record", str(rec)])
    assert "no results.jsonl to resume it from" in capsys.readouterr().err


def test_a_run_resumed_by_a_changed_program_is_refused(tmp_path: Path) -> None:
    """Issue 31 (6, 15): the arena resumes "as the tournament does", so it checks who its
    programs are too: a bot whose hello name or file changed under the same command
    had its old results shown under its new name."""
    bot, rec = tmp_path / "nodino.py", tmp_path / "rec"
    bot.write_text(SIMPLE.read_text())
    args = [sys.executable, "-m", "briscola", "arena", f"cmd:{sys.executable} {bot}",
            "greedy", "--games", "1", "--seed", "1", "--record", str(rec)]  # fmt: skip

    def arena(*more: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*args, *more], capture_output=True, text=True, timeout=120)

    assert arena().returncode == 0
    assert arena("--games", "2").returncode == 0  # the same program: resumed
    bot.write_text(SIMPLE.read_text().replace('"simple-py"', '"nodino-v2"'))
    refused = arena("--games", "3")
    assert refused.returncode == 2, refused.stdout + refused.stderr
    assert "players changed since the run began" in refused.stderr
    assert "hello name 'simple-py', now 'nodino-v2'" in refused.stderr
    assert f"its file {bot} changed" in refused.stderr
    assert len(_lines(rec / "results.jsonl")) == 4  # nothing was added


LEAGUE = """
[[bots]]
name = "carlo"
command = "{python} simple_bot.py"
cwd = "carlo"
tc = "30+0.1"

[[bots]]
name = "quick"
bot = "expert"
options = {{ samples = 20 }}

[[bots]]
name = "g"
bot = "greedy"
"""


def test_a_league_in_one_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "carlo").mkdir()
    (tmp_path / "carlo" / "simple_bot.py").write_text(SIMPLE.read_text())
    league = tmp_path / "league.toml"
    league.write_text(LEAGUE.format(python=sys.executable))
    os.chdir(ROOT)  # the bot's cwd comes from the file, not from here
    out = run(capsys, "tournament", "--bots", str(league), "--games", "1", "--anchor", "g")
    assert out["labels"] == ["carlo", "quick", "g"] and out["complete"]
    assert out["anchor"].endswith("name=g")
    assert "tc=30+0.1" in out["specs"][0] and out["pairings"][0]["failures"] == {}
    # Without --anchor, the league's plain greedy is the anchor, named or not.
    plain = run(capsys, "tournament", "g", "quick", "--bots", str(league), "--games", "1")
    assert plain["anchor"] == "greedy:name=g"
    arena = run(capsys, "arena", "carlo", "random", "--bots", str(league), "--games", "1")
    assert [s["label"] for s in arena["sides"]] == ["carlo", "random"]
    as_json = tmp_path / "league.json"
    bots = [{"name": "a", "bot": "random"}, {"name": "b", "bot": "greedy", "tc": 30}]
    as_json.write_text(json.dumps({"bots": bots}))
    both = run(capsys, "arena", "--bots", str(as_json), "--games", "1")
    assert [s["label"] for s in both["sides"]] == ["a", "b"]


@pytest.mark.parametrize(
    ("text", "told"),
    [
        ('[[bots]]\nname = "a"\nbot = "greedy"\ncolour = 1', "unknown field 'colour'"),
        ('[[bots]]\nname = "a"\nbot = "greedy"\ncommand = "x"', "either 'command'"),
        ('[[bots]]\nname = "a b"\nbot = "greedy"', "no spaces or commas"),
        ('[[bots]]\nname = "a"\nbot = "greedy"\n[[bots]]\nname = "a"\nbot = "random"',
         "the name 'a' is taken"),
        ('[[bots]]\nname = "a"\nbot = "expert"\noptions = { bogus = 1 }', "unknown option"),
        ('[[bots]]\nname = "a"\ncommand = "./nope.sh"\ncwd = "gone"', "does not exist"),
        ('[[bots]]\nname = "a"\nbot = "greedy"\ntc = "fast"', "bad tc="),
        ("bots = 3", "expected a list 'bots'"),
        ("[[bots]\n", "not TOML"),
    ],
)  # fmt: skip
def test_a_bad_bots_file_is_refused_clearly(
    text: str, told: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    league = tmp_path / "league.toml"
    league.write_text(text)
    with pytest.raises(SystemExit) as exc:
        cli_main(["arena", "--bots", str(league), "--games", "1"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert told in err and "Traceback" not in err
