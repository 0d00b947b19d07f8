"""``briscola tournament``: every pairing of several players on the same duplicate deals.

Floor 7 (an arrangement over the arena).  A round robin plays every pair of
specs, a gauntlet the first spec against each of the others; each pairing is
an arena run (:func:`briscola.lab.runner.run_arena`) on the same deals, from
``--seed`` or ``--deals``.  The result: a crosstable (the row's score against
the column), each pairing's arena statistics, and ratings for all by maximum
likelihood (Bradley-Terry on the Elo scale, :func:`briscola.lab.stats.bradley_terry`)
anchored at ``greedy`` (or ``--anchor``) = 0.

With ``--record DIR`` the tournament lives in DIR: ``tournament.json`` (the
table's rules), ``results.jsonl`` (one line per match played, written as it
ends) and a record per match under ``pairNN-MM/``.  Running the same command
again plays only the matches DIR does not hold yet, so an interrupted
tournament resumes, and a longer ``--games`` or another spec adds to it.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..engine.text import printable
from ..spec import SpecError, UsageError, parse_spec
from .arena import (
    REPORT_EVERY,
    config_from_args,
    expand_specs,
    greet_stoppable,
    matches,
    show_log,
    stop_signals,
    unique,
)
from .results import RESULTS, Kept, append, changes, held, identity, read_rows, row_of
from .runner import ArenaConfig, MatchResult, Stopped, clock_of, clock_text, plan
from .stats import bradley_terry
from .tally import Tally, elo_text, failed_status, signed, trouble_lines
from .workers import WorkerDied

__all__ = ["Tournament", "main", "pairings", "render"]

VERSION = 1
UNRATED = "(no match yet)"  # a player who has not played: no rating, not 0


def pairings(k: int, gauntlet: bool) -> list[tuple[int, int]]:
    """Which specs meet: every pair, or the first against each of the others."""
    if gauntlet:
        return [(0, j) for j in range(1, k)]
    return [(i, j) for i in range(k) for j in range(i + 1, k)]


Key = tuple[str, str, int, int, int]  # the two specs, deal, rotation, match seed


@dataclass
class Tournament:
    """The settings of a tournament and the results it holds."""

    base: ArenaConfig  # the table, deals and host settings; its specs are replaced
    specs: tuple[str, ...]
    gauntlet: bool = False
    anchor: int = 0
    record_dir: Path | None = None
    results: dict[Key, MatchResult] = field(default_factory=dict)
    labels: tuple[str, ...] = ()  # per spec, its name in the results (unique)
    identities: dict[str, dict[str, Any]] = field(default_factory=dict)  # spec: who it is
    restart: tuple[str, ...] = ()  # --restart-player: labels or specs to play afresh

    def label(self, i: int) -> str:
        return self.labels[i] if self.labels else self.specs[i]

    def config(self, pair: tuple[int, int]) -> ArenaConfig:
        i, j = pair
        records = None
        if self.record_dir is not None:
            records = str(self.record_dir / f"pair{i + 1:02d}-{j + 1:02d}")
            Path(records).mkdir(parents=True, exist_ok=True)
        return replace(
            self.base,
            specs=(self.specs[i], self.specs[j]),
            record_dir=records,
            labels=(self.label(i), self.label(j)),
            names=((self.specs[i], self.label(i)), (self.specs[j], self.label(j))),
        )

    def missing(self, pair: tuple[int, int]) -> list[tuple[int, int, int]]:
        a, b = self.specs[pair[0]], self.specs[pair[1]]
        return [t for t in plan(self.config(pair)) if (a, b, *t) not in self.results]

    def played(self, pair: tuple[int, int]) -> list[MatchResult]:
        a, b = self.specs[pair[0]], self.specs[pair[1]]
        return [
            self.results[k] for t in plan(self.config(pair)) if (k := (a, b, *t)) in self.results
        ]

    # -- the directory ----------------------------------------------------------

    def open(self) -> Kept | None:
        """Read what the directory holds, check it was played at this table, and open
        its results for appending; None without --record."""
        if self.record_dir is None:
            return None
        rules = self._rules()
        info = self.record_dir / "tournament.json"
        try:
            self.record_dir.mkdir(parents=True, exist_ok=True)
            kept = _held(self.record_dir) if info.exists() else {}
            if kept and kept.get("rules") != rules:
                raise UsageError(
                    f"--record {str(self.record_dir)!r} holds a tournament with other "
                    f"settings ({_table(kept.get('rules'))}; not {_table(rules)}): give "
                    "the same options or a new directory"
                )
            afresh = self._afresh(kept.get("players") or {})
            players = {**(kept.get("players") or {}), **self.identities}
            record = {"version": VERSION, "rules": rules, "players": players}
            info.write_text(json.dumps(record) + "\n")
            path = self.record_dir / RESULTS
            rows, cut = read_rows(path)
            if afresh and any(row["a"] in afresh or row["b"] in afresh for row, _ in rows):
                # Their matches are played again: the file keeps only the others'.
                rows = [(row, res) for row, res in rows if not {row["a"], row["b"]} & afresh]
                path.write_text("".join(row_of(res, a=row["a"], b=row["b"]) for row, res in rows))
                cut = False
            for row, res in rows:
                self.results[(row["a"], row["b"], res.deal, res.rotation, res.seed)] = res
            return append(path, cut)
        except (OSError, ValueError) as err:
            why = err.strerror if isinstance(err, OSError) and err.strerror else err
            raise UsageError(f"cannot use --record {str(self.record_dir)!r}: {why}") from None

    def _afresh(self, held_players: dict[str, Any]) -> set[str]:
        """The specs whose matches are played again (--restart-player); a UsageError
        when a player changed since the tournament began and is not among them."""
        by_name = {
            **{t: t for t in self.specs},
            **{self.label(i): t for i, t in enumerate(self.specs)},
        }
        for text, old in held_players.items():  # the name it had then is good too
            if text in self.specs and isinstance(old, dict) and isinstance(old.get("hello"), str):
                by_name.setdefault(old["hello"], text)
        unknown = [n for n in self.restart if n not in by_name]
        if unknown:
            raise UsageError(
                f"--restart-player {unknown[0]!r} is not a player of this tournament: "
                f"{', '.join(self.labels or self.specs)}"
            )
        afresh = {by_name[n] for n in self.restart}
        changed = []
        for i, text in enumerate(self.specs):
            old, new = held_players.get(text), self.identities.get(text)
            if old is not None and new is not None and old != new and text not in afresh:
                changed.append(f"  {self.label(i)}: {changes(old, new)}")
        if changed:
            raise UsageError(
                f"--record {str(self.record_dir)!r}: players changed since the tournament "
                "began, and its results were played by the old ones:\n"
                + "\n".join(changed)
                + "\ngive --restart-player NAME to play a changed player's matches again, "
                "or a new directory"
            )
        return afresh

    def _rules(self) -> dict[str, Any]:
        r = self.base.rules
        return {
            "players": r.players,
            "pack": r.pack,
            "variant": r.variant,
            "target": r.target,
            "on_fault": self.base.on_fault,
            "seed": self.base.seed,
            "deals": self.base.deals_name,
            # Only when set, so that a tournament kept before clocks existed resumes.
            **({"tc": str(self.base.tc)} if self.base.tc is not None else {}),
        }


def _held(directory: Path) -> dict[str, Any]:
    """What a tournament directory's tournament.json says; {} when there is none."""
    kept = held(directory / "tournament.json", "a tournament's")
    if kept and not isinstance(kept.get("rules"), dict):
        raise UsageError(f"{directory / 'tournament.json'} is not a tournament's settings")
    return kept


