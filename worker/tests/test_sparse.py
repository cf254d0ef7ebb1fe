"""Stretches where the first pass heard too few words, and how a second decode's words replace them (pure helpers of
decoding.py, no model). Where several voices are spliced into one chunk, greedy decoding can follow the loudest and
skip the others' words between its own: no stretch is empty, but the words are far too few."""

import numpy as np
from faster_whisper.transcribe import Segment, Word

from scrivo_speech import decoding
from scrivo_speech.decoding import (
    SPARSE_WINDOW_SECONDS,
    Chunk,
    Decoded,
    _decode_sparse,
    _sure_word_count,
    _without_words_in,
    sparse_stretches,
)

RATE = 16000


def words_every(start, end, per_second):
    """(start, end) of words spoken at ``per_second`` words a second between ``start`` and ``end``."""
    step = 1.0 / per_second
    out, t = [], start
    while t + step <= end + 1e-9:
        out.append((t, t + step * 0.8))
        t += step
    return out


def test_speech_heard_at_a_normal_rate_is_not_sparse():
    spans = [{"start": 0, "end": 20 * RATE}]
    assert sparse_stretches(spans, words_every(0, 20, 2.5)) == []


def test_a_stretch_where_only_one_voice_was_followed_is_sparse():
    spans = [{"start": 0, "end": 20 * RATE}]
    heard = words_every(0, 8, 2.5) + words_every(8, 16, 0.5) + words_every(16, 20, 2.5)
    assert sparse_stretches(spans, heard) == [(8.0, 16.0)]
    assert SPARSE_WINDOW_SECONDS == 4.0


def test_silence_between_spans_is_not_judged():
    # 2 s of speech, a long pause, 2 s of speech: too little speech in any window to call it sparse.
    spans = [{"start": 0, "end": 2 * RATE}, {"start": 12 * RATE, "end": 14 * RATE}]
    assert sparse_stretches(spans, []) == []


def segment(words):
    ws = [Word(start=a, end=b, word=f" w{i}", probability=0.9) for i, (a, b) in enumerate(words)]
    return Segment(id=0, seek=0, start=ws[0].start, end=ws[-1].end, text="".join(w.word for w in ws), tokens=[],
                   avg_logprob=-0.2, compression_ratio=1.0, no_speech_prob=0.01, words=ws, temperature=0.0)


def test_the_first_pass_words_inside_a_redecoded_stretch_are_taken_out_and_the_rest_kept():
    first = Decoded(segment([(0.0, 0.5), (1.0, 1.5), (5.0, 5.5), (9.0, 9.5)]), "en", 0.99)
    inside_only = Decoded(segment([(6.0, 6.5)]), "en", 0.99)
    kept = _without_words_in([first, inside_only], 4.0, 8.0)
    assert len(kept) == 1
    assert [(w.start, w.end) for w in kept[0].segment.words] == [(0.0, 0.5), (1.0, 1.5), (9.0, 9.5)]
    assert (kept[0].segment.start, kept[0].segment.end) == (0.0, 9.5)
    assert kept[0].segment.text == " w0 w1 w3"


def said(words, avg_logprob=-0.2, probability=0.9):
    """A decoded segment of these (start, end, text) words."""
    ws = [Word(start=a, end=b, word=f" {t}", probability=probability) for a, b, t in words]
    return Decoded(Segment(id=0, seek=0, start=ws[0].start, end=ws[-1].end, text="".join(w.word for w in ws), tokens=[],
                           avg_logprob=avg_logprob, compression_ratio=1.0, no_speech_prob=0.01, words=ws,
                           temperature=0.0), "en", 0.99)


def test_a_second_decode_is_worth_the_words_the_guards_keep_and_believe():
    loop = said([(29.0 + 0.06 * i, 29.05 + 0.06 * i, "nig") for i in range(62)])
    garble = said([(31.6, 31.8, "Do"), (31.8, 32.0, "you"), (32.0, 32.2, "have"), (32.2, 32.4, "an"),
                   (32.4, 32.7, "ability")], avg_logprob=-3.99)
    clear = said([(30.0, 30.3, "they"), (30.3, 30.9, "detailed")])
    assert _sure_word_count([loop]) == 1  # a loop's copies are cut to one
    assert _sure_word_count([garble]) == 0  # an average log probability of -4: low confidence
    assert _sure_word_count([clear, loop, garble]) == 3


