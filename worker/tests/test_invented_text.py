"""No invented text, and the right language per segment, with the real model.

Non-speech audio is generated with sox (noise, tones, plucked-string "music", applause-like
bursts); the mixed-language recordings are real speech from the shared audio joined end to end.
"""

from __future__ import annotations

import csv
import subprocess
from pathlib import Path
from typing import Dict, List

import pytest

from tests.bench.wer import wer

# The tests below are about which language each segment gets, not about accuracy (test_recognition.py
# holds that): each language's text must be the clip's words within this WER. An exact word would
# fail on another machine of the same kind (one wrote "leichenhaler" for "leichenhalle"); measured
# here: at most 0.10 on any of these clips, with greedy or beam decoding.
LANGUAGE_TEXT_MAX_WER = 0.35

NON_SPEECH = {
    "white noise": ["synth", "20", "whitenoise", "vol", "0.3"],
    "pink noise": ["synth", "20", "pinknoise", "vol", "0.5"],
    "a steady tone": ["synth", "20", "sine", "440", "vol", "0.5"],
    "a tremolo chord": ["synth", "20", "sine", "261.6", "sine", "329.6", "sine", "392", "tremolo", "2", "80", "vol", "0.4"],
    "plucked-string music": [
        "synth", "0.5", "pluck", "C4", "pluck", "E4", "pluck", "G4", ":",
        "synth", "0.5", "pluck", "D4", "pluck", "F4", "pluck", "A4", "repeat", "19", "vol", "0.6",
    ],
    "applause-like bursts": ["synth", "20", "brownnoise", "tremolo", "9", "90", "vol", "0.7"],
}


def sox(inputs: List[str], out: Path, effects: List[str] = ()) -> Path:
    # -R: the same "random" noise every run, so a failure can be reproduced.
    subprocess.run(["sox", "-R", *inputs, str(out), *effects], check=True, capture_output=True)
    return out


def generate(tmp: Path, name: str) -> Path:
    out = tmp / (name.replace(" ", "-") + ".wav")
    return sox(["-n", "-r", "16000", "-c", "1", "-b", "16"], out, NON_SPEECH[name])


def join(out: Path, parts: List[Path], gap: float = 1.5) -> Path:
    """The parts one after the other with ``gap`` seconds of silence between them."""
    padded = []
    for i, part in enumerate(parts):
        target = out.parent / f"{out.stem}-{i}.wav"
        sox([str(part), "-r", "16000", "-c", "1", "-b", "16"], target, ["pad", "0", str(gap if i < len(parts) - 1 else 0)])
        padded.append(str(target))
    return sox(padded, out)


def references(audio_dir: Path) -> Dict[Path, str]:
    """Each clip used here and what is said in it."""
    clips = audio_dir / "picovoice-leopard-tests"
    with open(clips / "TRANSCRIPTS.tsv", newline="") as handle:
        refs = {clips / r["file"]: r["transcript"] for r in csv.DictReader(handle, delimiter="\t")}
    refs[audio_dir / "jfk" / "jfk.wav"] = (audio_dir / "jfk" / "jfk.txt").read_text().strip()
    for line in (audio_dir / "librispeech-sherpa" / "trans.txt").read_text().splitlines():
        if line.strip():
            key, text = line.split(maxsplit=1)
            refs[audio_dir / "librispeech-sherpa" / f"{key}.wav"] = text
    return refs


def text_in(result: dict, language: str) -> str:
    return " ".join(s["text"] for s in result["segments"] if s["language"] == language)


def assert_said(reference: str, heard: str) -> None:
    error = wer(reference, heard)
    assert error <= LANGUAGE_TEXT_MAX_WER, f"WER {error:.3f}: heard {heard!r} for {reference!r}"


@pytest.mark.parametrize("kind", sorted(NON_SPEECH))
def test_non_speech_gives_no_words(transcriber, tmp_path, kind):
    result = transcriber.transcribe(generate(tmp_path, kind))
    assert result["segments"] == [], result["segments"]
    assert result["text"] == ""


def test_the_shared_no_speech_clip_gives_no_words(transcriber, audio_dir):
    result = transcriber.transcribe(audio_dir / "picovoice-leopard-tests" / "empty.wav")
    assert result["segments"] == []


