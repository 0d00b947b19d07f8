"""Shared fixtures: table settings, seeded decks and random play-outs of the engine."""

from __future__ import annotations

import ctypes
import random
import signal
import warnings
from collections.abc import Callable, Iterator

import pytest

from briscola.engine.cards import Card, parse_cards
from briscola.engine.game import Action, Round
from briscola.engine.rules import PACKS, PLAYER_COUNTS, VARIANTS, TableRules

# Every table size with every variant: the settings the engine must all play.
# (the 39-card pack at 3 seats included).
ALL_TABLES = [(n, v, p) for n in PLAYER_COUNTS for p in PACKS[n] for v in VARIANTS]


@pytest.fixture(params=ALL_TABLES, ids=[f"{n}p-{p}-{v}" for n, v, p in ALL_TABLES])
def any_rules(request: pytest.FixtureRequest) -> TableRules:
    """Each table size, pack and variant in turn."""
    n, v, p = request.param
    return TableRules(players=n, variant=v, pack=p)


def _seeded_deck(rules: TableRules, seed: int) -> list[Card]:
    deck = list(rules.deck)
    random.Random(seed).shuffle(deck)
    return deck


def _play_out(
    rules: TableRules, seed: int, *, record_events: bool = False, dealer: int | None = None
) -> tuple[Round, list[Action]]:
    """Deal a seeded deck and play random legal actions (exchanges included) to the end."""
    rng = random.Random(seed)
    deck = _seeded_deck(rules, seed)
    d = rng.randrange(rules.players) if dealer is None else dealer
    r = Round(rules, deck, d, record_events=record_events)
    actions: list[Action] = []
    while not r.over:
        a = rng.choice(r.legal_actions())
        r.act(a)
        actions.append(a)
    return r, actions


@pytest.fixture
def seeded_deck() -> Callable[[TableRules, int], list[Card]]:
    """``seeded_deck(rules, seed)``: the table's pack shuffled by ``seed``."""
    return _seeded_deck


@pytest.fixture
def play_out() -> Callable[..., tuple[Round, list[Action]]]:
    """``play_out(rules, seed, record_events=False, dealer=None)``: a finished random round
    and the actions that were played."""
    return _play_out


@pytest.fixture
def deck_from() -> Callable[[TableRules, str], list[Card]]:
    """``deck_from(rules, "AD 3C ...")``: the given cards first, then the rest of the
    table's pack in its natural order, so a test writes only the cards it cares about."""

    def make(rules: TableRules, head: str) -> list[Card]:
        first = parse_cards(head)
        return first + [c for c in rules.deck if c not in first]

    return make


STOPS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


def _os_handler(sig: int) -> int | None:
    """The handler the operating system holds for ``sig`` (1: ignored), which C code
    can change while Python's table still says otherwise: prompt-toolkit saves and
    restores it this way, and a C ``system()`` ignores SIGINT while it waits."""
    getsig = ctypes.pythonapi.PyOS_getsig
    getsig.restype, getsig.argtypes = ctypes.c_void_p, (ctypes.c_int,)
    found: int | None = getsig(sig)
    return found


@pytest.fixture(autouse=True)
def _signals_as_found() -> Iterator[None]:
    """A test leaves this process's signal handlers as it found them: a SIGINT left
    ignored is inherited by the child processes of every later test in the worker,
    and their Ctrl-C tests then hang (seen in CI: the host said "SIGINT 1")."""
    before = {sig: signal.getsignal(sig) for sig in STOPS}
    os_before = {sig: _os_handler(sig) for sig in STOPS}
    yield
    changed = [
        sig
        for sig in STOPS
        if signal.getsignal(sig) != before[sig] or _os_handler(sig) != os_before[sig]
    ]
    left = {signal.Signals(sig).name: _os_handler(sig) or signal.getsignal(sig) for sig in changed}
    for sig in changed:  # sets the process's own handler again too, not only Python's
        if before[sig] is not None:  # None: set outside Python, nothing to put back
            signal.signal(sig, before[sig])  # type: ignore[arg-type]
    if left:  # named in the warnings summary, so that the test is found and mended
        warnings.warn(f"the test left signal handlers changed: {left}", stacklevel=1)


@pytest.fixture(autouse=True)
def _no_personal_settings(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The machine's own ~/.config/briscola/config.toml must not change any test, nor
    the seats ``join`` keeps in ~/.local/state/briscola, nor the matches ``play``
    keeps in ~/.local/share/briscola."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("config")))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path_factory.mktemp("state")))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))


@pytest.fixture
def usage_error(capsys: pytest.CaptureFixture[str]) -> Callable[[list[str]], str]:
    """Run the command in-process and expect a usage error: exit 2, no traceback; the
    error text."""
    from briscola.cli import main

    def run(argv: list[str]) -> str:
        with pytest.raises(SystemExit) as stop:
            main(argv)
        err = capsys.readouterr().err
        assert stop.value.code == 2 and "Traceback" not in err, err
        return err

    return run
