"""How decoding.py cuts speech into turns and chunks, gives each a language, and puts the decoded times back on the
recording (pure helpers, no model)."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from scrivo_speech.decoding import (
    ENCODER_HOP,
    GREEDY_LANGUAGES,
    MISSING_SECONDS,
    UNHEARD_SECONDS,
    UNSURE_BEAM_SIZE,
    WORD_REACH,
    Chunk,
    Decoded,
    DecodeOptions,
    _batches,
    _first_pass,
    _frames_of,
    _from_neighbours,
    _groups,
    _restore,
    _unheard,
    chunks_of,
    missing_stretches,
    speech_spans,
    turns_of,
)
from scrivo_speech.engine import Segment, Word

RATE = 16000


def span(start: float, end: float):
    return {"start": int(start * RATE), "end": int(end * RATE)}


def segment(*words):
    """A decoded segment of (text, start, end) words."""
    return Segment(
        id=0, seek=0, start=words[0][1], end=words[-1][2], text="".join(w[0] for w in words), tokens=[],
        avg_logprob=-0.1, compression_ratio=1.0, no_speech_prob=0.0, temperature=0.0,
        words=[Word(start=a, end=b, word=text, probability=0.9) for text, a, b in words],
    )


# -- turns and chunks --------------------------------------------------------------------------------------------


def test_without_voice_activity_the_audio_is_cut_in_30_second_pieces():
    samples = np.zeros(int(70 * RATE), dtype=np.float32)
    assert speech_spans(samples, vad=False) == [span(0, 30), span(30, 60), span(60, 70)]


def test_a_pause_of_at_least_0_8_s_ends_a_turn():
    spans = [span(0, 2), span(2.5, 4), span(4.8, 6)]
    assert turns_of(spans) == [[span(0, 2), span(2.5, 4)], [span(4.8, 6)]]


def test_a_turn_never_holds_more_than_30_seconds_of_speech():
    spans = [span(0, 20), span(20.1, 35), span(35.1, 36)]
    assert turns_of(spans) == [[span(0, 20)], [span(20.1, 35), span(35.1, 36)]]


def test_turns_of_one_language_are_packed_into_chunks_of_at_most_30_seconds():
    turns = [[span(0, 10)], [span(11, 21)], [span(22, 33)], [span(34, 40)]]
    chunks = chunks_of(turns, [("en", 0.9), ("en", 0.95), ("en", 0.8), ("en", 0.99)])
    assert [c.spans for c in chunks] == [[span(0, 10), span(11, 21)], [span(22, 33), span(34, 40)]]
    assert [c.language_probability for c in chunks] == [0.95, 0.99]  # the surest turn's


def test_a_chunk_never_crosses_a_change_of_language():
    turns = [[span(0, 3)], [span(4, 7)], [span(8, 11)]]
    chunks = chunks_of(turns, [("en", 0.9), ("de", 0.9), ("en", 0.9)])
    assert [(c.language, c.spans) for c in chunks] == [("en", [span(0, 3)]), ("de", [span(4, 7)]), ("en", [span(8, 11)])]


def test_a_turn_whose_language_is_unknown_takes_the_nearest_known_one_before_it():
    found = _from_neighbours([None, ("de", 0.9), None, ("en", 0.8), None], ("fr", 0.0))
    # At the start there is none before: the one after it.
    assert found == [("de", 0.9), ("de", 0.9), ("de", 0.9), ("en", 0.8), ("en", 0.8)]
    assert _from_neighbours([None, None], ("fr", 0.0)) == [("fr", 0.0), ("fr", 0.0)]


def test_the_first_batch_is_small_so_a_client_that_left_is_noticed_early():
    chunks = [Chunk([span(i, i + 1)], "en", 1.0) for i in range(11)]
    assert [len(b) for b in _batches(chunks, 4)] == [2, 4, 4, 1]


def test_work_is_split_into_near_equal_consecutive_groups_one_per_model_copy():
    assert _groups(5, 2) == [range(0, 3), range(3, 5)]
    assert _groups(1, 2) == [range(0, 1)]
    assert _groups(4, 1) == [range(0, 4)]


def test_each_span_has_its_encoder_frames_in_the_concatenated_chunk():
    second = 2 * RATE // ENCODER_HOP
    assert _frames_of([span(0, 2), span(10, 11)]) == [(0, second), (second, second + second // 2)]


# -- times back on the recording ---------------------------------------------------------------------------------


def test_word_times_in_the_spliced_speech_are_put_back_where_the_words_were_said():
    # 2 s of speech, 3 s of silence cut out, then 1 s of speech: 2.2 s spliced is 5.2 s in the recording.
    restored = _restore(segment((" Hello", 0.5, 1.0), (" again", 2.2, 2.6)), [span(0, 2), span(5, 6)], 0.0)
    assert [(w.start, w.end) for w in restored.words] == [(0.5, 1.0), (5.2, 5.6)]
    assert (restored.start, restored.end) == (0.5, 5.6)


def test_a_word_stays_with_the_span_its_middle_falls_in():
    # The word runs over the splice at 2 s, but most of it is after: it is placed in the second span.
    restored = _restore(segment((" across", 1.9, 2.5)), [span(0, 2), span(5, 6)], 0.0)
    assert [(w.start, w.end) for w in restored.words] == [(4.9, 5.5)]


# -- speech the first pass did not hear ----------------------------------------------------------------------------


def test_speech_without_a_heard_word_nearby_is_missing():
    spans = [span(0, 10)]
    heard = [(0.0, 0.5), (1.0, 1.5), (7.0, 7.5)]
    # Words count as heard WORD_REACH around them: 2.0 to 6.5 s is speech nobody heard (on a 10 ms grid).
    expected = [(1.5 + WORD_REACH, 7.0 - WORD_REACH), (7.5 + WORD_REACH, 10.0)]
    found = missing_stretches(spans, heard, 10 * RATE)
    assert len(found) == len(expected)
    for got, want in zip(found, expected):
        assert got == pytest.approx(want, abs=0.011)


def test_a_gap_shorter_than_a_second_is_not_missing():
    heard = [(0.0, 0.5), (0.5 + 2 * WORD_REACH + MISSING_SECONDS - 0.1, 3.0)]
    assert missing_stretches([span(0, 3)], heard, 3 * RATE) == []


def test_speech_left_after_the_last_decoded_word_is_decoded_again():
    chunk = Chunk([span(0, 4), span(6, 10)], "de", 0.97)
    decoded = [Decoded(segment((" Guten", 0.2, 0.8), (" Tag", 1.0, 3.0)), "de", 0.97)]
    rest = _unheard(chunk, decoded)
    assert rest is not None
    assert (rest.spans, rest.language, rest.language_probability) == ([span(3, 4), span(6, 10)], "de", 0.97)


def test_a_decoder_that_stopped_near_the_end_or_heard_nothing_is_left_alone():
    chunk = Chunk([span(0, 4)], "en", 0.99)
    near_end = [Decoded(segment((" Hi", 0.2, 4.0 - UNHEARD_SECONDS + 0.1)), "en", 0.99)]
    assert _unheard(chunk, near_end) is None
    # Nothing decoded at all is the guards' verdict on noise, not an early stop.
    assert _unheard(chunk, [Decoded(None, "en", 0.99)]) is None


# -- decoding options --------------------------------------------------------------------------------------------


def test_english_is_decoded_greedily_and_other_languages_carefully():
    greedy = _first_pass(1, (50257,))
    options = DecodeOptions(greedy, dataclasses.replace(greedy, beam_size=UNSURE_BEAM_SIZE))
    assert GREEDY_LANGUAGES == {"en"}
    assert options.for_language("en") is options.greedy
    assert options.for_language("de") is options.careful


def test_the_first_pass_is_greedy_with_word_times_and_without_timestamp_tokens():
    greedy = _first_pass(1, (50257,))
    assert (greedy.beam_size, greedy.temperatures, greedy.word_timestamps, greedy.without_timestamps) == (1, [0.0], True, True)
    assert greedy.condition_on_previous_text is False  # each chunk stands alone: no text carried over
    assert greedy.suppress_tokens == (50257,)

