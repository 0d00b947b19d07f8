"""Table settings: seats, pack, teams, variant and match length, checked once.

Every table of RULES.md is a setting of the one engine: :class:`TableRules`
derives the pack (the 2s leave at 3 and 6 seats; at 3 seats ``pack=39`` takes
out only the 2 of Batons, the Italian way), the sides (partners sit
opposite at 4 and 6), the number of tricks and the card order of the variant.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final, Literal

from .cards import (
    ALL_CARDS,
    Card,
    Rank,
    Ranking,
    Suit,
    beats_table,
    points_table,
    strength_table,
)

__all__ = [
    "HAND_SIZE",
    "PACKS",
    "PLAYER_COUNTS",
    "RULES_VERSION",
    "TARGETS",
    "VARIANTS",
    "RulesError",
    "TableRules",
    "Variant",
    "default_variant",
]

Variant = Literal["italian", "brisca", "bisca"]
VARIANTS: Final[tuple[Variant, ...]] = ("italian", "brisca", "bisca")
# The game a language's players know by its name: brisca in Spanish, bisca in Portuguese.
_LANGUAGE_VARIANTS: Final[dict[str, Variant]] = {"es": "brisca", "pt": "bisca"}


def default_variant(lang: str) -> Variant:
    """The variant a player of ``lang`` expects when none is asked for."""
    return _LANGUAGE_VARIANTS.get(lang, "italian")


PLAYER_COUNTS: Final = (2, 3, 4, 6)
TARGETS: Final = (1, 2, 3)
HAND_SIZE: Final = 3
# The packs each table may use, the default first (RULES.md, Tables).
PACKS: Final[dict[int, tuple[int, ...]]] = {2: (40,), 3: (36, 39), 4: (40,), 6: (36,)}
# The version of RULES.md the engine plays, written in every record header.
# 1: bisca ranked the 3 in the 7's old place; 2: bisca A 7 K Q J 6 5 4 3 2.
RULES_VERSION: Final = 2


class RulesError(ValueError):
    """Table settings that RULES.md does not allow."""


@dataclass(frozen=True, slots=True)
class TableRules:
    """The settings of one table: ``TableRules(players=4, variant="brisca", target=2)``.

    ``pack`` is the number of cards (0: the table's default, which it becomes).
    """

    players: int = 2
    variant: Variant = "italian"
    target: int = 1
    pack: int = 0
    # Derived, filled in by __post_init__.
    deck: tuple[Card, ...] = field(init=False, repr=False, compare=False)
    deck_set: frozenset[Card] = field(init=False, repr=False, compare=False)
    teams: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    team_of: tuple[int, ...] = field(init=False, repr=False, compare=False)
    strength: tuple[int, ...] = field(init=False, repr=False, compare=False)
    points: tuple[int, ...] = field(init=False, repr=False, compare=False)
    rotation: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    # beats[trump][best][card]: whether card takes the trick from best (cards.beats_table).
    beats: tuple[tuple[tuple[bool, ...], ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Exact types: 1.0 or True equal 1 in Python, but a record or a lobby says 1.
        if type(self.players) is not int or self.players not in PLAYER_COUNTS:
            raise RulesError(f"a table has 2, 3, 4 or 6 players, not {self.players!r}")
        if not isinstance(self.variant, str) or self.variant not in VARIANTS:
            raise RulesError(
                f"unknown variant {self.variant!r}; expected one of {', '.join(VARIANTS)}"
            )
        if type(self.target) is not int or self.target not in TARGETS:
            raise RulesError(f"a match is first to 1, 2 or 3 won rounds, not {self.target!r}")
        n = self.players
        packs = PACKS[n]
        if type(self.pack) is int and self.pack == 0:
            object.__setattr__(self, "pack", packs[0])
        elif type(self.pack) is not int or self.pack not in packs:
            if n == 3:
                allowed = "36 cards (the four 2s removed, the default) or 39 (only the 2 of Batons)"
            else:
                allowed = f"{packs[0]} cards"
            raise RulesError(f"a {n}-player table plays with {allowed}, not {self.pack!r}")
        if self.pack == 40:
            deck = ALL_CARDS
        elif self.pack == 39:
            deck = tuple(c for c in ALL_CARDS if c != Card.of(Rank.TWO, Suit.BATONS))
        else:
            deck = tuple(c for c in ALL_CARDS if c.rank != Rank.TWO)
        sides = n // 2 if n in (4, 6) else n
        ranking: Ranking = "bisca" if self.variant == "bisca" else "default"
        put = object.__setattr__  # frozen dataclass: derived fields are set once here
        put(self, "deck", deck)
        put(self, "deck_set", frozenset(deck))
        put(self, "team_of", tuple(seat % sides for seat in range(n)))
        put(self, "teams", tuple(tuple(range(t, n, sides)) for t in range(sides)))
        put(self, "strength", strength_table(ranking))
        put(self, "points", points_table(ranking))
        put(self, "beats", beats_table(ranking))
        # rotation[s]: every seat in playing order from s (a trick, the draw after it).
        put(self, "rotation", tuple(tuple((s + i) % n for i in range(n)) for s in range(n)))

    def trick_winner(self, trump: int, cards: Sequence[int]) -> int:
        """Index of the card that takes (so far) a trick of ``cards`` in playing order:
        the highest trump, else the highest card of the suit led."""
        beats = self.beats[trump]
        best = 0
        for i in range(1, len(cards)):
            if beats[cards[best]][cards[i]]:
                best = i
        return best

    @property
    def tricks(self) -> int:
        """Tricks in one round: the pack divided by the seats."""
        return len(self.deck) // self.players

    @property
    def exchange(self) -> bool:
        """Whether the brisca exchange of the trump 7 or 2 is allowed."""
        return self.variant == "brisca"

    @property
    def ranking(self) -> Ranking:
        return "bisca" if self.variant == "bisca" else "default"

    @property
    def default_pack(self) -> bool:
        return self.pack == PACKS[self.players][0]

    def to_dict(self) -> dict[str, object]:
        """The settings as a record header or ``match_start`` has them; ``pack`` only
        when it is not the table's default (older readers know no other)."""
        out: dict[str, object] = {
            "players": self.players,
            "variant": self.variant,
            "target": self.target,
        }
        if not self.default_pack:
            out["pack"] = self.pack
        return out

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> TableRules:
        """Settings from a record header or a lobby request, with clear errors."""
        if not isinstance(data, dict):
            raise RulesError(f"table settings must be an object, got {data!r}")
        players = data.get("players", 2)
        variant = data.get("variant", "italian")
        target = data.get("target", 1)
        pack = data.get("pack", 0)
        if not all(isinstance(v, int) for v in (players, target, pack)):
            raise RulesError(f"players, target and pack must be whole numbers, got {data!r}")
        if not isinstance(variant, str) or variant not in VARIANTS:
            raise RulesError(f"unknown variant {variant!r}; expected one of {', '.join(VARIANTS)}")
        return cls(players=players, variant=variant, target=target, pack=pack)  # type: ignore[arg-type]
