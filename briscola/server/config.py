"""The LAN server's settings, with the defaults ``briscola serve`` documents.

Floor 7 (server).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["DEFAULT_PORT", "ServerConfig", "default_records"]

DEFAULT_PORT = 4664


def default_records(env: dict[str, str] | None = None) -> Path:
    """``briscola/records`` under ``$XDG_DATA_HOME`` (or ``~/.local/share``)."""
    env = dict(os.environ) if env is None else env
    base = env.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "briscola" / "records"


@dataclass(slots=True)
class ServerConfig:
    host: str = "0.0.0.0"
    port: int = DEFAULT_PORT
    records: Path = field(default_factory=default_records)
    turn_timeout: float = 120.0  # seconds a person has for a card; 0: no limit
    round_pause: float = 20.0  # at most, between rounds, until every person said "next"
    grace: float = 60.0  # seconds a dropped seat is held before a bot plays it
    max_connections: int = 256
    max_per_address: int = 32
    max_tables: int = 64
    unstarted_per_connection: int = 5  # tables a connection made that wait for players
    unstarted_per_address: int = 10  # --unstarted-per-address: a bot league may need more
    handshake_timeout: float = 10.0
    idle_timeout: float = 600.0  # in the lobby, at no table
    seed: int | None = None  # every table's deals come from it when given: predictable
    records_max_mb: int = 1024  # the records folder's size; past it no new table is made
    matches_per_minute: int = 30  # matches a connection takes part in, per minute
    workers: int | None = None  # bot-pool processes; None: one per core, 0: think in place
    abandon_unfinished: bool = False  # end unfinished matches at start, not reopen them
    standin: str = "expert"  # the bot that plays for a person who is away
    rate: float = 20.0  # lines a second per connection
    burst: float = 50.0
    max_buffer: int = 1 << 20  # bytes waiting for a client that does not read
