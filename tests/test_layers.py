"""The floors of the package: every module imports only from its own floor or below.

The engine (floors 1-3) must never know about players, processes, terminals
or the command line; this test reads every module's imports, lazy ones too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "briscola"

FLOORS = {
    "cards": 1,
    "jsonline": 1,
    "rules": 2,
    "events": 3,
    "game": 3,
    "observation": 3,
    "players": 4,
    "records": 4,
    "replay": 4,
    "words": 4,
    "bots": 5,
    "table": 5,
    "protocol": 6,
    "prompt": 6,
    "spec": 6,
    "settings": 6,
    "arena": 7,
    "stats": 7,
    "sprt": 7,
    "deals": 7,
    "tournament": 7,
    "cluster": 7,
    "bench": 7,
    "positions": 7,
    "review": 7,
    "server": 7,
    "client": 7,
    "cli": 8,
    "__main__": 8,
    "__init__": 0,
}


def _room(path: Path) -> str:
    """The top-level name a file belongs to: ``bots`` for bots/expert.py."""
    rel = path.relative_to(PACKAGE)
    return rel.parts[0] if len(rel.parts) > 1 else rel.stem


def _imports(path: Path) -> set[str]:
    """The top-level briscola names a module imports, wherever the import stands."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    depth = len(path.relative_to(PACKAGE).parts)  # 1 for briscola/x.py
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:  # relative: climb to the package, then take the first name
                if node.level < depth:
                    continue  # within the same subpackage
                parts = (node.module or "").split(".")
                names = [parts[0]] if parts[0] else [a.name for a in node.names]
            elif node.module and node.module.startswith("briscola."):
                names = [node.module.split(".")[1]]
            else:
                continue
            found.update(names)
        elif isinstance(node, ast.Import):
            found.update(a.name.split(".")[1] for a in node.names if a.name.startswith("briscola."))
    return found


MODULES = sorted(p for p in PACKAGE.rglob("*.py"))


def test_every_module_has_a_floor() -> None:
    assert {_room(p) for p in MODULES} <= set(FLOORS)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_go_only_downward(path: Path) -> None:
    here = FLOORS[_room(path)]
    for name in _imports(path) - {"__version__"}:
        assert FLOORS.get(name, 0) <= here, (
            f"{path.relative_to(PACKAGE)} (floor {here}) imports {name} (floor {FLOORS[name]})"
        )
