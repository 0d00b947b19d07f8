"""The prompt's sentences in English, German and Italian (a :mod:`briscola.words.i18n` catalog).

Every sentence is whole, with the person (``you``, ``other``, ``we``,
``they``) or the number as its form, so that each language keeps its own
word order and grammar.  The LAN client shows the same table through the
same words.  Floor 6.
"""

from __future__ import annotations

from typing import Final

from ..cards import (
    Card,
    Faces,
    Language,
    Rank,
    Ranking,
    card_code,
    card_name,
    letters_key,
    rank_word,
    strength_table,
)
from .i18n import Catalog, Message, say

__all__ = [
    "ALIASES",
    "BOT_NAMES",
    "CATALOG",
    "YES",
    "exchange_ranks",
    "gender_of",
    "help_text",
    "note_words",
    "short_rules",
    "shown_name",
    "words",
]

# The names the program gives the bots at a table, with the gender the sentences
# agree with ("la tua compagna"); a name not here (a person's own) takes the
# neutral forms.
BOT_NAMES: Final[dict[str, str]] = {
    "Marco": "m",
    "Giulia": "f",
    "Luca": "m",
    "Sofia": "f",
    "Paolo": "m",
}

_EN: Final[dict[str, Message]] = {
    "you": "You",
    "us": "Us",
    "them": "Them",
    "intro.players": "{players} players",
    "intro.target": {"one": "first to 1 round", "other": "first to {n} rounds"},
    "intro.variant": "{variant} variant",
    "intro.pack": "{n} cards",
    "intro.seed": "seed {seed}",
    "intro.level": "level {level}",
    "intro.seat": "  {who} ({note}): {role}",
    "intro.seat_bare": "  {who}: {role}",
    "intro.you_are": "  You play as {name}.",
    "role.partner": "your partner",
    "role.against": "against you",
    "role.partner_at": "your partner, {where}",
    "role.against_at": "against you, {where}",
    "where.right": "on your right",
    "where.left": "on your left",
    "where.opposite": "opposite you",
    "where.right2": "second on your right",
    "where.left2": "second on your left",
    "intro.tip": "  Type help for the commands; the toolbar shows the score.",
    "intro.tip_lines": "  Type help for the commands and score for the score.",
    "level.easy": "easy",
    "level.medium": "medium",
    "level.hard": "hard",
    "level.expert": "expert",
    "note.easy": "easy",
    "note.medium": "medium",
    "note.hard": "hard",
    "note.expert": "expert",
    "note.random": "random",
    "note.greedy": "greedy",
    "botname.random": "random",
    "botname.greedy": "greedy",
    "botname.expert": "expert",
    "round.head": {"you": "Round {round} · You deal", "other": "Round {round} · {who} deals"},
    "round.trump": {
        "one": "Trump: {card} · 1 card in the stock",
        "other": "Trump: {card} · {n} cards in the stock",
    },
    "points": {"zero": "no points", "one": "1 point", "other": "{n} points"},
    "play": {"you": "  You play {card}", "other": "  {who} plays {card}"},
    "draw": {"you": "  You draw {card}", "other": "  {who} draws {card}"},
    "trick.took": {
        "you": "  → You take the trick: {points}",
        "other": "  → {who} takes the trick: {points}",
    },
    "trump.taken": {
        "you": "  You draw the face-up {card}: the stock is empty.",
        "other": "  {who} draws the face-up {card}: the stock is empty.",
    },
    "exchanged": {
        "you": "  You exchange {gave} for the face-up {took}",
        "other": "  {who} exchanges {gave} for the face-up {took}",
    },
    "hand.head": "Your hand:",
    "hand.exchange": "  You may exchange your {card} for the face-up card: type exchange",
    "table.lead": "You lead.",
    "table.head": "On the table:",
    "table.best": "(winning so far)",
    "last.none": "No trick has been taken yet this round.",
    "last.head": "Last trick:",
    "last.took": {"you": "  → You take it: {points}", "other": "  → {who} takes it: {points}"},
    "score.rounds": {
        "one": "Rounds won (first to 1): {scores}",
        "other": "Rounds won (first to {n}): {scores}",
    },
    "score.points": "Points this round: {scores}",
    "score.hidden": "Points this round are not shown (--no-count).",
    "end.head": "Round {round} over",
    "end.side": "  {side}: {points}",
    "end.side_made": "  {side}: {points} from {cards}",
    "end.drawn": "  A drawn round: it counts for nobody.",
    "end.won": {
        "you": "  You win the round.",
        "other": "  {side} wins the round.",
        "we": "  {side} win the round.",
        "they": "  {side} win the round.",
    },
    "end.rounds": "  Rounds won: {scores}",
    "review.head": "  The biggest tricks:",
    "review.trick": {
        "you": "    trick {i}: you took {points} ({cards})",
        "other": "    trick {i}: {who} took {points} ({cards})",
    },
    "match.won": {
        "you": "You win the match (rounds won: {scores})!",
        "other": "{side} wins the match (rounds won: {scores}).",
        "we": "{side} win the match (rounds won: {scores})!",
        "they": "{side} win the match (rounds won: {scores}).",
    },
    "match.none": "The match ends without a winner (rounds won: {scores}).",
    "hints.used": {"one": "  1 hint used.", "other": "  {n} hints used."},
    "tally": {
        "one": "This session: 1 match, {won} won, {lost} lost; points {mine} to {theirs}.",
        "other": "This session: {n} matches, {won} won, {lost} lost; points {mine} to {theirs}.",
    },
    "bar.trump": "Trump",
    "bar.stock": "Stock",
    "bar.round": "Round",
    "bar.rounds": "Rounds",
    "bar.points": "Points",
    "prompt": "play> ",
    "ask.leave": "Leave the game in progress? (y/n) ",
    "ask.again": "Play again? (y/n) ",
    "left": "You left the table.",
    "back": "Back at the table.",
    "input.ended": "The input ended in the middle of the match; the match is abandoned.",
    "seed.told": "This match was seed {seed}: briscola play --seed {seed} deals it again.",
    "takeover": "{name}'s player failed; a built-in {level} bot plays that seat from here.",
    "record.failed": (
        "The record could not be written ({why}); it holds the match up to here. The game goes on."
    ),
    "record.next": "The record of this match goes to {path}.",
    "entry.empty": (
        "Type {range} for a card in your hand, the card itself (e.g. {example}), or help."
    ),
    "entry.no_exchange.italian": "There is no exchange in the Italian game.",
    "entry.no_exchange.bisca": "There is no exchange in bisca.",
    "entry.no_exchange_now": (
        "No exchange now: the trump 7 takes a face-up {high} and the trump 2 a {low}, once per "
        "turn, while the face-up card lies under the stock."
    ),
    "entry.no_slot": "There is no card {i} in your hand: type {range} ({hand}).",
    "entry.unknown": (
        "Not a card or a command: {text}. Type {range}, a card in your hand such as {example}, "
        "or help."
    ),
    "entry.not_in_hand": "{card} is not in your hand ({hand}).",
    "entry.which": "Which one: {cards}?",
    "or": "{a} or {b}",
    "seen.head": "Played this round, by suit:",
    "seen.suit": "  {suit}: {cards}",
    "seen.trump_suit": "  {suit} (trump): {cards}",
    "seen.none": "-",
    "seen.out": "  Aces and threes not yet seen: {cards}",
    "seen.all_out": "  Every ace and three has been seen.",
    "seen.out7": "  Aces and sevens not yet seen: {cards}",
    "seen.all_out7": "  Every ace and seven has been seen.",
    "hint": "  Hint: the expert would play {card} (round margin {value}; {others}).",
    "hint.only": "  Hint: the expert would play {card}.",
    "hint.off": "Hints are off in this match (--no-hints).",
    "hint.none": "No hints in this game.",
    "undo.off": "No take-backs in this game (only against built-in bots).",
    "undo.none": "Nothing to take back yet this round.",
    "takeback": {
        "you": "  You take back your card: trick {i} again.",
        "other": "  {who} takes back a card: trick {i} again.",
    },
    "takebacks.used": {"one": "  1 card taken back.", "other": "  {n} cards taken back."},
}

