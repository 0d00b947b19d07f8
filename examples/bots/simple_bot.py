#!/usr/bin/env python3
"""A Briscola bot for the briscola-jsonl protocol, version 1: standard library only.

Run it against the built-in bots with

    briscola arena "cmd:python3 examples/bots/simple_bot.py" greedy --games 10
    briscola check-bot "python3 examples/bots/simple_bot.py"

It reads one JSON object per line on stdin and answers on stdout, flushing
every line.  It keeps no state: each `turn` says everything it needs, the
card order too (its `variant`: in bisca the 7 ranks second and the 3 is worth
nothing).  Its
play: make the brisca exchange when offered; when following, take the trick
with the cheapest card that wins it if the trick is worth points; otherwise
throw the card that gives the fewest points away.
"""

import json
import sys

# By variant: the ranks weakest to strongest, and the points of each (others: 0).
RANKS = {
    "italian": ("24567JQK3A", {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2}),
    "bisca": ("23456JQK7A", {"A": 11, "7": 10, "K": 4, "Q": 3, "J": 2}),
}
ORDER, POINTS = RANKS["italian"]  # this turn's, set by choose() (brisca: as italian)


def points(card):
    return POINTS.get(card[0], 0)


def strength(card):
    return ORDER.index(card[0])


def beats(card, best, trump):
    """Whether `card` takes the trick from `best`, the card now winning it."""
    if card[1] == best[1]:
        return strength(card) > strength(best)
    return card[1] == trump


def choose(turn):
    global ORDER, POINTS
    ORDER, POINTS = RANKS.get(turn.get("variant"), RANKS["italian"])
    if "exchange" in turn["legal"]:
        return {"type": "exchange"}
    cards = turn["legal"]
    trump = turn["trump_suit"]
    cheapest = min(cards, key=lambda c: (points(c), c[1] == trump, strength(c)))
    trick = [t["card"] for t in turn["trick"]]
    if trick:
        best = trick[0]
        for card in trick[1:]:
            if beats(card, best, trump):
                best = card
        worth = sum(points(c) for c in trick)
        winners = [c for c in cards if beats(c, best, trump)]
        if winners and worth >= 10:
            return {"type": "play", "card": min(winners, key=lambda c: (points(c), strength(c)))}
    return {"type": "play", "card": cheapest}


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()  # without this the host waits for a line that never comes


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            send({"type": "hello", "id": message["id"], "protocol": 1, "name": "simple-py"})
        elif kind == "turn":
            answer = choose(message)
            answer["id"] = message["id"]
            send(answer)
        elif kind == "error":
            print("host says:", message.get("code"), message.get("message"), file=sys.stderr)
        elif kind == "bye":
            break
        # every other message (match_start, played, trick, ...) is news we do not need


if __name__ == "__main__":
    main()
