"""Every sentence of the program in German: a catalog of :mod:`briscola.words`.

Each section is a dict of messages by key, in the forms of :mod:`.i18n`.
"""

from __future__ import annotations

from typing import Final

from .i18n import Message

__all__ = ["COMMANDS", "LOBBY", "NO", "REASONS", "REPLAY", "REVIEW", "RULES", "TABLE", "YES"]

# The table (briscola play and a LAN table), its help and its short rules.
TABLE: Final[dict[str, Message]] = {
    "you": "Du",
    "you.listed": "du",
    "you.mid": "du",
    "and": "{a} und {b}",
    "us": "Wir",
    "them": "Sie",
    "intro.players": "{players} Spieler",
    "intro.target": {
        "one": "wer zuerst 1 Runde gewinnt",
        "other": "wer zuerst {n} Runden gewinnt",
    },
    "intro.pack": "{n} Karten",
    "intro.seed": "Startwert {seed}",
    "intro.level": "Stufe {level}",
    "intro.seat": "  {who} ({note}): {role}",
    "intro.seat_bare": "  {who}: {role}",
    "intro.you_are": "  Du spielst als {name}.",
    "role.partner": {
        "m": "dein Partner",
        "f": "deine Partnerin",
        "n": "mit dir im Team",
    },
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
    "note.expert": {
        "m": "Experte",
        "f": "Expertin",
        "n": "Expertenstufe",
    },
    "note.random": "spielt zufällig",
    "note.greedy": "spielt gierig",
    "botname.random": "Zufall",
    "botname.greedy": "Gierig",
    "botname.expert": "Experte",
    "round.head": {
        "you": "Runde {round} · Du gibst",
        "other": "Runde {round} · {who} gibt",
    },
    "round.trump": {
        "one": "Trumpf: {card} · 1 Karte im Talon",
        "other": "Trumpf: {card} · {n} Karten im Talon",
    },
    "points": {
        "zero": "keine Punkte",
        "one": "1 Punkt",
        "other": "{n} Punkte",
    },
    "play": {
        "you": "  Du spielst {card}",
        "other": "  {who} spielt {card}",
    },
    "draw": {
        "you": "  Du ziehst {card}",
        "other": "  {who} zieht {card}",
    },
    "trick.took": {
        "you": "  → Du nimmst den Stich: {points}",
        "other": "  → {who} nimmt den Stich: {points}",
    },
    # A stand-in bot played the seat for its person (away, or left): never "Giulia plays".
    "play.standin": {
        "you": "  Ein Bot spielt {card} für dich",
        "other": "  Ein Bot spielt {card} für {who}",
    },
    "trick.standin": {
        "you": "  → Der Bot nimmt den Stich für dich: {points}",
        "other": "  → Der Bot nimmt den Stich für {who}: {points}",
    },
    "by_bot": {
        "you": "ein Bot für dich",
        "other": "ein Bot für {who}",
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
    "last.took": {
        "you": "  → Du nimmst ihn: {points}",
        "other": "  → {who} nimmt ihn: {points}",
    },
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
    "hints.used": {
        "one": "  1 Tipp genutzt.",
        "other": "  {n} Tipps genutzt.",
    },
    "tally": {
        "one": "Bisher: 1 Partie, {won} gewonnen, {lost} verloren; Punkte {mine} zu {theirs}.",
        "other": "Bisher: {n} Partien, {won} gewonnen, {lost} verloren; Punkte {mine} zu {theirs}.",
    },
    "bar.trump": "Trumpf",
    "bar.stock": "Talon",
    "bar.round": "Runde",
    "bar.rounds": "Runden",
    "bar.points": "Punkte",
    "prompt": "spiel> ",
    "ask.leave": "Die laufende Partie verlassen? (j/n) ",
    "ask.keep": "Die Partie aufheben, um sie später zu Ende zu spielen (briscola play --resume)? (j/n) ",
    "ask.again": "Noch eine Partie? (j/n) ",
    "left": "Du hast den Tisch verlassen.",
    "stats.none": "Noch keine beendete Partie: briscola play hält jede hier fest.",
    "stats.all": "Alle Partien",
    "stats.row": {
        "one": (
            "{label}: 1 Partie, {won} gewonnen, {lost} verloren ({share} % gewonnen); Punkte {mine} zu {theirs}"
        ),
        "other": (
            "{label}: {n} Partien, {won} gewonnen, {lost} verloren ({share} % gewonnen); Punkte {mine} zu {theirs}"
        ),
    },
    "stats.by_level": "Nach Stufe:",
    "stats.by_players": "Nach Tischgröße:",
    "stats.marks": "GV=",
    "stats.by_variant": "Nach Variante:",
    "stats.last": {
        "one": (
            "Die letzte Partie (G gewonnen, V verloren, = unentschieden; der Balken: der Punktabstand):"
        ),
        "other": (
            "Die letzten {n} Partien (G gewonnen, V verloren, = unentschieden; die Balken: der Punktabstand):"
        ),
    },
    "kept": "Die Partie ist aufgehoben: briscola play --resume spielt hier weiter.",
    "back": "Zurück am Tisch.",
    "back.taken": "Du übernimmst diesen Platz; so steht die Partie:",
    "input.ended": "Die Eingabe endete mitten in der Partie; die Partie ist abgebrochen.",
    "seed.told": (
        "Diese Partie hatte den Startwert {seed}: briscola play --seed {seed} gibt sie noch einmal."
    ),
    "takeover": (
        "Das Programm von {name} ist ausgefallen; ab hier spielt ein eingebauter Bot der Stufe "
        "{level} den Platz."
    ),
    "record.failed": (
        "Die Aufzeichnung ließ sich nicht schreiben ({why}); sie enthält die Partie bis hier. Das "
        "Spiel geht weiter."
    ),
    "record.next": "Diese Partie wird in {path} aufgezeichnet.",
    "entry.empty": (
        "Tippe {range} für eine Karte deiner Hand, die Karte selbst (z. B. {example}) oder hilfe."
    ),
    "entry.no_exchange.italian": "Im italienischen Spiel gibt es keinen Tausch.",
    "entry.no_exchange.bisca": "In der Bisca gibt es keinen Tausch.",
    "entry.no_exchange_now": (
        "Jetzt kein Tausch: die Trumpf-7 darf gegen die offene Karte getauscht werden, wenn diese "
        "{high} ist, die Trumpf-2, wenn sie {low} ist; einmal pro Zug, solange die offene Karte unter dem "
        "Talon liegt."
    ),
    "entry.no_slot": "Deine Hand hat keine Karte {i}: tippe {range} ({hand}).",
    "entry.unknown": (
        "Keine Karte und kein Befehl: {text}. Tippe {range}, eine Karte deiner Hand wie {example}, "
        "oder hilfe."
    ),
    "entry.none_held": "Du hast keine Karte, die {text} heißt (deine Hand: {hand}).",
    "entry.not_in_hand": "Nicht in deiner Hand: {card} (du hast {hand}).",
    "entry.which": "Welche: {cards}?",
    "or": "{a} oder {b}",
    "seen.head": "In dieser Runde gespielt, nach Farben:",
    "seen.suit": "  {suit}: {cards}",
    "seen.trump_suit": "  {suit} (Trumpf): {cards}",
    "seen.none": "-",
    "seen.out": "  Noch nicht gefallene Asse und Dreien: {cards}",
    "seen.all_out": "  Alle Asse und Dreien sind schon gefallen.",
    "seen.out7": "  Noch nicht gefallene Asse und Siebenen: {cards}",
    "seen.all_out7": "  Alle Asse und Siebenen sind schon gefallen.",
    "hint": {
        "you": "  Tipp: die Suche des Experten empfiehlt {card}: damit gewinnst du die Runde in {win} der Fälle und liegst am Ende im Schnitt {lead}.",
        "we": "  Tipp: die Suche des Experten empfiehlt {card}: damit gewinnt deine Seite die Runde in {win} der Fälle und liegt am Ende im Schnitt {lead}.",
    },
    "hint.only": "  Tipp: die Suche des Experten empfiehlt {card}.",
    "hint.off": "In dieser Partie gibt es keine Tipps (--no-hints).",
    "hint.none": "In diesem Spiel gibt es keine Tipps.",
    "undo.off": "In diesem Spiel wird nichts zurückgenommen (nur gegen eingebaute Bots).",
    "undo.none": "In dieser Runde gibt es noch nichts zurückzunehmen.",
    "takeback": {
        "you": "  Du nimmst deine Karte zurück: wieder Stich {i}.",
        "other": "  {who} nimmt eine Karte zurück: wieder Stich {i}.",
    },
    "takebacks.used": {
        "one": "  1 Karte zurückgenommen.",
        "other": "  {n} Karten zurückgenommen.",
    },
    "help.cards": (
        "Spiele eine Karte mit ihrer Nummer (1, 2, 3), ihrem Kürzel ({example} = {example_name}) "
        "oder ihrem Namen ({example_name}, oder nur {ace}, wenn du eines hast); Tab ergänzt."
    ),
    "help.key": "Ein Kürzel ist Rang, dann Farbe: {ranks}, 2 bis 7 wie sie sind; {suits}.",
    "help.head": "Befehle:",
    "help.top": """\
  hilfe (help)         dieser Text
  hand                 deine Hand und der Tisch noch einmal
  letzter (last)       der letzte Stich""",
    "help.seen": (
        "  gespielt (seen)      die Karten dieser Runde nach Farben, und welche Asse und Dreien "
        "noch fehlen"
    ),
    "help.seen7": (
        "  gespielt (seen)      die Karten dieser Runde nach Farben, und welche Asse und Siebenen "
        "noch fehlen"
    ),
    "help.mid": """\
  stand (score)        gewonnene Runden und Punkte bisher
  tipp (hint)          was die Suche des Experten hier empfiehlt, und warum
  zurück (undo)        deine letzte Karte und die Antworten der Bots zurücknehmen
  regeln (rules)       die Regeln in Kürze (briscola rules --lang de zeigt sie ganz)""",
    "help.say": "  say TEXT             an alle am Tisch schreiben",
    "help.leave": "  ende (leave)         den Platz aufgeben (ein Bot spielt weiter; Strg-C fragt auch)",
    "help.exchange": (
        "  tausch (exchange)    die Trumpf-7 oder -2 gegen die offene Karte tauschen (wenn erlaubt)"
    ),
    "help.quit": "  ende (quit)          die Partie verlassen (Strg-C fragt auch; Strg-D geht sofort)",
    "rules.short": """\
Briscola in Kürze: kein Farbzwang; der höchste Trumpf nimmt den Stich, sonst die höchste Karte der ausgespielten Farbe.
Rangfolge: {order}; in der Bisca: {order_bisca}.
Punkte: {ace} 11, Drei 10 (Bisca: Sieben 10), {king} 4, {knight} 3, {jack} 2: zusammen 120.
Wer den Stich nimmt, zieht zuerst und spielt aus; 61 Punkte gewinnen die Runde (3 und 6 Spieler: die höchste Summe).
Brisca: die Trumpf-7 darf gegen die offene Karte getauscht werden, wenn diese {high} ist, die Trumpf-2, wenn sie {low} ist.
Alle Regeln: {command}""",
    "watch.intro": "  Du schaust zu; die Plätze:",
    "watch.seat": "  Platz {seat}: {who}",
    "watch.seat_team": "  Platz {seat}: {who}, mit {side}",
    "watch.now": "Die Partie, wie sie gerade steht:",
    "table.leads": "{who} spielt aus.",
    "turn.yours": "Du bist dran.",
    "turn.yours_left": "Du bist dran: noch {left}.",
    "turn.waiting": "Warten auf {who}.",
    "turn.waiting_left": "Warten auf {who}: noch {left}.",
    "round.pause": "Runde vorbei: Enter für die nächste.",
    "ask.yes_no": "Tippe j oder n.",
    "prompt.wait": "> ",
    "hint.match": {
        "you": "  Tipp: die Suche des Experten empfiehlt {card}: damit gewinnst du die Runde in {win} der Fälle und die Partie in {match}, und du liegst am Ende im Schnitt {lead}.",
        "we": "  Tipp: die Suche des Experten empfiehlt {card}: damit gewinnt deine Seite die Runde in {win} der Fälle und die Partie in {match}, und sie liegt am Ende im Schnitt {lead}.",
    },
    "hint.others": "  Andere Karten: {others}.",
    "hint.other": "{card} {win}, {lead}",
    "hint.other_match": "{card} {win} (Partie {match}), {lead}",
    "hint.why": "  {why}",
    "lead.ahead": {"one": "1 Punkt vorn", "other": "{n} Punkte vorn"},
    "lead.behind": {"one": "1 Punkt hinten", "other": "{n} Punkte hinten"},
    "lead.level": "gleichauf",
}

# The lobby and a LAN table's own notices (briscola join).
LOBBY: Final[dict[str, Message]] = {
    "joined": "{name} setzt sich auf Platz {seat}.",
    "left": "{name} hat den Tisch verlassen.",
    "dropped": "{name} hat die Verbindung verloren; der Platz wird freigehalten.",
    "resumed": "{name} ist zurück.",
    "takeover": "Ein Bot spielt für {name}, bis die Verbindung zurück ist.",
    "closed": "Der Tisch ist geschlossen: niemand spielt mehr daran.",
    "chat_dropped": "Verworfene Chatzeilen, zu viele auf einmal: {n}.",
    "handback": "{name} spielt wieder selbst.",
    "timeout": "Die Zeit von {name} ist abgelaufen; ein Bot hat die Karte gespielt.",
    "faults": "{name} hat dreimal falsch geantwortet; ein Bot hat die Karte gespielt.",
    "rematch": "{name} möchte eine Revanche.",
    "restored": "Der Server wurde neu gestartet; der Platz von {name} wartet.",
    "chat": "» {name} ({role}): {text}",
    "chat.seat": "Platz {seat}",
    "chat.watcher": "Zuschauer",
    "lost": "Die Verbindung zum Server ist weg; neuer Versuch in {pause} s ...",
    "retrying": "Neuer Versuch in {pause} s ...",
    "connecting": "Verbindung zum Server wird aufgebaut ...",
    "stopped": "beendet (SIGTERM). In einer laufenden Partie bleibt dein Platz für dich: starte briscola join noch einmal, um ihn zurückzuholen.",
    "stopped.bare": "beendet (SIGTERM).",
    "back": "Wieder verbunden; du hast deinen Platz zurück.",
    "kept": "Dein Platz wurde für dich freigehalten: zurück an Tisch {table}, Platz {seat}.",
    "kept_over": "Dein Platz an Tisch {table} wird nicht mehr für dich freigehalten: seine Partie ist zu Ende, oder der Platz wurde aufgegeben.",
    "code_made": "Tisch {table} ist privat; Freunde setzen sich mit --code {code} dazu",
    "code_made_lobby": "Tisch {table} ist privat; sein Code ist {code} (Freunde tippen: join {table} code={code}).",
    "gone": "Der Server kam nicht rechtzeitig zurück; dein Platz bleibt dir: ein neues briscola join holt ihn zurück.",
    "bye": "Der Server hat die Verbindung beendet: {text}",
    "refused": "Der Server lehnt ab: {text}",
    "again": "Noch eine Partie am selben Tisch? (j/n) ",
    "waiting": {
        "one": "Warten auf den anderen Platz (1 frei) ...",
        "other": "Warten auf die anderen Plätze ({n} frei) ...",
    },
    "seated": "Du sitzt an Tisch {table}, Platz {seat}.",
    "renamed": "An diesem Tisch heißt schon jemand {wanted}: hier bist du {name}.",
    "watching": "Du schaust an Tisch {table} zu.",
    "lobby_help": (
        "Befehle in der Lobby: list, create NAME [players=4] [target=1] [variant=italian] "
        "[pack=39] [code=GEHEIM] [bots=1:expert,3:greedy], join NAME [PLATZ] [code=GEHEIM], watch "
        "NAME, quit."
    ),
    "lobby_prompt": "Lobby> ",
    "no_tables": "Noch keine Tische: lege einen an (help zeigt wie).",
    "variant.italian": "italienische Regeln",
    "variant.brisca": "Brisca",
    "variant.bisca": "Bisca",
    "table_line": "{table}: {players} Spieler, {variant}, bis {target}, {state}: {seats}",
    "state.waiting": "wartet",
    "state.playing": "spielt",
    "state.done": "vorbei",
    "free": "frei",
    "private": "privat",
    "bad_lobby": "Kein Lobby-Befehl: {text}. Tippe help.",
    "say_help": "Am Tisch schreibt say TEXT allen am Tisch.",
    "left.you": "Du hast den Tisch verlassen.",
    "dropped.for": "{name} hat die Verbindung verloren; der Platz wird {time} lang freigehalten.",
    "takeover.you": "Ein Bot spielt für dich, bis du zurück bist.",
    "away": "Die Zeit von {name} ist abgelaufen: ein Bot spielt, bis {name} zurück ist.",
    "away.you": "Deine Zeit ist abgelaufen: ein Bot spielt deine Karten. Tippe irgendetwas (Enter), um deinen Platz zurückzuholen.",
    "handback.you": "Du spielst wieder selbst.",
    "timeout.you": "Deine Zeit ist abgelaufen; ein Bot hat die Karte für dich gespielt.",
    "rematch.you": "Du möchtest eine Revanche.",
    "restored.you": "Der Server wurde neu gestartet; dein Platz wartet auf dich.",
    "paused": "Der Server pausiert; die Partie geht weiter, wenn er zurück ist.",
    "restart": "Der Server pausiert für einen Neustart; dein Platz bleibt. Die Verbindung wird neu aufgebaut ...",
    "restart_watch": "Der Server pausiert für einen Neustart. Die Verbindung wird neu aufgebaut ...",
    "not_now.turn": "Du bist nicht dran: der Tisch wartet auf {name}.",
    "not_now.wait": "Du bist noch nicht dran.",
    "not_now.no_match": "Gerade läuft keine Partie: Karten erst nach dem nächsten Geben.",
    "not_now.watching": "Du schaust zu: say TEXT schreibt, mit ende gehst du.",
    "not_now.lan": "Am LAN-Tisch gibt es keine Tipps und kein Zurücknehmen: jeder spielt für sich.",
    "takes": "{name} übernimmt den Platz von {was}.",
    "takes.you": "Du übernimmst den Platz von {was}.",
    "left_bot": "{name} hat den Tisch verlassen; ein Bot spielt für {name}.",
    "open_seat": "frei (ein Bot spielt für {name})",
    "ahead": "Vorgemerkt: {card} spielst du, sobald du dran bist.",
    "not_sent": "Nicht gesendet: der Server antwortet nicht.",
    "here": "Du holst deinen Platz zurück ...",
    "meanwhile": {
        "one": "Während du weg warst, spielte ein Bot für dich: {cards} (1 Stich ging vorbei).",
        "other": "Während du weg warst, spielte ein Bot für dich: {cards} ({n} Stiche gingen vorbei).",
    },
    "meanwhile.cards": "Während du weg warst, spielte ein Bot für dich: {cards}.",
    "meanwhile.none": {
        "one": "Während du weg warst, wurde 1 Stich gespielt; keine Karte von dir.",
        "other": "Während du weg warst, wurden {n} Stiche gespielt; keine Karte von dir.",
    },
    "warn": "Noch {left} für deine Karte, dann spielt ein Bot für dich.",
    "status.filling": "Warten, bis der Tisch voll ist. Mit ende (oder Strg-C) gehst du.",
    "status.rematch_seat": {
        "one": "Warten, bis jemand den freien Platz {seats} nimmt. Mit ende (oder Strg-C) gehst du.",
        "other": "Warten, bis jemand die freien Plätze {seats} nimmt. Mit ende (oder Strg-C) gehst du.",
    },
    "status.watch_wait": "Warten auf den Beginn der Partie. Mit ende (oder Strg-C) gehst du.",
    "status.again": "Die Partie ist vorbei: noch eine? Antworte j oder n.",
    "status.rematch": "Warten, ob die anderen eine Revanche wollen. Mit ende (oder Strg-C) gehst du.",
    "status.away": "Ein Bot spielt für dich: tippe irgendetwas (Enter) für deinen Platz.",
    "status.server_away": "Der Server antwortet nicht: neuer Versuch in {pause} s. Mit ende (oder Strg-C) hörst du auf.",
    "status.server_trying": "Der Server antwortet nicht: Verbindung wird aufgebaut ... Mit ende (oder Strg-C) hörst du auf.",
    "code_needed": "Tisch {table} ist privat, und der Code fehlt oder stimmt nicht ({command} {table} code=CODE; frag, wer ihn angelegt hat).",
    "code_needed_cli": "Tisch {table} ist privat, und der Code fehlt oder stimmt nicht: gib ihn mit --code CODE an (frag, wer ihn angelegt hat).",
    "bot_seat": "{name} (Bot)",
    "away_seat": "{name} (weg, {time})",
    "held_seat": "{name} (ein Bot hält den Platz)",
    "bot_away_seat": "{name} (Bot, weg, {time})",
    "bot_held_seat": "{name} (Bot; ein Bot des Servers spielt für ihn)",
    "people_waiting": "An {table} warten: {names}.",
    "back_watch": "Wieder verbunden; du schaust dem Tisch wieder zu.",
    "gone_watch": "Die Verbindung ist weg, und der Server kam nicht rechtzeitig zurück.",
    "gone_refused": "Der Server ist wieder da, gab den Platz aber nicht zurück: {text}",
    "gone_refused_watch": "Der Server ist wieder da, ließ dich aber nicht wieder zuschauen: {text}",
    "expired": "{name} kam nach dem Neustart nicht zurück; Platz {seat} ist frei.",
    "status.round_pause": "Runde vorbei: Enter geht zur nächsten.",
    "status.round_wait": "Warten, bis die anderen zur nächsten Runde weitergehen.",
}

# A record told trick by trick (briscola replay).
REPLAY: Final[dict[str, Message]] = {
    "header": {
        "one": (
            "Briscola: {players} Spieler{pack}, {variant}, auf 1 gewonnene Runde; Startwert {seed}"
        ),
        "other": (
            "Briscola: {players} Spieler{pack}, {variant}, auf {n} gewonnene Runden; Startwert "
            "{seed}"
        ),
    },
    "pack": ", {n} Karten",
    "variant.italian": "italienische Regeln",
    "variant.brisca": "Brisca (mit Tausch)",
    "variant.bisca": "Bisca (die 7 an zweiter Stelle, 10 Punkte wert)",
    "seats": "Plätze: {seats}",
    "teams": "Parteien: {teams}",
    "against": " gegen ",
    "round": "Runde {n}: {dealer} gibt, {leader} spielt aus; Trumpf {card}",
    "hand": "  Hand von {name}: {cards}",
    "points": {
        "one": "1 Punkt",
        "other": "{n} Punkte",
    },
    "trick": "  Stich {i}: {plays} -> {winner} ({points})",
    "open": "  Unvollständiger Stich: {plays}",
    "by_bot": "ein Bot für {name}",  # a card or trick a stand-in bot played for the seat
    "draws": "    gezogen: {draws}",
    "trump_taken": "    {name} nimmt die offene Karte {card}",
    "exchanged": "  {name} tauscht {gave} gegen die offene Karte {took}",
    "fault": "  Fehler von {name}: {code}: {message}",
    "forfeit": "    -> die Partie ist für {team} verloren",
    "takeover": "    -> ein eingebauter Bot übernimmt den Platz",
    "refused": "    -> abgelehnt; der Platz wurde erneut gefragt",
    "standin.dropped": "  Ein Bot spielt für {name} (die Verbindung brach ab)",
    "standin.timeout": "  {name} hat die Zeit überschritten: ein Bot spielt, bis {name} zurück ist",
    "standin.left": "  {name} ist gegangen: ein Bot spielt den Platz",
    "standin.faults": "  Ein Bot spielt diese Karte für {name} (drei ungültige Antworten)",
    "handback": "  {name} ist zurück und spielt wieder",
    "seated": "  {name} übernimmt den Platz von {was}",
    "dropped": "  {name} hat die Verbindung verloren",
    "resumed": "  {name} ist wieder verbunden",
    "pause": "  Hier hielt der Server an (eine Pause)",
    "restart.pause": "  Der Server ist nach der Pause zurück",
    "restart.crash": "  Der Server ist nach einem Absturz zurück",
    "info": "  {name} sagt: {text}",
    "takeback": "  {name} nimmt eine Karte zurück: wieder Stich {i}",
    "round_end": "Runde {i} vorbei: {points}. {result}. Gewonnene Runden: {won}",
    "round_won": {
        "other": "{team} gewinnt die Runde",
        "they": "{team} gewinnen die Runde",
    },
    "drawn": "Unentschieden, die Runde zählt für niemanden",
    "match_end": "Partie vorbei ({reason}): {result}; gewonnene Runden {won}",
    "match_why": "  Warum sie endete: {why}",
    "match_won": {
        "other": "{team} gewinnt",
        "they": "{team} gewinnen",
    },
    "nobody": "kein Sieger",
    "verdict": {
        "one": "OK: {label}: eine stimmige Aufzeichnung, {lines} Zeilen, 1 Runde; {result}",
        "other": "OK: {label}: eine stimmige Aufzeichnung, {lines} Zeilen, {n} Runden; {result}",
    },
    "verdict.won": {
        "other": "Sieg für {team} ({reason})",
        "they": "Sieg für {team} ({reason})",
    },
    "verdict.none": "kein Sieger ({reason})",
    "complete": "regulär",
    "fault_reason": "Fehler",
    "abandoned": "abgebrochen",
}

# What the long search thinks of each move (briscola review).
REVIEW: Final[dict[str, Message]] = {
    "intro": "Analyse von {label}: jede erlaubte Karte bewertet mit derselben Suche, die die Tipps gibt ({samples} Stichproben je Zug, Startwert {seed}), nur mit dem Wissen des Platzes: die Chance, mit ihr die Runde zu gewinnen, und wie viele Punkte die eigene Seite am Ende im Schnitt vor der besten anderen liegt (dahinter, wenn negativ)",
    "seat": {
        "zero": "{name} (Platz {seat}): keine Züge",
        "one": "{name} (Platz {seat}): 1 Zug",
        "other": "{name} (Platz {seat}): {n} Züge",
    },
    "trick": "Stich {i}",
    "round_trick": "Runde {round}, Stich {i}",
    "move": "  {where}: gespielt {card}, am besten {best}, Kosten {cost} Punkte · {values}",
    "forced": "  {where}: gespielt {card}, die einzige erlaubte Karte",
    "exchange": "Tausch",
    "the_exchange": "der Tausch",
    "accuracy": {
        "one": (
            "  Genauigkeit: {within} von 1 Entscheidung höchstens einen Punkt vom besten Zug "
            "({share}); mittlere Kosten {cost} Punkte"
        ),
        "other": (
            "  Genauigkeit: {within} von {n} Entscheidungen höchstens einen Punkt vom besten Zug "
            "({share}); mittlere Kosten {cost} Punkte"
        ),
    },
    "no_choices": "  Nichts zu bewerten: jeder Zug war erzwungen.",
    "chart": "  Die Gewinnchance der Runde, Zug um Zug (× markiert die teuersten Züge):",
    "chart_plain": "  Die Gewinnchance der Runde, Zug um Zug: {values}.",
    "chart_tricks": "Stiche",
    "costliest": "  Die teuersten Züge:",
    "none_costly": "  Kein Zug kostete mehr als einen Punkt.",
    "lead": {
        "one": "    {where}: {card} auszuspielen kostete etwa 1 Punkt; {best} war am besten",
        "other": "    {where}: {card} auszuspielen kostete etwa {n} Punkte; {best} war am besten",
    },
    "lead_unseen": {
        "one": (
            "    {where}: {card} auszuspielen, solange {unseen} noch nicht gefallen war, kostete etwa 1 "
            "Punkt; {best} war am besten"
        ),
        "other": (
            "    {where}: {card} auszuspielen, solange {unseen} noch nicht gefallen war, kostete etwa {n} "
            "Punkte; {best} war am besten"
        ),
    },
    "follow": {
        "one": (
            "    {where}: {card} auf {led} zu spielen kostete etwa 1 Punkt; {best} war am besten"
        ),
        "other": (
            "    {where}: {card} auf {led} zu spielen kostete etwa {n} Punkte; {best} war am besten"
        ),
    },
    "follow_unseen": {
        "one": (
            "    {where}: {card} auf {led} zu spielen, solange {unseen} noch nicht gefallen war, kostete "
            "etwa 1 Punkt; {best} war am besten"
        ),
        "other": (
            "    {where}: {card} auf {led} zu spielen, solange {unseen} noch nicht gefallen war, kostete "
            "etwa {n} Punkte; {best} war am besten"
        ),
    },
    "exchanged": {
        "one": "    {where}: der Tausch kostete etwa 1 Punkt; {best} war am besten",
        "other": "    {where}: der Tausch kostete etwa {n} Punkte; {best} war am besten",
    },
    "intro_match": "Analyse von {label}: jede erlaubte Karte bewertet mit derselben Suche, die die Tipps gibt ({samples} Stichproben je Zug, Startwert {seed}), nur mit dem Wissen des Platzes: die Chance, mit ihr die Runde und die Partie zu gewinnen, und wie viele Punkte die eigene Seite am Ende im Schnitt vor der besten anderen liegt (dahinter, wenn negativ)",
    "move_chance": "  {where}: gespielt {card}, am besten {best}, Kosten {cost} Punkte und {chance} Gewinnchance · {values}",
    "value": "{card} {win} {points}",
    "value_match": "{card} {win}, Partie {match}, {points}",
    "odds": "; die Runde wurde mit {best} in {best_win} der Fälle gewonnen, mit {card} in {win}",
}

# The rules for players (briscola rules): the text, then how cards are written.
RULES: Final[dict[str, Message]] = {
    "body": """\
BRISCOLA: DIE REGELN

Die Karten
  Briscola wird mit 40 Karten gespielt, vier Farben zu je zehn. Das
  italienische und das spanische Blatt haben Kelche, Münzen, Schwerter und
  Stäbe und als Bilder Bube, Reiter und König; ein französisches Blatt ohne
  die 8er, 9er und 10er ergibt dasselbe Spiel mit Herz, Karo, Pik und Kreuz,
  die Dame an der Stelle des Reiters. Das portugiesische Blatt ist ebenfalls
  französisch, aber dort ist der Bube die Karte mit 3 Punkten und die Dame
  die mit 2.

  In diesem Blatt, von hoch nach niedrig: {order}.
  Punkte: {ace} 11, 3 10, {king} 4, {knight} 3, {jack} 2, alle anderen 0.
  Das Blatt enthält 120 Punkte.

Die Tische
  2 Spieler: 40 Karten, 20 Stiche, jeder für sich. Mit 61 oder mehr gewinnt
             man die Runde; 60:60 ist eine unentschiedene Runde.
  3 Spieler: 36 Karten (ohne die vier 2er), 12 Stiche, jeder für sich. Die
             höchste Summe gewinnt die Runde (61 sind nicht nötig); ein
             Gleichstand an der Spitze ist eine unentschiedene Runde. Auf
             italienische Art, wenn der Tisch es so will (--pack 39): 39
             Karten, nur die {two} fehlt, 13 Stiche.
  4 Spieler: 40 Karten, 10 Stiche, zwei Teams: die Plätze 0 und 2 gegen die
             Plätze 1 und 3. Mit 61 oder mehr gewinnt man die Runde;
             60:60 ist eine unentschiedene Runde.
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
  (die Briscola). Die offene Karte liegt halb unter dem Talon und wird
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
  Brisca (spanische Tische), der Tausch: Wenn du am Zug bist, bevor du eine
  Karte spielst, solange die offene Karte noch unter dem Talon liegt,
  also außer ihr noch mindestens eine Karte zu ziehen ist:
    - wer die Trumpf-7 hält, darf sie gegen die offene Karte tauschen,
      wenn es sich dabei um {high} handelt;
    - wer die Trumpf-2 hält, darf sie gegen die offene Karte tauschen,
      wenn diese eine 4, 5, 6 oder 7 ist.
  Höchstens ein Tausch pro Zug. Alle sehen den Tausch.

  Bisca (portugiesische Tische): Die 7 ist die zweithöchste Karte und 10
  Punkte wert; die 3 rückt an ihren Platz in der Zahlenfolge, zwischen die
  4 und die 2, und ist 0 Punkte wert. Rangfolge: {order_bisca}.
  Alles andere wie oben.
""",
    "cards.head": "So werden Karten geschrieben",
    "cards.codes": (
        "Auf dem Bildschirm und bei der Eingabe ist eine Karte ihr Rang, dann ihre Farbe: {ex1} "
        "steht für {name1}, {ex2} für {name2}."
    ),
    "cards.ranks": "Ränge: {ranks}; 2 bis 7 wie sie sind.",
    "cards.suits": "Farben: {suits}.",
    "cards.packs": "Andere Blätter: {command} --faces french (oder spanish, portuguese).",
}

# The table's commands in this language (the English ones work in every language).
# Why a card is advised or not, after "because" (hint and review).
REASONS: Final[dict[str, Message]] = {
    "wins_round": "damit ist die Runde sofort gewonnen, mit {n} Punkten",
    "face_up_you": "mit diesem Stich endet der Talon, und so ziehst du die offene Karte {card}",
    "face_up_partner": "mit diesem Stich endet der Talon, und so landet die offene Karte {card} bei deiner Seite",
    "face_up_them": "mit diesem Stich endet der Talon, und so landet die offene Karte {card} bei der Gegenseite",
    "gives_points": {
        "one": "sie schenkt der Gegenseite ihren einen Punkt",
        "other": "sie schenkt der Gegenseite ihre {n} Punkte",
    },
    "takes_points": "sie macht den Stich sicher, mit {n} Punkten",
    "trumpable": {
        "one": "ein Trumpf kann sie noch stechen: 1 Trumpf ist noch nicht gefallen",
        "other": "ein Trumpf kann sie noch stechen: {n} Trümpfe sind noch nicht gefallen",
    },
    "beatable": "{card} ist noch nicht gefallen und kann sie noch schlagen",
    "keeps_trump": "so bleibt {card} für die letzten Stiche",
    "takes_trick": "sie macht den Stich sicher",
    "trump_behind": "{card} ist in der Hand eines Spielers nach dir und kann sie stechen",
    "partner_safe": "der Stich gehört schon deiner Seite, und nach dir kann ihn niemand mehr nehmen",
    "no_reason": {
        "one": "kein bestimmter Grund: die Suche zieht sie um 1 Punkt vor",
        "other": "kein bestimmter Grund: die Suche zieht sie um {n} Punkte vor",
    },
    "no_reason_chance": "kein bestimmter Grund: die Suche gibt ihr die beste Gewinnchance",
    "about_same": "etwa so gut wie {cards}: die Stichproben unterscheiden sie nicht",
    "same_exact": "so gut wie {cards}: jede Verteilung gibt ihnen dasselbe",
    "overrules": {
        "one": "ein Vereinsspieler würde {card} hier nicht spielen, auch wenn die Suche ihr 1 Punkt mehr gibt",
        "other": "ein Vereinsspieler würde {card} hier nicht spielen, auch wenn die Suche ihr {n} Punkte mehr gibt",
    },
    "exact": "exakt: jede mögliche Verteilung gelöst",
    "why_card": "{card}: {reasons}.",
    "and": "; ",
}

COMMANDS: Final[dict[str, str]] = {
    "hilfe": "help",
    "letzter": "last",
    "gespielt": "seen",
    "stand": "score",
    "tipp": "hint",
    "zurück": "undo",
    "regeln": "rules",
    "ende": "quit",
    "tausch": "exchange",
}

# The answers that say yes to a question of the table.
YES: Final[tuple[str, ...]] = ("j", "ja")
NO: Final[tuple[str, ...]] = ("n", "nein")
