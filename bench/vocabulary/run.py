"""Custom vocabulary, measured (issue 44): does a glossary make Whisper base spell rare names and terms, without
writing them where nobody says them, without hurting read speech, and at what cost in time?

  worker/.venv/bin/python bench/vocabulary/run.py [--voices N] [--json out.json]

- Terms: 40 sentences, each naming one or two of 40 rare names and product terms, spoken by espeak-ng in four
  voices (made at run time: nothing is committed). Term recall = the share of term occurrences written exactly
  (case-sensitive), without a glossary (the baseline) and with the whole 40-term glossary as the account's.
- Insertions: the first N real voices of ../shared/audio/librispeech-voices (read LibriSpeech utterances where none
  of the terms is said) transcribed with the glossary: every glossary term in the output is an insertion; reported
  per 10 minutes of audio.
- WER on read speech with references (jfk, librispeech-sherpa, LDC93S1), without and with the glossary; and, on the
  librispeech voices, the word difference between the two transcripts of each clip.
- Speed: the seconds of decoding with and without the glossary, clip by clip, interleaved in one run.
Runs the worker's own Transcriber (the path `POST /transcribe` takes), greedy English like the product.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Dict, List, Tuple

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "worker"))
sys.path.insert(0, str(ROOT / "worker" / "tests"))

from bench.wer import normalize, wer  # noqa: E402
from scrivo_speech.config import cpu_count  # noqa: E402
from scrivo_speech.models import resolve_model  # noqa: E402
from scrivo_speech.transcriber import Transcriber  # noqa: E402

AUDIO = Path(os.environ.get("SCRIVO_SHARED_AUDIO") or ROOT.parent / "shared" / "audio")

TERMS = [
    "Siobhan Quaglieri", "Okonkwo", "Nguyen", "Scrivo", "Kubernetes", "Zanzibar Labs", "Thibodeaux", "Przybylski",
    "Aoife", "Xiomara", "Dmitrievich", "Tjarks", "Quorvane", "Velsicor", "Nymbus", "Grafana", "Terraform",
    "PostgreSQL", "Oyelaran", "Saoirse", "Kowalczyk", "Zhangwei", "Fennimore", "Ravensworth", "Aldebaran Health",
    "Lindqvist", "Moreau", "Papadopoulos", "Ekwueme", "Yevgenia", "Brightwell", "Castellanos", "Haverkamp",
    "Ingrid Solheim", "Jovanovic", "Kettering", "Luzerne", "Montague", "Nakashima", "Olusegun",
]
TEMPLATES = [
    "Please send the quarterly report to {a} before Friday.",
    "Our meeting with {a} and {b} is moved to Thursday afternoon.",
    "I spoke to {a} yesterday about the budget.",
    "The contract with {a} was signed last week.",
    "Can you ask {a} to review the slides from {b}?",
    "We migrated the service to {a} in March.",
    "{a} will present the results at the next review.",
    "The new dashboard in {a} shows the error rate.",
]
VOICES = ["en-us", "en-gb", "en-us+f3", "en-gb+m3"]
REFERENCES = {
    "jfk/jfk.wav": "And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country.",
    "deepspeech-smoke/LDC93S1.wav": "She had your dark suit in greasy wash water all year.",
}


def sentences() -> List[Tuple[str, List[str]]]:
    """40 sentences, each term said at least once: (text, the terms it says)."""
    out = []
    for i in range(40):
        a, b = TERMS[i], TERMS[(i * 7 + 3) % len(TERMS)]
        template = TEMPLATES[i % len(TEMPLATES)]
        said = [a, b] if "{b}" in template else [a]
        out.append((template.format(a=a, b=b), said))
    return out


def speak(text: str, voice: str, folder: Path, name: str) -> Path:
    raw, wav = folder / f"{name}.raw.wav", folder / f"{name}.wav"
    subprocess.run(["espeak-ng", "-v", voice, "-s", "150", "-w", str(raw), text], check=True)
    subprocess.run(["sox", str(raw), "-r", "16000", "-c", "1", str(wav)], check=True)
    return wav


def timed(transcriber: Transcriber, path: Path, **options: object) -> Tuple[str, float]:
    start = time.perf_counter()
    text = transcriber.transcribe(str(path), language="en", **options)["text"]
    return text, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--voices", type=int, default=60, help="librispeech voices for insertions and speed")
    parser.add_argument("--json")
    parser.add_argument("--as", dest="mode", choices=["hotwords", "prompt"], default="hotwords",
                        help="give the glossary as Whisper's hotwords (what the product does) or as its initial prompt")
    args = parser.parse_args()
    model = resolve_model("base", ROOT / "worker" / ".data", allow_download=False)
    transcriber = Transcriber(model.path, threads=cpu_count())
    glossary = ", ".join(TERMS)
    taught_with = {"hotwords": glossary} if args.mode == "hotwords" else {"initial_prompt": f"{glossary}."}
    seconds = {"without": 0.0, "with": 0.0}
    results: Dict[str, object] = {"as": args.mode, "glossaryCharacters": len(glossary), "terms": len(TERMS)}

    found = {"without": 0, "with": 0}
    occurrences = 0
    misses: List[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, (text, said) in enumerate(sentences()):
            clip = speak(text, VOICES[i % len(VOICES)], Path(tmp), f"s{i}")
            plain, t0 = timed(transcriber, clip)
            taught, t1 = timed(transcriber, clip, **taught_with)
            seconds["without"] += t0
            seconds["with"] += t1
            occurrences += len(said)
            found["without"] += sum(term in plain for term in said)
            found["with"] += sum(term in taught for term in said)
            misses += [f"{term!r} in {taught!r}" for term in said if term not in taught]
    results["termRecall"] = {k: round(v / occurrences, 3) for k, v in found.items()}
    results["termOccurrences"] = occurrences
    results["missedWithGlossary"] = misses

    voices = sorted(p for p in (AUDIO / "librispeech-voices").glob("*.flac"))[: args.voices]
    inserted: List[str] = []
    audio_seconds = 0.0
    differing_words = 0
    words = 0
    for clip in voices:
        plain, t0 = timed(transcriber, clip)
        taught, t1 = timed(transcriber, clip, **taught_with)
        seconds["without"] += t0
        seconds["with"] += t1
        audio_seconds += float(subprocess.run(["soxi", "-D", str(clip)], capture_output=True, text=True, check=True).stdout)
        inserted += [f"{term!r} in {clip.name}" for term in TERMS if term in taught and term not in plain]
        differing_words += round(wer(plain, taught) * max(1, len(normalize(plain))))
        words += len(normalize(plain))
    results["readSpeechMinutes"] = round(audio_seconds / 60, 1)
    results["insertions"] = inserted
    results["insertionsPer10Minutes"] = round(len(inserted) / max(audio_seconds / 600, 1e-9), 2)
    results["wordsChangedByGlossary"] = round(differing_words / max(words, 1), 4)

    references = dict(REFERENCES)
    for line in (AUDIO / "librispeech-sherpa" / "trans.txt").read_text().splitlines():
        if line.strip():
            key, text = line.split(maxsplit=1)
            references[f"librispeech-sherpa/{key}.wav"] = text
    wers: Dict[str, List[float]] = {"without": [], "with": []}
    for name, reference in references.items():
        plain, _ = timed(transcriber, AUDIO / name)
        taught, _ = timed(transcriber, AUDIO / name, **taught_with)
        wers["without"].append(wer(reference, plain))
        wers["with"].append(wer(reference, taught))
    results["werReadSpeech"] = {k: round(sum(v) / len(v) * 100, 2) for k, v in wers.items()}
    results["decodeSeconds"] = {k: round(v, 1) for k, v in seconds.items()}
    results["speedRatio"] = round(seconds["with"] / seconds["without"], 3)
    print(json.dumps(results, indent=2))
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
