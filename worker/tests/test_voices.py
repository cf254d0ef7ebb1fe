"""Remembered voices (issue 40 item 5): ``POST /speakers/print`` makes a person's voice print from their speech in
one recording; ``POST /speakers/name`` gives a later recording's labels the remembered voices they are, and a
stranger none.

Real readers from ../shared/audio/librispeech-voices, each utterance cut at a pause: a voice print is made from the
first half, the later recording holds the second half (speech the print never heard).
"""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Dict, List, Tuple

import numpy as np
import pytest

from scrivo_speech import request_schemas, speakers, voices
from scrivo_speech.request_schemas import BadRequest
from tests.bench.conversations import read_audio, write_wav

from .test_server import post_json
from .test_speaker_pieces import assemble, halves, reader_of

ADA, GWEN = "1069-133699-0000", "198-126831-0000"  # women
BERT, CARL = "1040-133433-0000", "103-1240-0000"  # a man, a woman
SAMPLE_RATE = 16000


def unit(*values: float) -> List[float]:
    v = np.asarray(values, dtype=np.float64)
    return (v / np.linalg.norm(v)).tolist()


def profiles_of(*labels: Tuple[str, List[float], float]) -> Dict:
    return {
        "speakers": [label for label, _v, _s in labels],
        "tracks": [{"speaker": label, "embedding": v, "seconds": s} for label, v, s in labels],
    }


class TestTheNamingRule:
    def test_a_speaker_as_alike_as_one_person_is_named_and_one_unlike_anyone_is_not(self):
        profiles = profiles_of(("Speaker 1", unit(1, 0.1, 0), 5.0), ("Speaker 2", unit(0, 0, 1), 5.0))
        assert voices.name_speakers(profiles, [("ada", unit(1, 0, 0))]) == {"Speaker 1": "ada"}

    def test_one_voice_names_one_speaker_at_most_the_most_alike(self):
        profiles = profiles_of(("Speaker 1", unit(1, 0.3, 0), 5.0), ("Speaker 2", unit(1, 0.1, 0), 5.0))
        assert voices.name_speakers(profiles, [("ada", unit(1, 0, 0))]) == {"Speaker 2": "ada"}

    def test_one_speaker_gets_one_voice_at_most_and_the_other_voice_goes_where_it_fits(self):
        profiles = profiles_of(("Speaker 1", unit(1, 0.2, 0), 5.0), ("Speaker 2", unit(0.2, 1, 0), 5.0))
        found = voices.name_speakers(profiles, [("ada", unit(1, 0, 0)), ("bert", unit(0, 1, 0)), ("carl", unit(1, -0.5, 0))])
        assert found == {"Speaker 1": "ada", "Speaker 2": "bert"}

    @pytest.mark.parametrize("margin, named", [(-0.01, False), (0.01, True)])
    def test_a_speaker_is_named_only_when_more_alike_than_one_person_is(self, margin, named):
        # The only remembered voice being the nearest is not enough: a stranger nearest to Ada is still a stranger.
        similarity = voices.SAME_PERSON + margin
        speaker = unit(similarity, float(np.sqrt(1 - similarity**2)), 0)
        profiles = profiles_of(("Speaker 1", speaker, 30.0))
        found = voices.name_speakers(profiles, [("ada", unit(1, 0, 0))])
        assert found == ({"Speaker 1": "ada"} if named else {})

    def test_a_speaker_heard_too_briefly_is_never_named(self):
        profiles = profiles_of(("Speaker 1", unit(1, 0, 0), voices.MIN_NAMED_SECONDS - 0.5))
        assert voices.name_speakers(profiles, [("ada", unit(1, 0, 0))]) == {}

    @pytest.mark.parametrize(
        "body, says",
        [
            ({"profiles": {"speakers": [], "tracks": []}}, "voices"),
            ({"profiles": {"speakers": ["A"], "tracks": [{"speaker": "B", "embedding": [1], "seconds": 1}]}, "voices": []}, "speaker must be one of"),
            ({"profiles": {"speakers": ["A"], "tracks": []}, "voices": [{"id": "v", "embedding": [0, 0]}]}, "all zeros"),
            ({"profiles": {"speakers": ["A"], "tracks": []}, "voices": [{"id": "v", "embedding": [1]}, {"id": "v", "embedding": [1]}]}, "twice"),
            ({"profiles": {"speakers": ["A"], "tracks": [{"speaker": "A", "embedding": [1, 0], "seconds": 1}]}, "voices": [{"id": "v", "embedding": [1]}]}, "the others 2"),
        ],
    )
    def test_a_body_that_is_not_profiles_and_voices_is_refused_naming_the_fault(self, body, says):
        with pytest.raises(BadRequest, match=says):
            request_schemas.read_naming(body)

    @pytest.mark.parametrize("text", ["", "3-1", "a-b", "1.5", "-1-2", "nan-3"])
    def test_spans_that_are_not_start_end_seconds_are_refused(self, text):
        with pytest.raises(ValueError, match="spans"):
            request_schemas.parse_spans(text)


