"""Recognition quality on real speech with the real packaged model (no mocks)."""

import csv
import wave
from pathlib import Path

import pytest

from tests.bench.wer import edit_distance, normalize, wer

MAX_WER = 0.10


def test_jfk(transcriber, audio_dir: Path):
    result = transcriber.transcribe(audio_dir / "jfk" / "jfk.wav")
    reference = (audio_dir / "jfk" / "jfk.txt").read_text().strip()
    assert wer(reference, result["text"]) <= MAX_WER, result["text"]
    assert result["language"] == "en"
    assert result["duration"] == pytest.approx(11.0, abs=0.01)
    words = [w for s in result["segments"] for w in s["words"]]
    assert wer(reference, " ".join(w["text"] for w in words)) <= MAX_WER, words
    assert all(0 <= w["start"] <= w["end"] <= 11.0 for w in words)


@pytest.mark.parametrize("clip", ["1089-134686-0001", "1221-135766-0001", "1221-135766-0002"])
def test_librispeech(transcriber, audio_dir: Path, librispeech, clip):
    result = transcriber.transcribe(audio_dir / "librispeech-sherpa" / f"{clip}.wav", language="en")
    error = wer(librispeech[clip], result["text"])
    assert error <= MAX_WER, f"WER {error:.3f}: {result['text']!r} vs {librispeech[clip]!r}"


LANGUAGE_CLIPS = {
    "test.wav": "en", "test_de.wav": "de", "test_es.wav": "es", "test_fr.wav": "fr",
    "test_it.wav": "it", "test_ja.wav": "ja", "test_ko.wav": "ko", "test_pt.wav": "pt",
}


@pytest.mark.parametrize("name", sorted(LANGUAGE_CLIPS))
def test_language_is_detected(transcriber, audio_dir: Path, name):
    folder = audio_dir / "picovoice-leopard-tests"
    with open(folder / "TRANSCRIPTS.tsv", newline="") as handle:
        rows = {r["file"]: r for r in csv.DictReader(handle, delimiter="\t")}
    language = rows[name]["language"]
    assert language == LANGUAGE_CLIPS[name]
    result = transcriber.transcribe(folder / name)
    assert result["language"] == language, result
    assert result["languageProbability"] > 0.5
    if language == "en":
        assert wer(rows[name]["transcript"], result["text"]) <= MAX_WER, result["text"]


# Measured with beam search on Whisper's whole window; greedy decoding or a cut window lost these
# (es 0 -> 0.42, fr 0 -> 0.15, pt 0 -> 0.38, it 0.09 -> 0.36), so English alone is decoded greedily.
# Asserted over the set, not per clip: one clip of 8-13 words moves by 0.08-0.13 per word, and another
# machine of this kind wrote 2 of the 13 French words differently (0.154) where this one wrote none.
# Measured on an AMD EPYC (AVX-512), 2026-11-26: 4 errors in 44 words (0.091) with the language given and
# detected (fr 2, it 2, es 0, pt 0); the limit leaves room for 3 more words. The regressions it guards against
# cost 15-17 words (greedy decoding or a cut window: 0.36-0.42 on three of the four clips).
OTHER_LANGUAGE_CLIPS = ("test_es.wav", "test_fr.wav", "test_pt.wav", "test_it.wav")
OTHER_LANGUAGES_MAX_WER = 0.16
# A clip far off (a lost sentence half, the wrong language) still fails on its own.
OTHER_LANGUAGE_CLIP_MAX_WER = 0.40


@pytest.mark.parametrize("given", [True, False], ids=["language given", "language detected"])
def test_languages_other_than_english_keep_their_accuracy(transcriber, audio_dir: Path, given):
    folder = audio_dir / "picovoice-leopard-tests"
    with open(folder / "TRANSCRIPTS.tsv", newline="") as handle:
        rows = {r["file"]: r for r in csv.DictReader(handle, delimiter="\t")}
    errors = words = 0
    heard = {}
    for name in OTHER_LANGUAGE_CLIPS:
        reference = rows[name]["transcript"]
        result = transcriber.transcribe(folder / name, language=rows[name]["language"] if given else None)
        heard[name] = (round(wer(reference, result["text"]), 3), result["text"])
        assert heard[name][0] <= OTHER_LANGUAGE_CLIP_MAX_WER, heard[name]
        errors += edit_distance(normalize(reference), normalize(result["text"]))
        words += len(normalize(reference))
    assert errors / words <= OTHER_LANGUAGES_MAX_WER, (errors, words, heard)


def test_silence_gives_no_text(transcriber, audio_dir: Path):
    result = transcriber.transcribe(audio_dir / "picovoice-leopard-tests" / "empty.wav")
    assert result["text"] == ""
    assert result["segments"] == [] and result["chunks"] == []
    assert result["duration"] > 5


def test_long_audio_is_processed_in_windows(transcriber, multi_clip):
    """Windows of 12 s over a 27 s file: timestamps continue across windows, no words lost."""
    saved = transcriber.window_seconds
    transcriber.window_seconds = 12.0
    try:
        events = list(transcriber.events(multi_clip["path"]))
    finally:
        transcriber.window_seconds = saved
    result = events[-1]
    assert wer(multi_clip["reference"], result["text"]) <= MAX_WER, result["text"]
    starts = [s["start"] for s in result["segments"]]
    assert starts == sorted(starts) and result["segments"][-1]["end"] > 22
    assert [e["type"] for e in events][0] == "info"


def test_no_clip_is_lost_in_a_file_of_seven_voices(transcriber, audio_dir: Path, librispeech, tmp_path):
    """Seven real speakers one after another, 1 s apart: every clip is in the transcript.

    Batched decoding splices each chunk's speech together without its pauses; on this file Whisper ended
    a chunk early and the last clips were lost, until the rest of a chunk was decoded again.
    """
    folder = audio_dir / "picovoice-leopard-tests"
    clips = [
        (audio_dir / "jfk" / "jfk.wav", (audio_dir / "jfk" / "jfk.txt").read_text().strip()),
        (folder / "test.wav", "Mr. Quilter is the apostle of the middle classes and we are glad to welcome his gospel."),
        (audio_dir / "deepspeech-smoke" / "LDC93S1.wav", "She had your dark suit in greasy wash water all year."),
        (audio_dir / "librispeech-sherpa" / "1089-134686-0001.wav", librispeech["1089-134686-0001"]),
        (audio_dir / "librispeech-sherpa" / "1221-135766-0001.wav", librispeech["1221-135766-0001"]),
        (audio_dir / "librispeech-sherpa" / "1221-135766-0002.wav", librispeech["1221-135766-0002"]),
        (audio_dir / "deepspeech-smoke" / "new-home-in-the-stars-16k.wav", "We must find a new home in the stars."),
    ]
    frames = []
    for path, _ in clips:
        with wave.open(str(path)) as w:
            assert (w.getframerate(), w.getnchannels(), w.getsampwidth()) == (16000, 1, 2)
            frames += [w.readframes(w.getnframes()), b"\0\0" * 16000]
    joined = tmp_path / "seven.wav"
    with wave.open(str(joined), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(16000)
        w.writeframes(b"".join(frames))
    result = transcriber.transcribe(joined)
    reference = " ".join(text for _, text in clips)
    assert wer(reference, result["text"]) <= MAX_WER, result["text"]
    # The last clip is there too (a chunk ended early used to lose it): its words end the transcript.
    last = clips[-1][1]
    tail = " ".join(result["text"].split()[-len(last.split()) :])
    assert wer(last, tail) <= 0.35, tail
