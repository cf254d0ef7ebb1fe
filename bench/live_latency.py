"""Live captions of the speech worker's POST /live, fed in real time by paced clients.

  python bench/live_latency.py URL LANGUAGE WAV... [--clients N] [--chunk-ms 200] [--reference TEXT|FILE]...

Several WAVs are joined, one second of silence between them, into one stream (one --reference per WAV,
in the same order). Each client streams it (16 kHz mono s16le) in CHUNK_MS pieces at the pace of the audio; N clients run at
once, each its own session, starting a chunk apart. Word times come from the upload path: the same file
sent once to the worker's POST /asr (before the live clients start), so the latency of a word does not
depend on the times the live engine itself reports. A live final word is matched to an upload word by an
edit-distance alignment of the two texts; for each matched word, with t0 the wall time its client
started sending and e the word's end in the upload:

  partial latency = first partial or final event (at or after t0 + start) showing the word  - (t0 + e)
  final latency   = arrival of the final event holding it                                   - (t0 + e)

With --reference, word error rates against it: of the live final text (every client's), of the upload's
transcript, and of the "final transcript" a live session gets (the audio sent, kept as FLAC as the API does, then
sent to /asr like an upload).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import wave
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "worker"))
from tests.bench.wer import normalize, wer  # noqa: E402

Event = Tuple[float, Dict[str, Any]]


def asr(url: str, body: bytes, language: str, content_type: str) -> Dict[str, Any]:
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=600)
    conn.request("POST", f"/asr?language={language}", body=body, headers={"Content-Type": content_type})
    response = conn.getresponse()
    data = response.read()
    if response.status != 200:
        raise RuntimeError(f"/asr answered {response.status}: {data[:200]!r}")
    return json.loads(data)


def flac(pcm: bytes) -> bytes:
    """The audio a live session's final transcript is made from (api/src/live/pcm-encoding.ts): lossless FLAC."""
    with tempfile.TemporaryDirectory() as tmp:
        raw, out = os.path.join(tmp, "a.raw"), os.path.join(tmp, "a.flac")
        Path(raw).write_bytes(pcm)
        subprocess.run(
            ["ffmpeg", "-v", "error", "-nostdin", "-y", "-f", "s16le", "-ar", "16000", "-ac", "1", "-i", raw,
             "-c:a", "flac", "-compression_level", "5", out],
            check=True,
        )
        return Path(out).read_bytes()


def run_client(url: str, pcm: bytes, language: str, chunk_ms: int, delay: float, out: Dict[str, Any]) -> None:
    time.sleep(delay)
    step = 16000 * 2 * chunk_ms // 1000
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=600)
    conn.putrequest("POST", f"/live?language={language}")
    conn.putheader("Transfer-Encoding", "chunked")
    conn.endheaders()
    events: List[Event] = []
    t0 = time.monotonic()

    def send() -> None:
        for i, at in enumerate(range(0, len(pcm), step)):
            wait = t0 + i * chunk_ms / 1000 - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            piece = pcm[at : at + step]
            conn.send(b"%x\r\n%s\r\n" % (len(piece), piece))
        conn.send(b"0\r\n\r\n")

    sender = threading.Thread(target=send)
    sender.start()
    response = conn.getresponse()
    for line in response:
        if line.strip():
            events.append((time.monotonic() - t0, json.loads(line)))
    sender.join()
    out["events"] = events
    out["lastSent"] = (len(range(0, len(pcm), step)) - 1) * chunk_ms / 1000
    out["wallSeconds"] = events[-1][0] if events else None


def align(ref: List[str], hyp: List[str]) -> List[Tuple[int, int]]:
    """Pairs (i, j) of equal words on a minimum edit-distance path between ref and hyp."""
    n, m = len(ref), len(hyp)
    d = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n + 1):
        d[i][0] = i
    for j in range(m + 1):
        d[0][j] = j
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (ref[i - 1] != hyp[j - 1]))
    pairs: List[Tuple[int, int]] = []
    i, j = n, m
    while i > 0 and j > 0:
        if d[i][j] == d[i - 1][j - 1] + (ref[i - 1] != hyp[j - 1]):
            if ref[i - 1] == hyp[j - 1]:
                pairs.append((i - 1, j - 1))
            i, j = i - 1, j - 1
        elif d[i][j] == d[i - 1][j] + 1:
            i -= 1
        else:
            j -= 1
    return pairs[::-1]


