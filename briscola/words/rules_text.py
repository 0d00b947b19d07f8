"""The rules of the game written out for players, in English, German and Italian.

Floor 1 in spirit (plain text, it imports only the cards' names and letters): RULES.md
told to a person at the table.  ``briscola rules`` prints it and the prompt
shows it through :func:`rules_text`.  The three texts say the same things in
the same order; a test holds them to the same numbers and card codes.
"""

from __future__ import annotations

import argparse
import textwrap
from typing import Final

from ..cards import Card, Faces, card_code, card_name, letters_key

__all__ = ["RULES", "cards_text", "main", "rules_text"]

_EN: Final = """\
BRISCOLA: THE RULES

The cards
  Briscola is played with 40 cards, four suits of ten. The Italian and the
  Spanish packs have Cups, Coins, Swords and Batons; a French pack without the
  8s, 9s and 10s plays the same game with Hearts, Diamonds, Spades and Clubs.

  Order, high to low: Ace, 3, King, Knight (Queen), Jack, 7, 6, 5, 4, 2.
  Points: Ace 11, 3 10, King 4, Knight 3, Jack 2, all others 0.
  The pack holds 120 points.

The tables
  2 players: 40 cards, 20 tricks, each alone. 61 or more wins the round;
             60-60 is a drawn round.
  3 players: 36 cards (the four 2s removed), 12 tricks, each alone. The
             highest total wins the round (61 is not needed); a tie for
             highest is a drawn round. The Italian way, when the table
             says so (--pack 39): 39 cards, only the 2 of Batons removed,
             13 tricks.
  4 players: 40 cards, 10 tricks, two teams: seats 0 and 2 against seats 1
             and 3. 61 or more wins the round; 60-60 is a drawn round.
  6 players: 36 cards (the four 2s removed), 6 tricks, three pairs: seat i
             with seat i+3. The pair with the highest total wins the round;
             a tie for highest is a drawn round.
  Partners sit opposite each other and pool the points they capture.

Dealing
  Seats are numbered in playing order: play passes from each seat to the
  next one (to the right at a real table). The first dealer is drawn at
  random; each new round the deal passes to the next seat. The dealer
  shuffles and deals three cards to each seat, one at a time, starting with
  the seat after the dealer, then turns the next card face up. Its suit is
  trump (the briscola) for the whole round. The face-up card lies half under
  the stock and is the last card drawn, so everyone knows who will get it.

Tricks
  The seat after the dealer leads the first trick. You may always play any
  card in your hand: there is no duty to follow suit, to trump or to
  overtrump. The highest trump wins the trick; with no trump in it, the
  highest card of the suit led wins. A card of another suit never wins.

Drawing
  The winner of a trick takes the cards, draws first and leads the next
  trick; then each other seat draws one card, in playing order, while the
  stock lasts. When the stock is gone, the last three cards of each hand are
  played out without drawing.

End of a round
  The round ends when all cards have been played. Each side counts the
  points in the tricks it took; the tables above say who wins. A drawn round
  counts for nobody.

The match
  A match is first to 1, 2 or 3 won rounds; the host chooses, and first to 1
  is the default. After a drawn round the match goes on with the next round.
  Every round's points are kept in the record.

Variants (only when the table is set up for them)
  brisca (Spanish tables), the exchange: on your own turn, before you play a
  card, while the face-up card still lies under the stock (at least one
  other card is left to draw):
    - the holder of the trump 7 may exchange it for the face-up card if that
      card is an Ace, 3, King, Knight or Jack;
    - the holder of the trump 2 may exchange it for the face-up card if that
      card is a 4, 5, 6 or 7.
  At most one exchange per turn. Everyone sees the exchange.

  bisca (Portuguese tables): the 7 is second in strength and worth 10
  points; the 3 drops to its place in the number order, between the 4 and
  the 2, worth 0. Order: Ace, 7, King, Knight, Jack, 6, 5, 4, 3, 2.
  Everything else as above.
"""

