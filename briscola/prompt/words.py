"""The prompt's words in English, German and Italian.

Every sentence is written in English in the code and looked up here by that
English text, so the code reads naturally and a missing translation falls
back to English rather than failing.  Verbs come in four forms (you, another
seat, your side, another side) because German and Italian conjugate them.
Floor 6; no imports from the project.
"""

from __future__ import annotations

from typing import Final

__all__ = ["ALIASES", "HELP", "VERBS", "WORDS", "YES", "phrase", "verb", "words"]

WORDS: Final[dict[str, dict[str, str]]] = {
    "de": {
        "You": "Du",
        "Us": "Wir",
        "Them": "Sie",
        "{players} players": "{players} Spieler",
        "first to {target} round": "wer zuerst {target} Runde gewinnt",
        "first to {target} rounds": "wer zuerst {target} Runden gewinnt",
        "{variant} variant": "Variante {variant}",
        "your partner": "dein Partner",
        "against you": "gegen dich",
        "on your right": "rechts von dir",
        "on your left": "links von dir",
        "opposite you": "dir gegenüber",
        "second on your right": "zweiter Platz rechts von dir",
        "second on your left": "zweiter Platz links von dir",
        "  Type help for the commands; the toolbar shows the score.": (
            "  Tippe help für die Befehle; unten steht der Spielstand."
        ),
        "Round {round}": "Runde {round}",
        "Trump: {card} · {stock} cards in the stock": "Trumpf: {card} · {stock} Karten im Talon",
        "no points": "keine Punkte",
        "1 point": "1 Punkt",
        "{n} points": "{n} Punkte",
        "  → {who} {take} the trick: {points}": "  → {who} {take} den Stich: {points}",
        "  {who} {draw} the face-up {card}: the stock is empty.": (
            "  {who} {draw} die offene Karte {card}: der Talon ist leer."
        ),
        "  {who} {exchange} {gave} for the face-up {took}": (
            "  {who} {exchange} {gave} gegen die offene Karte {took}"
        ),
        "Your hand:": "Deine Hand:",
        "  You may exchange your {card} for the face-up card: type exchange": (
            "  Du darfst deine {card} gegen die offene Karte tauschen: tippe exchange"
        ),
        "You lead.": "Du spielst aus.",
        "On the table:": "Auf dem Tisch:",
        "No trick has been taken yet this round.": "In dieser Runde ging noch kein Stich weg.",
        "Last trick:": "Letzter Stich:",
        "  → {who} {take} it: {points}": "  → {who} {take} ihn: {points}",
        "Rounds won (first to {target}): {scores}": "Gewonnene Runden (Ziel {target}): {scores}",
        "Points this round: {scores}": "Punkte in dieser Runde: {scores}",
        "Points this round are not shown (--no-count).": (
            "Die Punkte dieser Runde werden nicht gezeigt (--no-count)."
        ),
        "Round {round} over": "Runde {round} vorbei",
        " from ": " mit ",
        "  A drawn round: it counts for nobody.": "  Unentschieden: die Runde zählt für niemanden.",
        "{side} {win} the round.": "{side} {win} die Runde.",
        "  Rounds won: {scores}": "  Gewonnene Runden: {scores}",
        "(rounds won: {scores})": "(gewonnene Runden: {scores})",
        "The match ends without a winner {score}.": "Die Partie endet ohne Sieger {score}.",
        "{side} {win} the match": "{side} {win} die Partie",
        "Trump": "Trumpf",
        "Stock": "Talon",
        "Round": "Runde",
        "Rounds": "Runden",
        "Points": "Punkte",
        "play> ": "spiel> ",
        "Leave the game in progress? (y/n) ": "Die laufende Partie verlassen? (j/n) ",
        "Play again? (y/n) ": "Noch eine Partie? (j/n) ",
        "You left the table.": "Du hast den Tisch verlassen.",
        "This match was seed {seed}: briscola play --seed {seed} deals it again.": (
            "Diese Partie hatte den Seed {seed}: briscola play --seed {seed} gibt sie noch einmal."
        ),
        "{name}'s player failed; a built-in {level} bot plays that seat from here.": (
            "{name}s Programm ist ausgefallen; ab hier spielt der eingebaute Bot {level}."
        ),
        "Type {range} for a card in your hand, the card itself (e.g. {example}), or help.": (
            "Tippe {range} für eine Karte deiner Hand, die Karte selbst (z. B. {example}) "
            "oder help."
        ),
        "There is no exchange in the {variant} variant.": (
            "In der Variante {variant} gibt es keinen Tausch."
        ),
        "No exchange now: the trump 7 takes a face-up A, 3, K, Q or J and the trump 2 a 4, 5, 6 "
        "or 7, once per turn, while the face-up card lies under the stock.": (
            "Jetzt kein Tausch: die Trumpf-7 nimmt eine offene A, 3, K, Q oder J, die Trumpf-2 "
            "eine 4, 5, 6 oder 7, einmal pro Zug, solange die offene Karte unter dem Talon liegt."
        ),
        "There is no card {i} in your hand: type {range}.": (
            "Deine Hand hat keine Karte {i}: tippe {range}."
        ),
        "Not a card or a command: {text}. Type {range}, a card in your hand such as {example}, "
        "or help.": (
            "Keine Karte und kein Befehl: {text}. Tippe {range}, eine Karte deiner Hand wie "
            "{example}, oder help."
        ),
        "{card} is not in your hand ({hand}).": "{card} ist nicht in deiner Hand ({hand}).",
    },
    "it": {
        "You": "Tu",
        "Us": "Noi",
        "Them": "Loro",
        "{players} players": "{players} giocatori",
        "first to {target} round": "vince chi arriva a {target} smazzata",
        "first to {target} rounds": "vince chi arriva a {target} smazzate",
        "{variant} variant": "variante {variant}",
        "your partner": "il tuo compagno",
        "against you": "contro di te",
        "on your right": "alla tua destra",
        "on your left": "alla tua sinistra",
        "opposite you": "di fronte a te",
        "second on your right": "il secondo alla tua destra",
        "second on your left": "il secondo alla tua sinistra",
        "  Type help for the commands; the toolbar shows the score.": (
            "  Scrivi help per i comandi; la barra in basso mostra il punteggio."
        ),
        "Round {round}": "Smazzata {round}",
        "Trump: {card} · {stock} cards in the stock": "Briscola: {card} · {stock} carte nel mazzo",
        "no points": "nessun punto",
        "1 point": "1 punto",
        "{n} points": "{n} punti",
        "  → {who} {take} the trick: {points}": "  → {who} {take} la presa: {points}",
        "  {who} {draw} the face-up {card}: the stock is empty.": (
            "  {who} {draw} la carta scoperta {card}: il mazzo è finito."
        ),
        "  {who} {exchange} {gave} for the face-up {took}": (
            "  {who} {exchange} {gave} con la carta scoperta {took}"
        ),
        "Your hand:": "La tua mano:",
        "  You may exchange your {card} for the face-up card: type exchange": (
            "  Puoi scambiare il tuo {card} con la carta scoperta: scrivi exchange"
        ),
        "You lead.": "Apri tu.",
        "On the table:": "In tavola:",
        "No trick has been taken yet this round.": "Nessuna presa ancora in questa smazzata.",
        "Last trick:": "Ultima presa:",
        "  → {who} {take} it: {points}": "  → {who} la {take}: {points}",
        "Rounds won (first to {target}): {scores}": (
            "Smazzate vinte (si gioca a {target}): {scores}"
        ),
        "Points this round: {scores}": "Punti in questa smazzata: {scores}",
        "Points this round are not shown (--no-count).": (
            "I punti della smazzata non sono mostrati (--no-count)."
        ),
        "Round {round} over": "Fine della smazzata {round}",
        " from ": " con ",
        "  A drawn round: it counts for nobody.": "  Smazzata pari: non conta per nessuno.",
        "{side} {win} the round.": "{side} {win} la smazzata.",
        "  Rounds won: {scores}": "  Smazzate vinte: {scores}",
        "(rounds won: {scores})": "(smazzate vinte: {scores})",
        "The match ends without a winner {score}.": "La partita finisce senza vincitori {score}.",
        "{side} {win} the match": "{side} {win} la partita",
        "Trump": "Briscola",
        "Stock": "Mazzo",
        "Round": "Smazzata",
        "Rounds": "Vinte",
        "Points": "Punti",
        "play> ": "gioca> ",
        "Leave the game in progress? (y/n) ": "Lasciare la partita in corso? (s/n) ",
        "Play again? (y/n) ": "Un'altra partita? (s/n) ",
        "You left the table.": "Hai lasciato il tavolo.",
        "This match was seed {seed}: briscola play --seed {seed} deals it again.": (
            "Questa partita aveva il seed {seed}: briscola play --seed {seed} la ridistribuisce."
        ),
        "{name}'s player failed; a built-in {level} bot plays that seat from here.": (
            "Il giocatore di {name} non risponde più; da qui gioca al suo posto il bot {level}."
        ),
        "Type {range} for a card in your hand, the card itself (e.g. {example}), or help.": (
            "Scrivi {range} per una carta della tua mano, la carta stessa (per es. {example}) "
            "o help."
        ),
        "There is no exchange in the {variant} variant.": (
            "Nella variante {variant} non c'è lo scambio."
        ),
        "No exchange now: the trump 7 takes a face-up A, 3, K, Q or J and the trump 2 a 4, 5, 6 "
        "or 7, once per turn, while the face-up card lies under the stock.": (
            "Ora niente scambio: il 7 di briscola prende una carta scoperta A, 3, K, Q o J e il 2 "
            "di briscola un 4, 5, 6 o 7, una volta per turno, finché la carta scoperta è sotto il "
            "mazzo."
        ),
        "There is no card {i} in your hand: type {range}.": (
            "Non hai una carta {i} in mano: scrivi {range}."
        ),
        "Not a card or a command: {text}. Type {range}, a card in your hand such as {example}, "
        "or help.": (
            "Né una carta né un comando: {text}. Scrivi {range}, una carta della tua mano come "
            "{example}, o help."
        ),
        "{card} is not in your hand ({hand}).": "{card} non è nella tua mano ({hand}).",
    },
}

