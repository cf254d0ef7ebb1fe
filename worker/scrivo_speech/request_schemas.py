"""What each request may send, checked before any work starts: the URL queries of ``/asr``, ``/transcribe``,
``/live`` and ``/speakers/print``, and the JSON bodies of ``/speakers/cluster`` and ``/speakers/name``.

Every check is here, beside the server, so what a client may ask for is read in one place, and a refusal is a
:class:`BadRequest` (HTTP 400) whose message names the field and what it takes. The server only routes; the
recognition code receives values that have been checked.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
from http import HTTPStatus
from typing import Any, Callable, Dict, List, Optional, Tuple, TypedDict
from urllib.parse import parse_qs

import numpy as np

from .engine import LANGUAGE_CODES
from .speakers import SpeakerBounds
from .transcriber import TASKS

# Whisper reads about 224 tokens of prompt; a longer one is the client's mistake, not something to cut silently.
MAX_PROMPT_CHARS = 1000
# 8000 tracks of 192 numbers (MAX_TRACKS) written as JSON take about 16 MB.
MAX_JSON_BODY = 32 * 1024 * 1024
MAX_PIECES = 2000
MAX_TRACKS = 8000  # two n x n float64 matrices in speakers.cluster(): ~1 GB at this size
MAX_DIMENSION = 1024
MAX_LABEL = 64
MAX_SPANS = 200
MAX_VOICES = 200
MAX_ID = 100
LIVE_ENGINES = ("vosk", "whisper")


class HttpError(Exception):
    """A request refused with ``status`` and ``message`` (sent as ``{"error": message}``), and any headers."""

    def __init__(self, status: int, message: str, headers: Optional[Dict[str, str]] = None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers or {}


class BadRequest(HttpError, ValueError):
    """A 400: the request asks for something the worker does not take (the message says what it takes)."""

    def __init__(self, message: str):
        super().__init__(HTTPStatus.BAD_REQUEST, message)


class TranscribeOptions(TypedDict):
    """The query of ``/asr`` and ``/transcribe``, as :meth:`transcriber.Transcriber.events` takes it."""

    language: Optional[str]
    task: str
    vad: bool
    diarize: bool
    num_speakers: Optional[int]
    speaker_bounds: Optional[SpeakerBounds]
    initial_prompt: Optional[str]
    hotwords: Optional[str]
    speaker_profiles: bool
    voice_prints: List[np.ndarray]


class LiveOptions(TypedDict):
    """The query of ``/live``."""

    language: Optional[str]
    engine: Optional[str]


def _query(query: str) -> Dict[str, str]:
    # The last of a repeated parameter counts, as most HTTP frameworks read a query.
    return {k: v[-1].strip() for k, v in parse_qs(query, keep_blank_values=True).items()}


def parse_options(query: str) -> TranscribeOptions:
    params = _query(query)
    language = params.get("language", "").lower().replace("_", "-") or None
    if language == "auto":
        language = None
    if language is not None and language not in LANGUAGE_CODES:
        primary = language.split("-", 1)[0]  # accept BCP 47 tags such as en-US
        if "-" not in language or primary not in LANGUAGE_CODES:
            raise BadRequest(f"Unknown language code {params['language']!r}")
        language = primary
    task = params.get("task", "").lower() or "transcribe"
    if task not in TASKS:
        raise BadRequest(f"task must be one of: {', '.join(TASKS)}")
    vad_raw = params.get("vad", "").lower() or "1"
    if vad_raw not in ("0", "1", "true", "false"):
        raise BadRequest("vad must be 1 or 0")
    diarize_raw = params.get("diarize", "").lower() or "0"
    if diarize_raw not in ("0", "1", "true", "false"):
        raise BadRequest("diarize must be 1 or 0")
    speakers_raw = params.get("speakers", "") or "0"
    if not speakers_raw.isdigit() or not 0 <= int(speakers_raw) <= 20:
        raise BadRequest("speakers must be a number of people from 1 to 20 (0 or absent: estimate)")
    bounds_raw = {name: params.get(name, "") or "0" for name in ("min_speakers", "max_speakers")}
    for name, raw in bounds_raw.items():
        if not raw.isdigit() or not 0 <= int(raw) <= 20:
            raise BadRequest(f"{name} must be a number of people from 1 to 20 (0 or absent: none)")
    least, most = (int(bounds_raw[name]) or None for name in ("min_speakers", "max_speakers"))
    bounds = speaker_bounds(int(speakers_raw) or None, least, most)
    prompt: Dict[str, Optional[str]] = {}
    for name in ("initial_prompt", "hotwords"):
        text = params.get(name, "")
        if len(text) > MAX_PROMPT_CHARS:
            raise BadRequest(f"{name} is longer than {MAX_PROMPT_CHARS} characters")
        prompt[name] = text or None
    profiles_raw = params.get("speaker_profiles", "").lower() or "0"
    if profiles_raw not in ("0", "1", "true", "false"):
        raise BadRequest("speaker_profiles must be 1 or 0")
    speaker_profiles = profiles_raw in ("1", "true")
    if speaker_profiles and diarize_raw not in ("1", "true"):
        raise BadRequest("speaker_profiles=1 needs diarize=1 (voice prints come from diarization)")
    return {
        "language": language,
        "task": task,
        "vad": vad_raw in ("1", "true"),
        "diarize": diarize_raw in ("1", "true"),
        "num_speakers": int(speakers_raw) or None,
        "speaker_bounds": bounds,
        "initial_prompt": prompt["initial_prompt"],
        "hotwords": prompt["hotwords"],
        "speaker_profiles": speaker_profiles,
        "voice_prints": [],
    }


def parse_voice_prints(header: str, diarize: bool) -> List[np.ndarray]:
    """The ``X-Voice-Prints`` header of ``/asr`` and ``/transcribe``: remembered people's voice prints, each as the API
    keeps them (little-endian float32 in base64), separated by commas; they anchor the diarizer's clustering. In a
    header rather than the query or the body: the body is the audio, and a query is logged by proxies."""
    if not header.strip():
        return []
    if not diarize:
        raise BadRequest("X-Voice-Prints needs diarize=1 (remembered voices anchor the speaker labels)")
    parts = header.split(",")
    if len(parts) > MAX_VOICES:
        raise BadRequest(f"X-Voice-Prints: at most {MAX_VOICES} voice prints")
    out: List[np.ndarray] = []
    for k, part in enumerate(parts):
        try:
            raw = base64.b64decode(part.strip(), validate=True)
        except (binascii.Error, ValueError):
            raise BadRequest(f"X-Voice-Prints[{k}] is not base64") from None
        if not raw or len(raw) % 4 or len(raw) // 4 > MAX_DIMENSION:
            raise BadRequest(f"X-Voice-Prints[{k}] must be 1-{MAX_DIMENSION} little-endian float32 numbers")
        vector = np.frombuffer(raw, dtype="<f4").astype(np.float64)
        if not np.all(np.isfinite(vector)) or not np.any(vector):
            raise BadRequest(f"X-Voice-Prints[{k}] must be finite numbers, not all zeros")
        if out and vector.size != out[0].size:
            raise BadRequest(f"X-Voice-Prints[{k}] has {vector.size} numbers, the first {out[0].size}")
        out.append(vector)
    return out


def parse_live_options(query: str) -> LiveOptions:
    params = {k: v[-1].strip().lower() for k, v in parse_qs(query).items()}
    language = params.get("language") or None
    if language == "auto":
        language = None
    if language is not None:
        language = language.split("-", 1)[0]
        if language not in LANGUAGE_CODES:
            raise BadRequest(f"Unknown language code {params['language']!r}")
    engine = params.get("engine") or None
    if engine is not None and engine not in LIVE_ENGINES:
        raise BadRequest(f"engine must be one of: {', '.join(LIVE_ENGINES)}")
    return {"language": language, "engine": engine}


def parse_print_options(query: str) -> List[Tuple[float, float]]:
    """The ``spans`` of a ``/speakers/print`` query: the person's speech, in seconds."""
    return parse_spans(_query(query).get("spans", ""))


