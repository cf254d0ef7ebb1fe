"""Conversations of 2-6 real voices: what the worker keeps of what the bare engine hears (issue 26).

    flock /work/wt/heavy.lock worker/.venv/bin/python bench/speech/conversations.py [--set users] [--only NAME ...]

Each conversation is built by worker/tests/bench/conversations.py from ../shared/audio/librispeech-voices (turns of
0.3-20 s, backchannels, overlap, 12 dB between voices, laughter/noise bursts; variants with a music bed, room
reverb, telephone band). For each: the worker's ``Transcriber.transcribe(file, diarize=True)`` (what
``/asr?diarize=1`` runs) and the bare call ``WhisperModel(base, int8, cpu_threads=2).transcribe(file)`` (defaults,
plus word times) on the same mixture, both scored against what the bare call hears in each clean source utterance:
recall of all words, recall of the words nobody talks over ("clear"), the worker's recall against the bare call on
the same file, stretches > 2 s of placed speech with no word, speakers found, DER without collar, the segments the
worker dropped and the stretches it decoded a second time (its process-wide counters, ``scrivo_speech.metrics``, read
before and after each file), and the words of the bare call's own repetition loops. Prints JSON lines and a Markdown
table.

``--set users`` (issue 40 item 2) is the set that looks like users' audio: quick exchanges (turns of 0.5-3 s) with
back-channels, 5-15 % overlap, laughter and applause (synthetic), a music bed and a TV bed, a phrase said six times
over and a 20 s lull under music (where Whisper base invents or loops), and one recording of 30 minutes. What the bare
call heard in each reader's utterance is kept in ``<out>/heard`` (the bare call samples at random on fallback: the
same words make the same conversation on the next run).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any, Dict, List, Tuple

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(REPO / "worker"))
sys.path.insert(0, str(HERE))
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

USERS = [
    # Under 30 s: tests/test_users_conversation.py builds this one in npm test.
    cv.Spec("u-quick-2p", seed=401, speakers=2, seconds=25, overlap=0.03, backchannels=3, bursts=2,
            turn_range=(0.5, 3.0)),
    cv.Spec("u-quick-3p-laughter", seed=402, speakers=3, seconds=60, overlap=0.03, backchannels=5, bursts=6,
            applause=2, turn_range=(0.5, 3.0)),
    cv.Spec("u-meeting-4p", seed=403, speakers=4, seconds=90, overlap=0.05, backchannels=5, bursts=3),
    cv.Spec("u-meeting-6p", seed=404, speakers=6, seconds=90, overlap=0.05, backchannels=6, bursts=3),
    cv.Spec("u-tv-3p", seed=405, speakers=3, seconds=60, overlap=0.03, backchannels=4, turn_range=(0.5, 3.0),
            tv=True, bed_db=15),
    cv.Spec("u-music-2p", seed=406, speakers=2, seconds=45, overlap=0.01, backchannels=3, turn_range=(0.5, 3.0),
            music=True, bed_db=12),
    cv.Spec("u-loop-bait-2p", seed=407, speakers=2, seconds=60, overlap=0.03, backchannels=2, repeats=6, lull=20,
            music=True),
    cv.Spec("u-30min", seed=408, speakers=0, seconds=1800, overlap=0.03, backchannels=3, bursts=2, applause=1,
            blocks=True),
]


def timeline_turns(result: Dict[str, Any]) -> List[Any]:
    return [(float(t["start"]), float(t["end"]), str(t["speaker"])) for t in result.get("speakerTimeline") or []]


def true_speakers(conversation: Any, words: List[Any]) -> List[Any]:
    """Each word under the speaker who said it (bench/speech/der_parts.py's rule)."""
    from der_parts import true_speaker

    return true_speaker(conversation, words)


def loop_words(words: List[Any]) -> int:
    """Words of the bare call that repeat a phrase back to back as Whisper's loops do (the worker's guard's rule)."""
    from scrivo_speech.guards import _loop_spans

    return sum(len(r) for r in _loop_spans([w[2] for w in words]))


def engines(data_dir: Path, out: Path) -> Tuple[Any, Any, Path, Any]:
    """The bare call, the worker, the output folder (made) and the bare call's words of each source utterance,
    remembered in ``out/heard``: the bare call's fallback samples at random, and a before/after comparison needs the
    same conversations (the first set was built from fresh words on every run before 2026-12-07)."""
    from faster_whisper import WhisperModel
    from scrivo_speech.models import resolve_model
    from scrivo_speech.transcriber import Transcriber

    model = resolve_model("base", data_dir, allow_download=False)
    hear = cv.bare_engine(WhisperModel(str(model.path), device="cpu", compute_type="int8", cpu_threads=2))
    out.mkdir(parents=True, exist_ok=True)
    return hear, Transcriber(model.path, threads=2), out, cv.remembered(hear, out / "heard")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--audio", default=str(REPO.parent / "shared" / "audio"))
    parser.add_argument("--data-dir", default=str(REPO / "worker" / ".data"))
    parser.add_argument("--only", nargs="*", help="names of the set to run")
    parser.add_argument("--worker-only", action="store_true", help="the worker's side alone (no bare call, no DER "
                        "beyond 8 speakers): what fits when the bare call on 30 minutes does not")
    parser.add_argument("--set", choices=["first", "users"], default="first",
                        help="first: the issue-26 set; users: the set that looks like users' audio (issue 40)")
    parser.add_argument("--out", default="/tmp/conversations")
    parser.add_argument("--first-pass-only", action="store_true",
                        help="the worker as before issue 26: no second decode (for a before/after comparison)")
    parser.add_argument("--uncapped", action="store_true",
                        help="second decodes without their token cap (as before 2026-12-07), for a before/after comparison")
    args = parser.parse_args()

    from scrivo_speech import metrics

    if args.first_pass_only:
        from scrivo_speech import decoding

        decoding._decode_missing = lambda *a, **k: []
        decoding._weak_speech = lambda *a, **k: iter(())
    if args.uncapped:
        from scrivo_speech import decoding

        decoding.second_token_cap = lambda seconds: None
    hear, worker, out, sources = engines(Path(args.data_dir), Path(args.out))
    rows = []
    for spec in USERS if args.set == "users" else SET:
        if args.only and spec.name not in args.only:
            continue
        conversation = cv.build(Path(args.audio), spec, sources)
        path = cv.write_wav(out / f"{spec.name}.wav", conversation.samples)
        before = metrics.snapshot()
        t = time.monotonic()
        result = worker.transcribe(str(path), diarize=True)
        worker_s = time.monotonic() - t
        counted = {k: v - before.get(k, 0) for k, v in metrics.snapshot().items() if v != before.get(k, 0)}
        # The worker's side on its own first: on 30 minutes the bare call may outlast the time there is to measure.
        alone = cv.hypothesis_words(result)
        print(json.dumps({"name": spec.name, "worker": True, "seconds": round(len(conversation.samples) / cv.SAMPLE_RATE, 1),
                          "recall": round(cv.recall(conversation.words, alone), 3),
                          "clearRecall": round(cv.recall(conversation.clear_words(), alone), 3),
                          "empty": cv.empty_stretches(conversation, alone), "found": len({w[3] for w in alone}),
                          # der() tries every pairing of speakers: not with 125 readers.
                          "der": round(der(conversation.turns(), cv.speaker_turns(alone), collar=0.0)["der"], 3)
                          if conversation.spec.speakers <= 8 else None,
                          "counters": counted, "workerSeconds": round(worker_s, 1)}), file=sys.stderr, flush=True)
        if args.worker_only:
            continue
        t = time.monotonic()
        bare = [(w.start, w.end, w.text, None) for w in hear(conversation.samples)]
        bare_s = time.monotonic() - t
        words = cv.hypothesis_words(result)
        # Both transcripts beside the WAV, to see afterwards which words one kept and the other did not (written
        # before anything is scored: the 30-minute file's bare call alone takes over half an hour).
        (out / f"{spec.name}.words.json").write_text(json.dumps({"worker": words, "bare": bare}))
        # der() tries every pairing of speakers: not with the 30-minute file's 125 readers.
        scored = conversation.spec.speakers <= 8
        clear = conversation.clear_words()
        row: Dict[str, Any] = {
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
            # The same on the bare call's words that were said where it put them (bench/speech/lost_words.py: most
            # of what the worker "lacks" of the bare call on quick exchanges is the bare call's own invention).
            "againstBareSaid": round(cv.recall(cv.said(conversation.words, bare), words), 3),
            "empty": cv.empty_stretches(conversation, words),
            "bareEmpty": cv.empty_stretches(conversation, bare),
            "emptyWhereBareHears": cv.empty_where_heard(conversation, words, bare),
            "found": len({w[3] for w in words}),
            "der": round(der(conversation.turns(), cv.speaker_turns(words), collar=0.0)["der"], 3) if scored else None,
            # What the diarizer says (the result's speakerTimeline, two people at once kept), and the floor of the
            # per-word DER above: the same words each under the speaker who said it (issue 40 item 3).
            "timelineDer": round(der(conversation.turns(), timeline_turns(result), collar=0.0)["der"], 3) if scored else None,
            "timelineFound": len({t[2] for t in timeline_turns(result)}),
            "floorDer": round(der(conversation.turns(), cv.speaker_turns(true_speakers(conversation, words)), collar=0.0)["der"], 3)
            if scored else None,
            "refSpeakers": conversation.spec.speakers,
            "dropped": sum(v for k, v in counted.items() if k.startswith("dropped.")),
            "secondDecodes": counted.get("secondDecode.stretches", 0),
            "recovered": counted.get("secondDecode.wordsRecovered", 0),
            "counters": counted,
            "bareLoopWords": loop_words(bare),
            "workerSeconds": round(worker_s, 1),
            "bareSeconds": round(bare_s, 1),
        }
        print(json.dumps(row), flush=True)
        rows.append(row)
    if args.set == "users":
        pct = lambda share: "-" if share is None else f"{share:.0%}"  # noqa: E731
        print("\n| file | s | speakers ref / found | overlap | recall worker / bare | clear recall worker / bare | "
              "worker vs bare | worker vs bare, said words | empty > 2 s worker / bare / where bare hears words | dropped | second decodes (words back) | bare loop words | "
              "DER (per-word labels) | DER floor (words, true speaker) | timeline DER (found) | s worker / bare |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
        for r in rows:
            print(f"| {r['name']} | {r['seconds']} | {r['refSpeakers']} / {r['found']} | {r['overlap']:.0%} | "
                  f"{r['recall']:.3f} / {r['bareRecall']:.3f} | {r['clearRecall']:.3f} / {r['bareClearRecall']:.3f} | "
                  f"{r['againstBare']:.3f} | {r['againstBareSaid']:.3f} | {len(r['empty'])} / {len(r['bareEmpty'])} / {len(r['emptyWhereBareHears'])} | "
                  f"{r['dropped']} | "
                  f"{r['secondDecodes']} ({r['recovered']}) | {r['bareLoopWords']} | {pct(r['der'])} | {pct(r['floorDer'])} | "
                  f"{pct(r['timelineDer'])} ({r['timelineFound']}) | "
                  f"{r['workerSeconds']} / {r['bareSeconds']} |")
        return 0
    print("\n| conversation | s | overlap | recall worker / bare | clear recall worker / bare | worker vs bare | worker vs bare, said words | empty > 2 s worker / bare | speakers ref / found | DER | s worker / bare |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['name']} | {r['seconds']} | {r['overlap']:.0%} | {r['recall']:.3f} / {r['bareRecall']:.3f} | "
              f"{r['clearRecall']:.3f} / {r['bareClearRecall']:.3f} | {r['againstBare']:.3f} | {r['againstBareSaid']:.3f} | {len(r['empty'])} / {len(r['bareEmpty'])} | "
              f"{r['speakers']} / {r['found']} | {r['der']:.0%} | {r['workerSeconds']} / {r['bareSeconds']} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