_DE: Final = """\
BRISCOLA: DIE REGELN

Die Karten
  Briscola wird mit 40 Karten gespielt, vier Farben zu je zehn. Das
  italienische und das spanische Blatt haben Kelche, Münzen, Schwerter und
  Stäbe; ein französisches Blatt ohne die 8er, 9er und 10er ergibt
  dasselbe Spiel mit Herz, Karo, Pik und Kreuz.

  Rangfolge, von hoch nach niedrig: Ass, 3, König, Reiter (Dame), Bube, 7, 6,
  5, 4, 2.
  Punkte: Ass 11, 3 10, König 4, Reiter 3, Bube 2, alle anderen 0.
  Das Blatt enthält 120 Punkte.

Die Tische
  2 Spieler: 40 Karten, 20 Stiche, jeder für sich. 61 oder mehr gewinnt die
             Runde; 60:60 ist eine unentschiedene Runde.
  3 Spieler: 36 Karten (ohne die vier 2er), 12 Stiche, jeder für sich. Die
             höchste Summe gewinnt die Runde (61 sind nicht nötig); ein
             Gleichstand an der Spitze ist eine unentschiedene Runde. Auf
             italienische Art, wenn der Tisch es so will (--pack 39): 39
             Karten, nur die 2 der Stäbe fehlt, 13 Stiche.
  4 Spieler: 40 Karten, 10 Stiche, zwei Teams: die Plätze 0 und 2 gegen die
             Plätze 1 und 3. 61 oder mehr gewinnt die Runde; 60:60 ist eine
             unentschiedene Runde.
  6 Spieler: 36 Karten (ohne die vier 2er), 6 Stiche, drei Paare: Platz i
             mit Platz i+3. Das Paar mit der höchsten Summe gewinnt die
             Runde; ein Gleichstand an der Spitze ist eine unentschiedene
             Runde.
  Partner sitzen einander gegenüber und zählen ihre Punkte zusammen.

Geben
  Die Plätze sind in Spielreihenfolge nummeriert: Gespielt wird von jedem
  Platz zum nächsten (am echten Tisch nach rechts). Der erste Geber wird
  ausgelost; in jeder neuen Runde gibt der nächste Platz. Der Geber mischt,
  gibt jedem Platz drei Karten, einzeln, beginnend beim Platz nach ihm, und
  deckt die nächste Karte auf. Ihre Farbe ist für die ganze Runde Trumpf
  (die Briscola). Die aufgedeckte Karte liegt halb unter dem Talon und wird
  als letzte gezogen, sodass alle wissen, wer sie bekommt.

Stiche
  Der Platz nach dem Geber spielt zum ersten Stich aus. Du darfst immer jede
  Karte deiner Hand spielen: Es gibt weder Farb- noch Trumpf- noch
  Überstechzwang. Der höchste Trumpf gewinnt den Stich; liegt kein Trumpf
  darin, gewinnt die höchste Karte der ausgespielten Farbe. Eine Karte einer
  anderen Farbe gewinnt nie.

Nachziehen
  Wer den Stich gewinnt, nimmt die Karten, zieht zuerst und spielt zum
  nächsten Stich aus; danach zieht jeder andere Platz eine Karte, in
  Spielreihenfolge, solange der Talon reicht. Ist der Talon aufgebraucht,
  werden die letzten drei Karten jeder Hand ohne Nachziehen ausgespielt.

Rundenende
  Die Runde endet, wenn alle Karten gespielt sind. Jede Partei zählt die
  Punkte in ihren Stichen; wer gewinnt, steht oben bei den Tischen. Eine
  unentschiedene Runde zählt für niemanden.

Die Partie
  Eine Partie geht auf 1, 2 oder 3 gewonnene Runden; der Gastgeber wählt,
  üblich ist 1. Nach einer unentschiedenen Runde geht die Partie mit der
  nächsten Runde weiter. Die Punkte jeder Runde stehen in der Aufzeichnung.

Varianten (nur wenn der Tisch so eingestellt ist)
  brisca (spanische Tische), der Tausch: Wenn du am Zug bist, bevor du eine
  Karte spielst, solange die aufgedeckte Karte noch unter dem Talon liegt,
  also außer ihr noch mindestens eine Karte zu ziehen ist:
    - wer die Trumpf-7 hält, darf sie gegen die aufgedeckte Karte tauschen,
      wenn diese ein Ass, eine 3, ein König, ein Reiter oder ein Bube ist;
    - wer die Trumpf-2 hält, darf sie gegen die aufgedeckte Karte tauschen,
      wenn diese eine 4, 5, 6 oder 7 ist.
  Höchstens ein Tausch pro Zug. Alle sehen den Tausch.

  bisca (portugiesische Tische): Die 7 ist die zweithöchste Karte und 10
  Punkte wert; die 3 rückt an ihren Platz in der Zahlenfolge, zwischen die
  4 und die 2, und ist 0 Punkte wert. Rangfolge: Ass, 7, König, Reiter,
  Bube, 6, 5, 4, 3, 2. Alles andere wie oben.
"""

