"""One live session: picks the engine for its language and counts the audio it has processed.

``language="en"`` uses Vosk (when its model is installed), any other language Whisper. With no
language, Whisper guesses it from the first voiced seconds (again with more audio while it is
unsure), on a thread of its own so the audio
keeps flowing; meanwhile Vosk shows the words it hears as provisional text (partials only: nothing
is settled before the language is known). English keeps that Vosk recogniser, so nothing is
repeated; another language clears the provisional text and Whisper is fed everything heard so far.
"""

from __future__ import annotations

import threading
from typing import Any, Callable, Dict, List, Optional, Tuple

import numpy as np

from . import vosk_engine, whisper_engine
from ..engine import Engine
from . import short_window
from .recognizer import BYTES_PER_SAMPLE, SAMPLE_RATE, Event, StreamingRecognizer, final, partial, revise

DETECT_AFTER_SPEECH = 2.0  # seconds of voiced audio before the language is guessed
DETECT_AT_MOST = 4.0  # guess with whatever was heard by then, if any of it is speech
# A guess below this probability is tried again with more audio, until DETECT_SURE_BY seconds: 0.64 s of the
# Spanish test clip read as Arabic with 0.96, 1.6 s as Spanish with 0.26, 2.1 s as Spanish with 0.97.
DETECT_SURE = 0.7
DETECT_SURE_BY = 8.0
LINE_PAD = 0.3  # audio around a finished line that Whisper hears too (Vosk's word times are estimates)


