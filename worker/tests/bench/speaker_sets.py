"""Multi-speaker recordings with reference turns, assembled from real speech in ../shared/audio.

Each speaker's clips are cut at their pauses (Silero VAD, 300 ms of silence) into pieces, and the
pieces of different speakers are interleaved with short gaps, as turns in a conversation. The
reference turns are the pieces' speech spans (VAD, no padding) at their place in the assembled file.
Different speakers are different people: JFK, LibriSpeech readers 1221 (female), 1089 and the
Leopard test reader (male, "Mr. Quilter"), the Leopard French reader.
"""

from __future__ import annotations

import wave
from pathlib import Path
from typing import Dict, List, Sequence, Tuple

import numpy as np

SAMPLE_RATE = 16000
Piece = Tuple[str, np.ndarray, List[Tuple[float, float]]]  # speaker, samples, speech spans (s, local)

SPEAKERS: Dict[str, Sequence[str]] = {
    "jfk": ["jfk/jfk.wav"],
    "reader1221": ["librispeech-sherpa/1221-135766-0001.wav", "librispeech-sherpa/1221-135766-0002.wav"],
    "reader1089": ["librispeech-sherpa/1089-134686-0001.wav"],
    "quilter": ["picovoice-leopard-tests/test.wav"],
    "french": ["picovoice-leopard-tests/test_fr.wav"],
}

# Which speakers take part, and the order of their turns (each name takes that speaker's next piece).
SETS: Dict[str, Sequence[str]] = {
    "two-speakers": ["jfk", "reader1221", "jfk", "reader1221", "jfk", "reader1221"],
    "three-speakers": ["jfk", "reader1221", "reader1089", "jfk", "reader1221", "reader1089", "reader1221"],
    "four-speakers": [
        "jfk", "reader1221", "quilter", "french", "jfk", "reader1221", "quilter", "french", "reader1221",
    ],
}
GAPS = (0.3, 0.6, 0.9)  # seconds between turns, in turn


def read(path: Path) -> np.ndarray:
    with wave.open(str(path)) as w:
        assert (w.getframerate(), w.getnchannels(), w.getsampwidth()) == (SAMPLE_RATE, 1, 2), path
        return np.frombuffer(w.readframes(w.getnframes()), dtype=np.int16).astype(np.float32) / 32768.0


def spans(samples: np.ndarray) -> List[Tuple[int, int]]:
    from faster_whisper.vad import VadOptions, get_speech_timestamps

    found = get_speech_timestamps(samples, VadOptions(min_silence_duration_ms=300, speech_pad_ms=0))
    return [(s["start"], s["end"]) for s in found]


def pieces_of(audio_dir: Path, speaker: str, count: int) -> List[Piece]:
    """``count`` pieces of the speaker's clips: each clip cut at its pauses into about equal parts."""
    clips = [read(audio_dir / rel) for rel in SPEAKERS[speaker]]
    per_clip = [count // len(clips) + (1 if i < count % len(clips) else 0) for i in range(len(clips))]
    out: List[Piece] = []
    for samples, parts in zip(clips, per_clip):
        found = spans(samples)
        if parts == 0:
            continue
        groups = np.array_split(np.arange(len(found)), min(parts, len(found)))
        for group in groups:
            first, last = found[group[0]], found[group[-1]]
            a = max(0, first[0] - SAMPLE_RATE // 10)
            b = min(len(samples), last[1] + SAMPLE_RATE // 10)
            local = [((s - a) / SAMPLE_RATE, (e - a) / SAMPLE_RATE) for s, e in (found[k] for k in group)]
            out.append((speaker, samples[a:b], local))
    # A clip with fewer pauses than turns asked for: its pieces come round again.
    return [out[i % len(out)] for i in range(count)]


def build(name: str, audio_dir: Path, out_dir: Path) -> Tuple[Path, Path]:
    """Write ``<name>.wav`` and ``<name>.rttm`` into ``out_dir``."""
    order = SETS[name]
    wanted = {s: order.count(s) for s in order}
    queues = {s: pieces_of(audio_dir, s, n) for s, n in wanted.items()}
    audio: List[np.ndarray] = []
    rttm: List[str] = []
    t = 0.0
    for k, speaker in enumerate(order):
        _who, samples, local = queues[speaker].pop(0)
        for a, b in local:
            rttm.append(f"SPEAKER {name} 1 {t + a:.3f} {b - a:.3f} <NA> <NA> {speaker} <NA> <NA>")
        audio.append(samples)
        t += len(samples) / SAMPLE_RATE
        gap = GAPS[k % len(GAPS)]
        audio.append(np.zeros(int(gap * SAMPLE_RATE), dtype=np.float32))
        t += gap
    out_dir.mkdir(parents=True, exist_ok=True)
    wav, ref = out_dir / f"{name}.wav", out_dir / f"{name}.rttm"
    with wave.open(str(wav), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(SAMPLE_RATE)
        w.writeframes((np.clip(np.concatenate(audio), -1, 1) * 32767).astype(np.int16).tobytes())
    ref.write_text("\n".join(rttm) + "\n")
    return wav, ref
