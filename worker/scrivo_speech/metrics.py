"""Counters of what recognition threw away or had to decode twice, for ``GET /health`` and the logs.

A transcript that silently loses a stretch of speech is the worst error a transcription service can make
(issue 26): users cannot see what is missing. So every segment the guards drop is logged with its reason and
counted here, and so is every second decode of a stretch the first pass left without words, with what it
recovered. The counters are process-wide (one model per process) and only ever grow.
"""

from __future__ import annotations

import json
import sys
import threading
from datetime import datetime, timezone
from typing import Any, Dict

_lock = threading.Lock()
_counts: Dict[str, int] = {}


def count(name: str, amount: int = 1) -> None:
    with _lock:
        _counts[name] = _counts.get(name, 0) + amount


def snapshot() -> Dict[str, int]:
    with _lock:
        return dict(sorted(_counts.items()))


def log(**fields: Any) -> None:
    """One JSON line on stderr, the server's log format (``server.log_json``)."""
    fields = {"time": datetime.now(timezone.utc).isoformat(timespec="milliseconds"), **fields}
    sys.stderr.write(json.dumps(fields, ensure_ascii=False, default=str) + "\n")
    sys.stderr.flush()


def dropped(reason: str, start: float, end: float, text: str, second_decode: bool) -> None:
    """A segment left out of the transcript: counted by reason and logged with where it was and what it said."""
    count(f"dropped.{reason}")
    log(event="segment_dropped", reason=reason, start=round(start, 3), end=round(end, 3), text=text[:200],
        afterSecondDecode=second_decode)


def second_decode(start: float, end: float, cause: str, words: int) -> None:
    """A stretch of speech the first pass left without words, decoded again on its own."""
    count("secondDecode.stretches")
    count(f"secondDecode.cause.{cause}")
    count("secondDecode.wordsRecovered", words)
    if not words:
        count("secondDecode.empty")
    log(event="second_decode", cause=cause, start=round(start, 3), end=round(end, 3), words=words)


def speakers_from_word_spans(covered: float, spans: int, found: int) -> None:
    """The segmentation heard too little of the speech (reverberant rooms), so the words' own spans gave the
    speakers (:func:`speakers.word_span_speakers`): counted and logged, with how much the segmentation covered."""
    count("speakers.fromWordSpans")
    log(event="speakers_from_word_spans", covered=round(covered, 3), spans=spans, speakers=found,
        message=f"speakers from the words' spans: segmentation covered {covered * 100:.0f} % of the words")
