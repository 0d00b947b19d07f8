"""The engine against RULES.md: dealing, tricks, drawing, scoring, matches, the variants."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from briscola.engine.cards import ALL_CARDS, Card, parse_cards
from briscola.engine.events import Drew, Exchanged, Played, RoundStarted, TrickDone, TrumpTaken
from briscola.engine.game import EXCHANGE, Action, IllegalMoveError, Match, Round, round_winner
from briscola.engine.rules import TableRules

DeckFrom = Callable[[TableRules, str], list[Card]]
PlayOut = Callable[..., tuple[Round, list[Action]]]

# RULES.md's order, written out independently of the engine's tables.
ORDER = {"default": "A3KQJ76542", "bisca": "A7KQJ65432"}


def c(text: str) -> Card:
    return Card.parse(text)


def expected_winner(cards: list[Card], trump: int, ranking: str = "default") -> int:
    """Index of the trick's winner, straight from the words of RULES.md."""
    order = ORDER[ranking]

    def strength(card: Card) -> int:
        return -order.index(str(card)[0])

    trumps = [i for i, x in enumerate(cards) if x.suit == trump]
    if trumps:
        return max(trumps, key=lambda i: strength(cards[i]))
    led = [i for i, x in enumerate(cards) if x.suit == cards[0].suit]
    return max(led, key=lambda i: strength(cards[i]))


# -- dealing ------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_dealing_order_from_an_explicit_deck(players: int) -> None:
    rules = TableRules(players=players)
    deck = list(rules.deck)
    random.Random(players).shuffle(deck)
    for dealer in range(players):
        r = Round(rules, deck, dealer)
        first = (dealer + 1) % players
        # One card at a time, from the seat after the dealer, three rounds.
        for i in range(3 * players):
            assert deck[i] in r.hands[(first + i) % players]
        for seat in range(players):
            assert r.hands[seat] == [
                deck[k] for k in range(3 * players) if (first + k) % players == seat
            ]
        face_up = deck[3 * players]
        assert r.trump_card == r.face_up == face_up
        assert r.trump_suit == face_up.suit
        assert r.stock[0] == face_up and r.stock[-1] == deck[3 * players + 1]
        assert len(r.stock) == len(deck) - 3 * players
        assert r.leader == r.to_move == first
        assert r.trick == [] and r.points == [0] * len(rules.teams)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_face_up_card_is_drawn_last_by_the_right_seat(players: int) -> None:
    rules = TableRules(players=players)
    for seed in range(20):
        deck = list(rules.deck)
        rng = random.Random(seed)
        rng.shuffle(deck)
        r = Round(rules, deck, seed % players, record_events=True)
        face_up = r.trump_card
        while len(r.stock) > 0:
            r.play(rng.choice(r.legal_moves()))
        assert r.face_up is None
        winner = r.history[-1][2]
        last = (winner + players - 1) % players  # drawing goes round from the winner
        assert r.trump_taken == (last, face_up)
        assert face_up in r.hands[last]
        assert r.events is not None
        assert TrumpTaken(last, face_up) in r.events
        assert isinstance(r.events[-1], TrumpTaken)
        assert r.events[-2] == Drew(last, face_up)


def test_deal_refuses_a_wrong_deck_or_dealer() -> None:
    rules = TableRules()
    deck = list(rules.deck)
    for bad in (deck[:-1], [*deck[:-1], deck[0]], [*deck, deck[0]], [], deck[:1], [99] * 40):
        with pytest.raises(ValueError, match="a 2-player deck has exactly the 40 cards"):
            Round(rules, bad, 0)
    three = TableRules(players=3)
    with pytest.raises(ValueError, match="a 3-player deck has exactly the 36 cards"):
        Round(three, deck[:36], 0)  # has 2s, which leave at 3 seats
    with pytest.raises(ValueError, match=r"dealer must be a seat 0\.\.1, got 2"):
        Round(rules, deck, 2)
    # Plain ints are read as the cards they number.
    r = Round(rules, [int(x) for x in deck], 0)
    assert all(type(x) is Card for h in r.hands for x in h)
    assert all(type(x) is Card for x in r.stock)


