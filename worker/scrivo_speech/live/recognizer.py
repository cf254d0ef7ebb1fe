"""The interface both live engines implement, and the events they produce.

Events (plain dicts, sent as NDJSON lines):

* ``{"type": "partial", "text", "start"}``: the words heard so far that may still change; each
  partial replaces the previous one;
* ``{"type": "final", "text", "start", "end", "words": [{"word", "start", "end"}]}``: settled words,
  never revised by the recogniser; the next partial starts after them;
* ``{"type": "revise", "start", "end", "text"}``: a finished line read again: the finals from
  ``start`` to ``end`` are shown as ``text`` instead (Vosk's lower-case words, cased and punctuated
  by Whisper).

Times are seconds from the start of the session's audio.
"""

from __future__ import annotations

from typing import Any, Dict, List, Protocol

SAMPLE_RATE = 16000
BYTES_PER_SAMPLE = 2  # signed 16-bit little-endian PCM

Event = Dict[str, Any]


class StreamingRecognizer(Protocol):
    """Partial and final hypotheses for a stream of PCM chunks, fed in order."""

    engine: str
    language: str

    def accept(self, pcm: bytes) -> List[Event]:
        """Takes the next chunk of s16le mono 16 kHz audio; returns the events it produced."""
        ...

    def finish(self) -> List[Event]:
        """The stream has ended: settles whatever is still partial."""
        ...


def partial(text: str, start: float) -> Event:
    return {"type": "partial", "text": text, "start": round(start, 3)}


def final(words: List[Dict[str, Any]]) -> Event:
    return {
        "type": "final",
        "text": " ".join(w["word"] for w in words),
        "start": words[0]["start"],
        "end": words[-1]["end"],
        "words": words,
    }


def word(text: str, start: float, end: float) -> Dict[str, Any]:
    return {"word": text, "start": round(start, 3), "end": round(end, 3)}


def revise(start: float, end: float, text: str) -> Event:
    return {"type": "revise", "start": round(start, 3), "end": round(end, 3), "text": text}