def key(text: str) -> str:
    words = normalize(text)
    return words[0] if words else ""


def latencies(events: List[Event], upload_words: List[Dict[str, Any]]) -> Tuple[List[float], List[float]]:
    live: List[Tuple[float, str]] = []  # (arrival of its final event, key) per live final word
    for arrived, event in events:
        if event["type"] == "final":
            live += [(arrived, key(w["word"])) for w in event["words"]]
    ref_keys = [key(w["text"]) for w in upload_words]
    partial_lat, final_lat = [], []
    for i, j in align(ref_keys, [k for _, k in live]):
        ref, (arrived, k) = upload_words[i], live[j]
        final_lat.append(arrived - ref["end"])
        shown = next(
            (t for t, e in events
             if e["type"] in ("partial", "final") and t >= ref["start"] and k in [key(x) for x in e["text"].split()]),
            arrived,
        )
        partial_lat.append(min(shown, arrived) - ref["end"])
    return partial_lat, final_lat


def pct(values: List[float], q: float) -> Optional[float]:
    if not values:
        return None
    values = sorted(values)
    return round(values[min(len(values) - 1, int(round(q * (len(values) - 1))))], 2)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("language")
    parser.add_argument("wav", nargs="+")
    parser.add_argument("--clients", type=int, default=1)
    parser.add_argument("--chunk-ms", type=int, default=200)
    parser.add_argument("--reference", action="append", help="the right text of a WAV, or a file holding it")
    args = parser.parse_args()
    pieces = []
    for path in args.wav:
        with wave.open(path) as w:
            assert (w.getframerate(), w.getnchannels(), w.getsampwidth()) == (16000, 1, 2), "16 kHz mono s16le only"
            pieces.append(w.readframes(w.getnframes()))
    pcm = (b"\0" * 32000).join(pieces)
    with tempfile.NamedTemporaryFile(suffix=".wav") as joined:
        with wave.open(joined.name, "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(16000)
            w.writeframes(pcm)
        wav_bytes = Path(joined.name).read_bytes()

    upload = asr(args.url, wav_bytes, args.language, "audio/wav")
    upload_words = [w for s in upload["segments"] for w in s["words"]]

    outs: List[Dict[str, Any]] = [{} for _ in range(args.clients)]
    threads = [
        threading.Thread(target=run_client, args=(args.url, pcm, args.language, args.chunk_ms, i * args.chunk_ms / 1000, outs[i]))
        for i in range(args.clients)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    partial_lat: List[float] = []
    final_lat: List[float] = []
    texts = []
    for out in outs:
        p, f = latencies(out["events"], upload_words)
        partial_lat += p
        final_lat += f
        texts.append(" ".join(e["text"] for _, e in out["events"] if e["type"] == "final"))
    result: Dict[str, Any] = {
        "files": args.wav, "seconds": round(len(pcm) / 32000, 1), "language": args.language, "clients": args.clients, "chunkMs": args.chunk_ms,
        "uploadWords": len(upload_words), "matchedWords": len(final_lat),
        "partialP50": round(statistics.median(partial_lat), 2) if partial_lat else None,
        "partialP95": pct(partial_lat, 0.95),
        "finalP50": round(statistics.median(final_lat), 2) if final_lat else None,
        "finalP95": pct(final_lat, 0.95),
        # How long after its last chunk was sent each session's last event came (seconds).
        "endLag": [round(o["wallSeconds"] - o["lastSent"], 2) for o in outs],
        "liveText": texts[0],
        "uploadText": upload["text"],
    }
    if args.reference:
        assert len(args.reference) == len(args.wav), "one --reference per WAV"
        reference = " ".join(Path(r).read_text().strip() if os.path.isfile(r) else r for r in args.reference)
        final_transcript = asr(args.url, flac(pcm), args.language, "audio/flac")
        result.update({
            "liveWer": round(statistics.mean(wer(reference, t) for t in texts), 3),
            "uploadWer": round(wer(reference, upload["text"]), 3),
            "finalTranscriptWer": round(wer(reference, final_transcript["text"]), 3),
            "finalTranscriptText": final_transcript["text"],
        })
    print(json.dumps(result, ensure_ascii=False))


if __name__ == "__main__":
    main()
