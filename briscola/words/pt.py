"""Every sentence of the program in Portuguese: a catalog of :mod:`briscola.words`.

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
    "us": "Nós",
    "them": "Eles",
    "intro.players": "{players} jogadores",
    "intro.target": {
        "one": "ganha quem chegar primeiro a 1 ronda",
        "other": "ganha quem chegar primeiro a {n} rondas",
    },
    "intro.pack": "{n} cartas",
    "intro.seed": "semente {seed}",
    "intro.level": "nível {level}",
    "intro.seat": "  {who} ({note}): {role}",
    "intro.seat_bare": "  {who}: {role}",
    "intro.you_are": "  Jogas como {name}.",
    "role.partner": {
        "m": "o teu parceiro",
        "f": "a tua parceira",
        "n": "na tua equipa",
    },
    "role.against": "contra ti",
    "role.partner_at": {
        "m": "o teu parceiro, {where}",
        "f": "a tua parceira, {where}",
        "n": "na tua equipa, {where}",
    },
    "role.against_at": "contra ti, {where}",
    "where.right": "à tua direita",
    "where.left": "à tua esquerda",
    "where.opposite": "à tua frente",
    "where.right2": {
        "m": "o segundo à tua direita",
        "f": "a segunda à tua direita",
        "n": "dois lugares à tua direita",
    },
    "where.left2": {
        "m": "o segundo à tua esquerda",
        "f": "a segunda à tua esquerda",
        "n": "dois lugares à tua esquerda",
    },
    "intro.tip": "  Escreve ajuda para ver os comandos; a barra de baixo mostra a pontuação.",
    "intro.tip_lines": "  Escreve ajuda para ver os comandos e pontos para ver a pontuação.",
    "level.easy": "fácil",
    "level.medium": "médio",
    "level.hard": "difícil",
    "level.expert": "especialista",
    "note.easy": "fácil",
    "note.medium": {
        "m": "médio",
        "f": "média",
        "n": "nível médio",
    },
    "note.hard": "difícil",
    "note.expert": "especialista",
    "note.random": "joga ao acaso",
    "note.greedy": {
        "m": "guloso",
        "f": "gulosa",
        "n": "estilo guloso",
    },
    "botname.random": "Acaso",
    "botname.greedy": "Guloso",
    "botname.expert": "Especialista",
    "round.head": {
        "you": "Ronda {round} · Dás tu",
        "other": "Ronda {round} · Dá {who}",
    },
    "round.trump": {
        "one": "Trunfo: {card} · 1 carta no monte",
        "other": "Trunfo: {card} · {n} cartas no monte",
    },
    "points": {
        "zero": "nenhum ponto",
        "one": "1 ponto",
        "other": "{n} pontos",
    },
    "play": {
        "you": "  Jogas {card}",
        "other": "  {who} joga {card}",
    },
    "draw": {
        "you": "  Tiras {card}",
        "other": "  {who} tira {card}",
    },
    "trick.took": {
        "you": "  → Ganhas a vaza: {points}",
        "other": "  → {who} ganha a vaza: {points}",
    },
    # A stand-in bot played the seat for its person (away, or left): never "Giulia plays".
    "play.standin": {
        "you": "  Um bot joga {card} por ti",
        "other": "  Um bot joga {card} por {who}",
    },
    "trick.standin": {
        "you": "  → O bot ganha a vaza por ti: {points}",
        "other": "  → O bot ganha a vaza por {who}: {points}",
    },
    "by_bot": {
        "you": "um bot por ti",
        "other": "um bot por {who}",
    },
    "trump.taken": {
        "you": "  Tiras a carta virada, {card}: o monte acabou.",
        "other": "  {who} tira a carta virada, {card}: o monte acabou.",
    },
    "exchanged": {
        "you": "  Trocas {gave} pela carta virada, {took}",
        "other": "  {who} troca {gave} pela carta virada, {took}",
    },
    "hand.head": "A tua mão:",
    "hand.exchange": "  Podes trocar o teu {card} pela carta virada: escreve troca",
    "table.lead": "Jogas primeiro.",
    "table.head": "Na mesa:",
    "table.best": "(para já ganha)",
    "last.none": "Ainda ninguém ganhou uma vaza nesta ronda.",
    "last.head": "Última vaza:",
    "last.took": {
        "you": "  → Ganhas tu: {points}",
        "other": "  → Ganha {who}: {points}",
    },
    "score.rounds": {
        "one": "Rondas ganhas (ganha quem chegar a 1): {scores}",
        "other": "Rondas ganhas (ganha quem chegar a {n}): {scores}",
    },
    "score.points": "Pontos nesta ronda: {scores}",
    "score.hidden": "Os pontos desta ronda não são mostrados (--no-count).",
    "end.head": "Fim da ronda {round}",
    "end.side": "  {side}: {points}",
    "end.side_made": "  {side}: {points} com {cards}",
    "end.drawn": "  Ronda empatada: não conta para ninguém.",
    "end.won": {
        "you": "  Ganhas a ronda.",
        "other": "  {side} ganha a ronda.",
        "we": "  {side} ganham a ronda.",
        "they": "  {side} ganham a ronda.",
    },
    "end.rounds": "  Rondas ganhas: {scores}",
    "review.head": "  As vazas com mais pontos:",
    "review.trick": {
        "you": "    vaza {i}: ganhaste {points} ({cards})",
        "other": "    vaza {i}: {who} ganhou {points} ({cards})",
    },
    "match.won": {
        "you": "Ganhas a partida (rondas ganhas: {scores})!",
        "other": "{side} ganha a partida (rondas ganhas: {scores}).",
        "we": "{side} ganham a partida (rondas ganhas: {scores})!",
        "they": "{side} ganham a partida (rondas ganhas: {scores}).",
    },
    "match.none": "A partida acaba sem vencedor (rondas ganhas: {scores}).",
    "hints.used": {
        "one": "  1 sugestão usada.",
        "other": "  {n} sugestões usadas.",
    },
    "tally": {
        "one": (
            "Nesta sessão: 1 partida (ganhas: {won}, perdidas: {lost}); pontos {mine} contra "
            "{theirs}."
        ),
        "other": (
            "Nesta sessão: {n} partidas (ganhas: {won}, perdidas: {lost}); pontos {mine} contra "
            "{theirs}."
        ),
    },
    "bar.trump": "Trunfo",
    "bar.stock": "Monte",
    "bar.round": "Ronda",
    "bar.rounds": "Rondas",
    "bar.points": "Pontos",
    "prompt": "joga> ",
    "ask.leave": "Sair da partida a meio? (s/n) ",
    "ask.keep": "Guardar a partida para a acabar mais tarde (briscola play --resume)? (s/n) ",
    "ask.again": "Jogar outra vez? (s/n) ",
    "left": "Saíste da mesa.",
    "stats.none": "Ainda nenhuma partida terminada: o briscola play regista-as aqui.",
    "stats.all": "Todas as partidas",
    "stats.row": {
        "one": (
            "{label}: 1 partida (ganhas: {won}, perdidas: {lost}, {share}%); pontos {mine} a {theirs}"
        ),
        "other": (
            "{label}: {n} partidas (ganhas: {won}, perdidas: {lost}, {share}%); pontos {mine} a {theirs}"
        ),
    },
    "stats.by_level": "Por nível:",
    "stats.by_players": "Por número de jogadores:",
    "stats.marks": "GP=",
    "stats.by_variant": "Por variante:",
    "stats.last": {
        "one": ("A última partida (G ganha, P perdida, = empate; a barra: a diferença de pontos):"),
        "other": (
            "As últimas {n} partidas (G ganha, P perdida, = empate; as barras: a diferença de pontos):"
        ),
    },
    "kept": "A partida fica guardada: briscola play --resume continua daqui.",
    "back": "De volta à mesa.",
    "back.taken": "Ficas com este lugar; a partida está assim:",
    "input.ended": "A entrada acabou a meio da partida; a partida fica abandonada.",
    "seed.told": (
        "A semente desta partida era {seed}: briscola play --seed {seed} volta a dar as mesmas "
        "cartas."
    ),
    "takeover": (
        "O programa de {name} deixou de responder; a partir daqui joga nesse lugar um bot integrado de nível "
        "{level}."
    ),
    "record.failed": (
        "Não foi possível escrever o registo ({why}); tem a partida até aqui. O jogo continua."
    ),
    "record.next": "O registo desta partida vai para {path}.",
    "entry.empty": (
        "Escreve {range} para uma carta da tua mão, a própria carta (por ex. {example}) ou ajuda."
    ),
    "entry.no_exchange.italian": "No jogo italiano não há troca.",
    "entry.no_exchange.bisca": "Na bisca não há troca.",
    "entry.no_exchange_now": (
        "Agora não há troca: o 7 de trunfo troca-se por uma carta virada que seja {high} e o 2 de "
        "trunfo por uma que seja {low}, uma só vez por jogada, enquanto a carta virada estiver "
        "debaixo do monte."
    ),
    "entry.no_slot": "Não tens a carta {i} na mão: escreve {range} ({hand}).",
    "entry.unknown": (
        "Isso não é uma carta nem um comando: {text}. Escreve {range}, uma carta da tua mão como "
        "{example}, ou ajuda."
    ),
    "entry.none_held": "Não tens nenhuma carta {text} na mão (a tua mão: {hand}).",
    "entry.not_in_hand": "{card} não está na tua mão ({hand}).",
    "entry.which": "Qual: {cards}?",
    "or": "{a} ou {b}",
    "seen.head": "Jogadas nesta ronda, por naipe:",
    "seen.suit": "  {suit}: {cards}",
    "seen.trump_suit": "  {suit} (trunfo): {cards}",
    "seen.none": "-",
    "seen.out": "  Ases e treses que ainda não saíram: {cards}",
    "seen.all_out": "  Já saíram todos os ases e treses.",
    "seen.out7": "  Ases e setes que ainda não saíram: {cards}",
    "seen.all_out7": "  Já saíram todos os ases e setes.",
    "hint": {
        "you": "  Sugestão: o especialista jogaria {card}: com ela ganhas a ronda em {win} das vezes, e acabas {lead} em média.",
        "we": "  Sugestão: o especialista jogaria {card}: com ela a tua equipa ganha a ronda em {win} das vezes, e acaba {lead} em média.",
    },
    "hint.only": "  Sugestão: o especialista jogaria {card}.",
    "hint.off": "Nesta partida não há sugestões (--no-hints).",
    "hint.none": "Neste jogo não há sugestões.",
    "undo.off": "Neste jogo não se pode desfazer (só contra os bots integrados).",
    "undo.none": "Ainda não há nada para desfazer nesta ronda.",
    "takeback": {
        "you": "  Retiras a tua carta: outra vez a vaza {i}.",
        "other": "  {who} retira uma carta: outra vez a vaza {i}.",
    },
    "takebacks.used": {
        "one": "  1 carta retirada.",
        "other": "  {n} cartas retiradas.",
    },
    "help.cards": (
        "Joga uma carta pelo número (1, 2, 3), pelo código ({example} = {example_name}) ou pelo "
        "nome ({example_name}, ou só {ace} se tiveres um); Tab completa."
    ),
    "help.key": "Um código é o valor e depois o naipe: {ranks}, do 2 ao 7 tal como são; {suits}.",
    "help.head": "Comandos:",
    "help.top": """\
  ajuda (help)         este texto
  mão (hand)           a tua mão e a mesa outra vez
  última (last)        a última vaza""",
    "help.seen": (
        "  vistas (seen)        as cartas jogadas na ronda, por naipe, e os ases e treses que ainda "
        "não saíram"
    ),
    "help.seen7": (
        "  vistas (seen)        as cartas jogadas na ronda, por naipe, e os ases e setes que ainda "
        "não saíram"
    ),
    "help.mid": """\
  pontos (score)       rondas ganhas e pontos até agora
  sugestão (hint)      o que o especialista jogaria aqui, e porquê
  desfazer (undo)      retirar a tua última carta e as respostas dos bots
  regras (rules)       as regras em resumo (briscola rules --lang pt mostra-as todas)""",
    "help.say": "  say TEXT             escrever a todos na mesa",
    "help.leave": "  sair (leave)         deixar o lugar (continua um bot; Ctrl-C também pergunta)",
    "help.exchange": (
        "  troca (exchange)     trocar o 7 ou o 2 de trunfo pela carta virada (quando se pode)"
    ),
    "help.quit": "  sair (quit)          deixar a partida (Ctrl-C também pergunta; Ctrl-D sai logo)",
    "rules.short": """\
