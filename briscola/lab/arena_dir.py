"""An arena run kept in a directory (``--record DIR``): what it was played with
(``arena.json``), the results it already holds (``results.jsonl``) and the
records beside them.

A run stopped for any reason is resumed by the same command: the matches its
results.jsonl holds count, the rest are played.  Resuming with other settings,
or with a program that changed since the run began, is refused: the results
would mix two runs.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..protocol.messages import BotHello
from ..spec import UsageError
from .results import RESULTS, Kept, append, changes, held, identity, read_rows, row_of, settle
from .runner import ArenaConfig, MatchResult, plan, seat_names

SETTINGS = "arena.json"  # beside results.jsonl: what the run was played with
VERSION = 1


def record_dir(text: str) -> None:
    """A directory for the run's records: made if need be, and holding none of another
    run (a second run must not overwrite the first one's records; the same run's
    results.jsonl is resumed instead)."""
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise UsageError(f"cannot use --record {text!r}: it is a file, not a directory")
    try:
        path.mkdir(parents=True, exist_ok=True)
        old = sorted(p.name for p in path.glob("deal*-rot*.jsonl"))
    except OSError as err:
        raise UsageError(f"cannot use --record {text!r}: {err.strerror or err}") from None
    if old and not (path / RESULTS).exists():
        raise UsageError(
            f"--record {text!r} already holds the records of a run ({old[0]}, ... {len(old)} "
            "files) and no results.jsonl to resume it from; give a new or empty directory"
        )


def kept_seed(directory: Path) -> Any:
    """The seed a kept run began with (a resumed run without --seed goes on with it)."""
    return held(directory / SETTINGS).get("settings", {}).get("seed")


def settings(config: ArenaConfig) -> dict[str, Any]:
    """What a kept run must be resumed with: the table, the players, the deals and the
    host's rules (not --games: a larger one adds to it)."""
    r = config.rules
    return {
        "players": r.players,
        "pack": r.pack,
        "variant": r.variant,
        "target": r.target,
        "specs": [list(config.side_members(side)) for side in range(config.sides)],
        "seed": config.seed,
        "deals": config.deals_name,
        "duplicate": config.duplicate,
        "on_fault": config.on_fault,
        "strict": config.strict,
        "move_ms": config.move_ms,
        "tc": None if config.tc is None else str(config.tc),
    }


def kept(
    config: ArenaConfig, hellos: dict[str, BotHello] | None = None
) -> tuple[list[MatchResult], Kept | None]:
    """With --record: the matches of this run its results.jsonl already holds (after
    checking the run's settings and that its programs are those that played them,
    from their ``hellos``), and the file opened to add the rest; else nothing."""
    if config.record_dir is None:
        return [], None
    directory = Path(config.record_dir)
    given = settings(config)
    try:
        differ = settle(directory / SETTINGS, "settings", given, VERSION, "an arena run's")
        if differ:
            told = "; ".join(f"{k} {old!r}, not {new!r}" for k, (old, new) in differ.items())
            old = sorted(p.name for p in directory.glob("deal*-rot*.jsonl"))
            first = f" ({old[0]}, ... {len(old)} files)" if old else ""
            raise UsageError(
                f"--record {config.record_dir!r} already holds the records of a run{first} "
                f"with other settings ({told}): run the same command to resume it, or give "
                "a new or empty directory"
            )
        _same_players(config, directory / SETTINGS, hellos or {})
        rows, cut = read_rows(directory / RESULTS)
        wanted = set(plan(config))
        done = {(r.deal, r.rotation, r.seed): r for _, r in rows}
        return [done[t] for t in plan(config) if t in done and t in wanted], append(
            directory / RESULTS, cut
        )
    except OSError as err:
        why = err.strerror or err
        raise UsageError(f"cannot use --record {config.record_dir!r}: {why}") from None


def _same_players(config: ArenaConfig, path: Path, hellos: dict[str, BotHello]) -> None:
    """Refuse to resume a run with a program that changed since it began (its hello
    name or version, a file its command names), as the tournament does; the settings
    file keeps who each one is."""
    kept = held(path)
    before = kept.get("players")
    before = before if isinstance(before, dict) else {}
    now = {text: identity(text, hello) for text, hello in hellos.items()}
    changed = [
        f"  {config.name_of(text)}: {changes(before[text], new)}"
        for text, new in now.items()
        if text in before and before[text] != new
    ]
    if changed:
        raise UsageError(
            f"--record {config.record_dir!r}: players changed since the run began, and "
            "its results were played by the old ones:\n"
            + "\n".join(changed)
            + "\ngive a new directory to play the run with them"
        )
    if now and any(before.get(text) != new for text, new in now.items()):
        path.write_text(json.dumps({**kept, "players": {**before, **now}}) + "\n", "utf-8")


def kept_as_played(
    config: ArenaConfig, results: Iterator[MatchResult], out: Kept | None
) -> Iterator[MatchResult]:
    """Each result as it comes, written to results.jsonl first (with who sat where)."""
    for res in results:
        if out is not None:
            sides = [config.label(side) for side in range(config.sides)]
            out.write(row_of(res, sides=sides, seats=seat_names(config, res.rotation)))
        yield res