_DE: Final[dict[str, Message]] = {
    "you": "Du",
    "us": "Wir",
    "them": "Sie",
    "intro.players": "{players} Spieler",
    "intro.target": {"one": "wer zuerst 1 Runde gewinnt", "other": "wer zuerst {n} Runden gewinnt"},
    "intro.variant": "Variante {variant}",
    "intro.pack": "{n} Karten",
    "intro.seed": "Startwert {seed}",
    "intro.level": "Stufe {level}",
    "intro.seat": "  {who} ({note}): {role}",
    "intro.seat_bare": "  {who}: {role}",
    "intro.you_are": "  Du spielst als {name}.",
    "role.partner": {"m": "dein Partner", "f": "deine Partnerin", "n": "mit dir im Team"},
    "role.against": "gegen dich",
    "role.partner_at": {
        "m": "dein Partner, {where}",
        "f": "deine Partnerin, {where}",
        "n": "mit dir im Team, {where}",
    },
    "role.against_at": "gegen dich, {where}",
    "where.right": "rechts von dir",
    "where.left": "links von dir",
    "where.opposite": "dir gegenüber",
    "where.right2": "zwei Plätze rechts von dir",
    "where.left2": "zwei Plätze links von dir",
    "intro.tip": "  Tippe hilfe für die Befehle; unten steht der Spielstand.",
    "intro.tip_lines": "  Tippe hilfe für die Befehle und stand für den Spielstand.",
    "level.easy": "leicht",
    "level.medium": "mittel",
    "level.hard": "schwer",
    "level.expert": "Experte",
    "note.easy": "leicht",
    "note.medium": "mittel",
    "note.hard": "schwer",
    "note.expert": {"m": "Experte", "f": "Expertin", "n": "Expertenstufe"},
    "note.random": "spielt zufällig",
    "note.greedy": "spielt gierig",
    "botname.random": "Zufall",
    "botname.greedy": "Gierig",
    "botname.expert": "Experte",
    "round.head": {"you": "Runde {round} · Du gibst", "other": "Runde {round} · {who} gibt"},
    "round.trump": {
        "one": "Trumpf: {card} · 1 Karte im Talon",
        "other": "Trumpf: {card} · {n} Karten im Talon",
    },
    "points": {"zero": "keine Punkte", "one": "1 Punkt", "other": "{n} Punkte"},
    "play": {"you": "  Du spielst {card}", "other": "  {who} spielt {card}"},
    "draw": {"you": "  Du ziehst {card}", "other": "  {who} zieht {card}"},
    "trick.took": {
        "you": "  → Du nimmst den Stich: {points}",
        "other": "  → {who} nimmt den Stich: {points}",
    },
    "trump.taken": {
        "you": "  Du ziehst die offene Karte {card}: der Talon ist leer.",
        "other": "  {who} zieht die offene Karte {card}: der Talon ist leer.",
    },
    "exchanged": {
        "you": "  Du tauschst {gave} gegen die offene Karte {took}",
        "other": "  {who} tauscht {gave} gegen die offene Karte {took}",
    },
    "hand.head": "Deine Hand:",
    "hand.exchange": "  Du darfst deine {card} gegen die offene Karte tauschen: tippe tausch",
    "table.lead": "Du spielst aus.",
    "table.head": "Auf dem Tisch:",
    "table.best": "(sticht bisher)",
    "last.none": "In dieser Runde wurde noch kein Stich gemacht.",
    "last.head": "Letzter Stich:",
    "last.took": {"you": "  → Du nimmst ihn: {points}", "other": "  → {who} nimmt ihn: {points}"},
    "score.rounds": {
        "one": "Gewonnene Runden (wer zuerst 1 gewinnt): {scores}",
        "other": "Gewonnene Runden (wer zuerst {n} gewinnt): {scores}",
    },
    "score.points": "Punkte in dieser Runde: {scores}",
    "score.hidden": "Die Punkte dieser Runde werden nicht gezeigt (--no-count).",
    "end.head": "Runde {round} vorbei",
    "end.side": "  {side}: {points}",
    "end.side_made": "  {side}: {points} aus {cards}",
    "end.drawn": "  Unentschieden: die Runde zählt für niemanden.",
    "end.won": {
        "you": "  Du gewinnst die Runde.",
        "other": "  {side} gewinnt die Runde.",
        "we": "  {side} gewinnt die Runde.",
        "they": "  {side} gewinnen die Runde.",
    },
    "end.rounds": "  Gewonnene Runden: {scores}",
    "review.head": "  Die größten Stiche:",
    "review.trick": {
        "you": "    Stich {i}: du nahmst {points} ({cards})",
        "other": "    Stich {i}: {who} nahm {points} ({cards})",
    },
    "match.won": {
        "you": "Du gewinnst die Partie (gewonnene Runden: {scores})!",
        "other": "{side} gewinnt die Partie (gewonnene Runden: {scores}).",
        "we": "{side} gewinnt die Partie (gewonnene Runden: {scores})!",
        "they": "{side} gewinnen die Partie (gewonnene Runden: {scores}).",
    },
    "match.none": "Die Partie endet ohne Sieger (gewonnene Runden: {scores}).",
    "hints.used": {"one": "  1 Tipp genutzt.", "other": "  {n} Tipps genutzt."},
    "tally": {
        "one": "Bisher: 1 Partie, {won} gewonnen, {lost} verloren; Punkte {mine} zu {theirs}.",
        "other": (
            "Bisher: {n} Partien, {won} gewonnen, {lost} verloren; Punkte {mine} zu {theirs}."
        ),
    },
    "bar.trump": "Trumpf",
    "bar.stock": "Talon",
    "bar.round": "Runde",
    "bar.rounds": "Runden",
    "bar.points": "Punkte",
    "prompt": "spiel> ",
    "ask.leave": "Die laufende Partie verlassen? (j/n) ",
    "ask.again": "Noch eine Partie? (j/n) ",
    "left": "Du hast den Tisch verlassen.",
    "back": "Zurück am Tisch.",
    "input.ended": "Die Eingabe endete mitten in der Partie; die Partie ist abgebrochen.",
    "seed.told": (
        "Diese Partie hatte den Startwert {seed}: briscola play --seed {seed} gibt sie noch einmal."
    ),
    "takeover": (
        "Das Programm von {name} ist ausgefallen; ab hier spielt ein eingebauter Bot der Stufe "
        "{level} den Platz."
    ),
    "record.failed": (
        "Die Aufzeichnung ließ sich nicht schreiben ({why}); sie enthält die Partie bis hier. "
        "Das Spiel geht weiter."
    ),
    "record.next": "Diese Partie wird in {path} aufgezeichnet.",
    "entry.empty": (
        "Tippe {range} für eine Karte deiner Hand, die Karte selbst (z. B. {example}) oder hilfe."
    ),
    "entry.no_exchange.italian": "Im italienischen Spiel gibt es keinen Tausch.",
    "entry.no_exchange.bisca": "In der bisca gibt es keinen Tausch.",
    "entry.no_exchange_now": (
        "Jetzt kein Tausch: die Trumpf-7 tauscht gegen die offene Karte, wenn diese {high} ist, "
        "die Trumpf-2, wenn sie {low} ist; einmal pro Zug, solange die offene Karte unter dem "
        "Talon liegt."
    ),
    "entry.no_slot": "Deine Hand hat keine Karte {i}: tippe {range} ({hand}).",
    "entry.unknown": (
        "Keine Karte und kein Befehl: {text}. Tippe {range}, eine Karte deiner Hand wie "
        "{example}, oder hilfe."
    ),
    "entry.not_in_hand": "Nicht in deiner Hand: {card} (du hast {hand}).",
    "entry.which": "Welche: {cards}?",
    "or": "{a} oder {b}",
    "seen.head": "In dieser Runde gespielt, nach Farben:",
    "seen.suit": "  {suit}: {cards}",
    "seen.trump_suit": "  {suit} (Trumpf): {cards}",
    "seen.none": "-",
    "seen.out": "  Noch nicht gesehene Asse und Dreien: {cards}",
    "seen.all_out": "  Alle Asse und Dreien sind schon gesehen.",
    "seen.out7": "  Noch nicht gesehene Asse und Siebenen: {cards}",
    "seen.all_out7": "  Alle Asse und Siebenen sind schon gesehen.",
    "hint": "  Tipp: der Experte würde {card} spielen (Vorsprung am Rundenende {value}; {others}).",
    "hint.only": "  Tipp: der Experte würde {card} spielen.",
    "hint.off": "In dieser Partie gibt es keine Tipps (--no-hints).",
    "hint.none": "In diesem Spiel gibt es keine Tipps.",
    "undo.off": "In diesem Spiel wird nichts zurückgenommen (nur gegen eingebaute Bots).",
    "undo.none": "In dieser Runde gibt es noch nichts zurückzunehmen.",
    "takeback": {
        "you": "  Du nimmst deine Karte zurück: wieder Stich {i}.",
        "other": "  {who} nimmt eine Karte zurück: wieder Stich {i}.",
    },
    "takebacks.used": {"one": "  1 Karte zurückgenommen.", "other": "  {n} Karten zurückgenommen."},
}

