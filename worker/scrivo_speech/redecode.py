"""A second look at what a file-wide guard threw away.

Segments are judged one by one while a window is decoded, and a stretch the first pass left without a word gets a
second decode there (decoding._decode_missing). A repetition loop passes that test: each copy of "I was scared
now." is a confident segment. Only the file-wide guard (guards.repeated_segments) sees the run of copies, after
every window is gone, and drops them; without this module nothing decoded that stretch again, and a TV interview
lost 20 s of quick dialogue (issue 40). Here each stretch whose words were dropped is read again from the source and
decoded on its own: without the previous text as prompt, in pieces of at most PIECE_SECONDS, with the temperature
fallback (seeded), exactly as decoding.second_decode does for a missing stretch. What it hears passes the same
guards; the first pass kept nothing there, so whatever survives is the better of the two.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple

from . import audio as audio_mod
from . import decoding
from .engine import Engine

# Dropped segments closer than this are one stretch (a loop's copies follow each other with short gaps).
MERGE_GAP_SECONDS = 1.0
# Shorter windows than Whisper's 30 s: a loop that caught hold over a long window has less to hold on to.
PIECE_SECONDS = 10.0
# How far a dropped stretch reaches out to the words kept around it (a quick exchange's lost line is a few seconds).
WIDEN_MOST_SECONDS = 8.0


def dropped_stretches(dropped: Sequence[Dict[str, Any]]) -> List[Tuple[float, float]]:
    """The stretches (seconds) the dropped segments cover, neighbours within MERGE_GAP_SECONDS joined."""
    out: List[Tuple[float, float]] = []
    for start, end in sorted((float(s["start"]), float(s["end"])) for s in dropped):
        if out and start - out[-1][1] <= MERGE_GAP_SECONDS:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
    return out


def widened(stretches: Sequence[Tuple[float, float]], kept: Sequence[Dict[str, Any]]) -> List[Tuple[float, float]]:
    """Each stretch stretched to the kept words either side of it (at most WIDEN_MOST_SECONDS each way): a loop's
    copies are placed where the aligner puts them, often on a few instants, while what they replaced runs from the
    last word kept before them to the first one after. Stretches that meet are joined."""
    bounds = sorted((float(w["start"]), float(w["end"])) for s in kept for w in (s.get("words") or ()))
    out: List[Tuple[float, float]] = []
    for start, end in stretches:
        before = max((b for a, b in bounds if b <= start), default=0.0)
        after = min((a for a, b in bounds if a >= end), default=end + WIDEN_MOST_SECONDS)
        wide = (max(before, start - WIDEN_MOST_SECONDS, 0.0), min(after, end + WIDEN_MOST_SECONDS))
        if out and wide[0] <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], wide[1]))
        else:
            out.append(wide)
    return out


def pieces_of(start: float, end: float, longest: float = PIECE_SECONDS) -> List[Tuple[float, float]]:
    """``start``-``end`` cut into equal pieces of at most ``longest`` seconds."""
    count = max(1, int(-(-(end - start) // longest)))
    step = (end - start) / count
    return [(start + i * step, start + (i + 1) * step) for i in range(count)]


def decode_again(
    model: Engine,
    source: audio_mod.Source,
    stretches: Sequence[Tuple[float, float]],
    language: Optional[str],
    task: str,
    cause: str,
) -> List[Tuple[decoding.Decoded, float]]:
    """Each stretch decoded again, piece by piece; each result with the offset (seconds) its times start from."""
    pieces = [piece for start, end in stretches for piece in pieces_of(start, end)]
    if not pieces:
        return []
    context = decoding.CONTEXT_SECONDS
    windows = [(max(0.0, a - context), b + context) for a, b in pieces]
    out: List[Tuple[decoding.Decoded, float]] = []
    for (a, b), (w0, _), samples in zip(pieces, windows, audio_mod.read_spans(source, windows)):
        for item in decoding.second_decode(model, samples, a - w0, b - w0, language, task, cause):
            out.append((item, w0))
    return out
