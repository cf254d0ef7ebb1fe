"""Live captions: real speech fed in 200 ms chunks, as the API relays it from a browser."""

from __future__ import annotations

import time
import wave
from pathlib import Path
from typing import Any, Dict, List

import pytest

from scrivo_speech.live import vosk_engine
from scrivo_speech.live.session import LiveSession
from tests.bench.wer import wer

# Fed at the speed of speech and timed: `npm test` runs these apart, with nothing else beside them.
pytestmark = pytest.mark.realtime

CHUNK = 16000 // 5 * 2  # 200 ms of s16le mono 16 kHz


def pcm(path: Path) -> bytes:
    with wave.open(str(path)) as w:
        assert (w.getframerate(), w.getnchannels(), w.getsampwidth()) == (16000, 1, 2)
        return w.readframes(w.getnframes())


def feed(session: LiveSession, audio: bytes) -> List[Dict[str, Any]]:
    events: List[Dict[str, Any]] = []
    for at in range(0, len(audio), CHUNK):
        for event in session.accept(audio[at : at + CHUNK]):
            events.append({**event, "audioEnd": session.processed_seconds})
    for event in session.finish():
        events.append({**event, "audioEnd": session.processed_seconds})
    return events


def final_text(events: List[Dict[str, Any]]) -> str:
    return " ".join(e["text"] for e in events if e["type"] == "final")


@pytest.fixture(scope="module")
def whisper(resolved_model):
    from scrivo_speech.config import cpu_count
    from scrivo_speech.engine import load_model
    from scrivo_speech.live import whisper_engine

    model = load_model(whisper_engine.model_spec(resolved_model.path, cpu_count()))
    return lambda: model


@pytest.fixture(scope="module")
def vosk_installed() -> None:
    if not vosk_engine.available():
        pytest.fail(f"Vosk model missing in {vosk_engine.model_dir()}: run worker/scripts/fetch-vosk-model.sh")


def test_english_with_vosk_shows_partials_that_settle_into_the_final_text(audio_dir, whisper, vosk_installed):
    session = LiveSession("en", whisper)
    assert session.recognizer is not None and session.recognizer.engine == "vosk"
    started = time.monotonic()
    events = feed(session, pcm(audio_dir / "jfk" / "jfk.wav"))
    elapsed = time.monotonic() - started

    partials = [e for e in events if e["type"] == "partial" and e["text"]]
    finals = [e for e in events if e["type"] == "final"]
    assert partials, "no partial text while the audio was arriving"
    assert finals, "no final text"
    assert partials[0]["audioEnd"] < finals[0]["audioEnd"], "partials come before the first final"
    assert "ask not what your country can do for you" in final_text(events)
    # Word times are in the session's clock and never go backwards.
    words = [w for e in finals for w in e["words"]]
    assert all(a["start"] <= b["start"] for a, b in zip(words, words[1:]))
    assert 0 < words[-1]["end"] <= session.processed_seconds
    # A true streaming engine: much faster than the audio itself (11 s of speech).
    assert elapsed < 8, f"Vosk took {elapsed:.1f} s for 11 s of audio"
    # Finished lines come back cased and punctuated, as in a file's transcript, and cover the finals they replace.
    revised = [e for e in events if e["type"] == "revise"]
    assert revised, "no finished line was cased and punctuated"
    cased = " ".join(e["text"] for e in revised)
    assert "And so my fellow Americans" in cased and "can do for your country." in cased, cased
    assert all(any(f["start"] == r["start"] for f in finals) and any(f["end"] == r["end"] for f in finals) for r in revised)


def test_whisper_settles_words_by_local_agreement(audio_dir, whisper):
    session = LiveSession("en", whisper, engine="whisper")
    assert session.recognizer is not None and session.recognizer.engine == "whisper"
    events = feed(session, pcm(audio_dir / "jfk" / "jfk.wav"))

    finals = [e for e in events if e["type"] == "final"]
    # Finals arrive while the audio is still coming in (two decodes agreed), not only at the end.
    assert finals and finals[0]["audioEnd"] < session.processed_seconds
    # Live text may differ from the batch transcript by a word or two (machines differ too).
    error = wer((audio_dir / "jfk" / "jfk.txt").read_text(), final_text(events))
    assert error <= 0.2, (error, final_text(events))


