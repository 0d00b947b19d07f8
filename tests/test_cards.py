"""Cards: text form, parse errors, strength and points, names in three faces and languages."""

from __future__ import annotations

import pickle

import pytest

from briscola.engine.cards import (
    ALL_CARDS,
    FACES,
    LANGUAGES,
    Card,
    CardError,
    Rank,
    Suit,
    beats_table,
    card_code,
    card_label,
    card_name,
    card_points,
    card_strength,
    letters_key,
    name_index,
    parse_cards,
    points_table,
    rank_letters,
    rank_word,
    strength_table,
    suit_letters,
    suit_name,
)


def test_text_form_round_trips_for_all_40() -> None:
    texts = [str(c) for c in ALL_CARDS]
    assert len(set(texts)) == 40
    for card in ALL_CARDS:
        assert Card.parse(str(card)) is card
        assert repr(card) == f"Card({str(card)!r})"
        assert eval(repr(card)) is card
        assert f"{card:>3}" == " " + str(card)
        assert Card.of(card.rank, card.suit) is card
        assert Card(int(card)) is card


def test_text_form_examples_of_rules_md() -> None:
    assert (Card.parse("AD").rank, Card.parse("AD").suit) == (Rank.ACE, Suit.COINS)
    assert (Card.parse("3C").rank, Card.parse("3C").suit) == (Rank.THREE, Suit.CUPS)
    assert (Card.parse("QS").rank, Card.parse("QS").suit) == (Rank.KNIGHT, Suit.SWORDS)
    assert (Card.parse("7B").rank, Card.parse("7B").suit) == (Rank.SEVEN, Suit.BATONS)
    assert Card.parse(" ad ") is Card.parse("AD")  # lenient about case and spaces
    assert Suit.COINS.char == "D" and Rank.KNIGHT.char == "Q"
    assert parse_cards("AD 3C, QS,7B") == [Card.parse(t) for t in ("AD", "3C", "QS", "7B")]


@pytest.mark.parametrize("bad", ["", "A", "ADX", "1D", "AX", "XD", "10C", "♦A"])
def test_parse_errors_name_the_input_and_what_is_expected(bad: str) -> None:
    with pytest.raises(CardError) as info:
        Card.parse(bad)
    msg = str(info.value)
    assert repr(bad) in msg
    assert "A 2 3 4 5 6 7 J Q K" in msg and "C D S B" in msg
    assert isinstance(info.value, ValueError)


def test_parse_refuses_non_strings_and_card_numbers_out_of_range() -> None:
    with pytest.raises(CardError, match="string"):
        Card.parse(17)  # type: ignore[arg-type]
    assert Card("QS") is Card.parse("QS")
    with pytest.raises(CardError, match="'3'"):
        Card("3")
    for bad in (-1, 40, True, 2.0):
        with pytest.raises(CardError, match=r"0\.\.39"):
            Card(bad)  # type: ignore[arg-type]
    with pytest.raises(CardError, match="'ZZ'"):
        parse_cards("AD ZZ")


def test_strength_order_default_and_bisca() -> None:
    default = ["A", "3", "K", "Q", "J", "7", "6", "5", "4", "2"]
    bisca = ["A", "7", "K", "Q", "J", "6", "5", "4", "3", "2"]
    for order, ranking in ((default, "default"), (bisca, "bisca")):
        for suit in "CDSB":
            cards = [Card.parse(r + suit) for r in order]
            strengths = [card_strength(c, ranking) for c in cards]  # type: ignore[arg-type]
            assert strengths == sorted(strengths, reverse=True)
            assert len(set(strengths)) == 10
            table = strength_table(ranking)  # type: ignore[arg-type]
            assert [table[c] for c in cards] == strengths


