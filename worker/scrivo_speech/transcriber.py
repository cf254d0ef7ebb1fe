"""Speech recognition with faster-whisper, producing Scrivo's canonical transcript shape.

:meth:`Transcriber.events` yields the same objects that ``POST /transcribe`` streams as NDJSON:

* ``{"type": "info", "language", "languageProbability", "duration"}`` once, first;
* ``{"type": "progress", "progress", "segment"}`` after each segment;
* ``{"type": "result", "text", "language", "languageProbability", "duration", "segments", "chunks"}`` last.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any, BinaryIO, Dict, Iterator, List, Optional, Union

from . import audio as audio_mod

# Language codes Whisper knows (ISO 639-1, plus "haw", "yue"...).
try:
    from faster_whisper.tokenizer import _LANGUAGE_CODES as LANGUAGE_CODES
except ImportError:  # pragma: no cover - moved in a future faster-whisper
    LANGUAGE_CODES = ()

TASKS = ("transcribe", "translate")
DEFAULT_WINDOW_SECONDS = 300.0


def _r(value: float) -> float:
    return round(float(value), 3)


def segment_dict(segment: Any, offset: float = 0.0) -> Dict[str, Any]:
    words = []
    for word in segment.words or ():
        text = word.word.strip()
        if not text:
            continue
        words.append(
            {
                "start": _r(word.start + offset),
                "end": _r(word.end + offset),
                "text": text,
                "probability": _r(word.probability),
            }
        )
    return {
        "start": _r(segment.start + offset),
        "end": _r(segment.end + offset),
        "text": segment.text.strip(),
        "words": words,
    }


class Transcriber:
    """Holds one loaded model. Not thread-safe by design: callers serialise with :attr:`lock`."""

    def __init__(
        self,
        model_path: Union[str, Path],
        threads: Optional[int] = None,
        compute_type: str = "int8",
        window_seconds: float = DEFAULT_WINDOW_SECONDS,
        beam_size: int = 5,
    ):
        from faster_whisper import WhisperModel

        self.model_path = str(model_path)
        self.threads = threads or os.cpu_count() or 1
        self.compute_type = compute_type
        self.window_seconds = window_seconds
        self.beam_size = beam_size
        self.model = WhisperModel(
            self.model_path,
            device="cpu",
            compute_type=compute_type,
            cpu_threads=self.threads,
            num_workers=1,
        )
        self.multilingual = bool(self.model.model.is_multilingual)
        self.lock = threading.Lock()

    def events(
        self,
        path: Union[str, Path, BinaryIO],
        language: Optional[str] = None,
        task: str = "transcribe",
        vad: bool = True,
        duration: Optional[float] = None,
    ) -> Iterator[Dict[str, Any]]:
        """Transcribe the audio file at ``path`` (or a seekable binary file object); see the module
        docstring for the events.

        ``duration`` (seconds) is measured with :func:`audio.probe` when not given. Raises
        :class:`audio.AudioDecodeError` for undecodable input (before the first event when the
        file can't be opened at all).
        """
        if task not in TASKS:
            raise ValueError(f"task must be one of {', '.join(TASKS)}")
        if language is not None and language not in LANGUAGE_CODES:
            raise ValueError(f"unknown language code {language!r}")
        if duration is None:
            duration = audio_mod.probe(path).duration
        total = max(float(duration), 1e-6)

        fixed_language = language
        info_sent = False
        detected = (language or "en", 1.0 if language else 0.0)
        segments: List[Dict[str, Any]] = []
        texts: List[str] = []

        for offset, samples in audio_mod.iter_windows(path, self.window_seconds):
            pieces, info = self.model.transcribe(
                samples,
                language=fixed_language,
                task=task,
                beam_size=self.beam_size,
                vad_filter=vad,
                word_timestamps=True,
                condition_on_previous_text=False,
            )
            if not info_sent:
                detected = (info.language, info.language_probability)
                info_sent = True
                yield {
                    "type": "info",
                    "language": detected[0],
                    "languageProbability": _r(detected[1]),
                    "duration": _r(duration),
                }
            window_had_speech = False
            for piece in pieces:
                segment = segment_dict(piece, offset)
                if not segment["text"]:
                    continue
                window_had_speech = True
                texts.append(piece.text)
                segments.append(segment)
                yield {
                    "type": "progress",
                    "progress": round(min(1.0, max(0.0, segment["end"] / total)), 4),
                    "segment": segment,
                }
            del samples
            # Detect once, then keep that language for the following windows of a long file.
            # Windows without speech don't count: their detection means nothing.
            if fixed_language is None and window_had_speech:
                fixed_language = info.language
                detected = (info.language, info.language_probability)

        if not info_sent:  # pragma: no cover - probe guarantees some audio
            yield {"type": "info", "language": detected[0], "languageProbability": 0.0, "duration": _r(duration)}
        yield {
            "type": "result",
            "text": "".join(texts).strip(),
            "language": detected[0],
            "languageProbability": _r(detected[1]),
            "duration": _r(duration),
            "segments": segments,
            "chunks": [{"text": s["text"], "timestamp": [s["start"], s["end"]]} for s in segments],
        }

    def transcribe(self, path: Union[str, Path, BinaryIO], **options: Any) -> Dict[str, Any]:
        """The final result object (``/asr`` shape) without the ``type`` key."""
        result: Dict[str, Any] = {}
        for event in self.events(path, **options):
            if event["type"] == "result":
                result = {k: v for k, v in event.items() if k != "type"}
        return result
