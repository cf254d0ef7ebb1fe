"""Chunked request bodies as uploads and live audio send them (http_body.chunked_body), and the chunked answers the
worker streams (http_body.ChunkedAnswer); no server."""

from __future__ import annotations

import io
import json
from typing import Any, Dict, List

import pytest

from scrivo_speech.http_body import BodyEndedEarly, ChunkedAnswer, MalformedBody, chunked_body


def stream(data: bytes, buffer_size: int = 8192) -> io.BufferedReader:
    return io.BufferedReader(io.BytesIO(data), buffer_size=buffer_size)


def chunked(*pieces: bytes) -> bytes:
    return b"".join(b"%x\r\n%s\r\n" % (len(p), p) for p in pieces) + b"0\r\n\r\n"


def test_every_byte_of_the_body_comes_through_in_order():
    pieces = [bytes([i]) * (i * 37 + 1) for i in range(50)]
    got = b"".join(data for data, _end in chunked_body(stream(chunked(*pieces), buffer_size=64)))
    assert got == b"".join(pieces)


def test_the_end_of_each_of_the_sender_s_chunks_is_marked_even_when_it_arrives_in_pieces():
    body = stream(chunked(b"a" * 100, b"b" * 10), buffer_size=16)
    ends = [(len(data), end) for data, end in chunked_body(body)]
    assert sum(n for n, _ in ends) == 110
    assert [end for _, end in ends].count(True) == 2
    assert ends[-1][1] is True


def test_chunk_extensions_and_trailers_are_accepted():
    body = b"5;name=value\r\nhello\r\n0\r\nX-Checksum: 1\r\n\r\n"
    assert list(chunked_body(stream(body))) == [(b"hello", True)]


def test_the_next_request_on_the_connection_is_left_in_the_stream():
    following = b"POST /asr HTTP/1.1\r\nContent-Length: 0\r\n\r\n"
    rest = stream(chunked(b"audio") + following)
    assert list(chunked_body(rest)) == [(b"audio", True)]
    assert rest.read() == following


def test_a_malformed_chunk_is_refused_after_the_data_before_it():
    got = []
    with pytest.raises(MalformedBody):
        for data, _end in chunked_body(stream(b"2\r\nok\r\nzz\r\n")):
            got.append(data)
    assert got == [b"ok"]


@pytest.mark.parametrize("cut", [b"5\r\nhel", b"5\r\nhello\r\n", b"5\r\nhello\r\n0\r\n", b""])
def test_a_body_cut_off_before_its_last_chunk_ended_early(cut):
    with pytest.raises(BodyEndedEarly):
        list(chunked_body(stream(cut)))


def test_an_empty_body_is_one_zero_size_chunk():
    assert list(chunked_body(stream(b"0\r\n\r\n"))) == []


class Recorded:
    """A ``wfile`` that keeps each write and each flush apart."""

    def __init__(self) -> None:
        self.calls: List[Any] = []

    def write(self, data: bytes) -> int:
        self.calls.append(bytes(data))
        return len(data)

    def flush(self) -> None:
        self.calls.append("flush")


def framed_by_hand(event: Dict[str, Any]) -> bytes:
    """How server.py and live/route.py framed an event before h11 did (one write, then a flush)."""
    data = json.dumps(event, ensure_ascii=False).encode("utf-8") + b"\n"
    return b"%x\r\n%s\r\n" % (len(data), data)


EVENTS = [
    {"type": "info", "language": "en", "languageProbability": 0.98, "duration": 26.95},
    {"type": "progress", "progress": 0.3853, "segment": {"start": 0.0, "end": 10.38, "text": "Grüße, naïve café 日本語"}},
    {"type": "partial", "text": "", "start": 1.2},
    {"type": "result", "text": "x" * 70000, "segments": []},  # a size of five hex digits
    {"type": "error", "message": "Transcription failed: RuntimeError"},
]


def test_an_answer_is_written_byte_for_byte_as_the_hand_framing_wrote_it_each_chunk_flushed_at_once():
    out = Recorded()
    answer = ChunkedAnswer(out)
    for event in EVENTS:
        answer.send_json(event)
    answer.end()
    expected: List[Any] = []
    for event in EVENTS:
        expected += [framed_by_hand(event), "flush"]
    expected += [b"0\r\n\r\n", "flush"]
    assert out.calls == expected


def test_an_answer_reads_back_as_its_events():
    out = Recorded()
    answer = ChunkedAnswer(out)
    for event in EVENTS:
        answer.send_json(event)
    answer.end()
    wire = b"".join(c for c in out.calls if isinstance(c, bytes))
    lines = b"".join(data for data, _end in chunked_body(stream(wire))).decode("utf-8").splitlines()
    assert [json.loads(line) for line in lines] == EVENTS
