"""Speakers told apart by voice: CAM++ speaker embeddings over pyannote segmentation tracks.

:mod:`diarize` finds *tracks* (one local speaker of the segmentation model, followed through
overlapping 10 s windows) and keeps each track's clean speech (frames where it speaks alone). Here
each track's clean speech becomes a 192-dimensional CAM++ embedding (3D-Speaker, Apache-2.0, ONNX;
80-bin fbank from ``kaldi-native-fbank``), and the tracks are clustered by cosine similarity:
average linkage, merged while the closest clusters are more alike than ``threshold`` (so the number
of speakers is estimated), or until ``num_speakers`` remain when the caller knows it. Two tracks
heard at the same time in one window are never merged. Overlap and word alignment come from the
segmentation's frame activity, as before (see :meth:`diarize.DiarizationSession._turns`).

Everything that diarizes is behind :class:`Diarizer` (``session()`` → ``feed``/``finish``) so a full
pyannote pipeline can replace this one where PyTorch is available.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Dict, List, Optional, Protocol, Sequence, Union

import numpy as np

from . import diarize as diarize_mod

EMBEDDING_FILE = "campplus_cn_en_common.onnx"
EMBEDDING_SHA256 = "e4c4c3815bc1a8e01f5682b7b5a46344017e09a36208e16c4896094fc2fbf18a"
# Shipped with the code (worker/models/campplus-sv-zh-en-common/README.md: licence and provenance).
EMBEDDING_DIR = Path(__file__).resolve().parent.parent / "models" / "campplus-sv-zh-en-common"
# Cosine similarity above which two clusters are one voice. CAM++ gives 0.8-0.95 for one speaker
# and below 0.5 for two on clean clips; chosen on the multi-speaker sets in bench/README.md.
SAME_SPEAKER = 0.55
MIN_EMBED_SECONDS = 1.0  # units with less clean speech join the nearest speaker, never start one
EMBED_SECONDS = 6.0  # clean speech embedded per local speaker and window (10 s windows)


class Session(Protocol):
    def feed(self, samples: np.ndarray) -> None: ...

    def finish(self) -> List[diarize_mod.Turn]: ...


class Diarizer(Protocol):
    """Who spoke when: a new :class:`Session` per recording."""

    def session(self, num_speakers: Optional[int] = None) -> Session: ...


def find_embedding_model() -> Optional[Path]:
    """The CAM++ ONNX file: ``SCRIVO_SPEAKER_MODEL``, else the copy shipped in worker/models/."""
    named = os.environ.get("SCRIVO_SPEAKER_MODEL")
    candidate = Path(named) if named else EMBEDDING_DIR / EMBEDDING_FILE
    return candidate if candidate.is_file() else None


def diarizer_status() -> Dict[str, Optional[str]]:
    """Which diarizer ``default_diarizer`` builds, and why it is degraded when it is (for /health and the
    start-up log; checks the same things without loading the model)."""
    model = find_embedding_model()
    reason: Optional[str] = None
    if model is None:
        reason = f"the CAM++ speaker model is missing ({os.environ.get('SCRIVO_SPEAKER_MODEL') or EMBEDDING_DIR / EMBEDDING_FILE})"
    else:
        try:
            import kaldi_native_fbank  # noqa: F401
        except ImportError:
            reason = "kaldi-native-fbank is not installed (run worker/scripts/setup.sh)"
    if reason is not None:
        return {"name": "segmentation-only", "model": None, "degraded": reason}
    return {"name": "campplus", "model": str(model), "degraded": None}


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


class Embedder:
    """CAM++: 16 kHz float32 audio → unit-length 192-d speaker embedding."""

    def __init__(self, model_path: Union[str, Path], threads: Optional[int] = None, check_hash: bool = True):
        import onnxruntime as ort

        path = Path(model_path)
        if check_hash and sha256(path) != EMBEDDING_SHA256:
            raise ValueError(f"{path}: sha256 differs from the CAM++ export ({EMBEDDING_SHA256})")
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads or os.cpu_count() or 1
        options.inter_op_num_threads = 1
        options.log_severity_level = 3
        self.session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])

    @staticmethod
    def features(samples: np.ndarray) -> np.ndarray:
        """80-bin log mel filterbank, 25 ms / 10 ms, no dither, mean removed over time (3D-Speaker's)."""
        import kaldi_native_fbank as knf

        options = knf.FbankOptions()
        options.frame_opts.dither = 0.0
        options.frame_opts.samp_freq = diarize_mod.SAMPLE_RATE
        options.mel_opts.num_bins = 80
        fbank = knf.OnlineFbank(options)
        fbank.accept_waveform(diarize_mod.SAMPLE_RATE, (samples * 32768.0).tolist())
        fbank.input_finished()
        feats = np.array([fbank.get_frame(i) for i in range(fbank.num_frames_ready)], dtype=np.float32)
        return feats - feats.mean(axis=0, keepdims=True)

    def __call__(self, samples: np.ndarray) -> np.ndarray:
        feats = self.features(np.asarray(samples, dtype=np.float32))
        embedding = self.session.run(None, {"feats": feats[None]})[0][0]
        return embedding / max(float(np.linalg.norm(embedding)), 1e-9)


def cluster(
    embeddings: np.ndarray,
    cannot_link: Sequence[tuple] = (),
    threshold: float = SAME_SPEAKER,
    num_speakers: Optional[int] = None,
) -> List[int]:
    """Cluster index per row (first appearance order): average-linkage agglomeration on cosine
    similarity. Merges while the best pair is above ``threshold``, or down to ``num_speakers``.
    Rows in a ``cannot_link`` pair never end in one cluster."""
    n = len(embeddings)
    if n == 0:
        return []
    free = (embeddings @ embeddings.T).astype(np.float64)  # without the cannot-link constraints
    np.fill_diagonal(free, -np.inf)
    sim = free.copy()
    for a, b in cannot_link:
        sim[a, b] = sim[b, a] = -np.inf
    size = np.ones(n)
    alive = np.ones(n, dtype=bool)
    parent = list(range(n))
    count = n
    both = alive[:, None] & alive[None, :]
    while count > 1:
        both = alive[:, None] & alive[None, :]
        masked = np.where(both, sim, -np.inf)
        i, j = divmod(int(np.argmax(masked)), n)
        best = masked[i, j]
        if num_speakers is None:
            if not np.isfinite(best) or best < threshold:
                break
        elif count <= num_speakers:
            break
        elif not np.isfinite(best):
            # A known count wins over "heard at once": merge the closest clusters anyway.
            masked = np.where(both, free, -np.inf)
            i, j = divmod(int(np.argmax(masked)), n)
        # Average linkage (Lance-Williams); a cannot-link (-inf) on either side stays.
        for matrix in (sim, free):
            merged = (size[i] * matrix[i] + size[j] * matrix[j]) / (size[i] + size[j])
            merged[np.isneginf(matrix[i]) | np.isneginf(matrix[j])] = -np.inf
            matrix[i], matrix[:, i] = merged, merged
            matrix[i, i] = -np.inf
        size[i] += size[j]
        alive[j] = False
        parent[j] = i
        count -= 1

    def root(k: int) -> int:
        while parent[k] != k:
            k = parent[k]
        return k

    roots = [root(k) for k in range(n)]
    order: Dict[int, int] = {}
    return [order.setdefault(r, len(order)) for r in roots]


class EmbeddingSession(diarize_mod.DiarizationSession):
    """Every local speaker of every window is a unit with its own embedding (pyannote's approach:
    no stitching between windows, so two people who follow each other are never one track)."""

    def __init__(self, segmenter: diarize_mod.Segmenter, embedder: Embedder, num_speakers: Optional[int] = None):
        super().__init__(segmenter)
        self.embedder = embedder
        self.num_speakers = num_speakers
        self.vectors: Dict[int, np.ndarray] = {}
        self.solo: Dict[int, float] = {}  # unit -> seconds of speech alone

    def _stitch(self, start: int, act: np.ndarray, audio: np.ndarray) -> None:
        F, S = diarize_mod.FIELD, diarize_mod.SHIFT
        frame0 = start // S
        valid = max(0, min(diarize_mod.FRAMES, (self.received - start - F) // S + 1))
        act = act.copy()
        act[valid:] = False
        active = act.sum(axis=0) >= diarize_mod.MIN_LOCAL_FRAMES
        alone = act & (act.sum(axis=1, keepdims=True) == 1)
        units = [-1, -1, -1]
        for i in range(3):
            if not active[i]:
                continue
            unit = units[i] = self.track_count
            self.track_count += 1
            frames = np.flatnonzero(alone[:, i])
            if frames.size < diarize_mod.MIN_LOCAL_FRAMES:
                continue
            mask = np.zeros(diarize_mod.WINDOW, dtype=bool)
            for f in frames:
                mask[f * S + F // 2 - S // 2 : f * S + F // 2 + S // 2] = True
            speech = audio[mask][: int(EMBED_SECONDS * diarize_mod.SAMPLE_RATE)]
            if speech.size >= diarize_mod.SAMPLE_RATE // 2:
                self.vectors[unit] = self.embedder(speech)
                self.solo[unit] = speech.size / diarize_mod.SAMPLE_RATE
        present = [u for u in units if u >= 0]
        for a in present:
            for b in present:
                if a < b:
                    self.cannot_link.add((a, b))
        self.windows.append(diarize_mod._Window(frame0, act, units))

    def _link_tracks(self) -> Dict[int, int]:
        strong = [u for u in sorted(self.vectors) if self.solo[u] >= MIN_EMBED_SECONDS]
        weak = [u for u in sorted(self.vectors) if self.solo[u] < MIN_EMBED_SECONDS]
        if not strong:  # only scraps of speech: the longest scrap is the one speaker
            strong = sorted(self.vectors, key=self.solo.__getitem__)[-1:]
            weak = [u for u in weak if u not in strong]
        if not strong:
            return {}
        index = {u: i for i, u in enumerate(strong)}
        links = [(index[a], index[b]) for a, b in self.cannot_link if a in index and b in index]
        labels = cluster(np.stack([self.vectors[u] for u in strong]), links, num_speakers=self.num_speakers)
        speaker_of = {u: labels[i] for i, u in enumerate(strong)}
        centroids = np.stack(
            [np.mean([self.vectors[u] for u in strong if speaker_of[u] == k], axis=0) for k in range(max(labels) + 1)]
        )
        for unit in weak:
            speaker_of[unit] = int(np.argmax(centroids @ self.vectors[unit]))
        self._follow_neighbours(speaker_of)
        return speaker_of

    def _follow_neighbours(self, speaker_of: Dict[int, int]) -> None:
        """Units without their own embedding (overlap only, or too short) take the speaker of the
        unit in a neighbouring window they are most co-active with."""
        for w, window in enumerate(self.windows):
            for i, unit in enumerate(window.tracks):
                if unit < 0 or unit in speaker_of:
                    continue
                votes: Dict[int, int] = {}
                for other in self.windows[max(0, w - 3) : w + 4]:
                    shift = other.frame0 - window.frame0
                    if other is window or abs(shift) >= diarize_mod.FRAMES:
                        continue
                    a, b = max(0, shift), min(diarize_mod.FRAMES, diarize_mod.FRAMES + shift)
                    mine = window.act[a:b, i]
                    for j, theirs in enumerate(other.tracks):
                        if theirs in speaker_of:
                            co = int(np.count_nonzero(mine & other.act[a - shift : b - shift, j]))
                            if co:
                                votes[speaker_of[theirs]] = votes.get(speaker_of[theirs], 0) + co
                if votes:
                    speaker_of[unit] = max(votes, key=votes.__getitem__)


class EmbeddingDiarizer:
    """pyannote segmentation-3.0 tracks + CAM++ embeddings + clustering (the default)."""

    def __init__(self, segmenter: diarize_mod.Segmenter, embedder: Embedder):
        self.segmenter = segmenter
        self.embedder = embedder

    def session(self, num_speakers: Optional[int] = None) -> Session:
        return EmbeddingSession(self.segmenter, self.embedder, num_speakers)


class SegmentationDiarizer:
    """Segmentation only (same-voice test with the segmentation model): used when no embedding
    model is installed."""

    def __init__(self, segmenter: diarize_mod.Segmenter):
        self.segmenter = segmenter

    def session(self, num_speakers: Optional[int] = None) -> Session:
        return diarize_mod.DiarizationSession(self.segmenter)


def default_diarizer(threads: Optional[int] = None) -> Diarizer:
    """CAM++ when its model and ``kaldi-native-fbank`` are installed, else segmentation only (it
    tells speakers apart less well: see bench/README.md)."""
    segmenter = diarize_mod.Segmenter(threads=threads)
    model = find_embedding_model()
    try:
        import kaldi_native_fbank  # noqa: F401
    except ImportError:
        model = None
    if model is None:
        return SegmentationDiarizer(segmenter)
    return EmbeddingDiarizer(segmenter, Embedder(model, threads=threads))


def diarize(samples: np.ndarray, diarizer: Diarizer, num_speakers: Optional[int] = None) -> List[diarize_mod.Turn]:
    """Diarize a whole 16 kHz mono float32 array (tests, bench)."""
    session = diarizer.session(num_speakers)
    step = 300 * diarize_mod.SAMPLE_RATE
    for i in range(0, samples.shape[0], step):
        session.feed(samples[i : i + step])
    return session.finish()
