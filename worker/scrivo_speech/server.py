"""HTTP server of the speech worker: ``python -m scrivo_speech.server``.

Endpoints (see README.md for the shapes):

* ``GET /health``       model status;
* ``POST /asr``         raw audio in, one JSON transcript out (Hugging Face Inference API
  automatic-speech-recognition protocol; options in the URL query);
* ``POST /transcribe``  same input, NDJSON stream of ``info``, ``progress``..., ``result``; both take remembered
  people's voice prints in an ``X-Voice-Prints`` header (with ``diarize=1``: anchors of the speaker clustering);
* ``POST /live``        live captions: chunked PCM in, NDJSON partial/final text out (see live/route.py);
* ``POST /speakers/cluster``  the voice prints of every piece of one file (``speaker_profiles=1``) in, one
  file-wide label per piece's label out (issue 29);
* ``POST /speakers/print``  audio and the spans one person speaks in (``?spans=1.5-4.2,7-9.75``) in, that person's
  voice print out (remembered voices, issue 40);
* ``POST /speakers/name``   one recording's voice prints (``speaker_profiles=1``) and remembered voices in, the
  remembered voice each label is out.

The model is loaded once, in the background; transcriptions run one at a time (others wait in a
bounded queue) so memory stays bounded.
"""

from __future__ import annotations

import hmac
import io
import json
import os
import signal
import select
import socket
import sys
import tempfile
import threading
import time
import traceback
from datetime import datetime, timezone
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, BinaryIO, Callable, Dict, List, Optional, Tuple
from urllib.parse import urlsplit

from . import __version__, metrics
from . import speakers as speakers_mod
from . import voices as voices_mod
from .live import vosk_engine
from .audio import AudioDecodeError, probe, read_spans
from .config import Settings, lower_priority
from .http_body import BodyEndedEarly, ChunkedAnswer, MalformedBody, chunked_body
from .memory import limit_arenas, release_freed_memory
from .models import ModelNotAvailable, ResolvedModel, resolve_model
from .request_schemas import (
    HttpError,
    TranscribeOptions,
    json_body,
    parse_live_options,
    parse_options,
    parse_print_options,
    parse_voice_prints,
    read_naming,
    read_pieces,
)
from .transcriber import Cancelled, Transcriber

COPY_CHUNK = 1024 * 1024
# A refused request's body is read and dropped up to this size, so its sender hears why (see _drain_unread_body).
DRAIN_LIMIT = 16 * 1024 * 1024


def log_json(**fields: Any) -> None:
    fields = {"time": datetime.now(timezone.utc).isoformat(timespec="milliseconds"), **fields}
    sys.stderr.write(json.dumps(fields, ensure_ascii=False, default=str) + "\n")
    sys.stderr.flush()


