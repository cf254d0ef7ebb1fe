"""Chunked request bodies as uploads and live audio send them (http_body.chunked_body; no server)."""

from __future__ import annotations

import io

import pytest

from scrivo_speech.http_body import BodyEndedEarly, MalformedBody, chunked_body


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