def parse_spans(text: str) -> List[Tuple[float, float]]:
    """``"1.5-4.2,7-9.75"`` -> [(1.5, 4.2), (7.0, 9.75)] in time order."""
    spans: List[Tuple[float, float]] = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        start, dash, end = part.partition("-")
        try:
            a, b = float(start), float(end)
        except ValueError:
            raise BadRequest(f"spans: {part!r} is not start-end in seconds (e.g. 1.5-4.2)") from None
        if not dash or not (math.isfinite(a) and math.isfinite(b)) or a < 0 or b <= a:
            raise BadRequest(f"spans: {part!r} must be start-end with 0 <= start < end")
        spans.append((a, b))
    if not spans:
        raise BadRequest("spans must list the person's speech as start-end seconds, comma-separated")
    if len(spans) > MAX_SPANS:
        raise BadRequest(f"spans: at most {MAX_SPANS}")
    return sorted(spans)


def json_body(content_length: Optional[str], transfer_encoding: str, read: Callable[[int], bytes]) -> Any:
    """The JSON body of ``/speakers/cluster`` or ``/speakers/name``, given its request's ``Content-Length`` and
    ``Transfer-Encoding`` headers: sent with a Content-Length, so one too large is refused before it is read."""
    length_header = content_length
    if length_header is None or "chunked" in transfer_encoding.lower():
        raise HttpError(HTTPStatus.LENGTH_REQUIRED, "Send the JSON body with a Content-Length")
    try:
        length = int(length_header)
    except ValueError:
        raise BadRequest("Bad Content-Length") from None
    if length > MAX_JSON_BODY:
        raise HttpError(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"Speaker profiles larger than {MAX_JSON_BODY} bytes")
    raw = read(length)
    if len(raw) < length:
        raise BadRequest("Request body ended early")
    try:
        return json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise BadRequest("The body is not JSON") from None


