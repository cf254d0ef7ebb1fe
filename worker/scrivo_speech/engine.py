"""Every model the worker runs, loaded here, and every faster-whisper name it needs beyond the public API.

faster-whisper's public API (``faster_whisper.__all__``: ``WhisperModel``, ``BatchedInferencePipeline``,
``decode_audio``...) decodes one file at a time with one language. The worker goes one level lower (decoding.py):
it encodes chunks itself, detects a language per chunk from that encoder output, decodes each chunk with its own
language token, and decodes live audio in a window shorter than 30 s (live/short_window.py). That needs the
model's encoder, tokenizer and feature extractor, and a few module-level names faster-whisper does not export.

:class:`Engine` says exactly what the worker's code calls on a loaded model (``faster_whisper.WhisperModel``
has all of it). The names below the public API are imported here and nowhere else, each with the reason, so an
upgrade of faster-whisper (pinned in requirements.txt) is checked in one place; tests/test_engine_boundary.py pins
the private ones.

The engines themselves (faster-whisper and CTranslate2, onnxruntime, Vosk) are imported by this module only, and every
model is loaded by :func:`load_model`: one place decides how a model is built (CPU, int8, threads, replicas, ONNX
session options) and keeps one copy of each for the process. tests/test_engine_boundary.py fails on an import of an
engine anywhere else in the package.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any, Callable, Dict, Iterable, List, Optional, Protocol, Sequence, Tuple, Union, overload

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
    "ModelSpec",
    "OnnxSpec",
    "OnnxSession",
    "Segment",
    "StorageView",
    "Tokenizer",
    "TranscriptionInfo",
    "TranscriptionOptions",
    "VadOptions",
    "VoskSpec",
    "WhisperSpec",
    "Word",
    "batched_forward",
    "compression_ratio",
    "get_speech_timestamps",
    "load_model",
    "pad_or_trim",
    "seed_sampling",
    "storage_view",
    "suppressed_tokens",
    "vosk_installed",
    "vosk_recognizer",
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
        max_new_tokens: Optional[int] = None,
    ) -> Tuple[Iterable[Segment], TranscriptionInfo]: ...

    def detect_language(self, audio: np.ndarray) -> Tuple[str, float, List[Tuple[str, float]]]: ...

    def get_prompt(self, tokenizer: Tokenizer, previous_tokens: List[int], without_timestamps: bool = False) -> List[int]: ...

    def find_alignment(
        self, tokenizer: Tokenizer, text_tokens: List[List[int]], encoder_output: StorageView, num_frames: int
    ) -> List[List[Dict[str, Any]]]: ...


class OnnxSession(Protocol):
    """An onnxruntime ``InferenceSession`` as the speaker models call it."""

    def run(self, output_names: Optional[List[str]], input_feed: Dict[str, np.ndarray]) -> List[np.ndarray]: ...


# -- loading -----------------------------------------------------------------------------------------------------

# A model is named by everything it is built from, so one asked for twice with the same settings is loaded once:
# the Whisper weights are 150-300 MB, and a diarizer built per transcriber or per test would load its ONNX files again.


@dataclass(frozen=True)
class WhisperSpec:
    """A Whisper model in CTranslate2 format, on the CPU. ``replicas`` copies share the weights and each runs on
    ``cpu_threads`` threads (transcriber.MODEL_REPLICAS says why two)."""

    path: str
    cpu_threads: int
    replicas: int = 1
    compute_type: str = "int8"


@dataclass(frozen=True)
class OnnxSpec:
    """An ONNX model (speaker segmentation, CAM++) run by onnxruntime on the CPU."""

    path: str
    threads: int


@dataclass(frozen=True)
class VoskSpec:
    """A Vosk (Kaldi) model directory: one per process, each live session makes its own recogniser from it."""

    path: str


ModelSpec = Union[WhisperSpec, OnnxSpec, VoskSpec]

_loaded: Dict[ModelSpec, Any] = {}
# One load at a time: two sessions asking for the same model at once must not both load it.
_loading = threading.Lock()


@overload
def load_model(spec: WhisperSpec) -> Engine: ...


@overload
def load_model(spec: OnnxSpec) -> OnnxSession: ...


@overload
def load_model(spec: VoskSpec) -> Any: ...


def load_model(spec: ModelSpec) -> Any:
    """The model ``spec`` names, loaded on the first call and the same object on every later one. A load that fails
    raises, and is tried again on the next call."""
    with _loading:
        model = _loaded.get(spec)
        if model is None:
            model = _loaded[spec] = _build(spec)
        return model


def _build(spec: ModelSpec) -> Any:
    if isinstance(spec, WhisperSpec):
        import faster_whisper

        return faster_whisper.WhisperModel(
            spec.path,
            device="cpu",
            compute_type=spec.compute_type,
            cpu_threads=spec.cpu_threads,
            num_workers=spec.replicas,
        )
    if isinstance(spec, OnnxSpec):
        import onnxruntime as ort

        options = ort.SessionOptions()
        options.intra_op_num_threads = spec.threads
        # The threads go inside each operator; branches run in parallel would take the same cores from them.
        options.inter_op_num_threads = 1
        options.log_severity_level = 3  # errors only: stderr is the worker's JSON log
        return ort.InferenceSession(spec.path, options, providers=["CPUExecutionProvider"])
    import vosk

    vosk.SetLogLevel(-1)  # Kaldi logs every stage of the load to stderr, which is the worker's JSON log
    return vosk.Model(spec.path)


def vosk_installed() -> bool:
    """Whether the optional ``vosk`` wheel is there (without it, English live captions use Whisper too)."""
    try:
        import vosk  # noqa: F401
    except ImportError:
        return False
    return True


def vosk_recognizer(model: Any, sample_rate: int) -> Any:
    """A new streaming recogniser (``vosk.KaldiRecognizer``) over a model from :func:`load_model`."""
    import vosk

    return vosk.KaldiRecognizer(model, sample_rate)


def storage_view(array: np.ndarray) -> StorageView:
    """``array`` as CTranslate2's input type (it needs C-contiguous memory)."""
    return StorageView.from_array(np.ascontiguousarray(array))


def seed_sampling(seed: int) -> None:
    """Seeds CTranslate2's sampling (the temperature fallback) for the decodes that follow."""
    import ctranslate2

    ctranslate2.set_random_seed(seed)


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
