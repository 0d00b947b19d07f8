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
DOCS = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]
SAMPLE = next(p for p in sorted((ROOT / "tests" / "data").glob("*.jsonl")))
# What README's examples stand for, in the test: a record, a bot, a server's address.
STAND_INS = {
    "match.jsonl": str(SAMPLE),
    "game.jsonl": str(SAMPLE),
    "mybot.py": "examples/bots/simple_bot.py",
}


def readme_commands() -> list[list[str]]:
    """Every ``briscola ...`` line of README's shell blocks, split as a shell would."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        for line in block.splitlines():
            line = line.strip().removeprefix("$ ")
            for piece in re.split(r"\s&&\s", line):
                words = shlex.split(piece, comments=True)
                if words and words[0] == "briscola":
                    commands.append([STAND_INS.get(w, w) for w in words])
    return commands


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