def test_points_default_and_bisca_and_the_pack_holds_120() -> None:
    expect = {
        "default": {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2, "7": 0, "2": 0},
        "bisca": {"A": 11, "7": 10, "K": 4, "Q": 3, "J": 2, "3": 0, "2": 0},
    }
    for ranking, values in expect.items():
        for rank, pts in values.items():
            assert card_points(Card.parse(rank + "S"), ranking) == pts  # type: ignore[arg-type]
        assert sum(points_table(ranking)) == 120  # type: ignore[arg-type]
    # Without the 2s (3 and 6 seats) the pack still holds 120: the 2s are worth nothing.
    assert sum(points_table()[c] for c in ALL_CARDS if c.rank != Rank.TWO) == 120


def test_beats_table_same_suit_by_strength_other_suit_only_trump() -> None:
    for ranking in ("default", "bisca"):
        s = strength_table(ranking)  # type: ignore[arg-type]
        for trump in range(4):
            table = beats_table(ranking)[trump]  # type: ignore[arg-type]
            for best in ALL_CARDS:
                for card in ALL_CARDS:
                    if card.suit == best.suit:
                        assert table[best][card] == (s[card] > s[best])
                    else:
                        assert table[best][card] == (card.suit == trump)


@pytest.mark.parametrize(
    ("text", "faces", "lang", "name"),
    [
        ("AD", "italian", "it", "Asso di Denari"),
        ("AD", "italian", "en", "Ace of Coins"),
        ("AD", "italian", "de", "Münz-Ass"),
        ("QC", "french", "de", "Herz-Dame"),
        ("QC", "french", "en", "Queen of Hearts"),
        ("QC", "french", "it", "Donna di Cuori"),
        ("QC", "italian", "it", "Cavallo di Coppe"),
        ("QC", "italian", "de", "Kelch-Reiter"),
        ("AD", "spanish", "en", "Ace of Coins"),  # the language's words, the pack's figures
        ("KB", "spanish", "en", "King of Batons"),  # not Clubs: C is Cups
        ("QC", "spanish", "de", "Kelch-Reiter"),
        ("JB", "spanish", "it", "Fante di Bastoni"),
        ("JB", "french", "pt", "Valete de Paus"),  # the J of a French pack is a Valete
        ("QB", "french", "pt", "Dama de Paus"),
        ("7S", "french", "en", "Seven of Spades"),
        ("2B", "italian", "it", "Due di Bastoni"),
        ("KB", "french", "de", "Kreuz-König"),
    ],
)
def test_names_in_three_faces_and_three_languages(
    text: str, faces: str, lang: str, name: str
) -> None:
    assert card_name(Card.parse(text), faces, lang) == name  # type: ignore[arg-type]


def test_every_name_is_distinct_per_faces_and_language() -> None:
    for faces in FACES:
        for lang in LANGUAGES:
            names = {card_name(c, faces, lang) for c in ALL_CARDS}
            assert len(names) == 40, (faces, lang)
    assert suit_name(Suit.COINS, "french", "de") == "Karo"
    assert suit_name(1, "spanish", "en") == "Coins"


def test_unknown_faces_or_language_are_refused_clearly() -> None:
    with pytest.raises(ValueError, match="unknown faces 'german'; expected one of italian"):
        card_name(ALL_CARDS[0], "german", "en")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown language 'fr'; expected one of en, de, it"):
        card_name(ALL_CARDS[0], "italian", "fr")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown faces"):
        card_label(ALL_CARDS[0], "tarot")  # type: ignore[arg-type]


def test_card_label() -> None:
    assert card_label(Card.parse("AD"), "french") == "A♦"
    assert card_label(Card.parse("QC"), "french") == "Q♥"
    assert card_label(Card.parse("7S"), "french") == "7♠"
    assert card_label(Card.parse("KB"), "french") == "K♣"
    assert card_label(Card.parse("AD"), "italian") == "AD"
    assert card_label(Card.parse("AD"), "spanish") == "AD"  # the text form's letters in English
    assert card_label(Card.parse("AD"), "spanish", "es") == "AO"  # Oros
    assert card_label(Card.parse("QC"), "french", "de") == "D♥"  # Dame


