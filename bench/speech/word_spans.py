"""Speakers from the words' spans in a reverberant room: how long a span may be before it is cut (issue 26).

    flock /tmp/heavy.lock worker/.venv/bin/python bench/speech/word_spans.py [--longest 0 3 4 6]

The reverberant variants of the conversation set (bench/speech/conversations.py, RT60 0.5 s) go through the worker's
``Transcriber.transcribe(file, diarize=True)`` once per value of ``speakers.LONGEST_WORD_SPAN`` (0: spans are never
cut, as before 2026-12-07); prints the share of the words' time the segmentation covered, the spans and speakers found
by the fallback, and DER without collar of the per-word labels, as JSON lines and a Markdown table.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(REPO / "worker"))
sys.path.insert(0, str(HERE))

from conversations import SET, engines  # noqa: E402
from tests.bench import conversations as cv  # noqa: E402
from tests.bench.der import der  # noqa: E402

ROOMS = [replace(spec, name=f"{spec.name}-reverb", reverb=True) for spec in SET
         if spec.name in ("2p-turns", "3p-reverb", "4p-bursts", "5p", "6p")]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--audio", default=str(REPO.parent / "shared" / "audio"))
    parser.add_argument("--data-dir", default=str(REPO / "worker" / ".data"))
    parser.add_argument("--out", default="/tmp/conversations")
    parser.add_argument("--longest", nargs="*", type=float, default=[0.0, 3.0, 4.0, 6.0])
    args = parser.parse_args()

    from scrivo_speech import speakers as speakers_mod

    _hear, worker, out, sources = engines(Path(args.data_dir), Path(args.out))
    found = {}
    seen = {}
    original = speakers_mod.word_span_speakers

    def counted(spans, *rest, **options):
        result = original(spans, *rest, **options)
        seen["spans"] = len(spans)
        return result

    speakers_mod.word_span_speakers = counted
    for spec in ROOMS:
        name = spec.name.replace("-reverb-reverb", "-reverb")
        conversation = cv.build(Path(args.audio), spec, sources)
        path = cv.write_wav(out / f"{name}.wav", conversation.samples)
        for longest in args.longest:
            speakers_mod.LONGEST_WORD_SPAN = longest
            seen.clear()
            result = worker.transcribe(str(path), diarize=True)
            words = cv.hypothesis_words(result)
            row = {"name": name, "speakers": spec.speakers, "longest": longest, "spans": seen.get("spans"),
                   "found": len({w[3] for w in words}),
                   "der": round(der(conversation.turns(), cv.speaker_turns(words), collar=0.0)["der"], 3)}
            print(json.dumps(row), flush=True)
            found[(name, longest)] = row
    print("\n| file (speakers) | " + " | ".join(f"spans cut at {v:g} s" if v else "not cut" for v in args.longest) + " |")
    print("|---|" + "---|" * len(args.longest))
    for spec in ROOMS:
        name = spec.name.replace("-reverb-reverb", "-reverb")
        cells = []
        for v in args.longest:
            r = found[(name, v)]
            cells.append(f"{r['found']} / {r['der']:.0%}" + (f" ({r['spans']} spans)" if r["spans"] else " (diarizer)"))
        print(f"| {name} ({spec.speakers}) | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
