"""Without prints the diarizer is the one it was: main's (or any revision's) EmbeddingSession, fed the recordings of
bench/speakers/remembered_voices.py with the models' answers kept in its --cache (the segmenter's and CAM++'s, saved
while the diarizer with the prints ran), must give the turns this tree's diarizer gave without the prints (the
``{split}-{seed}-{k}.pickle`` states of that cache). No model runs: an answer missing from the cache is an error.

    flock /tmp/heavy.lock worker/.venv/bin/python bench/speakers/same_without_prints.py --cache DIR [--before main]
"""

from __future__ import annotations

import argparse
import pickle
import sys
import tempfile
from pathlib import Path
from typing import Any, Dict

import numpy as np

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path[:0] = [str(REPO / "worker"), str(HERE)]

from long import revision  # noqa: E402
from remembered_voices import RATE, halves, recording, restored  # noqa: E402
from tests.bench.conversations import read_audio  # noqa: E402


class Kept:
    """A model answered from the cache alone."""

    def __init__(self, memo: Dict[str, np.ndarray]):
        self.memo = memo

    def __call__(self, samples: np.ndarray) -> np.ndarray:
        import hashlib

        samples = np.ascontiguousarray(samples, dtype=np.float32)
        return self.memo[hashlib.sha1(samples.tobytes() + str(samples.shape).encode()).hexdigest()]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--audio", default=str(REPO.parent / "shared" / "audio" / "librispeech-voices"))
    parser.add_argument("--cache", required=True)
    parser.add_argument("--before", default="main")
    parser.add_argument("--seed", type=int, default=40)
    parser.add_argument("--dev", type=int, default=60)
    parser.add_argument("--test", type=int, default=140)
    args = parser.parse_args()
    old, commit = revision(args.before, Path(tempfile.mkdtemp(prefix="scrivo-before-")))
    cache = Path(args.cache)
    # The recordings, drawn as remembered_voices.py draws them.
    rng = np.random.default_rng(args.seed)
    files = sorted(Path(args.audio).glob("*.flac"))
    audio = {f.name.split("-")[0]: read_audio(f) for f in files}
    split_at = {r: halves(s) for r, s in audio.items() if s.size >= 8 * RATE}
    long_enough = sorted(r for r, (a, b) in split_at.items() if min(a.size, b.size) >= 3 * RATE)
    known = sorted(rng.choice(long_enough, size=20, replace=False).tolist())
    strangers = [r for r in sorted(audio) if r not in known]
    rng.shuffle(strangers)
    pools = {"dev": strangers[: len(strangers) // 2], "test": strangers[len(strangers) // 2 :]}
    same = differ = 0
    for split, count in (("dev", args.dev), ("test", args.test)):
        for k in range(count):
            size = int(rng.integers(2, 5))
            remembered = int(rng.integers(0, size + 1))
            people = rng.choice(known, size=remembered, replace=False).tolist() + rng.choice(
                pools[split], size=size - remembered, replace=False
            ).tolist()
            rng.shuffle(people)
            parts = [(p, split_at[p][1] if p in known else audio[p]) for p in people]
            samples, _reference = recording(parts)
            memo: Dict[str, Any] = pickle.loads((cache / f"{split}-{args.seed}-{k}-memo.pickle").read_bytes())
            session = old.EmbeddingDiarizer(Kept(memo["segmenter"]), Kept(memo["embedder"])).session()
            for i in range(0, samples.size, 300 * RATE):
                session.feed(samples[i : i + 300 * RATE])
            theirs = session.finish()
            ours = restored(pickle.loads((cache / f"{split}-{args.seed}-{k}.pickle").read_bytes()), None).finish()
            if theirs == ours:
                same += 1
            else:
                differ += 1
                print(f"{split} {k}: the turns differ", flush=True)
    print(f"{commit}'s diarizer against this tree's without prints: {same} recordings with the same turns, {differ} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
