"""The position suite and ``briscola bench --positions``: lines that rebuild the very
observation, a stable long search, a deterministic generator, the bench's figures
on a tiny suite, and the shipped suite's shape."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from untraced import untraced

from briscola.bots.greedy import GreedyBot
from briscola.cli import main as cli_main
from briscola.engine.observation import Observation
from briscola.engine.rules import TableRules
from briscola.lab import positions
from briscola.lab.positions import (
    SUITE,
    bench_positions,
    generate,
    label,
    position_line,
    read_position,
    read_suite,
)
from briscola.table import run_match


def _observations(rules: TableRules, seed: int) -> list[Observation]:
    seen: list[Observation] = []
    bots = [positions._Watched(GreedyBot(seed=seed + s), seen) for s in range(rules.players)]
    run_match(rules, bots, seed=seed)
    return seen


@pytest.mark.parametrize(
    "rules",
    [
        TableRules(),
        TableRules(players=3),
        TableRules(players=3, pack=39),
        TableRules(players=4),
        TableRules(players=6),
        TableRules(variant="brisca"),
        TableRules(variant="bisca", target=2),
    ],
    ids=lambda r: f"{r.players}p-{r.variant}-{r.pack}-{r.target}",
)
def test_a_line_rebuilds_the_very_observation(rules: TableRules) -> None:
    seen = _observations(rules, 3)
    assert seen
    for obs in seen:
        values = {a: float(i) for i, a in enumerate(obs.legal)}
        line = json.loads(json.dumps(position_line(obs, values, obs.legal[-1], id="x")))
        pos = read_position(line)
        assert pos.obs == obs
        assert pos.values == values and pos.best == obs.legal[-1] and pos.ident == "x"
        assert pos.cost(obs.legal[0]) == len(obs.legal) - 1


def test_the_long_search_is_kept_only_when_its_seeds_agree_and_a_move_is_worse(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    obs = next(o for o in _observations(TableRules(), 5) if len(o.legal) == 3)
    a, b, c = obs.legal
    runs = {
        1: {a: 5.0, b: 4.5, c: 0.0},
        2: {a: 4.0, b: 4.8, c: 0.0},  # b best here: unstable
        3: {a: 6.0, b: 2.0, c: 1.0},
        4: {a: 1.0, b: 0.5, c: 0.4},  # every move within a point
    }
    monkeypatch.setattr(positions, "long_search", lambda o, seed, samples, solve: runs[seed])
    assert label(obs, [1, 2], 10) is None
    assert label(obs, [4, 4], 10) is None
    values, best = label(obs, [1, 3], 10)  # type: ignore[misc]
    assert best == a and values == {a: 5.5, b: 3.25, c: 0.5}


def test_the_long_search_is_deterministic_for_a_seed() -> None:
    obs = next(o for o in _observations(TableRules(players=3), 7) if len(o.legal) == 3)
    one = positions.long_search(obs, 4, samples=30)
    assert one == positions.long_search(obs, 4, samples=30)
    assert set(one) == set(obs.legal)


def test_the_generator_gives_the_same_suite_for_the_same_seed(tmp_path: Path) -> None:
    kw = {"sizes": (2, 4), "per_size": 2, "per_match": 3, "samples": 16, "expert_samples": 8}
    first = list(generate(5, **kw))  # type: ignore[arg-type]
    with untraced():  # the same run again: only its result counts
        assert first == list(generate(5, **kw))  # type: ignore[arg-type]
    assert [line["id"] for line in first] == ["2p-001", "2p-002", "4p-001", "4p-002"]
    for line in first:
        pos = read_position(json.loads(json.dumps(line)))
        assert pos.best == max(pos.values, key=pos.values.__getitem__)
        assert max(pos.values.values()) - min(pos.values.values()) > 1
        assert line["long"] == {"samples": 16, "seeds": [1, 2], "solve_cards": 10}
        assert line["source"]["trick"] == len(pos.obs.played) + 1
    seen: list[str] = []
    few = list(generate(6, (3,), 50, 2, 8, max_matches=1, progress=seen.append, expert_samples=4))
    assert len(few) <= 2 and seen and seen[0].startswith("3p: match 1,")


def _suite(tmp_path: Path) -> Path:
    lines = list(generate(9, (2, 3), 2, 3, 16, expert_samples=8))
    path = tmp_path / "suite.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.no_cover  # see CONTRIBUTING.md, Tests: run untraced
def test_the_bench_counts_moves_within_a_point_of_best(tmp_path: Path) -> None:
    suite = read_suite(_suite(tmp_path))
    best = bench_positions(suite, lambda seed: _Oracle(suite))
    assert set(best) == {"2p", "3p"}
    for row in best.values():
        assert row["positions"] == 2 and row["within_1"] == 1.0 and row["mean_cost"] == 0.0
        assert row["seconds"] >= 0 and row["ms_per_position"] >= 0
    worst = bench_positions(suite, lambda seed: _Oracle(suite, worst=True))
    for row in worst.values():
        assert row["within_1"] == 0.0 and row["mean_cost"] > 1


class _Oracle(GreedyBot):
    """Plays the suite's best (or worst) action of the position it is shown."""

    def __init__(self, suite: list[positions.SuitePosition], worst: bool = False) -> None:
        super().__init__()
        self.suite, self.worst = suite, worst

    def choose(self, obs: Observation):  # type: ignore[no-untyped-def]
        pos = next(p for p in self.suite if p.obs == obs)
        return min(pos.values, key=pos.values.__getitem__) if self.worst else pos.best


