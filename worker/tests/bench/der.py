"""Diarization error rate (test/bench helper), frame based at 10 ms.

DER = (missed speech + false alarm + speaker confusion) / total reference speech, with the best
one-to-one mapping of hypothesis speakers onto reference speakers. Frames closer than ``collar``
seconds to a reference turn boundary are not scored (``collar=0.25`` = ±0.25 s, as md-eval's
``-c 0.25``). Overlapping reference speech is scored.
"""

from __future__ import annotations

from itertools import permutations
from pathlib import Path
from typing import Dict, Iterable, List, Sequence, Tuple, Union

import numpy as np

Turn = Tuple[float, float, str]  # start, end, speaker
RESOLUTION = 0.01


def read_rttm(path: Union[str, Path]) -> List[Turn]:
    turns = []
    for line in Path(path).read_text().splitlines():
        parts = line.split()
        if len(parts) >= 8 and parts[0] == "SPEAKER":
            start, duration = float(parts[3]), float(parts[4])
            turns.append((start, start + duration, parts[7]))
    return turns


def _matrix(turns: Sequence[Turn], frames: int) -> Tuple[np.ndarray, List[str]]:
    names = sorted({t[2] for t in turns})
    grid = np.zeros((frames, len(names)), dtype=bool)
    for start, end, name in turns:
        a, b = int(round(start / RESOLUTION)), int(round(end / RESOLUTION))
        grid[max(a, 0) : max(b, 0), names.index(name)] = True
    return grid, names


def der(reference: Iterable[Turn], hypothesis: Iterable[Turn], collar: float = 0.25) -> Dict[str, float]:
    ref, hyp = list(reference), list(hypothesis)
    end = max([t[1] for t in ref] + [t[1] for t in hyp] + [0.0])
    frames = int(np.ceil(end / RESOLUTION)) + 1
    r, _ = _matrix(ref, frames)
    h, _ = _matrix(hyp, frames)
    scored = np.ones(frames, dtype=bool)
    c = int(round(collar / RESOLUTION))
    for start, stop, _name in ref:
        for t in (start, stop):
            i = int(round(t / RESOLUTION))
            scored[max(i - c, 0) : i + c] = False
    r, h = r[scored], h[scored]
    # Best one-to-one mapping (hypothesis -> reference) by co-occurring frames.
    co = r.T.astype(np.int64) @ h.astype(np.int64)  # [ref, hyp]
    n = max(co.shape[0], co.shape[1])
    padded = np.zeros((n, n), dtype=np.int64)
    padded[: co.shape[0], : co.shape[1]] = co
    best = max(permutations(range(n)), key=lambda p: sum(padded[p[j], j] for j in range(n)))
    correct = sum(padded[best[j], j] for j in range(n))
    nr, nh = r.sum(axis=1), h.sum(axis=1)
    total = float(nr.sum())
    missed = float(np.maximum(nr - nh, 0).sum())
    false_alarm = float(np.maximum(nh - nr, 0).sum())
    confusion = float(np.minimum(nr, nh).sum() - correct)
    return {
        "der": (missed + false_alarm + confusion) / max(total, 1.0),
        "missed": missed * RESOLUTION,
        "falseAlarm": false_alarm * RESOLUTION,
        "confusion": confusion * RESOLUTION,
        "total": total * RESOLUTION,
    }