_IT: Final[dict[str, Message]] = {
    "you": "Tu",
    "us": "Noi",
    "them": "Loro",
    "intro.players": "{players} giocatori",
    "intro.target": {
        "one": "vince chi arriva a 1 smazzata",
        "other": "vince chi arriva a {n} smazzate",
    },
    "intro.variant": "variante {variant}",
    "intro.pack": "{n} carte",
    "intro.seed": "codice {seed}",
    "intro.level": "livello {level}",
    "intro.seat": "  {who} ({note}): {role}",
    "intro.seat_bare": "  {who}: {role}",
    "intro.you_are": "  Giochi come {name}.",
    "role.partner": {"m": "il tuo compagno", "f": "la tua compagna", "n": "in squadra con te"},
    "role.against": "contro di te",
    "role.partner_at": {
        "m": "il tuo compagno, {where}",
        "f": "la tua compagna, {where}",
        "n": "in squadra con te, {where}",
    },
    "role.against_at": "contro di te, {where}",
    "where.right": "alla tua destra",
    "where.left": "alla tua sinistra",
    "where.opposite": "di fronte a te",
    "where.right2": {
        "m": "il secondo alla tua destra",
        "f": "la seconda alla tua destra",
        "n": "due posti alla tua destra",
    },
    "where.left2": {
        "m": "il secondo alla tua sinistra",
        "f": "la seconda alla tua sinistra",
        "n": "due posti alla tua sinistra",
    },
    "intro.tip": "  Scrivi aiuto per i comandi; la barra in basso mostra il punteggio.",
    "intro.tip_lines": "  Scrivi aiuto per i comandi e punti per il punteggio.",
    "level.easy": "facile",
    "level.medium": "medio",
    "level.hard": "difficile",
    "level.expert": "esperto",
    "note.easy": "facile",
    "note.medium": {"m": "medio", "f": "media", "n": "livello medio"},
    "note.hard": "difficile",
    "note.expert": {"m": "esperto", "f": "esperta", "n": "livello esperto"},
    "note.random": "gioca a caso",
    "note.greedy": {"m": "ingordo", "f": "ingorda", "n": "gioca da ingordo"},
    "botname.random": "Caso",
    "botname.greedy": "Ingordo",
    "botname.expert": "Esperto",
    "round.head": {
        "you": "Smazzata {round} · distribuisci tu",
        "other": "Smazzata {round} · distribuisce {who}",
    },
    "round.trump": {
        "one": "Briscola: {card} · 1 carta nel mazzo",
        "other": "Briscola: {card} · {n} carte nel mazzo",
    },
    "points": {"zero": "nessun punto", "one": "1 punto", "other": "{n} punti"},
    "play": {"you": "  Tu giochi {card}", "other": "  {who} gioca {card}"},
    "draw": {"you": "  Tu peschi {card}", "other": "  {who} pesca {card}"},
    "trick.took": {
        "you": "  → La presa è tua: {points}",
        "other": "  → La presa va a {who}: {points}",
    },
    "trump.taken": {
        "you": "  Tu peschi la carta scoperta {card}: il mazzo è finito.",
        "other": "  {who} pesca la carta scoperta {card}: il mazzo è finito.",
    },
    "exchanged": {
        "you": "  Tu scambi {gave} con la carta scoperta {took}",
        "other": "  {who} scambia {gave} con la carta scoperta {took}",
    },
    "hand.head": "La tua mano:",
    "hand.exchange": "  Puoi scambiare il tuo {card} con la carta scoperta: scrivi scambio",
    "table.lead": "Esci tu.",
    "table.head": "In tavola:",
    "table.best": "(per ora prende)",
    "last.none": "Nessuna presa ancora in questa smazzata.",
    "last.head": "Ultima presa:",
    "last.took": {"you": "  → È tua: {points}", "other": "  → Va a {who}: {points}"},
    "score.rounds": {
        "one": "Smazzate vinte (si gioca a 1): {scores}",
        "other": "Smazzate vinte (si gioca a {n}): {scores}",
    },
    "score.points": "Punti in questa smazzata: {scores}",
    "score.hidden": "I punti della smazzata non sono mostrati (--no-count).",
    "end.head": "Fine della smazzata {round}",
    "end.side": "  {side}: {points}",
    "end.side_made": "  {side}: {points} con {cards}",
    "end.drawn": "  Smazzata pari: non conta per nessuno.",
    "end.won": {
        "you": "  Vinci tu la smazzata.",
        "other": "  {side} vince la smazzata.",
        "we": "  {side} vincete la smazzata.",
        "they": "  {side} vincono la smazzata.",
    },
    "end.rounds": "  Smazzate vinte: {scores}",
    "review.head": "  Le prese più ricche:",
    "review.trick": {
        "you": "    presa {i}: hai preso {points} ({cards})",
        "other": "    presa {i}: {who} ha preso {points} ({cards})",
    },
    "match.won": {
        "you": "Vinci tu la partita (smazzate vinte: {scores})!",
        "other": "{side} vince la partita (smazzate vinte: {scores}).",
        "we": "{side} vincete la partita (smazzate vinte: {scores})!",
        "they": "{side} vincono la partita (smazzate vinte: {scores}).",
    },
    "match.none": "La partita finisce senza vincitori (smazzate vinte: {scores}).",
    "hints.used": {"one": "  1 suggerimento usato.", "other": "  {n} suggerimenti usati."},
    "tally": {
        "one": "Finora: 1 partita, {won} vinte, {lost} perse; punti {mine} a {theirs}.",
        "other": "Finora: {n} partite, {won} vinte, {lost} perse; punti {mine} a {theirs}.",
    },
    "bar.trump": "Briscola",
    "bar.stock": "Mazzo",
    "bar.round": "Smazzata",
    "bar.rounds": "Vinte",
    "bar.points": "Punti",
    "prompt": "gioca> ",
    "ask.leave": "Lasciare la partita in corso? (s/n) ",
    "ask.again": "Un'altra partita? (s/n) ",
    "left": "Hai lasciato il tavolo.",
    "back": "Di nuovo al tavolo.",
    "input.ended": "L'input è finito a metà partita; la partita è interrotta.",
    "seed.told": (
        "Il codice di questa partita era {seed}: briscola play --seed {seed} la ridistribuisce."
    ),
    "takeover": (
        "Il giocatore di {name} non risponde più; da qui gioca al suo posto un bot integrato di "
        "livello {level}."
    ),
    "record.failed": (
        "Non si è potuto scrivere la registrazione ({why}); contiene la partita fin qui. "
        "Il gioco continua."
    ),
    "record.next": "Questa partita viene registrata in {path}.",
    "entry.empty": (
        "Scrivi {range} per una carta della tua mano, la carta stessa (per es. {example}) o aiuto."
    ),
    "entry.no_exchange.italian": "Nella briscola italiana non c'è lo scambio.",
    "entry.no_exchange.bisca": "Nella bisca non c'è lo scambio.",
    "entry.no_exchange_now": (
        "Ora niente scambio: il 7 di briscola si scambia con la carta scoperta se questa è "
        "{high}, il 2 di briscola se è {low}; una volta per turno, finché la carta scoperta è "
        "sotto il mazzo."
    ),
    "entry.no_slot": "Non hai una carta {i} in mano: scrivi {range} ({hand}).",
    "entry.unknown": (
        "Né una carta né un comando: {text}. Scrivi {range}, una carta della tua mano come "
        "{example}, o aiuto."
    ),
    "entry.not_in_hand": "Non è nella tua mano: {card} (hai {hand}).",
    "entry.which": "Quale: {cards}?",
    "or": "{a} o {b}",
    "seen.head": "Giocate in questa smazzata, per seme:",
    "seen.suit": "  {suit}: {cards}",
    "seen.trump_suit": "  {suit} (briscola): {cards}",
    "seen.none": "-",
    "seen.out": "  Assi e tre non ancora usciti: {cards}",
    "seen.all_out": "  Tutti gli assi e i tre sono già usciti.",
    "seen.out7": "  Assi e sette non ancora usciti: {cards}",
    "seen.all_out7": "  Tutti gli assi e i sette sono già usciti.",
    "hint": "  Suggerimento: l'esperto giocherebbe {card} (margine a fine smazzata {value}; "
    "{others}).",
    "hint.only": "  Suggerimento: l'esperto giocherebbe {card}.",
    "hint.off": "In questa partita non ci sono suggerimenti (--no-hints).",
    "hint.none": "In questo gioco non ci sono suggerimenti.",
    "undo.off": "In questo gioco non si riprendono le carte (solo contro i bot integrati).",
    "undo.none": "In questa smazzata non c'è ancora niente da riprendere.",
    "takeback": {
        "you": "  Hai ripreso la tua carta: di nuovo la presa {i}.",
        "other": "  {who} ha ripreso una carta: di nuovo la presa {i}.",
    },
    "takebacks.used": {"one": "  1 carta ripresa.", "other": "  {n} carte riprese."},
}

