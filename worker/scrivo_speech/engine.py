"""The Whisper model as the worker uses it, and every faster-whisper name it needs beyond the public API.

faster-whisper's public API (``faster_whisper.__all__``: ``WhisperModel``, ``BatchedInferencePipeline``,
``decode_audio``...) decodes one file at a time with one language. The worker goes one level lower (decoding.py):
it encodes chunks itself, detects a language per chunk from that encoder output, decodes each chunk with its own
language token, and decodes live audio in a window shorter than 30 s (live/short_window.py). That needs the
model's encoder, tokenizer and feature extractor, and a few module-level names faster-whisper does not export.

:class:`Engine` says exactly what the worker's code calls on a loaded model (``faster_whisper.WhisperModel``
has all of it). The names below the public API are imported here and nowhere else, each with the reason, so an
upgrade of faster-whisper (pinned in requirements.txt) is checked in one place.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Iterable, List, Optional, Protocol, Sequence, Tuple

import numpy as np
from ctranslate2 import StorageView

# Segment and word records, and the decoding options: faster-whisper's own dataclasses, so the worker's
# segments go through its batched pipeline and word alignment unchanged.
from faster_whisper.transcribe import Segment, TranscriptionInfo, TranscriptionOptions, Word

# Whisper's tokenizer with a given language and task token: the worker decodes each chunk in its own language,
# which the public transcribe() does not offer (one language per call).
from faster_whisper.tokenizer import Tokenizer

# Silero voice activity, set up the way faster-whisper's batched path sets it up.
from faster_whisper.vad import VadOptions, get_speech_timestamps

__all__ = [
    "Ctranslate2Whisper",
    "Engine",
    "LANGUAGE_CODES",
    "Segment",
    "StorageView",
    "Tokenizer",
    "TranscriptionInfo",
    "TranscriptionOptions",
    "VadOptions",
    "Word",
    "batched_forward",
    "compression_ratio",
    "get_speech_timestamps",
    "pad_or_trim",
    "suppressed_tokens",
]


# Every language code Whisper knows. The public equivalent, WhisperModel.supported_languages, needs a loaded
# model, and the server checks a request's language before the model has finished loading.
try:
    from faster_whisper.tokenizer import _LANGUAGE_CODES as _CODES

    LANGUAGE_CODES: Tuple[str, ...] = tuple(_CODES)
except ImportError:  # pragma: no cover - renamed in a later faster-whisper: every language is then refused
    LANGUAGE_CODES = ()


class Ctranslate2Whisper(Protocol):
    """The CTranslate2 model under a WhisperModel (``WhisperModel.model``): encoder, language detection on encoder
    output, generation. Called directly so one encoder pass serves both detection and decoding."""

    @property
    def is_multilingual(self) -> bool: ...

    @property
    def num_workers(self) -> int: ...

    def encode(self, features: StorageView, to_cpu: bool = False) -> StorageView: ...

    def detect_language(self, encoder_output: StorageView) -> List[List[Tuple[str, float]]]: ...

    # ctranslate2.models.WhisperGenerationResult has no type information to name.
    def generate(self, encoder_output: StorageView, prompts: List[List[int]], **options: Any) -> List[Any]: ...


class Engine(Protocol):
    """What the worker calls on a loaded Whisper model (a ``faster_whisper.WhisperModel``)."""

    def __hash__(self) -> int: ...  # tokenizers are cached per model (live/short_window.py)

    @property
    def model(self) -> Ctranslate2Whisper: ...

    @property
    def hf_tokenizer(self) -> Any: ...  # a tokenizers.Tokenizer, passed on to Tokenizer only

    @property
    def feature_extractor(self) -> Callable[[np.ndarray], np.ndarray]: ...

    def encode(self, features: np.ndarray) -> StorageView: ...

    def transcribe(
        self,
        audio: np.ndarray,
        *,
        language: Optional[str],
        task: str,
        beam_size: int,
        vad_filter: bool,
        word_timestamps: bool,
        condition_on_previous_text: bool,
    ) -> Tuple[Iterable[Segment], TranscriptionInfo]: ...

    def detect_language(self, audio: np.ndarray) -> Tuple[str, float, List[Tuple[str, float]]]: ...

    def get_prompt(self, tokenizer: Tokenizer, previous_tokens: List[int], without_timestamps: bool = False) -> List[int]: ...

    def find_alignment(
        self, tokenizer: Tokenizer, text_tokens: List[List[int]], encoder_output: StorageView, num_frames: int
    ) -> List[List[Dict[str, Any]]]: ...


def pad_or_trim(features: np.ndarray) -> np.ndarray:
    """Log-mel features padded or cut to Whisper's 30 s window (3000 frames), as its encoder expects."""
    from faster_whisper.audio import pad_or_trim as fit

    return fit(features)


def suppressed_tokens(tokenizer: Tokenizer) -> Tuple[int, ...]:
    """The tokens Whisper never writes (its default "-1" set: symbols, speaker tags), as transcribe() suppresses
    them; the worker calls the decoder itself, so it passes them itself. The same for every language and task."""
    from faster_whisper.transcribe import get_suppressed_tokens

    found: Tuple[int, ...] = get_suppressed_tokens(tokenizer, [-1])
    return found


def compression_ratio(text: str) -> float:
    """How well ``text`` compresses (gzip), the measure faster-whisper's guards read a looping decode by."""
    from faster_whisper.transcribe import get_compression_ratio

    return float(get_compression_ratio(text))


def batched_forward(
    model: Engine,
    encoded: StorageView,
    tokenizer: Tokenizer,
    chunks: Sequence[Dict[str, Any]],
    options: TranscriptionOptions,
) -> List[List[Dict[str, Any]]]:
    """Generation and word alignment of a batch of chunks whose encoder output is already computed.

    ``BatchedInferencePipeline.forward`` is the batched generation of faster-whisper's own batched path, but it
    encodes its features itself; the worker has encoded each chunk once already (for its language), so the model
    is handed over with its encoder answering from that output. The pipeline also reads parts of WhisperModel the
    worker's code does not call (word alignment, splitting by timestamps): ``model`` must be a real WhisperModel.
    ``chunks`` are faster-whisper's chunk metadata (``offset``, ``duration``, ``segments``). One list of raw
    segments (dicts) per chunk.
    """
    from faster_whisper.transcribe import BatchedInferencePipeline

    pipeline = BatchedInferencePipeline(_Encoded(model, encoded))
    features = np.zeros((len(chunks), 1, 1), dtype=np.float32)  # only its length is read: the encoder output is given
    out: List[List[Dict[str, Any]]] = pipeline.forward(features, tokenizer, list(chunks), options)
    return out


class _Encoded:
    """The model with its encoder answered from an output computed before."""

    def __init__(self, model: Engine, encoded: StorageView):
        self._model = model
        self._encoded = encoded

    def encode(self, _features: np.ndarray) -> StorageView:
        return self._encoded

    def __getattr__(self, name: str) -> Any:
        return getattr(self._model, name)
