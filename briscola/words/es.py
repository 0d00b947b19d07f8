"""Every sentence of the program in Spanish: a catalog of :mod:`briscola.words`.

Each section is a dict of messages by key, in the forms of :mod:`.i18n`.
"""

from __future__ import annotations

from typing import Final

from .i18n import Message

__all__ = ["COMMANDS", "LOBBY", "NO", "REASONS", "REPLAY", "REVIEW", "RULES", "TABLE", "YES"]

# The table (briscola play and a LAN table), its help and its short rules.
TABLE: Final[dict[str, Message]] = {
    "you": "Tú",
    "you.listed": "tú",
    "you.mid": "tú",
    "and": "{a} y {b}",
    "us": "Nosotros",
    "them": "Ellos",
    "intro.players": "{players} jugadores",
    "intro.target": {
        "one": "a 1 ronda ganada",
        "other": "a {n} rondas ganadas",
    },
    "intro.pack": "{n} cartas",
    "intro.seed": "semilla {seed}",
    "intro.level": "nivel {level}",
    "intro.seat": "  {who} ({note}): {role}",
    "intro.seat_bare": "  {who}: {role}",
    "intro.you_are": "  Juegas como {name}.",
    "role.partner": {
        "m": "tu compañero",
        "f": "tu compañera",
        "n": "en tu equipo",
    },
    "role.against": "contra ti",
    "role.partner_at": {
        "m": "tu compañero, {where}",
        "f": "tu compañera, {where}",
        "n": "en tu equipo, {where}",
    },
    "role.against_at": "contra ti, {where}",
    "where.right": "a tu derecha",
    "where.left": "a tu izquierda",
    "where.opposite": "enfrente de ti",
    "where.right2": {
        "m": "el segundo a tu derecha",
        "f": "la segunda a tu derecha",
        "n": "dos puestos a tu derecha",
    },
    "where.left2": {
        "m": "el segundo a tu izquierda",
        "f": "la segunda a tu izquierda",
        "n": "dos puestos a tu izquierda",
    },
    "intro.tip": "  Escribe ayuda para ver los comandos; la barra de abajo muestra el tanteo.",
    "intro.tip_lines": "  Escribe ayuda para ver los comandos y puntos para ver el tanteo.",
    "level.easy": "fácil",
    "level.medium": "medio",
    "level.hard": "difícil",
    "level.expert": "experto",
    "note.easy": "fácil",
    "note.medium": {
        "m": "medio",
        "f": "media",
        "n": "nivel medio",
    },
    "note.hard": "difícil",
    "note.expert": {
        "m": "experto",
        "f": "experta",
        "n": "nivel experto",
    },
    "note.random": "juega al azar",
    "note.greedy": {
        "m": "codicioso",
        "f": "codiciosa",
        "n": "estilo codicioso",
    },
    "botname.random": "Azar",
    "botname.greedy": "Codicioso",
    "botname.expert": "Experto",
    "round.head": {
        "you": "Ronda {round} · Repartes tú",
        "other": "Ronda {round} · Reparte {who}",
    },
    "round.trump": {
        "one": "Triunfo: {card} · queda 1 carta en el mazo",
        "other": "Triunfo: {card} · quedan {n} cartas en el mazo",
    },
    "points": {
        "zero": "ningún punto",
        "one": "1 punto",
        "other": "{n} puntos",
    },
    "play": {
        "you": "  Juegas {card}",
        "other": "  {who} juega {card}",
    },
    "draw": {
        "you": "  Robas {card}",
        "other": "  {who} roba {card}",
    },
    "trick.took": {
        "you": "  → Te llevas la baza: {points}",
        "other": "  → {who} se lleva la baza: {points}",
    },
    # A stand-in bot played the seat for its person (away, or left): never "Giulia plays".
    "play.standin": {
        "you": "  Un bot juega {card} por ti",
        "other": "  Un bot juega {card} por {who}",
    },
    "trick.standin": {
        "you": "  → El bot se lleva la baza por ti: {points}",
        "other": "  → El bot se lleva la baza por {who}: {points}",
    },
    "by_bot": {
        "you": "un bot por ti",
        "other": "un bot por {who}",
    },
    "trump.taken": {
        "you": "  Robas la muestra, {card}: el mazo se ha acabado.",
        "other": "  {who} roba la muestra, {card}: el mazo se ha acabado.",
    },
    "exchanged": {
        "you": "  Cambias {gave} por la muestra, {took}",
        "other": "  {who} cambia {gave} por la muestra, {took}",
    },
    "hand.head": "Tu mano:",
    "hand.exchange": "  Puedes cambiar tu {card} por la muestra: escribe cambio",
    "table.lead": "Sales tú.",
    "table.head": "En la mesa:",
    "table.best": "(de momento gana)",
    "last.none": "En esta ronda todavía nadie se ha llevado ninguna baza.",
    "last.head": "Última baza:",
    "last.took": {
        "you": "  → Te la llevas tú: {points}",
        "other": "  → Se la lleva {who}: {points}",
    },
    "score.rounds": {
        "one": "Rondas ganadas (se juega a 1): {scores}",
        "other": "Rondas ganadas (se juega a {n}): {scores}",
    },
    "score.points": "Puntos en esta ronda: {scores}",
    "score.hidden": "Los puntos de esta ronda no se muestran (--no-count).",
    "end.head": "Fin de la ronda {round}",
    "end.side": "  {side}: {points}",
    "end.side_made": "  {side}: {points} con {cards}",
    "end.drawn": "  Ronda empatada: no cuenta para nadie.",
    "end.won": {
        "you": "  Ganas la ronda.",
        "other": "  {side} gana la ronda.",
        "we": "  {side} ganáis la ronda.",
        "they": "  {side} ganan la ronda.",
    },
    "end.rounds": "  Rondas ganadas: {scores}",
    "review.head": "  Las bazas con más puntos:",
    "review.trick": {
        "you": "    baza {i}: te llevaste {points} ({cards})",
        "other": "    baza {i}: {who} se llevó {points} ({cards})",
    },
    "match.won": {
        "you": "¡Ganas la partida (rondas ganadas: {scores})!",
        "other": "{side} gana la partida (rondas ganadas: {scores}).",
        "we": "¡{side} ganáis la partida (rondas ganadas: {scores})!",
        "they": "{side} ganan la partida (rondas ganadas: {scores}).",
    },
    "match.none": "La partida acaba sin ganador (rondas ganadas: {scores}).",
    "hints.used": {
        "one": "  1 pista usada.",
        "other": "  {n} pistas usadas.",
    },
    "tally": {
        "one": (
            "En esta sesión: 1 partida (ganadas: {won}, perdidas: {lost}); puntos {mine} a "
            "{theirs}."
        ),
        "other": (
            "En esta sesión: {n} partidas (ganadas: {won}, perdidas: {lost}); puntos {mine} a "
            "{theirs}."
        ),
    },
    "bar.trump": "Triunfo",
    "bar.stock": "Mazo",
    "bar.round": "Ronda",
    "bar.rounds": "Rondas",
    "bar.points": "Puntos",
    "prompt": "juega> ",
    "ask.leave": "¿Dejar la partida a medias? (s/n) ",
    "ask.keep": "¿Guardar la partida para acabarla más tarde (briscola play --resume)? (s/n) ",
    "ask.again": "¿Otra partida? (s/n) ",
    "left": "Te has levantado de la mesa.",
    "stats.none": "Aún no hay ninguna partida terminada: briscola play las anota aquí.",
    "stats.all": "Todas las partidas",
    "stats.row": {
        "one": (
            "{label}: 1 partida (ganadas: {won}, perdidas: {lost}, el {share} %); puntos {mine} a {theirs}"
        ),
        "other": (
            "{label}: {n} partidas (ganadas: {won}, perdidas: {lost}, el {share} %); puntos {mine} a {theirs}"
        ),
    },
    "stats.by_level": "Por nivel:",
    "stats.by_players": "Por número de jugadores:",
    "stats.marks": "GP=",
    "stats.by_variant": "Por variante:",
    "stats.last": {
        "one": (
            "La última partida (G ganada, P perdida, = empate; la barra: la diferencia de puntos):"
        ),
        "other": (
            "Las últimas {n} partidas (G ganada, P perdida, = empate; las barras: la diferencia de puntos):"
        ),
    },
    "kept": "La partida queda guardada: briscola play --resume sigue desde aquí.",
    "back": "De vuelta en la mesa.",
    "back.taken": "Ocupas este puesto; así va la partida:",
    "input.ended": "La entrada se acabó en mitad de la partida; la partida queda abandonada.",
    "seed.told": (
        "La semilla de esta partida era {seed}: briscola play --seed {seed} la vuelve a repartir."
    ),
    "takeover": (
        "El programa de {name} ha dejado de responder; desde aquí juega ese puesto un bot integrado de nivel "
        "{level}."
    ),
    "record.failed": (
        "No se ha podido escribir el registro ({why}); contiene la partida hasta aquí. El juego "
        "sigue."
    ),
    "record.next": "El registro de esta partida va a {path}.",
    "entry.empty": (
        "Escribe {range} para una carta de tu mano, la carta misma (p. ej. {example}) o ayuda."
    ),
    "entry.no_exchange.italian": "En el juego italiano no hay cambio.",
    "entry.no_exchange.bisca": "En la bisca no hay cambio.",
    "entry.no_exchange_now": (
        "Ahora no se puede cambiar: el 7 de triunfo se cambia por la muestra si es {high}, y el "
        "2 de triunfo si es {low}; una vez por turno, mientras la muestra siga "
        "bajo el mazo."
    ),
    "entry.no_slot": "No tienes carta {i} en la mano: escribe {range} ({hand}).",
    "entry.unknown": (
        "Eso no es una carta ni un comando: {text}. Escribe {range}, una carta de tu mano como "
        "{example}, o ayuda."
    ),
    "entry.none_held": "No tienes ninguna carta {text} en la mano (tu mano: {hand}).",
    "entry.not_in_hand": "{card} no está en tu mano ({hand}).",
    "entry.which": "¿Cuál: {cards}?",
    "or": "{a} o {b}",
    "seen.head": "Jugadas en esta ronda, por palos:",
    "seen.suit": "  {suit}: {cards}",
    "seen.trump_suit": "  {suit} (triunfo): {cards}",
    "seen.none": "-",
    "seen.out": "  Ases y treses que aún no han salido: {cards}",
    "seen.all_out": "  Ya han salido todos los ases y treses.",
    "seen.out7": "  Ases y sietes que aún no han salido: {cards}",
    "seen.all_out7": "  Ya han salido todos los ases y sietes.",
    "hint": {
        "you": "  Pista: el experto jugaría {card}: con ella ganas la ronda el {win} de las veces, y acabas {lead} de media.",
        "we": "  Pista: el experto jugaría {card}: con ella tu equipo gana la ronda el {win} de las veces, y acaba {lead} de media.",
    },
    "hint.only": "  Pista: el experto jugaría {card}.",
    "hint.off": "En esta partida no hay pistas (--no-hints).",
    "hint.none": "En este juego no hay pistas.",
    "undo.off": "En este juego no se puede deshacer (solo contra los bots integrados).",
    "undo.none": "En esta ronda aún no hay nada que deshacer.",
    "takeback": {
        "you": "  Retiras tu carta: se vuelve a jugar la baza {i}.",
        "other": "  {who} retira una carta: se vuelve a jugar la baza {i}.",
    },
    "takebacks.used": {
        "one": "  1 carta retirada.",
        "other": "  {n} cartas retiradas.",
    },
    "help.cards": (
        "Juega una carta por su número (1, 2, 3), su código ({example} = {example_name}) o su "
        "nombre ({example_name}, o solo {ace} si tienes uno); Tab completa."
    ),
    "help.key": "Un código es el valor y luego el palo: {ranks}, del 2 al 7 tal cual; {suits}.",
    "help.head": "Comandos:",
    "help.top": """\
  ayuda (help)         este texto
  mano (hand)          tu mano y la mesa otra vez
  última (last)        la última baza""",
    "help.seen": (
        "  vistas (seen)        las cartas jugadas en la ronda, por palos, y los ases y treses que "
        "aún no han salido"
    ),
    "help.seen7": (
        "  vistas (seen)        las cartas jugadas en la ronda, por palos, y los ases y sietes que "
        "aún no han salido"
    ),
    "help.mid": """\
  puntos (score)       rondas ganadas y puntos hasta ahora
  pista (hint)         qué jugaría aquí el experto, y por qué
  deshacer (undo)      deshacer tu última jugada y las respuestas de los bots
  reglas (rules)       las reglas en breve (briscola rules --lang es las da todas)""",
    "help.say": "  say TEXT             escribir a todos en la mesa",
    "help.leave": "  salir (leave)        dejar el puesto (sigue un bot; Ctrl-C también lo pregunta)",
    "help.exchange": (
        "  cambio (exchange)    cambiar el 7 o el 2 de triunfo por la muestra (cuando se puede)"
    ),
    "help.quit": (
        "  salir (quit)         dejar la partida (Ctrl-C también pregunta; Ctrl-D sale en el acto)"
    ),
    "rules.short": """\
La brisca en breve: no hay obligación de asistir al palo; se lleva la baza el triunfo más alto y, si no hay triunfo, la carta más alta del palo de salida.
Orden: {order}; en la bisca: {order_bisca}.
Puntos: {ace} 11, Tres 10 (bisca: Siete 10), {king} 4, {knight} 3, {jack} 2: 120 en total.
Quien se lleva la baza roba primero y sale; con 61 se gana la ronda (con 3 y 6 jugadores: el total más alto).
Con el cambio (brisca), el 7 de triunfo se cambia por la muestra si es {high}; el 2, si es {low}.
Todas las reglas: {command}""",
    "watch.intro": "  Miras; los puestos:",
    "watch.seat": "  Puesto {seat}: {who}",
    "watch.seat_team": "  Puesto {seat}: {who}, con {side}",
    "watch.now": "La partida tal como está:",
    "table.leads": "Sale {who}.",
    "turn.yours": "Te toca.",
    "turn.yours_left": "Te toca: tienes {left}.",
    "turn.waiting": "Esperando a {who}.",
    "turn.waiting_left": "Esperando a {who}: tiene {left}.",
    "round.pause": "Fin de la ronda: pulsa Intro para la siguiente.",
    "ask.yes_no": "Escribe s o n.",
    "prompt.wait": "> ",
    "hint.match": {
        "you": "  Pista: el experto jugaría {card}: con ella ganas la ronda el {win} de las veces y la partida el {match}, y acabas {lead} de media.",
        "we": "  Pista: el experto jugaría {card}: con ella tu equipo gana la ronda el {win} de las veces y la partida el {match}, y acaba {lead} de media.",
    },
    "hint.others": "  Otras cartas: {others}.",
    "hint.other": "{card} {win}, {lead}",
    "hint.other_match": "{card} {win} (partida {match}), {lead}",
    "hint.why": "  {why}",
    "lead.ahead": {"one": "con 1 punto de ventaja", "other": "con {n} puntos de ventaja"},
    "lead.behind": {"one": "con 1 punto de desventaja", "other": "con {n} puntos de desventaja"},
    "lead.level": "empatado",
}