# ``help`` and ``rules``, in pieces put together for the faces, language and variant
# in use (see :func:`help_text` and :func:`short_rules`).
_HELP: Final[dict[str, dict[str, str]]] = {
    "en": {
        "help.cards": (
            "Play a card by its number (1, 2, 3), its code ({example} = {example_name}) or its "
            "name ({example_name}, or just {ace} when you hold one); Tab completes."
        ),
        "help.key": "A code is the rank, then the suit: {ranks}, 2 to 7 as they are; {suits}.",
        "help.head": "Commands:",
        "help.top": """\
  help      this text
  hand      your hand and the table again
  last      the last trick""",
        "help.seen": (
            "  seen      the cards played this round, by suit, and the aces and threes not yet seen"
        ),
        "help.seen7": (
            "  seen      the cards played this round, by suit, and the aces and sevens not yet seen"
        ),
        "help.mid": """\
  score     rounds won and points so far
  hint      what the expert would play here, and why
  undo      take back your last card and the bots' replies (against built-in bots)
  rules     the rules in short (briscola rules prints them all)""",
        "help.exchange": "  exchange  swap your trump 7 or 2 for the face-up card (when allowed)",
        "help.quit": "  quit      leave the game (Ctrl-C asks too; Ctrl-D leaves at once)",
        "rules.short": """\
Briscola in short: no duty to follow suit; the highest trump takes the trick, else the
highest card of the suit led.
Order: {order}; in bisca: {order_bisca}.
Points: {ace} 11, Three 10 (bisca: Seven 10), {king} 4, {knight} 3, {jack} 2: 120 in all.
The winner of a trick draws first and leads; 61 wins the round (3 and 6 players: the
highest total).
brisca: the trump 7 takes a face-up {high}; the trump 2 a {low}.
All the rules: {command}""",
    },
    "de": {
        "help.cards": (
            "Spiele eine Karte mit ihrer Nummer (1, 2, 3), ihrem Kürzel ({example} = "
            "{example_name}) oder ihrem Namen ({example_name}, oder nur {ace}, wenn du eines "
            "hast); Tab ergänzt."
        ),
        "help.key": "Ein Kürzel ist Rang, dann Farbe: {ranks}, 2 bis 7 wie sie sind; {suits}.",
        "help.head": "Befehle:",
        "help.top": """\
  help      (hilfe) dieser Text
  hand      deine Hand und der Tisch noch einmal
  last      (letzter) der letzte Stich""",
        "help.seen": (
            "  seen      (gespielt) die Karten dieser Runde nach Farben, und welche Asse und "
            "Dreien noch fehlen"
        ),
        "help.seen7": (
            "  seen      (gespielt) die Karten dieser Runde nach Farben, und welche Asse und "
            "Siebenen noch fehlen"
        ),
        "help.mid": """\
  score     (stand) gewonnene Runden und Punkte bisher
  hint      (tipp) was der Experte hier spielen würde, und warum
  undo      (zurück) deine letzte Karte und die Antworten der Bots zurücknehmen
  rules     (regeln) die Regeln in Kürze (briscola rules --lang de zeigt sie ganz)""",
        "help.exchange": (
            "  exchange  (tausch) die Trumpf-7 oder -2 gegen die offene Karte tauschen (wenn "
            "erlaubt)"
        ),
        "help.quit": (
            "  quit      (ende) die Partie verlassen (Strg-C fragt auch; Strg-D geht sofort)"
        ),
        "rules.short": """\
Briscola in Kürze: kein Farbzwang; der höchste Trumpf nimmt den Stich, sonst die höchste
Karte der ausgespielten Farbe.
Rangfolge: {order}; in bisca: {order_bisca}.
Punkte: {ace} 11, Drei 10 (bisca: Sieben 10), {king} 4, {knight} 3, {jack} 2: zusammen 120.
Wer den Stich nimmt, zieht zuerst und spielt aus; 61 gewinnt die Runde (3 und 6 Spieler:
die höchste Summe).
brisca: die Trumpf-7 tauscht gegen eine offene Karte {high}; die Trumpf-2 gegen {low}.
Alle Regeln: {command}""",
    },
    "it": {
        "help.cards": (
            "Gioca una carta con il suo numero (1, 2, 3), la sua sigla ({example} = "
            "{example_name}) o il suo nome ({example_name}, o solo {ace} se ne hai uno); Tab "
            "completa."
        ),
        "help.key": "Una sigla è il valore, poi il seme: {ranks}, dal 2 al 7 come sono; {suits}.",
        "help.head": "Comandi:",
        "help.top": """\
  help      (aiuto) questo testo
  hand      (mano) di nuovo la tua mano e la tavola
  last      (ultima) l'ultima presa""",
        "help.seen": (
            "  seen      (uscite) le carte giocate nella smazzata per seme, e gli assi e i tre "
            "non ancora usciti"
        ),
        "help.seen7": (
            "  seen      (uscite) le carte giocate nella smazzata per seme, e gli assi e i sette "
            "non ancora usciti"
        ),
        "help.mid": """\
  score     (punti) smazzate vinte e punti finora
  hint      (suggerimento) cosa giocherebbe l'esperto, e perché
  undo      (annulla) riprendere la tua ultima carta e le risposte dei bot
  rules     (regole) le regole in breve (briscola rules --lang it le mostra tutte)""",
        "help.exchange": (
            "  exchange  (scambio) scambiare il 7 o il 2 di briscola con la carta scoperta "
            "(quando si può)"
        ),
        "help.quit": (
            "  quit      (esci) lasciare la partita (Ctrl-C chiede conferma; Ctrl-D esce subito)"
        ),
        "rules.short": """\
La briscola in breve: nessun obbligo di rispondere al seme; prende la briscola più alta,
se no la carta più alta del seme di uscita.
Ordine: {order}; nella bisca: {order_bisca}.
Punti: {ace} 11, Tre 10 (bisca: Sette 10), {king} 4, {knight} 3, {jack} 2: 120 in tutto.
Chi prende pesca per primo ed esce; con 61 si vince la smazzata (3 e 6 giocatori: il
totale più alto).
brisca: il 7 di briscola si scambia con una carta scoperta {high}; il 2 con {low}.
Tutte le regole: {command}""",
    },
}

