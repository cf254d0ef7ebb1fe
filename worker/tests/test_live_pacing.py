"""How the live route keeps up: audio that queued during a slow step is recognised at once, and a
short-window Whisper decode that loops is cut. No model needed."""

from __future__ import annotations

import io
import threading

import pytest

from scrivo_speech.live.route import arrived_audio
from scrivo_speech.live.short_window import cut_repetition


def chunked(*pieces: bytes) -> bytes:
    return b"".join(b"%x\r\n%s\r\n" % (len(p), p) for p in pieces) + b"0\r\n\r\n"


class SlowBody(io.RawIOBase):
    """A request body whose bytes arrive only when the test releases them."""

    def __init__(self) -> None:
        self._data = bytearray()
        self._more = threading.Condition()
        self._ended = False

    def feed(self, data: bytes, end: bool = False) -> None:
        with self._more:
            self._data += data
            self._ended = end
            self._more.notify_all()

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:  # type: ignore[no-untyped-def]
        with self._more:
            while not self._data and not self._ended:
                self._more.wait()
            n = min(len(buffer), len(self._data))
            buffer[:n] = self._data[:n]
            del self._data[:n]
            return n


def test_audio_that_arrived_during_a_slow_step_comes_as_one_piece():
    body = SlowBody()
    reader = io.BufferedReader(body, buffer_size=16)
    pieces = arrived_audio(reader)
    body.feed(b"1\r\na\r\n")
    assert next(pieces) == b"a"
    # While the caller was busy with "a", three more chunks came in: one piece, in order.
    body.feed(b"1\r\nb\r\n1\r\nc\r\n1\r\nd\r\n")
    threading.Event().wait(0.2)
    assert next(pieces) == b"bcd"
    body.feed(b"0\r\n\r\n", end=True)
    assert list(pieces) == []


def test_every_byte_comes_through_in_order_and_a_malformed_chunk_ends_the_stream_after_it():
    data = [bytes([i]) * 100 for i in range(20)]
    assert b"".join(arrived_audio(io.BufferedReader(io.BytesIO(chunked(*data))))) == b"".join(data)
    got = []
    with pytest.raises(ValueError):
        for piece in arrived_audio(io.BufferedReader(io.BytesIO(b"2\r\nok\r\nzz\r\n"))):
            got.append(piece)
    assert got == [b"ok"]


def test_a_decode_that_starts_repeating_itself_is_cut_where_the_loop_begins():
    sentence = [11, 12, 13, 14, 15, 16]
    assert cut_repetition(sentence + sentence + sentence[:3]) == sentence
    assert cut_repetition(sentence) == sentence
    # A word said twice is not a loop; four tokens again are.
    assert cut_repetition([1, 2, 1, 3, 4]) == [1, 2, 1, 3, 4]
    assert cut_repetition([5, 1, 2, 3, 4, 9, 1, 2, 3, 4]) == [5, 1, 2, 3, 4, 9]
