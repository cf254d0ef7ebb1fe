"""Segments cut from a chunk's word times (pure helpers of decoding.py, no model)."""

from scrivo_speech.decoding import PAUSE_SECONDS, _pauses, _sentences

RATE = 16000


def word(text, start, end):
    return {"word": text, "start": start, "end": end, "probability": 0.9}


def raw(words):
    return {"text": "".join(w["word"] for w in words), "start": words[0]["start"], "end": words[-1]["end"],
            "tokens": [1, 2], "avg_logprob": -0.2, "no_speech_prob": 0.01, "compression_ratio": 1.0, "words": words}


def test_a_pause_cut_out_of_the_chunk_is_found_in_spliced_time():
    spans = [{"start": 0, "end": 3 * RATE}, {"start": 4 * RATE, "end": 6 * RATE}, {"start": 30 * RATE, "end": 32 * RATE}]
    # 1 s between the first two spans is no pause; 24 s before the third is, at 3 + 2 = 5 s of spliced speech.
    assert _pauses(spans) == [5.0]
    assert PAUSE_SECONDS > 1.0


def test_a_sentence_never_runs_across_a_long_pause_even_without_a_full_stop():
    words = [word(" for", 3.8, 4.1), word(" your", 4.1, 4.4), word(" country,", 4.4, 4.9),
             word(" and", 5.1, 5.3), word(" so", 5.3, 5.6)]
    pieces = _sentences(raw(words), pauses=[5.0])
    assert [p["text"] for p in pieces] == [" for your country,", " and so"]
    assert [(p["start"], p["end"]) for p in pieces] == [(3.8, 4.9), (5.1, 5.6)]


def test_without_pauses_sentences_end_at_full_stops():
    words = [word(" Yes.", 0.0, 0.4), word(" No", 0.6, 0.9), word(" way.", 0.9, 1.2)]
    assert [p["text"] for p in _sentences(raw(words))] == [" Yes.", " No way."]
