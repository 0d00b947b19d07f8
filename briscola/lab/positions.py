"""A suite of positions with the long search's values, and ``briscola bench --positions``.

Floor 7 (an arrangement of bots and tables).  A *position* is one seat's
:class:`~briscola.engine.observation.Observation` at its turn, taken from a real
match (the default expert against greedy bots), with what the *long search*
thinks every legal action is worth.  The long search is the expert's own
search (:meth:`~briscola.bots.expert.ExpertBot.rank`) with far more samples
(:data:`LONG_SAMPLES` against the default 600 to 1200), exact solves from
:data:`LONG_SOLVE` cards left at two sides (the default expert: 8) and no
time limit, so it is deterministic for a seed.  Values are the expected
round margin (the side's points minus the best other side's), the unit of
``hint`` and ``rank``: "within a point" is within one point of margin.

A position is kept only when the long search agrees with itself: the same
best action under every one of its seeds (two by default), and some action
worse than the best by more than a point (else every move is right and the
position tells nothing).  Its values are the mean over those seeds.

The suite is JSON lines, one position a line: the table (as a record header
has it), the seat's ``turn`` message (PROTOCOL.md, with ``dealer``,
``rounds_won`` and ``trump_taken`` besides), the card dealt face up, the
value of every legal action, the best one, where it came from and how it
was searched.  :func:`read_position` rebuilds the Observation through the
protocol's own :func:`~briscola.protocol.bot_side.rebuild`.

``python -m briscola.lab.positions --seed N --out FILE`` regenerates a suite;
the same seed gives the same file.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..bots.advice import Advice, advice_of
from ..bots.expert import ExpertBot
from ..bots.greedy import GreedyBot
from ..engine.cards import Card, CardError
from ..engine.game import EXCHANGE, Action
from ..engine.observation import Observation
from ..engine.rules import TableRules
from ..players import Bot

__all__ = [
    "LONG_SAMPLES",
    "LONG_SOLVE",
    "SUITE",
    "SuitePosition",
    "bench_positions",
    "generate",
    "long_advice",
    "long_search",
    "main",
    "parse_action",
    "position_line",
    "read_position",
    "read_suite",
]

LONG_SAMPLES = 3000  # five times the default expert's
LONG_SOLVE = 10  # cards left from which a two-side sample is solved exactly (default 8)
LONG_SEEDS = (1, 2)
NO_LIMIT_MS = 1e9  # the long search is bounded by samples, never by the clock
WITHIN = 1.0  # "within a point of best"
SEED = 20_260_101
SUITE = Path(__file__).resolve().parents[2] / "benchmarks" / "positions" / "suite.jsonl"


class SuiteError(ValueError):
    """A suite file that cannot be read: ``line`` is its 1-based line number."""


def long_search(
    obs: Observation, seed: int, samples: int = LONG_SAMPLES, solve_cards: int = LONG_SOLVE
) -> dict[Action, float]:
    """What the long search thinks each legal action of ``obs`` is worth (its mean
    round margin), from ``obs`` alone: the same for the same seed."""
    # In points of margin at every table: no bonus for a won round.
    bot = ExpertBot(seed=seed, samples=samples, max_ms=NO_LIMIT_MS, solve_cards=solve_cards,
                    win_bonus=0)  # fmt: skip
    return dict(bot.rank(obs))


def long_advice(
    obs: Observation, seed: int, samples: int = LONG_SAMPLES, solve_cards: int = LONG_SOLVE
) -> Advice:
    """The long search's :class:`~briscola.bots.estimate.Estimate` of each legal
    action of ``obs`` (the chances of winning the round and the match, and the
    mean round margin), the one it plays first: the same for the same seed."""
    bot = ExpertBot(seed=seed, samples=samples, max_ms=NO_LIMIT_MS, solve_cards=solve_cards,
                    win_bonus=0)  # fmt: skip
    return advice_of(bot, obs)


def parse_action(text: object) -> Action:
    """An action from its text form: a card (``AD``) or ``exchange``."""
    if text == EXCHANGE:
        return EXCHANGE
    if not isinstance(text, str):
        raise CardError(f"an action is a card or 'exchange', got {text!r}")
    return Card.parse(text)


# -- one position, as a line ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SuitePosition:
    """One line of a suite: the observation and the long search's values."""

    obs: Observation
    values: dict[Action, float]
    best: Action
    ident: str = ""
    source: dict[str, Any] = field(default_factory=dict)

    def cost(self, action: Action) -> float:
        """How much worse than the best ``action`` is, by the long search."""
        return self.values[self.best] - self.values[action]