def noisy(rng: np.random.Generator, direction: np.ndarray, count: int) -> np.ndarray:
    """``count`` unit embeddings scattered a little around ``direction``, as one person's units are."""
    rows = direction + 0.03 * rng.standard_normal((count, direction.size))
    return rows / np.linalg.norm(rows, axis=1, keepdims=True)


def link(units: np.ndarray, prints: List[np.ndarray]) -> List[int]:
    speaker_of = speakers.link_units(
        dict(enumerate(units)), {u: 3.0 for u in range(len(units))}, (), voices=prints
    )
    return [speaker_of[u] for u in range(len(units))]


class TestPrintsAnchorTheClustering:
    """A remembered person's print given to the diarizer (``X-Voice-Prints``) keeps them apart from a stranger whose
    units are alike to theirs, though not to their print (the merges behind bench/README.md, "Remembered voices")."""

    ada = np.eye(1, 16)[0]
    # A stranger 0.62 alike to Ada's units (above SAME_SPEAKER, so plain average linkage merges them)...
    stranger = 0.62 * np.eye(1, 16)[0] + np.sqrt(1 - 0.62**2) * np.eye(1, 16, 1)[0]
    # ... and Ada's print, 0.95 alike to her units and about 0.35 to the stranger's.
    ada_print = 0.95 * np.eye(1, 16)[0] - np.sqrt(1 - 0.95**2) * np.eye(1, 16, 1)[0]

    def units(self) -> np.ndarray:
        rng = np.random.default_rng(40)
        return np.concatenate([noisy(rng, self.ada, 4), noisy(rng, self.stranger, 4)])

    def test_without_a_print_the_stranger_and_the_remembered_person_are_one_speaker(self):
        assert link(self.units(), []) == [0] * 8

    def test_with_her_print_the_remembered_person_is_a_speaker_of_her_own(self):
        assert link(self.units(), [self.ada_print]) == [0, 0, 0, 0, 1, 1, 1, 1]

    def test_a_print_of_someone_absent_changes_nothing(self):
        rng = np.random.default_rng(1)
        units = np.concatenate([noisy(rng, np.eye(1, 16, 2)[0], 4), noisy(rng, np.eye(1, 16, 3)[0], 4)])
        absent = np.eye(1, 16, 5)[0]
        assert link(units, [absent]) == link(units, []) == [0, 0, 0, 0, 1, 1, 1, 1]

    def test_two_remembered_people_alike_to_each_other_stay_two(self):
        # Two voices 0.7 alike: one speaker without their prints, two with them.
        rng = np.random.default_rng(3)
        other = 0.7 * self.ada + np.sqrt(1 - 0.7**2) * np.eye(1, 16, 4)[0]
        units = np.concatenate([noisy(rng, self.ada, 3), noisy(rng, other, 3)])
        assert link(units, []) == [0] * 6
        assert link(units, [self.ada, other]) == [0, 0, 0, 1, 1, 1]

    def test_a_given_count_and_prints_of_another_model_are_clustered_as_without_prints(self):
        units = self.units()
        vectors, solo = dict(enumerate(units)), {u: 3.0 for u in range(len(units))}
        counted = speakers.link_units(vectors, solo, (), num_speakers=1, voices=[self.ada_print])
        assert set(counted.values()) == {0}
        assert link(units, [np.ones(192) / np.sqrt(192)]) == [0] * 8

    def test_the_pieces_of_one_file_are_anchored_too(self):
        units = self.units()
        pieces = [
            {
                "speakers": ["A", "B"],
                "tracks": [{"speaker": "A" if k < 4 else "B", "embedding": v.tolist(), "seconds": 3.0} for k, v in enumerate(units)],
                "cannotLink": [],
            }
        ]
        body = {"pieces": pieces, "voices": [{"id": "ada", "embedding": self.ada_print.tolist()}]}
        found, count, bounds, prints = request_schemas.read_pieces(body)
        assert speakers.cluster_pieces(found, count, bounds) == [{"A": "Speaker 1", "B": "Speaker 1"}]
        assert speakers.cluster_pieces(found, count, bounds, prints) == [{"A": "Speaker 1", "B": "Speaker 2"}]


