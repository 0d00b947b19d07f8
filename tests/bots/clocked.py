"""A bot that thinks ``SLEEP_MS`` (its first argument, default 0) a move and tells, in
an info line before each answer, the clock fields of the turn it answers:
"clock_ms=N increment_ms=N time_ms=N" (absent fields as None).  It plays legal[0]."""

import json
import sys
import time

SLEEP_MS = float(sys.argv[1]) if len(sys.argv) > 1 else 0.0


def send(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        send({"type": "hello", "id": msg["id"], "protocol": 1, "name": "clocked"})
    elif msg["type"] == "turn":
        told = " ".join(f"{k}={msg.get(k)}" for k in ("clock_ms", "increment_ms", "time_ms"))
        send({"type": "info", "text": told})
        time.sleep(SLEEP_MS / 1000)
        legal = [a for a in msg["legal"] if a != "exchange"]
        send({"type": "play", "id": msg["id"], "card": legal[0]})
    elif msg["type"] == "bye":
        break
