"""One long file in pieces (issue 29): each piece is transcribed with its voice prints
(``/asr?diarize=1&speaker_profiles=1``), and ``POST /speakers/cluster`` clusters the voice prints of every piece
together, so a person keeps one label across the whole file.

The file is made of three real LibriSpeech readers (../shared/audio/librispeech-voices: two women, one man), each
utterance cut at a pause into two halves; the first piece has every reader's first half, the second piece every
reader's second half in another order, so the pieces' own labels ("Speaker 1".. by first appearance) disagree.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Dict, List, Tuple

import numpy as np
import pytest

from scrivo_speech import speakers
from tests.bench.conversations import read_audio, write_wav

from .test_server import post_json, request

SAMPLE_RATE = 16000
READERS = ["1069-133699-0000", "1040-133433-0000", "198-126831-0000"]  # F, M, F
GAP = 0.8  # seconds of silence between turns


def halves(samples: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    """The utterance cut in the pause nearest its middle (Silero VAD, as the test sets do)."""
    from faster_whisper.vad import VadOptions, get_speech_timestamps

    found = get_speech_timestamps(samples, VadOptions(min_silence_duration_ms=150, speech_pad_ms=0))
    gaps = [(found[i]["end"] + found[i + 1]["start"]) // 2 for i in range(len(found) - 1)]
    cut = min(gaps, key=lambda g: abs(g - samples.size // 2))
    return samples[:cut], samples[cut:]


def assemble(parts: List[Tuple[str, np.ndarray]]) -> Tuple[np.ndarray, List[Tuple[float, float, str]]]:
    """The parts one after another with GAP between; returns the audio and who speaks when."""
    audio, spans, t = [], [], 0.0
    for who, samples in parts:
        spans.append((t, t + samples.size / SAMPLE_RATE, who))
        audio += [samples, np.zeros(int(GAP * SAMPLE_RATE), dtype=np.float32)]
        t += samples.size / SAMPLE_RATE + GAP
    return np.concatenate(audio), spans


@pytest.fixture(scope="module")
def pieces(audio_dir: Path, tmp_path_factory) -> List[Tuple[bytes, List[Tuple[float, float, str]]]]:
    split = {r: halves(read_audio(audio_dir / "librispeech-voices" / f"{r}.flac")) for r in READERS}
    first = assemble([(r, split[r][0]) for r in READERS])
    second = assemble([(r, split[r][1]) for r in reversed(READERS)])
    out = []
    for k, (samples, spans) in enumerate((first, second)):
        path = write_wav(tmp_path_factory.mktemp("pieces") / f"piece{k}.wav", samples)
        out.append((path.read_bytes(), spans))
    return out


@pytest.fixture(scope="module")
def transcribed(server, pieces) -> List[dict]:
    results = []
    for wav, _spans in pieces:
        status, body = post_json(server, "/asr?language=en&diarize=1&speaker_profiles=1", wav)
        assert status == 200, body
        results.append(body)
    return results


def reader_of(spans: List[Tuple[float, float, str]], start: float, end: float) -> str:
    middle = (start + end) / 2
    return min(spans, key=lambda s: max(s[0] - middle, middle - s[1], 0.0))[2]


def who_is_who(results: List[dict], pieces, labels: List[Dict[str, str]]) -> Dict[str, set]:
    """Reader -> the file-wide labels their words got, over both pieces."""
    heard: Dict[str, set] = {}
    for result, (_wav, spans), mapping in zip(results, pieces, labels):
        for segment in result["segments"]:
            for word in segment["words"]:
                heard.setdefault(reader_of(spans, word["start"], word["end"]), set()).add(mapping[segment["speaker"]])
    return heard


def test_each_piece_answers_the_voice_prints_behind_its_own_labels(transcribed):
    for result in transcribed:
        profiles = result["speakerProfiles"]
        labels = {s["speaker"] for s in result["segments"]}
        assert set(profiles["speakers"]) == labels and len(labels) == 3
        assert {t["speaker"] for t in profiles["tracks"]} == labels
        for track in profiles["tracks"]:
            assert len(track["embedding"]) == 192 and track["seconds"] > 0
            assert abs(np.linalg.norm(track["embedding"]) - 1) < 1e-3
        for a, b in profiles["cannotLink"]:
            assert 0 <= a < b < len(profiles["tracks"])


def test_the_same_reader_gets_one_label_in_both_pieces_and_two_readers_never_share_one(server, pieces, transcribed):
    local = [
        {reader_of(spans, s["start"], s["end"]): s["speaker"] for s in r["segments"]}
        for r, (_w, spans) in zip(transcribed, pieces)
    ]
    assert local[0] != local[1], "the pieces' own labels should disagree, or the test proves nothing"
    status, body = post_json(
        server, "/speakers/cluster", json.dumps({"pieces": [r["speakerProfiles"] for r in transcribed]}).encode()
    )
    assert status == 200, body
    assert body["speakers"] == 3
    labels = body["labels"]
    heard = who_is_who(transcribed, pieces, labels)
    assert all(len(names) == 1 for names in heard.values()), heard
    assert len({next(iter(names)) for names in heard.values()}) == 3, heard
    # Numbered by first appearance in the file: the first piece's own labels stay as they are.
    assert labels[0] == {name: name for name in transcribed[0]["speakerProfiles"]["speakers"]}


def test_a_known_number_of_people_is_kept(server, transcribed):
    body = {"pieces": [r["speakerProfiles"] for r in transcribed], "speakers": 2}
    status, answer = post_json(server, "/speakers/cluster", json.dumps(body).encode())
    assert status == 200 and answer["speakers"] == 2, answer


def test_no_voice_print_leaves_the_worker_unless_asked(server, pieces):
    status, body = post_json(server, "/asr?language=en&diarize=1", pieces[0][0])
    assert status == 200 and "speakerProfiles" not in body
    assert {s["speaker"] for s in body["segments"]} == {"Speaker 1", "Speaker 2", "Speaker 3"}


def test_voice_prints_need_diarization(server, pieces):
    status, body = post_json(server, "/asr?speaker_profiles=1", pieces[0][0])
    assert status == 400 and "diarize=1" in body["error"]


@pytest.mark.parametrize(
    "body, says",
    [
        (b"not json", "not JSON"),
        (b"[]", '{"pieces"'),
        (json.dumps({"pieces": [{"speakers": ["A"], "tracks": [{"speaker": "B", "embedding": [1.0], "seconds": 2}]}]}).encode(), "one of pieces[0].speakers"),
        (json.dumps({"pieces": [{"speakers": ["A"], "tracks": [{"speaker": "A", "embedding": ["x"], "seconds": 2}]}]}).encode(), "finite numbers"),
        (json.dumps({"pieces": [{"speakers": ["A"], "tracks": [{"speaker": "A", "embedding": [0.0, 0.0], "seconds": 2}]}]}).encode(), "all zeros"),
        (json.dumps({"pieces": [{"speakers": ["A"], "tracks": [{"speaker": "A", "embedding": [1.0], "seconds": 1}], "cannotLink": [[0, 5]]}]}).encode(), "cannotLink"),
        (json.dumps({"pieces": [], "speakers": 0}).encode(), "from 1 to 20"),
    ],
)
def test_bad_profiles_get_a_clear_400(server, body, says):
    status, answer = post_json(server, "/speakers/cluster", body, headers={"Content-Type": "application/json"})
    assert status == 400 and says in answer["error"], answer


def test_too_large_a_body_is_refused_before_it_is_read(server):
    status, _headers, data = request(
        server, "POST", "/speakers/cluster", b"{}", headers={"Content-Length": str(64 * 1024 * 1024)}
    )
    assert status == 413 and b"larger than" in data


def test_clustering_needs_the_token(server):
    status, _h, _d = request(server, "POST", "/speakers/cluster", b'{"pieces": []}', token=None)
    assert status == 401


def test_a_label_without_voice_prints_gets_a_speaker_of_its_own():
    unit = [1.0, 0.0, 0.0]
    pieces = [
        {"speakers": ["Speaker 1", "Speaker 2"], "tracks": [{"speaker": "Speaker 1", "embedding": unit, "seconds": 3}]},
        {"speakers": ["Speaker 1"], "tracks": [{"speaker": "Speaker 1", "embedding": unit, "seconds": 3}]},
    ]
    assert speakers.cluster_pieces(pieces) == [
        {"Speaker 1": "Speaker 1", "Speaker 2": "Speaker 2"},
        {"Speaker 1": "Speaker 1"},
    ]