class TestTheVoicePrintsHeader:
    @staticmethod
    def encoded(vector: np.ndarray) -> str:
        return base64.b64encode(np.asarray(vector, dtype="<f4").tobytes()).decode()

    def test_prints_are_read_as_the_api_keeps_them(self):
        a, b = np.arange(1, 193, dtype=np.float64), -np.arange(1, 193, dtype=np.float64)
        found = request_schemas.parse_voice_prints(f"{self.encoded(a)}, {self.encoded(b)}", diarize=True)
        assert [v.tolist() for v in found] == [a.tolist(), b.tolist()]
        assert request_schemas.parse_voice_prints("", diarize=False) == []

    @pytest.mark.parametrize(
        "header, diarize, says",
        [
            ("AACAPw==", False, "needs diarize=1"),
            ("not base64!", True, "not base64"),
            ("AACA", True, "float32"),
            ("AAAAAA==", True, "not all zeros"),
            ("AACAPw==,AACAPwAAgD8=", True, "the first 1"),
        ],
    )
    def test_a_header_that_is_not_prints_is_refused_naming_the_fault(self, header, diarize, says):
        with pytest.raises(BadRequest, match=says):
            request_schemas.parse_voice_prints(header, diarize)


@pytest.fixture(scope="module")
def readers(audio_dir: Path) -> Dict[str, Tuple[np.ndarray, np.ndarray]]:
    return {r: halves(read_audio(audio_dir / "librispeech-voices" / f"{r}.flac")) for r in (ADA, GWEN, BERT, CARL)}


def wav_of(tmp_path: Path, parts: List[Tuple[str, np.ndarray]]) -> Tuple[bytes, List[Tuple[float, float, str]]]:
    samples, spans = assemble(parts)
    return write_wav(tmp_path / "conversation.wav", samples).read_bytes(), spans


def heard(server, wav: bytes, prints: List[List[float]]) -> dict:
    headers = {"X-Voice-Prints": ",".join(TestTheVoicePrintsHeader.encoded(np.asarray(v)) for v in prints)} if prints else {}
    status, body = post_json(server, "/asr?language=en&diarize=1&speaker_profiles=1", wav, headers=headers)
    assert status == 200, body
    return body


# Without the print (the labels as the plain clustering gives them) and with it given to the clustering, as the API
# gives it (X-Voice-Prints): named either way.
@pytest.mark.parametrize("anchored", [False, True], ids=["labels-alone", "print-given-to-the-clustering"])
def test_a_remembered_reader_is_named_where_they_speak_and_strangers_are_not(server, readers, tmp_path, anchored):
    # Ada's voice print, from her first half, said between Bert's lines.
    wav, spans = wav_of(tmp_path, [(BERT, readers[BERT][0]), (ADA, readers[ADA][0]), (BERT, readers[BERT][1])])
    ada = next((a, b) for a, b, who in spans if who == ADA)
    status, made = post_json(server, f"/speakers/print?spans={ada[0]:.3f}-{ada[1]:.3f}", wav)
    assert status == 200, made
    assert len(made["embedding"]) == 192 and made["seconds"] >= voices.PRINT_MIN_SECONDS
    remembered = [{"id": "ada", "embedding": made["embedding"]}]
    prints = [made["embedding"]] if anchored else []

    # Later: Gwen (another woman), then Ada's second half.
    wav, spans = wav_of(tmp_path, [(GWEN, readers[GWEN][0]), (ADA, readers[ADA][1]), (GWEN, readers[GWEN][1])])
    result = heard(server, wav, prints)
    status, named = post_json(server, "/speakers/name", json.dumps({"profiles": result["speakerProfiles"], "voices": remembered}).encode())
    assert status == 200, named
    labels = list(named["names"])
    assert named["names"] == {labels[0]: "ada"} if labels else False, named
    time_of: Dict[str, float] = {}
    for segment in result["segments"]:
        for word in segment["words"]:
            if reader_of(spans, word["start"], word["end"]) == ADA:
                key = "named" if segment["speaker"] == labels[0] else "other"
                time_of[key] = time_of.get(key, 0.0) + word["end"] - word["start"]
    assert time_of.get("named", 0.0) >= 0.8 * sum(time_of.values()), time_of

    # Two strangers, one of them a woman as Ada is: nobody is Ada.
    wav, _spans = wav_of(tmp_path, [(GWEN, readers[GWEN][0]), (CARL, readers[CARL][0]), (GWEN, readers[GWEN][1])])
    result = heard(server, wav, prints)
    status, named = post_json(server, "/speakers/name", json.dumps({"profiles": result["speakerProfiles"], "voices": remembered}).encode())
    assert (status, named) == (200, {"names": {}})


def test_a_voice_print_needs_a_few_seconds_of_speech_and_spans_it_can_read(server, readers, tmp_path):
    wav, _spans = wav_of(tmp_path, [(ADA, readers[ADA][0])])
    status, body = post_json(server, "/speakers/print?spans=0.5-2.0", wav)
    assert status == 422 and "Too little speech" in body["error"], body
    status, body = post_json(server, "/speakers/print?spans=4-2", wav)
    assert status == 400 and "spans" in body["error"], body
    status, body = post_json(server, "/speakers/print", wav)
    assert status == 400 and "spans" in body["error"], body
