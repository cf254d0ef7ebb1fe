"""Where the worker hears fewer words than the bare engine, 4 s window by 4 s window (issue 26).

    flock /work/wt/heavy.lock worker/.venv/bin/python bench/speech/sparse_windows.py 4p-music 6p

Builds the named conversations of bench/speech/conversations.py, runs the worker (without diarization) and the bare
call on each, and prints per 4 s window the worker's and the bare call's words and the worker's words per second of
speech; "<<<" marks windows where the bare call heard at least 1.5x the worker's words and 3 more. This is how the
sparse stretches (decoding._decode_sparse) were found: no stretch empty, but far too few words.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(REPO / "worker"))
sys.path.insert(0, str(HERE))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from tests.bench import conversations as cv  # noqa: E402

import conversations as bench  # noqa: E402

WINDOW = 4.0


def main() -> int:
    from faster_whisper import WhisperModel
    from scrivo_speech import decoding
    from scrivo_speech.models import resolve_model
    from scrivo_speech.transcriber import Transcriber

    names = sys.argv[1:] or [spec.name for spec in bench.SET]
    model = resolve_model("base", REPO / "worker" / ".data", allow_download=False)
    hear = cv.bare_engine(WhisperModel(str(model.path), device="cpu", compute_type="int8", cpu_threads=2))
    worker = Transcriber(model.path, threads=2)
    spans_seen: list = []
    first_pass = decoding._decode_batch

    def recording_spans(model_, samples, batch, *args, **kwargs):
        spans_seen.extend((s["start"] / 16000, s["end"] / 16000) for chunk in batch for s in chunk.spans)
        return first_pass(model_, samples, batch, *args, **kwargs)

    decoding._decode_batch = recording_spans
    out = Path("/tmp/conversations")
    out.mkdir(parents=True, exist_ok=True)
    for spec in bench.SET:
        if spec.name not in names:
            continue
        spans_seen.clear()
        conversation = cv.build(REPO.parent / "shared" / "audio", spec, hear)
        path = cv.write_wav(out / f"{spec.name}.wav", conversation.samples)
        result = worker.transcribe(str(path), diarize=False)
        ours = [(w["start"] + w["end"]) / 2 for s in result["segments"] for w in (s.get("words") or [])]
        theirs = [(w.start + w.end) / 2 for w in hear(conversation.samples)]
        seconds = len(conversation.samples) / 16000
        speech = np.zeros(int(seconds * 100) + 1, dtype=bool)
        for a, b in spans_seen:
            speech[int(a * 100) : int(b * 100)] = True
        print(f"{spec.name}: worker {len(ours)} words, bare {len(theirs)}")
        for start in np.arange(0, seconds, WINDOW):
            end = start + WINDOW
            spoken = speech[int(start * 100) : int(end * 100)].sum() / 100
            if spoken < 2:
                continue
            n_ours = sum(start <= m < end for m in ours)
            n_theirs = sum(start <= m < end for m in theirs)
            flag = "  <<<" if n_theirs >= 1.5 * n_ours + 3 else ""
            print(f"  {start:5.1f}-{end:5.1f} s  speech {spoken:4.1f} s  worker {n_ours:3d} ({n_ours / spoken:.2f}/s)"
                  f"  bare {n_theirs:3d}{flag}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
