"""A bot author's buggy bot through arena, tournament and check-bot: every planted bug
is told, by side and code, with where it first happened; a program that cannot start
stops the run with its stderr; names, think times, progress and the wire's log."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from briscola.engine.game import Round
from briscola.engine.observation import observe
from briscola.engine.rules import TableRules
from briscola.protocol.messages import turn_message

ROOT = Path(__file__).resolve().parent.parent
BUGGY = f"{sys.executable} {ROOT / 'tests' / 'bots' / 'buggy.py'}"
PLANTED = f"cmd:{BUGGY} debug,stale,late"
FAST = ["--games", "1", "--seed", "5", "--move-ms", "300"]  # one deal: two matches


def briscola(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "briscola", *args],
        capture_output=True, text=True, timeout=120, cwd=ROOT, check=False,
    )  # fmt: skip


def test_one_run_tells_every_planted_bug(tmp_path: Path) -> None:
    rec = tmp_path / "rec"
    done = briscola("arena", PLANTED, "greedy", *FAST, "--record", str(rec), "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    buggy, greedy = out["sides"]
    assert (buggy["label"], greedy["label"]) == ("buggy", "greedy")
    # Each bug once a match: the debug line (and its answer, now late for the fresh
    # turn), the stale card.  Recovered, so no failure.
    assert {code: v["count"] for code, v in buggy["faults"].items()} == {
        "bad_json": 2, "illegal_move": 2, "unknown_id": 2,
    }  # fmt: skip
    assert out["faults"] == 6 and buggy["failures"] == {} and greedy["faults"] == {}
    first = buggy["faults"]["bad_json"]["first"]
    assert (
        "debug: playing" in first["message"] and "debug output goes to stderr" in first["message"]
    )
    assert (first["deal"], first["rotation"]) == (1, 0) and isinstance(first["seed"], int)
    faults = [json.loads(line) for line in Path(first["record"]).read_text().splitlines()]
    assert any(f["type"] == "fault" and f["message"] == first["message"] for f in faults)
    think = buggy["think_ms"]
    assert think["answers"] >= 20 and think["late"] == 2  # the late answer of each match
    assert 0 < think["p50"] <= think["p99"] <= think["max"] and think["mean"] > 0
    # A built-in bot is timed too (the clock around its move): no late answers, and
    # quicker than the planted sleeper.
    assert greedy["think_ms"]["answers"] >= 20 and greedy["think_ms"]["late"] == 0
    assert greedy["think_ms"]["p50"] < think["p99"]
    assert out["elapsed_s"] > 0 and out["matches_per_s"] > 0

    text = briscola("arena", PLANTED, "greedy", *FAST)
    assert text.returncode == 0, text.stderr
    lines = text.stdout.splitlines()
    assert "buggy: faults 6" in lines
    told = {line.split(",")[0].strip() for line in lines if line.startswith("  fault ")}
    assert told == {"fault bad_json x2", "fault illegal_move x2", "fault unknown_id x2"}
    assert any(
        line.startswith("  fault bad_json x2, first in deal 1 rotation 0 (seed ") for line in lines
    )
    assert any(line.startswith("  buggy ") and "2 late" in line for line in lines)
    assert lines[-1].startswith("time: ")


def test_strict_makes_every_fault_a_failure_and_the_exit_status_1() -> None:
    done = briscola("arena", PLANTED, "greedy", *FAST, "--strict", "--json")
    assert done.returncode == 1, done.stderr
    buggy = json.loads(done.stdout)["sides"][0]
    assert buggy["losses"] == 2 and list(buggy["failures"]) == ["bad_json"]
    assert "--strict" in buggy["failures"]["bad_json"]["first"]["message"]
    clean = briscola("arena", f"cmd:{BUGGY} none", "greedy", *FAST, "--strict", "--json")
    assert clean.returncode == 0, clean.stderr


@pytest.mark.parametrize("bug", ["crash_start", "missing"])
def test_a_program_that_cannot_start_stops_every_command(bug: str, tmp_path: Path) -> None:
    if bug == "missing":
        command, told = f"{sys.executable} {tmp_path / 'carl.py'}", "can't open file"
    else:
        command, told = f"{BUGGY} crash_start", "Error: Cannot find module '/bots/carl.js'"
    for args in (
        ("arena", f"cmd:{command}", "greedy", "--games", "5"),
        ("tournament", f"cmd:{command}", "greedy", "random", "--games", "5"),
    ):
        done = briscola(*args)
        assert done.returncode == 2, done.stdout + done.stderr
        assert done.stdout == ""  # not a match was played
        assert "must start and answer hello before the first match" in done.stderr
        assert told in done.stderr and "Traceback" not in done.stderr
        if bug == "crash_start":  # the first error line and the tail, four lines apart
            assert "    Node.js v20" in done.stderr and "at frame 7" in done.stderr
    checked = briscola("check-bot", command)
    assert checked.returncode == 2
    assert "FAIL  handshake: crashed:" in checked.stdout and told in checked.stdout


def test_names_from_the_spec_and_from_hello(tmp_path: Path) -> None:
    rec = tmp_path / "rec"
    hello, named = f"cmd:{BUGGY} none carlo", f"cmd:{BUGGY} none,name=mine"
    done = briscola("arena", hello, named, "--games", "1", "--record", str(rec), "--json")
    assert done.returncode == 0, done.stderr
    assert [s["label"] for s in json.loads(done.stdout)["sides"]] == ["carlo", "mine"]
    header = json.loads((rec / "deal00001-rot1.jsonl").read_text().splitlines()[0])
    assert header["names"] == ["mine", "carlo"]
    twins = json.loads(briscola("arena", "greedy", "greedy", "--games", "1", "--json").stdout)
    assert [s["label"] for s in twins["sides"]] == ["greedy", "greedy#2"]
    t = briscola("tournament", hello, "greedy", "random:name=rnd", "--games", "1", "--seed", "2")
    assert t.returncode == 0, t.stderr
    table = t.stdout.split("crosstable")[1].split("\n\n")[0].splitlines()[1:]
    assert table[0].split() == ["greedy", "carlo", "rnd"] or sorted(table[0].split()) == [
        "carlo", "greedy", "rnd",
    ]  # fmt: skip
    assert len({len(line) for line in table}) == 1  # aligned: every row as wide
    assert "cmd:" not in t.stdout


def test_progress_lines_when_piped_and_the_wire_in_the_log(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    args = ("--games", "3", "--report-every", "2", "--log-level", "debug", "--bot-log", str(logs))
    done = briscola("arena", f"cmd:{BUGGY} none", "greedy", *args, "--json")
    assert done.returncode == 0, done.stderr
    json.loads(done.stdout)  # stdout holds the result only
    progress = [line for line in done.stderr.splitlines() if line.startswith("[")]
    assert [p.split("]")[0] for p in progress] == ["[2/6", "[4/6"]
    assert all(" Elo " in p and "matches/s" in p for p in progress)
    assert 'buggy-1 >> {"type":"hello"' in done.stderr  # every line, at debug
    files = sorted(p.name.rsplit("-", 1)[0] for p in logs.iterdir())
    # The process that said hello before the run (named after the spec), then the
    # one that played every match (after its hello name).
    assert files == ["buggy-1", "buggy-start"]  # the script file name, not its last word
    # Seeded: who leads the ratings is the deals' doing (unseeded, random beat greedy
    # in one suite run), and the line is checked for its form, whoever leads.
    t = briscola("tournament", "greedy", "random", "random:seed=1", "--games", "1",
                 "--report-every", "2", "--seed", "1")  # fmt: skip
    lines = t.stderr.splitlines()
    assert [line[:5] for line in lines] == ["[2/6]", "[4/6]"]
    for line in lines:
        assert line[6:].startswith("ratings so far: ") and "greedy 0" in line, line
        assert "random " in line and "random:seed=1 " in line, line


@pytest.mark.parametrize(("players", "variant"), [(6, "bisca"), (3, "italian")])
def test_turn_tells_the_table(players: int, variant: str) -> None:
    rules = TableRules(players=players, variant=variant)  # type: ignore[arg-type]
    r = Round(rules, list(rules.deck), dealer=0)
    msg: dict[str, Any] = turn_message(observe(r, r.to_move), 7, 1000)
    assert msg["variant"] == variant and msg["pack"] == 36 and msg["seat"] == r.to_move
    teams = [[0, 3], [1, 4], [2, 5]] if players == 6 else [[0], [1], [2]]
    assert msg["teams"] == teams