def position_line(
    obs: Observation,
    values: dict[Action, float] | None = None,
    best: Action | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """``obs`` (and values) as a suite line: the protocol ``turn`` and what it leaves out."""
    turn = obs.to_turn()
    turn["dealer"] = obs.dealer
    turn["rounds_won"] = list(obs.rounds_won)
    if obs.trump_taken is not None:
        seat, card = obs.trump_taken
        turn["trump_taken"] = {"seat": seat, "card": str(card)}
    line: dict[str, Any] = {**extra, "table": obs.rules.to_dict()}
    line["dealt"] = str(obs.dealt_trump)
    line["turn"] = turn
    if values is not None:
        line["values"] = {str(a): round(v, 3) for a, v in values.items()}
    if best is not None:
        line["best"] = str(best)
    return line


def read_position(line: dict[str, Any]) -> SuitePosition:
    """A suite line back as a position; KeyError, ValueError or TypeError when malformed."""
    from ..protocol.bot_side import rebuild  # the one path from a turn message to an Observation

    rules = TableRules.from_dict(line["table"])
    start = rules.to_dict()
    start.setdefault("pack", 0)
    obs = rebuild(line["turn"], start, Card.parse(line["dealt"]))
    values = {parse_action(a): float(v) for a, v in line.get("values", {}).items()}
    if values and set(values) != set(obs.legal):
        raise ValueError("values: expected one for every legal action")
    best = parse_action(line["best"]) if "best" in line else obs.legal[0]
    if values and best not in values:
        raise ValueError(f"best: {best} is not a legal action")
    return SuitePosition(obs, values, best, str(line.get("id", "")), dict(line.get("source", {})))


def read_suite(path: str | Path) -> list[SuitePosition]:
    """Every position of a suite file; :class:`SuiteError` (or OSError) when it cannot be read."""
    out = []
    with open(path, encoding="utf-8") as f:
        for no, text in enumerate(f, 1):
            if not text.strip():
                continue
            try:
                out.append(read_position(json.loads(text)))
            except (KeyError, ValueError, TypeError, AttributeError, IndexError) as err:
                what = f"missing field {err}" if isinstance(err, KeyError) else str(err)
                raise SuiteError(f"line {no}: not a position ({what})") from None
    if not out:
        raise SuiteError("no positions")
    return out


# -- making a suite ---------------------------------------------------------------------


class _Watched(Bot):
    """A bot whose every observation with a choice in it is kept."""

    def __init__(self, bot: Bot, seen: list[Observation]) -> None:
        self.bot = bot
        self.name = bot.name
        self.seen = seen

    def choose(self, obs: Observation) -> Action:
        if len(obs.legal) > 1:
            self.seen.append(obs)
        return self.bot.choose(obs)


def match_positions(
    players: int, match_seed: int, expert_samples: int | None = None
) -> list[Observation]:
    """Every observation with a choice in one match of the expert (by default the
    default one) against greedy bots (at 4 seats an expert team), the expert's
    seats turning with the seed."""
    from ..table import run_match

    rules = TableRules(players=players)
    seen: list[Observation] = []
    first = match_seed % players
    experts = {first, (first + players // 2) % players} if players == 4 else {first}
    seats: list[Bot] = [
        _Watched(
            ExpertBot(seed=match_seed, samples=expert_samples)
            if s in experts
            else GreedyBot(seed=match_seed),
            seen,
        )
        for s in range(players)
    ]
    run_match(rules, seats, seed=match_seed)
    return seen


def label(
    obs: Observation, seeds: Sequence[int], samples: int, solve_cards: int = LONG_SOLVE
) -> tuple[dict[Action, float], Action] | None:
    """The long search's mean values and best action, or None when its seeds
    disagree on the best or every action is within a point of it."""
    runs = [long_search(obs, s, samples, solve_cards) for s in seeds]
    bests = {max(obs.legal, key=run.__getitem__) for run in runs}
    if len(bests) != 1:
        return None
    best = bests.pop()
    values = {a: sum(run[a] for run in runs) / len(runs) for a in obs.legal}
    if all(values[best] - v <= WITHIN for v in values.values()):
        return None
    return values, best


def generate(
    seed: int = SEED,
    sizes: Sequence[int] = (2, 3, 4),
    per_size: int = 100,
    per_match: int = 6,
    samples: int = LONG_SAMPLES,
    seeds: Sequence[int] = LONG_SEEDS,
    max_matches: int = 200,
    progress: Callable[[str], None] | None = None,
    expert_samples: int | None = None,
) -> Iterator[dict[str, Any]]:
    """The suite's lines, ``per_size`` positions at each table size (fewer when
    ``max_matches`` run out): from each match ``per_match`` observations drawn
    at random, kept when the long search is stable (:func:`label`).
    ``expert_samples`` makes the matches' expert a smaller one (tests)."""
    rng = random.Random(seed)
    for players in sizes:
        kept = tried = 0
        for match in range(max_matches):
            if kept >= per_size:
                break
            match_seed = rng.randrange(2**32)
            found = match_positions(players, match_seed, expert_samples)
            for obs in rng.sample(found, min(per_match, len(found))):
                if kept >= per_size:
                    break
                tried += 1
                labelled = label(obs, seeds, samples)
                if labelled is None:
                    continue
                values, best = labelled
                kept += 1
                source = {"match_seed": match_seed, "seat": obs.seat, "trick": len(obs.played) + 1}
                long = {"samples": samples, "seeds": list(seeds), "solve_cards": LONG_SOLVE}
                yield position_line(
                    obs, values, best, id=f"{players}p-{kept:03d}", source=source, long=long
                )
            if progress is not None:
                progress(f"{players}p: match {match + 1}, {kept} kept of {tried} tried")


# -- the bench --------------------------------------------------------------------------


def bench_positions(
    suite: Iterable[SuitePosition], make: Callable[[int], Bot], seed: int = SEED
) -> dict[str, dict[str, float]]:
    """Per table size (``"2p"`` ...): the positions, the share where ``make(seed)``'s
    bot (a fresh one per position) picks an action within a point of the long
    search's best, its mean cost in points of margin, and its CPU time."""
    rows: dict[int, list[tuple[float, float]]] = {}
    for i, pos in enumerate(suite):
        bot = make(seed + i)
        start = time.process_time()
        action = bot.choose(pos.obs)
        spent = time.process_time() - start
        cost = pos.cost(action) if action in pos.values else float("inf")
        rows.setdefault(pos.obs.rules.players, []).append((cost, spent))
    out: dict[str, dict[str, float]] = {}
    for players in sorted(rows):
        costs = [c for c, _ in rows[players]]
        seconds = sum(t for _, t in rows[players])
        out[f"{players}p"] = {
            "positions": float(len(costs)),
            "within_1": sum(c <= WITHIN + 1e-9 for c in costs) / len(costs),
            "mean_cost": sum(costs) / len(costs),
            "seconds": seconds,
            "ms_per_position": 1000 * seconds / len(costs),
        }
    return out


def format_bench(result: dict[str, dict[str, float]], label: str, player: str) -> str:
    """The figures of :func:`bench_positions` as a small table."""
    lines = [
        f"positions of {label}: how often {player} picks a move within a point of "
        "the long search's best",
        f"{'table':<6} {'positions':>9} {'within 1':>9} {'mean cost':>10} {'CPU':>8} "
        f"{'per move':>9}",
    ]
    for table, row in result.items():
        lines.append(
            f"{table:<6} {row['positions']:>9.0f} {row['within_1']:>9.1%} "
            f"{row['mean_cost']:>10.2f} {row['seconds']:>7.1f}s {row['ms_per_position']:>7.0f}ms"
        )
    return "\n".join(lines)


def run_bench(path: str | None, player: str, seed: int, as_json: bool) -> int:
    """``briscola bench --positions [FILE] [--player SPEC]``: 0, or 2 with one line on stderr."""
    from ..spec import SpecError, parse_spec

    where = Path(path) if path else SUITE
    try:
        spec = parse_spec(player, allow=("random", "greedy", "net", "expert"))
        if spec.kind == "cmd":
            raise SpecError(
                "a built-in bot is needed here (random, greedy, net or expert), not cmd:"
            )
        suite = read_suite(where)
    except SpecError as err:
        return _fail(f"--player: {err}")
    except OSError as err:
        return _fail(f"cannot read {where}: {err.strerror or err}")
    except SuiteError as err:
        return _fail(f"{where}: {err}")

    def make(s: int) -> Bot:
        bot = spec.make(seed=s)
        assert isinstance(bot, Bot)  # a built-in bot, never cmd:
        return bot

    result = bench_positions(suite, make, seed)
    if as_json:
        print(json.dumps({"suite": str(where), "player": player, "seed": seed, "tables": result}))
    else:
        print(format_bench(result, str(where), player))
    return 0


def _fail(message: str) -> int:
    print(f"briscola bench: error: {message}", file=sys.stderr)
    return 2


# -- python -m briscola.lab.positions -------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m briscola.lab.positions",
        description="Regenerate a position suite for 'briscola bench --positions' "
        "(deterministic for a seed).",
    )
    parser.add_argument("--seed", type=int, default=SEED, help=f"(default {SEED})")
    parser.add_argument("--out", default=str(SUITE), help="the suite file (default: the shipped)")
    parser.add_argument("--per-size", type=int, default=100, help="positions per table size")
    parser.add_argument("--per-match", type=int, default=6, help="positions tried per match")
    parser.add_argument("--samples", type=int, default=LONG_SAMPLES, help="long search samples")
    parser.add_argument("--sizes", default="2,3,4", help="table sizes (default 2,3,4)")
    parser.add_argument(
        "--expert-samples", type=int, default=None, help="the matches' expert (default its own)"
    )
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    start = time.process_time()
    lines = generate(
        args.seed,
        sizes,
        args.per_size,
        args.per_match,
        args.samples,
        progress=lambda text: print(text, file=sys.stderr, flush=True),
        expert_samples=args.expert_samples,
    )
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    count = 0
    with open(out, "w", encoding="utf-8") as f:
        for line in lines:
            f.write(json.dumps(line, separators=(",", ":")) + "\n")
            count += 1
    spent = time.process_time() - start
    print(f"{count} positions in {out}, {spent:.0f} s of CPU time", file=sys.stderr)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
