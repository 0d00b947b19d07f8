"""Every sentence of the program in English: a catalog of :mod:`briscola.words`.

Each section is a dict of messages by key, in the forms of :mod:`.i18n`.
"""

from __future__ import annotations

from typing import Final

from .i18n import Message

__all__ = ["COMMANDS", "LOBBY", "NO", "REASONS", "REPLAY", "REVIEW", "RULES", "TABLE", "YES"]

# The table (briscola play and a LAN table), its help and its short rules.
TABLE: Final[dict[str, Message]] = {
    "you": "You",
    "you.listed": "You",
    "you.mid": "you",
    "and": "{a} and {b}",
    "us": "Us",
    "them": "Them",
    "intro.players": "{players} players",
    "intro.target": {
        "one": "first to 1 round",
        "other": "first to {n} rounds",
    },
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
    "round.head": {
        "you": "Round {round} · You deal",
        "other": "Round {round} · {who} deals",
    },
    "round.trump": {
        "one": "Trump: {card} · 1 card in the stock",
        "other": "Trump: {card} · {n} cards in the stock",
    },
    "points": {
        "zero": "no points",
        "one": "1 point",
        "other": "{n} points",
    },
    "play": {
        "you": "  You play {card}",
        "other": "  {who} plays {card}",
    },
    "draw": {
        "you": "  You draw {card}",
        "other": "  {who} draws {card}",
    },
    "trick.took": {
        "you": "  → You take the trick: {points}",
        "other": "  → {who} takes the trick: {points}",
    },
    # A stand-in bot played the seat for its person (away, or left): never "Giulia plays".
    "play.standin": {
        "you": "  A bot plays {card} for you",
        "other": "  A bot plays {card} for {who}",
    },
    "trick.standin": {
        "you": "  → The bot takes the trick for you: {points}",
        "other": "  → The bot takes the trick for {who}: {points}",
    },
    "by_bot": {
        "you": "a bot for you",
        "other": "a bot for {who}",
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
    "last.took": {
        "you": "  → You take it: {points}",
        "other": "  → {who} takes it: {points}",
    },
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
    "hints.used": {
        "one": "  1 hint used.",
        "other": "  {n} hints used.",
    },
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
    "ask.keep": "Keep the match to finish later (briscola play --resume)? (y/n) ",
    "ask.again": "Play again? (y/n) ",
    "left": "You left the table.",
    "stats.none": "No finished match yet: briscola play keeps each one here.",
    "stats.all": "All matches",
    "stats.row": {
        "one": (
            "{label}: 1 match, {won} won, {lost} lost ({share}% won); points {mine} to {theirs}"
        ),
        "other": (
            "{label}: {n} matches, {won} won, {lost} lost ({share}% won); points {mine} to {theirs}"
        ),
    },
    "stats.by_level": "By level:",
    "stats.by_players": "By table size:",
    "stats.marks": "WL=",
    "stats.by_variant": "By variant:",
    "stats.last": {
        "one": ("The last match (W won, L lost, = drawn; the bar: the point margin):"),
        "other": ("The last {n} matches (W won, L lost, = drawn; the bars: the point margin):"),
    },
    "kept": "The match is kept: briscola play --resume goes on from here.",
    "back": "Back at the table.",
    "back.taken": "You take over this seat; the match as it stands:",
    "input.ended": "The input ended in the middle of the match; the match is abandoned.",
    "seed.told": "This match was seed {seed}: briscola play --seed {seed} deals it again.",
    "takeover": "{name}'s program failed; a built-in {level} bot plays that seat from here.",
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
        "Not a card or a command: {text}. Type {range}, a card in your hand such as {example}, or "
        "help."
    ),
    "entry.none_held": "You hold no card that {text} names (your hand: {hand}).",
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
        "you": "  Hint: the expert's search recommends {card}: with it you win the round {win} of the time, and end {lead} on average.",
        "we": "  Hint: the expert's search recommends {card}: with it your side wins the round {win} of the time, and ends {lead} on average.",
    },
    "hint.only": "  Hint: the expert's search recommends {card}.",
    "hint.off": "Hints are off in this match (--no-hints).",
    "hint.none": "No hints in this game.",
    "undo.off": "No take-backs in this game (only against built-in bots).",
    "undo.none": "Nothing to take back yet this round.",
    "takeback": {
        "you": "  You take back your card: trick {i} again.",
        "other": "  {who} takes back a card: trick {i} again.",
    },
    "takebacks.used": {
        "one": "  1 card taken back.",
        "other": "  {n} cards taken back.",
    },
    "help.cards": (
        "Play a card by its number (1, 2, 3), its code ({example} = {example_name}) or its name "
        "({example_name}, or just {ace} when you hold one); Tab completes."
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
  hint      what the expert's search recommends here, and why
  undo      take back your last card and the bots' replies (against built-in bots)
  rules     the rules in short (briscola rules prints them all)""",
    "help.say": "  say TEXT  talk to everyone at the table",
    "help.leave": "  leave     give your seat up (a bot plays it on; Ctrl-C asks too)",
    "help.exchange": "  exchange  swap your trump 7 or 2 for the face-up card (when allowed)",
    "help.quit": "  quit      leave the game (Ctrl-C asks too; Ctrl-D leaves at once)",
    "rules.short": """\
Briscola in short: no duty to follow suit; the highest trump takes the trick, else the highest card of the suit led.
Order: {order}; in bisca: {order_bisca}.
Points: {ace} 11, Three 10 (bisca: Seven 10), {king} 4, {knight} 3, {jack} 2: 120 in all.
The winner of a trick draws first and leads; 61 wins the round (3 and 6 players: the highest total).
In brisca the trump 7 takes a face-up {high}; the trump 2 a {low}.
All the rules: {command}""",
    "watch.intro": "  You watch; the seats:",
    "watch.seat": "  Seat {seat}: {who}",
    "watch.seat_team": "  Seat {seat}: {who}, with {side}",
    "watch.now": "The match as it stands:",
    "table.leads": "{who} leads.",
    "turn.yours": "Your turn.",
    "turn.yours_left": "Your turn: {left} left.",
    "turn.waiting": "Waiting for {who}.",
    "turn.waiting_left": "Waiting for {who}: {left} left.",
    "round.pause": "Round over: press Enter for the next one.",
    "ask.yes_no": "Type y or n.",
    "prompt.wait": "> ",
    "hint.match": {
        "you": "  Hint: the expert's search recommends {card}: with it you win the round {win} of the time and the match {match}, and end {lead} on average.",
        "we": "  Hint: the expert's search recommends {card}: with it your side wins the round {win} of the time and the match {match}, and ends {lead} on average.",
    },
    "hint.others": "  Other cards: {others}.",
    "hint.other": "{card} {win}, {lead}",
    "hint.other_match": "{card} {win} (match {match}), {lead}",
    "hint.why": "  {why}",
    "lead.ahead": {"one": "1 point ahead", "other": "{n} points ahead"},
    "lead.behind": {"one": "1 point behind", "other": "{n} points behind"},
    "lead.level": "level",
}

# The lobby and a LAN table's own notices (briscola join).
LOBBY: Final[dict[str, Message]] = {
    "joined": "{name} sits down at seat {seat}.",
    "left": "{name} left the table.",
    "dropped": "{name} lost the connection; the seat is held for them.",
    "resumed": "{name} is back.",
    "takeover": "A bot plays for {name} until they come back.",
    "closed": "The table closed: nobody plays at it any more.",
    "chat_dropped": "Chat lines dropped, too many at once: {n}.",
    "handback": "{name} plays again.",
    "timeout": "{name}'s time ran out; a bot played the card.",
    "faults": "{name} sent three bad answers; a bot played the card.",
    "rematch": "{name} wants a rematch.",
    "restored": "The server restarted; {name}'s seat is waiting.",
    "chat": "» {name} ({role}): {text}",
    "chat.seat": "seat {seat}",
    "chat.watcher": "spectator",
    "lost": "The connection to the server is lost; trying again in {pause} s...",
    "retrying": "Trying again in {pause} s...",
    "connecting": "Connecting to the server...",
    "stopped": "stopped (SIGTERM). In a match your seat is kept for you: run briscola join again to take it back.",
    "stopped.bare": "stopped (SIGTERM).",
    "back": "Connected again; you have your seat back.",
    "kept": "Your seat was kept for you: back at table {table}, seat {seat}.",
    "kept_over": "Your seat at table {table} is no longer held for you: its match has ended, or the seat was given up.",
    "code_made": "Table {table} is private; friends join with --code {code}",
    "code_made_lobby": "Table {table} is private; its code is {code} (friends type: join {table} code={code}).",
    "gone": "The server did not come back in time; your seat stays yours: run briscola join again to take it back.",
    "bye": "The server closed the connection: {text}",
    "refused": "The server refused: {text}",
    "again": "Another match with the same table? (y/n) ",
    "waiting": {
        "one": "Waiting for the other seat (1 free)...",
        "other": "Waiting for the other seats ({n} free)...",
    },
    "seated": "You sit at table {table}, seat {seat}.",
    "renamed": "Someone at this table is called {wanted} already: here you are {name}.",
    "watching": "You watch table {table}.",
    "lobby_help": (
        "Lobby commands: list, create NAME [players=4] [target=1] [variant=italian] [pack=39] "
        "[code=SECRET] [bots=1:expert,3:greedy], join NAME [SEAT] [code=SECRET], watch NAME, quit."
    ),
    "lobby_prompt": "lobby> ",
    "no_tables": "No tables yet: create one (help shows how).",
    "variant.italian": "Italian rules",
    "variant.brisca": "brisca",
    "variant.bisca": "bisca",
    "table_line": "{table}: {players} players, {variant}, first to {target}, {state}: {seats}",
    "state.waiting": "waiting",
    "state.playing": "playing",
    "state.done": "over",
    "free": "free",
    "private": "private",
    "bad_lobby": "Not a lobby command: {text}. Type help.",
    "say_help": "At the table, say TEXT talks to everyone there.",
    "left.you": "You left the table.",
    "dropped.for": "{name} lost the connection; the seat is held for them for {time}.",
    "takeover.you": "A bot plays for you until you are back.",
    "away": "{name}'s time ran out: a bot plays for them until they are back.",
    "away.you": "Your time ran out: a bot plays your cards. Type anything (Enter) to take your seat back.",
    "handback.you": "You play again.",
    "timeout.you": "Your time ran out; a bot played the card for you.",
    "rematch.you": "You want a rematch.",
    "restored.you": "The server restarted; your seat is waiting for you.",
    "paused": "The server is pausing; the match goes on when it is back.",
    "restart": "The server is pausing for a restart; your seat is kept. Connecting again...",
    "restart_watch": "The server is pausing for a restart. Connecting again...",
    "not_now.turn": "Not your turn: the table waits for {name}.",
    "not_now.wait": "Not your turn yet.",
    "not_now.no_match": "No match is on: cards wait for the next deal.",
    "not_now.watching": "You watch this table: say TEXT chats, leave goes.",
    "not_now.lan": "No hints and no take-backs at a LAN table: everyone plays on their own.",
    "takes": "{name} takes {was}'s seat.",
    "takes.you": "You take {was}'s seat.",
    "left_bot": "{name} left the table; a bot plays for {name}.",
    "open_seat": "open (a bot plays for {name})",
    "ahead": "{card}: kept, played as soon as it is your turn.",
    "not_sent": "Not sent: the server is away.",
    "here": "Taking your seat back...",
    "meanwhile": {
        "one": "While you were away a bot played for you: {cards} (1 trick went by).",
        "other": "While you were away a bot played for you: {cards} ({n} tricks went by).",
    },
    "meanwhile.cards": "While you were away a bot played for you: {cards}.",
    "meanwhile.none": {
        "one": "While you were away 1 trick went by; no card of yours was played.",
        "other": "While you were away {n} tricks went by; no card of yours was played.",
    },
    "warn": "{left} left for your card, then a bot plays for you.",
    "status.filling": "Waiting for the table to fill. leave (or Ctrl-C) goes.",
    "status.rematch_seat": {
        "one": "Waiting for a person to take the empty seat {seats}. leave (or Ctrl-C) goes.",
        "other": "Waiting for people to take the empty seats {seats}. leave (or Ctrl-C) goes.",
    },
    "status.watch_wait": "Waiting for the match to start. leave (or Ctrl-C) goes.",
    "status.again": "The match is over: another one? Answer y or n.",
    "status.rematch": "Waiting for the others to want a rematch. leave (or Ctrl-C) goes.",
    "status.away": "A bot plays for you: type anything (Enter) to take your seat back.",
    "status.server_away": "The server is away: trying again in {pause} s. leave (or Ctrl-C) stops.",
    "status.server_trying": "The server is away: connecting... leave (or Ctrl-C) stops.",
    "code_needed": "Table {table} is private and the code is missing or wrong ({command} {table} code=CODE; ask who made it).",
    "code_needed_cli": "Table {table} is private and the code is missing or wrong: give it with --code CODE (ask who made it).",
    "bot_seat": "{name} (bot)",
    "away_seat": "{name} (away, {time})",
    "held_seat": "{name} (a bot plays for them)",
    "bot_away_seat": "{name} (bot, away, {time})",
    "bot_held_seat": "{name} (bot; a server bot plays for it)",
    "people_waiting": "People waiting at {table}: {names}.",
    "back_watch": "Connected again; you watch the table again.",
    "gone_watch": "The connection is lost and the server did not come back in time.",
    "gone_refused": "The server is back but did not give the seat back: {text}",
    "gone_refused_watch": "The server is back but did not let you watch again: {text}",
    "expired": "{name} did not come back after the restart; seat {seat} is free.",
    "status.round_pause": "Round over: Enter goes on to the next one.",
    "status.round_wait": "Waiting for the others to go on to the next round.",
}

# A record told trick by trick (briscola replay).
REPLAY: Final[dict[str, Message]] = {
    "header": {
        "one": "Briscola: {players} players{pack}, {variant}, first to 1 won round; seed {seed}",
        "other": (
            "Briscola: {players} players{pack}, {variant}, first to {n} won rounds; seed {seed}"
        ),
    },
    "pack": ", {n} cards",
    "variant.italian": "Italian rules",
    "variant.brisca": "brisca (with the exchange)",
    "variant.bisca": "bisca (the 7 second, worth 10)",
    "seats": "Seats: {seats}",
    "teams": "Sides: {teams}",
    "against": " against ",
    "round": "Round {n}: {dealer} deals, {leader} leads; trump {card}",
    "hand": "  {name}'s hand: {cards}",
    "points": {
        "one": "1 point",
        "other": "{n} points",
    },
    "trick": "  Trick {i}: {plays} -> {winner} ({points})",
    "open": "  Unfinished trick: {plays}",
    "by_bot": "a bot for {name}",  # a card or trick a stand-in bot played for the seat
    "draws": "    drawn: {draws}",
    "trump_taken": "    {name} takes the face-up {card}",
    "exchanged": "  {name} exchanges {gave} for the face-up {took}",
    "fault": "  Fault by {name}: {code}: {message}",
    "forfeit": "    -> the match is forfeited by {team}",
    "takeover": "    -> a built-in bot takes over the seat",
    "refused": "    -> refused; the seat was asked again",
    "standin.dropped": "  A bot plays for {name}, who lost the connection",
    "standin.timeout": "  {name}'s time ran out: a bot plays for them until they are back",
    "standin.left": "  {name} left: a bot plays the seat",
    "standin.faults": "  A bot plays this card for {name} (three bad answers)",
    "handback": "  {name} is back and plays again",
    "seated": "  {name} takes {was}'s seat",
    "dropped": "  {name} lost the connection",
    "resumed": "  {name} is connected again",
    "pause": "  The server stopped here (a pause)",
    "restart.pause": "  The server came back after the pause",
    "restart.crash": "  The server came back after a crash",
    "info": "  {name} says: {text}",
    "takeback": "  {name} takes back a card: back to trick {i}",
    "round_end": "Round {i} over: {points}. {result}. Rounds won: {won}",
    "round_won": {
        "other": "{team} wins the round",
        "they": "{team} win the round",
    },
    "drawn": "A drawn round, it counts for nobody",
    "match_end": "Match over ({reason}): {result}; rounds won {won}",
    "match_why": "  Why it ended: {why}",
    "match_won": {
        "other": "{team} wins",
        "they": "{team} win",
    },
    "nobody": "no winner",
    "verdict": {
        "one": "OK: {label}: a consistent record, {lines} lines, 1 round; {result}",
        "other": "OK: {label}: a consistent record, {lines} lines, {n} rounds; {result}",
    },
    "verdict.won": {
        "other": "won by {team} ({reason})",
        "they": "won by {team} ({reason})",
    },
    "verdict.none": "no winner ({reason})",
    "complete": "complete",
    "fault_reason": "fault",
    "abandoned": "abandoned",
}

# What the long search thinks of each move (briscola review).
REVIEW: Final[dict[str, Message]] = {
    "intro": "Review of {label}: each legal card valued by the advice hint gives ({samples} samples a move, seed {seed}) on the seat's own information only: the chance of winning the round with it, and the points the side ends ahead of the best other side on average (behind when negative)",
    "seat": {
        "zero": "{name} (seat {seat}): no moves",
        "one": "{name} (seat {seat}): 1 move",
        "other": "{name} (seat {seat}): {n} moves",
    },
    "trick": "trick {i}",
    "round_trick": "round {round}, trick {i}",
    "move": "  {where}: played {card}, best {best}, cost {cost} points · {values}",
    "forced": "  {where}: played {card}, the only legal card",
    "exchange": "exchange",
    "the_exchange": "the exchange",
    "accuracy": {
        "one": (
            "  Accuracy: {within} of 1 choice within a point of best ({share}); mean cost {cost} "
            "points"
        ),
        "other": (
            "  Accuracy: {within} of {n} choices within a point of best ({share}); mean cost "
            "{cost} points"
        ),
    },
    "no_choices": "  No choices to review: every move was forced.",
    "chart": "  The chance of winning the round, move by move (× marks the costliest moves):",
    "chart_plain": "  The chance of winning the round, move by move: {values}.",
    "chart_tricks": "tricks",
    "costliest": "  The costliest moves:",
    "none_costly": "  No move cost more than a point.",
    "lead": {
        "one": "    {where}: leading {card} cost about 1 point; {best} was best",
        "other": "    {where}: leading {card} cost about {n} points; {best} was best",
    },
    "lead_unseen": {
        "one": (
            "    {where}: leading {card} with {unseen} unseen cost about 1 point; {best} was best"
        ),
        "other": (
            "    {where}: leading {card} with {unseen} unseen cost about {n} points; {best} was "
            "best"
        ),
    },
    "follow": {
        "one": "    {where}: playing {card} on {led} cost about 1 point; {best} was best",
        "other": "    {where}: playing {card} on {led} cost about {n} points; {best} was best",
    },
    "follow_unseen": {
        "one": (
            "    {where}: playing {card} on {led} with {unseen} unseen cost about 1 point; {best} "
            "was best"
        ),
        "other": (
            "    {where}: playing {card} on {led} with {unseen} unseen cost about {n} points; "
            "{best} was best"
        ),
    },
    "exchanged": {
        "one": "    {where}: the exchange cost about 1 point; {best} was best",
        "other": "    {where}: the exchange cost about {n} points; {best} was best",
    },
    "intro_match": "Review of {label}: each legal card valued by the advice hint gives ({samples} samples a move, seed {seed}) on the seat's own information only: the chance of winning the round and the match with it, and the points the side ends ahead of the best other side on average (behind when negative)",
    "move_chance": "  {where}: played {card}, best {best}, cost {cost} points and {chance} of the chance of winning · {values}",
    "value": "{card} {win} {points}",
    "value_match": "{card} {win}, match {match}, {points}",
    "odds": "; the round won {best_win} of the time with {best}, {win} with {card}",
}

# The rules for players (briscola rules): the text, then how cards are written.
RULES: Final[dict[str, Message]] = {
    "body": """\
BRISCOLA: THE RULES

The cards
  Briscola is played with 40 cards, four suits of ten. The Italian and the
  Spanish packs have Cups, Coins, Swords and Batons (Clubs in Spain), and a
  Jack, a Knight and a King; a French pack without the 8s, 9s and 10s plays
  the same game with Hearts, Diamonds, Spades and Clubs, its Queen in the
  Knight's place. The Portuguese pack is French-suited too, but its Jack is
  the 3-point card and its Queen the 2-point one.

  In this pack, high to low: {order}.
  Points: {ace} 11, 3 10, {king} 4, {knight} 3, {jack} 2, all others 0.
  The pack holds 120 points.

The tables
  2 players: 40 cards, 20 tricks, each alone. 61 or more wins the round;
             60-60 is a drawn round.
  3 players: 36 cards (the four 2s removed), 12 tricks, each alone. The
             highest total wins the round (61 is not needed); a tie for
             highest is a drawn round. The Italian way, when the table
             says so (--pack 39): 39 cards, only the {two} removed,
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
      card is an {high};
    - the holder of the trump 2 may exchange it for the face-up card if that
      card is a 4, 5, 6 or 7.
  At most one exchange per turn. Everyone sees the exchange.

  bisca (Portuguese tables): the 7 is second in strength and worth 10
  points; the 3 drops to its place in the number order, between the 4 and
  the 2, worth 0. Order: {order_bisca}.
  Everything else as above.
""",
    "cards.head": "How cards are written",
    "cards.codes": (
        "On the screen and at the prompt a card is its rank, then its suit: {ex1} is the {name1}, "
        "{ex2} the {name2}."
    ),
    "cards.ranks": "Ranks: {ranks}; 2 to 7 as they are.",
    "cards.suits": "Suits: {suits}.",
    "cards.packs": "Other packs: {command} --faces french (or spanish, portuguese).",
}

# The table's commands in this language (the English ones work in every language).
# Why a card is advised or not, after "because" (hint and review).
REASONS: Final[dict[str, Message]] = {
    "wins_round": "it wins the round now, with {n} points",
    "face_up_you": "this trick ends the stock, and so you draw the face-up {card}",
    "face_up_partner": "this trick ends the stock, and so the face-up {card} goes to your side",
    "face_up_them": "this trick ends the stock, and so the face-up {card} goes to the other side",
    "gives_points": {
        "one": "it hands the other side its 1 point",
        "other": "it hands the other side its {n} points",
    },
    "takes_points": "it takes the trick for sure, with {n} points",
    "trumpable": {
        "one": "a trump can still take it: 1 trump is not seen yet",
        "other": "a trump can still take it: {n} trumps are not seen yet",
    },
    "beatable": "{card} is not seen yet and can still take it",
    "keeps_trump": "it keeps {card} for the last tricks",
    "takes_trick": "it takes the trick for sure",
    "trump_behind": "{card} is in the hand of a player after you and can take it",
    "partner_safe": "your partner holds the trick and no one after you can take it",
    "no_reason": {
        "one": "no single reason: the search prefers it by 1 point",
        "other": "no single reason: the search prefers it by {n} points",
    },
    "no_reason_chance": "no single reason: the search gives it the best chance of winning",
    "about_same": "about the same as {cards}: the samples cannot tell them apart",
    "same_exact": "as good as {cards}: every deal gives them the same",
    "overrules": {
        "one": "a club player would not play {card} here, though the search gives it 1 point more",
        "other": "a club player would not play {card} here, though the search gives it {n} points more",
    },
    "exact": "exact: every possible deal solved",
    "why_card": "{card}: {reasons}.",
    "and": "; ",
}

COMMANDS: Final[dict[str, str]] = {}

# The answers that say yes to a question of the table.
YES: Final[tuple[str, ...]] = ("y", "yes")
NO: Final[tuple[str, ...]] = ("n", "no")