# -- tricks -------------------------------------------------------------------


@pytest.mark.parametrize("ranking", ["default", "bisca"])
def test_trick_winner_for_every_ordered_pair_and_trump_relation(ranking: str) -> None:
    """Exhaustive: every lead card, every answer, every trump suit (2 seats)."""
    rules = TableRules(variant="bisca" if ranking == "bisca" else "italian")
    checked = 0
    for trump in range(4):
        for a in ALL_CARDS:
            for b in ALL_CARDS:
                if a == b:
                    continue
                face = next(x for x in ALL_CARDS if x.suit == trump and x not in (a, b))
                head = [a, b, *[x for x in ALL_CARDS if x not in (a, b, face)][:4], face]
                deck = head + [x for x in ALL_CARDS if x not in head]
                r = Round(rules, deck, 1)  # seat 0 leads with a, seat 1 answers b
                r.play(a)
                r.play(b)
                want = expected_winner([a, b], trump, ranking)
                assert r.history[0][2] == want, (a, b, trump)
                assert r.leader == r.to_move == want
                checked += 1
    assert checked == 4 * 40 * 39


@pytest.mark.parametrize("players", [3, 4, 6])
def test_trick_winner_with_more_seats(players: int, play_out: PlayOut) -> None:
    """Every trick of many random rounds against the independent resolution."""
    for variant in ("italian", "bisca"):
        rules = TableRules(players=players, variant=variant)  # type: ignore[arg-type]
        for seed in range(40):
            r, _ = play_out(rules, seed)
            for leader, cards, winner in r.history:
                i = expected_winner(list(cards), r.trump_suit, rules.ranking)
                assert winner == (leader + i) % players


def test_points_go_to_the_winners_team(deck_from: DeckFrom) -> None:
    rules = TableRules(players=4)
    deck = deck_from(rules, "AD 2C 3D 5B  6D 6C 6S 6B  7D 7C 7S 7B  4C")
    r = Round(rules, deck, 3)
    for card in parse_cards("AD 2C 3D 5B"):
        r.play(card)
    assert r.history[0] == (0, tuple(parse_cards("AD 2C 3D 5B")), 1)
    # The lowest trump beats the Ace of the suit led; 11 + 10 go to team 1 (seats 1 and 3).
    assert r.points == [0, 21]
    for card in parse_cards("6C 7S 7B 7D"):  # seat 1 leads
        r.play(card)
    assert r.history[1][2] == 1 and r.points == [0, 21]
    r2 = Round(rules, deck, 3)
    for card in parse_cards("6D 2C 3D 5B"):
        r2.play(card)
    assert r2.history[0][2] == 1 and r2.points == [0, 10]  # seat 2's 3D is beaten by the trump


def test_led_suit_wins_without_trumps(deck_from: DeckFrom) -> None:
    rules = TableRules(players=3)
    deck = deck_from(rules, "5S AD KS  6S 3D JB  7S 4D QB  4C")
    r = Round(rules, deck, 2)  # seat 0 leads
    for card in parse_cards("5S AD KS"):
        r.play(card)
    assert r.history[0][2] == 2  # King of the suit led beats an Ace of another suit
    assert r.points == [0, 0, 15]


def test_drawing_order_goes_round_from_the_winner() -> None:
    for players in (2, 3, 4, 6):
        rules = TableRules(players=players)
        for seed in range(10):
            rng = random.Random(seed)
            deck = list(rules.deck)
            rng.shuffle(deck)
            r = Round(rules, deck, 0, record_events=True)
            assert r.events is not None
            while r.stock:
                before = len(r.events)
                top = r.stock[::-1][:players]  # the next cards, in drawing order
                for _ in range(players):
                    r.play(rng.choice(r.legal_moves()))
                winner = r.history[-1][2]
                draws = [e for e in r.events[before:] if isinstance(e, Drew)]
                assert [d.seat for d in draws] == [(winner + i) % players for i in range(players)]
                assert [d.card for d in draws] == top
                assert all(len(h) == 3 for h in r.hands)
            assert len(r.history) == (len(deck) - 3 * players) // players


