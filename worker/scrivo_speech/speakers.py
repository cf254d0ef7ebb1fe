"""Speakers told apart by voice: CAM++ speaker embeddings over pyannote segmentation tracks.

:mod:`diarize` runs the segmentation model over overlapping 10 s windows; each local speaker of a window is a
*unit* here, and its clean speech (frames where it speaks alone) gets a 192-dimensional CAM++ embedding
(3D-Speaker, Apache-2.0, ONNX; 80-bin fbank from ``kaldi-native-fbank``), computed from that window's own audio
(:class:`EmbeddingSession`). The units are clustered by cosine similarity:
average linkage, merged while the closest clusters are more alike than ``threshold`` (so the number
of speakers is estimated), or until ``num_speakers`` remain when the caller knows it. Two units
heard at the same time in one window are never merged. Overlap and word alignment come from the
segmentation's frame activity, as before (see :meth:`diarize.DiarizationSession._turns`).

Everything that diarizes is behind :class:`Diarizer` (``session()`` → ``feed``/``finish``) so a full
pyannote pipeline can replace this one where PyTorch is available.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, List, NamedTuple, Optional, Protocol, Sequence, Set, Tuple, Union

import numpy as np

from . import diarize as diarize_mod
from .engine import OnnxSpec, load_model

EMBEDDING_FILE = "campplus_cn_en_common.onnx"
EMBEDDING_SHA256 = "e4c4c3815bc1a8e01f5682b7b5a46344017e09a36208e16c4896094fc2fbf18a"
# Shipped with the code (worker/models/campplus-sv-zh-en-common/README.md: licence and provenance).
EMBEDDING_DIR = Path(__file__).resolve().parent.parent / "models" / "campplus-sv-zh-en-common"
# Cosine similarity above which two clusters are one voice. CAM++ gives 0.8-0.95 for one speaker
# and below 0.5 for two on clean clips; chosen on the multi-speaker sets in bench/README.md.
SAME_SPEAKER = 0.55
# Two clusters whose centroids are this alike are one voice (see join_split_voices).
ONE_VOICE = 0.8
SPLIT_SHARE = 0.1  # ... when the one has at most this share of the other's speech
# A voice heard alone for less than this in the whole file is not a speaker of its own (see fold_small_voices).
MIN_VOICE_SECONDS = 2.0
MIN_EMBED_SECONDS = 1.0  # units with less clean speech join the nearest speaker, never start one
EMBED_SECONDS = 6.0  # speech alone embedded per local speaker and window (10 s windows)
# A window's local speaker is split by voice (EmbeddingSession._voices_of) where two of its stretches of speech, apart
# by SPLIT_GAP s or more, are less alike than SPLIT_BELOW. Off unless SCRIVO_SPLIT_LOCAL_SPEAKERS=1: it takes the
# users set's confusion down where the segmentation mixed readers, but over-counts u-meeting-6p (9 of 6) and, on the
# first set, 4p-music (5 of 4) and 6p (7 of 6): a unit whose pieces are each mixed is not split and still forms a
# cluster of its own (bench/README.md, "Where the users set's DER comes from").
SPLIT_LOCAL_SPEAKERS = os.environ.get("SCRIVO_SPLIT_LOCAL_SPEAKERS", "") == "1"
SPLIT_GAP = 0.1
SPLIT_BELOW = 0.5
SPLIT_PIECE = MIN_EMBED_SECONDS  # seconds of speech alone per piece heard
# Where remembered voices' prints are given (issue 40 item 5), a window's local speaker is heard piece by piece when its
# speech is at least PRINT_SPLIT_GATE alike to a print (EmbeddingSession._print_split): its stretches of speech (a new
# piece at a pause of PRINT_SPLIT_PAUSE s or more once the piece holds PRINT_SPLIT_SHORTEST s alone, else at
# SPLIT_PIECE s alone) are embedded each, and when one piece is at least PRINT_CLAIM alike to a print and another is
# less than NOT_THAT_VOICE alike to it, the pieces are grouped by the print they are (or by the other pieces they are
# nearest to) and each group is a unit. Without prints nothing of this runs.
PRINT_SPLIT_GATE = 0.3
PRINT_CLAIM = 0.6
PRINT_SPLIT_PAUSE = 0.3
PRINT_SPLIT_SHORTEST = 0.5
# After the clustering with prints, a unit at least PRINT_CLAIM alike to a print, and more alike to it than to its own
# speaker's voice and to that speaker's print, moves to the speaker of that print (:func:`units_to_prints`). Off
# (False) unless chosen on bench/speakers/remembered_voices.py's development recordings.
PRINT_MOVE_UNITS = False


class Session(Protocol):
    def feed(self, samples: np.ndarray) -> None: ...

    def finish(self) -> List[diarize_mod.Turn]: ...


class Diarizer(Protocol):
    """Who spoke when: a new :class:`Session` per recording."""

    def session(
        self,
        num_speakers: Optional[int] = None,
        bounds: Optional["SpeakerBounds"] = None,
        whole_file: bool = True,
        voices: Sequence[np.ndarray] = (),
    ) -> Session: ...


class SpeakerBounds(NamedTuple):
    """The least and the most people the caller says a recording holds (pyannote's ``min_speakers`` and
    ``max_speakers``): the count is still estimated, then brought within them."""

    least: Optional[int] = None
    most: Optional[int] = None

    def hold(self, found: int) -> int:
        """The count to cluster to when ``found`` speakers fall outside the bounds (``found`` when within)."""
        if self.least is not None and found < self.least:
            return self.least
        if self.most is not None and found > self.most:
            return self.most
        return found


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
        path = Path(model_path)
        if check_hash and sha256(path) != EMBEDDING_SHA256:
            raise ValueError(f"{path}: sha256 differs from the CAM++ export ({EMBEDDING_SHA256})")
        self.session = load_model(OnnxSpec(str(path), threads or os.cpu_count() or 1))

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
    parent = list(range(n))
    count = n
    # Each row's best partner, kept up to date per merge: O(n) a merge instead of a scan of the whole matrix (a
    # 60-minute file has ~2,600 units). Ties go to the first row, then the first column, as a scan would.
    best_of = sim.max(axis=1)
    partner = sim.argmax(axis=1)
    while count > 1:
        i = int(np.argmax(best_of))
        j = int(partner[i])
        best = best_of[i]
        if num_speakers is None:
            if not np.isfinite(best) or best < threshold:
                break
        elif count <= num_speakers:
            break
        elif not np.isfinite(best):
            # A known count wins over "heard at once": merge the closest clusters anyway.
            i, j = divmod(int(np.argmax(free)), n)
        # Average linkage (Lance-Williams); a cannot-link (-inf) on either side stays.
        for matrix in (sim, free):
            merged = (size[i] * matrix[i] + size[j] * matrix[j]) / (size[i] + size[j])
            merged[np.isneginf(matrix[i]) | np.isneginf(matrix[j])] = -np.inf
            matrix[i], matrix[:, i] = merged, merged
            matrix[i, i] = -np.inf
            matrix[j], matrix[:, j] = -np.inf, -np.inf  # j is gone
        size[i] += size[j]
        parent[j] = i
        count -= 1
        best_of[j] = -np.inf
        column = sim[:, i]
        stale = (partner == i) | (partner == j)
        stale[i] = True
        better = ~stale & ((column > best_of) | ((column == best_of) & (i < partner) & np.isfinite(column)))
        best_of[better], partner[better] = column[better], i
        stale[j] = False
        for r in np.flatnonzero(stale):
            partner[r] = int(np.argmax(sim[r]))
            best_of[r] = sim[r, partner[r]]

    def root(k: int) -> int:
        while parent[k] != k:
            k = parent[k]
        return k

    roots = [root(k) for k in range(n)]
    order: Dict[int, int] = {}
    return [order.setdefault(r, len(order)) for r in roots]


def centroids(
    embeddings: np.ndarray, labels: Sequence[int], weights: Optional[Sequence[float]] = None, unit_length: bool = True
) -> np.ndarray:
    """One row per label present, in label order: the sum of that label's rows (each times its weight when given)
    at unit length, the voice's direction that cosine similarity compares; with ``unit_length=False``, the plain
    mean of its rows instead, whose length shrinks as the rows disagree."""
    current = np.asarray(labels)
    members = [current == label for label in sorted(set(labels))]
    if not unit_length:
        return np.stack([embeddings[rows].mean(axis=0) for rows in members])
    scale = None if weights is None else np.asarray(weights, dtype=np.float64)
    if scale is None:
        sums = np.stack([embeddings[rows].sum(axis=0) for rows in members])
    else:
        sums = np.stack([(embeddings[rows] * scale[rows][:, None]).sum(axis=0) for rows in members])
    return sums / np.maximum(np.linalg.norm(sums, axis=1, keepdims=True), 1e-12)


def join_split_voices(embeddings: np.ndarray, labels: List[int], seconds: Sequence[float]) -> List[int]:
    """A small cluster as alike as one voice's units are (centroids >= ONE_VOICE) to a cluster with at least ten
    times its speech joins it. Average linkage never merges across a cannot-link pair, so where the segmentation heard
    one person as two local speakers of a window, that person can stay split in two; on long files (many
    windows) it happens (a 30-minute file of 8 voices came out with 10 clusters, two of them a voice's second
    cluster at 0.87 and 0.90 from its first). Two people's centroids measured at most 0.71 (the pyannote sample's
    phone call; 0.45-0.66 on the other bench files; more through telephone band or a music bed, hence the size
    condition). Not applied when the caller gives the count."""
    labels = list(labels)
    while max(labels, default=0) > 0:
        count = max(labels) + 1  # labels run 0..count-1 (cluster's, then renumbered after each join)
        voices = centroids(embeddings, labels)
        sim = voices @ voices.T
        np.fill_diagonal(sim, -np.inf)
        speech = np.array([sum(t for t, label in zip(seconds, labels) if label == c) for c in range(count)])
        # Only a small cluster joins a much larger one: voices heard through one channel (telephone band, a music
        # bed) are that alike too, but each of them speaks for a while.
        sim[speech[:, None] > SPLIT_SHARE * speech[None, :]] = -np.inf
        gone, kept = divmod(int(np.argmax(sim)), count)
        if sim[gone, kept] < ONE_VOICE:
            break
        merged = [kept if label == gone else label for label in labels]
        order: Dict[int, int] = {}
        labels = [order.setdefault(label, len(order)) for label in merged]
    return labels


REASSIGN_PASSES = 10


def nearest_voices(
    embeddings: np.ndarray, labels: List[int], seconds: Sequence[float], cannot_link: Iterable[Tuple[int, int]] = ()
) -> List[int]:
    """Each unit moved to the voice whose centroid (speech-weighted) it is nearest, until nothing moves.

    Average linkage decides on pairwise means of short, noisy units; once each voice has a centroid pooled from
    many of them, a unit's own nearest voice is the better guess (pyannote's clustering ends with the same
    assignment to centroids). Units heard at once in one window (``cannot_link``) never share a voice: the surest
    unit (largest margin between its two nearest voices) chooses first. Measured on the dumped units of the
    conversation and long-meeting benches (bench/README.md): less speech on the wrong voice on 6 people (13 -> 10 %)
    and 60 minutes of 8 (6 -> 4 %), unchanged elsewhere. A voice no unit is nearest to is gone."""
    labels = list(labels)
    if max(labels, default=0) < 1:
        return labels
    partners: Dict[int, Set[int]] = {}
    for a, b in cannot_link:
        partners.setdefault(a, set()).add(b)
        partners.setdefault(b, set()).add(a)
    for _ in range(REASSIGN_PASSES):
        voices = sorted(set(labels))  # a voice emptied by the pass before has no centroid
        sim = embeddings @ centroids(embeddings, labels, weights=seconds).T
        ranked = np.sort(sim, axis=1)
        moved = list(labels)
        chosen: Set[int] = set()
        for unit in np.argsort(ranked[:, -2] - ranked[:, -1], kind="stable"):
            taken = {moved[p] for p in partners.get(int(unit), ()) if p in chosen}
            nearest = [voices[c] for c in np.argsort(-sim[unit], kind="stable")]
            # More units at once than voices: the constraint cannot hold, the nearest voice wins.
            moved[unit] = next((v for v in nearest if v not in taken), nearest[0])
            chosen.add(int(unit))
        if moved == labels:
            break
        labels = moved
    order: Dict[int, int] = {}
    return [order.setdefault(label, len(order)) for label in labels]


def fold_small_voices(
    embeddings: np.ndarray, labels: List[int], seconds: Sequence[float], cannot_link: Iterable[Tuple[int, int]] = ()
) -> List[int]:
    """Voices with under MIN_VOICE_SECONDS of speech alone, smallest first, join the voice whose centroid is nearest
    (one not heard at the same moment when there is one), as pyannote's clustering folds clusters under its minimum
    size. Each window's unit has its own embedding of at most 6 s, so a lone unit of 1-2 s can stand apart from its
    own voice: on a three-reader conversation one unit of 1.1 s of a reader who spoke 25 s came out as a fifth
    speaker (tests/test_word_span_speakers.py). Someone who says only one short thing in a whole file loses their
    own label; their words go to the nearest voice. Not applied when the caller gives the count, nor to one piece
    of a file (:func:`link_units`' ``whole_file``)."""
    labels = list(labels)
    pairs = [(a, b) for a, b in cannot_link]
    while len(set(labels)) > 1:
        voices = sorted(set(labels))
        speech = {v: sum(t for t, label in zip(seconds, labels) if label == v) for v in voices}
        small = min(voices, key=lambda v: (speech[v], v))
        if speech[small] >= MIN_VOICE_SECONDS:
            break
        means = centroids(embeddings, labels, weights=seconds)  # rows in the order of ``voices``
        row = means @ means[voices.index(small)]
        heard_with = {labels[b] for a, b in pairs if labels[a] == small} | {labels[a] for a, b in pairs if labels[b] == small}
        others = sorted((v for v in voices if v != small), key=lambda v: -row[voices.index(v)])
        into = next((v for v in others if v not in heard_with), others[0])
        labels = [into if label == small else label for label in labels]
    order: Dict[int, int] = {}
    return [order.setdefault(label, len(order)) for label in labels]


# A unit whose embedding is less alike than this to a remembered voice's print is never clustered with that print
# (:func:`anchored_cluster`). Chosen on bench/speakers/remembered_voices.py's development recordings: see
# bench/README.md, "Remembered voices".
NOT_THAT_VOICE = 0.5


def print_constraints(embeddings: np.ndarray, voices: Sequence[np.ndarray]) -> List[Tuple[int, int]]:
    """Cannot-links for ``embeddings`` with the prints appended after them as rows ``n``, ``n + 1``, ...: no two
    prints together (two remembered people are two people), and no print with a unit less alike to it than
    NOT_THAT_VOICE (that unit is someone else)."""
    n = len(embeddings)
    prints = unit_rows(voices)
    links = [(n + a, n + b) for a in range(len(prints)) for b in range(a + 1, len(prints))]
    far = np.argwhere((embeddings @ prints.T) < NOT_THAT_VOICE)
    return links + [(int(u), n + int(v)) for u, v in far]


def print_groups(embeddings: np.ndarray, prints: np.ndarray) -> List[Any]:
    """Group per piece of one local speaker (rows of ``embeddings``; ``prints`` at unit length): a piece at least
    PRINT_CLAIM alike to a print (the most alike one) is that print's; a piece less than NOT_THAT_VOICE alike to every
    print some piece is is someone else's (group None); a piece between joins the group whose pieces' mean it is
    nearest. All pieces in one group when no print claims a piece while another piece is clearly not that print."""
    sim = embeddings @ prints.T
    claimed = {int(p) for p, top in zip(sim.argmax(axis=1), sim.max(axis=1)) if top >= PRINT_CLAIM}
    if not any(float(sim[:, p].min()) < NOT_THAT_VOICE for p in claimed):
        return [0] * len(embeddings)
    sure: List[Any] = []
    for row in sim:
        best = int(row.argmax())
        if best in claimed and row[best] >= PRINT_CLAIM:
            sure.append(best)
        elif all(row[p] < NOT_THAT_VOICE for p in claimed):
            sure.append(None)
        else:
            sure.append("between")
    groups = [g for g in dict.fromkeys(sure) if g != "between"]
    means = {g: embeddings[[k for k, s in enumerate(sure) if s == g]].sum(axis=0) for g in groups}
    return [s if s != "between" else max(groups, key=lambda g: float(means[g] @ embeddings[k]) / max(float(np.linalg.norm(means[g])), 1e-12)) for k, s in enumerate(sure)]


def unit_rows(vectors: Sequence[np.ndarray]) -> np.ndarray:
    rows = np.stack([np.asarray(v, dtype=np.float64) for v in vectors])
    return rows / np.maximum(np.linalg.norm(rows, axis=1, keepdims=True), 1e-12)


def anchored_cluster(
    embeddings: np.ndarray, cannot_link: Sequence[tuple], voices: Sequence[np.ndarray], threshold: float = SAME_SPEAKER
) -> List[int]:
    """:func:`cluster` with remembered voices' prints as anchors: each print is one more row, cannot-linked to the
    other prints and to the units unlike it (:func:`print_constraints`); average linkage keeps a cannot-link once its
    rows are merged, so the cluster a print joins can never take in a unit far from that print. Average linkage alone
    merges a remembered person with a stranger whose units are alike to theirs (above SAME_SPEAKER) though not to
    their print; on bench/speakers/remembered_voices.py's test recordings the prints took the recordings with a wrong
    number of speakers from 30 to 23 of 140 (bench/README.md, "Remembered voices"). The prints' rows are dropped from
    the answer (a print nobody's speech joined leaves no speaker)."""
    n = len(embeddings)
    rows = np.concatenate([embeddings.astype(np.float64), unit_rows(voices)])
    labels = cluster(rows, list(cannot_link) + print_constraints(embeddings, voices), threshold=threshold)[:n]
    order: Dict[int, int] = {}
    return [order.setdefault(label, len(order)) for label in labels]


def most_alike_pairs(sim: np.ndarray, threshold: float) -> List[Tuple[int, int]]:
    """(row, column) pairs of a similarity matrix, one column per row and one row per column, most alike pair
    first, each at least ``threshold``: one person is not two speakers of a recording, and two speakers are not
    one remembered person."""
    pairs: List[Tuple[int, int]] = []
    rows: Set[int] = set()
    columns: Set[int] = set()
    for flat in np.argsort(-sim, axis=None, kind="stable"):
        row, column = divmod(int(flat), sim.shape[1])
        if sim[row, column] < threshold:
            break
        if row in rows or column in columns:
            continue
        pairs.append((row, column))
        rows.add(row)
        columns.add(column)
    return pairs


def units_to_prints(
    embeddings: np.ndarray, labels: List[int], voices: Sequence[np.ndarray], cannot_link: Iterable[Tuple[int, int]] = ()
) -> List[int]:
    """Each print's speaker is the one whose voice (speech-unweighted centroid) is most alike to it, at least
    PRINT_CLAIM, one speaker per print, most alike pair first (as :func:`voices.name_speakers` names them). A unit at
    least PRINT_CLAIM alike to a print with a speaker elsewhere, more alike to that print than to its own speaker's
    voice and than to its own speaker's print, moves there, unless a unit it is heard at the same time with is
    there. Units are moved once, against the voices before any move."""
    labels = list(labels)
    if max(labels, default=0) < 1 or not len(voices):
        return labels
    prints = unit_rows(voices)
    speakers_ = sorted(set(labels))
    means = centroids(embeddings, labels)
    owner = {column: speakers_[row] for row, column in most_alike_pairs(means @ prints.T, PRINT_CLAIM)}
    if not owner:
        return labels
    print_of = {speaker: p for p, speaker in owner.items()}
    partners: Dict[int, Set[int]] = {}
    for a, b in cannot_link:
        partners.setdefault(a, set()).add(b)
        partners.setdefault(b, set()).add(a)
    to_print = embeddings @ prints.T
    to_own = np.einsum("ij,ij->i", embeddings, means[[speakers_.index(label) for label in labels]])
    moved = list(labels)
    for unit, label in enumerate(labels):
        p = max(owner, key=lambda q: to_print[unit, q])
        target = owner[p]
        if target == label or to_print[unit, p] < PRINT_CLAIM or to_print[unit, p] <= to_own[unit]:
            continue
        if label in print_of and to_print[unit, print_of[label]] >= to_print[unit, p]:
            continue
        if any(labels[other] == target for other in partners.get(unit, ())):
            continue
        moved[unit] = target
    order: Dict[int, int] = {}
    return [order.setdefault(label, len(order)) for label in moved]


def link_units(
    vectors: Dict[int, np.ndarray],
    solo: Dict[int, float],
    cannot_link: Iterable[Tuple[int, int]],
    num_speakers: Optional[int] = None,
    threshold: float = SAME_SPEAKER,
    bounds: Optional[SpeakerBounds] = None,
    whole_file: bool = True,
    voices: Sequence[np.ndarray] = (),
) -> Dict[int, int]:
    """Speaker per unit (units with a voice embedding, one file or every piece of one file together).

    Units with at least ``MIN_EMBED_SECONDS`` of speech alone are clustered (:func:`cluster`); the others
    join the nearest speaker's centroid, never start one. With ``bounds`` the count is estimated as without, and
    when it falls outside them the units are clustered again to the nearest bound (as pyannote does with
    ``min_speakers``/``max_speakers``).

    ``whole_file=False``: the units are one piece of a file whose pieces are clustered together afterwards
    (:func:`cluster_pieces`), so voices short here are not folded (:func:`fold_small_voices`): the rule is about
    speech in the whole file, and a voice folded in its piece is gone for good, as its speech then votes under
    another person's label. In the speech conformance case of two pieces, a man's 1.8 s at the end of a 7.5 s
    piece was folded into the woman heard before him, and the file-wide clustering gave his words to her; left
    his own label, his unit is 0.78-0.79 alike to his units of the other piece and joins them there.

    ``voices``: the voice prints of people remembered by the caller, given to the average linkage as anchors
    (:func:`anchored_cluster`); without them (or with a count given) the clustering is the one it always was."""
    strong = [u for u in sorted(vectors) if solo[u] >= MIN_EMBED_SECONDS]
    weak = [u for u in sorted(vectors) if solo[u] < MIN_EMBED_SECONDS]
    if not strong:  # only scraps of speech: the longest scrap is the one speaker
        strong = sorted(vectors, key=solo.__getitem__)[-1:]
        weak = [u for u in weak if u not in strong]
    if not strong:
        return {}
    index = {u: i for i, u in enumerate(strong)}
    links = [(index[a], index[b]) for a, b in cannot_link if a in index and b in index]
    embeddings = np.stack([vectors[u] for u in strong])
    # A print of another length comes from another embedding model: it says nothing about these voices.
    anchors = [v for v in voices if len(v) == embeddings.shape[1]]
    if anchors and num_speakers is None:
        labels = anchored_cluster(embeddings, links, anchors, threshold)
    else:
        labels = cluster(embeddings, links, threshold=threshold, num_speakers=num_speakers)
    if num_speakers is None:  # a given count is the caller's: moving units could empty one of its speakers
        seconds = [solo[u] for u in strong]
        labels = nearest_voices(embeddings, join_split_voices(embeddings, labels, seconds), seconds, links)
        if whole_file:
            labels = fold_small_voices(embeddings, labels, seconds, links)
        if anchors and PRINT_MOVE_UNITS:
            labels = units_to_prints(embeddings, labels, anchors, links)
        held = bounds.hold(len(set(labels))) if bounds else len(set(labels))
        if held != len(set(labels)):
            labels = cluster(embeddings, links, threshold=threshold, num_speakers=held)
    speaker_of = {u: labels[i] for i, u in enumerate(strong)}
    means = centroids(embeddings, labels, unit_length=False)  # labels run 0..max: row k is speaker k
    for unit in weak:
        speaker_of[unit] = int(np.argmax(means @ vectors[unit]))
    return speaker_of


class EmbeddingSession(diarize_mod.DiarizationSession):
    """Every local speaker of every window is a unit with its own embedding (pyannote's approach: no stitching
    between windows, so two people who follow each other are never one track).

    Each unit is embedded from its own speech alone in its own window, so a stretch of audio is embedded once per
    window that covers it (up to four). 469dcb9 embedded each stretch once and gave a unit the mean of the pieces
    under its speech: the same DER on sets built from read speech, but on real conversation a piece mixes what
    neighbouring windows heard, and held-out recordings lost speakers (4 people found as 2, 3 as 2) and went from
    29 to 41 % DER (bench/README.md, "Diarization: each window's own embedding again")."""

    def __init__(
        self,
        segmenter: diarize_mod.Segmenter,
        embedder: Embedder,
        num_speakers: Optional[int] = None,
        bounds: Optional[SpeakerBounds] = None,
        whole_file: bool = True,
        voices: Sequence[np.ndarray] = (),
    ):
        super().__init__(segmenter)
        self.voices = list(voices)  # remembered people's prints, anchors of the clustering (see link_units)
        self.bounds = bounds
        self.whole_file = whole_file
        self.embedder = embedder
        self.num_speakers = num_speakers
        self.vectors: Dict[int, np.ndarray] = {}
        self.solo: Dict[int, float] = {}  # unit -> seconds of speech alone
        self.speaker_of: Dict[int, int] = {}  # unit -> linked speaker, once finished

    def _stitch(self, start: int, act: np.ndarray, audio: np.ndarray) -> None:
        F, S = diarize_mod.FIELD, diarize_mod.SHIFT
        frame0 = start // S
        valid = max(0, min(diarize_mod.FRAMES, (self.received - start - F) // S + 1))
        act = act.copy()
        act[valid:] = False
        active = act.sum(axis=0) >= diarize_mod.MIN_LOCAL_FRAMES
        alone = act & (act.sum(axis=1, keepdims=True) == 1)
        columns: List[np.ndarray] = []  # one per unit: the frames it speaks in this window
        local: List[int] = []  # the window's local speaker each unit comes from
        split: List[bool] = []
        for i in range(3):
            if not active[i]:
                continue
            whole: Optional[Tuple[np.ndarray, float]] = None  # the unsplit local speaker's embedding, when made
            if SPLIT_LOCAL_SPEAKERS:
                parts = self._voices_of(act[:, i], alone[:, i], audio)
            elif self.voices:
                parts, whole = self._print_split(act[:, i], alone[:, i], audio)
            else:
                parts = [act[:, i]]
            for frames in parts:
                unit = self.track_count
                self.track_count += 1
                if whole is not None and len(parts) == 1:
                    self.vectors[unit], self.solo[unit] = whole
                else:
                    self._embed_unit(unit, np.flatnonzero(frames & alone[:, i]), audio)
                columns.append(frames)
                local.append(i)
                split.append(len(parts) > 1)
        units = list(range(self.track_count - len(columns), self.track_count))
        for x in range(len(units)):
            for y in range(x + 1, len(units)):
                # Two local speakers of a window are two people; once one of them is split by voice, only the parts
                # heard at the same moment are sure to be.
                if local[x] != local[y] and (not (split[x] or split[y]) or bool(np.any(columns[x] & columns[y]))):
                    self.cannot_link.add((units[x], units[y]))
        table = np.stack(columns, axis=1) if columns else np.zeros((act.shape[0], 0), dtype=bool)
        self.windows.append(diarize_mod._Window(frame0, table, units))

    def _voices_of(self, column: np.ndarray, alone: np.ndarray, audio: np.ndarray) -> List[np.ndarray]:
        """The frames of one local speaker of a window, split by voice where the segmentation heard two people as
        one. In quick exchanges (turns of 0.5-3 s) segmentation-3.0 often gives two or three people who take turns
        within its 10 s window one local speaker (bench/README.md, "Where the users set's DER comes from"), and the
        unit's one embedding is then a mixture that no clustering can put right. The local speaker's stretches of
        speech (apart by SPLIT_GAP seconds or more) with at least MIN_EMBED_SECONDS alone are embedded each;
        when two of them are less alike than SPLIT_BELOW, the stretches are grouped by voice (average linkage at
        SAME_SPEAKER) and each group is a unit of its own (a short stretch goes with the nearest long one in time).
        One voice, or too little speech to tell: the local speaker is one unit, as before."""
        found = self._pieces(column, alone, audio, SPLIT_PIECE, SPLIT_PIECE, None)
        if found is None:
            return [column]
        pieces, embeddings = found
        sim = embeddings @ embeddings.T
        if float(sim.min()) >= SPLIT_BELOW:
            return [column]
        labels = cluster(embeddings, threshold=SAME_SPEAKER)
        if len(set(labels)) < 2:
            return [column]
        return self._grouped(column, pieces, labels)

    @staticmethod
    def _grouped(column: np.ndarray, pieces: List[List[np.ndarray]], labels: Sequence[Any]) -> List[np.ndarray]:
        """One frame mask per group of pieces (groups in order of first piece)."""
        out = []
        for g in dict.fromkeys(labels):
            mask = np.zeros_like(column)
            for piece, label in zip(pieces, labels):
                if label == g:
                    mask[np.concatenate(piece)] = True
            out.append(mask)
        return out

    def _pieces(
        self, column: np.ndarray, alone: np.ndarray, audio: np.ndarray, least: float, shortest: float, pause: Optional[float]
    ) -> Optional[Tuple[List[List[np.ndarray]], np.ndarray]]:
        """One local speaker's stretches of speech (runs of frames apart by SPLIT_GAP s or more) joined into pieces,
        each embedded from its speech alone; None when there are not two pieces. A piece is closed once it holds
        ``least`` seconds alone, or (with ``pause``) at a pause of ``pause`` seconds or more once it holds
        ``shortest``; a last piece under ``shortest`` goes with the one before it."""
        frames = np.flatnonzero(column)
        if frames.size == 0:
            return None
        gap = int(round(SPLIT_GAP * diarize_mod.SAMPLE_RATE / diarize_mod.SHIFT))
        breaks = np.flatnonzero(np.diff(frames) > gap)
        runs = np.split(frames, breaks + 1)
        if len(runs) < 2:
            return None
        per_second = diarize_mod.SAMPLE_RATE / diarize_mod.SHIFT
        enough, short = int(least * per_second), int(shortest * per_second)
        long_pause = None if pause is None else int(round(pause * per_second))
        pieces: List[List[np.ndarray]] = [[]]
        for run in runs:
            if pieces[-1]:
                held = sum(np.count_nonzero(alone[r]) for r in pieces[-1])
                paused = long_pause is not None and int(run[0]) - int(pieces[-1][-1][-1]) - 1 >= long_pause
                if held >= enough or (paused and held >= short):
                    pieces.append([])
            pieces[-1].append(run)
        if len(pieces) > 1 and sum(np.count_nonzero(alone[r]) for r in pieces[-1]) < short:
            pieces[-2].extend(pieces.pop())
        if len(pieces) < 2:
            return None
        vectors = [self.embedder(self._speech(np.concatenate(piece)[alone[np.concatenate(piece)]], audio)) for piece in pieces]
        return pieces, np.stack(vectors)

    def _print_split(
        self, column: np.ndarray, alone: np.ndarray, audio: np.ndarray
    ) -> Tuple[List[np.ndarray], Optional[Tuple[np.ndarray, float]]]:
        """The frames of one local speaker of a window, split where a remembered voice's print says it is that person
        and someone else (prints given only; :func:`anchored_cluster` then holds the parts apart). The segmentation
        gives two people who take turns within its 10 s window one local speaker often enough that a remembered
        person's units were a mixture, every one of them still alike to their print, on 27 of 199 remembered people
        of bench/speakers/remembered_voices.py's test recordings (bench/README.md, "Remembered voices"). Answers the
        parts and, when the local speaker is one part, its embedding and seconds (as :meth:`_embed_unit` makes
        them; None when it has none)."""
        frames = np.flatnonzero(column & alone)
        speech = self._speech(frames, audio)
        if frames.size < diarize_mod.MIN_LOCAL_FRAMES or speech.size < diarize_mod.SAMPLE_RATE // 2:
            return [column], None
        vector = self.embedder(speech)
        whole = (vector, speech.size / diarize_mod.SAMPLE_RATE)
        anchors = [v for v in self.voices if len(v) == len(vector)]
        if not anchors:
            return [column], whole
        prints = unit_rows(anchors)
        if float(np.max(prints @ vector)) < PRINT_SPLIT_GATE:
            return [column], whole
        found = self._pieces(column, alone, audio, SPLIT_PIECE, PRINT_SPLIT_SHORTEST, PRINT_SPLIT_PAUSE)
        if found is None:
            return [column], whole
        pieces, embeddings = found
        labels = print_groups(embeddings, prints)
        if len(set(labels)) < 2:
            return [column], whole
        return self._grouped(column, pieces, labels), None

    @staticmethod
    def _speech(frames: np.ndarray, audio: np.ndarray) -> np.ndarray:
        """The window's audio under ``frames`` (frame indices), at most EMBED_SECONDS of it."""
        F, S = diarize_mod.FIELD, diarize_mod.SHIFT
        mask = np.zeros(diarize_mod.WINDOW, dtype=bool)
        for f in frames:
            mask[f * S + F // 2 - S // 2 : f * S + F // 2 + S // 2] = True
        return audio[mask][: int(EMBED_SECONDS * diarize_mod.SAMPLE_RATE)]

    def _embed_unit(self, unit: int, frames: np.ndarray, audio: np.ndarray) -> None:
        """Embeds the unit from its window's ``frames`` of speech alone (up to EMBED_SECONDS, at least 0.5 s:
        less says too little about a voice; such a unit follows its neighbours, :meth:`_follow_neighbours`)."""
        if frames.size < diarize_mod.MIN_LOCAL_FRAMES:
            return
        speech = self._speech(frames, audio)
        if speech.size >= diarize_mod.SAMPLE_RATE // 2:
            self.vectors[unit] = self.embedder(speech)
            self.solo[unit] = speech.size / diarize_mod.SAMPLE_RATE

    def _link_tracks(self) -> Dict[int, int]:
        speaker_of = link_units(
            self.vectors,
            self.solo,
            self.cannot_link,
            self.num_speakers,
            bounds=self.bounds,
            whole_file=self.whole_file,
            voices=self.voices,
        )
        self._follow_neighbours(speaker_of)
        self.speaker_of = dict(speaker_of)
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

    def session(
        self,
        num_speakers: Optional[int] = None,
        bounds: Optional[SpeakerBounds] = None,
        whole_file: bool = True,
        voices: Sequence[np.ndarray] = (),
    ) -> Session:
        return EmbeddingSession(self.segmenter, self.embedder, num_speakers, bounds, whole_file, voices)


class SegmentationDiarizer:
    """Segmentation only (same-voice test with the segmentation model): used when no embedding
    model is installed."""

    def __init__(self, segmenter: diarize_mod.Segmenter):
        self.segmenter = segmenter

    def session(
        self,
        num_speakers: Optional[int] = None,
        bounds: Optional[SpeakerBounds] = None,
        whole_file: bool = True,
        voices: Sequence[np.ndarray] = (),
    ) -> Session:
        # Remembered voices are CAM++ prints: a diarizer without CAM++ has nothing to compare them with.
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


def diarize(
    samples: np.ndarray, diarizer: Diarizer, num_speakers: Optional[int] = None, bounds: Optional[SpeakerBounds] = None
) -> List[diarize_mod.Turn]:
    """Diarize a whole 16 kHz mono float32 array (tests, bench)."""
    session = diarizer.session(num_speakers, bounds)
    step = 300 * diarize_mod.SAMPLE_RATE
    for i in range(0, samples.shape[0], step):
        session.feed(samples[i : i + step])
    return session.finish()


# -- the words' own spans, when the segmentation hears nothing (issue 26) ------------------------------------

# In reverberant rooms (RT60 >= 0.5 s) pyannote segmentation 3.0 gives speech to nobody: its turns covered 0.3-29 % of
# the recognised words' time on the reverberant conversations of bench/README.md ("Reverb and telephone"), and every
# word went to one speaker; on every other file measured (clean, overlap, music bed, telephone band) they cover 87-94 %.
# Below this share the speakers come from the words instead (:func:`word_span_speakers`).
WORD_SPAN_TRIGGER = 0.5
# A recognised segment is cut where its words pause this long: the pause between two people in one segment.
WORD_SPAN_PAUSE = 0.5
# Cosine similarity above which two groups of spans are one voice. Lower than SAME_SPEAKER: a span's reverberant
# audio spreads one voice's embeddings wider (0.55 split 4 readers into 5 and 6 into 10; bench/README.md).
WORD_SPAN_SAME_SPEAKER = 0.45
MIN_SPAN_SECONDS = 0.25  # shorter spans say nothing about a voice: their words follow their neighbours
# A span longer than this is cut at word boundaries into near-equal parts. Whisper's word times can leave no pause at
# all inside a segment (each word's end reaches the next one's start: on an Intel Xeon, a 16 s segment of three
# people's quick turns), and a span holding several voices is embedded as one: three readers were found as one. Cut
# at 6 s, no reverberant conversation of the bench is worse and that one finds its 3; at 3-4 s one of four readers is
# lost (bench/README.md, "Spans without pauses").
LONGEST_WORD_SPAN = 6.0


def words_covered(segments: Sequence[Dict[str, Any]], turns: Sequence[diarize_mod.Turn]) -> float:
    """Share of the recognised words' time (10 ms frames) that some diarized turn covers; 1.0 without words."""
    spans = [(float(w["start"]), float(w["end"])) for s in segments for w in s.get("words") or ()]
    if not spans:
        return 1.0
    end = max(b for _a, b in spans + [(0.0, float(t[1])) for t in turns])
    grid = np.zeros(int(end * 100) + 2, dtype=bool)
    for a, b, _speaker in turns:
        grid[int(a * 100) : int(b * 100)] = True
    frames = np.concatenate([np.arange(int(a * 100), max(int(b * 100), int(a * 100) + 1)) for a, b in spans])
    return float(grid[np.clip(frames, 0, len(grid) - 1)].mean())


def word_spans(segments: Sequence[Dict[str, Any]]) -> List[Tuple[float, float]]:
    """Each recognised segment's words, cut where they pause >= WORD_SPAN_PAUSE: (start, end) per span, in time
    order. Per segment rather than stretches of fixed length: on the reverberant conversations where the fallback is
    taken it found the count (or came closest) on every file, stretches of 1-3 s did not (bench/README.md)."""
    out: List[Tuple[float, float]] = []
    for segment in segments:
        words = [(float(w["start"]), float(w["end"])) for w in segment.get("words") or ()]
        start = 0
        for j in range(1, len(words) + 1):
            if j == len(words) or words[j][0] - words[j - 1][1] >= WORD_SPAN_PAUSE:
                out.extend(_cut_long_span(words[start:j]))
                start = j
    return sorted(out)


def _cut_long_span(words: Sequence[Tuple[float, float]]) -> List[Tuple[float, float]]:
    """The words' span, or near-equal parts of it cut between words when it is longer than LONGEST_WORD_SPAN (0: never
    cut, for bench/speech/word_spans.py's comparison)."""
    start, end = words[0][0], words[-1][1]
    parts = int(np.ceil((end - start) / LONGEST_WORD_SPAN)) if LONGEST_WORD_SPAN > 0 else 1
    # Each cut at the word boundary nearest its share of the span, after the cut before it: fewer words than parts
    # (two words stretched over 13 s) give fewer parts.
    cuts = [0]
    for k in range(1, parts):
        if cuts[-1] + 1 >= len(words):
            break
        target = start + k * (end - start) / parts
        cuts.append(min(range(cuts[-1] + 1, len(words)), key=lambda j: abs(words[j][0] - target)))
    cuts.append(len(words))
    return [(words[a][0], words[b - 1][1]) for a, b in zip(cuts, cuts[1:])]


class WordSpanSpeakers:
    """Speakers found from the words' spans: ``turns`` (one per embedded span) for :func:`transcriber.assign_speakers`,
    and the spans' voice prints for :func:`profiles`."""

    def __init__(
        self, turns: List[diarize_mod.Turn], vectors: Dict[int, np.ndarray], solo: Dict[int, float], speaker_of: Dict[int, int]
    ):
        self.turns = turns
        self.vectors = vectors
        self.solo = solo
        self.speaker_of = speaker_of
        self.cannot_link: Set[Tuple[int, int]] = set()  # spans are never heard at once


def word_span_speakers(
    spans: Sequence[Tuple[float, float]],
    pieces: Sequence[np.ndarray],
    embedder: Embedder,
    num_speakers: Optional[int] = None,
    bounds: Optional[SpeakerBounds] = None,
    whole_file: bool = True,
) -> WordSpanSpeakers:
    """Each span's audio (``pieces``, one per span) embedded with CAM++ and clustered as the diarizer's units are
    (:func:`link_units` at WORD_SPAN_SAME_SPEAKER, then :func:`join_split_voices`); spans of 1 s or more start
    speakers, shorter ones join the nearest. No cannot-links: the words' spans never overlap. ``whole_file`` as
    for :func:`link_units`."""
    vectors: Dict[int, np.ndarray] = {}
    solo: Dict[int, float] = {}
    for k, ((a, b), piece) in enumerate(zip(spans, pieces)):
        if len(piece) >= int(MIN_SPAN_SECONDS * diarize_mod.SAMPLE_RATE):
            vectors[k] = embedder(piece)
            solo[k] = min(b - a, EMBED_SECONDS)
    speaker_of: Dict[int, int] = {}
    if vectors:
        speaker_of = link_units(vectors, solo, (), num_speakers, WORD_SPAN_SAME_SPEAKER, bounds, whole_file)
    turns = [(spans[k][0], spans[k][1], speaker) for k, speaker in sorted(speaker_of.items())]
    return WordSpanSpeakers(turns, vectors, solo, speaker_of)


# -- words said while two people talk at once (issue 26 item 3) ----------------------------------------------

# A word in overlapped speech is heard with this much audio on each side: a word alone (0.2-0.5 s) says little about
# a voice, and CAM++ wants about 0.5 s (bench/README.md, "Who said it").
OVERLAP_CONTEXT = 0.2
MIN_OVERLAP_PIECE = 0.5


def overlapped_words(
    segments: Sequence[Dict[str, Any]], turns: Sequence[diarize_mod.Turn]
) -> List[Tuple[float, float, Tuple[int, ...]]]:
    """The words said where the segmentation hears two people at once: (start, end, the speakers whose turns are
    both active within the word), in time order. A word that only straddles one person's end and the next one's
    start is not among them: the turn that covers most of it is right there."""
    out: List[Tuple[float, float, Tuple[int, ...]]] = []
    for segment in segments:
        for w in segment.get("words") or ():
            a, b = float(w["start"]), max(float(w["end"]), float(w["start"]) + 0.02)
            inside = [(max(ta, a), min(tb, b), s) for ta, tb, s in turns if ta < b and tb > a]
            both = {
                speaker
                for x in inside
                for y in inside
                if x[2] != y[2] and max(x[0], y[0]) < min(x[1], y[1])
                for speaker in (x[2], y[2])
            }
            if len(both) > 1:
                out.append((a, float(w["end"]), tuple(sorted(both))))
    return sorted(out)


def turn_voices(session: Any) -> Dict[int, np.ndarray]:
    """Each turn speaker's voice: the mean of its units' embeddings (an :class:`EmbeddingSession` once finished)."""
    renumbered: Dict[int, int] = getattr(session, "renumbered", {})
    sums: Dict[int, np.ndarray] = {}
    for unit, speaker in getattr(session, "speaker_of", {}).items():
        vector = session.vectors.get(unit)
        if vector is not None and speaker in renumbered:
            turn = renumbered[speaker]
            sums[turn] = sums.get(turn, 0.0) + vector
    return {s: v / max(float(np.linalg.norm(v)), 1e-9) for s, v in sums.items()}


def overlap_spans(words: Sequence[Tuple[float, float, Tuple[int, ...]]]) -> List[Tuple[float, float]]:
    """The audio heard for each overlapped word: the word with OVERLAP_CONTEXT on each side, at least
    MIN_OVERLAP_PIECE long (in time order, as :func:`audio.read_spans` wants them)."""
    out = []
    for a, b, _speakers in words:
        lo, hi = max(0.0, a - OVERLAP_CONTEXT), b + OVERLAP_CONTEXT
        if hi - lo < MIN_OVERLAP_PIECE:
            middle = (lo + hi) / 2
            lo, hi = max(0.0, middle - MIN_OVERLAP_PIECE / 2), middle + MIN_OVERLAP_PIECE / 2
        out.append((lo, hi))
    return out


def speakers_in_overlap(
    words: Sequence[Tuple[float, float, Tuple[int, ...]]],
    pieces: Sequence[np.ndarray],
    voices: Dict[int, np.ndarray],
    embedder: Callable[[np.ndarray], np.ndarray],
) -> Dict[Tuple[float, float], int]:
    """For each overlapped word (``pieces``: its audio, from :func:`overlap_spans`): the one of the two speakers heard
    there whose voice its audio is closest to. The recogniser follows the voice it hears best, and so does the
    embedding of the mixture, more often than not; which of the two started first says nothing (on the conversation
    bench "the turn that covers most of the word, the earlier on a tie" was right for 43 % of the overlapped words'
    time, the voice for 75 %; better on 8 of 9 conversations, worse on one where the quieter voice was written:
    bench/README.md, "Who said it"). Words without a voice for both speakers, or with too little audio, are left out
    (the turns decide)."""
    chosen: Dict[Tuple[float, float], int] = {}
    for (a, b, heard), piece in zip(words, pieces):
        known = [s for s in heard if s in voices]
        if len(known) < 2 or len(piece) < int(MIN_OVERLAP_PIECE * diarize_mod.SAMPLE_RATE) // 2:
            continue
        vector = embedder(piece)
        chosen[(a, b)] = max(known, key=lambda s: float(voices[s] @ vector))
    return chosen


# -- voice prints of pieces of one file, clustered together (issue 29) -------------------------------------

def profiles(session: Any, labels: Dict[int, str]) -> Optional[Dict[str, Any]]:
    """The voice prints behind one transcript's labels (``labels``: turn speaker -> label, in order of first
    appearance), for :func:`cluster_pieces`: every embedded unit whose speaker has a label, with its seconds of
    speech alone, and the pairs of them heard at once. None when the diarizer has no embeddings.

    Biometric data: only built when the caller asks (``speaker_profiles=1``)."""
    if not isinstance(session, (EmbeddingSession, WordSpanSpeakers)):
        return None
    # The diarizer renumbers its speakers in turn order (see DiarizationSession); the words' spans are not.
    renumbered: Dict[int, int] = (
        getattr(session, "renumbered", {}) if isinstance(session, EmbeddingSession) else {s: s for s in session.speaker_of.values()}
    )
    index: Dict[int, int] = {}
    tracks: List[Dict[str, Any]] = []
    for unit in sorted(session.vectors):
        speaker = session.speaker_of.get(unit)
        label = labels.get(renumbered.get(speaker, -1)) if speaker is not None else None
        if label is None:
            continue
        index[unit] = len(tracks)
        tracks.append(
            {
                "speaker": label,
                "embedding": [round(float(x), 5) for x in session.vectors[unit]],
                "seconds": round(float(session.solo[unit]), 3),
            }
        )
    links = sorted((index[a], index[b]) for a, b in session.cannot_link if a in index and b in index)
    return {"speakers": list(labels.values()), "tracks": tracks, "cannotLink": [list(pair) for pair in links]}


def cluster_pieces(
    pieces: Sequence[Dict[str, Any]],
    num_speakers: Optional[int] = None,
    bounds: Optional[SpeakerBounds] = None,
    voices: Sequence[np.ndarray] = (),
) -> List[Dict[str, str]]:
    """One clustering over the tracks of every piece of one file (the same :func:`link_units` a whole file gets;
    small voices are folded here, over the whole file, not in each piece), then each piece's label takes the
    file-wide speaker most of its speech went to. Answers, per piece, its label -> "Speaker N", numbered by first
    appearance in the file (pieces in file order, each piece's labels in its own order); a label without tracks
    gets a speaker of its own. ``voices``: remembered people's prints, anchors of the clustering (:func:`link_units`)."""
    vectors: Dict[int, np.ndarray] = {}
    solo: Dict[int, float] = {}
    links: List[Tuple[int, int]] = []
    owner: List[Tuple[int, str]] = []  # unit -> (piece, label)
    for p, piece in enumerate(pieces):
        first = len(owner)
        for track in piece["tracks"]:
            vector = np.asarray(track["embedding"], dtype=np.float64)
            vectors[len(owner)] = vector / max(float(np.linalg.norm(vector)), 1e-12)
            solo[len(owner)] = float(track["seconds"])
            owner.append((p, track["speaker"]))
        links += [(first + min(a, b), first + max(a, b)) for a, b in piece.get("cannotLink", [])]
    speaker_of = link_units(vectors, solo, links, num_speakers, bounds=bounds, voices=voices)
    votes: Dict[Tuple[int, str], Dict[int, float]] = {}
    for unit, speaker in speaker_of.items():
        tally = votes.setdefault(owner[unit], {})
        tally[speaker] = tally.get(speaker, 0.0) + max(solo[unit], 1e-3)
    names: Dict[Any, str] = {}
    out: List[Dict[str, str]] = []
    for p, piece in enumerate(pieces):
        mapping: Dict[str, str] = {}
        for label in piece["speakers"]:
            voted = votes.get((p, label))
            key: Any = max(voted, key=voted.__getitem__) if voted else ("alone", p, label)
            mapping[label] = names.setdefault(key, f"Speaker {len(names) + 1}")
        out.append(mapping)
    return out