# The lobby and a LAN table's own notices (briscola join).
LOBBY: Final[dict[str, Message]] = {
    "joined": "{name} se sienta en el puesto {seat}.",
    "left": "{name} ha dejado la mesa.",
    "dropped": "{name} ha perdido la conexión; se le guarda el puesto.",
    "resumed": "{name} ha vuelto.",
    "takeover": "Un bot juega por {name} hasta que vuelva.",
    "closed": "La mesa se cerró: ya nadie juega en ella.",
    "chat_dropped": "Mensajes del chat descartados, demasiados a la vez: {n}.",
    "handback": "{name} vuelve a jugar.",
    "timeout": "A {name} se le acabó el tiempo; un bot jugó la carta.",
    "faults": "{name} mandó tres respuestas no válidas; un bot jugó la carta.",
    "rematch": "{name} quiere la revancha.",
    "restored": "El servidor se ha reiniciado; el puesto de {name} le espera.",
    "chat": "» {name} ({role}): {text}",
    "chat.seat": "puesto {seat}",
    "chat.watcher": "espectador",
    "lost": "Se ha perdido la conexión con el servidor; se vuelve a intentar en {pause} s...",
    "retrying": "Se vuelve a intentar en {pause} s...",
    "connecting": "Conectando con el servidor...",
    "stopped": "detenido (SIGTERM). Durante una partida tu puesto se te guarda: vuelve a ejecutar briscola join para recuperarlo.",
    "stopped.bare": "detenido (SIGTERM).",
    "back": "Conectado otra vez; recuperas tu puesto.",
    "kept": "Se te guardó el puesto: de vuelta en la mesa {table}, puesto {seat}.",
    "kept_over": "Tu puesto en la mesa {table} ya no se te guarda: su partida ha terminado, o el puesto se dejó.",
    "code_made": "La mesa {table} es privada; tus amigos entran con --code {code}",
    "code_made_lobby": "La mesa {table} es privada; su código es {code} (los amigos escriben: join {table} code={code}).",
    "gone": "El servidor no ha vuelto a tiempo; el puesto sigue siendo tuyo: vuelve a lanzar briscola join para recuperarlo.",
    "bye": "El servidor ha cerrado la conexión: {text}",
    "refused": "El servidor lo ha rechazado: {text}",
    "again": "¿Otra partida en la misma mesa? (s/n) ",
    "waiting": {
        "one": "Esperando el otro puesto (1 libre)...",
        "other": "Esperando los otros puestos ({n} libres)...",
    },
    "seated": "Te sientas en la mesa {table}, puesto {seat}.",
    "renamed": "En esta mesa ya hay alguien que se llama {wanted}: aquí eres {name}.",
    "watching": "Miras la mesa {table}.",
    "lobby_help": (
        "Comandos de la sala: list, create NOMBRE [players=4] [target=1] [variant=italian] "
        "[pack=39] [code=SECRETO] [bots=1:expert,3:greedy], join NOMBRE [PUESTO] [code=SECRETO], "
        "watch NOMBRE, quit."
    ),
    "lobby_prompt": "sala> ",
    "no_tables": "Todavía no hay mesas: crea una (help explica cómo).",
    "variant.italian": "reglas italianas",
    "variant.brisca": "brisca",
    "variant.bisca": "bisca",
    "table_line": ("{table}: {players} jugadores, {variant}, partida a {target}, {state}: {seats}"),
    "state.waiting": "esperando",
    "state.playing": "jugando",
    "state.done": "terminada",
    "free": "libre",
    "private": "privada",
    "bad_lobby": "Eso no es un comando de la sala: {text}. Escribe help.",
    "say_help": "En la mesa, say TEXTO habla a todos los que están.",
    "left.you": "Has dejado la mesa.",
    "dropped.for": "{name} ha perdido la conexión; su puesto se le guarda {time}.",
    "takeover.you": "Un bot juega por ti hasta que vuelvas.",
    "away": "Se le acabó el tiempo a {name}: un bot juega por esa persona hasta que vuelva.",
    "away.you": "Se te acabó el tiempo: un bot juega tus cartas. Escribe lo que sea (Intro) para recuperar tu puesto.",
    "handback.you": "Vuelves a jugar tú.",
    "timeout.you": "Se te acabó el tiempo; un bot jugó la carta por ti.",
    "rematch.you": "Quieres la revancha.",
    "restored.you": "El servidor se ha reiniciado; tu puesto te espera.",
    "paused": "El servidor hace una pausa; la partida sigue cuando vuelva.",
    "restart": "El servidor se detiene para reiniciarse; tu puesto se guarda. Conectando de nuevo...",
    "restart_watch": "El servidor se detiene para reiniciarse. Conectando de nuevo...",
    "not_now.turn": "No es tu turno: la mesa espera a {name}.",
    "not_now.wait": "Todavía no es tu turno.",
    "not_now.no_match": "No hay partida en curso: las cartas esperan al próximo reparto.",
    "not_now.watching": "Miras esta mesa: say TEXTO para charlar, salir para irte.",
    "not_now.lan": "En una mesa en red no hay pistas ni se deshacen jugadas: cada uno juega por su cuenta.",
    "takes": "{name} ocupa el puesto de {was}.",
    "takes.you": "Ocupas el puesto de {was}.",
    "left_bot": "{name} ha dejado la mesa; un bot juega por {name}.",
    "open_seat": "libre (un bot juega por {name})",
    "ahead": "{card}: la juegas en cuanto te toque.",
    "not_sent": "No enviado: el servidor no responde.",
    "here": "Recuperando tu puesto...",
    "meanwhile": {
        "one": "Mientras no estabas, un bot jugó por ti: {cards} (se jugó 1 baza).",
        "other": "Mientras no estabas, un bot jugó por ti: {cards} (se jugaron {n} bazas).",
    },
    "meanwhile.cards": "Mientras no estabas, un bot jugó por ti: {cards}.",
    "meanwhile.none": {
        "one": "Mientras no estabas se jugó 1 baza; no se jugó ninguna carta tuya.",
        "other": "Mientras no estabas se jugaron {n} bazas; no se jugó ninguna carta tuya.",
    },
    "warn": "Tienes {left} para jugar tu carta; después juega un bot por ti.",
    "status.filling": "Esperando a que se llene la mesa. salir (o Ctrl-C) para irte.",
    "status.rematch_seat": {
        "one": "Esperando a que alguien ocupe el puesto libre {seats}. salir (o Ctrl-C) para irte.",
        "other": "Esperando a que alguien ocupe los puestos libres {seats}. salir (o Ctrl-C) para irte.",
    },
    "status.watch_wait": "Esperando a que empiece la partida. salir (o Ctrl-C) para irte.",
    "status.again": "La partida ha terminado: ¿otra? Responde s o n.",
    "status.rematch": "Esperando a que los demás quieran la revancha. salir (o Ctrl-C) para irte.",
    "status.away": "Un bot juega por ti: escribe lo que sea (Intro) para recuperar tu puesto.",
    "status.server_away": "El servidor no responde: nuevo intento en {pause} s. salir (o Ctrl-C) para dejarlo.",
    "status.server_trying": "El servidor no responde: conectando... salir (o Ctrl-C) para dejarlo.",
    "code_needed": "La mesa {table} es privada y falta el código o no es correcto ({command} {table} code=CÓDIGO; pídeselo a quien la creó).",
    "code_needed_cli": "La mesa {table} es privada y falta el código o no es correcto: dalo con --code CÓDIGO (pídeselo a quien la creó).",
    "bot_seat": "{name} (bot)",
    "away_seat": "{name} (fuera, {time})",
    "held_seat": "{name} (un bot juega en su lugar)",
    "bot_away_seat": "{name} (bot, fuera, {time})",
    "bot_held_seat": "{name} (bot; un bot del servidor juega en su lugar)",
    "people_waiting": "Esperan en {table}: {names}.",
    "back_watch": "Conectado de nuevo; vuelves a mirar la mesa.",
    "gone_watch": "Se ha perdido la conexión y el servidor no ha vuelto a tiempo.",
    "gone_refused": "El servidor ha vuelto pero no ha devuelto el puesto: {text}",
    "gone_refused_watch": "El servidor ha vuelto pero no te deja volver a mirar: {text}",
    "expired": "{name} no ha vuelto después del reinicio; el puesto {seat} está libre.",
    "status.round_pause": "Fin de la ronda: Intro pasa a la siguiente.",
    "status.round_wait": "Esperando a que los demás pasen a la siguiente ronda.",
}