def test_noise_between_speech_adds_no_words(transcriber, audio_dir, tmp_path):
    noise = generate(tmp_path, "pink noise")
    path = join(tmp_path / "speech-noise-speech.wav", [audio_dir / "jfk" / "jfk.wav", noise, audio_dir / "jfk" / "jfk.wav"])
    result = transcriber.transcribe(path)
    noise_from, noise_to = 11.0 + 1.5, 11.0 + 1.5 + 20.0
    inside = [w for s in result["segments"] for w in s["words"] if noise_from + 0.5 < w["start"] < noise_to - 0.5]
    assert inside == []
    # Both copies of the speech are there, and nothing between them.
    said = references(audio_dir)[audio_dir / "jfk" / "jfk.wav"]
    before = " ".join(s["text"] for s in result["segments"] if s["end"] <= noise_from + 0.5)
    after = " ".join(s["text"] for s in result["segments"] if s["start"] >= noise_to - 0.5)
    assert_said(said, before)
    assert_said(said, after)


def test_every_segment_carries_its_language_and_confidence(transcriber, audio_dir):
    result = transcriber.transcribe(audio_dir / "jfk" / "jfk.wav")
    assert result["language"] == "en"
    for segment in result["segments"]:
        assert segment["language"] == "en"
        assert 0.5 < segment["confidence"] <= 1
        assert segment["lowConfidence"] is False


def test_english_then_german_then_spanish_each_in_its_language(transcriber, audio_dir, tmp_path):
    clips = audio_dir / "picovoice-leopard-tests"
    parts = {"en": audio_dir / "jfk" / "jfk.wav", "de": clips / "test_de.wav", "es": clips / "test_es.wav"}
    result = transcriber.transcribe(join(tmp_path / "en-de-es.wav", list(parts.values())))
    assert {s["language"] for s in result["segments"]} == set(parts)
    for language, clip in parts.items():
        assert_said(references(audio_dir)[clip], text_in(result, language))
    # English is spoken longest (11 s of 25 s of speech): it is the recording's language.
    assert result["language"] == "en"
    assert [s["language"] for s in result["segments"]] == sorted(
        [s["language"] for s in result["segments"]], key=["en", "de", "es"].index
    )


def test_spanish_then_english_gives_spanish_first(transcriber, audio_dir, tmp_path):
    parts = {
        "es": audio_dir / "picovoice-leopard-tests" / "test_es.wav",
        "en": audio_dir / "librispeech-sherpa" / "1089-134686-0001.wav",
    }
    result = transcriber.transcribe(join(tmp_path / "es-en.wav", list(parts.values())))
    languages = [s["language"] for s in result["segments"]]
    assert languages[0] == "es" and languages[-1] == "en"
    for language, clip in parts.items():
        assert_said(references(audio_dir)[clip], text_in(result, language))


@pytest.mark.parametrize("order", [("en", "de"), ("de", "en")])
def test_a_change_of_language_after_half_a_second_is_found_within_one_chunk(transcriber, audio_dir, tmp_path, order):
    # 17 s of speech in one chunk, detected as one language with certainty on the whole (German then English:
    # "de" 0.97); each span's language is told from its own encoder frames.
    clips = {"en": audio_dir / "jfk" / "jfk.wav", "de": audio_dir / "picovoice-leopard-tests" / "test_de.wav"}
    path = join(tmp_path / f"{'-'.join(order)}.wav", [clips[code] for code in order], gap=0.5)
    result = transcriber.transcribe(path)
    languages = [s["language"] for s in result["segments"]]
    assert languages == sorted(languages, key=order.index) and set(languages) == set(order), languages
    for code in order:
        assert_said(references(audio_dir)[clips[code]], text_in(result, code))


def test_a_given_language_is_used_for_every_segment(transcriber, audio_dir, tmp_path):
    clips = audio_dir / "picovoice-leopard-tests"
    path = join(tmp_path / "en-de.wav", [audio_dir / "jfk" / "jfk.wav", clips / "test_de.wav"])
    result = transcriber.transcribe(path, language="en")
    assert {s["language"] for s in result["segments"]} == {"en"}
    assert result["language"] == "en"