# Forms: you, another seat, your side (you and a partner), another side.
VERBS: Final[dict[str, dict[str, tuple[str, str, str, str]]]] = {
    "en": {
        "play": ("play", "plays", "play", "play"),
        "deal": ("deal", "deals", "deal", "deal"),
        "take": ("take", "takes", "take", "take"),
        "draw": ("draw", "draws", "draw", "draw"),
        "exchange": ("exchange", "exchanges", "exchange", "exchange"),
        "win": ("win", "wins", "win", "win"),
    },
    "de": {
        "play": ("spielst", "spielt", "spielt", "spielen"),
        "deal": ("gibst", "gibt", "gebt", "geben"),
        "take": ("nimmst", "nimmt", "nehmt", "nehmen"),
        "draw": ("ziehst", "zieht", "zieht", "ziehen"),
        "exchange": ("tauschst", "tauscht", "tauscht", "tauschen"),
        "win": ("gewinnst", "gewinnt", "gewinnt", "gewinnen"),
    },
    "it": {
        "play": ("giochi", "gioca", "giocate", "giocano"),
        "deal": ("distribuisci", "distribuisce", "distribuite", "distribuiscono"),
        "take": ("prendi", "prende", "prendete", "prendono"),
        "draw": ("peschi", "pesca", "pescate", "pescano"),
        "exchange": ("scambi", "scambia", "scambiate", "scambiano"),
        "win": ("vinci", "vince", "vincete", "vincono"),
    },
}

