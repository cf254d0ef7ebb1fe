"""English live captions with Vosk (Kaldi), a true streaming recogniser.

A 200 ms chunk takes about 35 ms on one core; the recogniser keeps its own endpointing, so a
final comes after a short pause and partials after every chunk. Vosk's text is lower case
without punctuation: the final transcript (the batch engine) replaces it after the session.
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any, Dict, List, Optional

from .recognizer import SAMPLE_RATE, Event, final, partial, word

DEFAULT_MODEL_DIR = Path(__file__).resolve().parents[2] / "models" / "vosk-model-en-us"

_model_lock = threading.Lock()
_model: Optional[Any] = None


def model_dir() -> Path:
    return Path(os.environ.get("SCRIVO_VOSK_MODEL") or DEFAULT_MODEL_DIR)


def available() -> bool:
    """The model is unpacked and the ``vosk`` wheel installed (otherwise English goes to Whisper too)."""
    try:
        import vosk  # noqa: F401
    except ImportError:
        return False
    return (model_dir() / "am" / "final.mdl").is_file()


def _shared_model() -> Any:
    """One model for every session (about 220 MB); each session has its own recogniser."""
    global _model
    with _model_lock:
        if _model is None:
            import vosk

            vosk.SetLogLevel(-1)
            if not available():
                raise RuntimeError(
                    f"Vosk model not found in {model_dir()}: run worker/scripts/fetch-vosk-model.sh"
                )
            _model = vosk.Model(str(model_dir()))
        return _model


class VoskRecognizer:
    """Vosk's partial for the current utterance, with local agreement between its revisions.

    Vosk revises its partial as more of the utterance arrives ("as not" becomes "ask not what
    your country"). Its own final comes only after a pause, which in fluent speech can be many
    seconds, so a word is settled earlier once two consecutive *different* partials agree on it
    (the common prefix, less the last word of either, which has no right context yet), the rule
    the Whisper engine uses between decodes.
    """

    engine = "vosk"
    language = "en"

    def __init__(self) -> None:
        import vosk

        self._rec = vosk.KaldiRecognizer(_shared_model(), SAMPLE_RATE)
        self._rec.SetWords(True)
        self._rec.SetPartialWords(True)
        self._previous: List[Dict[str, Any]] = []  # words of the last distinct partial
        self._settled = 0  # words of this utterance already sent as final
        self._samples = 0
        self._offset = 0.0  # session time at which Vosk's clock started (it restarts after Reset)
        self._last_text = ""

    def accept(self, pcm: bytes) -> List[Event]:
        self._samples += len(pcm) // 2
        if self._rec.AcceptWaveform(pcm):
            return self._utterance_end(json.loads(self._rec.Result()))
        words = self._words(json.loads(self._rec.PartialResult()).get("partial_result", []))
        if [w["word"] for w in words] == [w["word"] for w in self._previous]:
            return []
        agreed = 0
        while agreed < min(len(words), len(self._previous)) and words[agreed]["word"] == self._previous[agreed]["word"]:
            agreed += 1
        # The last word of a hypothesis has no right context yet ("as" before "not what"): never settled.
        agreed = min(agreed, len(self._previous) - 1, len(words) - 1)
        self._previous = words
        events: List[Event] = []
        if agreed > self._settled:
            events.append(final(words[self._settled : agreed]))
            self._settled = agreed
        rest = words[self._settled :]
        text = " ".join(w["word"] for w in rest)
        if events or text != self._last_text:
            self._last_text = text
            events.append(partial(text, rest[0]["start"] if rest else self._samples / SAMPLE_RATE))
        return events

    def finish(self) -> List[Event]:
        return self._utterance_end(json.loads(self._rec.FinalResult()))

    def _words(self, raw: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
        return [word(w["word"], self._offset + w["start"], self._offset + w["end"]) for w in raw if w.get("word")]

    def _utterance_end(self, result: Dict[str, Any]) -> List[Event]:
        words = self._words(result.get("result", []))[self._settled :]
        self._previous, self._settled, self._last_text = [], 0, ""
        now = self._samples / SAMPLE_RATE
        events: List[Event] = [final(words)] if words else []
        events.append(partial("", now))  # clears what the utterance showed, if anything
        return events
