"""``briscola bench``: how fast the engine plays, in rounds per second.

Random self-play through the public engine API (deal a :class:`Round`, then
``play`` a random card of ``legal_moves()`` until ``over``) at 2, 3 and 4
seats, and for scale a tight hand-written 2-player loop on plain ints and
lists that knows nothing of the engine.  ``observed_rounds_per_s_2p`` plays
the way the table loop and the trainer drive the engine: the mover's
``observe()`` at every move, ``act()``, and the events kept.  Both use the same random calls (one
shuffle per deal, one ``random()`` per card), so the ratio between them is
the engine's overhead.  ``batched_*`` plays the same random self-play as
arrays, a card in each of many rounds per call (:mod:`briscola.bots.batch`),
in positions (cards played) a second against the reference loop's; and the
network's self-play batched (one forward pass a step) against the same
network played one position at a time (both only with NumPy installed).
Figures are per second of CPU time.  ``--bots`` and
``--protocol`` add the figures of :mod:`briscola.bots.bench` and
:mod:`briscola.protocol.bench`; ``--positions`` instead runs the position
suite of :mod:`briscola.lab.positions`.

Floor 7 (an arrangement): it drives the engine from outside, like any caller.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from ..engine.cards import points_table, strength_table
from ..engine.game import Round
from ..engine.observation import determinize, observe
from ..engine.rules import TableRules

__all__ = ["bench_engine", "bench_reference", "bench_search", "main", "measure", "observed_round"]

SEED = 20_251_129
SEATS = (2, 3, 4)


def measure(step: Callable[[], object], seconds: float, calls: int = 32) -> float:
    """Calls of ``step`` per second of this process's CPU time, over about ``seconds``.

    CPU time rather than the wall clock: on a shared machine another process's
    burst then slows the figures much less (it still shares caches and cores).
    """
    clock = time.process_time
    count = 0
    start = clock()
    end = start + seconds
    now = start
    while True:
        for _ in range(calls):  # read the clock once per batch, not once per round
            step()
        count += calls
        now = clock()
        if now >= end:
            break
    return count / (now - start)


def engine_round(players: int, seed: int = SEED) -> Callable[[], None]:
    """A step that deals one round and plays it out at random through the public API."""
    rules = TableRules(players=players)
    rng = random.Random(seed)
    deck = list(rules.deck)
    shuffle, rand = rng.shuffle, rng.random
    dealer = [0]

    def step() -> None:
        shuffle(deck)
        r = Round(rules, deck, dealer[0])
        dealer[0] = (dealer[0] + 1) % players
        while not r.over:
            moves = r.legal_moves()
            r.play(moves[int(rand() * len(moves))])

    return step


def observed_round(players: int, seed: int = SEED) -> Callable[[], None]:
    """A step that plays one round as the table does: events kept, the mover observed
    at every move and a random card of its legal actions played."""
    rules = TableRules(players=players)
    rng = random.Random(seed)
    deck = list(rules.deck)
    shuffle, rand = rng.shuffle, rng.random

    def step() -> None:
        shuffle(deck)
        r = Round(rules, deck, 0, record_events=True)
        while not r.over:
            legal = observe(r, r.to_move).legal
            r.act(legal[int(rand() * len(legal))])

    return step


def reference_round(seed: int = SEED) -> Callable[[], None]:
    """The yardstick: one random 2-player round in a tight loop of ints and lists."""
    rng = random.Random(seed)
    shuffle, rand = rng.shuffle, rng.random
    deck = list(range(40))
    strength = strength_table()
    points = points_table()

    def step() -> None:
        shuffle(deck)
        hands = [deck[0:6:2], deck[1:6:2]]
        trump = deck[6] // 10
        stock = deck[:5:-1]  # face-up card last
        score = [0, 0]
        leader = 0
        for _ in range(20):
            h = hands[leader]
            a = h.pop(int(rand() * len(h)))
            h = hands[1 - leader]
            b = h.pop(int(rand() * len(h)))
            if b // 10 == a // 10:
                win = 1 - leader if strength[b] > strength[a] else leader
            else:
                win = 1 - leader if b // 10 == trump else leader
            score[win] += points[a] + points[b]
            leader = win
            if stock:
                hands[win].append(stock.pop())
                hands[1 - win].append(stock.pop())
        assert score[0] + score[1] == 120

    return step


def bench_engine(seconds: float) -> dict[str, float]:
    """Rounds per second through the engine at 2, 3 and 4 seats, and observed at 2."""
    out = {f"rounds_per_s_{n}p": measure(engine_round(n), seconds) for n in SEATS}
    out["observed_rounds_per_s_2p"] = measure(observed_round(2), seconds)
    return out


def bench_search(seconds: float) -> dict[str, float]:
    """What search bots lean on: copying a round and determinizing a seat's view.

    Both from the same 2-player position, five tricks into a seeded round.
    """
    rng = random.Random(SEED)
    rules = TableRules()
    deck = list(rules.deck)
    rng.shuffle(deck)
    r = Round(rules, deck, 0)
    while len(r.history) < 5 or r.trick:
        r.play(r.legal_moves()[0])
    obs = observe(r, r.to_move)
    return {
        "copies_per_s": measure(r.copy, seconds / 2),
        "determinize_per_s": measure(lambda: determinize(obs, rng), seconds / 2),
    }


def _numpy() -> bool:
    try:
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


def bench_reference(seconds: float) -> dict[str, float]:
    """The engine at 2 seats against the reference loop, in alternating slices, and
    the batched random self-play (with NumPy) in positions a second against it.

    The machine is shared, so each side gets three slices and keeps its best:
    a burst of load then hurts both figures alike rather than only one.
    """
    engine, reference = engine_round(2), reference_round()
    batched = batched_round() if _numpy() else None
    best_engine = best_reference = best_batched = 0.0
    for _ in range(3):
        best_reference = max(best_reference, measure(reference, seconds / 3))
        best_engine = max(best_engine, measure(engine, seconds / 3))
        if batched is not None:  # a step is a batch of rounds: the clock each call
            best_batched = max(best_batched, measure(batched, seconds / 3, 1))
    out = {
        "reference_rounds_per_s_2p": best_reference,
        "engine_best_rounds_per_s_2p": best_engine,
        "engine_to_reference": best_engine / best_reference,
    }
    if batched is not None:
        cards = len(TableRules().deck)
        out["batched_positions_per_s_2p"] = best_batched * BATCH * cards
        out["batched_to_reference"] = best_batched * BATCH / best_reference
    return out


BATCH = 1024  # rounds a batch of random self-play
NET_BATCH = 256  # rounds a batch of the network's self-play


def batched_round(players: int = 2, rounds: int = BATCH, seed: int = SEED) -> Callable[[], None]:
    """A step that deals ``rounds`` rounds as one batch and plays them out at random."""
    import numpy as np

    from ..bots.batch import Batch, deal_batch

    rules = TableRules(players=players)
    rng = np.random.default_rng(seed)

    def step() -> None:
        batch = Batch(rules, *deal_batch(rules, rounds, rng))
        draw = rng.random
        while not batch.over:
            batch.play((draw(rounds) * batch.hand_size).astype(np.int64))

    return step


def net_rounds(batched: bool, rounds: int = NET_BATCH, seed: int = SEED) -> Callable[[], None]:
    """A step of the shipped 2-seat network against itself: ``rounds`` rounds as one
    batch, or one round through the engine, ``observe()`` and the network a move."""
    import numpy as np

    from ..bots.batch import Batch, deal_batch
    from ..bots.net import shipped
    from .batch_play import net_player, play_out

    rules = TableRules()
    net = shipped(2)
    if batched:
        rng = np.random.default_rng(seed)
        player = net_player(net)
        seats = np.zeros((rounds, 2), np.int64)

        def step() -> None:
            play_out(Batch(rules, *deal_batch(rules, rounds, rng)), [player], seats)

        return step
    py = random.Random(seed)
    deck = list(rules.deck)

    def one() -> None:
        py.shuffle(deck)
        r = Round(rules, deck, 0)
        while not r.over:
            chances, _value = net.policy(observe(r, r.to_move))
            r.act(max(chances, key=chances.__getitem__))

    return one


def bench_net(seconds: float) -> dict[str, float]:
    """Positions a second of the network's self-play, batched and one position at a
    time, in alternating slices, the best of two each ({} without NumPy)."""
    if not _numpy():
        return {}
    cards = len(TableRules().deck)
    batched, single = net_rounds(True), net_rounds(False)
    many = one = 0.0
    for _ in range(2):  # a step is a batch, or a round of 40 forward passes: clock each
        many = max(many, measure(batched, seconds / 4, 1) * NET_BATCH * cards)
        one = max(one, measure(single, seconds / 4, 1) * cards)
    return {
        "net_batched_positions_per_s_2p": many,
        "net_single_positions_per_s_2p": one,
        "net_batched_to_single": many / one,
    }


def _extra(module: str, function: str, seconds: float) -> dict[str, float]:
    """The figures of another team's bench, imported only when asked for."""
    mod = importlib.import_module(module)
    result: dict[str, float] = getattr(mod, function)(seconds)
    return result


