"""A bot that plays legal[0] and attacks the host as its first argument says.

Modes (at the bot's third turn unless said otherwise): deep_json (a line of
2,000 nested arrays, then an info line in the same write, and no answer: the
fresh turn is answered), flood_unknown and flood_info (endless lines of an
unknown type, or endless info, and never an answer), orphan (starts a child
that keeps stdout open, then exits), last_words (two info lines, then exits),
duplicates (every answer 3,000 times),
ansi (an info and a stderr line with ANSI and bidi controls before each answer),
burst (5,000 numbered lines of an unknown type at once, at the start).
"""

import json
import subprocess
import sys

MODE = sys.argv[1] if len(sys.argv) > 1 else "ok"
AT = 3
out = sys.stdout.buffer


def line(obj):
    return json.dumps(obj).encode() + b"\n"


def send(data):
    out.write(data)
    out.flush()


if MODE == "burst":  # 5,000 numbered lines at once, before anything is asked
    send(b"".join(line({"type": "x", "n": n}) for n in range(5000)))
turns = 0
for msg in map(json.loads, filter(bytes.strip, sys.stdin.buffer)):
    if msg["type"] == "hello":
        send(line({"type": "hello", "id": msg["id"], "protocol": 1, "name": MODE}))
    elif msg["type"] == "turn":
        turns += 1
        legal = [a for a in msg["legal"] if a != "exchange"]
        answer = line({"type": "play", "id": msg["id"], "card": legal[0]})
        if turns == AT:
            if MODE == "deep_json":
                send(b"[" * 2000 + b"]" * 2000 + b"\n" + line({"type": "info", "text": "after"}))
                continue
            if MODE in ("flood_unknown", "flood_info"):
                flood = {"type": "shout"} if MODE == "flood_unknown" else {"type": "info"}
                chunk = line({**flood, "text": "x" * 200}) * 500
                try:
                    while True:
                        send(chunk)
                except (BrokenPipeError, OSError):
                    sys.exit(0)
            if MODE == "orphan":  # the child keeps stdout open long after we are gone
                subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
                sys.exit(4)
            if MODE == "last_words":
                words = [{"type": "info", "text": t} for t in ("last words", "bye now")]
                send(b"".join(map(line, words)))
                sys.exit(5)
        if MODE == "ansi":  # text that would repaint a terminal, on every channel
            print("\x1b[2J\x1b[31mstderr\u202e", file=sys.stderr, flush=True)
            answer = line({"type": "info", "text": "\x1b[2Jinfo\u202e"}) + answer
        if MODE == "duplicates":
            answer *= 3000
        send(answer)
