"""A window's local speaker that is two people taking turns is split by voice (issue 40 item 3).

On the users set's quick exchanges and meetings (bench/speech/conversations.py --set users) segmentation-3.0 gave
two or three readers who take turns within its 10 s window one local speaker: u-meeting-4p's first windows were
each one unit of two readers (S1 196 frames, S2 202 frames of speech alone), whose single CAM++ embedding is a
mixture no clustering can put right (bench/README.md, "Where the users set's DER comes from"). No models here: a
fake embedder tells the two voices apart by the sign of the audio, and the window's activity is given.
"""

from __future__ import annotations

from typing import List

import numpy as np
import pytest

from scrivo_speech import diarize as diarize_mod
from scrivo_speech import speakers

S = diarize_mod.SHIFT


@pytest.fixture(autouse=True)
def split_on(monkeypatch):
    # Off by default (SCRIVO_SPLIT_LOCAL_SPEAKERS=1 turns it on): these tests hold the mechanism itself.
    monkeypatch.setattr(speakers, "SPLIT_LOCAL_SPEAKERS", True)


class SignEmbedder:
    """Voice A is audio above zero, voice B below: the embedding is the share of each, at unit length."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, samples: np.ndarray) -> np.ndarray:
        self.calls += 1
        v = np.array([np.mean(samples > 0), np.mean(samples < 0), 0.05])
        return v / np.linalg.norm(v)


def seconds(t: float) -> int:
    return int(round(t * diarize_mod.SAMPLE_RATE / S))


def window(turns: List[tuple]) -> tuple:
    """One 10 s window whose only local speaker (column 0) speaks ``turns`` (start s, end s, +1 or -1 audio)."""
    act = np.zeros((diarize_mod.FRAMES, 3), dtype=bool)
    audio = np.zeros(diarize_mod.WINDOW, dtype=np.float32)
    for a, b, sign in turns:
        act[seconds(a) : seconds(b), 0] = True
        audio[int(a * diarize_mod.SAMPLE_RATE) : int(b * diarize_mod.SAMPLE_RATE)] = 0.1 * sign
    return act, audio


def session() -> speakers.EmbeddingSession:
    s = speakers.EmbeddingSession(None, SignEmbedder())  # type: ignore[arg-type]
    s.received = 10 * diarize_mod.WINDOW
    return s


def test_two_people_heard_as_one_local_speaker_become_two_units():
    s = session()
    act, audio = window([(0.2, 2.0, 1), (2.4, 4.2, -1), (4.6, 6.4, 1), (6.8, 8.6, -1)])
    s._stitch(0, act, audio)
    (w,) = s.windows
    assert len(w.tracks) == 2
    # Each unit speaks the frames of one voice, and together they are the local speaker's frames.
    assert np.array_equal(w.act[:, 0] | w.act[:, 1], act[:, 0])
    assert not np.any(w.act[:, 0] & w.act[:, 1])
    a, b = (s.vectors[u] for u in w.tracks)
    assert a @ b < 0.2, "each unit's embedding is one voice, not the mixture"
    # The two parts of one local speaker are not held apart: they may be one person after all.
    assert not s.cannot_link


def test_one_voice_stays_one_unit():
    s = session()
    act, audio = window([(0.2, 2.0, 1), (2.4, 4.2, 1), (4.6, 6.4, 1)])
    s._stitch(0, act, audio)
    (w,) = s.windows
    assert len(w.tracks) == 1
    assert np.array_equal(w.act[:, 0], act[:, 0])
    assert s.solo[w.tracks[0]] > 5.0


def test_too_little_speech_to_tell_is_not_split():
    s = session()
    act, audio = window([(0.2, 0.9, 1), (1.3, 1.9, -1)])  # 1.3 s in all: not two pieces of a second alone
    s._stitch(0, act, audio)
    assert len(s.windows[0].tracks) == 1


def test_two_local_speakers_stay_cannot_linked_where_they_speak_at_once():
    s = session()
    act, audio = window([(0.2, 2.0, 1), (2.4, 4.2, -1), (4.6, 6.4, 1), (6.8, 8.6, -1)])
    act[seconds(3.0) : seconds(3.5), 1] = True  # someone else over voice B's turn
    act[seconds(9.0) : seconds(9.6), 1] = True
    s._stitch(0, act, audio)
    (w,) = s.windows
    assert len(w.tracks) == 3
    other = w.tracks[2]
    b = next(u for u, col in zip(w.tracks[:2], w.act.T[:2]) if col[seconds(3.2)])
    a = next(u for u in w.tracks[:2] if u != b)
    assert (min(b, other), max(b, other)) in s.cannot_link
    assert (min(a, other), max(a, other)) not in s.cannot_link


def test_off_by_default():
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "SCRIVO_SPLIT_LOCAL_SPEAKERS"}
    code = "from scrivo_speech import speakers; print(speakers.SPLIT_LOCAL_SPEAKERS)"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_no_split_when_switched_off(monkeypatch):
    monkeypatch.setattr(speakers, "SPLIT_LOCAL_SPEAKERS", False)
    s = session()
    act, audio = window([(0.2, 2.0, 1), (2.4, 4.2, -1), (4.6, 6.4, 1), (6.8, 8.6, -1)])
    s._stitch(0, act, audio)
    assert len(s.windows[0].tracks) == 1
