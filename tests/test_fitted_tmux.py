"""``briscola stats`` and ``briscola replay`` at a 60-column terminal: every line is
broken between words, as the play screen's are; piped, lines stay whole."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

from test_prompt_tmux import TMUX, Pane, pytestmark  # noqa: F401  (tmux or skip)

from briscola.prompt.keep import Finished

LANGS = ("en", "es", "de")


def _history(data: Path) -> None:
    (data / "briscola").mkdir(parents=True)
    rows = [
        Finished(1.7e9 + i, ("expert", "greedy", "random")[i % 3], (2, 4, 6, 3)[i % 4],
                 ("italian", "brisca", "bisca")[i % 3], 1, ("won", "lost", "drawn")[i % 3],
                 61 + i, 59 - i).to_dict()
        for i in range(12)
    ]  # fmt: skip
    lines = "".join(json.dumps(r) + "\n" for r in rows)
    (data / "briscola" / "history.jsonl").write_text(lines)


def test_stats_and_replay_break_between_words_at_sixty_columns(tmp_path: Path) -> None:
    _history(tmp_path / "data")
    records = tmp_path / "records"
    subprocess.run(
        [sys.executable, "-m", "briscola", "arena", "random", "greedy", "--games", "1",
         "--players", "6", "--seed", "3", "--record", str(records)],
        capture_output=True, timeout=120, check=True,
    )  # fmt: skip
    record = "m.jsonl"  # short: a path longer than a line is cut like any such word
    (tmp_path / record).write_bytes(sorted(records.glob("*.jsonl"))[0].read_bytes())
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "LC_ALL": "C.UTF-8"}
    runs = [[cmd, "--lang", lang, *extra] for lang in LANGS
            for cmd, extra in (("stats", []), ("replay", [record]))]  # fmt: skip
    python = shlex.quote(sys.executable)
    script = "; ".join(
        f"{python} -m briscola {shlex.join(run)}; echo END-{n}" for n, run in enumerate(runs)
    )
    data = shlex.quote(env["XDG_DATA_HOME"])
    pane = Pane(f"cd {shlex.quote(str(tmp_path))}; export XDG_DATA_HOME={data} LC_ALL=C.UTF-8; "
                f"{script}; sleep 60", width=60, height=20)  # fmt: skip
    try:
        pane.wait(lambda: f"END-{len(runs) - 1}" in pane.history(), "every command's end")
        shown = pane.history()
    finally:
        pane.close()
    for n, run in enumerate(runs):
        piped = subprocess.run(
            [sys.executable, "-m", "briscola", *run], capture_output=True, text=True,
            env=env, cwd=tmp_path, timeout=60, check=True,
        ).stdout  # fmt: skip
        assert any(len(line) > 60 for line in piped.splitlines()), run  # whole when piped
        start = shown.index(f"END-{n - 1}") + len(f"END-{n - 1}") if n else 0
        rows = shown[start : shown.index(f"END-{n}")].strip("\n").splitlines()
        assert all(len(row) < 60 for row in rows), (run, rows)  # never the terminal's wrap
        assert "\n".join(rows).split() == piped.split(), run  # no word cut in two
