"""The sentences of ``briscola join`` in English, German and Italian.

The game itself speaks through the prompt package's words (the same screen
as ``briscola play``); these are the lobby's and the LAN table's own: the
notices, chat, reconnects.  Whole sentences with the name as an argument,
through :mod:`briscola.words.i18n`; the names are people's own, so no word agrees
with a gender the program cannot know ("ha lasciato il tavolo", not "se n'è
andato").  Floor 7 (client).
"""

from __future__ import annotations

from typing import Final

from .i18n import Catalog, Message, say

__all__ = ["CATALOG", "t"]

_EN: Final[dict[str, Message]] = {
    "joined": "{name} sits down at seat {seat}.",
    "left": "{name} left; a bot plays seat {seat}.",
    "dropped": "{name} lost the connection; the seat is held for them.",
    "resumed": "{name} is back.",
    "takeover": "A bot plays for {name} until they come back.",
    "handback": "{name} plays again.",
    "timeout": "{name}'s time ran out; a bot played the card.",
    "faults": "{name} sent three bad answers; a bot played the card.",
    "rematch": "{name} wants a rematch.",
    "restored": "The server restarted; {name}'s seat is waiting.",
    "chat": "{name}: {text}",
    "lost": "The connection to the server is lost; trying again in {pause} s...",
    "back": "Connected again; you have your seat back.",
    "kept": "Your seat was kept for you: back at table {table}, seat {seat}.",
    "code_made": "Table {table} is private; friends join with --code {code}",
    "gone": "The connection is lost and the seat could not be resumed.",
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
    "seat_away": "{name} (away, {n} s left)",
    "seat_held": "{name} (away, a bot plays for them)",
    "private": "private",
    "bad_lobby": "Not a lobby command: {text}. Type help.",
    "say_help": "At the table, say TEXT talks to everyone there.",
}

_DE: Final[dict[str, Message]] = {
    "joined": "{name} setzt sich auf Platz {seat}.",
    "left": "{name} ist gegangen; ein Bot spielt Platz {seat}.",
    "dropped": "{name} hat die Verbindung verloren; der Platz wird freigehalten.",
    "resumed": "{name} ist zurück.",
    "takeover": "Ein Bot spielt für {name}, bis die Verbindung zurück ist.",
    "handback": "{name} spielt wieder selbst.",
    "timeout": "Die Zeit von {name} ist abgelaufen; ein Bot hat die Karte gespielt.",
    "faults": "{name} hat dreimal falsch geantwortet; ein Bot hat die Karte gespielt.",
    "rematch": "{name} möchte eine Revanche.",
    "restored": "Der Server wurde neu gestartet; der Platz von {name} wartet.",
    "chat": "{name}: {text}",
    "lost": "Die Verbindung zum Server ist weg; neuer Versuch in {pause} s ...",
    "back": "Wieder verbunden; du hast deinen Platz zurück.",
    "kept": "Dein Platz wurde für dich freigehalten: zurück an Tisch {table}, Platz {seat}.",
    "code_made": "Tisch {table} ist privat; Freunde setzen sich mit --code {code} dazu",
    "gone": "Die Verbindung ist weg, und der Platz ließ sich nicht zurückholen.",
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
    "seat_away": "{name} (weg, noch {n} s)",
    "seat_held": "{name} (weg, ein Bot spielt für sie)",
    "private": "privat",
    "bad_lobby": "Kein Lobby-Befehl: {text}. Tippe help.",
    "say_help": "Am Tisch schreibt say TEXT allen am Tisch.",
}

_IT: Final[dict[str, Message]] = {
    "joined": "{name} si siede al posto {seat}.",
    "left": "{name} ha lasciato il tavolo; un bot gioca il posto {seat}.",
    "dropped": "{name} ha perso la connessione; il posto resta suo per un po'.",
    "resumed": "{name} è di nuovo qui.",
    "takeover": "Un bot gioca per {name} finché non torna.",
    "handback": "{name} gioca di nuovo.",
    "timeout": "Il tempo di {name} è scaduto; un bot ha giocato la carta.",
    "faults": "{name} ha risposto male tre volte; un bot ha giocato la carta.",
    "rematch": "{name} vuole la rivincita.",
    "restored": "Il server è ripartito; il posto di {name} aspetta.",
    "chat": "{name}: {text}",
    "lost": "Connessione al server persa; nuovo tentativo tra {pause} s...",
    "back": "Di nuovo connesso; il tuo posto è ancora tuo.",
    "kept": "Il tuo posto ti è stato tenuto: sei di nuovo al tavolo {table}, posto {seat}.",
    "code_made": "Il tavolo {table} è privato; gli amici entrano con --code {code}",
    "gone": "La connessione è persa e il posto non si è potuto riprendere.",
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
    "seat_away": "{name} (assente, ancora {n} s)",
    "seat_held": "{name} (assente, un bot gioca al suo posto)",
    "private": "privato",
    "bad_lobby": "Non è un comando della sala: {text}. Scrivi help.",
    "say_help": "Al tavolo, say TESTO scrive a tutti.",
}

CATALOG: Final[Catalog] = {"en": _EN, "de": _DE, "it": _IT}


def t(lang: str, key: str, **values: object) -> str:
    """The client's sentence ``key`` in ``lang``, filled in."""
    return say(CATALOG, lang, key, person=None, count=None, gender=None, **values)
