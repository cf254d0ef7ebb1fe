"""The HTTP server, started as a real subprocess on a free port, with the real model."""

from __future__ import annotations

import http.client
import io
import json
import socket
import threading
import time
from pathlib import Path
from typing import Dict, List, Optional, Tuple
from urllib.parse import urlsplit

import av
import numpy as np
import pytest

from tests.bench.wer import wer

from .conftest import TOKEN, start_server, stop_server

MAX_WER = 0.10


def request(
    server,
    method: str,
    path: str,
    body: Optional[bytes] = None,
    headers: Optional[Dict[str, str]] = None,
    token: Optional[str] = TOKEN,
) -> Tuple[int, Dict[str, str], bytes]:
    url = urlsplit(server.url)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=900)
    all_headers = {"Content-Type": "audio/wav", **(headers or {})}
    if token:
        all_headers["Authorization"] = f"Bearer {token}"
    conn.request(method, path, body=body, headers=all_headers)
    response = conn.getresponse()
    data = response.read()
    conn.close()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, data


def post_json(server, path: str, body: bytes, **kwargs) -> Tuple[int, dict]:
    status, headers, data = request(server, "POST", path, body, **kwargs)
    assert headers["content-type"].startswith("application/json"), headers
    return status, json.loads(data)


def check_transcript_shape(result: dict) -> None:
    assert set(result) == {"text", "language", "languageProbability", "duration", "segments", "chunks"}
    assert isinstance(result["text"], str) and isinstance(result["language"], str)
    assert 0 <= result["languageProbability"] <= 1
    assert len(result["chunks"]) == len(result["segments"])
    for segment, chunk in zip(result["segments"], result["chunks"]):
        assert set(segment) == {"start", "end", "text", "speaker", "words", "language", "confidence", "lowConfidence"}
        assert segment["speaker"] is None
        assert segment["language"] == result["language"] and isinstance(segment["lowConfidence"], bool)
        assert chunk == {"text": segment["text"], "timestamp": [segment["start"], segment["end"]]}
        assert segment["start"] <= segment["end"] <= result["duration"] + 0.5
        for word in segment["words"]:
            assert set(word) == {"start", "end", "text", "probability"}
            assert word["text"] == word["text"].strip() and word["text"]
            for key in ("start", "end", "probability"):
                assert round(word[key], 3) == word[key]


def encode(source: Path, container: str, codec: str, rate: int = 48000) -> bytes:
    """Re-encode a WAV file with PyAV (FFmpeg) into another container/codec, in memory."""
    with av.open(str(source)) as src:
        pcm = np.concatenate([f.to_ndarray().reshape(-1) for f in src.decode(audio=0)])
    pcm = pcm.astype(np.float32) / 32768.0
    # naive resample to the codec's rate: linear interpolation is enough for a test
    positions = np.linspace(0, len(pcm) - 1, int(len(pcm) * rate / 16000))
    pcm = np.interp(positions, np.arange(len(pcm)), pcm).astype(np.float32)
    buffer = io.BytesIO()
    with av.open(buffer, mode="w", format=container) as out:
        stream = out.add_stream(codec, rate=rate)
        stream.layout = "mono"
        fmt = stream.codec_context.codec.audio_formats[0].name
        frame_size = stream.codec_context.frame_size or 1024
        resampler = av.AudioResampler(format=fmt, layout="mono", rate=rate)
        pts = 0
        for start in range(0, len(pcm), frame_size):
            chunk = pcm[start : start + frame_size]
            if len(chunk) < frame_size and codec not in ("flac", "pcm_s16le"):
                chunk = np.pad(chunk, (0, frame_size - len(chunk)))
            frame = av.AudioFrame.from_ndarray(chunk.reshape(1, -1), format="flt", layout="mono")
            frame.sample_rate = rate
            for converted in resampler.resample(frame):
                converted.pts = pts
                pts += converted.samples
                for packet in stream.encode(converted):
                    out.mux(packet)
        for packet in stream.encode(None):
            out.mux(packet)
    return buffer.getvalue()


def test_health(server):
    status, headers, data = request(server, "GET", "/health", token=None)
    assert status == 200
    body = json.loads(data)
    assert body["status"] == "ok"
    assert body["model"] == "base"
    assert Path(body["modelPath"], "model.bin").is_file()
    assert body["computeType"] == "int8"
    assert isinstance(body["threads"], int) and body["threads"] >= 1
    # The speaker model ships with the code: a clone without ../shared gets CAM++ too.
    assert body["diarizer"]["name"] == "campplus" and body["diarizer"]["degraded"] is None
    assert Path(body["diarizer"]["model"]).resolve().is_relative_to(Path(__file__).resolve().parents[1] / "models")
    assert set(body["live"]) == {"english", "otherLanguages"}
    # Drops and second decodes are counted (issue 26): a dict of counters, empty before any of them.
    assert isinstance(body["recognition"], dict)
    assert all(isinstance(v, int) for v in body["recognition"].values())


