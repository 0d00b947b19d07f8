"""The sentences of ``briscola join`` in English, German and Italian.

The game itself speaks through the prompt package's words (the same screen
as ``briscola play``); these are the lobby's and the LAN table's own: the
notices, chat, reconnects.  Whole sentences with the name as an argument,
through :mod:`briscola.i18n`; the names are people's own, so no word agrees
with a gender the program cannot know ("ha lasciato il tavolo", not "se n'è
andato").  Floor 7 (client).
"""

from __future__ import annotations

from typing import Final

from ..i18n import Catalog, Message, say

__all__ = ["CATALOG", "t"]

_EN: Final[dict[str, Message]] = {
    "joined": "{name} sits down at seat {seat}.",
    "left": "{name} left the table.",
    "left.you": "You left the table.",
    "dropped": "{name} lost the connection; the seat is held for them.",
    "dropped.for": "{name} lost the connection; the seat is held for them for {time}.",
    "resumed": "{name} is back.",
    "takeover": "A bot plays for {name} until they come back.",
    "takeover.you": "A bot plays for you until you are back.",
    "away": "{name}'s time ran out: a bot plays for them until they are back.",
    "away.you": (
        "Your time ran out: a bot plays your cards. Type anything (Enter) to take your seat back."
    ),
    "handback": "{name} plays again.",
    "handback.you": "You play again.",
    "timeout": "{name}'s time ran out; a bot played the card.",
    "timeout.you": "Your time ran out; a bot played the card for you.",
    "faults": "{name} sent three bad answers; a bot played the card.",
    "rematch": "{name} wants a rematch.",
    "rematch.you": "You want a rematch.",
    "restored": "The server restarted; {name}'s seat is waiting.",
    "restored.you": "The server restarted; your seat is waiting for you.",
    "paused": "The server is pausing; the match goes on when it is back.",
    "restart": "The server is pausing for a restart; your seat is kept. Connecting again...",
    "restart_watch": "The server is pausing for a restart. Connecting again...",
    "not_now.turn": "Not your turn: the table waits for {name}.",
    "not_now.wait": "Not your turn yet.",
    "not_now.no_match": "No match is on: cards wait for the next deal.",
    "not_now.watching": "You watch this table: say TEXT chats, leave goes.",
    "not_sent": "Not sent: the server is away.",
    "here": "Taking your seat back...",
    "played_for_you": "While you were away the bot played: {cards}.",
    "warn": "{left} left for your card, then a bot plays for you.",
    "status.filling": "Waiting for the table to fill. leave (or Ctrl-C) goes.",
    "status.watch_wait": "Waiting for the match to start. leave (or Ctrl-C) goes.",
    "status.again": "The match is over: another one? Answer y or n.",
    "status.rematch": "Waiting for the others to want a rematch. leave (or Ctrl-C) goes.",
    "status.away": "A bot plays for you: type anything (Enter) to take your seat back.",
    "status.server_away": (
        "The server is away: trying again in {pause} s. leave (or Ctrl-C) stops."
    ),
    "code_needed": (
        "Table {table} is private: it needs its code (join {table} code=CODE; ask who made it)."
    ),
    "bot_seat": "{name} (bot)",
    "away_seat": "{name} (away, {time})",
    "held_seat": "{name} (a bot plays for them)",
    "people_waiting": "People waiting at {table}: {names}.",
    "chat": "{name}: {text}",
    "lost": "The connection to the server is lost; trying again in {pause} s...",
    "back": "Connected again; you have your seat back.",
    "back_watch": "Connected again; you watch the table again.",
    "kept": "Your seat was kept for you: back at table {table}, seat {seat}.",
    "code_made": "Table {table} is private; friends join with --code {code}",
    "gone": "The connection is lost and the seat could not be resumed.",
    "gone_watch": "The connection is lost and the server did not come back in time.",
    "bye": "The server closed the connection: {text}",
    "refused": "The server refused: {text}",
    "again": "Another match with the same table? (y/n) ",
    "waiting": {
        "one": "Waiting for the other seat (1 free)...",
        "other": "Waiting for the other seats ({n} free)...",
    },
    "seated": "You sit at table {table}, seat {seat}.",
    "watching": "You watch table {table}.",
    "lobby_help": (
        "Lobby commands: list, create NAME [players=4] [target=1] [variant=italian] "
        "[pack=39] [code=SECRET] [bots=1:expert,3:greedy], join NAME [SEAT] [code=SECRET], "
        "watch NAME, quit."
    ),
    "lobby_prompt": "lobby> ",
    "no_tables": "No tables yet: create one (help shows how).",
    "table_line": "{table}: {players} players, {variant}, first to {target}, {state}: {seats}",
    "free": "free",
    "private": "private",
    "bad_lobby": "Not a lobby command: {text}. Type help.",
    "say_help": "At the table, say TEXT talks to everyone there.",
}