def _table(rules: Any) -> str:
    if not isinstance(rules, dict):
        return "unknown"
    return ", ".join(f"{k} {v}" for k, v in rules.items())


def play(
    t: Tournament,
    args: argparse.Namespace,
    out: Kept | None,
    stopped: Callable[[], bool] = lambda: False,
) -> Iterator[MatchResult]:
    """Play every missing match, pairing by pairing; each result is kept (and
    written to ``out``) as it comes; none after ``stopped()`` says so."""
    for pair in pairings(len(t.specs), t.gauntlet):
        tasks = t.missing(pair)
        if not tasks:
            continue
        a, b = t.specs[pair[0]], t.specs[pair[1]]
        seeds = {(deal, rot): seed for deal, rot, seed in tasks}
        results = matches(t.config(pair), args, tasks)
        try:
            for res in results:
                seed = seeds[(res.deal, res.rotation)]
                t.results[(a, b, res.deal, res.rotation, seed)] = res
                if out is not None:
                    out.write(row_of(res, a=a, b=b))
                yield res
                if stopped():
                    return
        finally:
            results.close()


# -- the result ----------------------------------------------------------------


def summary(
    t: Tournament, interrupted: bool = False, elapsed: float | None = None
) -> dict[str, Any]:
    k = len(t.specs)
    cross: dict[str, dict[str, Any]] = {s: {} for s in t.specs}
    games: list[tuple[int, int, float, int]] = []
    runs = []
    complete = True
    for pair in pairings(k, t.gauntlet):
        i, j = pair
        config = t.config(pair)
        tally = Tally(config, t.played(pair))
        run = tally.summary()
        complete = complete and run["matches"] == len(plan(config))
        runs.append(run)
        first, second = run["sides"]
        n = first["wins"] + first["draws"] + first["losses"]
        score = first["wins"] + first["draws"] / 2
        games.append((i, j, score, n))
        for me, them, side, got in ((i, j, first, score), (j, i, second, n - score)):
            cross[t.specs[me]][t.specs[them]] = {
                "wins": side["wins"],
                "draws": side["draws"],
                "losses": side["losses"],
                "score": got / n if n else None,
                "point_diff": side["point_diff"],
            }
    ratings = bradley_terry(k, games, anchor=t.anchor)
    played = [0] * k
    for i, j, _, n in games:
        played[i] += n
        played[j] += n
    return {
        "specs": list(t.specs),
        "labels": [t.label(i) for i in range(k)],
        "format": "gauntlet" if t.gauntlet else "round robin",
        "anchor": t.specs[t.anchor],
        "games": t.base.games,
        "players": t.base.rules.players,
        "pack": t.base.rules.pack,
        "variant": t.base.rules.variant,
        "target": t.base.rules.target,
        "seed": t.base.seed,
        "deals": t.base.deals_name,
        "tc": None if t.base.tc is None else str(t.base.tc),
        "complete": complete,
        "interrupted": interrupted,
        "elapsed_s": None if elapsed is None else round(elapsed, 3),
        "matches": sum(run["matches"] for run in runs),
        "ratings": [
            {
                "spec": spec,
                "label": t.label(i),
                "elo": _finite(r[0]),
                "elo_ci": [_finite(r[1]), _finite(r[2])],
                "matches": played[i],
                "tc": clock_of([spec], t.base.tc),
            }
            for i, (spec, r) in enumerate(zip(t.specs, ratings, strict=True))
        ],
        "crosstable": cross,
        "pairings": runs,
    }


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


