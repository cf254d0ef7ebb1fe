"""Custom vocabulary by correction after decoding (issue 44): a glossary term is written where the transcript holds
words that are spelt or sound close to it.

Why not Whisper's ``hotwords``: given to the decoder of every chunk, a 40-term glossary made Whisper base write 60 %
of the rare names said, but changed 3 % of the words of speech that says none of them, raised WER on read speech
from 7.3 % to 12.7 % and cost 12-16 % more time (bench/README.md, "Custom vocabulary"): the decoder reads the names
before every chunk and bends ordinary words towards them. Here the decoder never sees the glossary; Whisper writes
a name it does not know as it hears it ("Shivan Quagglyry", "Linkvist", "Post-GerSQL"), and that guess is close to the
term in its letters or in its sound. So each run of one to a few words of a segment is compared with each term (and
with its "sounds like", when given) by:

- spelling: the edit distance between their letters (case, spaces, hyphens and punctuation aside);
- sound: the edit distance between their Metaphone keys (jellyfish), so "Quagglyry" meets "Quaglieri" (KKLR) and
  "bright will" meets "Brightwell" (BRTWL).

Speech that says no term must gain none, so a run is only rewritten when it is close enough (:func:`likeness`),
closer still where Whisper was sure of every word of it (SURE_LIKENESS, UNSURE_LIKENESS), and a run made only of
everyday words (each one token of Whisper's own vocabulary: "during", "more", "graph") needs more (COMMON_LIKENESS):
read speech is everyday words Whisper is sure of. Only text changes: no audio is decoded again, so the cost is about ten
milliseconds a clip (bench/README.md), and the replaced words' span keeps its times.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple

import jellyfish

# A run of words is rewritten as a term when its likeness (0-1, :func:`likeness`) is at least SURE_LIKENESS, or at
# least UNSURE_LIKENESS where Whisper was unsure of one of its words (probability under UNSURE_PROBABILITY): Whisper
# writes a name it does not know as a guess it is unsure of ("Shivan Quagglyry" at 0.4, "Cubanites" at 0.18), and
# read speech is mostly words it is sure of.
SURE_LIKENESS = 0.85
UNSURE_LIKENESS = 0.65
UNSURE_PROBABILITY = 0.45
# A run made only of everyday words needs at least this likeness (and to be unsure, like any other below
# SURE_LIKENESS): read speech is everyday words, and ordinary phrases sound like names ("more" and "Moreau").
COMMON_LIKENESS = 0.7
# The sound may only lift a run's likeness this far above its spelling's: the same key is shared by words that are
# not the same at all (Metaphone keeps consonants only: "Saoirse" and "sirs" are both SRS).
SOUND_LIFT = 0.3
# Keys shorter than this are not compared by sound: one or two consonants are shared by many ordinary words and
# names.
SHORTEST_KEY = 3
# Terms with fewer letters are only rewritten when spelt the same (case and punctuation aside): a four-letter name
# ("Nora") is one or two edits from many words and other names ("more", "Norah").
SHORTEST_TERM = 5
# A run may have up to this many more words than its term ("Post Gress Q L" for "PostgreSQL").
EXTRA_WORDS = 2

_LETTERS = re.compile(r"[^a-z0-9]+")
# What Whisper writes before and after a word (its prepend and append punctuation), and a few more.
PUNCTUATION = "\"'“”¿([{-)]}.,!?:;。，！？：、"


def letters(text: str) -> str:
    """``text`` lower-cased, accents and everything but letters and digits taken out."""
    folded = unicodedata.normalize("NFKD", text)
    return _LETTERS.sub("", "".join(c for c in folded if not unicodedata.combining(c)).lower())


def sound(text: str) -> str:
    """The Metaphone key of ``text``'s letters, taken as one word: "bright will" and "Brightwell" are both BRTWL."""
    spelt = letters(text)
    return jellyfish.metaphone(spelt) if spelt.isascii() and spelt else ""


@dataclass(frozen=True)
class Form:
    """One way a term may be heard: its spelling, or the "sounds like" its owner gave."""

    letters: str
    sound: str


@dataclass(frozen=True)
class Term:
    text: str  # as the glossary spells it
    forms: Tuple[Form, ...]
    words: int


