"""Chunked request bodies (``Transfer-Encoding: chunked``), read with h11.

The server is the standard library's ``http.server``: one thread per request, which carries what the worker needs
(a transcription streams its events from the request's own thread, notices a client that went away by a peek at
its socket, and ``/live`` reads audio while it writes text). ``http.server`` reads the request head but leaves the
body to the handler, and a chunked body's framing (sizes in hex, extensions, trailers, a truncated body) is easy to
get wrong by hand. h11 (already installed with huggingface-hub's HTTP client) parses it here: it is given the head
``http.server`` has already read, then the body's bytes as they arrive.

No byte past the body's end is taken from the stream: the connection's next request is left where it is.
"""

from __future__ import annotations

import io
from typing import Iterator, List, Optional, Protocol, Tuple

import h11

# http.server has read the real head; h11 only needs one that announces a chunked body.
_HEAD = b"POST / HTTP/1.1\r\nHost: scrivo-speech\r\nTransfer-Encoding: chunked\r\n\r\n"


class Buffered(Protocol):
    """A buffered byte stream (the request's ``rfile``): bytes can be looked at before they are taken."""

    def peek(self, size: int = ..., /) -> bytes: ...

    def read(self, size: Optional[int] = ..., /) -> bytes: ...


class MalformedBody(ValueError):
    """The body's chunked framing is broken (a size that is not hex, a chunk without its line end...)."""


class BodyEndedEarly(ValueError):
    """The connection closed before the body's last (zero-size) chunk."""


def chunked_body(stream: Buffered) -> Iterator[Tuple[bytes, bool]]:
    """The body's data as ``(bytes, chunk_end)``, each piece as soon as it has arrived; ``chunk_end`` is true on the
    last piece of each of the sender's chunks (live audio keeps the sender's chunks whole: a piece may end inside a
    sample). Ends after the last chunk; raises :class:`MalformedBody` or :class:`BodyEndedEarly` after the data
    that came before the fault."""
    connection = h11.Connection(h11.SERVER)
    connection.receive_data(_HEAD)
    connection.next_event()  # the Request
    while True:
        arrived = stream.peek(io.DEFAULT_BUFFER_SIZE)  # waits for at least one byte, or the end of the stream
        connection.receive_data(bytes(arrived) if arrived else b"")
        data: List[Tuple[bytes, bool]] = []
        fault: Optional[Exception] = None
        finished = False
        try:
            while True:
                event = connection.next_event()
                if isinstance(event, h11.Data):
                    data.append((bytes(event.data), event.chunk_end))
                elif isinstance(event, h11.EndOfMessage):
                    finished = True
                    break
                else:  # NEED_DATA
                    break
        except h11.RemoteProtocolError as exc:
            fault = BodyEndedEarly("Request body ended early") if not arrived else MalformedBody(str(exc))
        # Take what h11 used off the stream; what follows the body stays for the next request.
        stream.read(len(arrived) - (len(connection.trailing_data[0]) if finished else 0))
        yield from data
        if fault is not None:
            raise fault
        if finished:
            return
        if not arrived:  # h11 answers a closed stream mid-body with an error, but never rely on it alone
            raise BodyEndedEarly("Request body ended early")