def test_another_language_is_detected_and_transcribed_with_whisper(audio_dir, whisper):
    clips = audio_dir / "picovoice-leopard-tests"
    reference = next(
        line.split("\t")[-1] for line in (clips / "TRANSCRIPTS.tsv").read_text().splitlines() if "test_es" in line
    )
    session = LiveSession(None, whisper)
    events = feed(session, pcm(clips / "test_es.wav"))

    detected = [e for e in events if e["type"] == "language"]
    assert detected and detected[0]["language"] == "es" and detected[0]["engine"] == "whisper"
    assert wer(reference, final_text(events)) < 0.35
    # Provisional words shown while the language was unknown are never settled: every final is Whisper's.
    settled = [i for i, e in enumerate(events) if e["type"] == "final"]
    assert settled and min(settled) > events.index(detected[0])


def test_while_the_language_is_detected_words_show_at_once_and_english_stays_on_vosk(audio_dir, whisper, vosk_installed):
    session = LiveSession(None, whisper)
    audio = pcm(audio_dir / "jfk" / "jfk.wav")
    events: List[Dict[str, Any]] = []
    slowest = 0.0
    started = time.monotonic()
    for at in range(0, len(audio), CHUNK):
        # In real time, as a browser sends it: the guess runs beside the audio, not in its way.
        wait = started + at / (16000 * 2) - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        before = time.monotonic()
        produced = session.accept(audio[at : at + CHUNK])
        slowest = max(slowest, time.monotonic() - before)
        events += [{**e, "audioEnd": session.processed_seconds} for e in produced]
    events += [{**e, "audioEnd": session.processed_seconds} for e in session.finish()]

    first_words = next(e for e in events if e["type"] == "partial" and e["text"])
    assert first_words["audioEnd"] <= 2.5, first_words
    language = next(e for e in events if e["type"] == "language")
    assert (language["language"], language["engine"]) == ("en", "vosk")
    assert language["audioEnd"] <= 6, language
    assert slowest < 1.0, f"one chunk took {slowest:.2f} s: the audio waited for the language guess"
    assert "ask not what your country can do for you" in final_text(events)


def test_silence_never_produces_text(audio_dir, whisper, vosk_installed):
    # Digital silence and the no-speech clip (room noise), where Whisper likes to invent "Thank you."
    quiet = [bytes(16000 * 2 * 4), pcm(audio_dir / "picovoice-leopard-tests" / "empty.wav")]
    for (language, engine), audio in ((pair, audio) for pair in (("en", None), ("en", "whisper"), ("fr", None), (None, None)) for audio in quiet):
        session = LiveSession(language, whisper, engine=engine)
        events = feed(session, audio)
        assert not [e for e in events if e.get("text")], f"text on silence with {language}/{engine}: {events}"


def test_the_live_route_streams_text_back_while_audio_is_still_being_sent(server, audio_dir):
    import http.client
    import json
    from urllib.parse import urlsplit

    from tests.conftest import TOKEN

    url = urlsplit(server.url)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=60)
    connection.putrequest("POST", "/live?language=en")
    connection.putheader("Authorization", f"Bearer {TOKEN}")
    connection.putheader("Transfer-Encoding", "chunked")
    connection.endheaders()
    audio = pcm(audio_dir / "jfk" / "jfk.wav")
    half = len(audio) // 2 // CHUNK * CHUNK
    for at in range(0, half, CHUNK):
        piece = audio[at : at + CHUNK]
        connection.send(b"%x\r\n%s\r\n" % (len(piece), piece))
    # Half the audio sent and the body still open: the response has already begun.
    connection.sock.settimeout(30)
    response = connection.getresponse()
    assert response.status == 200
    first = json.loads(response.readline())
    assert first == {"type": "ready", "engine": "vosk", "language": "en"}
    # The half that arrived at once is recognised as one piece: its events end with a progress report.
    seen = [json.loads(response.readline())]
    while seen[-1]["type"] != "progress":
        seen.append(json.loads(response.readline()))
    for at in range(half, len(audio), CHUNK):
        piece = audio[at : at + CHUNK]
        connection.send(b"%x\r\n%s\r\n" % (len(piece), piece))
    connection.send(b"0\r\n\r\n")
    events = seen + [json.loads(line) for line in response.read().splitlines() if line.strip()]
    assert events[-1] == {"type": "end", "processed": 11.0}
    assert "ask not what your country can do for you" in final_text(events)
    connection.close()


def test_the_live_route_refuses_an_unknown_language(server):
    import urllib.error
    import urllib.request

    from tests.conftest import TOKEN

    request = urllib.request.Request(
        server.url + "/live?language=xx", data=b"", method="POST", headers={"Authorization": f"Bearer {TOKEN}"}
    )
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=10)
    assert refused.value.code == 400
    assert "Unknown language" in refused.value.read().decode()