YES: Final = frozenset({"y", "yes", "j", "ja", "s", "si", "sì"})

# Command words in the three languages; the English ones work everywhere.
ALIASES: Final[dict[str, str]] = {
    "?": "help",
    "exit": "quit",
    "x": "exchange",
    "hilfe": "help",
    "letzter": "last",
    "stand": "score",
    "regeln": "rules",
    "ende": "quit",
    "tausch": "exchange",
    "aiuto": "help",
    "mano": "hand",
    "ultima": "last",
    "punti": "score",
    "regole": "rules",
    "esci": "quit",
    "scambio": "exchange",
}

HELP: Final[dict[str, str]] = {
    "en": """\
Play a card by its number (1, 2, 3), its text (AD = Ace of Coins: rank A 2 3 4 5 6 7 J Q K,
suit C D S B) or its name (Ace of Coins); Tab completes the cards in your hand.
Commands:
  help      this text
  hand      your hand again
  last      the last trick
  score     rounds won and points so far
  rules     the rules of the game
  exchange  swap your trump 7 or 2 for the face-up card (brisca variant, when allowed)
  quit      leave the game (Ctrl-C asks too; Ctrl-D leaves at once)""",
    "de": """\
Spiele eine Karte mit ihrer Nummer (1, 2, 3), ihrem Kürzel (AD = Münz-Ass: Rang
A 2 3 4 5 6 7 J Q K, Farbe C D S B) oder ihrem Namen (Münz-Ass); Tab ergänzt die Karten
deiner Hand.
Befehle:
  help      (hilfe) dieser Text
  hand      deine Hand noch einmal
  last      (letzter) der letzte Stich
  score     (stand) gewonnene Runden und Punkte bisher
  rules     (regeln) die Spielregeln
  exchange  (tausch) die Trumpf-7 oder -2 gegen die offene Karte tauschen (Variante brisca)
  quit      (ende) die Partie verlassen (Strg-C fragt auch; Strg-D geht sofort)""",
    "it": """\
Gioca una carta con il suo numero (1, 2, 3), la sua sigla (AD = Asso di Denari: valore
A 2 3 4 5 6 7 J Q K, seme C D S B) o il suo nome (Asso di Denari); Tab completa le carte
della tua mano.
Comandi:
  help      (aiuto) questo testo
  hand      (mano) di nuovo la tua mano
  last      (ultima) l'ultima presa
  score     (punti) smazzate vinte e punti finora
  rules     (regole) le regole del gioco
  exchange  (scambio) scambia il 7 o il 2 di briscola con la carta scoperta (variante brisca)
  quit      (esci) lascia la partita (Ctrl-C chiede conferma; Ctrl-D esce subito)""",
}


def phrase(lang: str, text: str) -> str:
    """The template ``text`` (English) in ``lang``, its fields still to fill."""
    return WORDS.get(lang, {}).get(text, text)


def words(lang: str, text: str, /, **values: object) -> str:
    """``text`` (English) in ``lang``, with ``values`` filled in."""
    return phrase(lang, text).format(**values)


def verb(lang: str, name: str, form: int) -> str:
    return VERBS.get(lang, VERBS["en"])[name][form]