A briscola (a bisca à italiana) em resumo: não é obrigatório assistir ao naipe; ganha a vaza o trunfo mais alto e, sem trunfo, a carta mais alta do naipe de saída.
Ordem: {order}; na bisca: {order_bisca}.
Pontos: {ace} 11, Três 10 (bisca: Sete 10), {king} 4, {knight} 3, {jack} 2: 120 ao todo.
Quem ganha a vaza tira primeiro e joga primeiro; com 61 ganha-se a ronda (com 3 e 6 jogadores: o total mais alto).
Na brisca, o 7 de trunfo troca-se pela carta virada se ela for {high}; o 2, se for {low}.
Todas as regras: {command}""",
    "watch.intro": "  Estás a ver; os lugares:",
    "watch.seat": "  Lugar {seat}: {who}",
    "watch.seat_team": "  Lugar {seat}: {who}, com {side}",
    "watch.now": "A partida tal como está:",
    "table.leads": "Sai {who}.",
    "turn.yours": "É a tua vez.",
    "turn.yours_left": "É a tua vez: tens {left}.",
    "turn.waiting": "À espera de {who}.",
    "turn.waiting_left": "À espera de {who}: tem {left}.",
    "round.pause": "Fim da ronda: carrega em Enter para a próxima.",
    "ask.yes_no": "Escreve s ou n.",
    "prompt.wait": "> ",
    "hint.match": {
        "you": "  Sugestão: o especialista jogaria {card}: com ela ganhas a ronda em {win} das vezes e a partida em {match}, e acabas {lead} em média.",
        "we": "  Sugestão: o especialista jogaria {card}: com ela a tua equipa ganha a ronda em {win} das vezes e a partida em {match}, e acaba {lead} em média.",
    },
    "hint.others": "  Outras cartas: {others}.",
    "hint.other": "{card} {win}, {lead}",
    "hint.other_match": "{card} {win} (partida {match}), {lead}",
    "hint.why": "  {why}",
    "lead.ahead": {"one": "com 1 ponto de vantagem", "other": "com {n} pontos de vantagem"},
    "lead.behind": {"one": "com 1 ponto de desvantagem", "other": "com {n} pontos de desvantagem"},
    "lead.level": "empatado",
}

# The lobby and a LAN table's own notices (briscola join).
LOBBY: Final[dict[str, Message]] = {
    "joined": "{name} senta-se no lugar {seat}.",
    "left": "{name} saiu da mesa.",
    "dropped": "{name} perdeu a ligação; o lugar fica guardado.",
    "resumed": "{name} voltou.",
    "takeover": "Um bot joga por {name} até voltar.",
    "closed": "A mesa fechou: já ninguém joga nela.",
    "chat_dropped": "Mensagens do chat descartadas, demasiadas de uma vez: {n}.",
    "handback": "{name} volta a jogar.",
    "timeout": "Acabou o tempo de {name}; um bot jogou a carta.",
    "faults": "{name} mandou três respostas inválidas; um bot jogou a carta.",
    "rematch": "{name} quer a desforra.",
    "restored": "O servidor reiniciou; o lugar de {name} está à espera.",
    "chat": "» {name} ({role}): {text}",
    "chat.seat": "lugar {seat}",
    "chat.watcher": "espectador",
    "lost": "Perdeu-se a ligação ao servidor; nova tentativa daqui a {pause} s...",
    "retrying": "Nova tentativa daqui a {pause} s...",
    "connecting": "A ligar ao servidor...",
    "stopped": "parado (SIGTERM). Durante uma partida o teu lugar fica guardado: volta a correr briscola join para o retomares.",
    "stopped.bare": "parado (SIGTERM).",
    "back": "Ligado outra vez; tens o teu lugar de volta.",
    "kept": "O teu lugar ficou guardado: de volta à mesa {table}, lugar {seat}.",
    "kept_over": "O teu lugar na mesa {table} já não está guardado para ti: a partida acabou, ou o lugar foi deixado.",
    "code_made": "A mesa {table} é privada; os amigos entram com --code {code}",
    "code_made_lobby": "A mesa {table} é privada; o código é {code} (os amigos escrevem: join {table} code={code}).",
    "gone": "O servidor não voltou a tempo; o lugar continua a ser teu: volta a correr briscola join para o recuperar.",
    "bye": "O servidor fechou a ligação: {text}",
    "refused": "O servidor recusou: {text}",
    "again": "Outra partida na mesma mesa? (s/n) ",
    "waiting": {
        "one": "À espera do outro lugar (1 livre)...",
        "other": "À espera dos outros lugares ({n} livres)...",
    },
    "seated": "Sentas-te na mesa {table}, lugar {seat}.",
    "renamed": "Nesta mesa já há alguém chamado {wanted}: aqui és {name}.",
    "watching": "Assistes à mesa {table}.",
    "lobby_help": (
        "Comandos da sala: list, create NOME [players=4] [target=1] [variant=italian] [pack=39] "
        "[code=SEGREDO] [bots=1:expert,3:greedy], join NOME [LUGAR] [code=SEGREDO], watch NOME, "
        "quit."
    ),
    "lobby_prompt": "sala> ",
    "no_tables": "Ainda não há mesas: cria uma (help diz como).",
    "variant.italian": "regras italianas",
    "variant.brisca": "brisca",
    "variant.bisca": "bisca",
    "table_line": (
        "{table}: {players} jogadores, {variant}, ganha quem chegar a {target}, {state}: {seats}"
    ),
    "state.waiting": "à espera",
    "state.playing": "a jogar",
    "state.done": "terminada",
    "free": "livre",
    "private": "privada",
    "bad_lobby": "Isso não é um comando da sala: {text}. Escreve help.",
    "say_help": "À mesa, say TEXTO fala para todos os que lá estão.",
    "left.you": "Saíste da mesa.",
    "dropped.for": "{name} perdeu a ligação; o lugar fica guardado durante {time}.",
    "takeover.you": "Um bot joga por ti até voltares.",
    "away": "Acabou o tempo de {name}: um bot joga em seu lugar até voltar.",
    "away.you": "Acabou o teu tempo: um bot joga as tuas cartas. Escreve qualquer coisa (Enter) para retomar o teu lugar.",
    "handback.you": "Voltas a jogar tu.",
    "timeout.you": "Acabou o teu tempo; um bot jogou a carta por ti.",
    "rematch.you": "Queres a desforra.",
    "restored.you": "O servidor reiniciou; o teu lugar está à tua espera.",
    "paused": "O servidor está em pausa; a partida continua quando voltar.",
    "restart": "O servidor vai parar para reiniciar; o teu lugar fica guardado. A ligar de novo...",
    "restart_watch": "O servidor vai parar para reiniciar. A ligar de novo...",
    "not_now.turn": "Não é a tua vez: a mesa espera por {name}.",
    "not_now.wait": "Ainda não é a tua vez.",
    "not_now.no_match": "Não há partida a decorrer: as cartas esperam pela próxima distribuição.",
    "not_now.watching": "Estás a ver esta mesa: say TEXTO para conversar, sair para ires embora.",
    "not_now.lan": "Numa mesa em rede não há sugestões nem jogadas desfeitas: cada um joga por si.",
    "takes": "{name} fica com o lugar de {was}.",
    "takes.you": "Ficas com o lugar de {was}.",
    "left_bot": "{name} saiu da mesa; um bot joga por {name}.",
    "open_seat": "livre (um bot joga por {name})",
    "ahead": "{card}: jogas a carta assim que for a tua vez.",
    "not_sent": "Não enviado: o servidor não responde.",
    "here": "A retomar o teu lugar...",
    "meanwhile": {
        "one": "Enquanto estiveste fora, um bot jogou por ti: {cards} (jogou-se 1 vaza).",
        "other": "Enquanto estiveste fora, um bot jogou por ti: {cards} (jogaram-se {n} vazas).",
    },
    "meanwhile.cards": "Enquanto estiveste fora, um bot jogou por ti: {cards}.",
    "meanwhile.none": {
        "one": "Enquanto estiveste fora jogou-se 1 vaza; nenhuma carta tua foi jogada.",
        "other": "Enquanto estiveste fora jogaram-se {n} vazas; nenhuma carta tua foi jogada.",
    },
    "warn": "Tens {left} para a tua carta; depois joga um bot por ti.",
    "status.filling": "À espera de que a mesa fique completa. sair (ou Ctrl-C) para ires embora.",
    "status.rematch_seat": {
        "one": "À espera de que alguém ocupe o lugar livre {seats}. sair (ou Ctrl-C) para ires embora.",
        "other": "À espera de que alguém ocupe os lugares livres {seats}. sair (ou Ctrl-C) para ires embora.",
    },
    "status.watch_wait": "À espera de que a partida comece. sair (ou Ctrl-C) para ires embora.",
    "status.again": "A partida acabou: outra? Responde s ou n.",
    "status.rematch": "À espera de que os outros queiram a desforra. sair (ou Ctrl-C) para ires embora.",
    "status.away": "Um bot joga por ti: escreve qualquer coisa (Enter) para retomar o teu lugar.",
    "status.server_away": "O servidor não responde: nova tentativa em {pause} s. sair (ou Ctrl-C) para desistir.",
    "status.server_trying": "O servidor não responde: a ligar... sair (ou Ctrl-C) para desistir.",
    "code_needed": "A mesa {table} é privada e o código falta ou está errado ({command} {table} code=CÓDIGO; pede-o a quem a criou).",
    "code_needed_cli": "A mesa {table} é privada e o código falta ou está errado: dá-o com --code CÓDIGO (pede-o a quem a criou).",
    "bot_seat": "{name} (bot)",
    "away_seat": "{name} (ausente, {time})",
    "held_seat": "{name} (um bot joga em seu lugar)",
    "bot_away_seat": "{name} (bot, ausente, {time})",
    "bot_held_seat": "{name} (bot; um bot do servidor joga em seu lugar)",
    "people_waiting": "À espera na mesa {table}: {names}.",
    "back_watch": "Ligado de novo; voltas a ver a mesa.",
    "gone_watch": "A ligação perdeu-se e o servidor não voltou a tempo.",
    "gone_refused": "O servidor voltou mas não devolveu o lugar: {text}",
    "gone_refused_watch": "O servidor voltou mas não te deixa voltar a ver: {text}",
    "expired": "{name} não voltou depois do reinício; o lugar {seat} está livre.",
    "status.round_pause": "Fim da ronda: Enter passa à próxima.",
    "status.round_wait": "À espera de que os outros passem à próxima ronda.",
}

# A record told trick by trick (briscola replay).
REPLAY: Final[dict[str, Message]] = {
    "header": {
        "one": (
            "Bisca: {players} jogadores{pack}, {variant}, ganha quem chegar a 1 ronda; semente "
            "{seed}"
        ),
        "other": (
            "Bisca: {players} jogadores{pack}, {variant}, ganha quem chegar a {n} rondas; "
            "semente {seed}"
        ),
    },
    "pack": ", {n} cartas",
    "variant.italian": "regras italianas",
    "variant.brisca": "brisca (com a troca)",
    "variant.bisca": "bisca (o 7 em segundo, vale 10)",
    "seats": "Lugares: {seats}",
    "teams": "Equipas: {teams}",
    "against": " contra ",
    "round": "Ronda {n}: dá {dealer}, {leader} joga primeiro; trunfo {card}",
    "hand": "  Mão de {name}: {cards}",
    "points": {
        "one": "1 ponto",
        "other": "{n} pontos",
    },
    "trick": "  Vaza {i}: {plays} -> {winner} ({points})",
    "open": "  Vaza por acabar: {plays}",
    "by_bot": "um bot por {name}",  # a card or trick a stand-in bot played for the seat
    "draws": "    tiram: {draws}",
    "trump_taken": "    {name} tira a carta virada, {card}",
    "exchanged": "  {name} troca {gave} pela carta virada, {took}",
    "fault": "  Falha de {name}: {code}: {message}",
    "forfeit": "    -> {team}: partida perdida por falta",
    "takeover": "    -> um bot integrado fica com o lugar",
    "refused": "    -> recusada; o lugar foi chamado outra vez",
    "standin.dropped": "  Um bot joga por {name}, que perdeu a ligação",
    "standin.timeout": "  Acabou o tempo de {name}: um bot joga em seu lugar até voltar",
    "standin.left": "  {name} saiu: um bot joga no lugar",
    "standin.faults": "  Um bot joga esta carta por {name} (três respostas inválidas)",
    "handback": "  {name} voltou e joga outra vez",
    "seated": "  {name} fica com o lugar de {was}",
    "dropped": "  {name} perdeu a ligação",
    "resumed": "  {name} voltou a ligar-se",
    "pause": "  O servidor parou aqui (uma pausa)",
    "restart.pause": "  O servidor voltou depois da pausa",
    "restart.crash": "  O servidor voltou depois de uma falha",
    "info": "  {name} diz: {text}",
    "takeback": "  {name} retira uma carta: de volta à vaza {i}",
    "round_end": "Fim da ronda {i}: {points}. {result}. Rondas ganhas: {won}",
    "round_won": {
        "other": "{team} ganha a ronda",
        "they": "{team} ganham a ronda",
    },
    "drawn": "Ronda empatada, não conta para ninguém",
    "match_end": "Fim da partida ({reason}): {result}; rondas ganhas {won}",
    "match_why": "  Porque acabou: {why}",
    "match_won": {
        "other": "ganha {team}",
        "they": "ganham {team}",
    },
    "nobody": "sem vencedor",
    "verdict": {
        "one": "OK: {label}: um registo coerente, {lines} linhas, 1 ronda; {result}",
        "other": "OK: {label}: um registo coerente, {lines} linhas, {n} rondas; {result}",
    },
    "verdict.won": {
        "other": "ganha {team} ({reason})",
        "they": "ganham {team} ({reason})",
    },
    "verdict.none": "sem vencedor ({reason})",
    "complete": "completa",
    "fault_reason": "falha",
    "abandoned": "abandonada",
}

# What the long search thinks of each move (briscola review).
REVIEW: Final[dict[str, Message]] = {
    "intro": "Análise de {label}: cada carta jogável avaliada pela mesma procura que dá as sugestões ({samples} amostras por jogada, semente {seed}) só com a informação do lugar: a probabilidade de ganhar a ronda com ela, e por quantos pontos a equipa acaba à frente da melhor das outras, em média (atrás, se negativo)",
    "seat": {
        "zero": "{name} (lugar {seat}): nenhuma jogada",
        "one": "{name} (lugar {seat}): 1 jogada",
        "other": "{name} (lugar {seat}): {n} jogadas",
    },
    "trick": "vaza {i}",
    "round_trick": "ronda {round}, vaza {i}",
    "move": "  {where}: jogou {card}, a melhor {best}, custo {cost} pontos · {values}",
    "forced": "  {where}: jogou {card}, a única carta jogável",
    "exchange": "troca",
    "the_exchange": "a troca",
    "accuracy": {
        "one": (
            "  Precisão: {within} de 1 escolha a menos de um ponto da melhor ({share}); custo "
            "médio {cost} pontos"
        ),
        "other": (
            "  Precisão: {within} de {n} escolhas a menos de um ponto da melhor ({share}); custo "
            "médio {cost} pontos"
        ),
    },
    "no_choices": "  Nada para analisar: todas as jogadas eram forçadas.",
    "chart": "  A probabilidade de ganhar a ronda, jogada a jogada (× marca as jogadas mais caras):",
    "chart_plain": "  A probabilidade de ganhar a ronda, jogada a jogada: {values}.",
    "chart_tricks": "vazas",
    "costliest": "  As jogadas mais caras:",
    "none_costly": "  Nenhuma jogada custou mais de um ponto.",
    "lead": {
        "one": "    {where}: sair com {card} custou cerca de 1 ponto; era melhor {best}",
        "other": "    {where}: sair com {card} custou cerca de {n} pontos; era melhor {best}",
    },
    "lead_unseen": {
        "one": (
            "    {where}: sair com {card} sem ter saído ainda {unseen} custou cerca de 1 ponto; "
            "era melhor {best}"
        ),
        "other": (
            "    {where}: sair com {card} sem ter saído ainda {unseen} custou cerca de {n} pontos; "
            "era melhor {best}"
        ),
    },
    "follow": {
        "one": "    {where}: jogar {card} sobre {led} custou cerca de 1 ponto; era melhor {best}",
        "other": (
            "    {where}: jogar {card} sobre {led} custou cerca de {n} pontos; era melhor {best}"
        ),
    },
    "follow_unseen": {
        "one": (
            "    {where}: jogar {card} sobre {led} sem ter saído ainda {unseen} custou cerca de 1 "
            "ponto; era melhor {best}"
        ),
        "other": (
            "    {where}: jogar {card} sobre {led} sem ter saído ainda {unseen} custou cerca de "
            "{n} pontos; era melhor {best}"
        ),
    },
    "exchanged": {
        "one": "    {where}: a troca custou cerca de 1 ponto; era melhor {best}",
        "other": "    {where}: a troca custou cerca de {n} pontos; era melhor {best}",
    },
    "intro_match": "Análise de {label}: cada carta jogável avaliada pela mesma procura que dá as sugestões ({samples} amostras por jogada, semente {seed}) só com a informação do lugar: a probabilidade de ganhar a ronda e o jogo com ela, e por quantos pontos a equipa acaba à frente da melhor das outras, em média (atrás, se negativo)",
    "move_chance": "  {where}: jogou {card}, a melhor {best}, custo {cost} pontos e {chance} da probabilidade de ganhar · {values}",
    "value": "{card} {win} {points}",
    "value_match": "{card} {win}, partida {match}, {points}",
    "odds": "; a ronda foi ganha em {best_win} das vezes com {best}, em {win} com {card}",
}

# The rules for players (briscola rules): the text, then how cards are written.
RULES: Final[dict[str, Message]] = {
    "body": """\
