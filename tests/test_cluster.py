"""--scheduler: the arena and the tournament on a Dask distributed cluster
(a LocalCluster on 127.0.0.1 in the test process), with the results of --jobs 1."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from untimed import untimed

from briscola.cli import main as cli_main
from briscola.engine.rules import TableRules
from briscola.lab.runner import ArenaConfig, on_cluster, run_arena

distributed = pytest.importorskip("distributed", reason="the cluster extra is not installed")

ROOT = Path(__file__).resolve().parent.parent
SIMPLE = f"cmd:{sys.executable} {ROOT / 'examples' / 'bots' / 'simple_bot.py'}"


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=False,  # the workers are threads of the test process
        protocol="tcp://",
        host="127.0.0.1",
        dashboard_address=None,
    ) as cluster:
        yield cluster.scheduler_address


def test_the_cluster_plays_what_one_process_plays(scheduler: str) -> None:
    # A seeded built-in bot beside a program: the expert would only add CPU time here.
    config = ArenaConfig(TableRules(variant="brisca"), (SIMPLE, "random"), 5, 4)
    here = list(run_arena(config, 1))
    there = list(on_cluster(config, scheduler))
    assert there == here and len(there) == 8 and all(r.faults == 0 for r in there)
    assert list(on_cluster(config, scheduler, [])) == []


def test_the_commands_on_the_cluster(scheduler: str, capsys: pytest.CaptureFixture[str]) -> None:
    def run(*argv: str) -> Any:
        assert cli_main([*argv, "--json"]) == 0
        return untimed(json.loads(capsys.readouterr().out))

    arena = ("arena", "greedy", "random", "--games", "3", "--seed", "2", "--players", "4")
    assert run(*arena, "--scheduler", scheduler) == run(*arena)
    sprt = ("arena", "greedy", "random", "--sprt", "elo0=0", "elo1=50", "--seed", "1")
    assert run(*sprt, "--scheduler", scheduler)["sprt"]["pairs"] == 29
    tour = ("tournament", "greedy", "random", "random:seed=1", "--games", "2", "--seed", "3")
    assert run(*tour, "--scheduler", scheduler) == run(*tour)


def test_a_scheduler_that_is_not_there_or_jobs_beside_it(
    usage_error: Callable[[list[str]], str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("briscola.lab.cluster.CONNECT_S", 2)  # nobody there: no need to wait 10 s
    err = usage_error(["arena", "greedy", "random", "--scheduler", "tcp://127.0.0.1:9"])
    assert "cannot reach the scheduler at 'tcp://127.0.0.1:9'" in err
    err = usage_error(["arena", "greedy", "random", "--scheduler", "tcp://x:1", "--jobs", "2"])
    assert "argument --jobs: not allowed with argument --scheduler" in err


def test_without_the_extra_the_option_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, usage_error: Callable[[list[str]], str]
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed now fails
    err = usage_error(["arena", "greedy", "random", "--scheduler", "tcp://127.0.0.1:8786"])
    assert "pip install 'briscola[cluster]'" in err
