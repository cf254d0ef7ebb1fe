"""Speakers told apart by voice: CAM++ embeddings over pyannote segmentation, on real speech.

The multi-speaker recordings are assembled from different real speakers in the shared audio
(tests/bench/speaker_sets.py; reference turns from the clips' speech spans). DER is scored with
no collar, overlapped speech included.
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from scrivo_speech import request_schemas, speakers
from scrivo_speech.diarize import Segmenter
from tests.bench.der import der, read_rttm
from tests.bench.speaker_sets import SETS, build, read

MAX_DER = 0.15


@pytest.fixture(scope="module")
def diarizer() -> speakers.EmbeddingDiarizer:
    model = speakers.find_embedding_model()
    assert model is not None, "CAM++ model not found: set SCRIVO_SPEAKER_MODEL or see worker/README.md"
    return speakers.EmbeddingDiarizer(Segmenter(threads=2), speakers.Embedder(model, threads=2))


@pytest.fixture(scope="module")
def sets(audio_dir: Path, tmp_path_factory):
    out = tmp_path_factory.mktemp("speaker-sets")
    cases = {name: build(name, audio_dir, out) for name in SETS}
    sample = audio_dir / "pyannote-sample"
    cases["pyannote-sample"] = (sample / "sample.wav", sample / "sample.rttm")
    return cases


def test_the_speaker_model_ships_with_the_worker_and_its_hash_holds(monkeypatch):
    monkeypatch.delenv("SCRIVO_SPEAKER_MODEL", raising=False)
    model = speakers.find_embedding_model()
    worker_models = Path(speakers.__file__).resolve().parents[1] / "models"
    assert model is not None and model.resolve().is_relative_to(worker_models), model
    assert speakers.sha256(model) == speakers.EMBEDDING_SHA256
    assert speakers.diarizer_status() == {"name": "campplus", "model": str(model), "degraded": None}


def test_a_missing_speaker_model_is_reported_as_degraded(monkeypatch, tmp_path):
    monkeypatch.setenv("SCRIVO_SPEAKER_MODEL", str(tmp_path / "gone.onnx"))
    status = speakers.diarizer_status()
    assert status["name"] == "segmentation-only" and "gone.onnx" in status["degraded"]
    assert isinstance(speakers.default_diarizer(threads=1), speakers.SegmentationDiarizer)


def named(turns):
    return [(a, b, f"S{s}") for a, b, s in turns]


@pytest.mark.parametrize("name", [*SETS, "pyannote-sample"])
def test_each_set_gets_the_right_number_of_speakers_and_low_der(diarizer, sets, name):
    wav, rttm = sets[name]
    reference = read_rttm(rttm)
    turns = speakers.diarize(read(wav), diarizer)
    assert len({s for *_, s in turns}) == len({t[2] for t in reference})
    assert der(reference, named(turns), collar=0.0)["der"] <= MAX_DER


def test_a_given_number_of_speakers_is_kept(diarizer, sets):
    wav, _ = sets["four-speakers"]
    assert len({s for *_, s in speakers.diarize(read(wav), diarizer, num_speakers=2)}) == 2


def test_one_voice_is_one_speaker(diarizer, audio_dir):
    turns = speakers.diarize(read(audio_dir / "librispeech-sherpa" / "1221-135766-0001.wav"), diarizer)
    assert {s for *_, s in turns} == {0}


def test_clustering_estimates_the_count_and_respects_cannot_link():
    rng = np.random.default_rng(0)
    centres = np.eye(3, 16)
    points = np.concatenate([c + 0.05 * rng.standard_normal((4, 16)) for c in centres])
    points /= np.linalg.norm(points, axis=1, keepdims=True)
    assert speakers.cluster(points) == [0] * 4 + [1] * 4 + [2] * 4
    assert len(set(speakers.cluster(points, num_speakers=2))) == 2
    # Two rows of one voice heard at the same moment are two people.
    labels = speakers.cluster(points, cannot_link=[(0, 1)])
    assert labels[0] != labels[1]


def test_a_unit_moves_to_the_voice_it_is_nearest_but_never_onto_a_voice_heard_at_the_same_moment():
    rng = np.random.default_rng(1)
    a, b = np.eye(2, 16)
    units = np.stack([a, a, b, b, 0.3 * a + b]) + 0.02 * rng.standard_normal((5, 16))
    units /= np.linalg.norm(units, axis=1, keepdims=True)
    seconds = [3.0, 3.0, 3.0, 3.0, 1.5]
    # Average linkage left the last unit with voice 0 although it sounds like voice 1.
    assert speakers.nearest_voices(units, [0, 0, 1, 1, 0], seconds) == [0, 0, 1, 1, 1]
    # Heard in one window with a surer unit of voice 1, it cannot be voice 1 too.
    assert speakers.nearest_voices(units, [0, 0, 1, 1, 0], seconds, cannot_link=[(2, 4)]) == [0, 0, 1, 1, 0]
    # One voice stays one.
    assert speakers.nearest_voices(units[:2], [0, 0], seconds[:2]) == [0, 0]


def test_the_least_and_the_most_people_given_bring_the_estimated_count_within_them():
    rng = np.random.default_rng(3)
    voices = np.eye(3, 16)
    units = np.repeat(voices, 3, axis=0) + 0.05 * rng.standard_normal((9, 16))
    units /= np.linalg.norm(units, axis=1, keepdims=True)
    vectors = dict(enumerate(units))
    solo = {u: 3.0 for u in vectors}

    def count(bounds):
        return len(set(speakers.link_units(vectors, solo, (), bounds=bounds).values()))

    assert count(None) == 3  # three clear voices are estimated as three
    assert count(speakers.SpeakerBounds(2, 4)) == 3  # within the bounds: the estimate stands
    assert count(speakers.SpeakerBounds(None, 2)) == 2  # at most two: the two nearest voices are one
    assert count(speakers.SpeakerBounds(4, None)) == 4  # at least four: the widest voice is split
    assert speakers.SpeakerBounds(2, 3).hold(1) == 2 and speakers.SpeakerBounds(2, 3).hold(5) == 3


def test_the_pieces_of_one_file_are_clustered_within_the_bounds_their_request_gives():
    rng = np.random.default_rng(4)
    voices = np.eye(3, 8)
    pieces = []
    for p in range(2):
        tracks = [{"speaker": f"S{v}", "embedding": (voices[v] + 0.05 * rng.standard_normal(8)).tolist(), "seconds": 3.0}
                  for v in range(3)]
        pieces.append({"speakers": ["S0", "S1", "S2"], "tracks": tracks, "cannotLink": []})
    found, count, bounds, prints = request_schemas.read_pieces({"pieces": pieces, "max_speakers": 2})
    assert count is None and bounds == speakers.SpeakerBounds(None, 2) and prints == []
    labels = speakers.cluster_pieces(found, count, bounds)
    assert len({name for mapping in labels for name in mapping.values()}) == 2
    for body, says in [
        ({"pieces": [], "min_speakers": 0}, "min_speakers must be a number of people from 1 to 20"),
        ({"pieces": [], "min_speakers": 3, "max_speakers": 2}, "min_speakers must not be more than max_speakers"),
        ({"pieces": [], "speakers": 2, "max_speakers": 2}, "either speakers (exact) or min_speakers/max_speakers"),
    ]:
        with pytest.raises(request_schemas.BadRequest, match=re.escape(says)):
            request_schemas.read_pieces(body)


def test_a_voice_heard_alone_under_two_seconds_joins_the_nearest_voice_not_one_heard_at_the_same_moment():
    rng = np.random.default_rng(2)
    a, b, c = np.eye(3, 16)
    units = np.stack([a, a, b, b, 0.8 * a + 0.6 * c]) + 0.02 * rng.standard_normal((5, 16))
    units /= np.linalg.norm(units, axis=1, keepdims=True)
    # A lone unit of 1.1 s stands apart (voice 2): it is folded into the voice it is nearest to.
    assert speakers.fold_small_voices(units, [0, 0, 1, 1, 2], [3.0, 3.0, 3.0, 3.0, 1.1]) == [0, 0, 1, 1, 0]
    # ... unless that voice speaks at the same moment: then the next nearest.
    assert speakers.fold_small_voices(units, [0, 0, 1, 1, 2], [3.0, 3.0, 3.0, 3.0, 1.1], [(0, 4)]) == [0, 0, 1, 1, 1]
    # Two seconds of speech alone keep their own voice, and one voice stays one.
    assert speakers.fold_small_voices(units, [0, 0, 1, 1, 2], [3.0, 3.0, 3.0, 3.0, 2.0]) == [0, 0, 1, 1, 2]
    assert speakers.fold_small_voices(units[:1], [0], [0.5]) == [0]
    assert speakers.MIN_VOICE_SECONDS == 2.0


def test_a_short_voice_in_one_piece_of_a_file_keeps_its_label_until_the_whole_file_is_clustered():
    # The speech conformance case of two pieces, in voice prints: piece 1 is a man (4 s, 1.8 s) then a woman; piece 2
    # the woman (4.2 s) then the end of the man's sentence, 1.8 s of speech alone in one window beside her.
    rng = np.random.default_rng(5)
    man, woman = np.eye(2, 16)

    def track(label, voice, seconds):
        vector = voice + 0.1 * rng.standard_normal(16)
        return {"speaker": label, "embedding": (vector / np.linalg.norm(vector)).tolist(), "seconds": seconds}

    first = {"speakers": ["Speaker 1", "Speaker 2"], "cannotLink": [[0, 1], [2, 3]],
             "tracks": [track("Speaker 1", man, 4.0), track("Speaker 2", woman, 4.6), track("Speaker 1", man, 1.8),
                        track("Speaker 2", woman, 6.0), track("Speaker 2", woman, 6.0)]}
    second = {"speakers": ["Speaker 1", "Speaker 2"], "cannotLink": [[0, 1]],
              "tracks": [track("Speaker 1", woman, 4.2), track("Speaker 2", man, 1.8)]}
    vectors = {u: np.asarray(t["embedding"]) for u, t in enumerate(second["tracks"])}
    solo = {u: t["seconds"] for u, t in enumerate(second["tracks"])}
    # As a whole file, the second piece has one voice: under 2 s of the man in all of it.
    assert len(set(speakers.link_units(vectors, solo, [(0, 1)]).values())) == 1
    # As a piece, his voice keeps its own label: the file may hold more of him.
    assert len(set(speakers.link_units(vectors, solo, [(0, 1)], whole_file=False).values())) == 2
    # The file-wide clustering then finds him in both pieces (he spoke 7.6 s in the file).
    assert speakers.cluster_pieces([first, second]) == [
        {"Speaker 1": "Speaker 1", "Speaker 2": "Speaker 2"},
        {"Speaker 1": "Speaker 2", "Speaker 2": "Speaker 1"},
    ]


def test_a_speaker_change_inside_a_sentence_splits_it_at_the_right_word(transcriber, sets):
    wav, rttm = sets["two-speakers"]
    reference = read_rttm(rttm)
    result = transcriber.transcribe(wav, diarize=True)
    assert len({s["speaker"] for s in result["segments"]}) == 2
    # Words whose middle is inside one reference turn, scored under the best label -> speaker mapping.
    counts = {}
    for segment in result["segments"]:
        for word in segment["words"]:
            middle = (word["start"] + word["end"]) / 2
            owner = [who for a, b, who in reference if a <= middle <= b]
            if len(owner) == 1:
                key = (segment["speaker"], owner[0])
                counts[key] = counts.get(key, 0) + 1
    scored = sum(counts.values())
    labels = {label for label, _ in counts}
    right = sum(max(n for (label, _), n in counts.items() if label == x) for x in labels)
    assert scored > 50
    assert (scored - right) / scored <= 0.05