def _form(text: str) -> Form:
    return Form(letters(text), sound(text))


def terms_of(glossary: Optional[str]) -> List[Term]:
    """The terms of a request's glossary (the ``hotwords`` the API sends: comma- or line-separated), each once.
    An entry may carry how it sounds after a colon, as the Vocabulary page writes it ("Scrivo: scree-vo")."""
    out: Dict[str, Term] = {}
    for raw in re.split(r"[,\n]", glossary or ""):
        text, _, sounds_like = raw.partition(":")
        text = " ".join(text.split())
        key = letters(text)
        if not key or key in out:
            continue
        forms = [_form(text)]
        if letters(sounds_like):
            forms.append(_form(sounds_like.replace("-", " ")))
        out[key] = Term(text, tuple(forms), len(text.split()))
    return list(out.values())


def _alike(a: str, b: str) -> float:
    if not a or not b:
        return 0.0
    return 1.0 - jellyfish.levenshtein_distance(a, b) / max(len(a), len(b))


def likeness(heard: str, form: Form) -> float:
    """How alike the words ``heard`` are to a term's ``form``, 0-1: the better of their spelling's likeness and
    their sound's (the sound at most SOUND_LIFT above the spelling, and not for short keys)."""
    return _likeness(letters(heard), sound(heard), form)


def _likeness(spelt: str, key: str, form: Form) -> float:
    by_letters = _alike(spelt, form.letters)
    if min(len(key), len(form.sound)) < SHORTEST_KEY:
        return by_letters
    return max(by_letters, min(_alike(key, form.sound), by_letters + SOUND_LIFT))


def _bare(word: str) -> str:
    return word.strip().strip(PUNCTUATION)


@dataclass(frozen=True)
class Match:
    first: int  # index of the first word
    last: int  # index after the last word
    term: Term
    likeness: float


def matches(
    words: Sequence[str], probabilities: Sequence[float], terms: Sequence[Term], common: Callable[[str], bool]
) -> List[Match]:
    """The runs of ``words`` (with Whisper's ``probabilities``) to rewrite as a term, none overlapping another, in
    order; the best match of each run first chosen. ``common(word)`` says whether a word is an everyday word
    (COMMON_LIKENESS). A run already spelt as its term is no match (nothing to change), but keeps its words from any
    other term."""
    found: List[Match] = []
    bare = [_bare(w) for w in words]
    longest = max((t.words for t in terms), default=0) + EXTRA_WORDS
    # Each run's letters and sound once, for all the terms: (first, size, letters, sound, unsure, all everyday).
    runs: List[Tuple[int, int, str, str, bool, bool]] = []
    for size in range(1, longest + 1):
        for first in range(0, len(words) - size + 1):
            run = bare[first : first + size]
            if not all(letters(w) for w in run):
                continue
            heard = " ".join(run)
            unsure = min(probabilities[first : first + size]) < UNSURE_PROBABILITY
            runs.append((first, size, letters(heard), sound(heard), unsure, all(common(w) for w in run)))
    slack = 1 - UNSURE_LIKENESS + SOUND_LIFT
    for term in terms:
        short = len(term.forms[0].letters) < SHORTEST_TERM
        for first, size, spelt, key, unsure, everyday in runs:
            if size > term.words + EXTRA_WORDS:
                continue
            best = 0.0
            for form in term.forms:
                # Cheap bound first: letters whose lengths differ this much cannot be alike enough.
                if abs(len(spelt) - len(form.letters)) > slack * max(len(spelt), len(form.letters)):
                    continue
                best = max(best, 1.0 if spelt == form.letters else 0.0 if short else _likeness(spelt, key, form))
            if best < 1.0 and not (best >= SURE_LIKENESS or (best >= UNSURE_LIKENESS and unsure)):
                continue
            if best < 1.0 and best < COMMON_LIKENESS and everyday:
                continue
            found.append(Match(first, first + size, term, best))
    # Best first; among equals the run nearest the term's own number of words, then the earliest.
    found.sort(key=lambda m: (-m.likeness, abs((m.last - m.first) - m.term.words), m.first))
    chosen: List[Match] = []
    for match in found:
        if not any(match.first < c.last and c.first < match.last for c in chosen):
            chosen.append(match)
    return sorted((m for m in chosen if " ".join(bare[m.first : m.last]) != m.term.text), key=lambda m: m.first)


