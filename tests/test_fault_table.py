"""The fault table of docs/arena.md ("Every fault, every tool"), row by row, from real
runs of the Node example bot with one ``--fault`` at a time: what ``arena`` counts
and exits with, and what ``check-bot`` exits with.  ``join --bot``'s column is
tests/test_relay_faults.py; the tournament plays its pairings with the arena's host.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NODE_BOT = f"node {ROOT / 'examples' / 'bots' / 'simple_bot.js'}"

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")

# fault: (arena's exit status, its faults by code, its failures by code; check-bot's status)
TABLE: dict[str, tuple[int, dict[str, int], dict[str, int], int]] = {
    "illegal": (0, {"illegal_move": 1}, {}, 1),
    "malformed": (0, {"bad_json": 1}, {}, 1),
    "debug": (0, {"bad_json": 1, "unknown_id": 1}, {}, 1),
    "twice": (0, {"unknown_id": 1}, {}, 1),
    "slow": (1, {}, {"timeout": 1}, 1),  # the late answer is no fault on top
    "crash": (1, {}, {"crashed": 1}, 1),
    "exit-before-hello": (2, {}, {}, 2),
    "protocol2": (2, {}, {}, 2),
    "ignore-bye": (0, {}, {}, 1),
}


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    argv = [sys.executable, "-m", "briscola", *args]
    return subprocess.run(argv, capture_output=True, text=True, timeout=120, cwd=ROOT)


@pytest.mark.parametrize("fault", sorted(TABLE))
def test_every_fault_reads_as_the_docs_table_says(fault: str) -> None:
    status, faults, failures, checked = TABLE[fault]
    bot = f"{NODE_BOT} --fault {fault}"
    done = _run("arena", f"cmd:{bot}", "greedy", "--games", "1", "--no-duplicate",
                "--move-ms", "300", "--seed", "1", "--json")  # fmt: skip
    assert done.returncode == status, done.stdout + done.stderr
    if status == 2:  # before any match, with what went wrong
        assert "did not start: " in done.stderr and "Traceback" not in done.stderr
    else:
        side = json.loads(done.stdout)["sides"][0]
        assert {code: n["count"] for code, n in side["faults"].items()} == faults
        assert {code: n["count"] for code, n in side["failures"].items()} == failures
    if fault == "ignore-bye":
        assert "simple-js: did not exit after bye and the end of its input; stopped with " \
            "SIGTERM" in done.stderr  # fmt: skip
    done = _run("check-bot", bot, "--players", "2", "--variant", "italian", "--move-ms", "300")
    assert done.returncode == checked, done.stdout + done.stderr
    assert "FAIL  " in done.stdout and "Traceback" not in done.stderr


def test_a_bot_that_ignores_hello_stops_check_bot_with_status_2() -> None:
    bot = f"{NODE_BOT} --fault ignore-hello"
    done = _run("check-bot", bot, "--handshake-ms", "500", "--players", "2")
    assert done.returncode == 2, done.stdout + done.stderr
    assert "FAIL  handshake: timeout: simple_bot did not answer hello id 1" in done.stdout