_IT: Final = """\
BRISCOLA: LE REGOLE

Le carte
  La briscola si gioca con 40 carte, quattro semi da dieci. Il mazzo
  italiano e quello spagnolo hanno Coppe, Denari, Spade e Bastoni; un mazzo
  francese senza gli 8, i 9 e i 10 fa lo stesso gioco con Cuori, Quadri,
  Picche e Fiori.

  Ordine di presa, dalla più alta: Asso, 3, Re, Cavallo (Regina), Fante, 7,
  6, 5, 4, 2.
  Punti: Asso 11, 3 10, Re 4, Cavallo 3, Fante 2, tutte le altre 0.
  Il mazzo vale 120 punti.

I tavoli
  2 giocatori: 40 carte, 20 prese, ognuno per sé. Con 61 o più si vince la
               smazzata; 60 a 60 è una smazzata pari.
  3 giocatori: 36 carte (senza i quattro 2), 12 prese, ognuno per sé. Vince
               la smazzata il totale più alto (61 non serve); una parità in
               testa è una smazzata pari. All'italiana, se il tavolo lo
               prevede (--pack 39): 39 carte, tolto solo il 2 di Bastoni,
               13 prese.
  4 giocatori: 40 carte, 10 prese, due squadre: i posti 0 e 2 contro i
               posti 1 e 3. Con 61 o più si vince la smazzata; 60 a 60 è
               una smazzata pari.
  6 giocatori: 36 carte (senza i quattro 2), 6 prese, tre coppie: il posto
               i con il posto i+3. Vince la smazzata la coppia con il totale
               più alto; una parità in testa è una smazzata pari.
  I compagni siedono uno di fronte all'altro e sommano i punti presi.

La distribuzione
  I posti sono numerati nell'ordine di gioco: si gioca da ogni posto al
  successivo (a destra, al tavolo vero). Il primo mazziere è estratto a
  sorte; a ogni nuova smazzata le carte le dà il posto successivo. Il
  mazziere mescola, dà tre carte a ciascun posto, una alla volta,
  cominciando dal posto dopo di lui, e scopre la carta seguente. Il suo seme
  è la briscola per tutta la smazzata. La carta scoperta resta mezza sotto
  il mazzo ed è l'ultima a essere pescata, così tutti sanno chi la prenderà.

Le prese
  Il posto dopo il mazziere gioca la prima carta. Si può sempre giocare
  qualsiasi carta della propria mano: non c'è obbligo di rispondere al
  seme, di giocare briscola né di superare. La briscola più alta prende; se
  non ci sono briscole, prende la carta più alta del seme di uscita. Una
  carta di un altro seme non prende mai.

Pescare
  Chi fa la presa raccoglie le carte, pesca per primo ed esce alla presa
  successiva; poi ogni altro posto pesca una carta, nell'ordine di gioco,
  finché dura il mazzo. Finito il mazzo, le ultime tre carte di ogni mano si
  giocano senza pescare.

Fine della smazzata
  La smazzata finisce quando sono state giocate tutte le carte. Ogni parte
  conta i punti delle sue prese; chi vince lo dicono i tavoli qui sopra. Una
  smazzata pari non conta per nessuno.

La partita
  Una partita si gioca a 1, 2 o 3 smazzate vinte; sceglie chi ospita il
  tavolo, di solito 1. Dopo una smazzata pari la partita continua con la
  smazzata successiva. I punti di ogni smazzata restano nella registrazione.

Varianti (solo se il tavolo le prevede)
  brisca (tavoli spagnoli), lo scambio: al proprio turno, prima di giocare
  una carta, finché la carta scoperta è ancora sotto il mazzo (oltre a lei
  resta almeno un'altra carta da pescare):
    - chi ha il 7 di briscola può scambiarlo con la carta scoperta se questa
      è un Asso, un 3, un Re, un Cavallo o un Fante;
    - chi ha il 2 di briscola può scambiarlo con la carta scoperta se questa
      è un 4, 5, 6 o 7.
  Al massimo uno scambio per turno. Lo scambio lo vedono tutti.

  bisca (tavoli portoghesi): il 7 è la seconda carta per forza e vale 10
  punti; il 3 scende al suo posto nell'ordine dei numeri, tra il 4 e il 2, e
  vale 0. Ordine: Asso, 7, Re, Cavallo, Fante, 6, 5, 4, 3, 2. Il resto come
  sopra.
"""

