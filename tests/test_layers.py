"""The floors of the package, and no import circle between its modules.

A room is a package (``engine/``, ``bots/``, ``lab/``, ...) or a module at the
top (``table``, ``cli``).  Every room imports only from its own floor or
below: the engine (floor 1) never knows about words, players, processes,
terminals or the command line.  And no module imports itself back through
others, inside a room or across rooms.  This test reads every import, lazy
ones and those under ``TYPE_CHECKING`` too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "briscola"

FLOORS = {
    "engine": 1,
    "words": 2,
    "players": 3,
    "signals": 3,
    "table": 4,
    "bots": 5,
    "protocol": 6,
    "spec": 6,
    "options": 6,
    "prompt": 6,
    "settings": 6,
    "lab": 7,
    "server": 7,
    "client": 7,
    "cli": 8,
    "__main__": 8,
    "__init__": 0,
}


def _room(path: Path) -> str:
    """The room a file belongs to: ``bots`` for bots/expert.py, ``table`` for table.py."""
    rel = path.relative_to(PACKAGE)
    return rel.parts[0] if len(rel.parts) > 1 else rel.stem


def _name(path: Path) -> str:
    """The dotted module name: ``briscola.bots.expert``, ``briscola.lab`` for its __init__."""
    parts = ("briscola", *path.relative_to(PACKAGE).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = sorted(PACKAGE.rglob("*.py"))
NAMES = {_name(p): p for p in MODULES}


def _imported(path: Path) -> set[str]:
    """Every briscola module that ``path`` imports, wherever the import stands."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = _name(path).split(".")
    package = here if path.name == "__init__.py" else here[:-1]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            if not target.startswith("briscola"):
                continue
            found.add(target)
            # from package import module: that module too
            found.update(f"{target}.{a.name}" for a in node.names if f"{target}.{a.name}" in NAMES)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("briscola"))
    # Importing briscola.a.b runs briscola.a first, unless briscola.a is a package this
    # module is in (it has begun already): a sibling's import is no edge to the package.
    mine = {".".join(package[:n]) for n in range(1, len(package) + 1)}
    return {t for t in found if t in NAMES} | {
        prefix
        for t in found
        for n in range(2, t.count(".") + 1)
        if (prefix := ".".join(t.split(".")[:n])) in NAMES and prefix not in mine
    }


GRAPH = {name: _imported(path) - {name} for name, path in NAMES.items()}


def test_every_module_has_a_floor() -> None:
    assert {_room(p) for p in MODULES} <= set(FLOORS)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_go_only_downward(path: Path) -> None:
    here = FLOORS[_room(path)]
    for name in _imported(path):
        there = _room(NAMES[name])
        assert FLOORS[there] <= here, (
            f"{path.relative_to(PACKAGE)} (floor {here}) imports {name} (floor {FLOORS[there]})"
        )


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            part = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                part.append(top)
                if top == node:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_module_imports_itself_back() -> None:
    circles = _circles(GRAPH)
    assert not circles, "import circles: " + "; ".join(" <-> ".join(c) for c in circles)


def test_the_circle_finder_finds_one() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _circles(graph) == [["a", "b", "c"]]
    assert _circles({"a": {"b"}, "b": set()}) == []


ENGINE = ("text", "cards", "jsonline", "deals", "rules", "events", "game", "observation", "records",
          "replay")  # fmt: skip


@pytest.mark.parametrize("module", ENGINE)
def test_the_engine_builds_in_its_order(module: str) -> None:
    """The order ``briscola/engine/__init__.py`` tells: each module on those before it."""
    assert {p.stem for p in (PACKAGE / "engine").glob("*.py")} == {*ENGINE, "__init__"}
    before = {f"briscola.engine.{m}" for m in ENGINE[: ENGINE.index(module)]}
    inside = {n for n in GRAPH[f"briscola.engine.{module}"] if n.startswith("briscola.engine.")}
    assert inside <= before, f"engine/{module} imports {sorted(inside - before)}"


def test_the_command_line_loads_only_what_declares_the_commands() -> None:
    """cli gathers every room's declarations; the rooms' work (the prompt, the server,
    the arena) is imported only when its command runs, a bot's module only when the bot is
    asked for, a language's sentences only when it is spoken, so ``briscola bot`` starts
    fast."""
    import subprocess
    import sys

    code = "import sys, briscola.cli; print(' '.join(sorted(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    loaded = set(done.stdout.split())
    assert "briscola.lab.commands" in loaded and "briscola.server.commands" in loaded
    heavy = ("prompt_toolkit", "asyncio", "briscola.prompt.app", "briscola.server.lobby",
             "briscola.client.run", "briscola.lab.arena", "briscola.protocol.host",
             "briscola.bots.expert", "briscola.bots.net",
             "briscola.words.de", "briscola.words.it", "briscola.words.answers")  # fmt: skip
    assert not loaded & set(heavy), sorted(loaded & set(heavy))
