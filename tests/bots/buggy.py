"""A bot with the bugs a bot author plants by mistake, several at once.

Its first argument is a comma-separated list: debug (a debug line on stdout before
its answer at the 2nd turn of each match), stale (a card of the previous turn's
hand that has been played, at the 4th turn), late (its answer past move_ms but
within the grace, at the 6th turn), crash_start (an error on stderr, several lines
of it, then exit 1 before hello).  Its hello name is its second argument (default
"buggy").  Otherwise it plays its first legal card.
"""

import json
import sys
import time

BUGS = set(sys.argv[1].split(",")) if len(sys.argv) > 1 else set()
NAME = sys.argv[2] if len(sys.argv) > 2 else "buggy"


def send(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


if "crash_start" in BUGS:
    print("node:internal/modules/cjs/loader:1228", file=sys.stderr)
    print("Error: Cannot find module '/bots/carl.js'", file=sys.stderr)
    for n in range(8):
        print(f"    at frame {n}", file=sys.stderr)
    print("Node.js v20", file=sys.stderr)
    sys.exit(1)

turns = 0
previous = []
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        send({"type": "hello", "id": msg["id"], "protocol": 1, "name": NAME})
    elif msg["type"] == "match_start":
        turns = 0
    elif msg["type"] == "turn":
        turns += 1
        card = next(a for a in msg["legal"] if a != "exchange")
        if "debug" in BUGS and turns == 2:
            sys.stdout.write(f"debug: playing {card}\n")
        if "stale" in BUGS and turns == 4:
            card = next((c for c in previous if c not in msg["hand"]), card)
        if "late" in BUGS and turns == 6:
            time.sleep(msg["time_ms"] / 1000 + 0.1)
        previous = msg["hand"]
        send({"type": "play", "id": msg["id"], "card": card})
    elif msg["type"] == "bye":
        break