RULES: Final[dict[str, str]] = {"en": _EN, "de": _DE, "it": _IT}

# How cards are written: the letters of the faces and language in use, with their key.
_CARDS: Final = {
    "en": (
        "How cards are written",
        "On the screen and at the prompt a card is its rank, then its suit: {ex1} is the "
        "{name1}, {ex2} the {name2}.",
        "Ranks: {ranks}; 2 to 7 as they are.",
        "Suits: {suits}.",
        "Other packs: {command} --faces french (or spanish).",
    ),
    "de": (
        "So werden Karten geschrieben",
        "Auf dem Bildschirm und bei der Eingabe ist eine Karte ihr Rang, dann ihre Farbe: "
        "{ex1} steht für {name1}, {ex2} für {name2}.",
        "Ränge: {ranks}; 2 bis 7 wie sie sind.",
        "Farben: {suits}.",
        "Andere Blätter: {command} --faces french (oder spanish).",
    ),
    "it": (
        "Come si scrivono le carte",
        "Sullo schermo, e quando la scrivi, una carta è il suo valore, poi il suo seme: {ex1} "
        "sta per {name1}, {ex2} per {name2}.",
        "Valori: {ranks}; dal 2 al 7 come sono.",
        "Semi: {suits}.",
        "Altri mazzi: {command} --faces french (o spanish).",
    ),
}


def cards_text(lang: str = "en", faces: Faces = "italian") -> str:
    """The rules' last section: how cards are written in these faces and language."""
    head, *paragraphs = _CARDS[lang]
    ranks, suits = letters_key(faces, lang)  # type: ignore[arg-type]
    ex1, ex2 = Card.parse("AD"), Card.parse("QS")
    command = "briscola rules" + (f" --lang {lang}" if lang != "en" else "")
    values = {
        "ex1": card_code(ex1, faces, lang),  # type: ignore[arg-type]
        "name1": card_name(ex1, faces, lang),  # type: ignore[arg-type]
        "ex2": card_code(ex2, faces, lang),  # type: ignore[arg-type]
        "name2": card_name(ex2, faces, lang),  # type: ignore[arg-type]
        "ranks": ranks,
        "suits": suits,
        "command": command,
    }
    lines = [head]
    for text in paragraphs:
        lines += textwrap.wrap(text.format(**values), 78, initial_indent="  ",
                               subsequent_indent="  ", break_on_hyphens=False)  # fmt: skip
    return "\n".join(lines) + "\n"


def rules_text(lang: str = "en", faces: Faces = "italian") -> str:
    """The rules for players in ``lang`` (``en``, ``de`` or ``it``), the cards written
    in the letters of ``faces`` in that language."""
    try:
        body = RULES[lang]
    except KeyError:
        raise ValueError(f"no rules in {lang!r}; expected one of {', '.join(RULES)}") from None
    return body + "\n" + cards_text(lang, faces)


def main(args: argparse.Namespace) -> int:
    """``briscola rules [--lang en|de|it] [--faces italian|french|spanish]``."""
    print(rules_text(args.lang, args.faces), end="")
    return 0