def test_card_codes_are_the_letters_of_the_names() -> None:
    """What a person types: plain ASCII, the names' initials where they do not clash."""
    codes = {
        ("italian", "en"): "AD 3C QS KB JD",
        ("italian", "it"): "AD 3C VS RB FD",  # caValLo (C is Coppe), Re, Fante
        ("italian", "de"): "AM 3C RS KT BM",  # Münzen, Reiter, Stäbe (B is Bube), Bube
        ("french", "en"): "AD 3H QS KC JD",  # Hearts, Clubs
        ("french", "de"): "AR 3H DP KT BR",  # kaRo, Pik, Dame, Treff, Bube
        ("french", "it"): "AD 3C QP KF JD",  # Quadri, Cuori, Picche, Fiori
        ("spanish", "it"): "AD 3C VS RB FD",  # Italian words for the Spanish pack
        ("spanish", "en"): "AD 3C QS KB JD",
        ("spanish", "de"): "AM 3C RS KT BM",
        ("spanish", "es"): "AO 3C VE RB SO",  # caBallo (C is Copas)
        ("italian", "es"): "AO 3C VE RB SO",  # the same words for the same suits
        ("french", "es"): "AD 3C QP KT JD",  # Diamantes, Corazones, Picas, Tréboles
        ("italian", "pt"): "AO 3C VE RP SO",  # Ouros, Cavalo (C is Copas), Rei, Paus, Sota
        ("french", "pt"): "AO 3C DE RP VO",  # by the pictures: the J a Valete, the Q a Dama
        ("portuguese", "pt"): "AO 3C VE RP DO",
        ("portuguese", "en"): "AD 3H JS KC QD",  # the Jack is the 3-point card
        ("portuguese", "de"): "AR 3H BP KT DR",
    }
    cards = [Card.parse(t) for t in ("AD", "3C", "QS", "KB", "JD")]
    for (faces, lang), want in codes.items():
        got = " ".join(card_code(c, faces, lang) for c in cards)  # type: ignore[arg-type]
        assert got == want, (faces, lang)
        index = name_index(faces, lang)  # type: ignore[arg-type]
        assert all(index[code.lower()] is c for code, c in zip(want.split(), cards, strict=True))


def test_no_letter_means_two_things() -> None:
    """In every faces and language a letter is a rank or a suit, never both, and the key
    names every letter shown."""
    for faces in FACES:
        for lang in LANGUAGES:
            ranks, suits = rank_letters(faces, lang), suit_letters(faces, lang)
            assert len(set(ranks)) == 10 and len(set(suits)) == 4, (faces, lang)
            assert not set(ranks) & set(suits), (faces, lang)
            rank_key, suit_key = letters_key(faces, lang)
            for letter in ranks[0] + ranks[7:] + suits:
                assert f"{letter} " in rank_key + ", " + suit_key, (faces, lang, letter)


def test_name_index_reads_names_text_and_labels() -> None:
    for faces in FACES:
        for lang in LANGUAGES:
            index = name_index(faces, lang)
            for card in ALL_CARDS:
                assert index[card_name(card, faces, lang).lower()] is card
                # With French suits C is Clubs (Cups are H); "as" is a Spanish word.
                if faces not in ("french", "portuguese") and str(card) != "AS":
                    assert index[str(card).lower()] is card
                assert index[card_label(card, faces, lang).lower()] is card
    assert name_index("italian", "it")["asso di denari"] == Card.parse("AD")
    assert name_index("french", "en")["a♦"] == Card.parse("AD")


def test_cards_pickle_as_themselves() -> None:
    for card in ALL_CARDS:
        back = pickle.loads(pickle.dumps(card))
        assert back is card and type(back) is Card
    hand = [Card.parse("AD"), Card.parse("3C")]
    assert pickle.loads(pickle.dumps(hand)) == hand