BISCA E BRISCOLA: REGRAS DO JOGO

As cartas
  Joga-se com 40 cartas, quatro naipes de dez: Copas, Ouros, Espadas e
  Paus, tanto no baralho italiano e no espanhol (figuras Sota, Cavalo e
  Rei) como num baralho francês sem os 8, os 9 e os 10, onde a Dama faz de
  Cavalo e o Valete de Sota. No baralho português o Valete é a carta de 3
  pontos e a Dama a de 2.

  Neste baralho, da mais alta à mais baixa: {order}.
  Pontos: {ace} 11, 3 10, {king} 4, {knight} 3, {jack} 2, as outras 0.
  O baralho tem 120 pontos.

As mesas
  2 jogadores: 40 cartas, 20 vazas, cada um por si. Com 61 ou mais
               ganha-se a ronda; 60-60 é ronda empatada.
  3 jogadores: 36 cartas (sem os quatro 2), 12 vazas, cada um por si.
               Ganha a ronda o total mais alto (não são precisos 61); um
               empate no total mais alto é ronda empatada. À italiana,
               quando a mesa o diz (--pack 39): 39 cartas, só sem o
               {two}, 13 vazas.
  4 jogadores: 40 cartas, 10 vazas, duas equipas: os lugares 0 e 2 contra
               os lugares 1 e 3. Com 61 ou mais ganha-se a ronda; 60-60 é
               ronda empatada.
  6 jogadores: 36 cartas (sem os quatro 2), 6 vazas, três pares: o lugar
               i com o lugar i+3. Ganha a ronda o par com o total mais
               alto; um empate no total mais alto é ronda empatada.
  Os parceiros sentam-se frente a frente e juntam os pontos que ganham.