class LineCasing:
    """Vosk's finished lines read again by Whisper, on a thread: the same words, cased and punctuated.

    Vosk is fast but writes lower case without punctuation; a finished line (Vosk heard a pause) is
    short, so Whisper's short-window decode takes a fraction of a second for it. The result replaces
    the line's finals (a ``revise`` event) unless it is not the same speech (an empty or much
    shorter or longer text: Whisper invents words on noise).
    """

    def __init__(self, whisper: Callable[[], Engine]) -> None:
        self._whisper = whisper
        self._audio = bytearray()
        self._offset = 0.0  # session seconds of _audio[0]
        self._ready: List[Event] = []
        self._lock = threading.Lock()
        self._threads: List[threading.Thread] = []

    def hear(self, pcm: bytes) -> None:
        self._audio.extend(pcm)

    def line_ended(self, start: float, end: float, vosk_text: str) -> None:
        def at(seconds: float) -> int:
            return max(0, int((seconds - self._offset) * SAMPLE_RATE)) * BYTES_PER_SAMPLE

        clip = bytes(self._audio[at(start - LINE_PAD) : at(end + LINE_PAD)])
        cut = at(end - LINE_PAD)
        del self._audio[:cut]
        self._offset += cut / BYTES_PER_SAMPLE / SAMPLE_RATE
        if not clip:
            return
        thread = threading.Thread(target=self._read, args=(clip, start, end, vosk_text), name="live-casing", daemon=True)
        self._threads = [t for t in self._threads if t.is_alive()] + [thread]
        thread.start()

    def _read(self, clip: bytes, start: float, end: float, vosk_text: str) -> None:
        audio = np.frombuffer(clip, dtype="<i2").astype(np.float32) / 32768.0
        with whisper_engine.decode_lock:
            result = short_window.decode(self._whisper(), audio, "en")
        text = " ".join(w.text for w in result.words).strip()
        said, read = len(vosk_text.split()), len(text.split())
        if not text or abs(said - read) > max(2, said // 2):
            return
        with self._lock:
            self._ready.append(revise(start, end, text))

    def take(self) -> List[Event]:
        with self._lock:
            ready, self._ready = self._ready, []
        return ready

    def finish(self) -> List[Event]:
        for thread in self._threads:
            thread.join()
        return self.take()


class LiveSession:
    def __init__(self, language: Optional[str], whisper: Callable[[], Engine], engine: Optional[str] = None) -> None:
        self._whisper = whisper
        self._forced_engine = engine
        self._held = bytearray()
        self._checked_at = 0.0  # seconds of held audio at the last voice check
        self._pending_odd = b""
        self.samples = 0
        self.recognizer: Optional[StreamingRecognizer] = None
        # While the language is unknown: Vosk's words so far, shown as provisional text.
        self._provisional: Optional[vosk_engine.VoskRecognizer] = None
        self._provisional_words: List[Dict[str, Any]] = []
        self._provisional_text = ""
        self._detection: Optional[threading.Thread] = None
        self._detected: Optional[Tuple[str, float]] = None
        # English through Vosk: finished lines are cased and punctuated by Whisper (None: not needed).
        self._casing: Optional[LineCasing] = (
            LineCasing(whisper) if (language in (None, "en") and engine != "whisper" and vosk_engine.available()) else None
        )
        if language:
            self.recognizer = self._engine_for(language)
        elif engine != "whisper" and vosk_engine.available():
            self._provisional = vosk_engine.VoskRecognizer()
        if self.recognizer is None or self._casing is not None:
            # Load Whisper now, off this thread, so the guess or the first line does not wait for the model.
            threading.Thread(target=whisper, name="live-whisper-load", daemon=True).start()

    @property
    def processed_seconds(self) -> float:
        return self.samples / SAMPLE_RATE

    def _engine_for(self, language: str) -> StreamingRecognizer:
        wants_vosk = self._forced_engine == "vosk" or (self._forced_engine is None and language == "en")
        if wants_vosk and vosk_engine.available():
            return vosk_engine.VoskRecognizer()
        return whisper_engine.WhisperRecognizer(self._whisper(), language)

    def accept(self, pcm: bytes) -> List[Event]:
        pcm = self._pending_odd + pcm
        usable = len(pcm) - len(pcm) % BYTES_PER_SAMPLE  # a chunk may split a sample
        pcm, self._pending_odd = pcm[:usable], pcm[usable:]
        self.samples += usable // BYTES_PER_SAMPLE
        if self._casing is not None:
            self._casing.hear(pcm)
        if self.recognizer is not None:
            return self._cased(self.recognizer.accept(pcm))
        self._held.extend(pcm)
        events = self._show_provisional(pcm)
        return self._cased(events + self._maybe_detect(finishing=False))

    def _cased(self, events: List[Event]) -> List[Event]:
        if self._casing is None:
            return events
        vosk = self.recognizer if isinstance(self.recognizer, vosk_engine.VoskRecognizer) else None
        for start, end, text in vosk.take_lines() if vosk else []:
            self._casing.line_ended(start, end, text)
        return events + self._casing.take()

    def finish(self) -> List[Event]:
        events: List[Event] = []
        if self.recognizer is None:
            if self._detection is not None:
                self._detection.join()
            events = self._maybe_detect(finishing=True)
        if self.recognizer is not None:
            events = self._cased(events + self.recognizer.finish())
        if self._casing is not None:
            events += self._casing.finish()
        return events

    def _show_provisional(self, pcm: bytes) -> List[Event]:
        if self._provisional is None:
            return []
        for event in self._provisional.accept(pcm):
            if event["type"] == "final":
                self._provisional_words += event["words"]
            else:
                self._provisional_text = event["text"]
        text = " ".join([w["word"] for w in self._provisional_words] + ([self._provisional_text] if self._provisional_text else []))
        return [partial(text, 0.0)] if text else []

    def _start_detection(self, audio: np.ndarray) -> None:
        def guess() -> None:
            self._detected = whisper_engine.detect_language(self._whisper(), audio)

        self._detection = threading.Thread(target=guess, name="live-language", daemon=True)
        self._detection.start()

    def _use_language(self, language: str, probability: float) -> List[Event]:
        keep_vosk = (
            self._provisional is not None and language == "en" and self._forced_engine in (None, "vosk")
        )
        self.recognizer = self._provisional if keep_vosk and self._provisional else self._engine_for(language)
        events: List[Event] = [
            {"type": "language", "language": language, "probability": round(probability, 3), "engine": self.recognizer.engine}
        ]
        held, self._held = bytes(self._held), bytearray()
        if keep_vosk:
            # The provisional words were English all along: they stand.
            if self._provisional_words:
                events.append(final(self._provisional_words))
            start = self._provisional_words[-1]["end"] if self._provisional_words else 0.0
            events.append(partial(self._provisional_text, start))
            return events
        if self._provisional is not None:
            events.append(partial("", 0.0))  # another language: the provisional words were guesses
        self._provisional = None
        if not isinstance(self.recognizer, vosk_engine.VoskRecognizer):
            self._casing = None
        # Replayed in the chunk size the engines expect, so Vosk endpoints as it would live.
        step = SAMPLE_RATE // 5 * BYTES_PER_SAMPLE
        for at in range(0, len(held), step):
            events += self.recognizer.accept(held[at : at + step])
        return events

    def _maybe_detect(self, finishing: bool) -> List[Event]:
        held_seconds = len(self._held) / BYTES_PER_SAMPLE / SAMPLE_RATE
        if self._detection is not None:
            if self._detection.is_alive():
                return []
            guess, self._detection, self._detected = self._detected, None, None
            if guess is not None and (finishing or guess[1] >= DETECT_SURE or held_seconds >= DETECT_SURE_BY):
                return self._use_language(*guess)
            # Unsure (or failed): guessed again below once more audio has come.
        audio = np.frombuffer(bytes(self._held), dtype="<i2").astype(np.float32) / 32768.0
        if held_seconds < 0.5 and not finishing:
            return []
        # VAD on the held audio every half second of it, not on every chunk.
        if not finishing and held_seconds - self._checked_at < 0.5:
            return []
        self._checked_at = held_seconds
        regions = whisper_engine.speech_regions(audio)
        voiced = sum(b - a for a, b in regions)
        if not regions and not finishing:
            return []
        if voiced < DETECT_AFTER_SPEECH and held_seconds < DETECT_AT_MOST and not finishing:
            return []
        if not regions:
            return []  # the session ended in silence: nothing to say
        if finishing:
            return self._use_language(*whisper_engine.detect_language(self._whisper(), audio))
        self._start_detection(audio)
        return []
