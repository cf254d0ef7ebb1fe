"""Conversations of 2-6 real voices: what the worker keeps of what the bare engine hears (issue 26).

    flock /work/wt/heavy.lock worker/.venv/bin/python bench/speech/conversations.py [--only NAME ...]

Each conversation is built by worker/tests/bench/conversations.py from ../shared/audio/librispeech-voices (turns of
0.3-20 s, backchannels, overlap, 12 dB between voices, laughter/noise bursts; variants with a music bed, room
reverb, telephone band). For each: the worker's ``Transcriber.transcribe(file, diarize=True)`` (what
``/asr?diarize=1`` runs) and the bare call ``WhisperModel(base, int8, cpu_threads=2).transcribe(file)`` (defaults,
plus word times) on the same mixture, both scored against what the bare call hears in each clean source utterance:
recall of all words, recall of the words nobody talks over ("clear"), the worker's recall against the bare call on
the same file, stretches > 2 s of placed speech with no word, speakers found, DER without collar. Prints JSON lines
and a Markdown table.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(REPO / "worker"))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from tests.bench import conversations as cv  # noqa: E402
from tests.bench.der import der  # noqa: E402

SET = [
    cv.Spec("2p-turns", seed=201, speakers=2, seconds=45, overlap=0.1, backchannels=5),
    cv.Spec("2p-overlap-30", seed=202, speakers=2, seconds=45, overlap=0.3, backchannels=6),
    cv.Spec("3p-telephone", seed=203, speakers=3, seconds=50, overlap=0.15, telephone=True),
    cv.Spec("3p-reverb", seed=204, speakers=3, seconds=50, overlap=0.15, reverb=True),
    cv.Spec("4p-music", seed=205, speakers=4, seconds=60, overlap=0.2, music=True),
    cv.Spec("4p-bursts", seed=206, speakers=4, seconds=60, overlap=0.1, bursts=8),
    cv.Spec("5p", seed=207, speakers=5, seconds=70, overlap=0.2, backchannels=8),
    cv.Spec("6p", seed=208, speakers=6, seconds=80, overlap=0.2, backchannels=8),
]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--audio", default=str(REPO.parent / "shared" / "audio"))
    parser.add_argument("--data-dir", default=str(REPO / "worker" / ".data"))
    parser.add_argument("--only", nargs="*", help="names of the set to run")
    parser.add_argument("--out", default="/tmp/conversations")
    parser.add_argument("--first-pass-only", action="store_true",
                        help="the worker as before issue 26: no second decode (for a before/after comparison)")
    args = parser.parse_args()

    from faster_whisper import WhisperModel
    from scrivo_speech.models import resolve_model
    from scrivo_speech.transcriber import Transcriber

    if args.first_pass_only:
        from scrivo_speech import decoding

        decoding._decode_missing = lambda *a, **k: []
        decoding._weak_speech = lambda *a, **k: iter(())
    model = resolve_model("base", Path(args.data_dir), allow_download=False)
    hear = cv.bare_engine(WhisperModel(str(model.path), device="cpu", compute_type="int8", cpu_threads=2))
    worker = Transcriber(model.path, threads=2)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    rows = []
    for spec in SET:
        if args.only and spec.name not in args.only:
            continue
        conversation = cv.build(Path(args.audio), spec, hear)
        path = cv.write_wav(out / f"{spec.name}.wav", conversation.samples)
        t = time.monotonic()
        result = worker.transcribe(str(path), diarize=True)
        worker_s = time.monotonic() - t
        t = time.monotonic()
        bare = [(w.start, w.end, w.text, None) for w in hear(conversation.samples)]
        bare_s = time.monotonic() - t
        words = cv.hypothesis_words(result)
        clear = conversation.clear_words()
        row = {
            "name": spec.name,
            "seconds": round(len(conversation.samples) / cv.SAMPLE_RATE, 1),
            "speakers": spec.speakers,
            "overlap": round(conversation.overlap_share(), 2),
            "words": len(conversation.words),
            "recall": round(cv.recall(conversation.words, words), 3),
            "bareRecall": round(cv.recall(conversation.words, bare), 3),
            "clearRecall": round(cv.recall(clear, words), 3),
            "bareClearRecall": round(cv.recall(clear, bare), 3),
            "againstBare": round(cv.recall([cv.Word(a, b, x) for a, b, x, _ in bare], words), 3),
            "empty": cv.empty_stretches(conversation, words),
            "bareEmpty": cv.empty_stretches(conversation, bare),
            "found": len({w[3] for w in words}),
            "der": round(der(conversation.turns(), cv.speaker_turns(words), collar=0.0)["der"], 3),
            "workerSeconds": round(worker_s, 1),
            "bareSeconds": round(bare_s, 1),
        }
        print(json.dumps(row), flush=True)
        rows.append(row)
    print("\n| conversation | s | overlap | recall worker / bare | clear recall worker / bare | worker vs bare | empty > 2 s worker / bare | speakers ref / found | DER | s worker / bare |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['name']} | {r['seconds']} | {r['overlap']:.0%} | {r['recall']:.3f} / {r['bareRecall']:.3f} | "
              f"{r['clearRecall']:.3f} / {r['bareClearRecall']:.3f} | {r['againstBare']:.3f} | {len(r['empty'])} / {len(r['bareEmpty'])} | "
              f"{r['speakers']} / {r['found']} | {r['der']:.0%} | {r['workerSeconds']} / {r['bareSeconds']} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