_DE: Final[dict[str, Message]] = {
    "joined": "{name} setzt sich auf Platz {seat}.",
    "left": "{name} hat den Tisch verlassen.",
    "left.you": "Du hast den Tisch verlassen.",
    "dropped": "{name} hat die Verbindung verloren; der Platz wird freigehalten.",
    "dropped.for": "{name} hat die Verbindung verloren; der Platz wird {time} lang freigehalten.",
    "resumed": "{name} ist zurück.",
    "takeover": "Ein Bot spielt für {name}, bis die Verbindung zurück ist.",
    "takeover.you": "Ein Bot spielt für dich, bis du zurück bist.",
    "away": "Die Zeit von {name} ist abgelaufen: ein Bot spielt, bis {name} zurück ist.",
    "away.you": (
        "Deine Zeit ist abgelaufen: ein Bot spielt deine Karten. Tippe irgendetwas (Enter), "
        "um deinen Platz zurückzuholen."
    ),
    "handback": "{name} spielt wieder selbst.",
    "handback.you": "Du spielst wieder selbst.",
    "timeout": "Die Zeit von {name} ist abgelaufen; ein Bot hat die Karte gespielt.",
    "timeout.you": "Deine Zeit ist abgelaufen; ein Bot hat die Karte für dich gespielt.",
    "faults": "{name} hat dreimal falsch geantwortet; ein Bot hat die Karte gespielt.",
    "rematch": "{name} möchte eine Revanche.",
    "rematch.you": "Du möchtest eine Revanche.",
    "restored": "Der Server wurde neu gestartet; der Platz von {name} wartet.",
    "restored.you": "Der Server wurde neu gestartet; dein Platz wartet auf dich.",
    "paused": "Der Server pausiert; die Partie geht weiter, wenn er zurück ist.",
    "restart": "Der Server pausiert für einen Neustart; dein Platz bleibt. Verbinde neu ...",
    "restart_watch": "Der Server pausiert für einen Neustart. Verbinde neu ...",
    "not_now.turn": "Du bist nicht dran: der Tisch wartet auf {name}.",
    "not_now.wait": "Du bist noch nicht dran.",
    "not_now.no_match": "Keine Partie läuft: Karten erst nach dem nächsten Geben.",
    "not_now.watching": "Du schaust zu: say TEXT schreibt, leave geht.",
    "not_sent": "Nicht gesendet: der Server ist weg.",
    "here": "Du holst deinen Platz zurück ...",
    "played_for_you": "Während du weg warst, spielte der Bot: {cards}.",
    "warn": "Noch {left} für deine Karte, dann spielt ein Bot für dich.",
    "status.filling": "Warten, bis der Tisch voll ist. leave (oder Strg-C) geht.",
    "status.watch_wait": "Warten auf den Beginn der Partie. leave (oder Strg-C) geht.",
    "status.again": "Die Partie ist vorbei: noch eine? Antworte j oder n.",
    "status.rematch": "Warten, ob die anderen eine Revanche wollen. leave (oder Strg-C) geht.",
    "status.away": "Ein Bot spielt für dich: tippe irgendetwas (Enter) für deinen Platz.",
    "status.server_away": (
        "Der Server ist weg: neuer Versuch in {pause} s. leave (oder Strg-C) hört auf."
    ),
    "code_needed": (
        "Tisch {table} ist privat: er braucht seinen Code (join {table} code=CODE; "
        "frag, wer ihn angelegt hat)."
    ),
    "bot_seat": "{name} (Bot)",
    "away_seat": "{name} (weg, {time})",
    "held_seat": "{name} (ein Bot spielt für sie)",
    "people_waiting": "An {table} warten: {names}.",
    "chat": "{name}: {text}",
    "lost": "Die Verbindung zum Server ist weg; neuer Versuch in {pause} s ...",
    "back": "Wieder verbunden; du hast deinen Platz zurück.",
    "back_watch": "Wieder verbunden; du schaust dem Tisch wieder zu.",
    "kept": "Dein Platz wurde für dich freigehalten: zurück an Tisch {table}, Platz {seat}.",
    "code_made": "Tisch {table} ist privat; Freunde setzen sich mit --code {code} dazu",
    "gone": "Die Verbindung ist weg, und der Platz ließ sich nicht zurückholen.",
    "gone_watch": "Die Verbindung ist weg, und der Server kam nicht rechtzeitig zurück.",
    "bye": "Der Server hat die Verbindung beendet: {text}",
    "refused": "Der Server lehnt ab: {text}",
    "again": "Noch ein Spiel am selben Tisch? (j/n) ",
    "waiting": {
        "one": "Warten auf den anderen Platz (1 frei) ...",
        "other": "Warten auf die anderen Plätze ({n} frei) ...",
    },
    "seated": "Du sitzt an Tisch {table}, Platz {seat}.",
    "watching": "Du schaust an Tisch {table} zu.",
    "lobby_help": (
        "Befehle in der Lobby: list, create NAME [players=4] [target=1] [variant=italian] "
        "[pack=39] [code=GEHEIM] [bots=1:expert,3:greedy], join NAME [PLATZ] [code=GEHEIM], "
        "watch NAME, quit."
    ),
    "lobby_prompt": "Lobby> ",
    "no_tables": "Noch keine Tische: lege einen an (help zeigt wie).",
    "table_line": "{table}: {players} Spieler, {variant}, bis {target}, {state}: {seats}",
    "free": "frei",
    "private": "privat",
    "bad_lobby": "Kein Lobby-Befehl: {text}. Tippe help.",
    "say_help": "Am Tisch schreibt say TEXT allen am Tisch.",
}