for _lang, _catalog in (("en", _EN), ("de", _DE), ("it", _IT)):
    _catalog.update(_HELP[_lang])

CATALOG: Final[Catalog] = {"en": _EN, "de": _DE, "it": _IT}

YES: Final = frozenset({"y", "yes", "j", "ja", "s", "si", "sì"})

# Command words in the three languages; the English ones work everywhere.
ALIASES: Final[dict[str, str]] = {
    "?": "help",
    "exit": "quit",
    "x": "exchange",
    "hilfe": "help",
    "letzter": "last",
    "gespielt": "seen",
    "stand": "score",
    "tipp": "hint",
    "zurück": "undo",
    "regeln": "rules",
    "ende": "quit",
    "tausch": "exchange",
    "aiuto": "help",
    "mano": "hand",
    "ultima": "last",
    "uscite": "seen",
    "punti": "score",
    "consiglio": "hint",
    "suggerimento": "hint",
    "annulla": "undo",
    "regole": "rules",
    "esci": "quit",
    "scambio": "exchange",
}


def words(
    lang: str,
    key: str,
    /,
    *,
    person: str | None = None,
    count: int | None = None,
    gender: str | None = None,
    **values: object,
) -> str:
    """The prompt's sentence ``key`` in ``lang``, filled in."""
    return say(CATALOG, lang, key, person=person, count=count, gender=gender, **values)