# -- voice prints: /speakers/cluster and /speakers/name ---------------------------------------------------------


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and bool(np.isfinite(value))


def _people(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 20


def speaker_bounds(count: Optional[int], least: Optional[int], most: Optional[int]) -> Optional[SpeakerBounds]:
    """The bounds a request gives beside its exact ``count`` (each already a number of people, or None), refused
    when they contradict each other or the count. Shared by ``/asr`` and ``/speakers/cluster``."""
    if least is not None and most is not None and least > most:
        raise BadRequest("min_speakers must not be more than max_speakers")
    if count is not None and (least is not None or most is not None):
        raise BadRequest("Give either speakers (exact) or min_speakers/max_speakers, not both")
    return SpeakerBounds(least, most) if least is not None or most is not None else None


def read_pieces(body: Any) -> Tuple[List[Dict[str, Any]], Optional[int], Optional[SpeakerBounds], List[np.ndarray]]:
    """Checks a ``POST /speakers/cluster`` body ``{"pieces": [profiles...], "speakers"?: n, "min_speakers"?: a,
    "max_speakers"?: b, "voices"?: [{"id", "embedding"}]}`` (each piece as :func:`speakers.profiles` makes it; the
    voices as ``/speakers/name`` takes them, anchors of the clustering), naming the first thing wrong."""
    if not isinstance(body, dict) or not isinstance(body.get("pieces"), list):
        raise BadRequest('The body must be a JSON object {"pieces": [...]} with one speaker profile per piece')
    pieces = body["pieces"]
    if len(pieces) > MAX_PIECES:
        raise BadRequest(f"At most {MAX_PIECES} pieces")
    count = body.get("speakers")
    if count is not None and not _people(count):
        raise BadRequest("speakers must be a number of people from 1 to 20 (absent: estimate)")
    least, most = body.get("min_speakers"), body.get("max_speakers")
    for name, value in (("min_speakers", least), ("max_speakers", most)):
        if value is not None and not _people(value):
            raise BadRequest(f"{name} must be a number of people from 1 to 20")
    bounds = speaker_bounds(count, least, most)
    dimension: Optional[int] = None
    total = 0
    for p, piece in enumerate(pieces):
        where = f"pieces[{p}]"
        if not isinstance(piece, dict):
            raise BadRequest(f"{where} must be an object with speakers, tracks and cannotLink")
        names, tracks, links = piece.get("speakers"), piece.get("tracks"), piece.get("cannotLink", [])
        if not isinstance(names, list) or not all(isinstance(n, str) and 0 < len(n) <= MAX_LABEL for n in names):
            raise BadRequest(f"{where}.speakers must be a list of labels (1-{MAX_LABEL} characters)")
        if len(set(names)) != len(names):
            raise BadRequest(f"{where}.speakers names a label twice")
        if not isinstance(tracks, list):
            raise BadRequest(f"{where}.tracks must be a list")
        total += len(tracks)
        if total > MAX_TRACKS:
            raise BadRequest(f"At most {MAX_TRACKS} tracks in all")
        for t, track in enumerate(tracks):
            at = f"{where}.tracks[{t}]"
            if not isinstance(track, dict) or track.get("speaker") not in names:
                raise BadRequest(f"{at}.speaker must be one of {where}.speakers")
            embedding = track.get("embedding")
            if not isinstance(embedding, list) or not 0 < len(embedding) <= MAX_DIMENSION or not all(map(_number, embedding)):
                raise BadRequest(f"{at}.embedding must be a list of 1-{MAX_DIMENSION} finite numbers")
            if dimension is not None and len(embedding) != dimension:
                raise BadRequest(f"{at}.embedding has {len(embedding)} numbers, the others {dimension}")
            dimension = len(embedding)
            if not any(embedding):
                raise BadRequest(f"{at}.embedding is all zeros")
            if not _number(track.get("seconds")) or track["seconds"] < 0:
                raise BadRequest(f"{at}.seconds must be a number of seconds >= 0")
        if not isinstance(links, list) or not all(
            isinstance(pair, list)
            and len(pair) == 2
            and all(isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(tracks) for i in pair)
            and pair[0] != pair[1]
            for pair in links
        ):
            raise BadRequest(f"{where}.cannotLink must be a list of [i, j] pairs of two of its track indexes")
    voices = body.get("voices", [])
    if not isinstance(voices, list):
        raise BadRequest('voices must be a list of {"id", "embedding"}')
    _naming, known = read_naming({"profiles": {"speakers": [], "tracks": []}, "voices": voices})
    prints = [np.asarray(vector, dtype=np.float64) for _id, vector in known]
    if prints and dimension is not None and prints[0].size != dimension:
        raise BadRequest(f"voices have {prints[0].size} numbers, the tracks {dimension}")
    return pieces, count, bounds, prints


def read_naming(body: Any) -> Tuple[Dict[str, Any], List[Tuple[str, List[float]]]]:
    """Checks a ``POST /speakers/name`` body ``{"profiles": {speakers, tracks}, "voices": [{id, embedding}]}``, naming
    the first thing wrong."""
    if not isinstance(body, dict) or not isinstance(body.get("profiles"), dict) or not isinstance(body.get("voices"), list):
        raise BadRequest('The body must be a JSON object {"profiles": {...}, "voices": [{"id", "embedding"}]}')
    profiles, voices = body["profiles"], body["voices"]
    names, tracks = profiles.get("speakers"), profiles.get("tracks")
    if not isinstance(names, list) or not all(isinstance(n, str) and 0 < len(n) <= MAX_LABEL for n in names):
        raise BadRequest(f"profiles.speakers must be a list of labels (1-{MAX_LABEL} characters)")
    if not isinstance(tracks, list):
        raise BadRequest("profiles.tracks must be a list")
    dimension: Optional[int] = None

    def embedding(value: Any, at: str) -> List[float]:
        nonlocal dimension
        if not isinstance(value, list) or not 0 < len(value) <= MAX_DIMENSION or not all(map(_number, value)):
            raise BadRequest(f"{at} must be a list of 1-{MAX_DIMENSION} finite numbers")
        if dimension is not None and len(value) != dimension:
            raise BadRequest(f"{at} has {len(value)} numbers, the others {dimension}")
        if not any(value):
            raise BadRequest(f"{at} is all zeros")
        dimension = len(value)
        return value

    for t, track in enumerate(tracks):
        at = f"profiles.tracks[{t}]"
        if not isinstance(track, dict) or track.get("speaker") not in names:
            raise BadRequest(f"{at}.speaker must be one of profiles.speakers")
        embedding(track.get("embedding"), f"{at}.embedding")
        if not _number(track.get("seconds")) or track["seconds"] < 0:
            raise BadRequest(f"{at}.seconds must be a number of seconds >= 0")
    if len(voices) > MAX_VOICES:
        raise BadRequest(f"At most {MAX_VOICES} voices")
    out: List[Tuple[str, List[float]]] = []
    for v, voice in enumerate(voices):
        at = f"voices[{v}]"
        if not isinstance(voice, dict) or not isinstance(voice.get("id"), str) or not 0 < len(voice["id"]) <= MAX_ID:
            raise BadRequest(f"{at}.id must be a string of 1-{MAX_ID} characters")
        out.append((voice["id"], embedding(voice.get("embedding"), f"{at}.embedding")))
    if len({i for i, _ in out}) != len(out):
        raise BadRequest("voices names an id twice")
    return {"speakers": names, "tracks": tracks}, out
