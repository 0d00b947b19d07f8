"""Framing and messages of the protocol: lines from bytes, messages from lines, error codes."""

from __future__ import annotations

import json

import pytest

from briscola.engine.cards import Card
from briscola.engine.game import EXCHANGE, Round
from briscola.engine.observation import observe
from briscola.engine.rules import TableRules
from briscola.protocol.framing import MAX_LINE, FrameError, LineSplitter
from briscola.protocol.messages import (
    ERROR_CODES,
    ProtocolError,
    decode,
    encode,
    error,
    hello,
    read_answer,
    read_hello,
    turn_message,
)


def test_lines_split_across_chunks_with_crlf_and_empty_lines() -> None:
    s = LineSplitter()
    assert s.feed(b'{"a":1}\r\n\n  \r\n{"b"') == ['{"a":1}']
    assert s.feed(b":2}\n") == ['{"b":2}']
    assert s.feed(b'{"c":3}') == []
    assert s.eof() == ['{"c":3}']
    assert s.eof() == []


def test_a_line_may_be_exactly_64_kib_but_not_one_byte_more() -> None:
    s = LineSplitter()
    ok = b"x" * MAX_LINE
    assert s.feed(ok + b"\r\n") == [ok.decode()]
    out = s.feed(b"y" * (MAX_LINE + 1) + b"\n" + b"after\n")
    assert isinstance(out[0], FrameError) and out[0].code == "line_too_long"
    assert "65537 bytes" in out[0].message
    assert out[1:] == ["after"]


def test_an_endless_line_is_refused_once_and_skipped_to_its_end() -> None:
    s = LineSplitter(limit=10)
    first = s.feed(b"z" * 25)
    assert [i.code for i in first if isinstance(i, FrameError)] == ["line_too_long"]
    assert "longer than 10 bytes" in first[0].message  # type: ignore[union-attr]
    assert s.feed(b"z" * 100) == []  # still the same line: nothing new
    assert s.feed(b"zz\nnext\n") == ["next"]
    s.feed(b"z" * 30)
    assert s.eof() == []


def test_invalid_utf8_is_bad_json_and_names_the_byte() -> None:
    (item,) = LineSplitter().feed(b'{"card":"\xff"}\n')
    assert isinstance(item, FrameError) and item.code == "bad_json"
    assert "0xff" in item.message and "offset 9" in item.message


@pytest.mark.parametrize(
    ("line", "code", "words"),
    [
        ("hello there", "bad_json", "not JSON"),
        ("[1, 2]", "bad_json", "JSON object"),
        ('{"id": 3}', "bad_message", "'type'"),
        ('{"type": 7}', "bad_message", "'type'"),
    ],
)
def test_decode_refuses_what_is_not_a_message(line: str, code: str, words: str) -> None:
    with pytest.raises(ProtocolError) as err:
        decode(line)
    assert err.value.code == code and words in err.value.message
    assert err.value.code in ERROR_CODES


def test_encode_is_one_compact_utf8_line() -> None:
    data = encode({"type": "info", "text": "perché"})
    assert data.endswith(b"\n") and data.count(b"\n") == 1
    assert decode(data.decode()) == {"type": "info", "text": "perché"}
    assert error("bad_json", "no", 4) == {
        "type": "error",
        "code": "bad_json",
        "message": "no",
        "id": 4,
    }
    assert "id" not in error("unknown_type", "no")
    assert hello(1, "briscola 0.1.0")["protocol"] == 1


def test_read_hello() -> None:
    ok = read_hello({"type": "hello", "id": 1, "protocol": 1, "name": " me ", "version": 2}, 1)
    assert (ok.name, ok.version, ok.author) == ("me", "2", None)
    cases = [
        ({"type": "play", "id": 1}, "bad_message"),
        ({"type": "hello", "id": 2, "protocol": 1, "name": "x"}, "unknown_id"),
        ({"type": "hello", "id": True, "protocol": 1, "name": "x"}, "bad_message"),
        ({"type": "hello", "id": 1, "protocol": 2, "name": "x"}, "unsupported_protocol"),
        ({"type": "hello", "id": 1, "protocol": True, "name": "x"}, "unsupported_protocol"),
        ({"type": "hello", "id": 1, "protocol": 1, "name": ""}, "bad_message"),
    ]
    for msg, code in cases:
        with pytest.raises(ProtocolError) as err:
            read_hello(msg, 1)
        assert err.value.code == code, msg


def test_read_answer() -> None:
    ad, tc = Card.parse("AD"), Card.parse("3C")
    legal = (ad, tc, EXCHANGE)
    assert read_answer({"type": "play", "id": 5, "card": "AD"}, 5, legal) == ad
    assert read_answer({"type": "exchange", "id": 5}, 5, legal) == EXCHANGE
    cases = [
        ({"type": "play", "id": 4, "card": "AD"}, "unknown_id", "pending request is id 5"),
        ({"type": "play", "id": "5", "card": "AD"}, "bad_message", "integer 'id'"),
        ({"type": "play", "id": 5}, "bad_message", "'card'"),
        ({"type": "play", "id": 5, "card": "ZZ"}, "bad_message", "'card'"),
        ({"type": "play", "id": 5, "card": "KS"}, "illegal_move", "KS may not be played"),
    ]
    for msg, code, words in cases:
        with pytest.raises(ProtocolError) as err:
            read_answer(msg, 5, legal)
        assert err.value.code == code and words in err.value.message, msg
        assert "AD 3C exchange" in err.value.message or "id" in words
    with pytest.raises(ProtocolError, match="exchange is not allowed"):
        read_answer({"type": "exchange", "id": 5}, 5, (ad,))


def test_turn_message_has_every_must_field_and_the_extras() -> None:
    rules = TableRules(players=3, variant="brisca")
    r = Round(rules, list(rules.deck), dealer=0)
    msg = turn_message(observe(r, r.to_move), 9, 1234)
    must = "id hand legal trick trump trump_suit stock points played hand_sizes time_ms"
    extras = "seat round leader dealer rounds_won known exchanges trump_taken"
    for key in (must + " " + extras).split():
        assert key in msg, key
    assert msg["type"] == "turn" and msg["id"] == 9 and msg["time_ms"] == 1234
    assert msg["trump_taken"] is None and msg["dealer"] == 0
    json.dumps(msg)  # plain JSON all the way down
