"""One live session: picks the engine for its language and counts the audio it has processed.

``language="en"`` uses Vosk (when its model is installed), any other language Whisper. With no
language the first voiced seconds are held back, Whisper detects the language, and the chosen
engine is then fed everything heard so far (so detection costs latency once, at the start).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, List, Optional

import numpy as np

from . import vosk_engine, whisper_engine
from .recognizer import BYTES_PER_SAMPLE, SAMPLE_RATE, Event, StreamingRecognizer

DETECT_AFTER_SPEECH = 1.5  # seconds of voiced audio before the language is guessed
DETECT_AT_MOST = 6.0  # guess with whatever was heard by then


class LiveSession:
    def __init__(self, language: Optional[str], whisper: Callable[[], Any], engine: Optional[str] = None) -> None:
        self._whisper = whisper
        self._forced_engine = engine
        self._held = bytearray()
        self._checked_at = 0.0  # seconds of held audio at the last voice check
        self._pending_odd = b""
        self.samples = 0
        self.recognizer: Optional[StreamingRecognizer] = None
        if language:
            self.recognizer = self._engine_for(language)

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
        if self.recognizer is not None:
            return self.recognizer.accept(pcm)
        self._held.extend(pcm)
        return self._maybe_detect(finishing=False)

    def finish(self) -> List[Event]:
        events: List[Event] = []
        if self.recognizer is None:
            events = self._maybe_detect(finishing=True)
        if self.recognizer is not None:
            events += self.recognizer.finish()
        return events

    def _maybe_detect(self, finishing: bool) -> List[Event]:
        audio = np.frombuffer(bytes(self._held), dtype="<i2").astype(np.float32) / 32768.0
        held_seconds = len(audio) / SAMPLE_RATE
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
        language, probability = whisper_engine.detect_language(self._whisper(), audio)
        self.recognizer = self._engine_for(language)
        held, self._held = bytes(self._held), bytearray()
        events: List[Event] = [
            {"type": "language", "language": language, "probability": round(probability, 3), "engine": self.recognizer.engine}
        ]
        # Replayed in the chunk size the engines expect, so Vosk endpoints as it would live.
        step = SAMPLE_RATE // 5 * BYTES_PER_SAMPLE
        for at in range(0, len(held), step):
            events += self.recognizer.accept(held[at : at + step])
        return events