def test_a_looping_or_garbled_second_decode_never_replaces_what_the_first_pass_heard(monkeypatch):
    # u-loop-bait-2p (bench/README.md, "Which words the worker loses"): the first pass heard "They detailed" in a
    # sparse 4 s window; the second decode gave "nig" 62 times, or a garble at -4, and took the words' place.
    first = [said([(28.0, 28.4, "They"), (30.9, 31.1, "detailed")])]
    for answer in ([said([(29.0 + 0.06 * i, 29.05 + 0.06 * i, "nig") for i in range(62)])],
                   [said([(31.6, 31.8, "Do"), (31.8, 32.0, "you"), (32.0, 32.2, "have"), (32.2, 32.4, "an"),
                          (32.4, 32.7, "ability")], avg_logprob=-3.99)]):
        monkeypatch.setattr(decoding, "second_decode", lambda *a, **k: answer)
        chunk = Chunk([{"start": 27 * RATE, "end": 33 * RATE}], "en", 0.99)
        kept = _decode_sparse(None, np.zeros(34 * RATE, dtype=np.float32), chunk, first, "transcribe")
        assert [w.word.strip() for d in kept for w in d.segment.words] == ["They", "detailed"]


def test_a_second_decode_that_clearly_hears_more_replaces_the_sparse_words(monkeypatch):
    first = [said([(28.0, 28.4, "They"), (30.9, 31.1, "detailed")])]
    clearer = [said([(27.2 + 0.4 * i, 27.5 + 0.4 * i, f"w{i}") for i in range(10)])]
    # The last 1.9 s of speech after w9 is asked for again as unheard, and holds nothing.
    monkeypatch.setattr(decoding, "second_decode", lambda *a, **k: clearer if a[6] == "sparse" else [])
    chunk = Chunk([{"start": 27 * RATE, "end": 33 * RATE}], "en", 0.99)
    kept = _decode_sparse(None, np.zeros(34 * RATE, dtype=np.float32), chunk, first, "transcribe")
    assert [w.word.strip() for d in kept for w in d.segment.words] == [f"w{i}" for i in range(10)]


def test_speech_a_replacing_decode_leaves_unheard_is_decoded_on_its_own(monkeypatch):
    # u-30min (bench/README.md, "The 30-minute file"): the first pass wrote "Well," over 24 s of speech from 122.9 s;
    # the sparse decode of the whole stretch began its words 3.4 s in, and the sentence before them was lost.
    first = [said([(124.1, 124.4, "Well,")])]
    later = [said([(126.3 + 0.4 * i, 126.6 + 0.4 * i, f"w{i}") for i in range(45)])]
    asked = []

    def second_decode(model, samples, start, end, language, task, cause, *rest):
        asked.append((cause, round(start, 1), round(end, 1)))
        if cause == "sparse":
            return later
        return [said([(122.9, 123.7, "Expected."), (124.3, 124.6, "A"), (124.6, 124.9, "sudden"),
                      (124.9, 125.7, "indifference"), (125.7, 126.0, "filled"), (126.0, 126.2, "it.")])]

    monkeypatch.setattr(decoding, "second_decode", second_decode)
    chunk = Chunk([{"start": int(122.9 * RATE), "end": int(144.9 * RATE)}], "en", 0.99)
    kept = _decode_sparse(None, np.zeros(150 * RATE, dtype=np.float32), chunk, first, "transcribe")
    words = [w.word.strip() for d in sorted(kept, key=lambda d: d.segment.start) for w in d.segment.words]
    assert words[:6] == ["Expected.", "A", "sudden", "indifference", "filled", "it."]
    assert words[6:] == [f"w{i}" for i in range(45)]
    assert [cause for cause, _, _ in asked].count("unheard") == 1


def test_nothing_more_is_decoded_where_no_stretch_was_replaced(monkeypatch):
    asked = []
    monkeypatch.setattr(decoding, "second_decode", lambda *a, **k: asked.append(a[6]) or [])
    first = [said([(28.0, 28.4, "They"), (30.9, 31.1, "detailed")])]
    chunk = Chunk([{"start": 27 * RATE, "end": 33 * RATE}], "en", 0.99)
    _decode_sparse(None, np.zeros(34 * RATE, dtype=np.float32), chunk, first, "transcribe")
    assert "unheard" not in asked