def test_asr_transcribes_jfk(server, audio_dir):
    audio = (audio_dir / "jfk" / "jfk.wav").read_bytes()
    status, result = post_json(server, "/asr", audio)
    assert status == 200, result
    check_transcript_shape(result)
    reference = (audio_dir / "jfk" / "jfk.txt").read_text()
    assert wer(reference, result["text"]) <= MAX_WER, result["text"]
    assert result["language"] == "en" and result["duration"] == 11.0


def test_asr_options_in_query(server, audio_dir):
    audio = (audio_dir / "jfk" / "jfk.wav").read_bytes()
    status, result = post_json(server, "/asr?language=en&task=transcribe&vad=0", audio)
    assert status == 200, result
    assert result["language"] == "en" and result["languageProbability"] == 1.0
    assert wer((audio_dir / "jfk" / "jfk.txt").read_text(), result["text"]) <= MAX_WER


def test_translate_to_english(server, audio_dir):
    audio = (audio_dir / "picovoice-leopard-tests" / "test_es.wav").read_bytes()
    status, result = post_json(server, "/asr?task=translate", audio)
    assert status == 200, result
    assert result["language"] == "es"
    words = set(result["text"].lower().replace(",", " ").replace(".", " ").split())
    assert {"sand", "sands"} & words and "the" in words, result["text"]  # "The sands are whitish..."


@pytest.mark.parametrize(
    "container,codec,content_type",
    [
        ("mp3", "libmp3lame", "audio/mpeg"),
        ("ogg", "libopus", "audio/ogg"),
        ("webm", "libopus", "audio/webm"),
        ("mp4", "aac", "audio/mp4"),
        ("flac", "flac", "audio/flac"),
    ],
)
def test_compressed_formats(server, audio_dir, container, codec, content_type):
    audio = encode(audio_dir / "jfk" / "jfk.wav", container, codec)
    status, result = post_json(server, "/asr", audio, headers={"Content-Type": content_type})
    assert status == 200, result
    assert wer((audio_dir / "jfk" / "jfk.txt").read_text(), result["text"]) <= MAX_WER, result["text"]
    assert result["duration"] == pytest.approx(11.0, abs=0.2)


def test_chunked_upload(server, audio_dir):
    audio = (audio_dir / "jfk" / "jfk.wav").read_bytes()
    url = urlsplit(server.url)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=900)
    pieces = (audio[i : i + 50000] for i in range(0, len(audio), 50000))
    conn.request("POST", "/asr", body=pieces, encode_chunked=True,
                 headers={"Authorization": f"Bearer {TOKEN}", "Transfer-Encoding": "chunked"})
    response = conn.getresponse()
    result = json.loads(response.read())
    conn.close()
    assert response.status == 200, result
    assert wer((audio_dir / "jfk" / "jfk.txt").read_text(), result["text"]) <= MAX_WER, result["text"]


def read_ndjson(server, path: str, body: bytes) -> Tuple[int, str, List[Tuple[float, dict]]]:
    url = urlsplit(server.url)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=900)
    started = time.monotonic()
    conn.request("POST", path, body=body, headers={"Authorization": f"Bearer {TOKEN}", "Content-Type": "audio/wav"})
    response = conn.getresponse()
    events = []
    while True:
        line = response.readline()
        if not line:
            break
        events.append((time.monotonic() - started, json.loads(line)))
    conn.close()
    return response.status, response.getheader("Content-Type"), events


def read_chunks(server, path: str, body: bytes) -> Tuple[Dict[str, str], List[bytes]]:
    """The response's HTTP chunks as the server framed them (http.client would hide the framing)."""
    url = urlsplit(server.url)
    with socket.create_connection((url.hostname, url.port), timeout=900) as sock:
        head = (
            f"POST {path} HTTP/1.1\r\nHost: {url.hostname}\r\nAuthorization: Bearer {TOKEN}\r\n"
            f"Content-Type: audio/wav\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n"
        )
        sock.sendall(head.encode() + body)
        stream = sock.makefile("rb")
        stream.readline()  # status line
        headers: Dict[str, str] = {}
        for line in iter(stream.readline, b"\r\n"):
            name, _, value = line.decode().partition(":")
            headers[name.strip().lower()] = value.strip()
        chunks = []
        while (size := int(stream.readline().split(b";")[0], 16)) > 0:
            chunks.append(stream.read(size))
            stream.read(2)
        return headers, chunks