def run(args: argparse.Namespace) -> dict[str, Any]:
    seconds = float(args.seconds)
    out: dict[str, Any] = {"seconds": seconds}
    out.update(bench_engine(seconds))
    out.update(bench_reference(seconds))
    out.update(bench_net(seconds))
    out.update(bench_search(seconds))
    if getattr(args, "bots", False):
        out.update(_extra("briscola.bots.bench", "bench_bots", seconds))
    if getattr(args, "protocol", False):
        out.update(_extra("briscola.protocol.bench", "bench_protocol", seconds))
    return out


def _show(key: str, value: object, width: int = 32) -> str:
    if isinstance(value, float):
        text = f"{value:.3f}" if value < 10 else f"{value:,.0f}"
    else:
        text = str(value)
    return f"{key:<{width}} {text}"


def _calibration(args: argparse.Namespace) -> int:
    from .calibration import SEED as CALIBRATION_SEED
    from .calibration import calibration, format_calibration

    try:
        seats = [int(s) for s in args.calibration.split(",")]
        if not seats or any(s not in (2, 3, 4, 6) for s in seats):
            raise ValueError
    except ValueError:
        err = (
            "briscola bench: error: --calibration takes table sizes of 2, 3, 4 and 6 "
            f"like 2,4, got {args.calibration!r}"
        )
        print(err, file=sys.stderr)
        return 2
    seed = CALIBRATION_SEED if args.seed is None else args.seed
    c = calibration(seats, args.rounds, seed, args.samples, args.raw)
    if args.json:
        tables = {str(n): {"table": c.table(n), "brier": c.brier(n)} for n in seats}
        print(json.dumps({"rounds": c.rounds, "positions": len(c.points), "seed": seed,
                          "samples": args.samples, "raw": args.raw, "tables": tables,
                          "brier": c.brier(), "points": c.points}))  # fmt: skip
    else:
        print(format_calibration(c, seats))
    return 0


