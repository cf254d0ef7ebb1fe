"""Remembered voices (issue 40 item 5): ``POST /speakers/print`` makes a person's voice print from their speech in
one recording; ``POST /speakers/name`` gives a later recording's labels the remembered voices they are, and a
stranger none.

Real readers from ../shared/audio/librispeech-voices, each utterance cut at a pause: a voice print is made from the
first half, the later recording holds the second half (speech the print never heard).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Dict, List, Tuple

import numpy as np
import pytest

from scrivo_speech import request_schemas, voices
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


@pytest.fixture(scope="module")
def readers(audio_dir: Path) -> Dict[str, Tuple[np.ndarray, np.ndarray]]:
    return {r: halves(read_audio(audio_dir / "librispeech-voices" / f"{r}.flac")) for r in (ADA, GWEN, BERT, CARL)}


def wav_of(tmp_path: Path, parts: List[Tuple[str, np.ndarray]]) -> Tuple[bytes, List[Tuple[float, float, str]]]:
    samples, spans = assemble(parts)
    return write_wav(tmp_path / "conversation.wav", samples).read_bytes(), spans


def heard(server, wav: bytes) -> dict:
    status, body = post_json(server, "/asr?language=en&diarize=1&speaker_profiles=1", wav)
    assert status == 200, body
    return body


def test_a_remembered_reader_is_named_where_they_speak_and_strangers_are_not(server, readers, tmp_path):
    # Ada's voice print, from her first half, said between Bert's lines.
    wav, spans = wav_of(tmp_path, [(BERT, readers[BERT][0]), (ADA, readers[ADA][0]), (BERT, readers[BERT][1])])
    ada = next((a, b) for a, b, who in spans if who == ADA)
    status, made = post_json(server, f"/speakers/print?spans={ada[0]:.3f}-{ada[1]:.3f}", wav)
    assert status == 200, made
    assert len(made["embedding"]) == 192 and made["seconds"] >= voices.PRINT_MIN_SECONDS
    remembered = [{"id": "ada", "embedding": made["embedding"]}]

    # Later: Gwen (another woman), then Ada's second half.
    wav, spans = wav_of(tmp_path, [(GWEN, readers[GWEN][0]), (ADA, readers[ADA][1]), (GWEN, readers[GWEN][1])])
    result = heard(server, wav)
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
    result = heard(server, wav)
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
