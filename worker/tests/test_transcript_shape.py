"""How decoded segments become the transcript a user reads: word lists, speakers per word, the recording's language,
and where long audio is cut into windows (pure helpers of transcriber.py and audio.py, no model)."""

from __future__ import annotations

import numpy as np

from scrivo_speech.audio import quiet_cut
from scrivo_speech.engine import Segment, Word
from scrivo_speech.transcriber import _main_language, assign_speakers, segment_dict

RATE = 16000


def words(*timed):
    return [{"start": a, "end": b, "text": text, "probability": 0.9} for text, a, b in timed]


def transcript_segment(text, *timed):
    found = words(*timed)
    return {"start": found[0]["start"], "end": found[-1]["end"], "text": text, "speaker": None, "words": found}


# -- a decoded segment as the transcript shows it --------------------------------------------------------------


def test_a_segment_shows_its_trimmed_text_and_words_with_times_to_the_millisecond():
    decoded = Segment(
        id=0, seek=0, start=1.23456, end=2.5, text=" Hello there. ", tokens=[], avg_logprob=-0.2,
        compression_ratio=1.0, no_speech_prob=0.0, temperature=0.0,
        words=[Word(1.23456, 1.6, " Hello", 0.98765), Word(1.6, 1.7, " ", 0.5), Word(1.7, 2.5, " there.", 0.9)],
    )
    # Offset: where the window this segment was decoded in starts in the recording.
    assert segment_dict(decoded, offset=60.0) == {
        "start": 61.235,
        "end": 62.5,
        "text": "Hello there.",
        "speaker": None,
        "words": [
            {"start": 61.235, "end": 61.6, "text": "Hello", "probability": 0.988},
            {"start": 61.7, "end": 62.5, "text": "there.", "probability": 0.9},
        ],
    }


# -- speakers ----------------------------------------------------------------------------------------------------


def test_each_segment_gets_the_speaker_who_talks_over_it_labelled_in_order_of_first_appearance():
    segments = [transcript_segment("Hi.", ("Hi.", 0.0, 1.0)), transcript_segment("Hello.", ("Hello.", 2.0, 3.0))]
    labels = {}
    out = assign_speakers(segments, [(0.0, 1.5, 7), (1.5, 4.0, 3)], labels)
    assert [s["speaker"] for s in out] == ["Speaker 1", "Speaker 2"]
    assert labels == {7: "Speaker 1", 3: "Speaker 2"}


def test_a_segment_whose_words_change_speaker_is_split_at_the_word():
    segment = transcript_segment("Are you there? Yes.", ("Are", 0.0, 0.3), ("you", 0.3, 0.6), ("there?", 0.6, 1.0), ("Yes.", 1.2, 1.5))
    out = assign_speakers([segment], [(0.0, 1.1, 0), (1.1, 2.0, 1)])
    assert [(s["text"], s["speaker"], s["start"], s["end"]) for s in out] == [
        ("Are you there?", "Speaker 1", 0.0, 1.0),
        ("Yes.", "Speaker 2", 1.2, 1.5),
    ]


def test_a_word_no_turn_covers_keeps_the_speaker_of_the_word_before():
    segment = transcript_segment("One two three", ("One", 0.0, 0.5), ("two", 5.0, 5.5), ("three", 0.6, 1.0))
    out = assign_speakers([segment], [(0.0, 1.0, 0)])
    assert [(s["text"], s["speaker"]) for s in out] == [("One two three", "Speaker 1")]


def test_a_segment_without_words_takes_the_nearest_turn():
    segment = {"start": 10.0, "end": 11.0, "text": "Mm.", "speaker": None, "words": []}
    labels = {}
    out = assign_speakers([segment], [(0.0, 2.0, 0), (12.0, 13.0, 1)], labels)
    assert (out[0]["speaker"], labels) == ("Speaker 1", {1: "Speaker 1"})  # the turn 1 s after it, not 8 s before


def test_without_diarized_turns_no_segment_has_a_speaker():
    out = assign_speakers([transcript_segment("Hi.", ("Hi.", 0.0, 1.0))], [])
    assert out[0]["speaker"] is None


# -- the recording's language ----------------------------------------------------------------------------------


def test_the_recording_s_language_is_the_one_spoken_longest_with_its_share_of_speech_time():
    segments = [
        {"start": 0.0, "end": 3.0, "language": "de"},
        {"start": 3.0, "end": 4.0, "language": "en"},
    ]
    assert _main_language(segments, None, [("en", 0.9)]) == ("de", 0.75)


def test_a_language_given_by_the_caller_is_the_recording_s_for_sure():
    assert _main_language([{"start": 0.0, "end": 3.0, "language": "de"}], "fr", []) == ("fr", 1.0)


def test_with_no_speech_the_first_detected_language_is_kept_without_confidence():
    assert _main_language([], None, [("es", 0.8)]) == ("es", 0.0)
    assert _main_language([], None, []) == ("en", 0.0)


# -- long audio in windows ---------------------------------------------------------------------------------------


def test_long_audio_is_cut_in_the_quietest_half_second_so_no_word_is_split():
    rng = np.random.default_rng(1)
    audio = (rng.standard_normal(10 * RATE) * 0.3).astype(np.float32)
    audio[int(6.0 * RATE) : int(6.6 * RATE)] = 0.0
    cut = quiet_cut(audio, 4 * RATE, 9 * RATE)
    assert 6.0 * RATE <= cut <= 6.6 * RATE


def test_a_stretch_too_short_to_search_is_cut_at_its_end():
    audio = np.ones(RATE // 10, dtype=np.float32)
    assert quiet_cut(audio, 0, len(audio)) == len(audio)
