"""README and docs keep their word: every command README shows parses as the CLI reads
it, the short ones run and succeed, and every relative link in README and docs resolves."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from briscola import cli

ROOT = Path(__file__).resolve().parent.parent
# The pages README points to: their links are checked, and the commands they show parse.
PAGES = [
    *sorted((ROOT / "docs").glob("*.md")),
    *sorted((ROOT / "benchmarks").rglob("*.md")),
]
DOCS = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *PAGES]
SAMPLE = next(p for p in sorted((ROOT / "tests" / "data").glob("*.jsonl")))
# What README's examples stand for, in the test: a record, a bot, a server's address.
STAND_INS = {
    "match.jsonl": str(SAMPLE),
    "game.jsonl": str(SAMPLE),
    "mybot.py": "examples/bots/simple_bot.py",
}
# A synopsis names its arguments in capitals or brackets (`briscola join HOST`); not an example.
SYNOPSIS = re.compile(r"\b[A-Z]{2,}\b|\[|…")


def page_commands(path: Path) -> list[list[str]]:
    """Every ``briscola ...`` line of a page's shell blocks, split as a shell would, and
    every ``briscola ...`` in a table's ``command`` column (the figures' commands)."""
    text = path.read_text(encoding="utf-8")
    lines = [
        line.strip().removeprefix("$ ")
        for block in re.findall(r"```sh\n(.*?)```", text, re.S)
        for line in block.splitlines()
    ]
    outside = re.sub(r"```.*?```", "", text, flags=re.S)
    for table in re.findall(r"(?:^\|.*\|\n)+", outside, re.M):
        rows = [re.split(r"(?<!\\)\|", row)[1:-1] for row in table.splitlines()]
        header = [cell.strip() for cell in rows[0]]
        if "command" in header:
            column = header.index("command")
            cells = [row[column] for row in rows[2:] if len(row) > column]
            shown = [c.strip().strip("`") for c in cells if c.strip().startswith("`briscola ")]
            lines += [c for c in shown if not SYNOPSIS.search(c)]
    commands = []
    for line in lines:
        for piece in re.split(r"\s&&\s", line):
            words = shlex.split(piece, comments=True)
            if words and words[0] == "briscola":
                commands.append([STAND_INS.get(w, w) for w in words])
    return commands


def readme_commands() -> list[list[str]]:
    """Every ``briscola ...`` example README shows."""
    return page_commands(ROOT / "README.md")


COMMANDS = readme_commands()


def test_readme_shows_every_command() -> None:
    shown = {c[1] for c in COMMANDS if len(c) > 1}
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    missing = set(sub.choices) - shown  # type: ignore[attr-defined]
    assert not missing, f"README shows no example of {sorted(missing)}"


@pytest.mark.parametrize("argv", COMMANDS, ids=[" ".join(c)[:70] for c in COMMANDS])
def test_every_readme_command_parses(argv: list[str]) -> None:
    try:
        cli.build_parser().parse_args(argv[1:])
    except SystemExit as err:  # argparse's way of refusing
        pytest.fail(f"README's {' '.join(argv)!r} is not a valid command line ({err})")


PAGE_COMMANDS = [(p, c) for p in PAGES for c in page_commands(p)]


@pytest.mark.parametrize(
    ("page", "argv"),
    PAGE_COMMANDS,
    ids=[f"{p.name}: {' '.join(c)[:60]}" for p, c in PAGE_COMMANDS],
)
def test_every_docs_command_parses(page: Path, argv: list[str]) -> None:
    """What moved out of README keeps its commands honest: each parses as the CLI reads it."""
    try:
        cli.build_parser().parse_args(argv[1:])
    except SystemExit as err:
        pytest.fail(f"{page.name}'s {' '.join(argv)!r} is not a valid command line ({err})")


def _short(argv: list[str]) -> bool:
    """Commands that run in seconds and need no person, server or missing program."""
    command = argv[1] if len(argv) > 1 else ""
    if command in ("rules", "replay", "check-bot"):
        return True
    if command == "arena":
        games = argv[argv.index("--games") + 1] if "--games" in argv else "100"
        needs_node = any("node " in w for w in argv)
        return int(games) <= 20 and not (needs_node and shutil.which("node") is None)
    return False


SHORT = [c for c in COMMANDS if _short(c)]


@pytest.mark.parametrize("argv", SHORT, ids=[" ".join(c)[:70] for c in SHORT])
def test_the_short_readme_commands_run(argv: list[str], tmp_path: Path) -> None:
    argv = [w if w != "logs/" else str(tmp_path / "logs") for w in argv]
    done = subprocess.run(
        [sys.executable, "-m", "briscola", *argv[1:]],
        capture_output=True,
        text=True,
        timeout=240,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, f"{' '.join(argv)}:\n{done.stdout[-800:]}\n{done.stderr[-800:]}"
    assert "Traceback" not in done.stderr


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    text = path.read_text(encoding="utf-8")
    return {_slug(h) for h in re.findall(r"^#+ (.+)$", text, re.M)}


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_every_relative_link_resolves(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    text = re.sub(r"```.*?```", "", text, flags=re.S)  # not in code blocks
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target):
            continue  # http:, mailto:: not ours to check offline
        file, _, anchor = target.partition("#")
        path = (doc.parent / file).resolve() if file else doc
        assert path.exists(), f"{doc.name}: the link {target!r} names no file"
        if anchor and path.suffix == ".md":
            assert anchor in _anchors(path), f"{doc.name}: no heading for {target!r}"
