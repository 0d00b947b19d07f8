"""Every sentence of the program in Italian: a catalog of :mod:`briscola.words`.

Each section is a dict of messages by key, in the forms of :mod:`.i18n`.
"""

from __future__ import annotations

from typing import Final

from .i18n import Message

__all__ = ["COMMANDS", "LOBBY", "NO", "REASONS", "REPLAY", "REVIEW", "RULES", "TABLE", "YES"]

# The table (briscola play and a LAN table), its help and its short rules.
TABLE: Final[dict[str, Message]] = {
    "you": "Tu",
    "you.listed": "tu",
    "you.mid": "tu",
    "and": "{a} e {b}",
    "us": "Noi",
    "them": "Loro",
    "intro.players": "{players} giocatori",
    "intro.target": {
        "one": "partita a 1 smazzata vinta",
        "other": "partita a {n} smazzate vinte",
    },
    "intro.pack": "{n} carte",
    "intro.seed": "codice {seed}",
    "intro.level": "livello {level}",
    "intro.seat": "  {who} ({note}): {role}",
    "intro.seat_bare": "  {who}: {role}",
    "intro.you_are": "  Giochi come {name}.",
    "role.partner": {
        "m": "il tuo compagno",
        "f": "la tua compagna",
        "n": "in squadra con te",
    },
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
    "note.medium": {
        "m": "medio",
        "f": "media",
        "n": "livello medio",
    },
    "note.hard": "difficile",
    "note.expert": {
        "m": "esperto",
        "f": "esperta",
        "n": "livello esperto",
    },
    "note.random": "gioca a caso",
    "note.greedy": {
        "m": "ingordo",
        "f": "ingorda",
        "n": "gioca da ingordo",
    },
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
    "points": {
        "zero": "nessun punto",
        "one": "1 punto",
        "other": "{n} punti",
    },
    "play": {
        "you": "  Tu giochi {card}",
        "other": "  {who} gioca {card}",
    },
    "draw": {
        "you": "  Tu peschi {card}",
        "other": "  {who} pesca {card}",
    },
    "trick.took": {
        "you": "  → La presa è tua: {points}",
        "other": "  → La presa va a {who}: {points}",
    },
    # A stand-in bot played the seat for its person (away, or left): never "Giulia plays".
    "play.standin": {
        "you": "  Un bot gioca {card} per te",
        "other": "  Un bot gioca {card} per {who}",
    },
    "trick.standin": {
        "you": "  → Il bot fa la presa per te: {points}",
        "other": "  → Il bot fa la presa per {who}: {points}",
    },
    "by_bot": {
        "you": "un bot per te",
        "other": "un bot per {who}",
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
    "table.lead": "Sei di mano.",
    "table.head": "In tavola:",
    "table.best": "(per ora prende)",
    "last.none": "Nessuna presa ancora in questa smazzata.",
    "last.head": "Ultima presa:",
    "last.took": {
        "you": "  → È tua: {points}",
        "other": "  → Va a {who}: {points}",
    },
    "score.rounds": {
        "one": "Smazzate vinte (si gioca a 1): {scores}",
        "other": "Smazzate vinte (si gioca a {n}): {scores}",
    },
    "score.points": "Punti in questa smazzata: {scores}",
    "score.hidden": "I punti della smazzata non sono mostrati (--no-count).",
    "end.head": "Fine della smazzata {round}",
    "end.side": "  {side}: {points}",
    "end.side_made": "  {side}: {points} con {cards}",
    "end.drawn": "  Smazzata patta: non conta per nessuno.",
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
    "hints.used": {
        "one": "  1 suggerimento usato.",
        "other": "  {n} suggerimenti usati.",
    },
    "tally": {
        "one": "Finora: 1 partita (vinte: {won}, perse: {lost}); punti {mine} a {theirs}.",
        "other": "Finora: {n} partite (vinte: {won}, perse: {lost}); punti {mine} a {theirs}.",
    },
    "bar.trump": "Briscola",
    "bar.stock": "Mazzo",
    "bar.round": "Smazzata",
    "bar.rounds": "Vinte",
    "bar.points": "Punti",
    "prompt": "gioca> ",
    "ask.leave": "Lasciare la partita in corso? (s/n) ",
    "ask.keep": "Conservare la partita per finirla più tardi (briscola play --resume)? (s/n) ",
    "ask.again": "Un'altra partita? (s/n) ",
    "left": "Hai lasciato il tavolo.",
    "stats.none": "Ancora nessuna partita finita: briscola play le annota qui.",
    "stats.all": "Tutte le partite",
    "stats.row": {
        "one": (
            "{label}: 1 partita (vinte: {won}, perse: {lost}, il {share}%); punti {mine} a {theirs}"
        ),
        "other": (
            "{label}: {n} partite (vinte: {won}, perse: {lost}, il {share}%); punti {mine} a {theirs}"
        ),
    },
    "stats.by_level": "Per livello:",
    "stats.by_players": "Per numero di giocatori:",
    "stats.marks": "VP=",
    "stats.by_variant": "Per variante:",
    "stats.last": {
        "one": ("L'ultima partita (V vinta, P persa, = patta; la barra: lo scarto di punti):"),
        "other": (
            "Le ultime {n} partite (V vinta, P persa, = patta; le barre: lo scarto di punti):"
        ),
    },
    "kept": "La partita è conservata: briscola play --resume riprende da qui.",
    "back": "Di nuovo al tavolo.",
    "back.taken": "Prendi questo posto; la partita a questo punto:",
    "input.ended": "L'input è finito a metà partita; la partita è interrotta.",
    "seed.told": (
        "Il codice di questa partita era {seed}: briscola play --seed {seed} la ridistribuisce."
    ),
    "takeover": (
        "Il programma di {name} non risponde più; da qui gioca al suo posto un bot integrato di "
        "livello {level}."
    ),
    "record.failed": (
        "Non si è potuto scrivere la registrazione ({why}); contiene la partita fin qui. Il gioco "
        "continua."
    ),
    "record.next": "Questa partita viene registrata in {path}.",
    "entry.empty": (
        "Scrivi {range} per una carta della tua mano, la carta stessa (per es. {example}) o aiuto."
    ),
    "entry.no_exchange.italian": "Nella briscola italiana non c'è lo scambio.",
    "entry.no_exchange.bisca": "Nella bisca non c'è lo scambio.",
    "entry.no_exchange_now": (
        "Ora niente scambio: il 7 di briscola si scambia con la carta scoperta se questa è {high}, "
        "il 2 di briscola se è {low}; una volta per turno, finché la carta scoperta è sotto il "
        "mazzo."
    ),
    "entry.no_slot": "Nella tua mano non c'è la carta numero {i}: scrivi {range} ({hand}).",
    "entry.unknown": (
        "Né una carta né un comando: {text}. Scrivi {range}, una carta della tua mano come "
        "{example}, o aiuto."
    ),
    "entry.none_held": "Non hai in mano nessuna carta {text} (la tua mano: {hand}).",
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
    "hint": {
        "you": "  Suggerimento: la ricerca dell'esperto consiglia {card}. Probabilità di vincere la smazzata: {win}; in media chiudi {lead}.",
        "we": "  Suggerimento: la ricerca dell'esperto consiglia {card}. Probabilità di vincere la smazzata: {win}; in media la tua squadra chiude {lead}.",
    },
    "hint.only": "  Suggerimento: la ricerca dell'esperto consiglia {card}.",
    "hint.off": "In questa partita non ci sono suggerimenti (--no-hints).",
    "hint.none": "In questo gioco non ci sono suggerimenti.",
    "undo.off": "In questo gioco non si riprendono le carte (solo contro i bot integrati).",
    "undo.none": "In questa smazzata non c'è ancora niente da riprendere.",
    "takeback": {
        "you": "  Hai ripreso la tua carta: di nuovo la presa {i}.",
        "other": "  {who} ha ripreso una carta: di nuovo la presa {i}.",
    },
    "takebacks.used": {
        "one": "  1 carta ripresa.",
        "other": "  {n} carte riprese.",
    },
    "help.cards": (
        "Gioca una carta con il suo numero (1, 2, 3), la sua sigla ({example} = {example_name}) o "
        "il suo nome ({example_name}, o solo {ace} se ne hai uno); Tab completa."
    ),
    "help.key": "Una sigla è il valore, poi il seme: {ranks}, dal 2 al 7 come sono; {suits}.",
    "help.head": "Comandi:",
    "help.top": """\
  aiuto (help)         questo testo
  mano (hand)          di nuovo la tua mano e la tavola
  ultima (last)        l'ultima presa""",
    "help.seen": (
        "  uscite (seen)        le carte giocate nella smazzata per seme, e gli assi e i tre non "
        "ancora usciti"
    ),
    "help.seen7": (
        "  uscite (seen)        le carte giocate nella smazzata per seme, e gli assi e i sette non "
        "ancora usciti"
    ),
    "help.mid": """\
  punti (score)        smazzate vinte e punti finora
  suggerimento (hint)  cosa consiglia la ricerca dell'esperto, e perché
  annulla (undo)       riprendere la tua ultima carta e le risposte dei bot
  regole (rules)       le regole in breve (briscola rules --lang it le mostra tutte)""",
    "help.say": "  say TEXT             scrivere a tutti al tavolo",
    "help.leave": "  esci (leave)         lasciare il posto (continua un bot; anche Ctrl-C lo chiede)",
    "help.exchange": (
        "  scambio (exchange)   scambiare il 7 o il 2 di briscola con la carta scoperta (quando si "
        "può)"
    ),
    "help.quit": (
        "  esci (quit)          lasciare la partita (Ctrl-C chiede conferma; Ctrl-D esce subito)"
    ),
    "rules.short": """\
La briscola in breve: nessun obbligo di rispondere al seme; prende la briscola più alta, se no la carta più alta del seme di uscita.
Ordine: {order}; nella bisca: {order_bisca}.
Punti: {ace} 11, Tre 10 (bisca: Sette 10), {king} 4, {knight} 3, {jack} 2: 120 in tutto.
Chi prende pesca per primo ed esce; con 61 si vince la smazzata (3 e 6 giocatori: il totale più alto).
Nella brisca il 7 di briscola si scambia con la carta scoperta se è {high}, il 2 se è {low}.
Tutte le regole: {command}""",
    "watch.intro": "  Guardi; i posti:",
    "watch.seat": "  Posto {seat}: {who}",
    "watch.seat_team": "  Posto {seat}: {who}, con {side}",
    "watch.now": "La partita com'è adesso:",
    "table.leads": "È di mano {who}.",
    "turn.yours": "Tocca a te.",
    "turn.yours_left": "Tocca a te: restano {left}.",
    "turn.waiting": "Si aspetta {who}.",
    "turn.waiting_left": "Si aspetta {who}: restano {left}.",
    "round.pause": "Smazzata finita: Invio per la prossima.",
    "ask.yes_no": "Scrivi s o n.",
    "prompt.wait": "> ",
    "hint.match": {
        "you": "  Suggerimento: la ricerca dell'esperto consiglia {card}. Probabilità di vincere la smazzata: {win}, la partita: {match}; in media chiudi {lead}.",
        "we": "  Suggerimento: la ricerca dell'esperto consiglia {card}. Probabilità di vincere la smazzata: {win}, la partita: {match}; in media la tua squadra chiude {lead}.",
    },
    "hint.others": "  Altre carte: {others}.",
    "hint.other": "{card} {win}, {lead}",
    "hint.other_match": "{card} {win} (partita {match}), {lead}",
    "hint.why": "  {why}",
    "lead.ahead": {"one": "con 1 punto di vantaggio", "other": "con {n} punti di vantaggio"},
    "lead.behind": {"one": "con 1 punto di svantaggio", "other": "con {n} punti di svantaggio"},
    "lead.level": "in parità",
}

# The lobby and a LAN table's own notices (briscola join).
LOBBY: Final[dict[str, Message]] = {
    "joined": "{name} si siede al posto {seat}.",
    "left": "{name} ha lasciato il tavolo.",
    "dropped": "{name} ha perso la connessione; il posto resta suo per un po'.",
    "resumed": "{name} è di nuovo qui.",
    "takeover": "Un bot gioca per {name} finché non torna.",
    "closed": "Il tavolo è chiuso: non ci gioca più nessuno.",
    "chat_dropped": "Messaggi della chat scartati, troppi tutti insieme: {n}.",
    "handback": "{name} gioca di nuovo.",
    "timeout": "Il tempo di {name} è scaduto; un bot ha giocato la carta.",
    "faults": "{name} ha risposto male tre volte; un bot ha giocato la carta.",
    "rematch": "{name} vuole la rivincita.",
    "restored": "Il server è ripartito; il posto di {name} resta in attesa del suo ritorno.",
    "chat": "» {name} ({role}): {text}",
    "chat.seat": "posto {seat}",
    "chat.watcher": "spettatore",
    "lost": "Connessione al server persa; nuovo tentativo tra {pause} s...",
    "retrying": "Nuovo tentativo tra {pause} s...",
    "connecting": "Mi collego al server...",
    "stopped": "interrotto (SIGTERM). Durante una partita il tuo posto resta tuo: rilancia briscola join per riprenderlo.",
    "stopped.bare": "interrotto (SIGTERM).",
    "back": "Di nuovo connesso; il tuo posto è ancora tuo.",
    "kept": "Il tuo posto ti è stato tenuto: sei di nuovo al tavolo {table}, posto {seat}.",
    "kept_over": "Il tuo posto al tavolo {table} non è più tenuto per te: la sua partita è finita, oppure il posto è stato lasciato.",
    "code_made": "Il tavolo {table} è privato; gli amici entrano con --code {code}",
    "code_made_lobby": "Il tavolo {table} è privato; il codice è {code} (gli amici scrivono: join {table} code={code}).",
    "gone": "Il server non è tornato in tempo; il posto resta tuo: rilancia briscola join per riprenderlo.",
    "bye": "Il server ha chiuso la connessione: {text}",
    "refused": "Il server rifiuta: {text}",
    "again": "Un'altra partita allo stesso tavolo? (s/n) ",
    "waiting": {
        "one": "In attesa dell'altro posto (1 libero)...",
        "other": "In attesa degli altri posti ({n} liberi)...",
    },
    "seated": "Sei al tavolo {table}, posto {seat}.",
    "renamed": "A questo tavolo c'è già qualcuno che si chiama {wanted}: qui sei {name}.",
    "watching": "Guardi il tavolo {table}.",
    "lobby_help": (
        "Comandi della sala: list, create NOME [players=4] [target=1] [variant=italian] [pack=39] "
        "[code=SEGRETO] [bots=1:expert,3:greedy], join NOME [POSTO] [code=SEGRETO], watch NOME, "
        "quit."
    ),
    "lobby_prompt": "sala> ",
    "no_tables": "Ancora nessun tavolo: creane uno (help dice come).",
    "variant.italian": "regole italiane",
    "variant.brisca": "brisca",
    "variant.bisca": "bisca",
    "table_line": "{table}: {players} giocatori, {variant}, a {target}, {state}: {seats}",
    "state.waiting": "in attesa",
    "state.playing": "in gioco",
    "state.done": "finito",
    "free": "libero",
    "private": "privato",
    "bad_lobby": "Non è un comando della sala: {text}. Scrivi help.",
    "say_help": "Al tavolo, say TESTO scrive a tutti.",
    "left.you": "Hai lasciato il tavolo.",
    "dropped.for": "{name} ha perso la connessione; il posto resta suo per {time}.",
    "takeover.you": "Un bot gioca per te finché non torni.",
    "away": "Il tempo di {name} è scaduto: un bot gioca al suo posto finché non torna.",
    "away.you": "Il tuo tempo è scaduto: un bot gioca le tue carte. Scrivi qualcosa (Invio) per riprendere il posto.",
    "handback.you": "Giochi di nuovo tu.",
    "timeout.you": "Il tuo tempo è scaduto; un bot ha giocato la carta per te.",
    "rematch.you": "Vuoi la rivincita.",
    "restored.you": "Il server è ripartito; il tuo posto ti aspetta.",
    "paused": "Il server è in pausa; la partita riprende quando torna.",
    "restart": "Il server si ferma per ripartire; il tuo posto resta. Mi riconnetto...",
    "restart_watch": "Il server si ferma per ripartire. Mi riconnetto...",
    "not_now.turn": "Non tocca a te: il tavolo aspetta {name}.",
    "not_now.wait": "Non tocca ancora a te.",
    "not_now.no_match": "Nessuna partita in corso: le carte alla prossima smazzata.",
    "not_now.watching": "Stai guardando: say TESTO scrive, esci per andartene.",
    "not_now.lan": "Al tavolo in rete niente suggerimenti né carte riprese: ognuno gioca da sé.",
    "takes": "{name} prende il posto di {was}.",
    "takes.you": "Prendi il posto di {was}.",
    "left_bot": "{name} ha lasciato il tavolo; un bot gioca per {name}.",
    "open_seat": "libero (un bot gioca per {name})",
    "ahead": "{card}: la giochi appena tocca a te.",
    "not_sent": "Non inviato: il server non risponde.",
    "here": "Riprendi il tuo posto...",
    "meanwhile": {
        "one": "Mentre eri via un bot ha giocato per te: {cards} (è passata 1 presa).",
        "other": "Mentre eri via un bot ha giocato per te: {cards} (sono passate {n} prese).",
    },
    "meanwhile.cards": "Mentre eri via un bot ha giocato per te: {cards}.",
    "meanwhile.none": {
        "one": "Mentre eri via è passata 1 presa; nessuna tua carta è stata giocata.",
        "other": "Mentre eri via sono passate {n} prese; nessuna tua carta è stata giocata.",
    },
    "warn": "Restano {left} per la tua carta, poi gioca un bot per te.",
    "status.filling": "Si aspetta che il tavolo si riempia. esci (o Ctrl-C) per andartene.",
    "status.rematch_seat": {
        "one": "Si aspetta che qualcuno prenda il posto libero {seats}. esci (o Ctrl-C) per andartene.",
        "other": "Si aspetta che qualcuno prenda i posti liberi {seats}. esci (o Ctrl-C) per andartene.",
    },
    "status.watch_wait": "Si aspetta l'inizio della partita. esci (o Ctrl-C) per andartene.",
    "status.again": "La partita è finita: un'altra? Rispondi s o n.",
    "status.rematch": "Si aspetta che gli altri vogliano la rivincita. esci (o Ctrl-C) per andartene.",
    "status.away": "Un bot gioca per te: scrivi qualcosa (Invio) per riprendere il posto.",
    "status.server_away": "Il server non risponde: nuovo tentativo tra {pause} s. esci (o Ctrl-C) per smettere.",
    "status.server_trying": "Il server non risponde: mi collego... esci (o Ctrl-C) per smettere.",
    "code_needed": "Il tavolo {table} è privato e il codice manca o è sbagliato ({command} {table} code=CODICE; chiedilo a chi l'ha creato).",
    "code_needed_cli": "Il tavolo {table} è privato e il codice manca o è sbagliato: dallo con --code CODICE (chiedilo a chi l'ha creato).",
    "bot_seat": "{name} (bot)",
    "away_seat": "{name} (via, {time})",
    "held_seat": "{name} (al suo posto gioca un bot)",
    "bot_away_seat": "{name} (bot, via, {time})",
    "bot_held_seat": "{name} (bot; al suo posto gioca un bot del server)",
    "people_waiting": "Aspettano al tavolo {table}: {names}.",
    "back_watch": "Di nuovo connesso; guardi di nuovo il tavolo.",
    "gone_watch": "La connessione è persa e il server non è tornato in tempo.",
    "gone_refused": "Il server è tornato ma non ha restituito il posto: {text}",
    "gone_refused_watch": "Il server è tornato ma non ti lascia guardare di nuovo: {text}",
    "expired": "{name} non ha ripreso il posto dopo il riavvio; il posto {seat} è libero.",
    "status.round_pause": "Smazzata finita: Invio passa alla prossima.",
    "status.round_wait": "Si aspetta che gli altri passino alla prossima smazzata.",
}

# A record told trick by trick (briscola replay).
REPLAY: Final[dict[str, Message]] = {
    "header": {
        "one": (
            "Briscola: {players} giocatori{pack}, {variant}, partita a 1 smazzata vinta; codice {seed}"
        ),
        "other": (
            "Briscola: {players} giocatori{pack}, {variant}, partita a {n} smazzate vinte; codice "
            "{seed}"
        ),
    },
    "pack": ", {n} carte",
    "variant.italian": "regole italiane",
    "variant.brisca": "brisca (con lo scambio)",
    "variant.bisca": "bisca (il 7 secondo, vale 10)",
    "seats": "Posti: {seats}",
    "teams": "Squadre: {teams}",
    "against": " contro ",
    "round": "Smazzata {n}: distribuisce {dealer}, esce {leader}; briscola {card}",
    "hand": "  Carte di {name}: {cards}",
    "points": {
        "one": "1 punto",
        "other": "{n} punti",
    },
    "trick": "  Presa {i}: {plays} -> {winner} ({points})",
    "open": "  Presa incompiuta: {plays}",
    "by_bot": "un bot per {name}",  # a card or trick a stand-in bot played for the seat
    "draws": "    pescano: {draws}",
    "trump_taken": "    {name} prende la carta scoperta {card}",
    "exchanged": "  {name} scambia {gave} con la carta scoperta {took}",
    "fault": "  Errore di {name}: {code}: {message}",
    "forfeit": "    -> partita persa a tavolino per {team}",
    "takeover": "    -> un bot integrato prende il posto",
    "refused": "    -> rifiutato; il posto è stato interpellato di nuovo",
    "standin.dropped": "  Un bot gioca per {name}, che ha perso la connessione",
    "standin.timeout": "  Il tempo di {name} è scaduto: un bot gioca finché non torna",
    "standin.left": "  {name} ha lasciato il tavolo: un bot gioca il posto",
    "standin.faults": "  Un bot gioca questa carta per {name} (tre risposte non valide)",
    "handback": "  {name} è di nuovo al tavolo e gioca",
    "seated": "  {name} prende il posto di {was}",
    "dropped": "  {name} ha perso la connessione",
    "resumed": "  {name} ha ritrovato la connessione",
    "pause": "  Qui il server si è fermato (una pausa)",
    "restart.pause": "  Il server è ripartito dopo la pausa",
    "restart.crash": "  Il server è ripartito dopo un crash",
    "info": "  {name} dice: {text}",
    "takeback": "  {name} ha ripreso una carta: si torna alla presa {i}",
    "round_end": "Smazzata {i} finita: {points}. {result}. Smazzate vinte: {won}",
    "round_won": {
        "other": "{team} vince la smazzata",
        "they": "{team} vincono la smazzata",
    },
    "drawn": "Smazzata patta, non conta per nessuno",
    "match_end": "Partita finita ({reason}): {result}; smazzate vinte {won}",
    "match_why": "  Perché è finita: {why}",
    "match_won": {
        "other": "vince {team}",
        "they": "vincono {team}",
    },
    "nobody": "nessun vincitore",
    "verdict": {
        "one": "OK: {label}: registrazione coerente, {lines} righe, 1 smazzata; {result}",
        "other": "OK: {label}: registrazione coerente, {lines} righe, {n} smazzate; {result}",
    },
    "verdict.won": {
        "other": "la partita va a {team} ({reason})",
        "they": "la partita va a {team} ({reason})",
    },
    "verdict.none": "nessun vincitore ({reason})",
    "complete": "regolare",
    "fault_reason": "errore",
    "abandoned": "interrotta",
}

# What the long search thinks of each move (briscola review).
REVIEW: Final[dict[str, Message]] = {
    "intro": "Analisi di {label}: ogni carta giocabile valutata con la stessa ricerca dei suggerimenti ({samples} campioni a mossa, codice {seed}) con le sole informazioni del posto: la probabilità di vincere la smazzata giocandola, e di quanti punti in media si chiude davanti alla migliore delle altre squadre (dietro, se negativo)",
    "seat": {
        "zero": "{name} (posto {seat}): nessuna mossa",
        "one": "{name} (posto {seat}): 1 mossa",
        "other": "{name} (posto {seat}): {n} mosse",
    },
    "trick": "presa {i}",
    "round_trick": "smazzata {round}, presa {i}",
    "move": "  {where}: giocata {card}, la migliore {best}, costo {cost} punti · {values}",
    "forced": "  {where}: giocata {card}, l'unica carta giocabile",
    "exchange": "scambio",
    "the_exchange": "lo scambio",
    "accuracy": {
        "one": (
            "  Precisione: {within} scelta su 1 entro un punto dalla migliore ({share}); costo "
            "medio {cost} punti"
        ),
        "other": (
            "  Precisione: {within} scelte su {n} entro un punto dalla migliore ({share}); costo "
            "medio {cost} punti"
        ),
    },
    "no_choices": "  Niente da valutare: ogni mossa era obbligata.",
    "chart": "  La probabilità di vincere la smazzata, mossa per mossa (× segna le mosse più care):",
    "chart_plain": "  La probabilità di vincere la smazzata, mossa per mossa: {values}.",
    "chart_tricks": "prese",
    "costliest": "  Le mosse più costose:",
    "none_costly": "  Nessuna mossa è costata più di un punto.",
    "lead": {
        "one": "    {where}: uscire con {card} è costato circa 1 punto; era meglio {best}",
        "other": "    {where}: uscire con {card} è costato circa {n} punti; era meglio {best}",
    },
    "lead_unseen": {
        "one": (
            "    {where}: uscire con {card} mentre {unseen} non era ancora uscito è costato circa "
            "1 punto; era meglio {best}"
        ),
        "other": (
            "    {where}: uscire con {card} mentre {unseen} non era ancora uscito è costato circa "
            "{n} punti; era meglio {best}"
        ),
    },
    "follow": {
        "one": "    {where}: giocare {card} su {led} è costato circa 1 punto; era meglio {best}",
        "other": (
            "    {where}: giocare {card} su {led} è costato circa {n} punti; era meglio {best}"
        ),
    },
    "follow_unseen": {
        "one": (
            "    {where}: giocare {card} su {led} mentre {unseen} non era ancora uscito è costato "
            "circa 1 punto; era meglio {best}"
        ),
        "other": (
            "    {where}: giocare {card} su {led} mentre {unseen} non era ancora uscito è costato "
            "circa {n} punti; era meglio {best}"
        ),
    },
    "exchanged": {
        "one": "    {where}: lo scambio è costato circa 1 punto; era meglio {best}",
        "other": "    {where}: lo scambio è costato circa {n} punti; era meglio {best}",
    },
    "intro_match": "Analisi di {label}: ogni carta giocabile valutata con la stessa ricerca dei suggerimenti ({samples} campioni a mossa, codice {seed}) con le sole informazioni del posto: la probabilità di vincere la smazzata e la partita giocandola, e di quanti punti in media si chiude davanti alla migliore delle altre squadre (dietro, se negativo)",
    "move_chance": "  {where}: giocata {card}, la migliore {best}, costo {cost} punti; probabilità di vincere: {chance} in meno · {values}",
    "value": "{card} {win} {points}",
    "value_match": "{card} {win}, partita {match}, {points}",
    "odds": "; probabilità di vincere la smazzata: {best_win} con {best}, {win} con {card}",
}

# The rules for players (briscola rules): the text, then how cards are written.
RULES: Final[dict[str, Message]] = {
    "body": """\
BRISCOLA: LE REGOLE

Le carte
  La briscola si gioca con 40 carte, quattro semi da dieci. Il mazzo
  italiano e quello spagnolo hanno Coppe, Denari, Spade e Bastoni, e come
  figure Fante, Cavallo e Re; un mazzo francese senza gli 8, i 9 e i 10 fa
  lo stesso gioco con Cuori, Quadri, Picche e Fiori, con la Donna al posto
  del Cavallo. Anche il mazzo portoghese è francese, ma lì il Fante è la
  carta da 3 punti e la Donna quella da 2.

  In questo mazzo, dalla più alta: {order}.
  Punti: {ace} 11, 3 10, {king} 4, {knight} 3, {jack} 2, tutte le altre 0.
  Il mazzo vale 120 punti.

I tavoli
  2 giocatori: 40 carte, 20 prese, ognuno per sé. Con 61 o più si vince la
               smazzata; 60 a 60 è una smazzata patta.
  3 giocatori: 36 carte (senza i quattro 2), 12 prese, ognuno per sé. Vince
               la smazzata il totale più alto (61 non serve); una parità in
               testa è una smazzata patta. All'italiana, se il tavolo lo
               prevede (--pack 39): 39 carte, tolto solo il {two},
               13 prese.
  4 giocatori: 40 carte, 10 prese, due squadre: i posti 0 e 2 contro i
               posti 1 e 3. Con 61 o più si vince la smazzata; 60 a 60 è
               una smazzata patta.
  6 giocatori: 36 carte (senza i quattro 2), 6 prese, tre coppie: il posto
               i con il posto i+3. Vince la smazzata la coppia con il totale
               più alto; una parità in testa è una smazzata patta.
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
  smazzata patta non conta per nessuno.

La partita
  Una partita si gioca a 1, 2 o 3 smazzate vinte; sceglie chi ospita il
  tavolo, di solito 1. Dopo una smazzata patta la partita continua con la
  smazzata successiva. I punti di ogni smazzata restano nella registrazione.

Varianti (solo se il tavolo le prevede)
  brisca (tavoli spagnoli), lo scambio: al proprio turno, prima di giocare
  una carta, finché la carta scoperta è ancora sotto il mazzo (oltre a lei
  resta almeno un'altra carta da pescare):
    - chi ha il 7 di briscola può scambiarlo con la carta scoperta se questa
      è {high};
    - chi ha il 2 di briscola può scambiarlo con la carta scoperta se questa
      è un 4, 5, 6 o 7.
  Al massimo uno scambio per turno. Lo scambio lo vedono tutti.

  bisca (tavoli portoghesi): il 7 è la seconda carta più forte e vale 10
  punti; il 3 scende al suo posto nell'ordine dei numeri, tra il 4 e il 2, e
  vale 0. Ordine: {order_bisca}. Il resto come sopra.
""",
    "cards.head": "Come si scrivono le carte",
    "cards.codes": (
        "Sullo schermo, e quando la scrivi, una carta è il suo valore, poi il suo seme: {ex1} sta "
        "per {name1}, {ex2} per {name2}."
    ),
    "cards.ranks": "Valori: {ranks}; dal 2 al 7 come sono.",
    "cards.suits": "Semi: {suits}.",
    "cards.packs": "Altri mazzi: {command} --faces french (o spanish, portuguese).",
}

# The table's commands in this language (the English ones work in every language).
# Why a card is advised or not, after "because" (hint and review).
REASONS: Final[dict[str, Message]] = {
    "wins_round": "vince subito la smazzata, con {n} punti",
    "face_up_you": "con questa presa il mazzo finisce, e così la carta scoperta {card} la peschi tu",
    "face_up_partner": "con questa presa il mazzo finisce, e così la carta scoperta {card} va alla tua squadra",
    "face_up_them": "con questa presa il mazzo finisce, e così la carta scoperta {card} va agli avversari",
    "gives_points": {
        "one": "regala il suo punto alla parte avversaria",
        "other": "regala i suoi {n} punti alla parte avversaria",
    },
    "takes_points": "fa la presa di sicuro, con {n} punti",
    "trumpable": {
        "one": "una briscola può ancora prenderla: 1 briscola non è ancora uscita",
        "other": "una briscola può ancora prenderla: {n} briscole non sono ancora uscite",
    },
    "beatable": "resta ancora da giocare {card}, che può prenderla",
    "keeps_trump": "tiene {card} per le ultime prese",
    "takes_trick": "fa la presa di sicuro",
    "trump_behind": "{card} è in mano a chi gioca dopo di te e può prenderla",
    "partner_safe": "la presa è già della tua squadra e dopo di te nessuno può prenderla",
    "no_reason": {
        "one": "nessun motivo preciso: la ricerca la preferisce di 1 punto",
        "other": "nessun motivo preciso: la ricerca la preferisce di {n} punti",
    },
    "no_reason_chance": "nessun motivo preciso: la ricerca le dà la migliore probabilità di vincere",
    "about_same": "più o meno come {cards}: i campioni non le distinguono",
    "same_exact": "buona quanto {cards}: ogni distribuzione dà loro lo stesso",
    "overrules": {
        "one": "un giocatore di circolo non giocherebbe {card} qui, anche se la ricerca le dà 1 punto in più",
        "other": "un giocatore di circolo non giocherebbe {card} qui, anche se la ricerca le dà {n} punti in più",
    },
    "exact": "esatto: risolte tutte le distribuzioni possibili",
    "why_card": "{card}: {reasons}.",
    "and": "; ",
}

COMMANDS: Final[dict[str, str]] = {
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

# The answers that say yes to a question of the table.
YES: Final[tuple[str, ...]] = ("s", "si", "sì")
NO: Final[tuple[str, ...]] = ("n", "no")
