"""Speaker diarization ("who spoke when") with pyannote segmentation-3.0 (int8 ONNX) only.

No speaker-embedding model is available to this worker, so the pipeline is built from the
segmentation model alone:

1. **Local segmentation.** 10 s windows every ~2.5 s; the model gives, per 16.9 ms frame, one of 7
   powerset classes (nobody, speaker 1/2/3 alone, or a pair), decoded to 3 local speaker activities.
2. **Stitching.** A local speaker of a window is the same *track* as the local speaker of an
   earlier overlapping window it is co-active with most (one-to-one, over the last 3 windows).
3. **Linking tracks across gaps.** A speaker who is silent for longer than the overlap starts a new
   track. Tracks are merged with the segmentation model used as a same/different-voice test: a few
   seconds of clean speech of track A and of track B are put in one 10 s input; if the model gives
   both halves the same local speaker, they are the same voice. Tracks that were ever two local
   speakers in the same window are never merged.
4. **Aggregation.** Per frame, each speaker's activity is averaged over the windows covering it; the
   number of speakers per frame is the rounded mean of the local counts, and the most active ones win.

Audio is fed window by window (:meth:`DiarizationSession.feed`), only ~10 s of audio is buffered,
per window only the 589x3 boolean activity and a short clean-speech clip per track are kept.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

from .engine import OnnxSpec, load_model

SAMPLE_RATE = 16000
WINDOW = 160000  # samples per model input (10 s)
SHIFT = 270  # samples between output frames
FIELD = 991  # receptive field of one output frame (samples)
FRAMES = 589  # output frames per window
STEP_FRAMES = 148  # window step: 148 * 270 samples = 2.4975 s
MIN_LOCAL_FRAMES = 10  # a local speaker must be active this long (~0.17 s) to count in a window
CLIP_SECONDS = 4.5  # clean speech kept per track for the same-voice test
MAX_SPEAKERS = 20

DEFAULT_MODEL = Path(__file__).resolve().parent.parent / "models" / "pyannote-segmentation-3.0" / "model.int8.onnx"

# Powerset classes of segmentation-3.0 (3 speakers, at most 2 at once).
POWERSET = np.array(
    [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 0], [1, 0, 1], [0, 1, 1]], dtype=bool
)

Turn = Tuple[float, float, int]  # start s, end s, speaker index (0-based, first appearance order)


def frame_start(frame: int) -> float:
    return (frame * SHIFT + FIELD // 2 - SHIFT // 2) / SAMPLE_RATE


class Segmenter:
    """The ONNX segmentation model. ``__call__`` maps [N, 160000] float32 to [N, 589, 3] bool."""

    def __init__(self, model_path: Union[str, Path, None] = None, threads: Optional[int] = None):
        path = Path(model_path or os.environ.get("SCRIVO_DIARIZATION_MODEL") or DEFAULT_MODEL)
        if not path.is_file():
            raise FileNotFoundError(f"diarization model not found: {path}")
        self.model_path = str(path)
        self.session = load_model(OnnxSpec(self.model_path, threads or os.cpu_count() or 1))

    def __call__(self, batch: np.ndarray) -> np.ndarray:
        logits = self.session.run(None, {"x": np.ascontiguousarray(batch[:, None, :], dtype=np.float32)})[0]
        return POWERSET[logits.argmax(axis=-1)]


class _Window:
    __slots__ = ("frame0", "act", "tracks")

    def __init__(self, frame0: int, act: np.ndarray, tracks: List[int]):
        self.frame0 = frame0  # global index of its first frame
        self.act = act  # [FRAMES, 3] bool
        self.tracks = tracks  # local speaker -> track id, -1 if the local speaker is inactive


class DiarizationSession:
    """Streaming diarization of one recording: ``feed`` 16 kHz mono float32 audio in order, then
    ``finish`` for the speaker turns."""

    clip_seconds = CLIP_SECONDS  # clean speech kept per track (subclasses that embed keep more)

    def __init__(self, segmenter: Segmenter, step_frames: int = STEP_FRAMES, batch_size: int = 4):
        self.segmenter = segmenter
        self.step = step_frames * SHIFT
        self.batch_size = batch_size
        self.buffer = np.zeros(0, dtype=np.float32)
        self.buffer_start = 0  # sample index of buffer[0]
        self.next_window = 0  # sample index where the next window starts
        self.received = 0
        self.windows: List[_Window] = []
        self.track_count = 0
        self.clips: Dict[int, List[np.ndarray]] = {}  # track -> clean speech pieces (int16)
        self.clip_len: Dict[int, int] = {}
        self.cannot_link: set = set()

    # -- input ------------------------------------------------------------------------------

    def feed(self, samples: np.ndarray) -> None:
        samples = np.asarray(samples, dtype=np.float32).reshape(-1)
        self.buffer = np.concatenate([self.buffer, samples]) if self.buffer.size else samples.copy()
        self.received += samples.shape[0]
        starts = []
        while self.next_window + WINDOW <= self.received:
            starts.append(self.next_window)
            self.next_window += self.step
        self._run(starts)
        drop = self.next_window - self.buffer_start
        if drop > 0:
            self.buffer = self.buffer[drop:].copy()
            self.buffer_start = self.next_window

    def _run(self, starts: Sequence[int]) -> None:
        for i in range(0, len(starts), self.batch_size):
            part = starts[i : i + self.batch_size]
            batch = np.zeros((len(part), WINDOW), dtype=np.float32)
            for row, start in enumerate(part):
                piece = self.buffer[start - self.buffer_start : start - self.buffer_start + WINDOW]
                batch[row, : piece.shape[0]] = piece
            acts = self.segmenter(batch)
            for row, start in enumerate(part):
                self._stitch(start, acts[row], batch[row])

    # -- stitching ----------------------------------------------------------------------------

    def _stitch(self, start: int, act: np.ndarray, audio: np.ndarray) -> None:
        frame0 = start // SHIFT
        valid = max(0, min(FRAMES, (self.received - start - FIELD) // SHIFT + 1))
        act = act.copy()
        act[valid:] = False  # zero padding past the end of the audio
        active = act.sum(axis=0) >= MIN_LOCAL_FRAMES
        # Co-activity of each local speaker with each track of the previous overlapping windows.
        scores: Dict[Tuple[int, int], int] = {}
        for prev in self.windows[-3:]:
            overlap = prev.frame0 + FRAMES - frame0
            if overlap <= 0:
                continue
            mine = act[:overlap]
            theirs = prev.act[FRAMES - overlap :]
            for i in range(3):
                if not active[i]:
                    continue
                for j in range(3):
                    track = prev.tracks[j]
                    if track < 0:
                        continue
                    co = int(np.count_nonzero(mine[:, i] & theirs[:, j]))
                    if co:
                        scores[(i, track)] = scores.get((i, track), 0) + co
        tracks = [-1, -1, -1]
        used = set()
        for (i, track), co in sorted(scores.items(), key=lambda kv: -kv[1]):
            if co < MIN_LOCAL_FRAMES or tracks[i] >= 0 or track in used:
                continue
            tracks[i] = track
            used.add(track)
        for i in range(3):
            if active[i] and tracks[i] < 0:
                tracks[i] = self.track_count
                self.track_count += 1
        present = [t for t in tracks if t >= 0]
        for a in present:
            for b in present:
                if a < b:
                    self.cannot_link.add((a, b))
        self.windows.append(_Window(frame0, act, tracks))
        self._keep_clip(act, tracks, audio)

    def _keep_clip(self, act: np.ndarray, tracks: List[int], audio: np.ndarray) -> None:
        """Keep up to CLIP_SECONDS of speech where the track is the only speaker."""
        limit = int(self.clip_seconds * SAMPLE_RATE)
        alone = act & (act.sum(axis=1, keepdims=True) == 1)
        for i, track in enumerate(tracks):
            have = self.clip_len.get(track, 0)
            if track < 0 or have >= limit:
                continue
            frames = np.flatnonzero(alone[:, i])
            if frames.size < MIN_LOCAL_FRAMES:
                continue
            mask = np.zeros(WINDOW, dtype=bool)
            for f in frames:
                mask[f * SHIFT + FIELD // 2 - SHIFT // 2 : f * SHIFT + FIELD // 2 + SHIFT // 2] = True
            # Only the window's middle part is new audio for the next windows; take it from anywhere.
            speech = audio[mask][: limit - have]
            if speech.size:
                self.clips.setdefault(track, []).append((np.clip(speech, -1, 1) * 32767).astype(np.int16))
                self.clip_len[track] = have + speech.size

    # -- output -------------------------------------------------------------------------------

    def finish(self) -> List[Turn]:
        # Windows covering the end of the audio (zero padded).
        starts = []
        covered = self.next_window - self.step + WINDOW if self.windows else 0
        while covered < self.received:
            starts.append(self.next_window)
            covered = self.next_window + WINDOW
            self.next_window += self.step
        self._run(starts)
        self.buffer = np.zeros(0, dtype=np.float32)
        if not self.windows:
            return []
        speaker_of = self._link_tracks()
        return self._turns(speaker_of)

    def _clip(self, track: int) -> np.ndarray:
        pieces = self.clips.get(track)
        if not pieces:
            return np.zeros(0, dtype=np.float32)
        return np.concatenate(pieces).astype(np.float32) / 32767.0

    def _same_voice(self, clip: np.ndarray, references: List[np.ndarray]) -> List[float]:
        """For each reference clip: one 10 s input with the reference in the first half and ``clip``
        in the second; the share of the clip's speech frames the model gives (alone) to the
        reference's dominant local speaker (0..1; >= 0.5 means the same voice)."""
        half = WINDOW // 2
        split = (half - FIELD // 2) // SHIFT  # first output frame of the second half
        clip = clip[:half]
        clip_end = split + max(4, (clip.size - FIELD // 2) // SHIFT)
        batch = np.zeros((len(references), WINDOW), dtype=np.float32)
        for row, reference in enumerate(references):
            batch[row, : min(reference.size, half)] = reference[:half]
            batch[row, half : half + clip.size] = clip
        scores = []
        for row, act in enumerate(self.segmenter(batch)):
            ref_end = max(1, (min(references[row].size, half) - FIELD // 2) // SHIFT)
            first = act[: min(split, ref_end)].sum(axis=0)
            second = act[split + 3 : clip_end]  # skip frames whose receptive field spans both halves
            spoken = second.any(axis=1)
            if first.max() == 0 or not spoken.any():
                scores.append(0.0)
                continue
            dominant = int(first.argmax())
            alone = second[:, dominant] & (second.sum(axis=1) == 1)
            scores.append(float(np.count_nonzero(alone & spoken) / np.count_nonzero(spoken)))
        return scores

    def _link_tracks(self) -> Dict[int, int]:
        """Greedy merge of tracks, in order of first appearance, into speakers. A track with too
        little solo speech to test (< 0.25 s; overlap or noise) is dropped once a speaker exists."""
        speakers: List[List[int]] = []  # speaker -> its tracks
        reference: List[np.ndarray] = []  # speaker -> its longest clean clip
        speaker_of: Dict[int, int] = {}
        for track in range(self.track_count):
            clip = self._clip(track)
            allowed = [
                s
                for s, members in enumerate(speakers)
                if not any((min(track, m), max(track, m)) in self.cannot_link for m in members)
            ]
            chosen = -1
            if clip.size < SAMPLE_RATE // 4 and speakers:
                continue
            if allowed:
                scores = self._same_voice(clip, [reference[s] for s in allowed])
                best = int(np.argmax(scores))
                if scores[best] >= 0.5 or len(speakers) >= MAX_SPEAKERS:
                    chosen = allowed[best]
            if chosen < 0 and len(speakers) >= MAX_SPEAKERS:
                continue
            if chosen < 0:
                speakers.append([track])
                reference.append(clip)
                chosen = len(speakers) - 1
            else:
                speakers[chosen].append(track)
                if reference[chosen].size < clip.size:
                    reference[chosen] = clip
            speaker_of[track] = chosen
        return speaker_of

    def _turns(self, speaker_of: Dict[int, int]) -> List[Turn]:
        count = max(speaker_of.values(), default=-1) + 1
        total = self.windows[-1].frame0 + FRAMES
        end_frame = max(1, (self.received - FIELD // 2) // SHIFT + 1)
        total = min(total, end_frame)
        score = np.zeros((total, max(count, 1)), dtype=np.float32)
        covered = np.zeros(total, dtype=np.float32)
        speaking = np.zeros(total, dtype=np.float32)
        for window in self.windows:
            a, b = window.frame0, min(window.frame0 + FRAMES, total)
            if b <= a:
                continue
            n = b - a
            local = np.zeros((n, max(count, 1)), dtype=bool)
            for i, track in enumerate(window.tracks):
                if track in speaker_of:
                    local[:, speaker_of[track]] |= window.act[:n, i]
            score[a:b] += local
            covered[a:b] += 1
            speaking[a:b] += local.sum(axis=1)
        covered = np.maximum(covered, 1)
        score /= covered[:, None]
        number = np.rint(speaking / covered).astype(np.int64)
        order = np.argsort(-score, axis=1)
        active = np.zeros_like(score, dtype=bool)
        for k in range(min(2, score.shape[1])):
            rows = np.flatnonzero(number > k)
            active[rows, order[rows, k]] = True
        active &= score > 0
        turns: List[Turn] = []
        for s in range(score.shape[1]):
            column = np.concatenate([[False], active[:, s], [False]])
            edges = np.flatnonzero(np.diff(column.astype(np.int8)))
            for a, b in zip(edges[::2], edges[1::2]):
                turns.append((round(float(frame_start(a)), 3), round(float(frame_start(b)), 3), s))
        turns.sort()
        # Renumber speakers by first appearance.
        order_seen: Dict[int, int] = {}
        for _a, _b, s in turns:
            order_seen.setdefault(s, len(order_seen))
        self.renumbered = order_seen  # linked speaker -> turn speaker (voice prints follow their labels)
        return [(a, b, order_seen[s]) for a, b, s in turns]


def diarize(samples: np.ndarray, segmenter: Optional[Segmenter] = None) -> List[Turn]:
    """Diarize a whole 16 kHz mono float32 array (tests, bench)."""
    session = DiarizationSession(segmenter or Segmenter())
    for i in range(0, samples.shape[0], 300 * SAMPLE_RATE):
        session.feed(samples[i : i + 300 * SAMPLE_RATE])
    return session.finish()


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``python -m scrivo_speech.diarize FILE``: speaker turns as RTTM lines on stdout, time on
    stderr (DER: bench/speakers/run.py)."""
    import argparse
    import json
    import sys
    import time

    from . import audio
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("file")
    args = parser.parse_args(argv)
    started = time.monotonic()
    session = DiarizationSession(Segmenter())
    for _offset, samples in audio.iter_windows(args.file, 300.0):
        session.feed(samples)
    turns = session.finish()
    seconds = time.monotonic() - started
    minutes = session.received / SAMPLE_RATE / 60
    for a, b, s in turns:
        print(f"SPEAKER file 1 {a:.3f} {b - a:.3f} <NA> <NA> Speaker_{s + 1} <NA> <NA>")
    report = {"audioMinutes": round(minutes, 2), "seconds": round(seconds, 2),
              "secondsPerAudioMinute": round(seconds / max(minutes, 1e-9), 2),
              "speakers": len({s for *_, s in turns})}
    print(json.dumps(report), file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
