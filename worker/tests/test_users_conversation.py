"""A quick exchange like users' recordings (issue 40 item 2): what the bare call hears, the transcript keeps.

Two readers trade turns of 0.5-3 s, the listener says "yeah" (once or twice) over the other, 5-15 % of the speech is
overlapped, and a laughter-like and a noise burst fall in the pauses. It is ``u-quick-2p`` of the users' set in
bench/speech/conversations.py (the same spec and seed); bench/README.md has the whole set and the 30-minute file.

The bare call (faster-whisper's own ``transcribe``, every default) is the measure: the product
(``Transcriber.transcribe(..., diarize=True)``, what ``/asr?diarize=1`` runs) must leave no stretch of more than 2 s
empty where the bare call hears words in the same file, and keep at least a floor of what it hears there (measured,
less a margin, as tests/test_conversations.py does).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Dict

import pytest

from .bench import conversations as cv

SPEC = cv.Spec("u-quick-2p", seed=401, speakers=2, seconds=25, overlap=0.03, backchannels=3, bursts=2,
               turn_range=(0.5, 3.0))
# Recall of the bare call's said words (bench/README.md "Which words the worker loses of what the bare call hears"):
# 0.941 on an Intel Xeon (2 cores), 2026-12-07, the bare call's sampling seeded (0.643 of all its words there: it
# repeats its own words at the end of this file). The floor is that less a margin for CPUs that hear other words.
AGAINST_BARE_FLOOR = 0.85
MEASURED = 0.941


@pytest.fixture(scope="module")
def exchange(audio_dir: Path, bare, bare_sources, transcriber, tmp_path_factory) -> Dict[str, Any]:
    conversation = cv.build(audio_dir, SPEC, bare_sources)
    path = cv.write_wav(tmp_path_factory.mktemp("users") / f"{SPEC.name}.wav", conversation.samples)
    words = cv.hypothesis_words(transcriber.transcribe(str(path), diarize=True))
    heard = [(w.start, w.end, w.text, None) for w in bare(conversation.samples)]
    return {"conversation": conversation, "words": words, "bare": heard}


def test_it_is_a_quick_exchange_with_backchannels_and_some_overlap(exchange):
    conversation = exchange["conversation"]
    turns = [p for p in conversation.placed if not p.backchannel]
    assert len(conversation.samples) / cv.SAMPLE_RATE < 30
    # Turns are cut between words to last 0.5-3 s; the word that crosses 3 s is kept whole.
    assert all(p.words[-1].end - p.words[0].start <= 4.0 for p in turns)
    assert any(p.backchannel for p in conversation.placed)
    # Real meetings' 5-15 %, give or take a word: turns are cut where the bare call's words fall, and its words on a
    # reader's clip differ from one CPU to another (15.2 % on an Intel Xeon, 2026-12-07; within 15 % on AMD EPYC).
    assert 0.04 <= conversation.overlap_share() <= 0.16


def test_no_stretch_the_bare_call_hears_comes_back_empty(exchange):
    assert cv.empty_where_heard(exchange["conversation"], exchange["words"], exchange["bare"]) == []


def test_the_transcript_keeps_what_the_bare_call_hears(exchange):
    bare = [cv.Word(a, b, t) for a, b, t, _ in exchange["bare"]]
    # Of the bare call's words, those said where it put them (its inventions and misplaced words left out: on this
    # file it repeats words of its own at the end); bench/README.md has both measures for the whole set.
    said = cv.said(exchange["conversation"].words, exchange["bare"])
    kept = cv.recall(said, exchange["words"])
    print("against the bare call:", round(cv.recall(bare, exchange["words"]), 3), "said words:", round(kept, 3))
    assert kept >= AGAINST_BARE_FLOOR, (round(kept, 3), f"measured {MEASURED}", "target 0.90")