def test_round_ends_when_all_cards_are_played(any_rules: TableRules, play_out: PlayOut) -> None:
    r, _ = play_out(any_rules, 7)
    assert r.over and all(h == [] for h in r.hands) and r.stock == []
    assert len(r.history) == any_rules.tricks
    assert sum(r.points) == 120
    with pytest.raises(IllegalMoveError, match="the round is over"):
        r.play(ALL_CARDS[0])
    assert r.legal_actions() == [] and r.legal_moves() == []


def test_winner_only_when_over_and_round_winner_rules() -> None:
    r = Round(TableRules(), list(ALL_CARDS), 0)
    with pytest.raises(ValueError, match="not over"):
        r.winner()
    assert round_winner([61, 59]) == 0
    assert round_winner([59, 61]) == 1
    assert round_winner([60, 60]) is None
    assert round_winner([50, 50, 20]) is None
    assert round_winner([40, 40, 40]) is None
    assert round_winner([30, 50, 40]) == 1  # 61 not needed with 3 seats


# -- illegal moves ------------------------------------------------------------


def test_illegal_moves_raise_with_a_clear_message() -> None:
    rules = TableRules()
    deck = list(rules.deck)
    r = Round(rules, deck, 1)
    hand = " ".join(str(x) for x in r.hands[0])
    not_mine = r.hands[1][0]
    with pytest.raises(IllegalMoveError) as info:
        r.play(not_mine)
    assert str(info.value) == f"{not_mine} is not in the hand of seat 0 (hand: {hand})"
    assert isinstance(info.value, ValueError)
    with pytest.raises(
        IllegalMoveError, match="not an action: 'AD'; expected a card or 'exchange'"
    ):
        r.act("AD")  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match="only allowed in the brisca variant, not italian"):
        r.act(EXCHANGE)
    assert r.hands[0] == deck[0:6:2]  # nothing changed
    r.act(r.hands[0][0])
    assert r.to_move == 1


# -- scoring and matches ------------------------------------------------------


def _find_round(
    rules: TableRules, want: Callable[[list[int]], bool]
) -> tuple[list[Card], int, list[Action]]:
    """A seeded deal and random play whose final points satisfy ``want``."""
    for seed in range(5000):
        rng = random.Random(seed)
        deck = list(rules.deck)
        rng.shuffle(deck)
        r = Round(rules, deck, 0)
        actions: list[Action] = []
        while not r.over:
            a = rng.choice(r.legal_actions())
            r.act(a)
            actions.append(a)
        if want(r.points):
            return deck, seed, actions
    raise AssertionError("no such round found")  # pragma: no cover


def _replay_into(match: Match, deck: list[Card], actions: list[Action]) -> None:
    r = match.start_round(deck)
    for a in actions:
        r.act(a)
    assert r.over


@pytest.mark.parametrize(
    ("players", "drawn"),
    [
        (2, lambda p: p == [60, 60]),
        (3, lambda p: sorted(p)[1] == sorted(p)[2]),
        (4, lambda p: p == [60, 60]),
    ],
)
def test_drawn_round_counts_for_nobody(players: int, drawn: Callable[[list[int]], bool]) -> None:
    rules = TableRules(players=players)
    deck, _, actions = _find_round(rules, drawn)
    # The found round was dealt by seat 0: make it the match's first round.
    match = Match(rules, seed=1, first_dealer=0)
    _replay_into(match, deck, actions)
    result = match.finish_round()
    assert result.winner is None and sum(result.points) == 120
    assert match.rounds_won == [0] * len(rules.teams)
    assert not match.over and match.next_dealer == 1
    r2 = match.start_round()
    assert r2.dealer == 1 and r2.number == 2


