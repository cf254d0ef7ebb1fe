"""Speakers in reverberant rooms (issue 26): when the segmentation hears almost nothing, the words' own spans tell
who spoke.

pyannote segmentation 3.0 gives speech to nobody in a room with RT60 >= 0.5 s, so every word went to one speaker.
When the diarizer's turns cover under half of the recognised words' time, the worker embeds each recognised
segment's words (cut at pauses of 0.5 s) with CAM++ and clusters them instead (bench/README.md, "Reverb and
telephone: what could fix them"). The conversation is built at test time from ``librispeech-voices`` as
tests/test_conversations.py builds its own: three readers in a room, and the same three without the room, where the
segmentation hears them and the fallback must not be taken.
"""

from __future__ import annotations

import wave
from dataclasses import replace
from pathlib import Path
from typing import Any, Dict

import numpy as np
import pytest

from scrivo_speech import audio as audio_mod
from scrivo_speech import metrics
from scrivo_speech import speakers as speakers_mod

from .bench import conversations as cv

# 3p-reverb of bench/speech/conversations.py (the same seed): 41 s, three readers, 19 % overlap, RT60 0.5 s.
IN_A_ROOM = cv.Spec("three-people-in-a-room", seed=204, speakers=3, seconds=50, overlap=0.15, reverb=True)
WITHOUT_THE_ROOM = replace(IN_A_ROOM, name="three-people-without-the-room", reverb=False)
FALLBACK = "speakers.fromWordSpans"


def word(start: float, end: float) -> Dict[str, Any]:
    return {"start": start, "end": end, "text": "w"}


def test_a_segment_is_cut_where_its_words_pause_half_a_second():
    segments = [
        {"words": [word(0.0, 0.4), word(0.5, 0.9), word(1.5, 1.8), word(1.9, 2.2)]},
        {"words": [word(3.0, 3.5)]},
        {"words": []},
    ]
    assert speakers_mod.word_spans(segments) == [(0.0, 0.9), (1.5, 2.2), (3.0, 3.5)]


def test_a_span_without_pauses_longer_than_six_seconds_is_cut_between_words_into_near_equal_parts():
    # Whisper's word times can run end to end with no pause for a whole segment of quick turns (16 s on one CPU).
    glued = [word(k * 0.5, (k + 1) * 0.5) for k in range(32)]  # 0-16 s, no pause anywhere
    spans = speakers_mod.word_spans([{"words": glued}])
    assert len(spans) == 3
    assert spans[0][0] == 0.0 and spans[-1][1] == 16.0
    assert all(b - a <= speakers_mod.LONGEST_WORD_SPAN for a, b in spans)
    assert all(abs((b - a) - 16 / 3) <= 0.5 for a, b in spans)
    # Spans already short enough are left as they are.
    assert speakers_mod.word_spans([{"words": glued[:12]}]) == [(0.0, 6.0)]
    # Fewer words than parts: a part per word at most.
    assert speakers_mod.word_spans([{"words": [word(0.0, 6.5), word(6.5, 13.0)]}]) == [(0.0, 6.5), (6.5, 13.0)]
    assert speakers_mod.word_spans([{"words": [word(0.0, 13.0)]}]) == [(0.0, 13.0)]


def test_coverage_is_the_share_of_the_words_time_inside_some_turn():
    segments = [{"words": [word(0.0, 1.0), word(2.0, 3.0)]}]
    assert speakers_mod.words_covered(segments, [(0.0, 1.0, 0)]) == pytest.approx(0.5, abs=0.01)
    assert speakers_mod.words_covered(segments, []) == 0.0
    assert speakers_mod.words_covered([{"words": []}], []) == 1.0  # nothing said: nothing to relabel


def test_the_spans_audio_is_read_again_from_the_file(tmp_path: Path):
    ramp = (np.arange(5 * cv.SAMPLE_RATE) % 20000).astype(np.int16)
    path = tmp_path / "ramp.wav"
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(cv.SAMPLE_RATE)
        w.writeframes(ramp.tobytes())
    pieces = audio_mod.read_spans(str(path), [(0.5, 1.0), (2.0, 4.5)])
    assert [len(p) for p in pieces] == [8000, 40000]
    expected = ramp[32000:72000].astype(np.float32) / 32768.0
    assert np.allclose(pieces[1], expected, atol=1e-4)


def through_the_worker(
    transcriber, audio_dir: Path, hear, spec: cv.Spec, folder: Path, profiles: bool = True
) -> Dict[str, Any]:
    conversation = cv.build(audio_dir, spec, hear)
    path = cv.write_wav(folder / f"{spec.name}.wav", conversation.samples)
    before = metrics.snapshot().get(FALLBACK, 0)
    result = transcriber.transcribe(str(path), diarize=True, speaker_profiles=profiles)
    return {
        "speakers": {s["speaker"] for s in result["segments"]},
        "fallback": metrics.snapshot().get(FALLBACK, 0) - before,
        "profiles": result.get("speakerProfiles"),
        "timeline": {t["speaker"] for t in result["speakerTimeline"]},
    }


def test_three_people_in_a_reverberant_room_are_three_speakers(transcriber, audio_dir, hear, tmp_path, capsys):
    heard = through_the_worker(transcriber, audio_dir, hear, IN_A_ROOM, tmp_path)
    assert heard["fallback"] == 1
    assert "speakers from the words' spans: segmentation covered" in capsys.readouterr().err
    assert len(heard["speakers"]) == 3, sorted(heard["speakers"])
    # The voice prints behind the labels are the spans' (speaker_profiles=1 still answers who is who).
    assert {t["speaker"] for t in heard["profiles"]["tracks"]} == heard["speakers"]
    # The timeline is drawn from the words' spans too, under the same labels.
    assert heard["timeline"] == heard["speakers"]


def test_without_the_room_the_segmentation_keeps_the_speakers(transcriber, audio_dir, hear, tmp_path):
    heard = through_the_worker(transcriber, audio_dir, hear, WITHOUT_THE_ROOM, tmp_path, profiles=False)
    assert heard["fallback"] == 0
    assert abs(len(heard["speakers"]) - 3) <= 1, sorted(heard["speakers"])


def test_without_the_room_a_piece_keeps_the_speakers_once_the_file_is_joined(transcriber, audio_dir, hear, tmp_path):
    # Voice prints are asked for one piece of a file: a voice heard under 2 s keeps its own label in the piece (the
    # file may hold more of it), and the file-wide join (here a file of one piece) folds it as a whole file would.
    heard = through_the_worker(transcriber, audio_dir, hear, WITHOUT_THE_ROOM, tmp_path)
    assert heard["fallback"] == 0
    joined = speakers_mod.cluster_pieces([heard["profiles"]])
    assert abs(len(set(joined[0].values())) - 3) <= 1, joined