def _elo(x: float | None, unbounded: float = -math.inf) -> str:
    """A rating or an interval end; None (JSON's infinity) is ``unbounded``."""
    return signed(unbounded if x is None else x)


def render(s: dict[str, Any]) -> str:
    specs = s["specs"]
    source = f"deals from {s['deals']}" if s["deals"] else f"seed {s['seed']}"
    clocks = [(printable(r["label"], 40), r.get("tc")) for r in s["ratings"]]
    lines = [
        f"{s['format']} of {len(specs)}: {s['players']} players, {s['pack']} cards, "
        f"{s['variant']}, first to {s['target']}; {s['games']} deals per pairing, "
        f"{s['matches']} matches, {source}"
        f"{clock_text(s.get('tc'), clocks)}"
    ]
    if s["interrupted"]:
        lines.append("interrupted: the result so far")
    elif not s["complete"]:
        lines.append("incomplete: some matches are still to be played")
    names = [printable(x, 40) for x in s.get("labels", specs)]
    width = max(len("player"), *(len(n) for n in names))
    lines.append("")
    anchor = names[specs.index(s["anchor"])]
    lines.append(f"ratings (Bradley-Terry, {anchor} = 0, 95% CI)")
    order = sorted(range(len(specs)), key=lambda i: -(s["ratings"][i]["elo"] or 0))
    for i in order:
        r = s["ratings"][i]
        lo, hi = r["elo_ci"]
        if not r.get("matches", 1) and i != specs.index(s["anchor"]):
            lines.append(f"  {names[i]:<{width}}  {UNRATED}")
            continue
        lines.append(
            f"  {names[i]:<{width}}  {_elo(r['elo']):>6}  [{_elo(lo)}, {_elo(hi, math.inf)}]"
        )
    lines.append("")
    lines.append("crosstable (the row's score against the column: wins-draws-losses, share)")
    table: list[list[str]] = []
    for i in order:
        row = s["crosstable"][specs[i]]
        cells = []
        for j in order:
            c = row.get(specs[j])
            if c is None:
                cells.append("-")
                continue
            share = "-" if c["score"] is None else f"{c['score']:.1%}"
            cells.append(f"{c['wins']}-{c['draws']}-{c['losses']} {share:>6}")
        table.append(cells)
    # Each column as wide as its header or its widest cell, two spaces apart.
    widths = [max(len(names[j]), *(len(r[n]) for r in table)) for n, j in enumerate(order)]
    head = "  ".join(f"{names[j]:>{w}}" for j, w in zip(order, widths, strict=True))
    lines.append(f"  {'':<{width}}  {head}")
    for i, cells in zip(order, table, strict=True):
        body = "  ".join(f"{c:>{w}}" for c, w in zip(cells, widths, strict=True))
        lines.append(f"  {names[i]:<{width}}  {body}")
    lines.append("")
    lines.append("pairings")
    trouble: list[str] = []
    for run in s["pairings"]:
        first = run["sides"][0]
        paired = run.get("pairs", {})
        a, b = (printable(side.get("label", side["spec"]), 40) for side in run["sides"])
        elo = ""
        if paired.get("count"):
            lean = sum(c * (x - 2) for x, c in enumerate(paired["pentanomial"]))
            elo = (
                f", paired Elo {elo_text(paired['elo'], paired['elo_ci'], lean)}, "
                f"LOS {paired['los']:.1%}"
            )
        lines.append(
            f"  {a} vs {b}: "
            f"{run['matches']} matches, {first['wins']}-{first['draws']}-{first['losses']}, "
            f"{first['point_diff']:+.2f} points/round{elo}"
        )
        told = trouble_lines((a, b), run, head=False)
        if told:
            trouble += [f"  {a} vs {b}:", *(f"    {line}" for line in told)]
    think = _think_lines(s)
    if think:
        lines += ["", "think time per answer, ms (over all their pairings)"]
        lines += think
    if trouble:
        lines += ["", "faults (refused lines, recovered) and failures (the seat failed)", *trouble]
    if s.get("elapsed_s") is not None:
        lines += ["", f"time: {s['elapsed_s']:.1f} s"]
    return "\n".join(lines)


