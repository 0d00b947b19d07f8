"""Property tests (Hypothesis): arbitrary bytes and JSON at every reader of what others
send.  The framing, the message decoder, the host's link, the bot side and the record
checker (with its narrator) raise nothing but their documented errors."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from briscola.engine.game import EXCHANGE
from briscola.engine.jsonline import JSONLineError, dumps, loads
from briscola.engine.replay import RecordError, verify_record
from briscola.protocol.bot_side import BotSide, serve
from briscola.protocol.framing import FrameError, LineSplitter
from briscola.protocol.link import Link
from briscola.protocol.messages import ProtocolError, decode, read_answer, read_hello
from briscola.words.replay_text import Narrator

DATA = Path(__file__).parent / "data"
SAMPLES = sorted(DATA.glob("*.jsonl"))
MANY = settings(max_examples=300, deadline=None)
FEW = settings(max_examples=80, deadline=None)

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(), inner, max_size=5),
    max_leaves=20,
)
# Bytes that look like lines: JSON-ish pieces, line ends, bad UTF-8, deep nesting.
pieces = st.sampled_from(
    [b"\n", b"\r\n", b"{", b"}", b"[", b"]", b'"type"', b":", b",", b'"play"', b"\xff", b"\xc3"]
)
# And the lines that took readers down before: nesting thousands deep, integers of
# thousands of digits, NaN, lone surrogates, control characters inside strings.
nasty = st.one_of(
    st.integers(0, 3000).map(lambda n: "[" * n + "]" * n),
    st.integers(0, 3000).map(lambda n: '{"type":"play","id":' + "[" * n),
    st.integers(4000, 6000).map(lambda n: '{"type":"play","id":' + "7" * n + "}"),
    st.sampled_from(["NaN", '{"type":"info","text":NaN}', '{"type":"x","id":-Infinity}']),
    st.sampled_from(['{"type":"info","text":"\\ud800"}', '{"\\udfff":1,"type":"x"}']),
    st.text(st.characters(max_codepoint=0x9F), max_size=8).map(lambda t: f'{{"type":"{t}"}}'),
)
line_bytes = st.lists(st.binary(max_size=40) | pieces | nasty.map(str.encode), max_size=60).map(
    b"".join
)
messages = st.dictionaries(
    st.sampled_from(["type", "id", "card", "protocol", "name", "text", "legal", "x"]),
    json_values,
    max_size=6,
)


def _lines(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False).encode("utf-8", "surrogatepass") + b"\n"


@pytest.mark.no_cover  # see CONTRIBUTING.md, Tests: run untraced
@MANY
@given(st.lists(line_bytes, max_size=8), st.integers(min_value=4, max_value=64))
def test_framing_yields_only_lines_and_frame_errors(chunks: list[bytes], limit: int) -> None:
    splitter = LineSplitter(limit)
    for chunk in chunks:
        for item in splitter.feed(chunk):
            assert isinstance(item, FrameError) or (
                isinstance(item, str) and "\n" not in item and len(item.encode()) <= limit
            )
        assert len(splitter.buffer) <= limit + 1  # never holds more than one line
    for item in splitter.eof():
        assert isinstance(item, str | FrameError)


@MANY
@given(st.text() | nasty | line_bytes.map(lambda b: b.decode("utf-8", "replace")))
def test_the_decoder_raises_only_protocol_errors(text: str) -> None:
    try:
        msg = decode(text)
    except ProtocolError as err:
        assert err.code in ("bad_json", "bad_message") and err.message
    else:
        assert isinstance(msg, dict) and isinstance(msg["type"], str)


@pytest.mark.no_cover  # see CONTRIBUTING.md, Tests: run untraced
@MANY
@given(json_values)
def test_any_json_value_decodes_or_is_refused(value: Any) -> None:
    try:
        msg = decode(json.dumps(value))
    except ProtocolError as err:
        assert err.code in ("bad_json", "bad_message")
        return
    for read in (
        lambda: read_hello(msg, 1),
        lambda: read_answer(msg, 1, ("AD", "3C", EXCHANGE)),  # type: ignore[arg-type]
    ):
        try:
            read()
        except ProtocolError as err:
            assert err.code in ("bad_message", "unknown_id", "illegal_move", "unsupported_protocol")


@pytest.mark.no_cover  # see CONTRIBUTING.md, Tests: run untraced
@MANY
@given(st.text(max_size=200) | nasty)
def test_jsonline_raises_only_its_own_error(text: str) -> None:
    try:
        loads(text)
    except JSONLineError as err:
        assert str(err)


@pytest.mark.no_cover  # see CONTRIBUTING.md, Tests: run untraced
@MANY
@given(json_values)
def test_a_written_line_is_what_json_dumps_writes_and_reads_back(value: Any) -> None:
    line = dumps(value)
    assert line == json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    assert "\n" not in line  # one line: a newline inside a string is escaped
    assert json.loads(line) == value


@FEW
@given(st.lists(line_bytes | messages.map(_lines), max_size=10))
def test_the_hosts_link_queues_only_messages_and_refusals(chunks: list[bytes]) -> None:
    link = Link("hostile")
    for chunk in chunks:
        link.feed(chunk)
    link.feed_eof()
    items = link.pending()
    assert items[-1] is None
    for item in items[:-1]:
        assert isinstance(item, ProtocolError) or (
            isinstance(item, dict) and isinstance(item["type"], str)
        )
    assert all(isinstance(t, str) and len(t) <= 1000 for t in link.infos)


def _start(players: int = 2) -> dict[str, Any]:
    return {"type": "match_start", "seat": 0, "players": players, "variant": "italian",
            "target": 1, "names": ["a"] * players, "teams": [[s] for s in range(players)],
            "move_ms": 100}  # fmt: skip


@pytest.mark.no_cover  # see CONTRIBUTING.md, Tests: run untraced
@FEW
@given(st.lists(line_bytes | messages.map(_lines), max_size=8), st.sampled_from([2, 3, 4]))
def test_the_bot_side_answers_any_input_without_an_exception(
    chunks: list[bytes], players: int
) -> None:
    head = _lines({"type": "hello", "id": 1, "protocol": 1}) + _lines(_start(players))
    turn = _lines({"type": "turn", "id": 9, "legal": ["AD"], "hand": ["AD"]})
    out = io.StringIO()
    assert serve(BotSide("greedy", seed=1), io.BytesIO(head + b"".join(chunks) + turn), out) == 0
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert answers[0]["type"] == "hello"
    assert all(isinstance(a, dict) and a["type"] in ("hello", "play", "exchange") for a in answers)


@pytest.mark.no_cover  # see CONTRIBUTING.md, Tests: run untraced
@FEW
@given(st.lists(json_values, min_size=1, max_size=6).map(lambda t: dict(enumerate(t))))
def test_the_bot_side_answers_a_turn_with_any_fields(damage: dict[int, Any]) -> None:
    turn: dict[str, Any] = {"type": "turn", "id": 3, "hand": ["AD", "3C", "KS"],
                            "legal": ["AD", "3C", "KS"], "trick": [], "trump": "7B",
                            "trump_suit": "B", "stock": 34, "points": [0, 0], "played": [],
                            "hand_sizes": [3, 3], "time_ms": 100}  # fmt: skip
    fields = sorted(turn)
    for i, value in damage.items():
        turn[fields[i % len(fields)]] = value
    side = BotSide("greedy", seed=1)
    side.handle(_start())
    try:
        answer = side.handle(turn)
    except ValueError:  # only for a turn whose type or id was damaged away
        return
    assert answer is None or answer["type"] in ("play", "exchange")


def _sample_lines() -> list[list[Any]]:
    return [[json.loads(x) for x in p.read_text().splitlines() if x.strip()] for p in SAMPLES]


RECORDS = _sample_lines()


@pytest.mark.no_cover  # see CONTRIBUTING.md, Tests: run untraced
@MANY
@given(st.lists(line_bytes, max_size=8))
def test_the_record_checker_refuses_garbage_with_a_record_error(lines: list[bytes]) -> None:
    try:
        verify_record(lines, on_line=Narrator(io.StringIO()).line)
    except RecordError as err:
        assert err.line >= 1 and err.message and "at at" not in err.message


@pytest.mark.no_cover  # see CONTRIBUTING.md, Tests: run untraced
@MANY
@given(
    st.sampled_from(range(len(RECORDS))),
    st.integers(min_value=0),
    st.sampled_from(["type", "seat", "card", "seed", "names", "table", "text", "round", "to",
                     "code", "message", "fatal", "policy", "deck", "winner", "points", "x"]),
    json_values,
)  # fmt: skip
def test_a_tampered_record_is_refused_or_told_without_an_exception(
    which: int, at: int, key: str, value: Any
) -> None:
    lines = [dict(line) for line in RECORDS[which]]
    lines[at % len(lines)][key] = value
    text = [json.dumps(line, ensure_ascii=False) for line in lines]
    out = io.StringIO()
    try:
        verify_record(text, on_line=Narrator(out).line)
    except RecordError as err:
        assert err.line >= 1 and err.message
    assert "\x1b" not in out.getvalue() and "\u202e" not in out.getvalue()
