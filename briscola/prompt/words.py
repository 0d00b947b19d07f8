"""The prompt's sentences in English, German and Italian (a :mod:`briscola.i18n` catalog).

Every sentence is whole, with the person (``you``, ``other``, ``we``,
``they``) or the number as its form, so that each language keeps its own
word order and grammar.  The LAN client shows the same table through the
same words.  Floor 6.
"""

from __future__ import annotations

from typing import Final

from ..i18n import Catalog, Message, say

__all__ = ["ALIASES", "CATALOG", "YES", "words"]

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
    "entry.empty": (
        "Type {range} for a card in your hand, the card itself (e.g. {example}), or help."
    ),
    "entry.no_exchange_variant": "There is no exchange in the {variant} variant.",
    "entry.no_exchange_now": (
        "No exchange now: the trump 7 takes a face-up A, 3, K, Q or J and the trump 2 a 4, 5, 6 "
        "or 7, once per turn, while the face-up card lies under the stock."
    ),
    "entry.no_slot": "There is no card {i} in your hand: type {range}.",
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
    "hint": {
        "you": "  Hint: the expert would play {card}: with it you win the round {win} of the "
        "time, and end {lead} on average.",
        "we": "  Hint: the expert would play {card}: with it your side wins the round {win} of "
        "the time, and ends {lead} on average.",
    },
    "hint.match": {
        "you": "  Hint: the expert would play {card}: with it you win the round {win} of the "
        "time and the match {match}, and end {lead} on average.",
        "we": "  Hint: the expert would play {card}: with it your side wins the round {win} of "
        "the time and the match {match}, and ends {lead} on average.",
    },
    "hint.others": "  Other cards: {others}.",
    "hint.other": "{card} {win}, {lead}",
    "hint.other_match": "{card} {win} (match {match}), {lead}",
    "hint.why": "  {why}",
    "lead.ahead": {"one": "1 point ahead", "other": "{n} points ahead"},
    "lead.behind": {"one": "1 point behind", "other": "{n} points behind"},
    "lead.level": "level",
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
    "role.partner": "dein Partner",
    "role.against": "gegen dich",
    "role.partner_at": "dein Partner, {where}",
    "role.against_at": "gegen dich, {where}",
    "where.right": "rechts von dir",
    "where.left": "links von dir",
    "where.opposite": "dir gegenüber",
    "where.right2": "zweiter Platz rechts von dir",
    "where.left2": "zweiter Platz links von dir",
    "intro.tip": "  Tippe help für die Befehle; unten steht der Spielstand.",
    "intro.tip_lines": "  Tippe help für die Befehle und score für den Spielstand.",
    "level.easy": "leicht",
    "level.medium": "mittel",
    "level.hard": "schwer",
    "level.expert": "Experte",
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
    "hand.exchange": "  Du darfst deine {card} gegen die offene Karte tauschen: tippe exchange",
    "table.lead": "Du spielst aus.",
    "table.head": "Auf dem Tisch:",
    "table.best": "(sticht bisher)",
    "last.none": "In dieser Runde ging noch kein Stich weg.",
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
    "end.side_made": "  {side}: {points} mit {cards}",
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
        "Das Programm von {name} ist ausgefallen; ab hier spielt der eingebaute Bot {level}."
    ),
    "record.failed": (
        "Die Aufzeichnung ließ sich nicht schreiben ({why}); sie enthält die Partie bis hier. "
        "Das Spiel geht weiter."
    ),
    "entry.empty": (
        "Tippe {range} für eine Karte deiner Hand, die Karte selbst (z. B. {example}) oder help."
    ),
    "entry.no_exchange_variant": "In der Variante {variant} gibt es keinen Tausch.",
    "entry.no_exchange_now": (
        "Jetzt kein Tausch: die Trumpf-7 nimmt eine offene A, 3, K, Q oder J, die Trumpf-2 "
        "eine 4, 5, 6 oder 7, einmal pro Zug, solange die offene Karte unter dem Talon liegt."
    ),
    "entry.no_slot": "Deine Hand hat keine Karte {i}: tippe {range}.",
    "entry.unknown": (
        "Keine Karte und kein Befehl: {text}. Tippe {range}, eine Karte deiner Hand wie "
        "{example}, oder help."
    ),
    "entry.not_in_hand": "{card} ist nicht in deiner Hand ({hand}).",
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
    "hint": {
        "you": "  Tipp: der Experte würde {card} spielen: damit gewinnst du die Runde in {win} "
        "der Fälle und liegst am Ende im Schnitt {lead}.",
        "we": "  Tipp: der Experte würde {card} spielen: damit gewinnt deine Seite die Runde in "
        "{win} der Fälle und liegt am Ende im Schnitt {lead}.",
    },
    "hint.match": {
        "you": "  Tipp: der Experte würde {card} spielen: damit gewinnst du die Runde in {win} "
        "der Fälle und die Partie in {match}, und du liegst am Ende im Schnitt {lead}.",
        "we": "  Tipp: der Experte würde {card} spielen: damit gewinnt deine Seite die Runde in "
        "{win} der Fälle und die Partie in {match}, und sie liegt am Ende im Schnitt {lead}.",
    },
    "hint.others": "  Andere Karten: {others}.",
    "hint.other": "{card} {win}, {lead}",
    "hint.other_match": "{card} {win} (Partie {match}), {lead}",
    "hint.why": "  {why}",
    "lead.ahead": {"one": "1 Punkt vorn", "other": "{n} Punkte vorn"},
    "lead.behind": {"one": "1 Punkt hinten", "other": "{n} Punkte hinten"},
    "lead.level": "gleichauf",
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
    "intro.seed": "seed {seed}",
    "intro.level": "livello {level}",
    "intro.seat": "  {who} ({note}): {role}",
    "intro.seat_bare": "  {who}: {role}",
    "intro.you_are": "  Giochi come {name}.",
    "role.partner": "il tuo compagno",
    "role.against": "contro di te",
    "role.partner_at": "il tuo compagno, {where}",
    "role.against_at": "contro di te, {where}",
    "where.right": "alla tua destra",
    "where.left": "alla tua sinistra",
    "where.opposite": "di fronte a te",
    "where.right2": "il secondo alla tua destra",
    "where.left2": "il secondo alla tua sinistra",
    "intro.tip": "  Scrivi help per i comandi; la barra in basso mostra il punteggio.",
    "intro.tip_lines": "  Scrivi help per i comandi e score per il punteggio.",
    "level.easy": "facile",
    "level.medium": "medio",
    "level.hard": "difficile",
    "level.expert": "esperto",
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
    "hand.exchange": "  Puoi scambiare il tuo {card} con la carta scoperta: scrivi exchange",
    "table.lead": "Apri tu.",
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
        "Questa partita aveva il seed {seed}: briscola play --seed {seed} la ridistribuisce."
    ),
    "takeover": (
        "Il giocatore di {name} non risponde più; da qui gioca al suo posto il bot {level}."
    ),
    "record.failed": (
        "Non si è potuto scrivere la registrazione ({why}); contiene la partita fin qui. "
        "Il gioco continua."
    ),
    "entry.empty": (
        "Scrivi {range} per una carta della tua mano, la carta stessa (per es. {example}) o help."
    ),
    "entry.no_exchange_variant": "Nella variante {variant} non c'è lo scambio.",
    "entry.no_exchange_now": (
        "Ora niente scambio: il 7 di briscola prende una carta scoperta A, 3, K, Q o J e il 2 "
        "di briscola un 4, 5, 6 o 7, una volta per turno, finché la carta scoperta è sotto il "
        "mazzo."
    ),
    "entry.no_slot": "Non hai una carta {i} in mano: scrivi {range}.",
    "entry.unknown": (
        "Né una carta né un comando: {text}. Scrivi {range}, una carta della tua mano come "
        "{example}, o help."
    ),
    "entry.not_in_hand": "{card} non è nella tua mano ({hand}).",
    "entry.which": "Quale: {cards}?",
    "or": "{a} o {b}",
    "seen.head": "Giocate in questa smazzata, per seme:",
    "seen.suit": "  {suit}: {cards}",
    "seen.trump_suit": "  {suit} (briscola): {cards}",
    "seen.none": "-",
    "seen.out": "  Assi e tre non ancora visti: {cards}",
    "seen.all_out": "  Tutti gli assi e i tre sono già usciti.",
    "seen.out7": "  Assi e sette non ancora visti: {cards}",
    "seen.all_out7": "  Tutti gli assi e i sette sono già usciti.",
    "hint": {
        "you": "  Suggerimento: l'esperto giocherebbe {card}. Probabilità di vincere la "
        "smazzata: {win}; in media chiudi {lead}.",
        "we": "  Suggerimento: l'esperto giocherebbe {card}. Probabilità di vincere la "
        "smazzata: {win}; in media la tua squadra chiude {lead}.",
    },
    "hint.match": {
        "you": "  Suggerimento: l'esperto giocherebbe {card}. Probabilità di vincere la "
        "smazzata: {win}, la partita: {match}; in media chiudi {lead}.",
        "we": "  Suggerimento: l'esperto giocherebbe {card}. Probabilità di vincere la "
        "smazzata: {win}, la partita: {match}; in media la tua squadra chiude {lead}.",
    },
    "hint.others": "  Altre carte: {others}.",
    "hint.other": "{card} {win}, {lead}",
    "hint.other_match": "{card} {win} (partita {match}), {lead}",
    "hint.why": "  {why}",
    "lead.ahead": {"one": "con 1 punto di vantaggio", "other": "con {n} punti di vantaggio"},
    "lead.behind": {"one": "con 1 punto di svantaggio", "other": "con {n} punti di svantaggio"},
    "lead.level": "in parità",
    "hint.only": "  Suggerimento: l'esperto giocherebbe {card}.",
    "hint.off": "In questa partita non ci sono suggerimenti (--no-hints).",
    "hint.none": "In questo gioco non ci sono suggerimenti.",
    "undo.off": "In questo gioco non si riprendono le carte (solo contro i bot integrati).",
    "undo.none": "In questa smazzata non c'è ancora niente da riprendere.",
    "takeback": {
        "you": "  Riprendi la tua carta: di nuovo la presa {i}.",
        "other": "  {who} riprende una carta: di nuovo la presa {i}.",
    },
    "takebacks.used": {"one": "  1 carta ripresa.", "other": "  {n} carte riprese."},
}

