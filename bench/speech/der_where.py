"""Where the users set's DER falls (issue 40 item 3), from bench/speech/der_parts.py's dumps (no models).

    worker/.venv/bin/python bench/speech/der_where.py [--dump /tmp/der-parts] [--heard /tmp/conversations/heard] NAME ...

For each conversation dumped by ``der_parts.py --set users`` (rebuilt from the remembered words to know where its
laughter, noise and applause are), DER without collar and at 0.25 s, split into false alarm inside the bursts and
elsewhere, missed speech where two or more people speak and where one does, and confusion, for: the diarizer's turns
(the ``speakerTimeline`` of ``/asr?diarize=1`` gives the same within a point), the transcript's per-word labels (what
bench/speech/conversations.py scores), and the same words each given its true speaker (the floor of any per-word
labelling with these words).
"""

from __future__ import annotations

import argparse
import pickle
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path[:0] = [str(REPO / "worker"), str(HERE)]

import der_parts as dp  # noqa: E402
from conversations import USERS  # noqa: E402
from tests.bench import conversations as cv  # noqa: E402
from tests.bench.der import der  # noqa: E402


def grid(turns, n):
    g = np.zeros(n, dtype=np.int32)
    for a, b, _ in turns:
        g[int(round(a * 100)) : int(round(b * 100))] += 1
    return g


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("names", nargs="*")
    parser.add_argument("--dump", default="/tmp/der-parts")
    parser.add_argument("--heard", default="/tmp/conversations/heard")
    parser.add_argument("--audio", default=str(REPO.parent / "shared" / "audio"))
    args = parser.parse_args()

    def unheard(_samples):
        raise RuntimeError("not in --heard: run der_parts.py --set users first")

    heard = cv.remembered(unheard, Path(args.heard))
    print("| file | hypothesis | speakers ref / found | DER no collar | at 0.25 s collar | FA in bursts | FA elsewhere "
          "| missed, overlapped | missed, one speaking | confusion |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for spec in USERS:
        path = Path(args.dump) / f"{spec.name}.pkl"
        if (args.names and spec.name not in args.names) or not path.exists():
            continue
        d = pickle.load(open(path, "rb"))
        conversation = cv.build(Path(args.audio), spec, heard)
        reference = conversation.turns()
        n = int(len(conversation.samples) / 160) + 2
        noise = np.zeros(n, dtype=bool)
        for a, b, _kind in conversation.noises:
            noise[int(a * 100) : int(b * 100)] = True
        r = grid(reference, n)
        words = cv.hypothesis_words(d["result"])
        for label, hyp in (
            ("diarizer turns", [(a, b, f"T{s}") for a, b, s in d["turns"]]),
            ("per-word labels", cv.speaker_turns(words)),
            ("words, true speaker", cv.speaker_turns(dp.true_speaker(conversation, words))),
        ):
            h = grid(hyp, n)
            fa, missed, total = np.maximum(h - r, 0), np.maximum(r - h, 0), max(int(r.sum()), 1)
            plain, collar = der(reference, hyp, collar=0.0), der(reference, hyp, collar=0.25)
            print(f"| {spec.name} | {label} | {len({t[2] for t in reference})} / {len({t[2] for t in hyp})} | "
                  f"{plain['der']:.0%} | {collar['der']:.0%} | {fa[noise].sum() / total:.0%} | {fa[~noise].sum() / total:.0%} | "
                  f"{missed[r > 1].sum() / total:.0%} | {missed[r == 1].sum() / total:.0%} | "
                  f"{plain['confusion'] / max(plain['total'], 1e-9):.0%} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
