"""The guards against invented text, on hand-made segments (no model)."""

from scrivo_speech import guards


def words(text, probability=0.9):
    return [
        {"start": float(i), "end": i + 0.5, "text": w, "probability": probability} for i, w in enumerate(text.split())
    ]


def segment(text, probability=0.9):
    return {"start": 0.0, "end": 10.0, "text": text, "speaker": None, "words": words(text, probability)}


def test_a_phrase_repeated_back_to_back_is_kept_once():
    looped = segment("I will see you tomorrow. Thank you. Thank you. Thank you. Thank you. Thank you.")
    cleaned = guards.remove_loops(looped)
    assert cleaned["text"] == "I will see you tomorrow. Thank you."
    assert [w["text"] for w in cleaned["words"]] == "I will see you tomorrow. Thank you.".split()
    assert cleaned["end"] == cleaned["words"][-1]["end"]


def test_a_long_phrase_looping_is_kept_once():
    phrase = "and then we went back to the house "
    cleaned = guards.remove_loops(segment("So " + phrase * 6))
    assert cleaned["text"] == "So " + phrase.strip()


def test_natural_repetition_is_left_alone():
    for text in ("No, no, no, that is wrong.", "It is very very good.", "Yes. Yes."):
        assert guards.remove_loops(segment(text))["text"] == text


def test_a_loop_without_word_timings_is_cut_in_the_text():
    looped = {"start": 0.0, "end": 5.0, "text": "go on go on go on go on", "words": []}
    assert guards.remove_loops(looped)["text"] == "go on"


def test_the_same_segment_three_times_in_a_row_is_a_loop():
    texts = ["Hello there.", "Thank you.", "Thank you.", "Thank you.", "Thank you.", "Bye."]
    kept = guards.drop_repeated_segments([segment(t) for t in texts])
    assert [s["text"] for s in kept] == ["Hello there.", "Thank you.", "Bye."]


def test_a_segment_said_twice_stays_twice():
    texts = ["Yes.", "Yes.", "Good."]
    assert [s["text"] for s in guards.drop_repeated_segments([segment(t) for t in texts])] == texts


def test_what_the_decoder_calls_silence_is_dropped():
    assert guards.is_silence(avg_logprob=-1.3, no_speech_prob=0.8)
    assert not guards.is_silence(avg_logprob=-0.3, no_speech_prob=0.8)  # sure of its words: speech
    assert not guards.is_silence(avg_logprob=-1.3, no_speech_prob=0.2)


def test_low_confidence_is_marked():
    assert guards.is_low_confidence(segment("mumble grumble", probability=0.2), avg_logprob=-0.5)
    assert guards.is_low_confidence(segment("clear words", probability=0.9), avg_logprob=-1.4)
    assert not guards.is_low_confidence(segment("clear words", probability=0.9), avg_logprob=-0.2)
    assert guards.confidence(segment("a b", probability=0.5), avg_logprob=0.0) == 0.5


def test_noise_read_as_words_nobody_believes_is_silence():
    # What Whisper gave for 1 s of white noise that voice detection let through.
    assert guards.is_silence(avg_logprob=-0.8, no_speech_prob=0.75, word_probability=0.3)
    assert not guards.is_silence(avg_logprob=-0.8, no_speech_prob=0.75, word_probability=0.9)


def test_punctuation_alone_is_not_words():
    assert not guards.has_words(" . ")
    assert not guards.has_words("...")
    assert guards.has_words("Ja.")
    assert guards.has_words("客観的")


def test_figures_with_no_length_in_time_are_noise_not_speech():
    unplaced = {"start": 29.38, "end": 29.38, "text": " -4", "words": [{"start": 29.38, "end": 29.38, "text": " -4", "probability": 0.74}]}
    assert guards.verdict(unplaced, avg_logprob=-0.6, no_speech_prob=0.3) == "no_words"


def test_a_figure_stretched_over_seconds_of_noise_is_not_speech():
    # Pink noise between two copies of a speech, on one CPU: ".2" placed over 3.9 s at p 0.86.
    stretched = {"start": 28.76, "end": 32.68, "text": " .2", "words": [{"start": 28.76, "end": 32.68, "text": " .2", "probability": 0.859}]}
    assert guards.verdict(stretched, avg_logprob=-0.5, no_speech_prob=0.2) == "no_words"
    # A long figure takes its time to say: a million and more in 3.5 s is speech.
    long_number = {"start": 5.0, "end": 8.5, "text": " 1,234,567", "words": [{"start": 5.0, "end": 8.5, "text": " 1,234,567", "probability": 0.8}]}
    assert guards.verdict(long_number, avg_logprob=-0.4, no_speech_prob=0.1) is None


def test_a_number_said_aloud_is_kept():
    said = {"start": 3.0, "end": 3.6, "text": " 4.", "words": [{"start": 3.0, "end": 3.5, "text": " 4.", "probability": 0.8}]}
    assert guards.verdict(said, avg_logprob=-0.4, no_speech_prob=0.1) is None
    worded = {"start": 3.0, "end": 3.0, "text": " Four", "words": [{"start": 3.0, "end": 3.0, "text": " Four", "probability": 0.8}]}
    assert guards.verdict(worded, avg_logprob=-0.4, no_speech_prob=0.1) is None