_HELP: Final = {
    "en": """\
Play a card by its number (1, 2, 3), its code (AD = Ace of Coins: rank A 2 3 4 5 6 7 J Q K,
suit C D S B) or its name (Ace of Coins, or just ace when you hold one); Tab completes.
Commands:
  help      this text
  hand      your hand and the table again
  last      the last trick
  seen      the cards played this round, by suit, and the aces and threes not yet seen
  score     rounds won and points so far
  hint      what the expert would play here, and why
  undo      take back your last card and the bots' replies (against built-in bots)
  rules     the rules in short (briscola rules prints them all)
  exchange  swap your trump 7 or 2 for the face-up card (brisca variant, when allowed)
  quit      leave the game (Ctrl-C asks too; Ctrl-D leaves at once)""",
    "de": """\
Spiele eine Karte mit ihrer Nummer (1, 2, 3), ihrem Kürzel (AD = Münz-Ass: Rang
A 2 3 4 5 6 7 J Q K, auch B für Bube, R für Reiter; Farbe C D S B) oder ihrem Namen
(Münz-Ass, oder nur ass, wenn du eines hast); Tab ergänzt.
Befehle:
  help      (hilfe) dieser Text
  hand      deine Hand und der Tisch noch einmal
  last      (letzter) der letzte Stich
  seen      (gespielt) die Karten dieser Runde nach Farben, und welche Asse und Dreien fehlen
  score     (stand) gewonnene Runden und Punkte bisher
  hint      (tipp) was der Experte hier spielte, und warum
  undo      (zurück) deine letzte Karte und die Antworten der Bots zurücknehmen
  rules     (regeln) die Regeln in Kürze (briscola rules zeigt sie ganz)
  exchange  (tausch) die Trumpf-7 oder -2 gegen die offene Karte tauschen (Variante brisca)
  quit      (ende) die Partie verlassen (Strg-C fragt auch; Strg-D geht sofort)""",
    "it": """\
Gioca una carta con il suo numero (1, 2, 3), la sua sigla (AD = Asso di Denari: valore
A 2 3 4 5 6 7 J Q K, anche F per Fante, C per Cavallo, R per Re; seme C D S B) o il suo
nome (Asso di Denari, o solo asso se ne hai uno); Tab completa.
Comandi:
  help      (aiuto) questo testo
  hand      (mano) di nuovo la tua mano e la tavola
  last      (ultima) l'ultima presa
  seen      (uscite) le carte giocate nella smazzata per seme, e gli assi e i tre mancanti
  score     (punti) smazzate vinte e punti finora
  hint      (consiglio) cosa giocherebbe l'esperto, e perché
  undo      (annulla) riprendi la tua ultima carta e le risposte dei bot
  rules     (regole) le regole in breve (briscola rules le mostra tutte)
  exchange  (scambio) scambia il 7 o il 2 di briscola con la carta scoperta (variante brisca)
  quit      (esci) lascia la partita (Ctrl-C chiede conferma; Ctrl-D esce subito)""",
}

