"""Guards against text Whisper invents: silent-window hallucinations, repetition loops, and a
confidence mark for what is left.

Whisper is a language model over audio: on music, noise or long silence it can produce fluent text
("Thank you for watching."), and on long audio it can get stuck repeating one phrase. Voice activity
detection keeps most non-speech out before decoding; these functions clean up what still gets through.
They work on the canonical segment dicts (``start``, ``end``, ``text``, ``words``) plus the decoder's
``avg_logprob`` and ``no_speech_prob`` for that segment.
"""

from __future__ import annotations

import math
import re
from typing import Any, Dict, List, Optional, Sequence, Tuple

# The thresholds Whisper's own decoder uses for "this window is silence" (OpenAI's transcribe defaults):
# batched decoding has no temperature fallback to apply them, so they are applied here.
NO_SPEECH_PROB = 0.6
SILENT_LOGPROB = -1.0
# A segment is marked low confidence below either of these (its words then show as uncertain).
LOW_AVG_LOGPROB = -1.0
LOW_WORD_PROBABILITY = 0.45
# How many back-to-back copies of a phrase make a loop: 3 for phrases of 2+ words, more for one
# word because "no, no, no" is real speech.
LOOP_COPIES = 3
LOOP_COPIES_ONE_WORD = 5
MAX_LOOP_PHRASE = 12

_WORD = re.compile(r"[\w']+", re.UNICODE)
_LETTER = re.compile(r"[^\W\d_]", re.UNICODE)
# A word heard in the audio lasts at least this long; shorter ones are tokens the aligner could not place.
MIN_HEARD_WORD_SECONDS = 0.05
# A figure said aloud takes well under a second a character ("1,234,567": about 3.5 s); a short one ("-4", ".2", "1%")
# is said in under a second. openai-whisper's hallucination check counts a word over 2 s as anomalous.
SECONDS_PER_FIGURE = 0.6
LONGEST_SHORT_FIGURE_SECONDS = 2.0


def _norm(text: str) -> str:
    return " ".join(_WORD.findall(text.lower()))


def is_silence(avg_logprob: float, no_speech_prob: float, word_probability: float = 1.0) -> bool:
    """True for a segment the decoder itself thinks is silence and is unsure of its text: Whisper's
    own rule (no-speech probability and average log probability), or no-speech probability with
    words it barely believes (noise that voice detection let through: "I'm sorry" at p 0.1-0.4)."""
    if no_speech_prob <= NO_SPEECH_PROB:
        return False
    return avg_logprob < SILENT_LOGPROB or word_probability < LOW_WORD_PROBABILITY


def has_words(text: str) -> bool:
    """False for text that is only punctuation ("." is what Whisper gives for a breath or a click)."""
    return bool(_WORD.search(text))


def _unheard_figure(word: Dict[str, Any]) -> bool:
    seconds = word["end"] - word["start"]
    figures = sum(len(part) for part in _WORD.findall(word["text"]))
    return seconds < MIN_HEARD_WORD_SECONDS or seconds > max(LONGEST_SHORT_FIGURE_SECONDS, SECONDS_PER_FIGURE * figures)


def is_unplaced_symbol(segment: Dict[str, Any]) -> bool:
    """True for a segment of figures or symbols only ("-4", ".2", "1%") whose every word the aligner gave no length,
    or a length no spoken figure takes (".2" stretched over 4 s of pink noise): Whisper's answer to noise. A number
    really said ("Four.", "twenty twenty-six") takes time, and not seconds a figure."""
    words = segment.get("words") or []
    if not words or _LETTER.search(segment["text"]):
        return False
    return all(_unheard_figure(w) for w in words)


def confidence(segment: Dict[str, Any], avg_logprob: float) -> float:
    """Mean word probability (the decoder's token probability where there are no words), 0..1."""
    words = segment.get("words") or []
    if words:
        return sum(w["probability"] for w in words) / len(words)
    return math.exp(min(avg_logprob, 0.0))


def is_low_confidence(segment: Dict[str, Any], avg_logprob: float) -> bool:
    return avg_logprob < LOW_AVG_LOGPROB or confidence(segment, avg_logprob) < LOW_WORD_PROBABILITY


def _loop_spans(tokens: Sequence[str]) -> List[range]:
    """Index ranges of ``tokens`` to delete: every copy after the first of a phrase repeated back
    to back at least LOOP_COPIES times (LOOP_COPIES_ONE_WORD for one word)."""
    drop: List[range] = []
    i = 0
    n = len(tokens)
    while i < n:
        found = False
        for size in range(1, min(MAX_LOOP_PHRASE, (n - i) // 2) + 1):
            phrase = tokens[i : i + size]
            copies = 1
            while tokens[i + copies * size : i + (copies + 1) * size] == phrase:
                copies += 1
            if copies >= (LOOP_COPIES_ONE_WORD if size == 1 else LOOP_COPIES):
                drop.append(range(i + size, i + copies * size))
                i += copies * size
                found = True
                break
        if not found:
            i += 1
    return drop


def remove_loops(segment: Dict[str, Any]) -> Dict[str, Any]:
    """The segment with in-segment repetition loops cut to one copy (words and text)."""
    words = segment.get("words") or []
    if words:
        keys = [_norm(w["text"]) for w in words]
        drop = _loop_spans(keys)
        if not drop:
            return segment
        dropped = {k for span in drop for k in span}
        kept = [w for k, w in enumerate(words) if k not in dropped]
        text = " ".join(w["text"] for w in kept)
        return dict(segment, words=kept, text=text, end=kept[-1]["end"] if kept else segment["end"])
    tokens = segment["text"].split()
    drop = _loop_spans([_norm(t) for t in tokens])
    if not drop:
        return segment
    dropped = {k for span in drop for k in span}
    return dict(segment, text=" ".join(t for k, t in enumerate(tokens) if k not in dropped))


def drop_repeated_segments(segments: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    """Segments without loops that span segments (see :func:`repeated_segments`)."""
    return repeated_segments(segments)[0]


def repeated_segments(segments: List[Dict[str, Any]]) -> Tuple[List[Dict[str, Any]], List[Dict[str, Any]]]:
    """(kept, dropped): LOOP_COPIES or more segments in a row with the same text are kept once (two in a row
    can be real: "Yes." "Yes."). One-word segments need LOOP_COPIES_ONE_WORD, as inside a segment: sentences
    are cut at full stops, so "Yeah. Yeah. Yeah." said in a conversation is three one-word segments."""
    kept: List[Dict[str, Any]] = []
    dropped: List[Dict[str, Any]] = []
    i = 0
    while i < len(segments):
        key = _norm(segments[i]["text"])
        j = i + 1
        while j < len(segments) and key and _norm(segments[j]["text"]) == key:
            j += 1
        copies = LOOP_COPIES_ONE_WORD if len(key.split()) == 1 else LOOP_COPIES
        if j - i >= copies:
            kept.append(segments[i])
            dropped.extend(segments[i + 1 : j])
        else:
            kept.extend(segments[i:j])
        i = j
    return kept, dropped


def verdict(segment: Dict[str, Any], avg_logprob: float, no_speech_prob: float) -> Optional[str]:
    """Why this segment (loops already removed) should be left out, or None to keep it: ``silence`` (the
    decoder's own no-speech verdict, :func:`is_silence`) or ``no_words`` (only punctuation, or figures the aligner could not place in time)."""
    if is_silence(avg_logprob, no_speech_prob, confidence(segment, avg_logprob)):
        return "silence"
    if not has_words(segment["text"]) or is_unplaced_symbol(segment):
        return "no_words"
    return None
