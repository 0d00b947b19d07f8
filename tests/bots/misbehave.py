"""A bot that plays legal[0] and then misbehaves as its first argument says.

Modes (at the bot's third turn unless said otherwise): crash, hang, garbage,
illegal, wrong_id, long_line (1 MB), bad_utf8, no_flush (from the start: stdout
is block-buffered and never flushed), exit_before_hello, linger (ignores bye,
EOF and SIGTERM), exit_after_bye (leaves at bye without reading the rest),
old_protocol (says protocol 2), bad_hello (three broken hellos), recover (one
illegal card, then legal play), chatty (info, unknown types and stray lines
before each answer), slow (answers after move_ms but within the grace), stray
(a second copy of each answer, a bad info and an unknown type after it),
hello_again (answers one turn with a hello), crash_later (crashes at its 23rd
turn: in the second match of a process reused for 2-seat matches), one_match
(leaves after match_end, as a bot written for one match per process does), late
(answers its third turn 0.3 s past move_ms and the grace, once the host gave up).
"""

import json
import os
import signal
import sys
import time

MODE = sys.argv[1] if len(sys.argv) > 1 else "ok"
AT = 3
out = sys.stdout.buffer
if MODE == "no_flush":  # block-buffered even under PYTHONUNBUFFERED
    out = open(sys.stdout.fileno(), "wb", buffering=1 << 16, closefd=False)  # noqa: SIM115


def send(obj):
    out.write(json.dumps(obj).encode() + b"\n")
    if MODE != "no_flush":
        out.flush()


if os.environ.get("BOT_PID_DIR"):  # lets a test find this process afterwards
    with open(os.path.join(os.environ["BOT_PID_DIR"], f"{os.getpid()}.pid"), "w") as f:
        f.write(MODE)

if MODE == "exit_before_hello":
    sys.exit(3)
if MODE == "linger":
    signal.signal(signal.SIGTERM, signal.SIG_IGN)

turns = 0
for raw in sys.stdin.buffer:
    if not raw.strip():
        continue
    msg = json.loads(raw)
    kind = msg["type"]
    if kind == "hello":
        if MODE == "bad_hello":
            send({"type": "hello", "id": msg["id"], "protocol": 1})  # no name
            continue
        version = 2 if MODE == "old_protocol" else 1
        send({"type": "hello", "id": msg["id"], "protocol": version, "name": MODE})
    elif kind == "match_end" and MODE == "one_match":
        sys.exit(0)
    elif kind == "bye":
        if MODE == "exit_after_bye":
            sys.exit(0)
        if MODE == "linger":
            break
    elif kind == "turn":
        turns += 1
        legal = [a for a in msg["legal"] if a != "exchange"]
        answer = {"type": "play", "id": msg["id"], "card": legal[0]}
        bad = turns >= AT
        if MODE == "crash_later" and turns == 20 + AT:
            sys.exit(4)
        if MODE == "crash" and bad:
            print("Traceback: something went wrong", file=sys.stderr)
            sys.exit(1)
        if MODE == "hang" and bad:
            time.sleep(3600)
        if MODE == "garbage" and bad:
            out.write(b"thinking about " + legal[0].encode() + b"...\n")
            out.flush()
            continue
        if MODE in ("illegal", "recover") and (bad if MODE == "illegal" else turns == AT):
            held = set(msg["hand"]) | set(msg["legal"])
            answer["card"] = next(c for c in ("AC", "AD", "AS", "AB", "3C") if c not in held)
        if MODE == "wrong_id" and bad:
            answer["id"] = msg["id"] + 1000
        if MODE == "long_line" and bad:
            out.write(b'{"type":"info","text":"' + b"x" * (1 << 20) + b'"}\n')
            out.flush()
            continue
        if MODE == "bad_utf8" and bad:
            out.write(b'{"type":"play","id":' + str(msg["id"]).encode() + b',"card":"\xff\xfe"}\n')
            out.flush()
            continue
        if MODE == "chatty":
            send({"type": "info", "text": f"turn {turns}"})
            send({"type": "shout", "text": "unknown type"})
            out.write(b"\r\n\n")
        if MODE == "hello_again" and turns == AT:
            send({"type": "hello", "id": msg["id"], "protocol": 1, "name": "again"})
            continue
        if MODE == "stray":  # one write: all of it arrives with the answer
            extra = [answer, {"type": "info", "text": 5}, {"type": "shout"}, answer]
            out.write(b"".join(json.dumps(m).encode() + b"\n" for m in extra))
            out.flush()
            continue
        if MODE == "slow" and turns == AT:
            time.sleep(msg["time_ms"] / 1000 + 0.05)
        if MODE == "late" and turns == AT:  # 500 ms: the host's grace
            time.sleep((msg["time_ms"] + 500 + 300) / 1000)
        send(answer)
if MODE == "linger":
    time.sleep(3600)
