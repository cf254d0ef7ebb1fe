"""Diarization error rate (no collar) and speaker count on the assembled multi-speaker sets and
the pyannote sample, for the CAM++ diarizer and the segmentation-only one.

    flock /tmp/heavy.lock worker/.venv/bin/python bench/speakers/run.py [--out DIR] [--threshold T] [--before REV] \
        [--absent-prints N]

``--before REV`` adds the CAM++ diarizer of git revision REV (bench/speakers/long.py loads it), side by side.
``--absent-prints N`` adds the CAM++ diarizer given the voice prints of N LibriSpeech readers who speak in none of
the files (remembered voices, issue 40: with nobody remembered in a recording, its speakers must come out as
without the prints); each print is made from the reader's utterance in ../shared/audio/librispeech-voices as
``POST /speakers/print`` makes it.

Prints one JSON line per set and diarizer, then a Markdown table.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, List

import numpy as np

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path[:0] = [str(REPO / "worker")]

from scrivo_speech import diarize as diarize_mod  # noqa: E402
from scrivo_speech import speakers, voices  # noqa: E402
from tests.bench.der import der, read_rttm  # noqa: E402
from tests.bench.speaker_sets import SETS, build, read  # noqa: E402


# The LibriSpeech readers who speak in the sets (tests/bench/speaker_sets.py): never among the absent people.
READERS_IN_SETS = ("1221", "1089")


def absent_prints(folder: Path, count: int, embedder: speakers.Embedder) -> List[np.ndarray]:
    """Voice prints (:func:`voices.voice_print`) of the first ``count`` readers of ``folder`` with 3 s of speech or
    more, none of whom speaks in the benchmark's files."""
    from tests.bench.conversations import read_audio

    out: List[np.ndarray] = []
    for path in sorted(folder.glob("*.flac")):
        if len(out) >= count:
            break
        if path.name.split("-")[0] in READERS_IN_SETS:
            continue
        try:
            out.append(voices.voice_print([read_audio(path)], embedder)[0])
        except voices.TooLittleSpeech:
            continue
    return out


class AnchoredDiarizer(speakers.EmbeddingDiarizer):
    """The CAM++ diarizer whose every session is given ``prints`` (as X-Voice-Prints gives them)."""

    def __init__(self, segmenter: diarize_mod.Segmenter, embedder: speakers.Embedder, prints: List[np.ndarray]):
        super().__init__(segmenter, embedder)
        self.prints = prints

    def session(self, *args: Any, **kwargs: Any) -> speakers.Session:
        return super().session(voices=self.prints)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--audio", default=str(REPO.parent / "shared" / "audio"))
    parser.add_argument("--out", default=None)
    parser.add_argument("--threshold", type=float, default=speakers.SAME_SPEAKER)
    parser.add_argument("--before", default=None, help="git revision whose CAM++ diarizer runs beside this one")
    parser.add_argument("--absent-prints", type=int, default=0, help="voice prints of this many absent readers")
    args = parser.parse_args()
    audio_dir = Path(args.audio)
    out = Path(args.out or tempfile.mkdtemp(prefix="scrivo-der-"))
    cases = [(name, *build(name, audio_dir, out)) for name in SETS]
    sample = audio_dir / "pyannote-sample"
    cases.append(("pyannote-sample", sample / "sample.wav", sample / "sample.rttm"))

    segmenter = diarize_mod.Segmenter(threads=2)
    model = speakers.find_embedding_model()
    if model is None:
        raise SystemExit("CAM++ model not found (SCRIVO_SPEAKER_MODEL)")
    speakers.SAME_SPEAKER = args.threshold
    diarizers = {
        "cam++": speakers.EmbeddingDiarizer(segmenter, speakers.Embedder(model, threads=2)),
        "segmentation-only": speakers.SegmentationDiarizer(segmenter),
    }
    if args.absent_prints:
        embedder = diarizers["cam++"].embedder
        prints = absent_prints(audio_dir / "librispeech-voices", args.absent_prints, embedder)
        diarizers[f"cam++ with {len(prints)} absent people's prints"] = AnchoredDiarizer(segmenter, embedder, prints)
    if args.before:
        from long import revision

        old, commit = revision(args.before, Path(tempfile.mkdtemp(prefix="scrivo-before-")))
        old.SAME_SPEAKER = args.threshold
        diarizers[f"cam++ before ({commit})"] = old.EmbeddingDiarizer(segmenter, old.Embedder(model, threads=2))
    rows = []
    for name, wav, rttm in cases:
        samples = read(wav)
        reference = read_rttm(rttm)
        for label, diarizer in diarizers.items():
            started = time.monotonic()
            session = diarizer.session()
            for i in range(0, samples.size, 300 * 16000):
                session.feed(samples[i : i + 300 * 16000])
            turns = session.finish()
            seconds = time.monotonic() - started
            hypothesis = [(a, b, f"S{s}") for a, b, s in turns]
            scored = der(reference, hypothesis, collar=0.0)
            row = {
                "set": name,
                "diarizer": label,
                "seconds_audio": round(len(samples) / 16000, 1),
                "speakers_ref": len({t[2] for t in reference}),
                "speakers_found": len({t[2] for t in hypothesis}),
                "der_no_collar": round(scored["der"], 4),
                # The share of speech given to the wrong voice: what a change to the embeddings moves.
                "confusion": round(scored["confusion"] / max(scored["total"], 1e-9), 4),
                "seconds": round(seconds, 2),
                # Two diarizers that give the same turns give the same digest (a change that must change nothing).
                "turns_digest": hashlib.sha1(json.dumps(turns).encode()).hexdigest()[:12],
            }
            rows.append(row)
            print(json.dumps(row), flush=True)
    print("\n| set | diarizer | audio s | speakers (ref / found) | DER no collar | confusion | time s |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        print(
            f"| {r['set']} | {r['diarizer']} | {r['seconds_audio']} | {r['speakers_ref']} / {r['speakers_found']} "
            f"| {100 * r['der_no_collar']:.1f} % | {100 * r['confusion']:.1f} % | {r['seconds']} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