# A record told trick by trick (briscola replay).
REPLAY: Final[dict[str, Message]] = {
    "header": {
        "one": ("Brisca: {players} jugadores{pack}, {variant}, a 1 ronda ganada; semilla {seed}"),
        "other": (
            "Brisca: {players} jugadores{pack}, {variant}, a {n} rondas ganadas; semilla {seed}"
        ),
    },
    "pack": ", {n} cartas",
    "variant.italian": "reglas italianas",
    "variant.brisca": "brisca (con el cambio)",
    "variant.bisca": "bisca (el 7 segundo, vale 10)",
    "seats": "Puestos: {seats}",
    "teams": "Equipos: {teams}",
    "against": " contra ",
    "round": "Ronda {n}: reparte {dealer}, sale {leader}; triunfo {card}",
    "hand": "  Mano de {name}: {cards}",
    "points": {
        "one": "1 punto",
        "other": "{n} puntos",
    },
    "trick": "  Baza {i}: {plays} -> {winner} ({points})",
    "open": "  Baza sin terminar: {plays}",
    "by_bot": "un bot por {name}",  # a card or trick a stand-in bot played for the seat
    "draws": "    roban: {draws}",
    "trump_taken": "    {name} se lleva la muestra, {card}",
    "exchanged": "  {name} cambia {gave} por la muestra, {took}",
    "fault": "  Fallo de {name}: {code}: {message}",
    "forfeit": "    -> {team}: partida perdida por abandono",
    "takeover": "    -> un bot integrado toma el puesto",
    "refused": "    -> rechazada; se le volvió a preguntar al puesto",
    "standin.dropped": "  Un bot juega por {name}, que ha perdido la conexión",
    "standin.timeout": (
        "  A {name} se le acabó el tiempo: un bot juega en su lugar hasta que vuelva"
    ),
    "standin.left": "  {name} se ha ido: un bot juega el puesto",
    "standin.faults": "  Un bot juega esta carta por {name} (tres respuestas no válidas)",
    "handback": "  {name} ha vuelto y juega otra vez",
    "seated": "  {name} ocupa el puesto de {was}",
    "dropped": "  {name} perdió la conexión",
    "resumed": "  {name} volvió a conectarse",
    "pause": "  El servidor se paró aquí (una pausa)",
    "restart.pause": "  El servidor volvió tras la pausa",
    "restart.crash": "  El servidor volvió tras un fallo",
    "info": "  {name} dice: {text}",
    "takeback": "  {name} retira una carta: se vuelve a la baza {i}",
    "round_end": "Fin de la ronda {i}: {points}. {result}. Rondas ganadas: {won}",
    "round_won": {
        "other": "{team} gana la ronda",
        "they": "{team} ganan la ronda",
    },
    "drawn": "Ronda empatada, no cuenta para nadie",
    "match_end": "Fin de la partida ({reason}): {result}; rondas ganadas {won}",
    "match_why": "  Por qué terminó: {why}",
    "match_won": {
        "other": "gana {team}",
        "they": "ganan {team}",
    },
    "nobody": "sin ganador",
    "verdict": {
        "one": "OK: {label}: un registro coherente, {lines} líneas, 1 ronda; {result}",
        "other": "OK: {label}: un registro coherente, {lines} líneas, {n} rondas; {result}",
    },
    "verdict.won": {
        "other": "la gana {team} ({reason})",
        "they": "la ganan {team} ({reason})",
    },
    "verdict.none": "sin ganador ({reason})",
    "complete": "completa",
    "fault_reason": "fallo",
    "abandoned": "abandonada",
}

