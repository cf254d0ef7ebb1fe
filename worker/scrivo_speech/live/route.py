"""``POST /live``: one live session per request, both directions streaming.

The request body is chunked s16le mono 16 kHz PCM, sent as the audio arrives; the response is
NDJSON, written as soon as there is something to say:

* ``{"type": "ready", "engine", "language"}`` first (``engine`` is null while detecting);
* ``partial`` / ``final`` / ``language`` events (see :mod:`.recognizer`, :mod:`.session`);
* ``{"type": "progress", "processed"}`` after each chunk: seconds of audio recognised so far, so
  the caller sees when the worker falls behind the audio it sent;
* ``{"type": "end", "processed"}`` once the body has ended and everything is settled.

Query: ``language`` (code or ``auto``), ``engine`` (``vosk`` | ``whisper``, optional), checked by
:func:`..request_schemas.parse_live_options`.
"""

from __future__ import annotations

import queue
import socket
import threading
import time
from http import HTTPStatus
from typing import Any, Dict, Iterator, List, Optional

from ..engine import Engine, load_model
from ..http_body import BodyEndedEarly, Buffered, ChunkedAnswer, chunked_body
from ..request_schemas import LiveOptions
from . import whisper_engine
from .session import LiveSession

def body_chunks(rfile: Buffered) -> Iterator[bytes]:
    """The chunks of a chunked request body, each whole (as the sender cut its audio) as soon as it has arrived."""
    piece = bytearray()
    try:
        for data, chunk_end in chunked_body(rfile):
            piece += data
            if chunk_end:
                yield bytes(piece)
                piece.clear()
    except BodyEndedEarly:
        if piece:
            yield bytes(piece)
        return  # the caller hung up: the session ends with what was heard


def arrived_audio(rfile: Buffered) -> Iterator[bytes]:
    """The body's audio, each time as one piece with everything that arrived since the last one.

    A reader thread takes the chunks off the socket as they come. When recognition is slower than the
    audio (a Whisper decode takes seconds; several sessions share the cores), the chunks that came in
    meanwhile are recognised together, once, rather than one decode per chunk, which would make the
    delay grow without end.
    """
    arrived: "queue.Queue[Optional[bytes]]" = queue.Queue()
    failed: List[BaseException] = []

    def read() -> None:
        try:
            for chunk in body_chunks(rfile):
                arrived.put(chunk)
        except (OSError, ValueError) as exc:
            failed.append(exc)  # raised below, after the audio that came before it
        finally:
            arrived.put(None)

    threading.Thread(target=read, name="live-body", daemon=True).start()
    ended = False
    while not ended:
        pieces = [arrived.get()]
        while pieces[-1] is not None and not arrived.empty():
            pieces.append(arrived.get_nowait())
        ended = pieces[-1] is None
        audio = b"".join(p for p in pieces if p is not None)
        if audio:
            yield audio
    if failed:
        raise failed[0]


def run_live(handler: Any, model_path: Any, threads: int, options: LiveOptions) -> Dict[str, Any]:
    """Serves one session on ``handler`` (a BaseHTTPRequestHandler); returns fields for the log."""

    def whisper() -> Engine:
        return load_model(whisper_engine.model_spec(model_path, threads))

    session = LiveSession(options["language"], whisper, engine=options["engine"])
    handler.send_response(HTTPStatus.OK)
    handler.send_header("Content-Type", "application/x-ndjson; charset=utf-8")
    handler.send_header("Cache-Control", "no-cache")
    handler.send_header("Transfer-Encoding", "chunked")
    handler.end_headers()
    # Events are small writes: without this, Nagle holds each one until the previous is acknowledged.
    handler.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    answer = ChunkedAnswer(handler.wfile)
    send = answer.send_json

    recognizer = session.recognizer
    send({"type": "ready", "engine": recognizer.engine if recognizer else None, "language": options["language"]})
    busy = 0.0
    for chunk in arrived_audio(handler.rfile):
        started = time.monotonic()
        for event in session.accept(chunk):
            send(event)
        busy += time.monotonic() - started
        send({"type": "progress", "processed": round(session.processed_seconds, 3)})
    for event in session.finish():
        send(event)
    send({"type": "end", "processed": round(session.processed_seconds, 3)})
    answer.end()
    return {
        "audioSeconds": round(session.processed_seconds, 3),
        "engine": session.recognizer.engine if session.recognizer else None,
        "busySeconds": round(busy, 3),
    }
