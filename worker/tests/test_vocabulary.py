"""Custom vocabulary: a request's names and terms (``hotwords``) and its line of context (``initial_prompt``) reach
the decoder of every chunk, so a rare name is spelt the owner's way, and a recording where nobody says it gains
nothing (issue 44)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from scrivo_speech.request_schemas import HttpError, parse_options

NAMES = "Siobhan Quaglieri, Scrivo, Kubernetes, Nguyen, Okonkwo"


@pytest.fixture(scope="module")
def rare_names(tmp_path_factory) -> Path:
    """A sentence with names Whisper base has never heard, spoken by espeak-ng at 16 kHz."""
    if shutil.which("espeak-ng") is None or shutil.which("sox") is None:
        pytest.fail("espeak-ng and sox are needed (.ci/run installs them)")
    folder = tmp_path_factory.mktemp("vocabulary")
    raw, wav = folder / "raw.wav", folder / "names.wav"
    sentence = "Please send the quarterly report to Siobhan Quaglieri before Friday."
    subprocess.run(["espeak-ng", "-v", "en-us", "-s", "150", "-w", str(raw), sentence], check=True)
    subprocess.run(["sox", str(raw), "-r", "16000", "-c", "1", str(wav)], check=True)
    return wav


def test_the_terms_and_context_are_options_of_the_request_and_have_a_length_limit():
    options = parse_options(f"hotwords={NAMES}&initial_prompt=Weekly%20sync")
    assert options["hotwords"] == NAMES
    assert options["initial_prompt"] == "Weekly sync"
    assert parse_options("")["hotwords"] is None
    with pytest.raises(HttpError) as caught:
        parse_options("hotwords=" + "x" * 1001)
    assert caught.value.status == 400


def test_a_rare_name_is_spelt_as_given_with_the_terms_and_not_without(transcriber, rare_names):
    plain = transcriber.transcribe(str(rare_names), language="en")["text"]
    assert "Quaglieri" not in plain
    taught = transcriber.transcribe(str(rare_names), language="en", hotwords=NAMES)["text"]
    assert "Siobhan Quaglieri" in taught


def test_a_line_of_context_helps_the_same_way(transcriber, rare_names):
    taught = transcriber.transcribe(str(rare_names), language="en", initial_prompt=f"{NAMES}.")["text"]
    assert "Quaglieri" in taught


def test_a_recording_where_nobody_says_the_terms_gains_none_of_them(transcriber, audio_dir):
    heard = transcriber.transcribe(str(audio_dir / "jfk" / "jfk.wav"), language="en", hotwords=NAMES)["text"]
    assert "ask not what your country can do for you" in heard.lower().replace(",", "")
    for term in ("Siobhan", "Quaglieri", "Scrivo", "Kubernetes", "Nguyen", "Okonkwo"):
        assert term not in heard


def test_the_correction_after_decoding_spells_the_name_and_leaves_other_speech_alone(transcriber, rare_names, audio_dir):
    """term_method="correct": the decoder is not given the terms; the words heard close to one are written as it."""
    taught = transcriber.transcribe(str(rare_names), language="en", hotwords=NAMES, term_method="correct")
    assert "Siobhan Quaglieri" in taught["text"]
    words = [w["text"] for s in taught["segments"] for w in s["words"]]
    assert "Siobhan" in words and "Quaglieri" in words
    jfk = str(audio_dir / "jfk" / "jfk.wav")
    assert transcriber.transcribe(jfk, language="en", hotwords=NAMES, term_method="correct")["text"] == (
        transcriber.transcribe(jfk, language="en")["text"]
    )
