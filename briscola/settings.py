"""The person's settings: the locale's language, and ``config.toml`` for the rest.

``$XDG_CONFIG_HOME/briscola/config.toml`` (``~/.config/briscola/config.toml``
without it), read with the standard library's :mod:`tomllib`, may set the
language, the faces, the pace, the level, the name and the colours; options
on the command line win over it, and it wins over the locale.  A file that
cannot be read or holds a bad value is a :class:`SettingsError` naming the
file and the key.  Floor 6, beside the prompt.
"""

from __future__ import annotations

import argparse
import locale
import math
import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from .engine.cards import FACES, LANGUAGES, Faces, Language, default_faces
from .spec import UsageError
from .words.names import name_problem

__all__ = [
    "LEVELS",
    "PALETTE_NAMES",
    "Settings",
    "SettingsError",
    "config_path",
    "default_faces",
    "default_lang",
    "load",
    "words_from_settings",
]

# Difficulty in plain words, and the bot each one seats (documented in docs/play.md).
LEVELS: Final[dict[str, str]] = {
    "easy": "random",
    "medium": "greedy",
    "hard": "expert:samples=40",
    "expert": "expert",
}
PALETTE_NAMES: Final = ("dark", "light", "none")


class SettingsError(ValueError):
    """A settings file that cannot be used; the message names the file and the key."""


@dataclass(frozen=True)
class Settings:
    lang: Language | None = None
    faces: Faces | None = None
    pace: float | None = None
    level: str | None = None
    name: str | None = None
    colours: str | None = None


def default_lang(env: Mapping[str, str] | None = None) -> Language:
    """The locale's language when the program speaks it (German, Italian, Spanish,
    Portuguese), else English."""
    env = os.environ if env is None else env
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            return _spoken(value)
    return _spoken(locale.getlocale()[0] or "")


def _spoken(value: str) -> Language:
    """``es`` for ``es_ES.UTF-8``; English for a language the program does not speak."""
    return next((lang for lang in LANGUAGES if value.startswith(lang)), "en")


def config_path(env: Mapping[str, str] | None = None) -> Path:
    env = os.environ if env is None else env
    base = env.get("XDG_CONFIG_HOME") or str(Path(env.get("HOME", "~")).expanduser() / ".config")
    return Path(base) / "briscola" / "config.toml"


def _choice(path: Path, data: dict[str, Any], key: str, allowed: tuple[str, ...]) -> Any:
    value = data.get(key)
    if value is not None and value not in allowed:
        raise SettingsError(f"{path}: {key} = {value!r}; expected one of {', '.join(allowed)}")
    return value


def load(path: Path | None = None) -> Settings:
    """The settings in ``path`` (the config file by default); none when it is absent."""
    path = config_path() if path is None else path
    try:
        with path.open("rb") as f:
            data = tomllib.load(f)
    except FileNotFoundError:
        return Settings()
    except OSError as err:
        raise SettingsError(f"cannot read {path}: {err.strerror or err}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
        raise SettingsError(f"{path}: not TOML: {err}") from None
    known = ("lang", "faces", "pace", "level", "name", "colours")
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise SettingsError(f"{path}: unknown setting {unknown[0]!r}; known: {', '.join(known)}")
    pace = data.get("pace")
    if pace is not None and (
        isinstance(pace, bool)
        or not isinstance(pace, int | float)
        or not math.isfinite(pace)
        or not 0 <= pace <= 60
    ):
        raise SettingsError(f"{path}: pace = {pace!r}; expected 0 to 60 seconds")
    name = data.get("name")
    if name is not None and (not isinstance(name, str) or not name.strip() or len(name) > 40):
        raise SettingsError(f"{path}: name = {name!r}; expected a name of 1 to 40 characters")
    problem = name_problem(name.strip(), "name") if name is not None else None
    if problem is not None:
        raise SettingsError(f"{path}: {problem}")
    return Settings(
        lang=_choice(path, data, "lang", LANGUAGES),
        faces=_choice(path, data, "faces", FACES),
        pace=None if pace is None else float(pace),
        level=_choice(path, data, "level", tuple(LEVELS)),
        name=name.strip() if name else None,
        colours=_choice(path, data, "colours", PALETTE_NAMES),
    )


def words_from_settings(args: argparse.Namespace, *, faces: bool = True) -> None:
    """What the options of ``rules``, ``replay`` and ``review`` leave open: ``args.lang``
    from the settings file, else the locale; with ``faces``, ``args.faces_fallback``
    (the names of a record that does not say its pack) from the settings file, else
    the language's pack.  A bad settings file is a :class:`~briscola.spec.UsageError`."""
    try:
        if args.lang is None:
            args.lang = load().lang or default_lang()
        if faces:
            args.faces_fallback = load().faces or default_faces(args.lang)
    except SettingsError as err:
        raise UsageError(str(err)) from None
