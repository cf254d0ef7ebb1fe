"""What a request may ask for in its query, and the clear 400 it gets otherwise (request_schemas.parse_options and
parse_live_options; no model, no server)."""

from __future__ import annotations

import pytest

from scrivo_speech.request_schemas import HttpError, parse_live_options, parse_options
from scrivo_speech.speakers import SpeakerBounds


def refusal(query: str) -> HttpError:
    with pytest.raises(HttpError) as caught:
        parse_options(query)
    assert caught.value.status == 400
    return caught.value


def test_an_empty_query_transcribes_in_the_detected_language_with_voice_activity_and_no_speakers():
    assert parse_options("") == {
        "language": None,
        "task": "transcribe",
        "vad": True,
        "diarize": False,
        "num_speakers": None,
        "speaker_bounds": None,
        "initial_prompt": None,
        "hotwords": None,
        "speaker_profiles": False,
        "voice_prints": [],
    }


@pytest.mark.parametrize("given, language", [("de", "de"), ("EN", "en"), ("en-US", "en"), ("pt_BR", "pt"), ("auto", None), ("", None)])
def test_a_language_is_a_whisper_code_or_a_bcp47_tag_of_one_or_auto(given, language):
    assert parse_options(f"language={given}")["language"] == language


@pytest.mark.parametrize("given", ["xx", "english", "xx-US"])
def test_an_unknown_language_is_refused_by_name(given):
    assert repr(given) in refusal(f"language={given}").message


def test_the_last_of_a_repeated_option_counts_and_spaces_around_it_are_ignored():
    assert parse_options("language=fr&language=%20de%20")["language"] == "de"


def test_translation_is_asked_for_by_task():
    assert parse_options("task=translate")["task"] == "translate"
    assert "task must be one of" in refusal("task=summarise").message


@pytest.mark.parametrize("query, key, value", [
    ("vad=0", "vad", False), ("vad=false", "vad", False), ("vad=true", "vad", True),
    ("diarize=1", "diarize", True), ("diarize=true&speakers=3", "num_speakers", 3),
    ("diarize=1&speakers=0", "num_speakers", None),
    ("diarize=1&speaker_profiles=1", "speaker_profiles", True),
    ("diarize=1&min_speakers=2&max_speakers=4", "speaker_bounds", SpeakerBounds(2, 4)),
    ("diarize=1&max_speakers=3", "speaker_bounds", SpeakerBounds(None, 3)),
    ("diarize=1&min_speakers=2", "speaker_bounds", SpeakerBounds(2, None)),
    ("diarize=1&min_speakers=0&max_speakers=0", "speaker_bounds", None),
])
def test_switches_take_1_0_true_or_false(query, key, value):
    assert parse_options(query)[key] == value


@pytest.mark.parametrize("query, says", [
    ("vad=maybe", "vad must be 1 or 0"),
    ("diarize=yes", "diarize must be 1 or 0"),
    ("speakers=21", "speakers must be a number of people from 1 to 20"),
    ("speakers=-1", "speakers must be a number"),
    ("speakers=two", "speakers must be a number"),
    ("speaker_profiles=2", "speaker_profiles must be 1 or 0"),
    ("speaker_profiles=1", "needs diarize=1"),
    ("min_speakers=21", "min_speakers must be a number of people from 1 to 20"),
    ("max_speakers=a", "max_speakers must be a number of people"),
    ("min_speakers=4&max_speakers=2", "min_speakers must not be more than max_speakers"),
    ("speakers=3&max_speakers=4", "either speakers (exact) or min_speakers/max_speakers"),
])
def test_a_bad_switch_says_what_it_takes(query, says):
    assert says in refusal(query).message


def test_live_captions_take_a_language_and_an_engine():
    assert parse_live_options("") == {"language": None, "engine": None}
    assert parse_live_options("language=auto") == {"language": None, "engine": None}
    assert parse_live_options("language=EN-gb&engine=Vosk") == {"language": "en", "engine": "vosk"}


@pytest.mark.parametrize("query, says", [("language=xx", "Unknown language code 'xx'"), ("engine=google", "engine must be one of")])
def test_live_captions_refuse_what_they_cannot_do(query, says):
    with pytest.raises(ValueError, match=says):
        parse_live_options(query)
