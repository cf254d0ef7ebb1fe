"""Word error rate with a small text normaliser (for tests and benchmarks).

Normalisation: Unicode NFKC, lowercase, British spellings and a few compounds mapped to one form,
numbers written in words, punctuation removed. Enough to compare Whisper output with LibriSpeech
style references; not a full Whisper EnglishTextNormalizer.
"""

from __future__ import annotations

import re
import unicodedata
from typing import List, Sequence

_ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
         "fifteen sixteen seventeen eighteen nineteen").split()
_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()

# British -> American spellings and compounds written apart or together.
_VARIANTS = {
    "honour": "honor", "honoured": "honored", "dishonour": "dishonor", "dishonoured": "dishonored",
    "colour": "color", "coloured": "colored", "favour": "favor", "favourite": "favorite",
    "labour": "labor", "neighbour": "neighbor", "neighbours": "neighbors", "behaviour": "behavior",
    "humour": "humor", "harbour": "harbor", "rumour": "rumor", "vapour": "vapor", "odour": "odor",
    "splendour": "splendor", "endeavour": "endeavor", "centre": "center", "theatre": "theater",
    "grey": "gray", "realise": "realize", "realised": "realized", "recognise": "recognize",
    "mr": "mister", "mrs": "missus", "dr": "doctor", "st": "saint", "ok": "okay",
}
_COMPOUNDS = {
    ("for", "ever"): "forever", ("to", "day"): "today", ("to", "night"): "tonight",
    ("to", "morrow"): "tomorrow", ("any", "one"): "anyone", ("every", "one"): "everyone",
    ("some", "one"): "someone", ("any", "way"): "anyway", ("can", "not"): "cannot",
}


def number_to_words(n: int) -> str:
    if n < 0:
        return "minus " + number_to_words(-n)
    if n < 20:
        return _ONES[n]
    if n < 100:
        return _TENS[n // 10] + ("" if n % 10 == 0 else " " + _ONES[n % 10])
    if n < 1000:
        rest = n % 100
        return _ONES[n // 100] + " hundred" + ("" if rest == 0 else " " + number_to_words(rest))
    for size, name in ((10**9, "billion"), (10**6, "million"), (1000, "thousand")):
        if n >= size:
            rest = n % size
            return number_to_words(n // size) + " " + name + ("" if rest == 0 else " " + number_to_words(rest))
    raise AssertionError  # pragma: no cover


def normalize(text: str) -> List[str]:
    text = unicodedata.normalize("NFKC", text).lower()
    text = re.sub(r"(?<=\d)[,_](?=\d{3}\b)", "", text)  # 1,000 -> 1000
    text = re.sub(r"(\d+)(st|nd|rd|th)\b", r"\1", text)
    text = re.sub(r"\d+", lambda m: " " + number_to_words(int(m.group())) + " ", text)
    text = text.replace("'", "").replace("’", "")
    text = "".join(ch if (ch.isalnum() or ch.isspace()) else " " for ch in text)
    words = [_VARIANTS.get(w, w) for w in text.split()]
    out: List[str] = []
    for word in words:
        if out and (out[-1], word) in _COMPOUNDS:
            out[-1] = _COMPOUNDS[(out[-1], word)]
        else:
            out.append(word)
    return out


def edit_distance(ref: Sequence[str], hyp: Sequence[str]) -> int:
    previous = list(range(len(hyp) + 1))
    for i, r in enumerate(ref, 1):
        current = [i] + [0] * len(hyp)
        for j, h in enumerate(hyp, 1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (r != h))
        previous = current
    return previous[-1]


def wer(reference: str, hypothesis: str) -> float:
    ref, hyp = normalize(reference), normalize(hypothesis)
    if not ref:
        return 0.0 if not hyp else 1.0
    return edit_distance(ref, hyp) / len(ref)
