"""Nothing thrown away without a second look (issue 40): a stretch whose segments the file-wide repetition guard
drops is decoded again, so a decoder caught in a loop loses the loop, not the dialogue under it."""

from __future__ import annotations

from collections import Counter

from scrivo_speech import metrics
from scrivo_speech.redecode import dropped_stretches, pieces_of
from tests.bench.wer import normalize

# A prompt that makes Whisper base loop on real conversation, as a TV interview made it loop by itself ("I was
# scared now." forty times over 20 s): the product gives its line of context as Whisper's initial prompt.
LOOPING_PROMPT = "I was scared now. " * 30


def recall(reference: str, hypothesis: str) -> float:
    ref, hyp = Counter(normalize(reference)), Counter(normalize(hypothesis))
    return sum(min(n, hyp[w]) for w, n in ref.items()) / max(1, sum(ref.values()))


def test_a_loops_copies_make_one_stretch_cut_into_pieces_of_ten_seconds_at_most():
    copies = [{"start": 33.8 + i * 0.5, "end": 34.2 + i * 0.5} for i in range(40)]
    assert dropped_stretches(copies + [{"start": 80.0, "end": 81.0}]) == [(33.8, 53.7), (80.0, 81.0)]
    pieces = pieces_of(33.8, 53.7)
    assert len(pieces) == 2 and all(b - a <= 10.0 for a, b in pieces)
    assert pieces[0][0] == 33.8 and abs(pieces[-1][1] - 53.7) < 1e-9


def test_the_dialogue_under_a_repetition_loop_comes_back(transcriber, audio_dir):
    call = str(audio_dir / "pyannote-sample" / "sample.wav")
    plain = transcriber.transcribe(call, language="en")["text"]
    before = metrics.snapshot()
    looped = transcriber.transcribe(call, language="en", initial_prompt=LOOPING_PROMPT)["text"]
    after = metrics.snapshot()
    # The loop was there and was dropped, and its stretches were decoded again.
    assert after.get("dropped.repeated", 0) - before.get("dropped.repeated", 0) >= 20
    assert after.get("secondDecode.cause.repeated", 0) > before.get("secondDecode.cause.repeated", 0)
    # Without the second look 41 % of the plain transcript's words were left; with it, about 80 %.
    assert recall(plain, looped) >= 0.7
    assert looped.count("I was scared now") <= 2
    for said in ("Diane in New Jersey", "originally from Chicago", "Yankee down here"):
        assert said in looped
