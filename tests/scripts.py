"""The measuring scripts of benchmarks/ for their tests: load one as a module, or run it."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).parent.parent / "benchmarks"


def load(name: str) -> ModuleType:
    """``benchmarks/NAME.py`` imported (its ``__main__`` part not run)."""
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run(name: str, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``python benchmarks/NAME.py ARGS`` as a real process, bounded in time."""
    return subprocess.run(
        [sys.executable, str(BENCHMARKS / f"{name}.py"), *args],
        capture_output=True, text=True, timeout=timeout,
    )  # fmt: skip