def _spread(start: float, end: float, parts: Sequence[str]) -> List[Tuple[float, float]]:
    """``start``-``end`` shared among ``parts`` by their length."""
    total = sum(len(p) for p in parts) or 1
    out, at = [], start
    for part in parts:
        step = (end - start) * len(part) / total
        out.append((round(at, 3), round(at + step, 3)))
        at += step
    return out


def _rewritten(words: Sequence[Dict[str, Any]], match: Match) -> List[Dict[str, Any]]:
    """The match's words written as its term: the first word's leading and the last word's trailing punctuation
    kept, over the same span of time (word for word when the counts agree, else shared by length); the probability
    is the least of the words replaced (how sure Whisper was of what was heard there)."""
    old = words[match.first : match.last]
    lead = old[0]["text"][: len(old[0]["text"]) - len(old[0]["text"].lstrip(PUNCTUATION))]
    trail = old[-1]["text"][len(old[-1]["text"].rstrip(PUNCTUATION)) :]
    parts = match.term.text.split()
    if len(parts) == len(old):
        times = [(w["start"], w["end"]) for w in old]
    else:
        times = _spread(old[0]["start"], old[-1]["end"], parts)
    probability = min(float(w.get("probability", 1.0)) for w in old)
    new = []
    for k, (part, (start, end)) in enumerate(zip(parts, times)):
        text = (lead if k == 0 else "") + part + (trail if k == len(parts) - 1 else "")
        new.append({"start": start, "end": end, "text": text, "probability": probability})
    return list(words[: match.first]) + new + list(words[match.last :])


def _text_with(text: str, words: Sequence[Dict[str, Any]], done: Sequence[Tuple[Match, List[Dict[str, Any]]]]) -> str:
    """``text`` with each match's words written as its new words: the words are found in the text in order, as
    they were cut from it; where they cannot be found, the text is the new words joined with spaces."""
    at, cursor = [], 0
    for word in words:
        found = text.find(word["text"], cursor)
        if found < 0:
            return ""
        at.append(found)
        cursor = found + len(word["text"])
    out, cursor = [], 0
    for match, new in done:
        out.append(text[cursor : at[match.first]])
        out.append(" ".join(w["text"] for w in new))
        cursor = at[match.last - 1] + len(words[match.last - 1]["text"])
    out.append(text[cursor:])
    return "".join(out)


def correct(segment: Dict[str, Any], terms: Sequence[Term], common: Callable[[str], bool]) -> Dict[str, Any]:
    """``segment`` (the transcript's shape: text and words with times) with each run of words close to a term
    written as the glossary spells it, in its words and in its text; unchanged (the same object) when none is."""
    words = segment.get("words") or []
    if not terms or not words:
        return segment
    found = matches([w["text"] for w in words], [float(w.get("probability", 1.0)) for w in words], terms, common)
    if not found:
        return segment
    done: List[Tuple[Match, List[Dict[str, Any]]]] = []
    new_words: List[Dict[str, Any]] = []
    cursor = 0
    for match in found:
        new_words.extend(words[cursor : match.first])
        replaced = _rewritten(words, match)[match.first : match.first + len(match.term.text.split())]
        new_words.extend(replaced)
        done.append((match, replaced))
        cursor = match.last
    new_words.extend(words[cursor:])
    text = _text_with(segment["text"], words, done) or " ".join(w["text"] for w in new_words)
    return dict(segment, text=text, words=new_words)


def everyday_words(vocabulary: Iterable[str]) -> Callable[[str], bool]:
    """``common(word)`` for :func:`matches`: whether the word, lower-cased, is one whole token of Whisper's
    vocabulary as it is written after a space (byte-level BPE: "Ġduring"). About 30,000 of its 51,865 tokens are
    such words; a rare name is cut into several ("Quaglieri": Qu|ag|li|eri)."""
    known = {token[1:].lower() for token in vocabulary if token.startswith("Ġ") and token[1:].isalpha()}

    def common(word: str) -> bool:
        return _bare(word).lower() in known

    return common