class SpeechService:
    """State shared by all request threads: the model and the transcription queue."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.status = "loading"
        self.error: Optional[str] = None
        self.resolved: Optional[ResolvedModel] = None
        self.transcriber: Optional[Transcriber] = None
        self.ready = threading.Event()
        self._queue_lock = threading.Lock()
        self.waiting = 0
        self.started = time.monotonic()
        self.engines = engine_status()

    def load(self) -> bool:
        started = time.monotonic()
        try:
            self.resolved = resolve_model(self.settings.model, self.settings.data_dir)
            self.transcriber = Transcriber(
                self.resolved.path, threads=self.settings.threads, compute_type=self.settings.compute_type
            )
        except ModelNotAvailable as exc:
            self.status, self.error = "error", str(exc)
        except Exception as exc:  # noqa: BLE001 - reported, then the process exits
            self.status, self.error = "error", f"{type(exc).__name__}: {exc}"
            traceback.print_exc(file=sys.stderr)
        else:
            self.status = "ok"
            log_json(
                event="model_loaded",
                model=self.settings.model,
                modelPath=str(self.resolved.path),
                source=self.resolved.source,
                computeType=self.settings.compute_type,
                threads=self.settings.threads,
                seconds=round(time.monotonic() - started, 2),
            )
        self.ready.set()
        if self.error:
            log_json(event="model_error", error=self.error)
        return self.error is None

    def health(self) -> Dict[str, Any]:
        body: Dict[str, Any] = {
            "status": self.status,
            "model": self.settings.model,
            "modelPath": str(self.resolved.path) if self.resolved and self.status == "ok" else None,
            "computeType": self.settings.compute_type,
            "threads": self.settings.threads,
            "queue": self.waiting,
            "version": __version__,
            **self.engines,
            # What recognition left out (dropped.<reason>) and decoded twice (secondDecode.*) since the start.
            "recognition": metrics.snapshot(),
        }
        if self.error:
            body["error"] = self.error
        return body

    # The queue: one transcription at a time, at most max_queue waiting.
    def enter_queue(self) -> None:
        with self._queue_lock:
            if self.waiting >= self.settings.max_queue + 1:
                raise HttpError(
                    HTTPStatus.SERVICE_UNAVAILABLE,
                    "Too many queued transcriptions, retry later",
                    {"Retry-After": "10"},
                )
            self.waiting += 1

    def leave_queue(self) -> None:
        with self._queue_lock:
            self.waiting -= 1


def engine_status() -> Dict[str, Any]:
    """The diarizer and live engines this worker runs, each with the reason when it runs degraded."""
    english_live = (
        {"name": "vosk", "degraded": None}
        if vosk_engine.available()
        else {"name": "whisper", "degraded": f"the Vosk English model is missing ({vosk_engine.model_dir()}): English live captions use Whisper, slower"}
    )
    return {
        "diarizer": speakers_mod.diarizer_status(),
        "live": {"english": english_live, "otherLanguages": {"name": "whisper", "degraded": None}},
    }


def log_degraded_engines(engines: Dict[str, Any]) -> None:
    for part, status in (("diarizer", engines["diarizer"]), ("english live captions", engines["live"]["english"])):
        if status["degraded"]:
            log_json(level="warn", event="engine_degraded", part=part, engine=status["name"], reason=status["degraded"])


def _log_options(options: TranscribeOptions) -> Dict[str, Any]:
    return {
        "requestedLanguage": options["language"],
        "task": options["task"],
        "vad": options["vad"],
        "diarize": options["diarize"],
        "speakerBounds": list(options["speaker_bounds"]) if options["speaker_bounds"] else None,
        "speakerProfiles": options["speaker_profiles"],
        "voicePrints": len(options["voice_prints"]),
    }


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = f"scrivo-speech/{__version__}"
    service: SpeechService  # set on the class by make_server

    # -- plumbing ---------------------------------------------------------------------------

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib signature
        log_json(event="http", client=self.client_address[0], message=format % args)

    def log_request(self, code: Any = "-", size: Any = "-") -> None:
        pass  # one line per request is written by _log() instead

    def _log(self, status: int, **extra: Any) -> None:
        log_json(
            event="request",
            method=self.command,
            path=self.path,
            status=status,
            ms=round((time.monotonic() - self._started) * 1000),
            client=self.client_address[0],
            **extra,
        )

    def send_response(self, code: int, message: Optional[str] = None) -> None:
        self._responded = True
        super().send_response(code, message)

    def _send_json(self, status: int, body: Dict[str, Any], headers: Optional[Dict[str, str]] = None) -> None:
        data = json.dumps(body, ensure_ascii=False).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def _error(self, status: int, message: str, headers: Optional[Dict[str, str]] = None, **log: Any) -> None:
        self._send_json(status, {"error": message}, headers)
        self._log(status, error=message, **log)

    def _read_body(self) -> Tuple[BinaryIO, int]:
        """Spool the request body to an anonymous temporary file (no name on disk, so nothing is
        left behind even if the process is killed); returns (file, size)."""
        limit = self.service.settings.max_body_bytes
        out = tempfile.TemporaryFile(prefix="scrivo-speech-")
        size = 0
        try:
            if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
                try:
                    for data, _chunk_end in chunked_body(self._buffered_body()):
                        size += len(data)
                        if size > limit:
                            raise HttpError(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"Audio larger than {limit} bytes")
                        out.write(data)
                except MalformedBody:
                    raise HttpError(HTTPStatus.BAD_REQUEST, "Malformed chunked body") from None
                except BodyEndedEarly:
                    raise HttpError(HTTPStatus.BAD_REQUEST, "Request body ended early") from None
            else:
                try:
                    size = int(self.headers.get("Content-Length") or 0)
                except ValueError:
                    raise HttpError(HTTPStatus.BAD_REQUEST, "Bad Content-Length") from None
                if size > limit:
                    raise HttpError(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"Audio larger than {limit} bytes")
                self._copy(out, size)
            out.flush()
        except BaseException:
            out.close()
            raise
        return out, size

    def _buffered_body(self) -> io.BufferedReader:
        # StreamRequestHandler reads the socket through a BufferedReader (rbufsize -1): chunked_body peeks into it.
        assert isinstance(self.rfile, io.BufferedReader), "the request is read buffered"
        return self.rfile

    def _copy(self, out: Any, length: int) -> None:
        remaining = length
        while remaining > 0:
            chunk = self.rfile.read(min(COPY_CHUNK, remaining))
            if not chunk:
                raise HttpError(HTTPStatus.BAD_REQUEST, "Request body ended early")
            out.write(chunk)
            remaining -= len(chunk)

    def _check_auth(self) -> None:
        token = self.service.settings.token
        if not token:
            return
        header = self.headers.get("Authorization", "")
        scheme, _, value = header.partition(" ")
        if scheme.lower() != "bearer" or not hmac.compare_digest(value.strip().encode(), token.encode()):
            raise HttpError(HTTPStatus.UNAUTHORIZED, "Unauthorized", {"WWW-Authenticate": "Bearer"})

    def _wait_for_model(self) -> Transcriber:
        service = self.service
        if not service.ready.is_set():
            wait = self.headers.get("X-Wait-For-Model", "").lower() in ("1", "true")
            if not wait or not service.ready.wait(timeout=600):
                raise HttpError(
                    HTTPStatus.SERVICE_UNAVAILABLE,
                    "Model is loading",
                    {"Retry-After": "5"},
                )
        if service.transcriber is None:
            raise HttpError(HTTPStatus.SERVICE_UNAVAILABLE, f"Model failed to load: {service.error}")
        return service.transcriber

    # -- routes -----------------------------------------------------------------------------

    def do_GET(self) -> None:  # noqa: N802 - stdlib naming
        self._started = time.monotonic()
        self._responded = False
        route = urlsplit(self.path).path.rstrip("/") or "/"
        if route == "/health":
            body = self.service.health()
            status = HTTPStatus.SERVICE_UNAVAILABLE if body["status"] == "error" else HTTPStatus.OK
            self._send_json(status, body)
            self._log(status)
        elif route in ("/asr", "/transcribe", "/live", "/speakers/cluster", "/speakers/print", "/speakers/name"):
            self._error(HTTPStatus.METHOD_NOT_ALLOWED, "Use POST with the audio as the body", {"Allow": "POST"})
        else:
            self._error(HTTPStatus.NOT_FOUND, "Not found")

    do_HEAD = do_GET

    def do_POST(self) -> None:  # noqa: N802
        try:
            self._post()
        finally:
            # What the request's audio and model work freed goes back to the system (memory.py).
            release_freed_memory()

    def _post(self) -> None:
        self._started = time.monotonic()
        self._responded = False
        url = urlsplit(self.path)
        route = url.path.rstrip("/")
        if route == "/live":
            self._live(url.query)
            return
        if route == "/speakers/cluster":
            self._cluster_speakers()
            return
        if route == "/speakers/name":
            self._name_speakers()
            return
        if route not in ("/asr", "/transcribe", "/speakers/print"):
            self.close_connection = True
            self._error(HTTPStatus.NOT_FOUND, "Not found")
            return
        body: Optional[BinaryIO] = None
        try:
            self._check_auth()
            spans = parse_print_options(url.query) if route == "/speakers/print" else []
            options = parse_options(url.query) if route != "/speakers/print" else None
            if options is not None:
                options["voice_prints"] = parse_voice_prints(self.headers.get("X-Voice-Prints", ""), options["diarize"])
            transcriber = self._wait_for_model()
            body, size = self._read_body()
            if size == 0:
                raise HttpError(HTTPStatus.BAD_REQUEST, "Empty audio")
            try:
                info = probe(body)
            except AudioDecodeError as exc:
                raise HttpError(HTTPStatus.UNPROCESSABLE_ENTITY, f"Could not decode audio: {exc}") from None
            if options is None:
                self._voice_print(transcriber, body, spans, info.duration)
            elif route == "/asr":
                self._asr(transcriber, body, size, options, info.duration)
            else:
                self._stream(transcriber, body, size, options, info.duration)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True
            self._log(499, error="client disconnected")
        except Exception as exc:  # noqa: BLE001 - never a stack trace to the client
            self.close_connection = True  # the body may be unread: don't reuse the connection
            if self._responded:  # too late for an error response
                traceback.print_exc(file=sys.stderr)
                self._log(500, error=f"after response: {type(exc).__name__}: {exc}")
            elif isinstance(exc, HttpError):
                if body is None and exc.status not in (HTTPStatus.UNAUTHORIZED, HTTPStatus.FORBIDDEN):
                    self._drain_unread_body()
                self._error(exc.status, exc.message, exc.headers)
            else:
                traceback.print_exc(file=sys.stderr)
                self._error(HTTPStatus.INTERNAL_SERVER_ERROR, f"Transcription failed: {type(exc).__name__}")
        finally:
            if body is not None:
                body.close()

    def _drain_unread_body(self) -> None:
        """Reads and drops the body of a request refused before reading it (bad options), so a client still sending
        it reads the refusal instead of a broken pipe. A body over DRAIN_LIMIT (or of unknown length) is not waited
        for: the connection just closes."""
        length = self.headers.get("Content-Length", "")
        if not length.isdigit() or int(length) > DRAIN_LIMIT:
            return
        remaining = int(length)
        while remaining > 0:
            chunk = self.rfile.read(min(COPY_CHUNK, remaining))
            if not chunk:
                return
            remaining -= len(chunk)

    def _json_body(self) -> Any:
        return json_body(self.headers.get("Content-Length"), self.headers.get("Transfer-Encoding", ""), self.rfile.read)

    def _name_speakers(self) -> None:
        # Like clustering: plain arithmetic on voice prints, no model and no queue.
        def name(body: Any) -> Tuple[Dict[str, Any], Dict[str, Any]]:
            profiles, voices = read_naming(body)
            names = voices_mod.name_speakers(profiles, voices)
            return {"names": names}, {"voices": len(voices), "named": len(names)}

        self._json_endpoint("Naming", name)

    def _voice_print(self, transcriber: Transcriber, body: BinaryIO, spans: List[Tuple[float, float]], duration: float) -> None:
        # Not in the transcription queue: a few embeddings take a second or two, and the person who asked waits.
        diarizer = transcriber.diarizer
        if not isinstance(diarizer, speakers_mod.EmbeddingDiarizer):
            raise HttpError(HTTPStatus.SERVICE_UNAVAILABLE, f"No voice prints: {speakers_mod.diarizer_status()['degraded']}")
        inside = [(a, min(b, duration)) for a, b in spans if a < duration]
        try:
            pieces = read_spans(body, inside)
            vector, seconds = voices_mod.voice_print(pieces, diarizer.embedder)
        except voices_mod.TooLittleSpeech as exc:
            raise HttpError(HTTPStatus.UNPROCESSABLE_ENTITY, f"Too little speech for a voice print: {exc}") from None
        except AudioDecodeError as exc:
            raise HttpError(HTTPStatus.UNPROCESSABLE_ENTITY, f"Could not decode audio: {exc}") from None
        self._send_json(HTTPStatus.OK, {"embedding": [round(float(x), 6) for x in vector], "seconds": round(seconds, 3)})
        self._log(HTTPStatus.OK, spans=len(spans), seconds=round(seconds, 1))

    def _cluster_speakers(self) -> None:
        # Clustering needs neither the Whisper model nor its queue: a join waits for no one's transcription.
        def cluster(body: Any) -> Tuple[Dict[str, Any], Dict[str, Any]]:
            pieces, count, bounds, voices = read_pieces(body)
            labels = speakers_mod.cluster_pieces(pieces, count, bounds, voices)
            found = {name for mapping in labels for name in mapping.values()}
            return {"labels": labels, "speakers": len(found)}, {"pieces": len(pieces), "speakers": len(found)}

        self._json_endpoint("Clustering", cluster)

    def _json_endpoint(
        self, what: str, answer: Callable[[Any], Tuple[Dict[str, Any], Dict[str, Any]]]
    ) -> None:
        """A JSON request answered from its body alone: the checks, the errors and the log every such endpoint has."""
        try:
            self._check_auth()
            body, logged = answer(self._json_body())
        except HttpError as exc:
            self.close_connection = True  # the body may be unread
            self._error(exc.status, exc.message, exc.headers)
            return
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True
            self._log(499, error="client disconnected")
            return
        except Exception as exc:  # noqa: BLE001 - never a stack trace to the client
            traceback.print_exc(file=sys.stderr)
            self.close_connection = True
            self._error(HTTPStatus.INTERNAL_SERVER_ERROR, f"{what} failed: {type(exc).__name__}")
            return
        self._send_json(HTTPStatus.OK, body)
        self._log(HTTPStatus.OK, **logged)

    def _live(self, query: str) -> None:
        # Streams both ways for the whole session, in this request's own thread: sessions share the
        # machine through Vosk (no lock) and the Whisper decode lock, not the batch queue.
        from .live.route import run_live

        self.close_connection = True
        try:
            self._check_auth()
            options = parse_live_options(query)
            self._wait_for_model()
            assert self.service.resolved is not None
            outcome = run_live(self, self.service.resolved.path, self.service.settings.threads, options)
        except (ValueError, HttpError) as exc:
            if self._responded:  # a malformed chunk mid-session: the stream just ends
                self._log(400, error=str(exc), live=True)
            elif isinstance(exc, HttpError):
                self._error(exc.status, exc.message, exc.headers)
            else:
                self._error(HTTPStatus.BAD_REQUEST, str(exc))
        except (BrokenPipeError, ConnectionResetError):
            self._log(499, error="client disconnected", live=True)
        except Exception as exc:  # noqa: BLE001 - never a stack trace to the client
            traceback.print_exc(file=sys.stderr)
            if not self._responded:
                self._error(HTTPStatus.INTERNAL_SERVER_ERROR, f"Live recognition failed: {type(exc).__name__}")
        else:
            self._log(HTTPStatus.OK, live=True, **outcome)

    def _asr(self, transcriber: Transcriber, body: BinaryIO, size: int, options: TranscribeOptions, duration: float) -> None:
        service = self.service
        service.enter_queue()
        try:
            queued = time.monotonic()
            with transcriber.lock:
                queue_ms = round((time.monotonic() - queued) * 1000)
                try:
                    result = transcriber.transcribe(body, duration=duration, **options)
                except AudioDecodeError as exc:
                    raise HttpError(HTTPStatus.UNPROCESSABLE_ENTITY, f"Could not decode audio: {exc}") from None
        finally:
            service.leave_queue()
        self._send_json(HTTPStatus.OK, result)
        self._log(
            HTTPStatus.OK,
            bytes=size,
            audioSeconds=result["duration"],
            language=result["language"],
            segments=len(result["segments"]),
            queueMs=queue_ms,
            **_log_options(options),
        )

    def _client_gone(self) -> bool:
        """Whether the client closed its end (the job was cancelled, or its worker died or gave up).

        The request body is read to the end before any work starts, so a readable socket that yields no
        bytes on a peek is a closed connection. Cheap (no blocking), asked between segments and while queued.
        """
        try:
            readable, _, _ = select.select([self.connection], [], [], 0)
            if not readable:
                return False
            return self.connection.recv(1, socket.MSG_PEEK) == b""
        except (OSError, ValueError):
            return True

    def _acquire_unless_gone(self, lock: threading.Lock) -> bool:
        """Waits for the model like ``with lock`` does, but gives up when the client leaves the queue."""
        while not lock.acquire(timeout=0.5):
            if self._client_gone():
                return False
        return True

    def _stream(self, transcriber: Transcriber, body: BinaryIO, size: int, options: TranscribeOptions, duration: float) -> None:
        service = self.service
        service.enter_queue()
        try:
            queued = time.monotonic()
            if not self._acquire_unless_gone(transcriber.lock):
                raise ConnectionResetError("client left the queue")
            try:
                queue_ms = round((time.monotonic() - queued) * 1000)
                self.send_response(HTTPStatus.OK)
                self.send_header("Content-Type", "application/x-ndjson; charset=utf-8")
                self.send_header("Cache-Control", "no-cache")
                self.send_header("X-Accel-Buffering", "no")
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                answer = ChunkedAnswer(self.wfile)
                # Stops between segments once the client has gone: a cancelled job must free the model at once
                # for the next one in the queue, not after the whole file.
                checked = [time.monotonic()]

                def should_stop() -> bool:
                    now = time.monotonic()
                    if now - checked[0] < 0.2:
                        return False
                    checked[0] = now
                    return self._client_gone()

                events = transcriber.events(body, duration=duration, should_stop=should_stop, **options)
                outcome: Dict[str, Any] = {}
                try:
                    for event in events:
                        answer.send_json(event)
                        if event["type"] == "result":
                            outcome = {"language": event["language"], "segments": len(event["segments"])}
                except (BrokenPipeError, ConnectionResetError):
                    raise
                except Cancelled:
                    raise ConnectionResetError("client disconnected during transcription") from None
                except Exception as exc:  # noqa: BLE001 - reported in the stream
                    if isinstance(exc, AudioDecodeError):
                        message = f"Could not decode audio: {exc}"
                    else:
                        traceback.print_exc(file=sys.stderr)
                        message = f"Transcription failed: {type(exc).__name__}"
                    answer.send_json({"type": "error", "message": message})
                    outcome = {"error": message}
                finally:
                    events.close()
                answer.end()
            finally:
                transcriber.lock.release()
        finally:
            service.leave_queue()
        self._log(HTTPStatus.OK, bytes=size, audioSeconds=round(duration, 3), queueMs=queue_ms, stream=True,
                  **_log_options(options), **outcome)


class SpeechHTTPServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def make_server(settings: Settings, service: Optional[SpeechService] = None) -> Tuple[SpeechHTTPServer, SpeechService]:
    service = service or SpeechService(settings)
    handler = type("BoundHandler", (Handler,), {"service": service})
    return SpeechHTTPServer((settings.host, settings.port), handler), service


def main() -> int:
    try:
        settings = Settings.from_env()
    except ValueError as exc:
        print(f"scrivo-speech: {exc}", file=sys.stderr)
        return 2
    # Before any thread starts (the model loader, request threads, CTranslate2's): each inherits the level.
    niceness = lower_priority(settings.niceness)
    arenas = limit_arenas()
    try:
        httpd, service = make_server(settings)
    except OSError as exc:
        print(f"scrivo-speech: cannot listen on {settings.host}:{settings.port}: {exc}", file=sys.stderr)
        return 1
    host, port = str(httpd.server_address[0]), httpd.server_address[1]
    log_json(event="listening", host=host, port=port, url=f"http://{host}:{port}", model=settings.model,
             threads=settings.threads, niceness=niceness, mallocArenas=arenas, pid=os.getpid())
    log_degraded_engines(service.engines)

    def stop(signum: int, _frame: Any) -> None:
        log_json(event="stopping", signal=signal.Signals(signum).name)
        threading.Thread(target=httpd.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)

    def load() -> None:
        if not service.load():
            print(f"scrivo-speech: {service.error}", file=sys.stderr, flush=True)
            httpd.shutdown()

    threading.Thread(target=load, name="model-loader", daemon=True).start()
    try:
        httpd.serve_forever(poll_interval=0.25)
    finally:
        httpd.server_close()
    return 1 if service.status == "error" else 0


if __name__ == "__main__":
    sys.exit(main())