# What the long search thinks of each move (briscola review).
REVIEW: Final[dict[str, Message]] = {
    "intro": "Análisis de {label}: cada carta jugable valorada con la misma búsqueda que da las pistas ({samples} repartos simulados por jugada, semilla {seed}) con la sola información del puesto: la probabilidad de ganar la ronda con ella, y por cuántos puntos acaba el equipo por delante del mejor de los demás, de media (por detrás si es negativo)",
    "seat": {
        "zero": "{name} (puesto {seat}): ninguna jugada",
        "one": "{name} (puesto {seat}): 1 jugada",
        "other": "{name} (puesto {seat}): {n} jugadas",
    },
    "trick": "baza {i}",
    "round_trick": "ronda {round}, baza {i}",
    "move": "  {where}: jugó {card}, la mejor {best}, coste {cost} puntos · {values}",
    "forced": "  {where}: jugó {card}, la única carta jugable",
    "exchange": "cambio",
    "the_exchange": "el cambio",
    "accuracy": {
        "one": (
            "  Precisión: {within} de 1 decisión a menos de un punto de la mejor ({share}); coste "
            "medio {cost} puntos"
        ),
        "other": (
            "  Precisión: {within} de {n} decisiones a menos de un punto de la mejor ({share}); "
            "coste medio {cost} puntos"
        ),
    },
    "no_choices": "  Nada que analizar: todas las jugadas eran forzadas.",
    "chart": "  La probabilidad de ganar la ronda, jugada a jugada (× marca las jugadas más caras):",
    "chart_plain": "  La probabilidad de ganar la ronda, jugada a jugada: {values}.",
    "chart_tricks": "bazas",
    "costliest": "  Las jugadas más caras:",
    "none_costly": "  Ninguna jugada costó más de un punto.",
    "lead": {
        "one": "    {where}: salir con {card} costó cerca de 1 punto; era mejor {best}",
        "other": "    {where}: salir con {card} costó cerca de {n} puntos; era mejor {best}",
    },
    "lead_unseen": {
        "one": (
            "    {where}: salir con {card} sin haber salido aún {unseen} costó cerca de 1 punto; "
            "era mejor {best}"
        ),
        "other": (
            "    {where}: salir con {card} sin haber salido aún {unseen} costó cerca de {n} "
            "puntos; era mejor {best}"
        ),
    },
    "follow": {
        "one": "    {where}: jugar {card} sobre {led} costó cerca de 1 punto; era mejor {best}",
        "other": (
            "    {where}: jugar {card} sobre {led} costó cerca de {n} puntos; era mejor {best}"
        ),
    },
    "follow_unseen": {
        "one": (
            "    {where}: jugar {card} sobre {led} sin haber salido aún {unseen} costó cerca de 1 "
            "punto; era mejor {best}"
        ),
        "other": (
            "    {where}: jugar {card} sobre {led} sin haber salido aún {unseen} costó cerca de "
            "{n} puntos; era mejor {best}"
        ),
    },
    "exchanged": {
        "one": "    {where}: el cambio costó cerca de 1 punto; era mejor {best}",
        "other": "    {where}: el cambio costó cerca de {n} puntos; era mejor {best}",
    },
    "intro_match": "Análisis de {label}: cada carta jugable valorada con la misma búsqueda que da las pistas ({samples} repartos simulados por jugada, semilla {seed}) con la sola información del puesto: la probabilidad de ganar la ronda y la partida con ella, y por cuántos puntos acaba el equipo por delante del mejor de los demás, de media (por detrás si es negativo)",
    "move_chance": "  {where}: jugó {card}, la mejor {best}, coste {cost} puntos y {chance} de probabilidad de ganar · {values}",
    "value": "{card} {win} {points}",
    "value_match": "{card} {win}, partida {match}, {points}",
    "odds": "; la ronda se ganó el {best_win} de las veces con {best}, el {win} con {card}",
}

