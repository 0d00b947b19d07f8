"""A resumed tournament checks who its players are: a program whose hello name, version
or files changed is refused, or played afresh with --restart-player NAME."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SIMPLE = (ROOT / "examples" / "bots" / "simple_bot.py").read_text()


def tournament(*args: str, status: int = 0) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [sys.executable, "-m", "briscola", "tournament", *args],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == status, done.stdout + done.stderr
    return done


def _named(bot: Path, name: str) -> None:
    """The example bot, saying hello as ``name``."""
    text = SIMPLE.replace('"name": "simple-py"', f'"name": "{name}"')
    assert text != SIMPLE
    bot.write_text(text)


def _rows(run: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (run / "results.jsonl").read_text().splitlines()]


def test_a_changed_player_is_refused_or_restarted(tmp_path: Path) -> None:
    bot, run = tmp_path / "nodino.py", tmp_path / "t"
    _named(bot, "nodino")
    spec = f"cmd:{sys.executable} {bot}"
    args = [spec, "greedy", "random", "--games", "2", "--seed", "1", "--record", str(run)]
    tournament(*args, "--json")
    held = json.loads((run / "tournament.json").read_text())["players"][spec]
    assert held["hello"] == "nodino" and str(bot) in held["files"]
    tournament(*args)  # the same bot: resumed, nothing to play
    _named(bot, "nodino-v2")  # the bot changed: its name and its file
    refused = tournament(*args, status=2)
    assert "players changed since the tournament began" in refused.stderr
    assert "hello name 'nodino', now 'nodino-v2'" in refused.stderr
    assert f"its file {bot} changed" in refused.stderr and "--restart-player" in refused.stderr
    before = _rows(run)
    again = json.loads(tournament(*args, "--restart-player", "nodino", "--json").stdout)
    assert again["complete"] and again["labels"][0] == "nodino-v2"
    after = _rows(run)
    assert len(after) == len(before) == 12
    # greedy against random was kept, line for line; the new bot's matches were new.
    kept = [r for r in before if spec not in (r["a"], r["b"])]
    assert [r for r in after if spec not in (r["a"], r["b"])] == kept
    assert json.loads((run / "tournament.json").read_text())["players"][spec]["hello"] == (
        "nodino-v2"
    )
    tournament(*args)  # and now it resumes without a word
    unknown = tournament(*args, "--restart-player", "carlo", status=2)
    assert "--restart-player 'carlo' is not a player of this tournament" in unknown.stderr
