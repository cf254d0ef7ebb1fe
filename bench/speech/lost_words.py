"""Which words the bare engine hears and the worker does not, and why (issue 40, item 1's recall target).

    PYTHONPATH=worker worker/.venv/bin/python bench/speech/lost_words.py --set users --out /tmp/recall-users \
        [--only NAME ...] [--bare-from /tmp/recall-before]

Reads what ``bench/speech/conversations.py`` left in ``--out``: each file's WAV, ``<name>.words.json`` (the worker's
and the bare call's words) and ``heard/`` (the bare call's words per reader, from which the same conversation and its
reference words are built again without a model). The worker's words are matched to the bare call's as the bench's
"worker vs bare" column does (``cv.recall``: same word, within 1.5 s, closest first, each used once); every bare word
left unmatched is a lost word. Each is listed with its time, the worker's words around it, the voice-activity spans and
chunks the worker decoded (``decoding.speech_spans`` and ``chunks_of``, recomputed on the WAV: Silero is
deterministic), and one class, the first that applies:

- ``bare_misplaced``: the bare word is said, but the bare call put it more than 1.5 s from where it was said (the
  reference has the word within 4 s): the worker, placing it right, loses nothing;
- ``not_in_reference``: the bare word is no word of the reference (nobody said it near there: the bare call's own
  invention, a word of the TV bed, a misspelling); the worker lacking it loses nothing;
- ``misplaced``: the worker has the same word, but more than 1.5 s away (a time restored wrongly);
- ``substitution``: the worker wrote other words there (words of its own no bare word matched, within 0.6 s);
  ``worker_right`` counts those where the worker's word is the reference's and the bare call's is not;
- ``repeat_collapsed``: the word repeats the bare word before it (a phrase said again), and the worker kept a copy;
- ``backchannel``: a reference back-channel ("yeah" over someone else's turn);
- ``overlapped``: said while another speaker talks (not a clear word of the reference);
- ``outside_vad``: in no voice-activity span: the first pass never decoded it;
- ``chunk_edge``: within 1 s of the start or end of a chunk;
- ``splice``: within 0.5 s of a place inside a chunk where a pause was cut out;
- ``inside_chunk``: anything else: a word the worker's decode of its chunk skipped.

Prints one line per lost word and a table of the classes per file.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(REPO / "worker"))
sys.path.insert(0, str(HERE))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from tests.bench import conversations as cv  # noqa: E402

SLACK = 1.5  # cv.recall's
NEAR = 0.6  # the worker's own words this close to a lost word wrote something else there
EDGE = 1.0  # a lost word this close to a chunk's start or end is at its edge
SPLICE = 0.5  # ... this close to a pause cut out of a chunk is at a splice
CLASSES = ("bare_misplaced", "not_in_reference", "misplaced", "substitution", "repeat_collapsed", "backchannel", "overlapped",
           "outside_vad", "chunk_edge", "splice", "inside_chunk")

Timed = Tuple[float, float, str]


def match(reference: Sequence[Timed], hypothesis: Sequence[Timed], slack: float = SLACK) -> List[Optional[int]]:
    """For each reference word, the index of the hypothesis word cv.recall matches it with (None: not found)."""
    return cv.matches([cv.Word(a, b, t) for a, b, t in reference], [(a, b, t, None) for a, b, t in hypothesis], slack)


def _middle(w: Sequence[Any]) -> float:
    return (float(w[0]) + float(w[1])) / 2


def chunk_layout(samples: Any) -> Tuple[List[Tuple[float, float]], List[Dict[str, Any]]]:
    """The worker's voice-activity spans (seconds) and chunks (start, end, splices) as its first pass packs them
    for a file it detects the language of (``decoding.decode``: span by span, 30 s of speech at most)."""
    from scrivo_speech import decoding

    sr = decoding.SAMPLE_RATE
    spans = decoding.speech_spans(samples, True)
    chunks = decoding.chunks_of([[s] for s in spans], [("", 0.0)] * len(spans))
    out = []
    for c in chunks:
        splices = [(a["end"] / sr, b["start"] / sr) for a, b in zip(c.spans, c.spans[1:])]
        out.append({"start": c.spans[0]["start"] / sr, "end": c.spans[-1]["end"] / sr, "splices": splices})
    return [(s["start"] / sr, s["end"] / sr) for s in spans], out


def classify(
    k: int,
    bare: Sequence[Timed],
    worker: Sequence[Timed],
    bare_to_worker: Sequence[Optional[int]],
    bare_in_reference: Sequence[Optional[int]],
    reference: Sequence[Timed],
    reference_kind: Sequence[Optional[str]],
    spans: Sequence[Tuple[float, float]],
    chunks: Sequence[Dict[str, Any]],
    worker_matched: set,
) -> str:
    """The class of the lost bare word ``k`` (module docstring)."""
    word = bare[k]
    middle = _middle(word)
    if bare_in_reference[k] is None:
        said = any(r[2] == word[2] and abs(_middle(r) - middle) <= 4.0 for r in reference)
        return "bare_misplaced" if said else "not_in_reference"
    # Where it was said, from here on: the bare call's word times can be a second or more off.
    middle = _middle(reference[bare_in_reference[k]])
    if any(w[2] == word[2] and abs(_middle(w) - middle) <= 4.0 for i, w in enumerate(worker) if i not in worker_matched):
        return "misplaced"
    if any(abs(_middle(w) - middle) <= NEAR for i, w in enumerate(worker) if i not in worker_matched):
        return "substitution"
    previous = [j for j in range(max(0, k - 3), k) if bare[j][2] == word[2]]
    if previous and any(bare_to_worker[j] is not None for j in previous):
        return "repeat_collapsed"
    if reference_kind[k] == "backchannel":
        return "backchannel"
    if reference_kind[k] == "overlapped":
        return "overlapped"
    if not any(a <= middle <= b for a, b in spans):
        return "outside_vad"
    for c in chunks:
        if c["start"] - EDGE <= middle <= c["end"] + EDGE and (middle - c["start"] <= EDGE or c["end"] - middle <= EDGE):
            return "chunk_edge"
        if any(a - SPLICE <= middle <= b + SPLICE for a, b in c["splices"]):
            return "splice"
    return "inside_chunk"


def analyse(name: str, out: Path, conversation: Any, verbose: bool, bare_from: Path) -> Dict[str, Any]:
    data = json.loads((out / f"{name}.words.json").read_text())
    worker: List[Timed] = [(float(w[0]), float(w[1]), str(w[2])) for w in data["worker"]]
    heard = json.loads((bare_from / f"{name}.words.json").read_text())["bare"]
    bare: List[Timed] = [(float(w[0]), float(w[1]), str(w[2])) for w in heard]
    reference = [(w.start, w.end, w.text) for w in conversation.words]
    clear = {(w.start, w.text) for w in conversation.clear_words()}
    backchannel = {(w.start, w.text) for p in conversation.placed if p.backchannel for w in p.words}

    bare_to_worker = match(bare, worker)
    reference_to_bare = match(reference, bare)
    reference_to_worker = match(reference, worker)
    bare_in_reference: List[Optional[int]] = [None] * len(bare)  # the reference word each bare word is
    kind: List[Optional[str]] = [None] * len(bare)
    for r, k in enumerate(reference_to_bare):
        if k is None:
            continue
        bare_in_reference[k] = r
        key = (reference[r][0], reference[r][2])
        kind[k] = "backchannel" if key in backchannel else ("overlapped" if key not in clear else "clear")
    worker_matched = {k for k in bare_to_worker if k is not None}
    worker_in_reference = {k for k in reference_to_worker if k is not None}
    samples = cv.read_audio(out / f"{name}.wav")
    spans, chunks = chunk_layout(samples)

    lost = [k for k, m in enumerate(bare_to_worker) if m is None]
    classes: Counter = Counter()
    worker_right = 0
    for k in lost:
        label = classify(k, bare, worker, bare_to_worker, bare_in_reference, reference, kind, spans, chunks, worker_matched)
        classes[label] += 1
        said = bare_in_reference[k]
        middle = _middle(bare[k] if said is None else reference[said])
        near = [w for w in worker if abs(_middle(w) - middle) <= 2.0]
        if label == "substitution":
            # The worker's own words next to it that the reference has: the worker wrote what was said.
            mine = [i for i, w in enumerate(worker) if i not in worker_matched and abs(_middle(w) - middle) <= NEAR]
            if any(i in worker_in_reference for i in mine):
                worker_right += 1
        if verbose:
            chunk = next((i for i, c in enumerate(chunks) if c["start"] <= middle <= c["end"]), None)
            span = next(((a, b) for a, b in spans if a - 1.0 <= middle <= b + 1.0), None)
            where = "" if said is None else f" said@{reference[said][0]:.2f}"
            print(f"{name} {bare[k][0]:7.2f}-{bare[k][1]:6.2f} {bare[k][2]!r:14} {label:17}{where} "
                  f"ref={kind[k] or '-':11} chunk={chunk} span={span and (round(span[0], 2), round(span[1], 2))} "
                  f"worker: {' '.join(f'{w[2]}@{w[0]:.1f}' for w in near)}")
    # What the reference says of the two: words of the reference each transcript has.
    return {
        "name": name,
        "bare": len(bare),
        "lost": len(lost),
        "againstBare": round(1 - len(lost) / max(1, len(bare)), 3),
        "classes": dict(classes),
        "workerRight": worker_right,
        "reference": len(reference),
        "referenceWorker": sum(1 for k in reference_to_worker if k is not None),
        "referenceBare": sum(1 for k in reference_to_bare if k is not None),
        # The target read on the words the bare call heard as they were said: its inventions and misplaced words
        # left out, what share of the rest the worker has.
        "bareSaid": sum(1 for r in bare_in_reference if r is not None),
        "againstBareSaid": round(cv.recall(cv.said(conversation.words, [(*w, None) for w in bare]),
                                           [(*w, None) for w in worker]), 3),
        "chunks": len(chunks),
        "spans": len(spans),
    }


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--audio", default=str(REPO.parent / "shared" / "audio"))
    parser.add_argument("--set", choices=["first", "users"], default="users")
    parser.add_argument("--out", default="/tmp/conversations")
    parser.add_argument("--only", nargs="*")
    parser.add_argument("--bare-from", help="the bare call's words from this run's folder instead (a before/after "
                        "comparison on one bare transcript: the bare call's fallback samples at random)")
    parser.add_argument("--quiet", action="store_true", help="the table only, no line per lost word")
    args = parser.parse_args()
    import conversations as bench

    out = Path(args.out)

    def unheard(_samples: Any) -> List[Any]:
        raise SystemExit("a reader's words are not in <out>/heard: run bench/speech/conversations.py first")

    sources = cv.remembered(unheard, out / "heard")
    rows = []
    for spec in bench.USERS if args.set == "users" else bench.SET:
        if (args.only and spec.name not in args.only) or not (out / f"{spec.name}.words.json").is_file():
            continue
        conversation = cv.build(Path(args.audio), spec, sources)
        rows.append(analyse(spec.name, out, conversation, not args.quiet, Path(args.bare_from or out)))
        print(json.dumps(rows[-1]), flush=True)
    print("\n| file | bare words | lost | worker vs bare | worker vs bare, said words | " + " | ".join(CLASSES)
          + " | of which worker right | reference words worker / bare |")
    print("|---" * (len(CLASSES) + 7) + "|")
    for r in rows:
        print(f"| {r['name']} | {r['bare']} | {r['lost']} | {r['againstBare']:.3f} | "
              f"{r['againstBareSaid']:.3f} ({r['bareSaid']}) | "
              + " | ".join(str(r["classes"].get(c, 0)) for c in CLASSES)
              + f" | {r['workerRight']} | {r['referenceWorker']} / {r['referenceBare']} of {r['reference']} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