# The rules for players (briscola rules): the text, then how cards are written.
RULES: Final[dict[str, Message]] = {
    "body": """\
BRISCA: LAS REGLAS

Las cartas
  La brisca se juega con 40 cartas, cuatro palos de diez. La baraja
  española y la italiana tienen Copas, Oros, Espadas y Bastos, y como
  figuras Sota, Caballo y Rey; una baraja francesa sin los 8, los 9 y los
  10 da el mismo juego con Corazones, Diamantes, Picas y Tréboles, con la
  Reina en el lugar del Caballo. La baraja portuguesa también es francesa,
  pero su Jota es la carta de 3 puntos y su Reina la de 2.

  En esta baraja, de mayor a menor: {order}.
  Puntos: {ace} 11, 3 10, {king} 4, {knight} 3, {jack} 2, las demás 0.
  La baraja suma 120 puntos.

Las mesas
  2 jugadores: 40 cartas, 20 bazas, cada uno por su cuenta. Con 61 o más
               se gana la ronda; 60-60 es ronda empatada.
  3 jugadores: 36 cartas (sin los cuatro 2), 12 bazas, cada uno por su
               cuenta. Gana la ronda el total más alto (no hacen falta
               61); un empate en cabeza es ronda empatada. A la italiana,
               si la mesa lo dice (--pack 39): 39 cartas, quitando solo
               el {two}, 13 bazas.
  4 jugadores: 40 cartas, 10 bazas, dos equipos: los puestos 0 y 2 contra
               los puestos 1 y 3. Con 61 o más se gana la ronda; 60-60
               es ronda empatada.
  6 jugadores: 36 cartas (sin los cuatro 2), 6 bazas, tres parejas: el
               puesto i con el puesto i+3. Gana la ronda la pareja con el
               total más alto; un empate en cabeza es ronda empatada.
  Los compañeros se sientan uno frente al otro y juntan los puntos que
  ganan.

El reparto
  Los puestos se numeran en el orden de juego: el turno pasa de cada puesto
  al siguiente (a la derecha, en una mesa de verdad). El primer repartidor
  se sortea; en cada ronda nueva el reparto pasa al puesto siguiente. El
  que reparte baraja y da tres cartas a cada puesto, de una en una,
  empezando por el puesto siguiente al suyo, y luego vuelve boca arriba la
  carta siguiente. Su palo es el triunfo de toda la ronda. Esa carta, la
  muestra, queda medio debajo del mazo y es la última que se roba, así
  que todos saben a quién le tocará.

Las bazas
  Sale a la primera baza el puesto siguiente al que reparte. Siempre
  puedes jugar cualquier carta de tu mano: no hay obligación de asistir al
  palo, de fallar ni de montar. Gana la baza el triunfo más alto; si no
  hay triunfo, la carta más alta del palo de salida. Una carta de otro
  palo no gana nunca.

El robo
  Quien gana la baza se lleva las cartas, roba primero y sale a la baza
  siguiente; luego cada uno de los demás roba una carta, en el orden de
  juego, mientras quede mazo. Acabado el mazo, las tres últimas cartas de
  cada mano se juegan sin robar.

Fin de la ronda
  La ronda acaba cuando se han jugado todas las cartas. Cada bando cuenta
  los puntos de las bazas que ha ganado; las mesas de arriba dicen quién
  gana. Una ronda empatada no cuenta para nadie.

La partida
  La partida se gana llegando primero a 1, 2 o 3 rondas ganadas; lo elige
  el anfitrión, y 1 es lo normal. Tras una ronda empatada la partida sigue
  con la ronda siguiente. Los puntos de cada ronda quedan en el registro.

Variantes (solo si la mesa las activa)
  brisca (mesas españolas), el cambio: en tu turno, antes de jugar carta,
  mientras la muestra siga bajo el mazo (queda al menos otra carta
  por robar):
    - quien tiene el 7 de triunfo puede cambiarlo por la muestra si es
      {high};
    - quien tiene el 2 de triunfo puede cambiarlo por la muestra si es
      un 4, 5, 6 o 7.
  Como mucho un cambio por turno. Todos ven el cambio.

  bisca (mesas portuguesas): el 7 es el segundo en fuerza y vale 10
  puntos; el 3 baja a su sitio en el orden de los números, entre el 4 y
  el 2, y vale 0. Orden: {order_bisca}.
  Todo lo demás, como arriba.
""",
    "cards.head": "Cómo se escriben las cartas",
    "cards.codes": (
        "En la pantalla y al escribirla, una carta es su valor y luego su palo: {ex1} quiere decir "
        "{name1}; {ex2}, {name2}."
    ),
    "cards.ranks": "Valores: {ranks}; del 2 al 7 tal cual.",
    "cards.suits": "Palos: {suits}.",
    "cards.packs": "Otras barajas: {command} --faces french (o spanish, portuguese).",
}

