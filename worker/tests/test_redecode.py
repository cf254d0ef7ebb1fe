"""Nothing thrown away without a second look (issue 40): a stretch whose segments the file-wide repetition guard
drops is decoded again, so a decoder caught in a loop loses the loop, not the dialogue under it."""

from __future__ import annotations

from collections import Counter

import numpy as np

from scrivo_speech import decoding, metrics
from scrivo_speech.audio import read_spans
from scrivo_speech.redecode import WIDEN_MOST_SECONDS, dropped_stretches, pieces_of, widened
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


def test_a_dropped_stretch_reaches_out_to_the_words_kept_around_it():
    # The aligner put a loop's copies on a few instants (13.1 and 13.3 s) of a line that ran from 12.8 to 14.0 s.
    kept = [
        {"words": [{"start": 12.5, "end": 12.6}, {"start": 12.6, "end": 12.8}]},
        {"words": [{"start": 14.0, "end": 14.4}, {"start": 40.0, "end": 40.5}]},
    ]
    assert widened([(13.1, 13.3)], kept) == [(12.8, 14.0)]
    # Not further than WIDEN_MOST_SECONDS where nothing was kept; stretches that meet are one.
    assert widened([(20.0, 21.0), (30.0, 30.5)], kept) == [(14.4, 38.5)]
    assert widened([(2.0, 3.0)], []) == [(0.0, 3.0 + WIDEN_MOST_SECONDS)]


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


def test_a_second_decode_of_a_long_stretch_is_capped_within_what_whisper_allows_and_hears_it_all(transcriber, audio_dir):
    # 28 s of speech with a second of context each side: uncapped the noise guard is a 448-token loop per temperature;
    # capped in proportion to the audio, the cap must still fit Whisper's context, and not cut real speech short.
    jfk = read_spans(str(audio_dir / "jfk" / "jfk.wav"), [(0.0, 11.0)])[0]
    samples = np.concatenate([jfk, jfk, jfk])[: 30 * 16000]
    assert decoding.second_token_cap(30.0) == decoding.SECOND_TOKENS_MOST
    assert decoding.second_token_cap(4.0) == 4 * decoding.SECOND_TOKENS_PER_SECOND + decoding.SECOND_TOKENS_MORE
    again = decoding.second_decode(transcriber.model, samples, 1.0, 29.0, "en", "transcribe", "test")
    heard = " ".join(d.segment.text for d in again if d.segment is not None)
    said = (audio_dir / "jfk" / "jfk.txt").read_text()
    assert recall(said + " " + said, heard) >= 0.9, heard
