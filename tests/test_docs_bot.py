"""The bot of docs/write-a-bot.md is real: it is at most 30 lines, passes check-bot
and beats the random bot, at bisca too (it reads the card order from the turn)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_thirty_line_bot_plays(tmp_path: Path) -> None:
    text = (ROOT / "docs" / "write-a-bot.md").read_text(encoding="utf-8")
    code = re.search(r"```python\n(.*?)```", text, re.S)
    assert code is not None
    source = code.group(1)
    assert len([line for line in source.splitlines() if line.strip()]) <= 30
    bot = tmp_path / "thirty.py"
    bot.write_text(source)
    command = f"{sys.executable} {bot}"
    checked = subprocess.run(
        [sys.executable, "-m", "briscola", "check-bot", command],
        capture_output=True, text=True, timeout=240, check=False,
    )  # fmt: skip
    assert checked.returncode == 0, checked.stdout + checked.stderr
    arena = subprocess.run(
        [sys.executable, "-m", "briscola", "arena", f"cmd:{command}", "random", "--games", "20",
         "--seed", "30", "--json"],
        capture_output=True, text=True, timeout=240, check=False,
    )  # fmt: skip
    assert arena.returncode == 0, arena.stderr
    result = json.loads(arena.stdout)
    assert result["faults"] == 0 and result["failures"] == {}
    thirty = result["sides"][0]
    assert thirty["label"] == "thirty"  # its hello name
    assert thirty["wins"] > thirty["losses"], f"it should beat the random bot: {thirty}"
    # It reads the card order from the turn, so it plays bisca (the 7 second) as well.
    assert 'turn.get("variant")' in source
    bisca = subprocess.run(
        [sys.executable, "-m", "briscola", "arena", f"cmd:{command}", "random", "--games", "20",
         "--seed", "30", "--variant", "bisca", "--players", "3", "--strict", "--json"],
        capture_output=True, text=True, timeout=240, check=False,
    )  # fmt: skip
    assert bisca.returncode == 0, bisca.stderr
    thirty = json.loads(bisca.stdout)["sides"][0]
    assert thirty["wins"] > thirty["losses"], f"it should beat the random bot: {thirty}"