def test_three_seats_highest_total_wins_without_61() -> None:
    rules = TableRules(players=3)
    deck, _, actions = _find_round(rules, lambda p: max(p) < 61 and sorted(p)[1] < max(p))
    match = Match(rules, seed=1, first_dealer=0)
    _replay_into(match, deck, actions)
    result = match.finish_round()
    assert result.winner == result.points.index(max(result.points))
    assert match.over and match.ended is not None and match.ended.reason == "complete"


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("target", [1, 2, 3])
def test_match_first_to_target_with_the_deal_passing_on(players: int, target: int) -> None:
    rules = TableRules(players=players, target=target)
    match = Match(rules, seed=players * 10 + target, record_events=True)
    rng = random.Random(target)
    dealers = []
    while not match.over:
        r = match.start_round()
        dealers.append(r.dealer)
        assert r.rounds_won == tuple(match.rounds_won)
        while not r.over:
            r.act(rng.choice(r.legal_actions()))
        result = match.finish_round()
        assert r.events is not None and r.events[-1].type == "round_end"
        assert result.points == tuple(r.points)
    assert dealers == [(match.first_dealer + i) % players for i in range(len(dealers))]
    assert max(match.rounds_won) == target and match.rounds_won.count(target) == 1
    wins = [res.winner for res in match.results if res.winner is not None]
    assert len(wins) == sum(match.rounds_won) and len(match.results) >= target
    assert match.ended is not None and match.ended.winner == match.rounds_won.index(target)
    with pytest.raises(ValueError, match="the match is over"):
        match.start_round()


def test_match_refuses_out_of_order_calls() -> None:
    match = Match(TableRules(), seed=3)
    with pytest.raises(ValueError, match="no finished round to score"):
        match.finish_round()
    match.start_round()
    with pytest.raises(ValueError, match="the current round is not over"):
        match.start_round()
    with pytest.raises(ValueError, match="no finished round to score"):
        match.finish_round()


def test_forfeit_ends_the_match() -> None:
    two = Match(TableRules(), seed=1)
    ended = two.forfeit(0)
    assert (ended.winner, ended.reason, ended.forfeit) == (1, "fault", 0)
    assert two.over
    three = Match(TableRules(players=3), seed=1)
    assert three.forfeit(2).winner is None


def test_match_seeded_determinism() -> None:
    def deals(seed: int) -> list[object]:
        m = Match(TableRules(players=3, target=3), seed=seed)
        return [m.first_dealer, m.shuffled_deck(), m.shuffled_deck()]

    assert deals(42) == deals(42)
    assert deals(42) != deals(43)
    assert Match(TableRules(), seed=5, first_dealer=1).first_dealer == 1
    unseeded = Match(TableRules())
    assert isinstance(unseeded.seed, int)  # drawn, and kept so the match can be replayed
    again = Match(TableRules(), seed=unseeded.seed)
    assert again.shuffled_deck() == unseeded.shuffled_deck()


# -- variants -----------------------------------------------------------------


def test_bisca_order_seven_second_and_worth_ten(deck_from: DeckFrom) -> None:
    rules = TableRules(variant="bisca")
    # Seat 0 gets 7S 3S JS, seat 1 KS QS 2S; the face-up 4C.
    deck = deck_from(rules, "7S KS 3S QS JS 2S 4C")
    r = Round(rules, deck, 1)
    r.play(c("7S"))
    r.play(c("KS"))
    assert r.history[-1][2] == 0  # the 7 beats the King
    assert r.points == [14, 0]  # 10 + 4
    r.play(c("3S"))
    r.play(c("QS"))
    assert r.history[-1][2] == 1  # the 3 is below the Knight now
    assert r.points == [14, 3]  # the 3 is worth nothing
    # And below the Jack as well:
    rules_it = TableRules()
    r2 = Round(rules, deck_from(rules, "3S JS 5S 6S 7B 2B 4C"), 1)
    r2.play(c("3S"))
    r2.play(c("JS"))
    assert r2.history[-1][2] == 1 and r2.points == [0, 2]
    r3 = Round(rules_it, deck_from(rules_it, "3S JS 5S 6S 7B 2B 4C"), 1)
    r3.play(c("3S"))
    r3.play(c("JS"))
    assert r3.history[-1][2] == 0 and r3.points == [12, 0]


