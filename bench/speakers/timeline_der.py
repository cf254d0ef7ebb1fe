"""Who speaks when (issue 40): DER of the ``speakerTimeline`` against DER of the per-word labels, on one run each.

    flock /tmp/heavy.lock worker/.venv/bin/python bench/speakers/timeline_der.py [--only NAME ...] [--bench-set]

pyannote's protocol (``worker/tests/bench/der.py`` at collar 0): no collar, overlapped speech scored. For each file
the worker runs as ``/asr?diarize=1`` does (``Transcriber.transcribe(file, diarize=True)``) and both hypotheses are
read from that one result, so they differ only in how speakers are given to time:

- timeline: ``speakerTimeline`` as it is, two people at once included;
- per word: each word's span under its line's speaker, neighbours joined across gaps < 0.5 s
  (``cv.speaker_turns``, how the conversation benches score the transcript; one speaker at a time).

Files: the pyannote sample against its own sample.rttm, and the conversations ``worker/tests/test_conversations.py``
builds (same specs and seeds, turns cut with the same greedy hearing as its ``hear`` fixture, so the references are
the tests'); ``--bench-set`` adds bench/speech/conversations.py's eight. Prints a JSON line per file, then a Markdown
table (missed / false alarm / confusion, each a share of the reference speech, summing to the DER).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Dict, List, Sequence, Tuple

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path[:0] = [str(REPO / "worker"), str(REPO / "bench" / "speech")]
os.environ.setdefault("HF_HUB_OFFLINE", "1")

import numpy as np  # noqa: E402

from tests.bench import conversations as cv  # noqa: E402
from tests.bench.der import der, read_rttm  # noqa: E402

Turn = Tuple[float, float, str]


@dataclass
class Row:
    file: str
    seconds: float
    speakers: int
    found: int  # the timeline's people (the lines carry the same labels)
    overlapped: float
    timeline: Dict[str, float]
    perWord: Dict[str, float]
    workerSeconds: float


def parts(reference: Sequence[Turn], hypothesis: Sequence[Turn]) -> Dict[str, float]:
    d = der(reference, hypothesis, collar=0.0)
    total = max(d["total"], 1e-9)
    return {"der": d["der"], "missed": d["missed"] / total, "falseAlarm": d["falseAlarm"] / total,
            "confusion": d["confusion"] / total}


def overlapped(reference: Sequence[Turn]) -> float:
    """Share of the reference speech time in which two or more people speak."""
    frames = int(max((b for _a, b, _s in reference), default=0.0) * 100) + 2
    grid = np.zeros(frames, dtype=np.int32)
    for a, b, _s in reference:
        grid[int(round(a * 100)) : int(round(b * 100))] += 1
    return float((grid > 1).sum() / max((grid > 0).sum(), 1))


def greedy_hearing(transcriber: Any) -> cv.BareEngine:
    """tests/conftest.py's ``hear``: the conversations' turns are cut where these words are, so the bench has to
    hear the clean sources as the tests do to build the same conversations."""
    heard: Dict[str, List[cv.Word]] = {}

    def words(samples: np.ndarray) -> List[cv.Word]:
        key = hashlib.sha1(samples.tobytes()).hexdigest()
        if key not in heard:
            segments, _info = transcriber.model.transcribe(samples, language="en", word_timestamps=True, beam_size=1)
            heard[key] = [cv.Word(float(w.start), float(w.end), t) for s in segments for w in s.words or ()
                          for t in cv.normalize(w.word)]
        return heard[key]

    return words


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--audio", default=str(REPO.parent / "shared" / "audio"))
    parser.add_argument("--data-dir", default=str(REPO / "worker" / ".data"))
    parser.add_argument("--only", nargs="*", help="names of the files to run")
    parser.add_argument("--bench-set", action="store_true", help="add bench/speech/conversations.py's conversations")
    args = parser.parse_args()

    from scrivo_speech.config import cpu_count
    from scrivo_speech.models import resolve_model
    from scrivo_speech.transcriber import Transcriber
    from tests.test_conversations import SPECS

    audio = Path(args.audio)
    transcriber = Transcriber(resolve_model("base", Path(args.data_dir), allow_download=False).path, threads=cpu_count())
    hear = greedy_hearing(transcriber)
    specs = list(SPECS)
    if args.bench_set:
        from conversations import SET

        specs += SET
    out = Path(tempfile.mkdtemp(prefix="scrivo-timeline-der-"))
    sample = audio / "pyannote-sample"
    files: List[Tuple[str, Any]] = [("pyannote-sample", lambda: (sample / "sample.wav", read_rttm(sample / "sample.rttm")))]
    for spec in specs:
        def built(spec: cv.Spec = spec) -> Tuple[Path, List[Turn]]:
            conversation = cv.build(audio, spec, hear)
            return cv.write_wav(out / f"{spec.name}.wav", conversation.samples), conversation.turns()

        files.append((spec.name, built))

    rows: List[Row] = []
    for name, load in files:
        if args.only and name not in args.only:
            continue
        path, reference = load()
        started = time.monotonic()
        result = transcriber.transcribe(str(path), diarize=True)
        timeline = [(t["start"], t["end"], t["speaker"]) for t in result["speakerTimeline"]]
        words = cv.speaker_turns(cv.hypothesis_words(result))
        row = Row(
            file=name,
            seconds=round(float(result["duration"]), 1),
            speakers=len({s for _a, _b, s in reference}),
            found=len({s for _a, _b, s in timeline}),
            overlapped=round(overlapped(reference), 3),
            timeline=parts(reference, timeline),
            perWord=parts(reference, words),
            workerSeconds=round(time.monotonic() - started, 1),
        )
        print(json.dumps(asdict(row)), flush=True)
        rows.append(row)

    def cell(p: Dict[str, float]) -> str:
        return f"{100 * p['missed']:.1f} / {100 * p['falseAlarm']:.1f} / {100 * p['confusion']:.1f} = **{100 * p['der']:.1f} %**"

    print("\n| file | audio s | speakers ref / found | overlapped | timeline: missed / FA / confusion = DER "
          "| per-word labels: missed / FA / confusion = DER |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r.file} | {r.seconds} | {r.speakers} / {r.found} | {100 * r.overlapped:.0f} % "
              f"| {cell(r.timeline)} | {cell(r.perWord)} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