# The table's commands in this language (the English ones work in every language).
# Why a card is advised or not, after "because" (hint and review).
REASONS: Final[dict[str, Message]] = {
    "wins_round": "gana la ronda ahora mismo, con {n} puntos",
    "face_up_you": "con esta baza se acaba el mazo, y así robas tú la muestra {card}",
    "face_up_partner": "con esta baza se acaba el mazo, y así la muestra {card} va a tu equipo",
    "face_up_them": "con esta baza se acaba el mazo, y así la muestra {card} va al contrario",
    "gives_points": {
        "one": "regala su punto al contrario",
        "other": "regala sus {n} puntos al contrario",
    },
    "takes_points": "se lleva la baza seguro, con {n} puntos",
    "trumpable": {
        "one": "un triunfo aún puede llevársela: falta por salir 1 triunfo",
        "other": "un triunfo aún puede llevársela: faltan por salir {n} triunfos",
    },
    "beatable": "{card} aún no ha salido y todavía puede llevársela",
    "keeps_trump": "guarda {card} para las últimas bazas",
    "takes_trick": "se lleva la baza seguro",
    "trump_behind": "{card} está en la mano de alguien que juega después de ti y puede llevársela",
    "partner_safe": "la baza ya es de tu equipo y nadie después de ti puede llevársela",
    "no_reason": {
        "one": "sin un motivo concreto: la búsqueda la prefiere por 1 punto",
        "other": "sin un motivo concreto: la búsqueda la prefiere por {n} puntos",
    },
    "no_reason_chance": "sin un motivo concreto: la búsqueda le da la mejor probabilidad de ganar",
    "about_same": "más o menos igual que {cards}: los repartos simulados no las distinguen",
    "same_exact": "tan buena como {cards}: todos los repartos les dan lo mismo",
    "overrules": {
        "one": "un jugador de club no jugaría {card} aquí, aunque la búsqueda le dé 1 punto más",
        "other": "un jugador de club no jugaría {card} aquí, aunque la búsqueda le dé {n} puntos más",
    },
    "exact": "exacto: resueltos todos los repartos posibles",
    "why_card": "{card}: {reasons}.",
    "and": "; ",
}

COMMANDS: Final[dict[str, str]] = {
    "ayuda": "help",
    "última": "last",
    "vistas": "seen",
    "puntos": "score",
    "pista": "hint",
    "deshacer": "undo",
    "reglas": "rules",
    "salir": "quit",
    "cambio": "exchange",
}

# The answers that say yes to a question of the table.
YES: Final[tuple[str, ...]] = ("s", "si", "sí")
NO: Final[tuple[str, ...]] = ("n", "no")