def test_transcribe_streams_ndjson(server, multi_clip):
    body = Path(multi_clip["path"]).read_bytes()
    status, content_type, timed = read_ndjson(server, "/transcribe", body)
    assert status == 200 and content_type.startswith("application/x-ndjson")
    events = [e for _, e in timed]
    types = [e["type"] for e in events]
    assert types[0] == "info" and types[-1] == "result", types
    assert set(types[1:-1]) == {"progress"} and len(types) >= 4, types
    info = events[0]
    assert info["language"] == "en" and info["duration"] == pytest.approx(multi_clip["duration"], abs=0.01)
    assert 0 < info["languageProbability"] <= 1
    progress = [e["progress"] for e in events[1:-1]]
    assert progress == sorted(progress) and all(0 < p <= 1 for p in progress)
    result = {k: v for k, v in events[-1].items() if k != "type"}
    check_transcript_shape(result)
    assert [e["segment"] for e in events[1:-1]] == result["segments"]
    assert wer(multi_clip["reference"], result["text"]) <= MAX_WER, result["text"]


def test_each_event_is_sent_as_it_happens_in_its_own_chunk(server, multi_clip):
    # Streamed, not buffered, proven by framing rather than by a clock (a fast processor sends every line
    # within 0.4 s): each line is written and flushed as its own HTTP chunk, the info line first, so a
    # client can read it before the transcript exists (the cancel test below relies on that too).
    headers, chunks = read_chunks(server, "/transcribe", Path(multi_clip["path"]).read_bytes())
    assert headers["transfer-encoding"] == "chunked"
    assert len(chunks) >= 4 and all(c.endswith(b"\n") and c.count(b"\n") == 1 for c in chunks), chunks[:3]
    types = [json.loads(c)["type"] for c in chunks]
    assert types[0] == "info" and types[-1] == "result" and "result" not in types[:-1], types


def test_silence_gives_empty_transcript(server, audio_dir):
    audio = (audio_dir / "picovoice-leopard-tests" / "empty.wav").read_bytes()
    status, result = post_json(server, "/asr", audio)
    assert status == 200
    assert result["text"] == "" and result["segments"] == [] and result["chunks"] == []


def test_bad_input(server, audio_dir):
    jfk = (audio_dir / "jfk" / "jfk.wav").read_bytes()
    assert post_json(server, "/asr", b"") == (400, {"error": "Empty audio"})
    assert post_json(server, "/transcribe", b"") == (400, {"error": "Empty audio"})
    status, body = post_json(server, "/asr", b"this is not audio at all" * 100)
    assert status == 422 and body["error"].startswith("Could not decode audio: "), body
    status, body = post_json(server, "/transcribe", jfk[:44])  # a WAV header, no samples
    assert status == 422 and body["error"].startswith("Could not decode audio: "), body
    status, body = post_json(server, "/asr?language=xx", jfk)
    assert status == 400 and "xx" in body["error"]
    status, body = post_json(server, "/asr?task=summarise", jfk)
    assert status == 400
    status, body = post_json(server, "/asr?vad=maybe", jfk)
    assert status == 400
    status, body = post_json(server, "/nope", jfk)
    assert status == 404
    status, headers, data = request(server, "GET", "/asr")
    assert status == 405
    for body in (json.loads(data),):
        assert "Traceback" not in json.dumps(body)


def test_token_is_required_when_configured(server, audio_dir):
    jfk = (audio_dir / "jfk" / "jfk.wav").read_bytes()
    assert post_json(server, "/asr", jfk, token=None)[0] == 401
    assert post_json(server, "/asr", jfk, token="wrong")[0] == 401
    assert post_json(server, "/transcribe", jfk, token=None)[0] == 401


