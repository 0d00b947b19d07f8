"""Arena and tournament results without what the clock decides (elapsed time, think
times), for comparing two runs of the same seed."""

from __future__ import annotations

from typing import Any

CLOCK = ("elapsed_s", "matches_per_s", "think_ms")


def untimed(value: Any) -> Any:
    """``value`` (a summary, or any part of one) with every clock-made field dropped."""
    if isinstance(value, dict):
        return {k: untimed(v) for k, v in value.items() if k not in CLOCK}
    if isinstance(value, list):
        return [untimed(v) for v in value]
    return value