def gender_of(name: str) -> str:
    """``m`` or ``f`` for a name of the catalog (a LAN table's "Giulia (expert)" too),
    ``n`` (neutral) for any other."""
    return BOT_NAMES.get(name, BOT_NAMES.get(name.partition(" (")[0], "n")) if name else "n"


def shown_name(lang: str, name: str) -> str:
    """A seat's name on the screen: a LAN table names a built-in bot by a name of the
    catalog and its spec ("Marco (expert)"; older servers by the spec alone), said in
    the language; any other name as it is."""
    key = f"botname.{name}"
    if key in CATALOG["en"]:
        return words(lang, key)
    own, _, spec = name.partition(" (")
    level = spec[:-1].partition(":")[0] if spec.endswith(")") else ""
    if own in BOT_NAMES and f"note.{level}" in CATALOG["en"]:
        return f"{own} ({note_words(lang, level, BOT_NAMES[own])})"
    return name


def note_words(lang: str, note: str, gender: str = "n") -> str:
    """A seat's note in ``lang``: a level or a built-in bot in words, any other as it is."""
    key = f"note.{note}"
    return words(lang, key, gender=gender) if key in CATALOG["en"] else note


def _either(lang: str, items: list[str]) -> str:
    return words(lang, "or", a=", ".join(items[:-1]), b=items[-1])


