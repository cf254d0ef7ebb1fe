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
# Recall against the bare call on the same file: 0.815 in the bench on an AMD EPYC (2 cores), 2026-12-05; the floor is
# that less a margin for the bare call's temperature fallback, which samples at random. The target is 0.90.
AGAINST_BARE_FLOOR = 0.72
MEASURED = 0.815


@pytest.fixture(scope="module")
def exchange(audio_dir: Path, bare, transcriber, tmp_path_factory) -> Dict[str, Any]:
    conversation = cv.build(audio_dir, SPEC, bare)
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
    assert 0.05 <= conversation.overlap_share() <= 0.15


def test_no_stretch_the_bare_call_hears_comes_back_empty(exchange):
    assert cv.empty_where_heard(exchange["conversation"], exchange["words"], exchange["bare"]) == []


def test_the_transcript_keeps_what_the_bare_call_hears(exchange):
    kept = cv.recall([cv.Word(a, b, t) for a, b, t, _ in exchange["bare"]], exchange["words"])
    assert kept >= AGAINST_BARE_FLOOR, (round(kept, 3), f"measured {MEASURED}", "target 0.90")
