"""The speaker timeline (issue 40 item 3): who speaks when, two people at once included, under the segments' labels.

Measured with pyannote's protocol (tests/bench/der.py at collar 0: no collar, overlapped speech scored) against
the per-word labels (each word's span under its segment's speaker, what the transcript showed before it):

- on the pyannote sample (its own reference, sample.rttm, has overlap) the timeline must score no worse than the
  words; measured 12.9 % against 19.1 % (missed speech 4.2 % of the reference against 12.6 %);
- on a two-person conversation assembled from LibriSpeech readers with 15 % overlap (tests/bench/conversations.py)
  the timeline measured 21.6 % against the words' 20.1 %: no confusion at all (4.5 % for the words), but 13.1 %
  false alarm where the reference, cut at the first and last word heard in each turn, has nobody (the set also
  holds laughter- and noise-like bursts the reference does not count). It is held to a ceiling above what was
  measured, as tests/test_conversations.py holds its figures.

The figures are bench/speakers/timeline_der.py's (bench/README.md, "Who speaks when").

Both must hold two speakers at once somewhere.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Dict, List, Tuple

from scrivo_speech.timeline import speaker_timeline

from .bench import conversations as cv
from .bench.der import der, read_rttm

# Measured 0.216 on an Intel Xeon (2 vCPUs), 2026-12-05 (bench/speakers/timeline_der.py).
TWO_PEOPLE_MAX_DER = 0.26
TWO_PEOPLE = cv.Spec("two-people", seed=101, speakers=2, seconds=40, overlap=0.15, backchannels=5, bursts=4)


def as_turns(timeline: List[Dict[str, Any]]) -> List[Tuple[float, float, str]]:
    return [(t["start"], t["end"], t["speaker"]) for t in timeline]


def overlapped_seconds(timeline: List[Dict[str, Any]]) -> float:
    """Time during which two different speakers of the timeline are both active."""
    total = 0.0
    for i, a in enumerate(timeline):
        for b in timeline[i + 1 :]:
            if a["speaker"] != b["speaker"]:
                total += max(0.0, min(a["end"], b["end"]) - max(a["start"], b["start"]))
    return total


def test_two_speakers_turns_that_run_at_once_are_both_kept():
    timeline = speaker_timeline([(0.0, 4.0, 0), (3.0, 6.0, 1)], {0: "Speaker 1", 1: "Speaker 2"})
    assert timeline == [
        {"speaker": "Speaker 1", "start": 0.0, "end": 4.0},
        {"speaker": "Speaker 2", "start": 3.0, "end": 6.0},
    ]


def test_entries_carry_the_segments_labels_not_the_diarizers_numbers():
    # The diarizer numbered the voice heard first 0, but the first word was said by voice 1.
    timeline = speaker_timeline([(0.0, 1.0, 0), (1.5, 3.0, 1)], {1: "Speaker 1", 0: "Speaker 2"})
    assert [t["speaker"] for t in timeline] == ["Speaker 2", "Speaker 1"]


def test_one_speakers_touching_turns_are_one_entry_and_times_are_rounded_to_the_hundredth():
    timeline = speaker_timeline([(0.123, 1.004, 0), (1.001, 2.456, 0), (3.0, 4.0, 0)], {0: "Speaker 1"})
    assert timeline == [
        {"speaker": "Speaker 1", "start": 0.12, "end": 2.46},
        {"speaker": "Speaker 1", "start": 3.0, "end": 4.0},
    ]


def test_a_voice_no_word_was_given_to_is_left_out_and_the_rest_is_sorted_by_start():
    timeline = speaker_timeline([(5.0, 6.0, 0), (0.5, 2.0, 2), (1.0, 1.5, 1)], {0: "Speaker 2", 2: "Speaker 1"})
    assert as_turns(timeline) == [(0.5, 2.0, "Speaker 1"), (5.0, 6.0, "Speaker 2")]


def test_no_turns_no_timeline():
    assert speaker_timeline([], {}) == []


def scores(result: Dict[str, Any], reference: List[Tuple[float, float, str]]) -> Dict[str, float]:
    words = cv.hypothesis_words(result)
    return {
        "timeline": der(reference, as_turns(result["speakerTimeline"]), collar=0.0)["der"],
        "words": der(reference, cv.speaker_turns(words), collar=0.0)["der"],
        "overlap": overlapped_seconds(result["speakerTimeline"]),
    }


def checked(result: Dict[str, Any], reference: List[Tuple[float, float, str]], name: str) -> Dict[str, float]:
    """The timeline's shape holds, and it has two speakers at once somewhere; its scores and the words'."""
    timeline = result["speakerTimeline"]
    measured = scores(result, reference)
    print(name, {k: round(v, 3) for k, v in measured.items()})
    assert timeline == sorted(timeline, key=lambda t: t["start"])
    assert all(t["end"] > t["start"] and round(t["start"], 2) == t["start"] for t in timeline)
    assert {t["speaker"] for t in timeline} == {s["speaker"] for s in result["segments"]}
    assert measured["overlap"] > 0.0, "two speakers at once nowhere on a set with overlap"
    return measured


def test_on_the_pyannote_sample_the_timeline_scores_no_worse_than_the_words_labels_and_holds_overlap(
    transcriber, audio_dir: Path
):
    sample = audio_dir / "pyannote-sample"
    result = transcriber.transcribe(str(sample / "sample.wav"), diarize=True)
    measured = checked(result, read_rttm(sample / "sample.rttm"), "pyannote-sample")
    assert measured["timeline"] <= measured["words"], measured


def test_on_a_conversation_with_overlap_the_timeline_holds_both_voices_and_its_der_floor(
    transcriber, audio_dir: Path, hear, tmp_path: Path
):
    conversation = cv.build(audio_dir, TWO_PEOPLE, hear)
    path = cv.write_wav(tmp_path / "two-people.wav", conversation.samples)
    result = transcriber.transcribe(str(path), diarize=True)
    measured = checked(result, conversation.turns(), TWO_PEOPLE.name)
    assert measured["timeline"] <= TWO_PEOPLE_MAX_DER, measured


def test_without_diarization_there_is_no_timeline(transcriber, audio_dir: Path):
    result = transcriber.transcribe(str(audio_dir / "jfk" / "jfk.wav"))
    assert "speakerTimeline" not in result


def test_one_voice_is_one_lane(transcriber, audio_dir: Path):
    result = transcriber.transcribe(str(audio_dir / "jfk" / "jfk.wav"), diarize=True)
    assert {t["speaker"] for t in result["speakerTimeline"]} == {"Speaker 1"}
