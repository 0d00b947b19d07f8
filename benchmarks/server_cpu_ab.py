"""The LAN server's CPU per move, two checkouts against each other (issue 28).

``python benchmarks/server_cpu_ab.py OLD NEW [--rounds 3] [--tables 100]`` runs
``nice -n 19 DIR/.venv/bin/briscola bench --server --json --tables N`` in each
checkout (each with its own virtual environment), one run at a time and
interleaved (old new, new old, old new...), so that whatever else loads the
machine falls on both alike.  What it compares is the server process's own CPU
time (user + system, from its ``getrusage``, which ``bench --server`` reports as
``server_cpu_s``) over the moves played: on a shared machine wall time says
more about the neighbours than about the server.  Printed: each run's figure
by scenario, the medians and their ratio.  An old checkout is made with
``git worktree add /tmp/old COMMIT`` and ``python3 -m venv .venv &&
.venv/bin/pip install -e .`` in it.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any


def run(checkout: Path, tables: int) -> list[dict[str, Any]]:
    argv = ["nice", "-n", "19", str(checkout / ".venv" / "bin" / "briscola"), "bench",
            "--server", "--json", "--tables", str(tables)]  # fmt: skip
    done = subprocess.run(argv, capture_output=True, text=True, check=True)
    runs: list[dict[str, Any]] = json.loads(done.stdout)
    return runs


def scenario(r: dict[str, Any]) -> str:
    experts = f", {r['expert_tables']} expert tables" if r["expert_tables"] else ""
    return f"think {r['think_ms']:.0f} ms{experts}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("--rounds", type=int, default=3, help="runs of each (default 3)")
    parser.add_argument("--tables", type=int, default=100, help="tables (default 100)")
    args = parser.parse_args()
    figures: dict[str, dict[str, list[float]]] = {}
    for i in range(args.rounds):
        for side in ("old", "new") if i % 2 == 0 else ("new", "old"):
            for r in run(getattr(args, side), args.tables):
                if r["matches_complete"] != r["tables"] or r["records_bad"]:
                    print(f"{side} run {i}: not every match completed: {r}", file=sys.stderr)
                    return 1
                per_move = r["server_cpu_s"] / max(1, r["moves"]) * 1e6
                figures.setdefault(scenario(r), {}).setdefault(side, []).append(per_move)
            print(f"run {i} {side} done", file=sys.stderr)
    print("| scenario | old µs/move | new µs/move | median old | median new | new/old |")
    print("|---|---|---|---|---|---|")
    for name, sides in figures.items():
        old, new = sides["old"], sides["new"]
        mo, mn = statistics.median(old), statistics.median(new)
        each = " | ".join(" ".join(f"{x:.0f}" for x in xs) for xs in (old, new))
        print(f"| {name} | {each} | {mo:.0f} | {mn:.0f} | {mn / mo:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
