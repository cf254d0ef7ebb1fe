"""A window's local speaker that holds a remembered person and someone else is split where the prints are given
(issue 40 item 5, :meth:`speakers.EmbeddingSession._print_split`).

On bench/speakers/remembered_voices.py's test recordings the segmentation gave a remembered person and a stranger one
local speaker of a 10 s window often enough that 27 of 199 remembered people were under a label whose every unit was
a mixture still alike to their print (bench/README.md, "Remembered voices"). No models here: a fake embedder tells
the two voices apart by the sign of the audio (tests/test_local_speaker_split.py), and the window's activity is
given. Without prints nothing is split (the diarizer is the one it was).
"""

from __future__ import annotations

import numpy as np
import pytest

from scrivo_speech import diarize as diarize_mod
from scrivo_speech import speakers

from .test_local_speaker_split import SignEmbedder, window

VOICE_A = np.array([1.0, 0.0, 0.05]) / np.linalg.norm([1.0, 0.0, 0.05])  # the print of the voice above zero
NOBODY_HERE = np.array([0.0, 0.0, 1.0])  # a remembered person who does not speak
MIXED = [(0.2, 2.0, 1), (2.4, 4.2, -1), (4.6, 6.4, 1), (6.8, 8.6, -1)]


@pytest.fixture(autouse=True)
def split_off(monkeypatch):
    monkeypatch.setattr(speakers, "SPLIT_LOCAL_SPEAKERS", False)  # the default: only the prints split


def session(voices=()) -> speakers.EmbeddingSession:
    s = speakers.EmbeddingSession(None, SignEmbedder(), voices=voices)  # type: ignore[arg-type]
    s.received = 10 * diarize_mod.WINDOW
    return s


def test_a_remembered_person_and_someone_else_in_one_local_speaker_become_two_units():
    s = session([VOICE_A])
    act, audio = window(MIXED)
    s._stitch(0, act, audio)
    (w,) = s.windows
    assert len(w.tracks) == 2
    assert np.array_equal(w.act[:, 0] | w.act[:, 1], act[:, 0])
    assert not np.any(w.act[:, 0] & w.act[:, 1])
    alike = sorted(float(s.vectors[u] @ VOICE_A) for u in w.tracks)
    assert alike[0] < 0.1 and alike[1] > 0.99, "one unit is the remembered voice, the other someone else"
    assert not s.cannot_link


def test_without_prints_the_local_speaker_stays_one_unit():
    s = session()
    act, audio = window(MIXED)
    s._stitch(0, act, audio)
    assert len(s.windows[0].tracks) == 1
    assert s.embedder.calls == 1


@pytest.mark.parametrize("turns", [[(0.2, 2.0, 1), (2.4, 4.2, 1), (4.6, 6.4, 1)], [(0.2, 2.0, -1), (2.4, 4.2, -1)]])
def test_one_voice_is_one_unit_embedded_as_without_prints(turns):
    act, audio = window(turns)
    given, plain = session([VOICE_A]), session()
    given._stitch(0, act, audio)
    plain._stitch(0, act, audio)
    assert [w.tracks for w in given.windows] == [w.tracks for w in plain.windows] == [[0]]
    assert np.array_equal(given.windows[0].act, plain.windows[0].act)
    assert np.array_equal(given.vectors[0], plain.vectors[0]) and given.solo == plain.solo


def test_a_print_unlike_the_local_speaker_costs_no_piece():
    s = session([NOBODY_HERE])
    act, audio = window(MIXED)
    s._stitch(0, act, audio)
    assert len(s.windows[0].tracks) == 1
    assert s.embedder.calls == 1, "below PRINT_SPLIT_GATE the pieces are not embedded"


def test_pieces_between_go_with_the_group_they_are_nearest():
    a, b = VOICE_A, np.array([0.0, 1.0, 0.05]) / np.linalg.norm([0.0, 1.0, 0.05])
    between = (0.55 * a + 0.45 * b) / np.linalg.norm(0.55 * a + 0.45 * b)  # under PRINT_CLAIM, over NOT_THAT_VOICE
    groups = speakers.print_groups(np.stack([a, b, between, a]), np.stack([a]))
    assert groups[0] == groups[3] == groups[2] != groups[1]


def test_no_split_when_no_piece_is_clearly_someone_else():
    a = VOICE_A
    near = np.array([0.8, 0.5, 0.05]) / np.linalg.norm([0.8, 0.5, 0.05])  # still >= NOT_THAT_VOICE alike to a
    assert len(set(speakers.print_groups(np.stack([a, near]), np.stack([a])))) == 1


def _unit(*v: float) -> np.ndarray:
    x = np.asarray(v, dtype=np.float64)
    return x / np.linalg.norm(x)


def test_a_unit_strongly_alike_to_a_print_moves_to_that_prints_speaker():
    a, b = _unit(1, 0, 0), _unit(0, 1, 0)
    # Speaker 0 is a's (two units), speaker 1 is someone else's, with one unit that is a's voice.
    embeddings = np.stack([a, _unit(1, 0.1, 0), b, _unit(0, 1, 0.1), _unit(1, 0.05, 0.05)])
    labels = [0, 0, 1, 1, 1]
    assert speakers.units_to_prints(embeddings, labels, [a]) == [0, 0, 1, 1, 0]
    # ... unless it is heard at the same time as one of that speaker's units.
    assert speakers.units_to_prints(embeddings, labels, [a], [(0, 4)]) == labels


def test_no_print_alike_to_a_speaker_moves_nothing():
    a, b, c = _unit(1, 0, 0), _unit(0, 1, 0), _unit(0, 0, 1)
    embeddings = np.stack([a, b, _unit(0.2, 1, 0)])
    assert speakers.units_to_prints(embeddings, [0, 1, 1], [c]) == [0, 1, 1]


def test_a_unit_of_another_remembered_person_stays_with_its_own_print():
    a, b = _unit(1, 0, 0), _unit(0.6, 0.8, 0)  # two alike remembered voices (0.6)
    embeddings = np.stack([a, a, b, b, _unit(0.7, 0.7, 0)])  # the last: 0.71 to a, 0.99 to b
    assert speakers.units_to_prints(embeddings, [0, 0, 1, 1, 1], [a, b]) == [0, 0, 1, 1, 1]