Dar as cartas
  Os lugares são numerados pela ordem de jogo: a vez passa de cada lugar
  para o seguinte (para a direita, numa mesa a sério). O primeiro a dar é
  tirado à sorte; em cada ronda nova, dá o lugar seguinte. Quem dá baralha
  e dá três cartas a cada lugar, uma de cada vez, a começar pelo lugar a
  seguir ao seu, e depois vira a carta seguinte. O seu naipe é o trunfo de
  toda a ronda. A carta virada fica meio debaixo do monte e é a última a
  ser tirada, por isso todos sabem a quem vai calhar.

As vazas
  O lugar a seguir a quem deu joga primeiro na primeira vaza. Podes sempre
  jogar qualquer carta da tua mão: não é obrigatório assistir ao naipe,
  nem cortar, nem cortar por cima. Ganha a vaza o trunfo mais alto; sem
  trunfo, a carta mais alta do naipe de saída. Uma carta de outro naipe
  nunca ganha.

Tirar cartas
  Quem ganha a vaza fica com as cartas, tira primeiro e joga primeiro na
  vaza seguinte; depois cada um dos outros tira uma carta, pela ordem de
  jogo, enquanto houver monte. Acabado o monte, as três últimas cartas de
  cada mão jogam-se sem tirar.

Fim da ronda
  A ronda acaba quando se jogaram todas as cartas. Cada lado conta os
  pontos das vazas que ganhou; as mesas acima dizem quem ganha. Uma ronda
  empatada não conta para ninguém.

