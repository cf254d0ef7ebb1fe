"""Live captions with Whisper for every language: voice-activity segmentation + local agreement.

Whisper is not a streaming model, so the audio of the current utterance is decoded again every
second as it grows (the approach of whisper_streaming), with the encoder run on that audio only
(:mod:`.short_window`: 0.2-0.9 s a decode instead of about 2 s for Whisper's 30 s window). A word
becomes final once two consecutive decodes agree on it (the longest common prefix of the two
hypotheses) and half a second of audio after it has been heard (Whisper guesses the last word of
a cut-off sentence the same way twice: JFK's "ask" was "asked"); what is left is the partial.
When Silero VAD hears the speaker stop, the utterance is settled and its audio dropped, so a
decode never grows past one utterance (at most ``MAX_UTTERANCE`` seconds).

Whisper invents text on silence ("Thank you.", "Subtitles by..."): nothing is decoded unless VAD
found speech, and a word is kept only if it lies inside a voiced region.
"""

from __future__ import annotations

import re
import threading
from pathlib import Path
from typing import Any, Dict, List, Tuple

import numpy as np

from ..engine import Engine, VadOptions, WhisperSpec, get_speech_timestamps
from . import short_window
from .recognizer import SAMPLE_RATE, Event, final, partial, word

STEP_SECONDS = 1.0  # new audio between two decodes
END_SILENCE = 0.6  # trailing silence that ends an utterance
MAX_UTTERANCE = 15.0  # settle everything heard once an utterance is this long
RIGHT_CONTEXT = 0.5  # audio heard after a word before agreement may settle it
TRIM_AFTER = 6.0  # a buffer longer than this loses the audio of its settled words
SPEECH_PAD = 0.2  # a word must overlap a VAD region widened by this much

# One decode at a time on the machine: two at once would only make both slower.
decode_lock = threading.Lock()


def model_spec(path: Path, threads: int) -> WhisperSpec:
    """The live captions' Whisper: one copy on all the threads, since live decodes run one at a time (decode_lock)."""
    return WhisperSpec(str(path), cpu_threads=threads)


def speech_regions(audio: np.ndarray) -> List[Tuple[float, float]]:
    """Voiced spans (seconds from the start of ``audio``), by Silero VAD."""
    if len(audio) < SAMPLE_RATE // 4:
        return []
    options = VadOptions(min_silence_duration_ms=300, speech_pad_ms=100, min_speech_duration_ms=200)
    return [(s["start"] / SAMPLE_RATE, s["end"] / SAMPLE_RATE) for s in get_speech_timestamps(audio, options)]


def _key(text: str) -> str:
    return re.sub(r"[^\w']", "", text.lower())


class WhisperRecognizer:
    engine = "whisper"

    def __init__(self, model: Engine, language: str) -> None:
        self.language = language
        self._model = model
        self._buffer = np.zeros(0, dtype=np.float32)
        self._offset = 0.0  # session time of _buffer[0]
        self._since_decode = 0
        self._previous: List[Dict[str, Any]] = []  # last hypothesis, after the committed words
        self._committed_end = 0.0
        self._settled: List[Dict[str, Any]] = []  # final words still inside the buffer
        self._prompt: List[str] = []  # final words before the buffer, as context for the next decode

    def accept(self, pcm: bytes) -> List[Event]:
        samples = np.frombuffer(pcm, dtype="<i2").astype(np.float32) / 32768.0
        self._buffer = np.concatenate([self._buffer, samples])
        self._since_decode += len(samples)
        if self._since_decode < STEP_SECONDS * SAMPLE_RATE:
            return []
        self._since_decode = 0
        return self._step(finishing=False)

    def finish(self) -> List[Event]:
        return self._step(finishing=True)

    def _step(self, finishing: bool) -> List[Event]:
        regions = speech_regions(self._buffer)
        duration = len(self._buffer) / SAMPLE_RATE
        if not regions:
            # Silence: keep only a short tail (a word may be starting), nothing to show.
            self._drop(max(0.0, duration - 0.5))
            return []
        ended = duration - regions[-1][1] >= END_SILENCE
        hypothesis = self._decode(regions)
        settle = finishing or ended or duration >= MAX_UTTERANCE
        if settle:
            events = self._commit(hypothesis)
            self._previous = []
            cut = regions[-1][1] if ended or finishing else (hypothesis[-1]["end"] - self._offset if hypothesis else duration)
            self._drop(min(duration, max(0.0, cut)))
            events.append(partial("", self._committed_end))
            return events
        agreed = 0
        while (
            agreed < min(len(hypothesis), len(self._previous))
            and _key(hypothesis[agreed]["word"]) == _key(self._previous[agreed]["word"])
        ):
            agreed += 1
        # Whisper guesses the last word of a cut-off sentence, the same way twice ("asked" for "ask").
        heard_until = self._offset + duration - RIGHT_CONTEXT
        while agreed > 0 and hypothesis[agreed - 1]["end"] > heard_until:
            agreed -= 1
        events = self._commit(hypothesis[:agreed])
        self._previous = hypothesis[agreed:]
        rest = " ".join(w["word"] for w in self._previous)
        events.append(partial(rest, self._previous[0]["start"] if self._previous else self._committed_end))
        return events

    def _commit(self, words: List[Dict[str, Any]]) -> List[Event]:
        if not words:
            return []
        self._committed_end = words[-1]["end"]
        self._settled += words
        if len(self._buffer) / SAMPLE_RATE > TRIM_AFTER:
            # Decodes stay short: the settled words' audio goes, their text becomes the prompt.
            self._drop(self._committed_end - self._offset)
        return [final(words)]

    def _drop(self, seconds: float) -> None:
        samples = int(seconds * SAMPLE_RATE)
        self._buffer = self._buffer[samples:]
        self._offset += samples / SAMPLE_RATE
        # Settled words whose audio is gone become context; the ones still heard must not be in the
        # prompt too, or Whisper skips them as already said.
        gone = [w for w in self._settled if w["end"] <= self._offset + 0.01]
        self._settled = [w for w in self._settled if w["end"] > self._offset + 0.01]
        self._prompt = (self._prompt + [w["word"] for w in gone])[-40:]

    def _decode(self, regions: List[Tuple[float, float]]) -> List[Dict[str, Any]]:
        """Words of the buffer not yet committed, with session times, inside voiced regions."""
        with decode_lock:
            result = short_window.decode(self._model, self._buffer, self.language, " ".join(self._prompt) or None)
        if result.no_speech_prob > 0.6 and result.avg_logprob < -1.0:
            return []  # Whisper's own "nobody speaks here", with a low-confidence text: invented
        words: List[Dict[str, Any]] = []
        for w in result.words:
            voiced = any(w.start < b + SPEECH_PAD and w.end > a - SPEECH_PAD for a, b in regions)
            start, end = self._offset + w.start, self._offset + w.end
            if voiced and end > self._committed_end + 0.05:
                words.append(word(w.text, start, end))
        # Times shift a little between decodes: a settled word may come back just after the cut.
        tail = [_key(w["word"]) for w in self._settled[-3:]]
        for n in range(min(3, len(tail), len(words)), 0, -1):
            if [_key(w["word"]) for w in words[:n]] == tail[-n:]:
                return words[n:]
        return words


def detect_language(model: Engine, audio: np.ndarray) -> Tuple[str, float]:
    with decode_lock:
        language, probability, _all = model.detect_language(audio)
    return language, probability
