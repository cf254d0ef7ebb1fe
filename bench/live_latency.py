"""Live-caption latency of the speech worker's POST /live, fed in real time by a paced client.

For each word of the final text (its end time e in the audio), with t0 the wall time the audio started:
  partial latency = first event (partial or final) after t0 + start showing the word  - (t0 + e)
  final latency   = arrival of the final event holding the word                       - (t0 + e)

  python bench/live_latency.py URL WAV LANGUAGE [CHUNK_MS]
"""

from __future__ import annotations

import http.client
import json
import statistics
import sys
import threading
import time
import wave
from urllib.parse import urlsplit


def main() -> None:
    url, path, language = sys.argv[1], sys.argv[2], sys.argv[3]
    chunk_ms = int(sys.argv[4]) if len(sys.argv) > 4 else 200
    with wave.open(path) as w:
        pcm = w.readframes(w.getnframes())
    step = 16000 * 2 * chunk_ms // 1000
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=120)
    conn.putrequest("POST", f"/live?language={language}")
    conn.putheader("Transfer-Encoding", "chunked")
    conn.endheaders()
    events = []
    t0 = time.monotonic()

    def send() -> None:
        for i, at in enumerate(range(0, len(pcm), step)):
            delay = t0 + i * chunk_ms / 1000 - time.monotonic()
            if delay > 0:
                time.sleep(delay)
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

    partial_lat, final_lat = [], []
    for arrived, event in events:
        if event["type"] != "final":
            continue
        for word in event["words"]:
            final_lat.append(arrived - word["end"])
            key = word["word"].lower().strip(",.!?")
            first = next(
                (t for t, e in events if e["type"] in ("partial", "final") and t >= word["start"]
                 and key in [w.lower().strip(",.!?") for w in e.get("text", "").split()]),
                arrived,
            )
            partial_lat.append(first - word["end"])

    def pct(values, q):
        values = sorted(values)
        return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]

    text = " ".join(e["text"] for _, e in events if e["type"] == "final")
    print(json.dumps({
        "file": path, "language": language, "chunkMs": chunk_ms, "words": len(final_lat),
        "partialP50": round(statistics.median(partial_lat), 2), "partialP95": round(pct(partial_lat, 0.95), 2),
        "finalP50": round(statistics.median(final_lat), 2), "finalP95": round(pct(final_lat, 0.95), 2),
        "text": text,
    }, ensure_ascii=False))


if __name__ == "__main__":
    main()