def test_requests_are_serialised(server, audio_dir):
    jfk = (audio_dir / "jfk" / "jfk.wav").read_bytes()

    def asr_lines() -> List[dict]:
        return [l for l in server.log_lines() if l.get("event") == "request" and l.get("path") == "/asr?language=en"]

    # The server is shared by the module's tests: only the log lines of these two requests count.
    before = len(asr_lines())
    results: List[Tuple[int, dict]] = []
    threads = [threading.Thread(target=lambda: results.append(post_json(server, "/asr?language=en", jfk)))
               for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [status for status, _ in results] == [200, 200]
    deadline = time.monotonic() + 30  # the log line is written just after the response
    while True:
        lines = asr_lines()[before:]
        if len(lines) >= 2 or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert len(lines) == 2
    # One of the two waited for the other's transcription: for most of the time that one took (a fast machine
    # transcribes the clip in under 300 ms, so no fixed figure holds).
    waited = max(lines, key=lambda l: l["queueMs"])
    first = next(l for l in lines if l is not waited)
    assert waited["queueMs"] > 0.5 * (first["ms"] - first["queueMs"]) > 0, lines


def test_one_json_log_line_per_request(server):
    request(server, "GET", "/health", token=None)
    lines = server.log_lines()
    requests = [l for l in lines if l.get("event") == "request"]
    assert requests and all({"time", "method", "path", "status", "ms"} <= set(l) for l in requests)
    assert any(l["event"] == "model_loaded" for l in lines)


def test_uploads_leave_no_files_behind(server, audio_dir):
    """Bodies are spooled to anonymous temp files: nothing to clean up, even after a crash."""
    jfk = (audio_dir / "jfk" / "jfk.wav").read_bytes()
    assert post_json(server, "/asr", jfk[:2000])[0] == 200
    assert post_json(server, "/asr", b"junk" * 10)[0] == 422
    assert [p.name for p in server.tmpdir.iterdir() if p.name.startswith("scrivo-speech")] == []


def test_health_reports_loading_then_ok(data_dir, resolved_model, tmp_path):
    srv = start_server({"SCRIVO_DATA_DIR": str(data_dir)}, tmp_path / "log", wait_ready=False)
    try:
        status, _, data = request(srv, "GET", "/health", token=None)
        first = json.loads(data)["status"]
        assert first in ("loading", "ok")
        if first == "loading":  # requests get a clear 503 while the model loads
            status, body = post_json(srv, "/asr", b"x", token=None)
            assert status in (503, 422)
        deadline = time.monotonic() + 600
        while json.loads(request(srv, "GET", "/health", token=None)[2])["status"] != "ok":
            assert time.monotonic() < deadline
            time.sleep(0.2)
    finally:
        assert stop_server(srv) == 0


def test_unavailable_model_fails_clearly(data_dir, tmp_path):
    srv_log = tmp_path / "log"
    srv = start_server(
        {"SCRIVO_DATA_DIR": str(data_dir), "SCRIVO_WHISPER_MODEL": "small", "HF_HOME": str(tmp_path / "hf")},
        srv_log,
        wait_ready=False,
    )
    code = srv.process.wait(timeout=600)
    log = srv_log.read_text()
    assert code == 1
    # What to do is in the message: the setup script, or a model directory of one's own.
    assert "Whisper model 'small' is not available" in log
    assert "worker/scripts/setup.sh" in log and "SCRIVO_WHISPER_MODEL" in log


def test_a_client_that_goes_away_frees_the_model(server, audio_dir):
    """Cancel: a job worker that closes its /transcribe request (the user cancelled) must not keep the model
    busy with the rest of the file; the server stops between segments and the next request gets the model."""
    import wave

    with wave.open(str(audio_dir / "jfk" / "jfk.wav"), "rb") as clip:
        params, frames = clip.getparams(), clip.readframes(clip.getnframes())
    long = io.BytesIO()
    with wave.open(long, "wb") as out:  # about 3.7 minutes of speech: far longer to transcribe than to cancel
        out.setparams(params)
        out.writeframes(frames * 20)
    jfk = (audio_dir / "jfk" / "jfk.wav").read_bytes()

    url = urlsplit(server.url)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=900)
    conn.request("POST", "/transcribe", body=long.getvalue(),
                 headers={"Content-Type": "audio/wav", "Authorization": f"Bearer {TOKEN}"})
    response = conn.getresponse()
    assert response.status == 200
    assert json.loads(response.readline())["type"] == "info"  # the transcription is under way
    response.close()  # the response holds the socket too: both, or nothing is closed
    conn.close()  # what aborting the request does

    status, result = post_json(server, "/asr?language=en", jfk)
    assert status == 200 and wer((audio_dir / "jfk" / "jfk.txt").read_text(), result["text"]) <= MAX_WER, result
    deadline = time.monotonic() + 10
    while True:
        lines = server.log_lines()
        gone = [l for l in lines if l.get("event") == "request" and l.get("status") == 499]
        asr = [l for l in lines if l.get("event") == "request" and l.get("path") == "/asr?language=en"]
        if (gone and asr) or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert gone, "the abandoned transcription was not stopped"
    # The next request waited for the abandoned file's current 30 s chunk at most, not for all 20 clips of it:
    # compared with its own transcription time, since a busy machine slows both alike.
    own = asr[-1]["ms"] - asr[-1]["queueMs"]
    assert asr[-1]["queueMs"] < 8 * own, asr[-1]