_IT: Final[dict[str, Message]] = {
    "joined": "{name} si siede al posto {seat}.",
    "left": "{name} ha lasciato il tavolo.",
    "left.you": "Hai lasciato il tavolo.",
    "dropped": "{name} ha perso la connessione; il posto resta suo per un po'.",
    "dropped.for": "{name} ha perso la connessione; il posto resta suo per {time}.",
    "resumed": "{name} è di nuovo qui.",
    "takeover": "Un bot gioca per {name} finché non torna.",
    "takeover.you": "Un bot gioca per te finché non torni.",
    "away": "Il tempo di {name} è scaduto: un bot gioca al suo posto finché non torna.",
    "away.you": (
        "Il tuo tempo è scaduto: un bot gioca le tue carte. Scrivi qualcosa (Invio) per "
        "riprendere il posto."
    ),
    "handback": "{name} gioca di nuovo.",
    "handback.you": "Giochi di nuovo tu.",
    "timeout": "Il tempo di {name} è scaduto; un bot ha giocato la carta.",
    "timeout.you": "Il tuo tempo è scaduto; un bot ha giocato la carta per te.",
    "faults": "{name} ha risposto male tre volte; un bot ha giocato la carta.",
    "rematch": "{name} vuole la rivincita.",
    "rematch.you": "Vuoi la rivincita.",
    "restored": "Il server è ripartito; il posto di {name} aspetta.",
    "restored.you": "Il server è ripartito; il tuo posto ti aspetta.",
    "paused": "Il server è in pausa; la partita riprende quando torna.",
    "restart": "Il server si ferma per ripartire; il tuo posto resta. Mi riconnetto...",
    "restart_watch": "Il server si ferma per ripartire. Mi riconnetto...",
    "not_now.turn": "Non tocca a te: il tavolo aspetta {name}.",
    "not_now.wait": "Non tocca ancora a te.",
    "not_now.no_match": "Nessuna partita in corso: le carte alla prossima smazzata.",
    "not_now.watching": "Stai guardando: say TESTO scrive, leave esce.",
    "not_sent": "Non inviato: il server non risponde.",
    "here": "Riprendi il tuo posto...",
    "played_for_you": "Mentre eri via il bot ha giocato: {cards}.",
    "warn": "Restano {left} per la tua carta, poi gioca un bot per te.",
    "status.filling": "Si aspetta che il tavolo si riempia. leave (o Ctrl-C) esce.",
    "status.watch_wait": "Si aspetta l'inizio della partita. leave (o Ctrl-C) esce.",
    "status.again": "La partita è finita: un'altra? Rispondi s o n.",
    "status.rematch": "Si aspetta che gli altri vogliano la rivincita. leave (o Ctrl-C) esce.",
    "status.away": "Un bot gioca per te: scrivi qualcosa (Invio) per riprendere il posto.",
    "status.server_away": (
        "Il server non risponde: nuovo tentativo tra {pause} s. leave (o Ctrl-C) smette."
    ),
    "code_needed": (
        "Il tavolo {table} è privato: serve il suo codice (join {table} code=CODICE; "
        "chiedilo a chi l'ha creato)."
    ),
    "bot_seat": "{name} (bot)",
    "away_seat": "{name} (via, {time})",
    "held_seat": "{name} (gioca un bot per lui)",
    "people_waiting": "Aspettano al tavolo {table}: {names}.",
    "chat": "{name}: {text}",
    "lost": "Connessione al server persa; nuovo tentativo tra {pause} s...",
    "back": "Di nuovo connesso; il tuo posto è ancora tuo.",
    "back_watch": "Di nuovo connesso; guardi di nuovo il tavolo.",
    "kept": "Il tuo posto ti è stato tenuto: sei di nuovo al tavolo {table}, posto {seat}.",
    "code_made": "Il tavolo {table} è privato; gli amici entrano con --code {code}",
    "gone": "La connessione è persa e il posto non si è potuto riprendere.",
    "gone_watch": "La connessione è persa e il server non è tornato in tempo.",
    "bye": "Il server ha chiuso la connessione: {text}",
    "refused": "Il server rifiuta: {text}",
    "again": "Un'altra partita allo stesso tavolo? (s/n) ",
    "waiting": {
        "one": "In attesa dell'altro posto (1 libero)...",
        "other": "In attesa degli altri posti ({n} liberi)...",
    },
    "seated": "Sei al tavolo {table}, posto {seat}.",
    "watching": "Guardi il tavolo {table}.",
    "lobby_help": (
        "Comandi della sala: list, create NOME [players=4] [target=1] [variant=italian] "
        "[pack=39] [code=SEGRETO] [bots=1:expert,3:greedy], join NOME [POSTO] "
        "[code=SEGRETO], watch NOME, quit."
    ),
    "lobby_prompt": "sala> ",
    "no_tables": "Ancora nessun tavolo: creane uno (help dice come).",
    "table_line": "{table}: {players} giocatori, {variant}, a {target}, {state}: {seats}",
    "free": "libero",
    "private": "privato",
    "bad_lobby": "Non è un comando della sala: {text}. Scrivi help.",
    "say_help": "Al tavolo, say TESTO scrive a tutti.",
}

CATALOG: Final[Catalog] = {"en": _EN, "de": _DE, "it": _IT}


def t(lang: str, key: str, **values: object) -> str:
    """The client's sentence ``key`` in ``lang``, filled in."""
    return say(CATALOG, lang, key, person=None, count=None, gender=None, **values)