@pytest.mark.no_cover  # see CONTRIBUTING.md, Tests: run untraced
def test_bench_positions_through_the_real_command(tmp_path: Path) -> None:
    path = _suite(tmp_path)
    argv = [sys.executable, "-m", "briscola", "bench", "--positions", str(path)]
    done = subprocess.run(
        [*argv, "--player", "expert:samples=10", "--json"],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["player"] == "expert:samples=10" and set(data["tables"]) == {"2p", "3p"}
    assert set(data["tables"]["2p"]) == {
        "positions", "within_1", "mean_cost", "seconds", "ms_per_position"
    }  # fmt: skip
    done = subprocess.run(
        [*argv, "--player", "greedy"], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    assert "greedy picks a move within a point" in out[0]
    assert out[2].startswith("2p ") and out[3].startswith("3p ") and "%" in out[2]


def test_bench_positions_refuses_bad_input_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = _suite(tmp_path).read_text().splitlines()
    line = json.loads(good[0])
    broken = {**line, "values": {"AD": 1.0, "2D": 0.0, "3D": 0.0, "4D": 0.0}}
    wrong_best = {**line, "best": "exchange"}
    odd_best = {**line, "best": 5}
    cases = {
        "missing.jsonl": None,
        "junk.jsonl": "{not json\n",
        "empty.jsonl": "\n",
        "nofield.jsonl": json.dumps({"table": line["table"]}) + "\n",
        "values.jsonl": json.dumps(broken) + "\n",
        "best.jsonl": json.dumps(wrong_best) + "\n",
        "odd.jsonl": json.dumps(odd_best) + "\n",
    }
    for name, text in cases.items():
        path = tmp_path / name
        if text is not None:
            path.write_text(text, encoding="utf-8")
        assert cli_main(["bench", "--positions", str(path), "--player", "greedy"]) == 2, name
        err = capsys.readouterr().err
        assert err.startswith("briscola bench: error: ") and err.count("\n") == 1, err
    assert cli_main(["bench", "--positions", str(tmp_path / "junk.jsonl")]) == 2
    assert "line 1: not a position" in capsys.readouterr().err
    suite = tmp_path / "suite.jsonl"
    assert cli_main(["bench", "--positions", str(suite), "--player", "cmd:python3 x.py"]) == 2
    assert "--player" in capsys.readouterr().err


def test_bench_positions_in_process(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(_suite(tmp_path))
    assert cli_main(["bench", "--positions", path, "--player", "random", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["suite"] == path and data["tables"]["3p"]["positions"] == 2
    assert cli_main(["bench", "--positions", path, "--player", "expert:samples=5"]) == 0
    assert "expert:samples=5 picks a move" in capsys.readouterr().out
    assert positions.position_line(read_suite(path)[0].obs).keys() == {"table", "dealt", "turn"}


def test_the_module_command_writes_a_suite(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "deep" / "s.jsonl"
    argv = ["--seed", "3", "--out", str(out), "--per-size", "1", "--per-match", "2"]
    assert positions.main([*argv, "--samples", "12", "--sizes", "2", "--expert-samples", "6"]) == 0
    assert len(read_suite(out)) == 1
    assert "1 positions in" in capsys.readouterr().err


@pytest.mark.skipif(not SUITE.exists(), reason="the suite is not in this tree")
def test_the_shipped_suite_holds_a_few_hundred_stable_positions() -> None:
    suite = read_suite(SUITE)
    by_size: dict[int, int] = {}
    for pos in suite:
        by_size[pos.obs.rules.players] = by_size.get(pos.obs.rules.players, 0) + 1
        assert pos.best == max(pos.values, key=pos.values.__getitem__)
        assert max(pos.values.values()) - pos.values[pos.best] == 0
        assert min(pos.values.values()) < pos.values[pos.best] - 1
        assert pos.obs.to_move == pos.obs.seat and len(pos.obs.legal) > 1
    assert set(by_size) == {2, 3, 4} and min(by_size.values()) >= 80
    assert len({p.ident for p in suite}) == len(suite)
