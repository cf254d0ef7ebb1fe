"""Who speaks when, overlaps included: the ``speakerTimeline`` of a diarized result.

The segments say who said each line, one speaker at a time; the diarizer's turns say more: the segmentation
model hears up to two voices per frame, so two people's turns may run at once. The timeline keeps every turn of
every labelled speaker as it is, overlaps included, under the segments' own labels, so a lane per speaker can be
drawn and diarization error can be measured on it (no collar, overlap counted).
"""

from __future__ import annotations

from typing import Dict, List, Mapping, Sequence, Tuple

from .diarize import Turn

# Seconds are given to the hundredth: the segmentation's frames are 17 ms apart, so finer digits say nothing.
PLACES = 2


def speaker_timeline(turns: Sequence[Turn], labels: Mapping[int, str]) -> List[Dict[str, object]]:
    """``[{"speaker", "start", "end"}]`` sorted by start: each turn under its label, a speaker's turns that touch or
    overlap once rounded made one. Turns of a speaker without a label are left out: a voice no word was given to
    has no name the transcript could show or rename (:func:`transcriber.assign_speakers` labels speakers from
    their words)."""
    spans: Dict[str, List[Tuple[float, float]]] = {}
    for start, end, speaker in sorted(turns):
        label = labels.get(speaker)
        a, b = round(float(start), PLACES), round(float(end), PLACES)
        if label is None or b <= a:
            continue
        own = spans.setdefault(label, [])
        if own and a <= own[-1][1]:
            own[-1] = (own[-1][0], max(own[-1][1], b))
        else:
            own.append((a, b))
    out = [(a, b, label) for label, own in spans.items() for a, b in own]
    out.sort(key=lambda t: (t[0], t[1], t[2]))
    return [{"speaker": label, "start": a, "end": b} for a, b, label in out]
