"""English live captions with Vosk (Kaldi), a true streaming recogniser.

A 200 ms chunk takes about 35 ms on one core; the recogniser keeps its own endpointing, so a
final comes after a short pause and partials after every chunk. Vosk's text is lower case
without punctuation: each line it ends is read again by Whisper (see session.LineCasing), and the
final transcript (the batch engine) replaces it all after the session.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Dict, List, Tuple

from ..engine import VoskSpec, load_model, vosk_installed, vosk_recognizer
from .recognizer import SAMPLE_RATE, Event, final, partial, word

DEFAULT_MODEL_DIR = Path(__file__).resolve().parents[2] / "models" / "vosk-model-en-us"


def model_dir() -> Path:
    return Path(os.environ.get("SCRIVO_VOSK_MODEL") or DEFAULT_MODEL_DIR)


def available() -> bool:
    """The model is unpacked and the ``vosk`` wheel installed (otherwise English goes to Whisper too)."""
    return vosk_installed() and (model_dir() / "am" / "final.mdl").is_file()


def _shared_model() -> Any:
    """One model for every session (about 220 MB); each session has its own recogniser."""
    if not available():
        raise RuntimeError(f"Vosk model not found in {model_dir()}: run worker/scripts/fetch-vosk-model.sh")
    return load_model(VoskSpec(str(model_dir())))


# A word of the partial is settled once this many words follow it (and two consecutive partials agree
# on it). One was not enough on JFK: "as not" stood for 2 s before Vosk revised it to "ask not what".
FOLLOWING_WORDS = 2


class VoskRecognizer:
    """Vosk's text partial for the current utterance, settled early by agreement between revisions.

    The partial is Vosk's plain best path, which follows the audio chunk by chunk. Its word-aligned
    variant (``SetPartialWords``) lags one to two seconds behind it on this model (the lattice must be
    word-aligned first), so it is not used: words settled before Vosk's endpoint get estimated times
    (the end is when the word first appeared in the partial, the start the previous word's end); the
    words of Vosk's own final result, after a pause, carry its exact times.

    Vosk's own final comes only after a pause, which in fluent speech can be many seconds, so a word
    is settled earlier once two consecutive *different* partials agree on it and
    ``FOLLOWING_WORDS`` words follow it (a word near the end has too little right context yet).
    """

    engine = "vosk"
    language = "en"

    def __init__(self) -> None:
        self._rec = vosk_recognizer(_shared_model(), SAMPLE_RATE)
        self._rec.SetWords(True)
        self._previous: List[str] = []  # words of the last distinct partial
        self._seen: List[float] = []  # session time at which each of those words first appeared
        self._settled: List[Dict[str, Any]] = []  # words of this utterance already sent as final
        self._samples = 0
        self._utterance_start = 0.0
        # Lines (utterances) that ended since the last call of take_lines: (start, end, Vosk's text).
        self._ended: List[Tuple[float, float, str]] = []

    def accept(self, pcm: bytes) -> List[Event]:
        self._samples += len(pcm) // 2
        now = self._samples / SAMPLE_RATE
        if self._rec.AcceptWaveform(pcm):
            return self._utterance_end(json.loads(self._rec.Result()))
        words = json.loads(self._rec.PartialResult()).get("partial", "").split()
        if words == self._previous:
            return []
        agreed = 0
        while agreed < min(len(words), len(self._previous)) and words[agreed] == self._previous[agreed]:
            agreed += 1
        self._seen = self._seen[:agreed] + [now] * (len(words) - agreed)
        self._previous = words
        settle = min(agreed, len(words) - FOLLOWING_WORDS)
        events: List[Event] = []
        if settle > len(self._settled):
            new: List[Dict[str, Any]] = []
            for i in range(len(self._settled), settle):
                start = new[-1]["end"] if new else (self._settled[-1]["end"] if self._settled else self._utterance_start)
                # A word shows about one 200 ms chunk after its audio ended.
                end = max(start, self._seen[i] - 0.2)
                new.append(word(words[i], start, end))
            self._settled += new
            events.append(final(new))
        rest = words[len(self._settled) :]
        start = self._settled[-1]["end"] if self._settled else self._utterance_start
        events.append(partial(" ".join(rest), start))
        return events

    def finish(self) -> List[Event]:
        return self._utterance_end(json.loads(self._rec.FinalResult()))

    def take_lines(self) -> List[Tuple[float, float, str]]:
        """The lines that ended since the last call: their finals will not change any more."""
        ended, self._ended = self._ended, []
        return ended

    def _utterance_end(self, result: Dict[str, Any]) -> List[Event]:
        words = [
            word(w["word"], w["start"], w["end"])  # Vosk counts from the start of the stream
            for w in result.get("result", [])
            if w.get("word")
        ][len(self._settled) :]
        if words and self._settled:
            # Times of early-settled words were estimates: the rest may not start before them.
            floor = self._settled[-1]["end"]
            words = [word(w["word"], max(w["start"], floor), max(w["end"], floor)) for w in words]
        line = self._settled + words
        if line:
            self._ended.append((line[0]["start"], line[-1]["end"], " ".join(w["word"] for w in line)))
        now = self._samples / SAMPLE_RATE
        self._previous, self._seen, self._settled = [], [], []
        self._utterance_start = now
        events: List[Event] = [final(words)] if words else []
        events.append(partial("", now))  # clears what the utterance showed, if anything
        return events