def _think_lines(s: dict[str, Any]) -> list[str]:
    """Each player's answer times, from its side in each pairing (a weighted mean, the
    largest p99 and max: a slow pairing is not averaged away)."""
    by: dict[str, list[dict[str, Any]]] = {}
    programs = set()
    for run in s["pairings"]:
        for side in run["sides"]:
            label = side.get("label", side["spec"])
            if side.get("think_ms"):
                by.setdefault(label, []).append(side["think_ms"])
            if "cmd:" in side["spec"]:
                programs.add(label)
    lines = []
    width = max((len(printable(label, 40)) for label in by), default=0)
    for label, runs in by.items():
        n = sum(t["answers"] for t in runs)
        mean = sum(t["mean"] * t["answers"] for t in runs) / n
        late = f", {sum(t['late'] for t in runs)} late" if label in programs else ""
        lines.append(
            f"  {printable(label, 40):<{width}}  mean {mean:.1f}  p99 (worst pairing) "
            f"{max(t['p99'] for t in runs):.1f}  max {max(t['max'] for t in runs):.1f}  "
            f"({n} answers{late})"
        )
    return lines


# -- the command ---------------------------------------------------------------


def from_args(args: argparse.Namespace) -> Tournament:
    specs = tuple(expand_specs(args))
    if args.anchor is not None and args.bots is not None:  # --anchor may name one of them
        from .bots_file import read_bots

        args.anchor = read_bots(args.bots).get(args.anchor, args.anchor)
    if len(specs) < 2 or len(set(specs)) != len(specs):
        raise UsageError(f"a tournament needs two or more different specs, got {' '.join(specs)}")
    if args.players not in (2, 4):
        raise UsageError(f"a tournament is played at 2 or 4 seats (two sides), not {args.players}")
    plain = [t for t in specs if t == "greedy" or t.startswith("greedy:name=")]
    anchor_text = args.anchor or (plain[0] if plain else specs[0])  # greedy, named or not
    if anchor_text not in specs:
        raise UsageError(f"--anchor {anchor_text!r} is not one of the specs: {' '.join(specs)}")
    record = Path(args.record) if args.record is not None else None
    if record is not None and record.exists() and not record.is_dir():
        raise UsageError(f"cannot use --record {args.record!r}: it is a file, not a directory")
    if args.seed is None and record is not None:  # resuming: the seed it was played with
        args.seed = _held(record).get("rules", {}).get("seed")
    # The arena checks the table, the first pairing's specs and the deals; the other
    # specs are checked here, and the record directory is the tournament's own.
    arena_args = {**vars(args), "specs": list(specs[:2]), "record": None, "bots": None}
    base = config_from_args(argparse.Namespace(**arena_args, no_duplicate=False, sprt=None))
    for text in specs[2:]:
        try:
            parse_spec(text).check_program()
        except (SpecError, ValueError) as err:
            raise UsageError(str(err)) from None
    hellos = greet_stoppable(specs, base)  # every program starts and says hello, or exit 2
    labels = []
    for text in specs:
        spec = parse_spec(text)
        hello = hellos.get(text)
        labels.append(spec.name or (hello.name if hello is not None else spec.label))
    return Tournament(
        base,
        specs,
        gauntlet=args.gauntlet,
        anchor=specs.index(anchor_text),
        record_dir=record,
        labels=tuple(unique(labels)),
        identities={text: identity(text, hello) for text, hello in hellos.items()},
        restart=tuple(getattr(args, "restart_player", None) or ()),
    )