def exchange_ranks(lang: Language, faces: Faces) -> tuple[str, str]:
    """The face-up ranks the trump 7 and the trump 2 may take, in words:
    ``("Ace, 3, King, Knight or Jack", "4, 5, 6 or 7")``."""
    high = [rank_word(r, faces, lang) for r in (Rank.ACE, Rank.THREE, Rank.KING, Rank.KNIGHT)]
    high.append(rank_word(Rank.JACK, faces, lang))
    low = [rank_word(r, faces, lang) for r in (Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN)]
    return _either(lang, high), _either(lang, low)


def _typed(word: str, lang: str) -> str:
    """A word as a person would type it: German keeps a noun's capital."""
    return word if lang == "de" else word.lower()


def help_text(lang: Language, faces: Faces, variant: str) -> str:
    """``help``: the card codes of these faces and language with their key, and the
    commands of this variant (``exchange`` only in brisca)."""
    ace = Card.parse("AD")
    ranks, suits = letters_key(faces, lang)
    name = card_name(ace, faces, lang)
    lines = [
        words(lang, "help.cards", example=card_code(ace, faces, lang), example_name=name,
              ace=_typed(rank_word(Rank.ACE, faces, lang), lang)),
        words(lang, "help.key", ranks=ranks, suits=suits),
        words(lang, "help.head"),
        words(lang, "help.top"),
        words(lang, "help.seen7" if variant == "bisca" else "help.seen"),
        words(lang, "help.mid"),
    ]  # fmt: skip
    if variant == "brisca":
        lines.append(words(lang, "help.exchange"))
    lines.append(words(lang, "help.quit"))
    return "\n".join(lines)


def short_rules(lang: Language, faces: Faces) -> str:
    """``rules`` at the table: the rules in short, the cards named in these faces."""

    def order(ranking: Ranking) -> str:
        strength = strength_table(ranking)
        ranks = sorted(Rank, key=lambda r: -strength[r])
        return ", ".join(word(r) for r in ranks)

    def word(rank: Rank) -> str:
        return rank_word(rank, faces, lang)

    high, low = exchange_ranks(lang, faces)
    command = "briscola rules" + (f" --lang {lang}" if lang != "en" else "")
    command += f" --faces {faces}" if faces != "italian" else ""
    return words(
        lang, "rules.short", order=order("default"), order_bisca=order("bisca"), high=high,
        low=low, command=command, ace=word(Rank.ACE), king=word(Rank.KING),
        knight=word(Rank.KNIGHT), jack=word(Rank.JACK),
    )  # fmt: skip
