#!/usr/bin/env node
// A Briscola bot for the briscola-jsonl protocol, version 1: Node.js, no packages.
//
//   briscola arena "cmd:node examples/bots/simple_bot.js" greedy --games 10
//   briscola check-bot "node examples/bots/simple_bot.js"
//
// One JSON object per line on stdin, one answer per line on stdout.  Stateless:
// every `turn` holds what it needs, the card order too (its `variant`: in bisca the
// 7 ranks second and the 3 is worth nothing).  Play: exchange when offered; take a trick
// worth points with the cheapest winning card; otherwise give away the least.
//
// `--fault KIND` makes it misbehave once, at its third turn, to see what a host does
// with each mistake: illegal (a card not in `legal`), malformed (a broken JSON line),
// debug (a debug line on stdout), twice (the answer sent twice), slow (answers 1.5 s
// past `time_ms`), crash (throws), exit-before-hello, ignore-hello (never answers
// it), ignore-bye (stays after `bye`) and protocol2 (says protocol 2 in its hello).
"use strict";

const readline = require("readline");

// By variant: the ranks weakest to strongest, and the points of each (others: 0).
const RANKS = {
  italian: ["24567JQK3A", { A: 11, 3: 10, K: 4, Q: 3, J: 2 }],
  bisca: ["23456JQK7A", { A: 11, 7: 10, K: 4, Q: 3, J: 2 }],
};
let [ORDER, POINTS] = RANKS.italian; // this turn's, set by choose() (brisca: as italian)

const points = (card) => POINTS[card[0]] || 0;
const strength = (card) => ORDER.indexOf(card[0]);
const beats = (card, best, trump) =>
  card[1] === best[1] ? strength(card) > strength(best) : card[1] === trump;
const cheapestBy = (cards, key) =>
  cards.reduce((a, b) => (key(b) < key(a) ? b : a));

function choose(turn) {
  [ORDER, POINTS] = RANKS[turn.variant] || RANKS.italian;
  if (turn.legal.includes("exchange")) return { type: "exchange" };
  const cards = turn.legal;
  const trump = turn.trump_suit;
  const cost = (c) => points(c) * 100 + (c[1] === trump ? 50 : 0) + strength(c);
  const trick = turn.trick.map((t) => t.card);
  if (trick.length > 0) {
    let best = trick[0];
    for (const card of trick.slice(1)) if (beats(card, best, trump)) best = card;
    const worth = trick.reduce((sum, c) => sum + points(c), 0);
    const winners = cards.filter((c) => beats(c, best, trump));
    if (winners.length > 0 && worth >= 10) {
      return { type: "play", card: cheapestBy(winners, (c) => points(c) * 100 + strength(c)) };
    }
  }
  return { type: "play", card: cheapestBy(cards, cost) };
}

// process.stdout.write on a pipe is asynchronous but ordered; nothing is held back.
const write = (text) => process.stdout.write(text + "\n");
const send = (message) => write(JSON.stringify(message));

const at = process.argv.indexOf("--fault");
const FAULT = at > 0 ? process.argv[at + 1] : "";
if (FAULT === "exit-before-hello") process.exit(3);
let turns = 0;

// The answer to a turn, or at the third turn with --fault, the mistake asked for.
function answer(turn) {
  const move = { ...choose(turn), id: turn.id };
  if (++turns !== 3 || !FAULT) return send(move);
  if (FAULT === "illegal") {
    const held = new Set([...turn.hand, ...turn.legal]);
    const other = ["AC", "AD", "AS", "AB", "3C", "3D"].find((c) => !held.has(c));
    return send({ type: "play", id: turn.id, card: other });
  }
  if (FAULT === "malformed") return write('{"type": "play", "id": ' + turn.id + ", ");
  if (FAULT === "debug") write("my hand: " + turn.hand.join(" "));
  if (FAULT === "twice") send(move);
  if (FAULT === "slow") return setTimeout(() => send(move), turn.time_ms + 1500);
  if (FAULT === "crash") {
    console.error("simple-js: about to play " + move.card);
    throw new Error("boom");
  }
  send(move);
}

const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on("line", (line) => {
  if (!line.trim()) return;
  const message = JSON.parse(line);
  if (message.type === "hello") {
    if (FAULT === "ignore-hello") return;
    const protocol = FAULT === "protocol2" ? 2 : 1;
    send({ type: "hello", id: message.id, protocol, name: "simple-js" });
  } else if (message.type === "turn") {
    answer(message);
  } else if (message.type === "error") {
    console.error(`host says: ${message.code} ${message.message}`);
  } else if (message.type === "bye") {
    if (FAULT === "ignore-bye") return setInterval(() => {}, 1000);
    lines.close();
  }
  // any other message is news this bot does not need
});
