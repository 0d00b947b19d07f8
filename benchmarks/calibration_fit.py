"""Fit the advice's calibration map on some rounds, check it on others.

``python benchmarks/calibration_fit.py --fit A.json ... [--check B.json ...] [--cross]``

Each file is the output of ``briscola bench --calibration N --raw --json``
(the search's own chances at every choice, and whether the side won).  From
the ``--fit`` files it fits one map per table size and stage of the round
(:func:`~briscola.lab.calibration.fit`, ``--bins`` groups a stage) and prints
it as the ``CALIBRATION`` of ``briscola/bots/calibration.py``.  On the
``--check`` files (other seeds: rounds the map never saw) it prints the
reliability table of the chances mapped as ``hint`` states them, which is
what ``briscola bench --calibration`` prints for those rounds once the map is
in the code (the map does not change play), and the Brier score and worst
decile of the raw chances, of the map in the code, and of the fitted one.
With ``--cross`` every seed of the ``--fit`` files is held out in turn: its
rounds told by the map fitted on the other seeds' rounds, and the reliability
table of every seed's rounds so told, pooled (a check on more rounds than one
seed holds, of a way of fitting rather than of one map).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from briscola.bots.calibration import CALIBRATION, STAGES, Maps, calibrate
from briscola.lab.calibration import Calibration, Point, fit, format_calibration


def load(paths: Sequence[str]) -> list[Point]:
    points: list[Point] = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            run = json.load(f)
        if not run.get("raw"):
            sys.exit(f"{path}: not a --raw run: its chances are already mapped")
        base = 1 + max((p[3] for p in points), default=-1)  # rounds stay apart across files
        for n, p, won, r, left, exact in run["points"]:
            points.append((n, p, won, base + r, left, exact))
    return points


def fit_maps(points: Sequence[Point], bins: int, least: int) -> Maps:
    maps: dict[int, tuple[tuple[tuple[float, float], ...], ...]] = {}
    for players in sorted({p[0] for p in points}):
        by_stage: list[list[tuple[float, int]]] = [[] for _ in range(STAGES)]
        for n, p, won, _, left, exact in points:
            if n == players and not exact:  # exact chances are told as they are
                by_stage[min(STAGES - 1, int((1 - left) * STAGES))].append((p, won))
        maps[players] = tuple(fit(chosen, bins, least) for chosen in by_stage)
    return maps


def mapped(points: Sequence[Point], table: Maps) -> Calibration:
    out = Calibration(rounds=len({p[3] for p in points}))
    for n, p, won, r, left, exact in points:
        out.points.append((n, p if exact else calibrate(p, n, left, table), won, r, left, exact))
    return out


def cross(paths: Sequence[str], bins: int, least: int) -> tuple[Calibration, list[str]]:
    """Each seed's rounds mapped by the map fitted on the other seeds', pooled; and a
    line a seed naming its worst decile at each table size."""
    by_seed: dict[str, list[str]] = {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            by_seed.setdefault(str(json.load(f).get("seed", path)), []).append(path)
    if len(by_seed) < 2:
        sys.exit("--cross needs --fit runs of two seeds or more")
    pooled, lines = Calibration(), []
    for seed, held in by_seed.items():
        others = [p for s, group in by_seed.items() if s != seed for p in group]
        told = mapped(load(held), fit_maps(load(others), bins, least))
        sizes = sorted({p[0] for p in told.points})
        lines.append(f"seed {seed}: " + ", ".join(f"{n}: {worst(told, n)}" for n in sizes))
        pooled.points += [(n, p, w, pooled.rounds + r, x, e) for n, p, w, r, x, e in told.points]
        pooled.rounds += told.rounds
    return pooled, lines


def worst(c: Calibration, players: int | None) -> str:
    row = c.worst(players)
    if row is None:
        return "-"
    gap = 100 * (row["observed"] - row["stated"])
    z = f"{gap / (100 * row['se']):+.1f} se" if row["se"] else "se 0"
    return f"{gap:+.1f} ({10 * row['bin']}-{10 * row['bin'] + 10}%: {row['count']}, {z})"


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fit", nargs="+", required=True, help="raw runs to fit the map on")
    ap.add_argument("--check", nargs="*", default=[], help="raw runs of other seeds")
    ap.add_argument(
        "--cross", action="store_true", help="hold each seed of the --fit runs out in turn"
    )
    ap.add_argument("--bins", type=int, default=20, help="bins of chances a stage")
    ap.add_argument("--least", type=int, default=100, help="positions a bin at least")
    args = ap.parse_args(argv)
    maps = fit_maps(load(args.fit), args.bins, args.least)
    print("CALIBRATION: Maps = {")
    for size, stages in maps.items():
        print(f"    {size}: (")
        for knots in stages:
            pairs = [f"({x:.3f}, {y:.3f})" for x, y in knots]
            print("        (")
            for i in range(0, len(pairs), 5):
                print("            " + ", ".join(pairs[i : i + 5]) + ",")
            print("        ),")
        print("    ),")
    print("}")
    if args.cross:
        pooled, lines = cross(args.fit, args.bins, args.least)
        print("\nEach seed held out (mapped as fitted on the others): worst decile by table")
        print("\n".join(lines))
        raw = mapped(load(args.fit), {})
        sizes = sorted({p[0] for p in pooled.points})
        print("\nEvery seed held out, pooled: Brier score raw, then mapped")
        for players in [*sizes, None]:
            both = f"{raw.brier(players) or 0:.4f}  {pooled.brier(players) or 0:.4f}"
            print(f"{players or 'all':<6} {both}")
        print(format_calibration(pooled, sizes).split("\n", 1)[1])
        exact = Calibration(points=[p for p in pooled.points if p[5] and 0 < p[1] < 1])
        print("\nOf those, the exact chances between 0 and 1 (told as they are):")
        for players in sorted({p[0] for p in exact.points}):
            count = sum(1 for p in exact.points if p[0] == players)
            print(
                f"{players:<6} {count:5d}  Brier {exact.brier(players) or 0:.4f}  "
                f"worst decile {worst(exact, players)}"
            )
    if not args.check:
        return 0
    check = load(args.check)
    seats = sorted({p[0] for p in check})
    raw, now, new = mapped(check, {}), mapped(check, CALIBRATION), mapped(check, maps)
    print("\nOn the --check rounds: Brier score, worst decile (its positions, its gap in se)")
    print(f"{'table':<6} {'positions':>9}  {'raw':<38}{'map in the code':<38}fitted map")
    for players in [*seats, None]:
        count = sum(1 for p in check if players is None or p[0] == players)
        cells = [f"{c.brier(players) or 0:.4f} {worst(c, players)}" for c in (raw, now, new)]
        line = f"{players or 'all':<6} {count:9d}  " + "".join(f"{cell:<38}" for cell in cells)
        print(line.rstrip())
    print("\nThe fitted map on the --check rounds:")
    print(format_calibration(new, seats).split("\n", 1)[1])  # not its line of seconds
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
