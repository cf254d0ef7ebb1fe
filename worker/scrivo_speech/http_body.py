"""Chunked bodies (``Transfer-Encoding: chunked``) both ways, framed by h11: the request bodies of uploads and live
audio are read here, and the streamed answers (``/transcribe``'s and ``/live``'s NDJSON) written here.

The server is the standard library's ``http.server``: one thread per request, which carries what the worker needs
(a transcription streams its events from the request's own thread, notices a client that went away by a peek at
its socket, and ``/live`` reads audio while it writes text). ``http.server`` reads the request head and writes the
response head, but leaves both bodies to the handler, and chunked framing (sizes in hex, extensions, trailers, a
truncated body, the last chunk) is easy to get wrong by hand. h11 (pinned in requirements.txt) does it: it is given
the head ``http.server`` has already read or written, then the body's bytes.

No byte past the request body's end is taken from the stream: the connection's next request is left where it is.
"""

from __future__ import annotations

import io
import json
from typing import Any, Dict, Iterator, List, Optional, Protocol, Tuple

import h11

# http.server has read the real head; h11 only needs one that announces a chunked body.
_HEAD = b"POST / HTTP/1.1\r\nHost: scrivo-speech\r\nTransfer-Encoding: chunked\r\n\r\n"
# For an answer, h11 needs a request to answer: one over HTTP/1.1 (so a chunked answer is allowed), without a body.
_ANSWERED = b"GET / HTTP/1.1\r\nHost: scrivo-speech\r\n\r\n"


class Buffered(Protocol):
    """A buffered byte stream (the request's ``rfile``): bytes can be looked at before they are taken."""

    def peek(self, size: int = ..., /) -> bytes: ...

    def read(self, size: Optional[int] = ..., /) -> bytes: ...


class Writable(Protocol):
    """A buffered byte stream written to (the request's ``wfile``)."""

    def write(self, data: bytes, /) -> Any: ...

    def flush(self) -> Any: ...


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


class ChunkedAnswer:
    """The body of a chunked answer whose head ``http.server`` has written (``Transfer-Encoding: chunked``): each
    :meth:`send` is one chunk on the wire at once (live captions and progress must not wait in a buffer), and
    :meth:`end` the last, empty chunk."""

    def __init__(self, out: Writable):
        self._out = out
        self._connection = h11.Connection(h11.SERVER)
        self._connection.receive_data(_ANSWERED)
        self._connection.next_event()  # the Request
        # What h11 would write as the head is dropped: http.server has written the real one.
        self._connection.send(h11.Response(status_code=200, headers=[("Transfer-Encoding", "chunked")]))

    def send(self, data: bytes) -> None:
        """One chunk (h11 writes nothing for empty data, which would otherwise read as the last chunk)."""
        self._write(self._connection.send(h11.Data(data=data)))

    def send_json(self, event: Dict[str, Any]) -> None:
        """One NDJSON line as one chunk."""
        self.send(json.dumps(event, ensure_ascii=False).encode("utf-8") + b"\n")

    def end(self) -> None:
        self._write(self._connection.send(h11.EndOfMessage()))

    def _write(self, framed: Optional[bytes]) -> None:
        if framed:
            self._out.write(framed)
        self._out.flush()