def test_every_cards_name_code_and_points_agree() -> None:
    """In every faces and language a card's name, code and label read back as the card;
    every pack is named by its pictures, in the words of the language: the Portuguese
    pack's Jack (worth 3) and the French pack's Jack (worth 2) are both Jacks."""
    for faces in FACES:
        for lang in LANGUAGES:
            index = name_index(faces, lang)
            for card in ALL_CARDS:
                name = card_name(card, faces, lang)
                assert (
                    rank_word(card.rank, faces, lang) in name or Rank.TWO <= card.rank <= Rank.SEVEN
                )
                for spelling in (name, card_code(card, faces, lang), card_label(card, faces, lang)):
                    assert index[spelling.lower()] is card, (faces, lang, spelling)
    # The faces decide the figures, the language their words: a figure's word is the same
    # in every pack that has that figure.
    for lang in LANGUAGES:
        latin = [rank_word(r, "italian", lang) for r in Rank]
        assert [rank_word(r, "spanish", lang) for r in Rank] == latin, lang
        french, portuguese = (
            [rank_word(r, faces, lang) for r in (Rank.JACK, Rank.KNIGHT)]  # type: ignore[arg-type]
            for faces in ("french", "portuguese")
        )
        assert portuguese == french[::-1], lang  # the Portuguese Jack takes 3, its Queen 2
        assert rank_word(Rank.JACK, "french", lang) != rank_word(Rank.JACK, "italian", lang) or (
            lang in ("en", "de", "it")  # Jack, Bube, Fante: one word for both figures
        )
    assert card_points(Card.of(Rank.KNIGHT, Suit.CUPS)) == 3


def test_a_portuguese_player_types_the_valete_as_v_or_j() -> None:
    valete, dama = Card.parse("QC"), Card.parse("JC")  # the Portuguese pack's 3 and 2 of Copas
    index = name_index("portuguese", "pt")
    assert index["vc"] is index["jc"] is index["j♥"] is index["v♥"] is valete
    assert index["dc"] is index["qc"] is index["q♥"] is dama
    assert index["as de ouros"] is index["ás de ouros"] is Card.parse("AD")
    # The French pack's J is its Valete too, the 2-point card there.
    index = name_index("french", "pt")
    assert index["vc"] is index["jc"] is index["j♥"] is index["v♥"] is Card.parse("JC")
    assert index["dc"] is index["qc"] is index["q♥"] is Card.parse("QC")
    assert card_name(valete, "portuguese", "pt") == "Valete de Copas"
    assert card_label(valete, "portuguese", "pt") == "V♥"
    assert card_label(valete, "portuguese", "en") == "J♥"
    assert card_name(valete, "portuguese", "en") == "Jack of Hearts"
    assert name_index("portuguese", "en")["jh"] is valete
    assert card_name(Card.parse("QB"), "italian", "es") == "Caballo de Bastos"
    assert card_name(Card.parse("3D"), "italian", "pt") == "Três de Ouros"
    assert name_index("italian", "pt")["tres de ouros"] is Card.parse("3D")
    # "as" is the Spanish and Portuguese Ace, not the text form's Ace of Swords.
    assert "as" not in name_index("italian", "es") and "as" not in name_index("portuguese", "pt")
    assert name_index("italian", "en")["as"] is Card.parse("AS")


def test_the_language_names_every_pack_in_its_own_words() -> None:
    """The faces decide which figures a pack has, the language the words: a Spanish pack
    in English is no "As de Oros", and the Portuguese pack has the French one's words."""

    def vocabulary(faces: str, lang: str) -> set[str]:
        return {w for c in ALL_CARDS for w in card_name(c, faces, lang).split()}  # type: ignore[arg-type]

    for lang in LANGUAGES:
        latin, french = vocabulary("italian", lang), vocabulary("french", lang)
        assert vocabulary("spanish", lang) <= latin | french, lang
        assert vocabulary("portuguese", lang) == french, lang
    assert card_name(Card.parse("JD"), "spanish", "en") == "Jack of Coins"
    assert card_name(Card.parse("QD"), "spanish", "en") == "Knight of Coins"
    assert card_name(Card.parse("KS"), "spanish", "de") == "Schwert-König"
    assert card_name(Card.parse("QD"), "italian", "es") == "Caballo de Oros"