def test_bisca_three_sits_between_the_four_and_the_two(deck_from: DeckFrom) -> None:
    """RULES.md, corrected: A 7 K Q J 6 5 4 3 2, so 4, 5 and 6 beat the 3 and it beats the 2."""
    rules = TableRules(variant="bisca")
    for higher in ("4S", "5S", "6S"):
        r = Round(rules, deck_from(rules, f"3S {higher} 5B 6B 7B 2B 4C"), 1)
        r.play(c("3S"))
        r.play(c(higher))
        assert r.history[-1][2] == 1, higher
        assert r.points == [0, 0]
    r = Round(rules, deck_from(rules, "3S 2S 5B 6B 7B 2B 4C"), 1)
    r.play(c("3S"))
    r.play(c("2S"))
    assert r.history[-1][2] == 0


def test_three_players_with_39_cards_play_13_tricks(play_out: PlayOut) -> None:
    rules = TableRules(players=3, pack=39)
    assert len(rules.deck) == 39 and c("2B") not in rules.deck
    assert all(c(f"2{s}") in rules.deck for s in "CDS")
    assert rules.tricks == 13 and sum(rules.points[x] for x in rules.deck) == 120
    r, _ = play_out(rules, 5)
    assert len(r.history) == 13 and sum(r.points) == 120


BRISCA = TableRules(variant="brisca")


def _brisca(deck_from: DeckFrom, seat0: str, seat1: str, face: str) -> Round:
    """A 2-seat brisca round where seat 0 leads, with the given hands and face-up card."""
    a, b = seat0.split(), seat1.split()
    head = " ".join(x for pair in zip(a, b, strict=True) for x in pair) + " " + face
    return Round(BRISCA, deck_from(BRISCA, head), 1, record_events=True)


@pytest.mark.parametrize("face", ["AC", "3C", "KC", "QC", "JC"])
def test_trump_seven_takes_a_3_k_q_j(deck_from: DeckFrom, face: str) -> None:
    r = _brisca(deck_from, "7C 4S 5S", "6S 6B 6D", face)
    assert r.can_exchange() and r.legal_actions() == [*r.hands[0], EXCHANGE]
    r.act(EXCHANGE)
    assert r.hands[0] == [c(face), c("4S"), c("5S")]
    assert r.face_up == c("7C") and r.stock[0] == c("7C")
    assert r.exchanges == [(0, c("7C"), c(face))]
    assert r.to_move == 0  # still this seat's turn: it plays next
    assert r.events is not None
    ev = r.events[-1]
    assert ev == Exchanged(0, c("7C"), c(face))
    assert all(ev.visible_to(s) for s in (0, 1, None))  # the exchange is public
    assert ev.to_message() == {"type": "exchanged", "seat": 0, "gave": "7C", "took": face}


@pytest.mark.parametrize("face", ["4C", "5C", "6C", "7C"])
def test_trump_two_takes_a_4_5_6_7(deck_from: DeckFrom, face: str) -> None:
    r = _brisca(deck_from, "2C 4S 5S", "6S 6B 6D", face)
    assert r.can_exchange()
    r.exchange()
    assert r.hands[0][0] == c(face) and r.face_up == c("2C")


@pytest.mark.parametrize(
    ("mine", "face"),
    [
        ("7C", "4C"),
        ("7C", "5C"),
        ("7C", "6C"),
        ("7C", "2C"),
        ("2C", "AC"),
        ("2C", "3C"),
        ("2C", "KC"),
        ("2C", "JC"),
        ("7S", "AC"),
        ("2S", "4C"),
    ],
)
def test_exchange_refused_for_other_cards(deck_from: DeckFrom, mine: str, face: str) -> None:
    r = _brisca(deck_from, f"{mine} 4S 5S", "6S 6B 6D", face)
    assert not r.can_exchange() and EXCHANGE not in r.legal_actions()
    with pytest.raises(IllegalMoveError, match=f"no exchange for the face-up {face}"):
        r.exchange()


def test_exchange_only_on_own_turn_and_before_playing(deck_from: DeckFrom) -> None:
    r = _brisca(deck_from, "4S 5S 6S", "7C 6B 6D", "KC")
    assert not r.can_exchange()  # seat 1 holds the 7, but it is seat 0's turn
    r.play(c("4S"))
    assert r.to_move == 1 and r.can_exchange()
    r.exchange()
    assert r.hands[1][0] == c("KC")
    r.play(c("6B"))
    assert r.to_move == 0 and not r.can_exchange()


