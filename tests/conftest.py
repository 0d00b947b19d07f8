"""Shared fixtures: table settings, seeded decks and random play-outs of the engine."""

from __future__ import annotations

import random
import signal
from collections.abc import Callable, Iterator

import pytest
from untraced import untraced

from briscola.engine.cards import Card, parse_cards
from briscola.engine.game import Action, Round
from briscola.engine.rules import PACKS, PLAYER_COUNTS, VARIANTS, TableRules
from briscola.signals import handlers, kept, set_process_handler

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
Handlers = dict[int, tuple[object, int | None]]


@pytest.fixture(autouse=True, scope="session")
def _signals_as_at_a_terminal() -> Iterator[None]:
    """The tests' processes have the stop signals as a command typed at a terminal has
    them, however the test run was started: under ``nohup`` or as a background job of
    a script, SIGINT and SIGHUP are ignored, every child of a test inherits that, and
    the Ctrl-C tests failed (a tournament ran to its end and exited 0; a host said
    "SIGINT 1" and never stopped).  Neither blocked either."""
    with kept(*STOPS):
        signal.signal(signal.SIGINT, signal.default_int_handler)
        for sig in STOPS[1:]:
            signal.signal(sig, signal.SIG_DFL)
        blocked = signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPS)
        try:
            yield
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


@pytest.fixture(autouse=True)
def _signals_as_found() -> Iterator[None]:
    """A test leaves this process's signal handlers as it found them: a SIGINT left
    ignored is inherited by the child processes of every later test in the worker,
    and their Ctrl-C tests then hang (seen in CI: the host said "SIGINT 1").  A test
    that changes them fails (after they are put back, so that the next one is not
    touched)."""
    with kept(*STOPS):
        before = handlers(*STOPS)
        yield
        after = handlers(*STOPS)
    if after != before:
        changed = {signal.Signals(s).name: after[s] for s in STOPS if after[s] != before[s]}
        pytest.fail(f"the test left signal handlers changed: {changed}", pytrace=False)


def _mine(signum: int, frame: object) -> None:
    """A handler of a program that runs the game in-process."""


@pytest.fixture
def callers_handlers() -> Iterator[Handlers]:
    """Handlers as a program that runs the game in-process may have them: SIGINT
    ignored (a background job), SIGHUP ignored by the process behind Python's back
    (C code), SIGTERM and SIGWINCH its own; what they are, and put back after."""
    mine = (signal.SIGTERM, signal.SIGWINCH)
    with kept(*STOPS, *mine):
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGHUP, signal.SIG_DFL)
        set_process_handler(signal.SIGHUP, 1)  # SIG_IGN
        for sig in mine:
            signal.signal(sig, _mine)
        yield handlers(*STOPS, *mine)


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


@pytest.hookimpl(hookwrapper=True, trylast=True)  # inside pytest-cov's own wrapper
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """A test marked ``no_cover`` runs with no tracer at all (CONTRIBUTING.md, Tests that
    run untraced): under xdist, pytest-cov's own pause left the tracer called on
    every line, and such a test took as long as before."""
    if item.get_closest_marker("no_cover") is None:
        yield
        return
    with untraced():
        yield
