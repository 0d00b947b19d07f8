"""When a Link's lines go out: together, once per step, before the step waits."""

from __future__ import annotations

import asyncio
import contextlib
import json

from briscola.protocol.link import Link, before_lines, flush_due


class _Recorder(Link):
    """A link without a flush wait (as TCP) that keeps each write it makes."""

    flush_s = 0.0

    def __init__(self, label: str) -> None:
        super().__init__(label)
        self.writes: list[bytes] = []
        self.in_step: list[bool] = []  # was each write made by a task's step itself?

    def _write(self, data: bytes) -> None:
        self.writes.append(data)
        self.in_step.append(asyncio.current_task() is not None)


async def test_the_lines_of_one_step_go_out_in_one_write_per_link() -> None:
    a, b = _Recorder("a"), _Recorder("b")
    a.send({"type": "played", "seat": 0, "card": "AD"})
    b.send({"type": "played", "seat": 0, "card": "AD"})
    a.send({"type": "turn", "id": 1}, now=True)  # "now" too waits for the step's end
    assert a.writes == [] and b.writes == []
    await asyncio.sleep(0)  # the end of this turn of the loop
    assert len(a.writes) == 1 and a.writes[0].count(b"\n") == 2
    assert len(b.writes) == 1 and b.in_step == [False]  # by the loop, at the turn's end
    await asyncio.sleep(0)
    assert len(a.writes) == 1  # nothing twice


async def test_a_step_that_waits_writes_first() -> None:
    a, b = _Recorder("a"), _Recorder("b")
    b.send({"type": "played", "seat": 1, "card": "3C"})
    a.send({"type": "turn", "id": 7})
    with contextlib.suppress(TimeoutError):
        await a.receive(0.01)  # the table waits for a's answer: b's news is out already
    assert len(b.writes) == 1 and len(a.writes) == 1
    assert b.in_step == [True] and a.in_step == [True]  # in the step, not a turn later


async def test_flush_due_with_nothing_queued_does_nothing() -> None:
    flush_due()
    a = _Recorder("a")
    a.flush()
    assert a.writes == []


def test_a_loop_that_ends_before_its_turn_leaves_nothing_behind() -> None:
    a = _Recorder("a")

    async def queue_only() -> None:
        a.send({"type": "played", "seat": 0, "card": "AD"})

    first = asyncio.new_event_loop()
    first.run_until_complete(queue_only())  # the call_soon may or may not have run
    first.close()

    async def next_loop() -> list[bytes]:
        b = _Recorder("b")
        b.send({"type": "played", "seat": 1, "card": "2C"})
        await asyncio.sleep(0)
        return b.writes

    second = asyncio.new_event_loop()
    try:
        assert len(second.run_until_complete(next_loop())) == 1
    finally:
        second.close()


async def test_what_comes_before_lines_runs_once_before_the_first_write() -> None:
    """The server's table file: asked for at each change, written once, before any line
    of the step goes out (write before you tell), or at the turn's end with no line."""
    a = _Recorder("a")
    order: list[str] = []

    def save() -> None:
        order.append(f"save after {len(a.writes)} writes")

    for _ in range(3):
        before_lines(save)
    a.send({"type": "joined", "id": 2})
    a.flush()
    assert order == ["save after 0 writes"] and len(a.writes) == 1
    before_lines(save)
    await asyncio.sleep(0)  # no line: at the end of this turn of the loop
    assert order == ["save after 0 writes", "save after 1 writes"]
    await asyncio.sleep(0)
    assert len(order) == 2


async def test_a_failing_write_before_lines_stops_neither_the_others_nor_the_lines() -> None:
    a = _Recorder("a")
    done: list[str] = []

    def broken() -> None:
        raise RuntimeError("a bug")

    before_lines(broken)
    before_lines(lambda: done.append("saved"))
    a.send({"type": "joined", "id": 2})
    a.flush()
    assert done == ["saved"] and len(a.writes) == 1


async def test_lines_between_requests_are_refused_at_once_and_never_queued() -> None:
    """A seat's lines are judged as they arrive: between two requests (none pending)
    a line that cannot be read, an answer to an id never sent and one to nothing
    pending each get their ``error`` now, are kept as faults, and leave nothing
    for the next request to read (else a peer could pile lines up in the host)."""
    from briscola.protocol.host import RemoteSeat

    link = _Recorder("bot")
    seat = RemoteSeat("bot", link)
    link.feed(b"{not json\n")
    link.feed(b'{"type": "play", "id": 9, "card": "AD"}\n')
    link.feed(b'{"type": "play", "id": 0, "card": "AD"}\n')
    await asyncio.sleep(0)  # the replies go out at the end of the loop's turn
    assert link.pending() == []
    sent = [json.loads(line) for data in link.writes for line in data.splitlines()]
    assert [(m["type"], m["code"]) for m in sent] == [
        ("error", "bad_json"),
        ("error", "unknown_id"),
        ("error", "unknown_id"),
    ]
    assert "never sent; none is pending" in sent[1]["message"]
    assert [code for code, _ in seat.seen] == ["bad_json", "unknown_id", "unknown_id"]
    assert all("before any request" in kept for _, kept in seat.seen)