def main(args: argparse.Namespace) -> int:
    with show_log(args):
        return _main(args)


def _main(args: argparse.Namespace) -> int:
    try:
        t = from_args(args)
    except Stopped as err:
        print("briscola tournament: stopped before the first match", file=sys.stderr)
        return 128 + err.signum
    out = t.open()
    total = sum(len(t.missing(p)) for p in pairings(len(t.specs), t.gauntlet))
    run = _Run()
    status = 0
    start = time.monotonic()
    every = getattr(args, "report_every", REPORT_EVERY)
    with stop_signals(run, at_once=getattr(args, "jobs", 1) > 1):
        try:
            bar = sys.stdout.isatty() and not args.json
            results = play(t, args, out, lambda: run.interrupted)
            _collect(results, total, bar, every, lambda n: _progress(t, n, total, start))
        except KeyboardInterrupt as err:  # Ctrl-C, or Stopped: what was played is kept
            run.interrupted = True
            status = 128 + err.signum if isinstance(err, Stopped) else 130
        except WorkerDied as err:  # killed from outside (the OOM killer): what was played is kept
            run.interrupted = True
            print(f"briscola tournament: {err}; the run stops here", file=sys.stderr)
            status = 1
        finally:
            if out is not None:
                out.close("tournament")
    s = summary(t, run.interrupted, time.monotonic() - start)
    print(json.dumps(s) if args.json else render(s))
    sides = [side for pairing in s["pairings"] for side in pairing["sides"]]
    return status or (130 if run.interrupted else failed_status(sides, t.base.strict))


@dataclass
class _Run:
    interrupted: bool = False  # a Ctrl-C came: the match being played is the last


def _progress(t: Tournament, n: int, total: int, start: float) -> str:
    """How the tournament stands: the ratings so far (cutechess's running score)."""
    s = summary(t)
    ratings = sorted(s["ratings"], key=lambda r: -(r["elo"] or 0))
    took = time.monotonic() - start
    return (
        f"[{n}/{total}] ratings so far: "
        + ", ".join(
            f"{printable(r['label'], 40)} {_elo(r['elo']) if r['matches'] else UNRATED}"
            for r in ratings
        )
        + f"; {took:.1f} s, {n / took:.1f} matches/s"
    )


def _collect(
    results: Iterator[MatchResult],
    total: int,
    bar: bool,
    every: int = 0,
    line: Callable[[int], str] | None = None,
) -> None:
    if not bar or total == 0:
        for n, _ in enumerate(results, 1):
            if every and line is not None and n % every == 0 and n < total:
                print(line(n), file=sys.stderr, flush=True)
        return
    from prompt_toolkit.shortcuts import ProgressBar

    with ProgressBar(title=f"tournament: {total} matches to play") as progress:
        for _ in progress(results, total=total, label="matches"):
            pass
