"""Diarization error rate (no collar) and speaker count on the assembled multi-speaker sets and
the pyannote sample, for the CAM++ diarizer and the segmentation-only one.

    flock /tmp/heavy.lock worker/.venv/bin/python bench/speakers/run.py [--out DIR] [--threshold T] [--before REV]

``--before REV`` adds the CAM++ diarizer of git revision REV (bench/speakers/long.py loads it), side by side.

Prints one JSON line per set and diarizer, then a Markdown table.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path[:0] = [str(REPO / "worker")]

from scrivo_speech import diarize as diarize_mod  # noqa: E402
from scrivo_speech import speakers  # noqa: E402
from tests.bench.der import der, read_rttm  # noqa: E402
from tests.bench.speaker_sets import SETS, build, read  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--audio", default=str(REPO.parent / "shared" / "audio"))
    parser.add_argument("--out", default=None)
    parser.add_argument("--threshold", type=float, default=speakers.SAME_SPEAKER)
    parser.add_argument("--before", default=None, help="git revision whose CAM++ diarizer runs beside this one")
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