_SHORT_RULES: Final = {
    "en": """\
Briscola in short: no duty to follow suit; the highest trump takes the trick, else the
highest card of the suit led. Order A 3 K Q J 7 6 5 4 2 (bisca: A 7 K Q J 6 5 4 3 2).
Points: Ace 11, Three 10 (bisca: Seven 10), King 4, Knight 3, Jack 2: 120 in all.
The winner of a trick draws first and leads; 61 wins the round (3 and 6 players: the
highest total). brisca: the trump 7 takes a face-up A 3 K Q J, the trump 2 a 4 5 6 7.
All the rules: briscola rules""",
    "de": """\
Briscola in Kürze: kein Farbzwang; der höchste Trumpf nimmt den Stich, sonst die höchste
Karte der ausgespielten Farbe. Rang A 3 K Q J 7 6 5 4 2 (bisca: A 7 K Q J 6 5 4 3 2).
Punkte: Ass 11, Drei 10 (bisca: Sieben 10), König 4, Reiter 3, Bube 2: zusammen 120.
Wer den Stich nimmt, zieht zuerst und spielt aus; 61 gewinnt die Runde (3 und 6 Spieler:
die höchste Summe). brisca: die Trumpf-7 nimmt eine offene A 3 K Q J, die Trumpf-2 eine 4 5 6 7.
Alle Regeln: briscola rules --lang de""",
    "it": """\
La briscola in breve: nessun obbligo di rispondere al seme; prende la briscola più alta,
se no la carta più alta del seme di uscita. Ordine A 3 K Q J 7 6 5 4 2 (bisca: A 7 K Q J
6 5 4 3 2). Punti: Asso 11, Tre 10 (bisca: Sette 10), Re 4, Cavallo 3, Fante 2: 120 in
tutto. Chi prende pesca per primo ed esce; con 61 si vince la smazzata (3 e 6 giocatori: il
totale più alto). brisca: il 7 di briscola prende A 3 K Q J scoperti, il 2 un 4 5 6 7.
Tutte le regole: briscola rules --lang it""",
}

for _lang, _catalog in (("en", _EN), ("de", _DE), ("it", _IT)):
    _catalog["help"] = _HELP[_lang]
    _catalog["rules.short"] = _SHORT_RULES[_lang]

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
    "annulla": "undo",
    "regole": "rules",
    "esci": "quit",
    "scambio": "exchange",
}


def words(
    lang: str, key: str, /, *, person: str | None = None, count: int | None = None, **values: object
) -> str:
    """The prompt's sentence ``key`` in ``lang``, filled in."""
    return say(CATALOG, lang, key, person=person, count=count, **values)