def test_at_most_one_exchange_per_turn_and_the_chain_7_then_2(deck_from: DeckFrom) -> None:
    # Seat 0 holds both the trump 7 and the trump 2; the face-up King.
    r = _brisca(deck_from, "7C 2C 5S", "6S 6B 6D", "KC")
    r.exchange()  # 7 for the King: the face-up card is now the 7, which a 2 may take
    assert r.face_up == c("7C")
    assert not r.can_exchange() and EXCHANGE not in r.legal_actions()
    with pytest.raises(IllegalMoveError, match="at most one exchange per turn"):
        r.exchange()
    r.play(c("5S"))
    r.play(c("6S"))  # seat 1 wins and leads the next trick
    r.play(r.hands[1][0])
    assert r.to_move == 0 and r.can_exchange()  # a new turn: the 2 takes the 7
    r.exchange()
    assert c("7C") in r.hands[0] and r.face_up == c("2C")
    assert r.exchanges == [(0, c("7C"), c("KC")), (0, c("2C"), c("7C"))]


def test_chain_across_seats(deck_from: DeckFrom) -> None:
    r = _brisca(deck_from, "7C 4S 5S", "2C 6B 6D", "QC")
    r.exchange()
    r.play(c("4S"))
    assert r.can_exchange()  # seat 1's 2 takes the 7 that seat 0 gave
    r.exchange()
    assert r.exchanges == [(0, c("7C"), c("QC")), (1, c("2C"), c("7C"))]


def test_no_exchange_once_the_face_up_card_is_the_last_of_the_stock(deck_from: DeckFrom) -> None:
    # Seat 0 keeps the trump 7 all round long and never exchanges; the face-up card is a King.
    r = _brisca(deck_from, "7C 4S 5S", "6S 6B 6D", "KC")
    seen = []
    while r.face_up is not None:
        if r.to_move == 0:
            seen.append((len(r.stock), r.can_exchange()))
        hand = r.hands[r.to_move]
        r.play(next(x for x in hand if x != c("7C")))
    # Two seats draw two cards a trick, so the stock is never down to the face-up card
    # alone: the exchange stays open at every turn until the face-up card is drawn.
    assert [size for size, _ in seen] == list(range(34, 0, -2))
    assert all(allowed for _, allowed in seen)
    with pytest.raises(IllegalMoveError, match="no longer lies under the stock"):
        while True:  # until seat 0's turn with only the face-up card left, then try
            if r.to_move == 0:
                r.exchange()
            r.play(r.hands[r.to_move][0])


def test_copy_is_independent() -> None:
    rules = TableRules(players=4, variant="brisca")
    rng = random.Random(9)
    deck = list(rules.deck)
    rng.shuffle(deck)
    r = Round(rules, deck, 0)
    for _ in range(13):
        r.act(rng.choice(r.legal_actions()))

    def snapshot(x: Round) -> tuple[object, ...]:
        return ([h[:] for h in x.hands], x.stock[:], x.trick[:], x.points[:], x.history[:])

    before = snapshot(r), r.to_move
    k = r.copy()
    assert k.events is None and snapshot(k) == before[0]
    while not k.over:
        k.act(rng.choice(k.legal_actions()))
    assert (snapshot(r), r.to_move) == before
    assert not r.over


def test_recorded_events_of_a_round(play_out: PlayOut) -> None:
    r, actions = play_out(TableRules(players=3), 4, record_events=True)
    assert r.events is not None
    starts = [e for e in r.events if isinstance(e, RoundStarted)]
    assert [e.seat for e in starts] == [0, 1, 2]
    played = [e for e in r.events if isinstance(e, Played)]
    assert [e.card for e in played] == [a for a in actions if a != EXCHANGE]
    tricks = [e for e in r.events if isinstance(e, TrickDone)]
    assert len(tricks) == 12 and sum(t.points for t in tricks) == 120
    for t, (leader, cards, winner) in zip(tricks, r.history, strict=True):
        assert t.cards == tuple(((leader + i) % 3, x) for i, x in enumerate(cards))
        assert t.winner == winner