def main(args: argparse.Namespace) -> int:
    if not args.seconds > 0:  # also refuses nan
        err = f"briscola bench: error: --seconds must be a positive number, got {args.seconds}"
        print(err, file=sys.stderr)
        return 2
    if getattr(args, "positions", None) is not None:  # a run of its own: the expert's choices
        from .positions import run_bench

        return run_bench(args.positions or None, args.player, SEED, args.json)
    if getattr(args, "calibration", None) is not None:  # a long run of its own
        return _calibration(args)
    if getattr(args, "server", False) and getattr(args, "abusive", 0):
        from ..server.fairbench import bench_fairness, format_fairness

        fair = bench_fairness(abusive=args.abusive)
        print(json.dumps(fair) if args.json else format_fairness(fair))
        return 0
    if getattr(args, "server", False):  # a long run of its own, in processes of its own
        from ..server.bench import bench_server, format_figures

        runs = bench_server(tables=args.tables)
        print(json.dumps(runs) if args.json else format_figures(runs))
        return 0
    result = run(args)
    if args.json:
        print(json.dumps(result, sort_keys=False))
        return 0
    print(
        f"random self-play through the public engine API, {result['seconds']:g} s of CPU time each"
    )
    width = max(map(len, result))
    for key, value in result.items():
        if key != "seconds":
            print(_show(key, value, width))
    return 0