A partida
  Uma partida ganha-se chegando primeiro a 1, 2 ou 3 rondas ganhas; quem
  abre a mesa escolhe, e 1 é o habitual. Depois de uma ronda empatada a
  partida continua com a ronda seguinte. Os pontos de cada ronda ficam no
  registo.

Variantes (só quando a mesa as ativa)
  brisca (mesas espanholas), a troca: na tua vez, antes de jogares uma
  carta, enquanto a carta virada ainda estiver debaixo do monte (fica pelo
  menos outra carta para tirar):
    - quem tem o 7 de trunfo pode trocá-lo pela carta virada se ela for
      {high};
    - quem tem o 2 de trunfo pode trocá-lo pela carta virada se ela for
      um 4, 5, 6 ou 7.
  No máximo uma troca por vez. Todos veem a troca.

  bisca (mesas portuguesas): o 7 é o segundo em força e vale 10 pontos; o
  3 desce para o seu lugar na ordem dos números, entre o 4 e o 2, e vale
  0. Ordem: {order_bisca}.
  Tudo o resto como acima.
""",
    "cards.head": "Como se escrevem as cartas",
    "cards.codes": (
        "No ecrã e quando a escreves, uma carta é o seu valor e depois o seu naipe: {ex1} quer "
        "dizer {name1}; {ex2}, {name2}."
    ),
    "cards.ranks": "Valores: {ranks}; do 2 ao 7 tal como são.",
    "cards.suits": "Naipes: {suits}.",
    "cards.packs": "Outros baralhos: {command} --faces italian (ou french, spanish).",
}

# The table's commands in this language (the English ones work in every language).
# Why a card is advised or not, after "because" (hint and review).
REASONS: Final[dict[str, Message]] = {
    "wins_round": "ganha a ronda já, com {n} pontos",
    "face_up_you": "com esta vaza acaba o monte, e assim és tu a tirar a carta virada {card}",
    "face_up_partner": "com esta vaza acaba o monte, e assim a carta virada {card} vai para a tua equipa",
    "face_up_them": "com esta vaza acaba o monte, e assim a carta virada {card} vai para a outra equipa",
    "gives_points": {
        "one": "oferece à outra equipa o seu ponto",
        "other": "oferece à outra equipa os seus {n} pontos",
    },
    "takes_points": "faz a vaza de certeza, com {n} pontos",
    "trumpable": {
        "one": "um trunfo ainda a pode levar: ainda há 1 trunfo por sair",
        "other": "um trunfo ainda a pode levar: ainda há {n} trunfos por sair",
    },
    "beatable": "{card} ainda não saiu e pode levá-la",
    "keeps_trump": "guarda {card} para as últimas vazas",
    "takes_trick": "faz a vaza de certeza",
    "trump_behind": "{card} está na mão de quem joga depois de ti e pode levá-la",
    "partner_safe": "a vaza já é da tua equipa e ninguém depois de ti a pode levar",
    "no_reason": {
        "one": "sem uma razão concreta: a procura prefere-a por 1 ponto",
        "other": "sem uma razão concreta: a procura prefere-a por {n} pontos",
    },
    "no_reason_chance": "sem uma razão concreta: a procura dá-lhe a melhor probabilidade de ganhar",
    "about_same": "mais ou menos igual a {cards}: as amostras não as distinguem",
    "same_exact": "tão boa como {cards}: todas as distribuições lhes dão o mesmo",
    "overrules": {
        "one": "um jogador de clube não jogaria {card} aqui, embora a procura lhe dê 1 ponto a mais",
        "other": "um jogador de clube não jogaria {card} aqui, embora a procura lhe dê {n} pontos a mais",
    },
    "exact": "exato: resolvidas todas as distribuições possíveis",
    "why_card": "{card}: {reasons}.",
    "and": "; ",
}

COMMANDS: Final[dict[str, str]] = {
    "ajuda": "help",
    "mão": "hand",
    "mao": "hand",
    "última": "last",
    "vistas": "seen",
    "pontos": "score",
    "sugestão": "hint",
    "sugestao": "hint",
    "dica": "hint",
    "desfazer": "undo",
    "regras": "rules",
    "sair": "quit",
    "troca": "exchange",
}

# The answers that say yes to a question of the table.
YES: Final[tuple[str, ...]] = ("s", "sim")
NO: Final[tuple[str, ...]] = ("n", "não", "nao")
