"""Stretches where the first pass heard too few words, and how a second decode's words replace them (pure helpers of
decoding.py, no model). Where several voices are spliced into one chunk, greedy decoding can follow the loudest and
skip the others' words between its own: no stretch is empty, but the words are far too few."""

from faster_whisper.transcribe import Segment, Word

from scrivo_speech.decoding import (
    SPARSE_WINDOW_SECONDS,
    Decoded,
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
