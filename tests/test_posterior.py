"""benchmarks/posterior.py: the inference measure runs and scores against uniform samples."""

from __future__ import annotations

from scripts import run


def test_the_posterior_benchmark_scores_the_inference_against_uniform_samples() -> None:
    done = run("posterior", "--players", "3", "--games", "2", "--samples", "20")
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    assert out[0] == "3 seats, 2 rounds, 20 samples a move"
    rows = {line[:28].strip(): line[28:].split() for line in out[2:]}
    assert rows["uniform"][2] == "1.00"  # every sample counts alike
    log_share, share, ess = map(float, rows["eps 0.1, 2 draws (default)"])
    assert log_share < 0 and 0 < share < 1 and 0 < ess <= 1
    bad = run("posterior", "--games", "0")
    assert bad.returncode == 2 and "--games and --samples must be at least 1" in bad.stderr
