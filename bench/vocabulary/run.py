"""Custom vocabulary, measured (issue 44): does a glossary make Whisper base spell rare names and terms, without
writing them where nobody says them, without hurting read speech, and at what cost in time?

  worker/.venv/bin/python bench/vocabulary/run.py [--voices N] [--as hotwords prompt correct correct-sounds both]
      [--half tune|check] [--json out.json]

- Terms: 40 sentences, each naming one or two of 40 rare names and product terms, spoken by espeak-ng in four
  voices (made at run time: nothing is committed). Term recall = the share of term occurrences written exactly
  (case-sensitive), without a glossary (the baseline) and with the whole 40-term glossary as the account's, given
  each way --as names (default: Whisper's hotwords on every chunk, and the correction after decoding,
  worker/scrivo_speech/term_correction.py), side by side in one run. `correct-sounds` is the correction with a
  "sounds like" for the terms a user would most likely give one (SOUNDS_LIKE: written as a person would spell the
  name's sound, not taken from espeak-ng), reported apart from the spelling-only glossary. Sentences alternate between a tuning half and a checking half (half_of): both are reported, so thresholds
  tuned on one are checked on the other.
- Insertions: the first N real voices of ../shared/audio/librispeech-voices (read LibriSpeech utterances where none
  of the terms is said) transcribed with the glossary: every glossary term in the output is an insertion; reported
  per 10 minutes of audio.
- WER on read speech with references (jfk, librispeech-sherpa, LDC93S1), without and with the glossary; and, on the
  librispeech voices, the word difference between the two transcripts of each clip.
- Speed: the seconds of decoding with and without the glossary, clip by clip, interleaved in one run; on the term
  sentences and on the read speech apart, and together.
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
# How a user might write the sound of the names that are not said as spelt (the Vocabulary page's "Term: sounds-like").
SOUNDS_LIKE = {
    "Siobhan Quaglieri": "shi-vawn kwal-yeh-ree", "Okonkwo": "oh-konk-wo", "Nguyen": "win", "Scrivo": "scree-vo",
    "Kubernetes": "koo-ber-net-eez", "Thibodeaux": "tib-oh-doe", "Przybylski": "shi-bill-ski", "Aoife": "ee-fa",
    "Xiomara": "see-oh-mara", "Dmitrievich": "dmee-tree-yeh-vich", "PostgreSQL": "post-gres-Q-L",
    "Oyelaran": "oh-yeh-la-ran", "Saoirse": "sur-sha", "Kowalczyk": "ko-val-chick", "Zhangwei": "jahng-way",
    "Lindqvist": "lind-kvist", "Moreau": "mor-oh", "Ekwueme": "eh-kway-may", "Yevgenia": "yev-gen-ya",
    "Jovanovic": "yo-va-no-vich", "Luzerne": "loo-zern", "Olusegun": "oh-loo-shay-goon",
}
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


def half_of(index: int) -> str:
    """Sentences and read-speech clips alternate between the half the thresholds were tuned on and the half kept for
    checking them: alternate sentences have other espeak-ng voices (VOICES cycles over four) and mostly other terms."""
    return "tune" if index % 2 == 0 else "check"


def ways(glossary: str) -> Dict[str, Dict[str, object]]:
    """How the glossary is given to the worker, by --as name."""
    with_sounds = ", ".join(f"{t}: {SOUNDS_LIKE[t]}" if t in SOUNDS_LIKE else t for t in TERMS)
    return {
        # the terms go to every chunk's decoder
        "hotwords": {"hotwords": glossary, "term_method": "hotwords"},
        "prompt": {"initial_prompt": f"{glossary}.", "term_method": "hotwords"},
        # decoded without them, a term written where the words heard are spelt or sound close to it
        "correct": {"hotwords": glossary, "term_method": "correct"},
        "correct-sounds": {"hotwords": with_sounds, "term_method": "correct"},
        # both: the terms given to the decoder, and the correction after it
        "both": {"hotwords": glossary, "term_method": "both"},
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--voices", type=int, default=60, help="librispeech voices for insertions and speed")
    parser.add_argument("--json")
    parser.add_argument("--as", dest="modes", nargs="+", choices=["hotwords", "prompt", "correct", "correct-sounds", "both"],
                        default=["hotwords", "correct"],
                        help="how the glossary is given, each measured against no glossary in the same run: Whisper's "
                        "hotwords on every chunk, its initial prompt, or the correction after decoding (terms written "
                        "where the words heard are close to one), with a user's 'sounds like' for some terms or without")
    parser.add_argument("--half", choices=["tune", "check", "all"], default="all",
                        help="only the sentences and read-speech clips of one half (half_of): tune thresholds on one, "
                        "report the other")
    args = parser.parse_args()
    model = resolve_model("base", ROOT / "worker" / ".data", allow_download=False)
    transcriber = Transcriber(model.path, threads=cpu_count())
    glossary = ", ".join(TERMS)
    taught = {mode: ways(glossary)[mode] for mode in args.modes}
    runs = ["without", *args.modes]
    wanted = (lambda i: True) if args.half == "all" else (lambda i: half_of(i) == args.half)
    seconds = {part: {run: 0.0 for run in runs} for part in ("terms", "readSpeech")}
    results: Dict[str, object] = {"as": args.modes, "half": args.half, "glossaryCharacters": len(glossary), "terms": len(TERMS)}

    found = {half: {run: 0 for run in runs} for half in ("tune", "check")}
    occurrences = {"tune": 0, "check": 0}
    misses: Dict[str, List[str]] = {mode: [] for mode in args.modes}
    # A term written into a sentence that says another one: an insertion too, where the glossary is most tempting.
    wrong: Dict[str, List[str]] = {mode: [] for mode in args.modes}
    with tempfile.TemporaryDirectory() as tmp:
        for i, (text, said) in enumerate(sentences()):
            if not wanted(i):
                continue
            clip = speak(text, VOICES[i % len(VOICES)], Path(tmp), f"s{i}")
            half = half_of(i)
            occurrences[half] += len(said)
            for run in runs:
                heard, took = timed(transcriber, clip, **taught.get(run, {}))
                seconds["terms"][run] += took
                found[half][run] += sum(term in heard for term in said)
                if run != "without":
                    misses[run] += [f"{term!r} in {heard!r} ({half})" for term in said if term not in heard]
                    wrong[run] += [f"{term!r} in {heard!r}" for term in TERMS if term in heard and term not in said]
    total = sum(occurrences.values())
    results["termOccurrences"] = {"all": total, **occurrences}
    results["termRecall"] = {
        run: {
            "all": round(sum(found[h][run] for h in found) / max(total, 1), 3),
            **{h: round(found[h][run] / max(occurrences[h], 1), 3) for h in found if occurrences[h]},
        }
        for run in runs
    }
    results["missedWithGlossary"] = misses
    results["termsNotSaidInTermSentences"] = wrong

    voices = sorted(p for p in (AUDIO / "librispeech-voices").glob("*.flac"))[: args.voices]
    inserted: Dict[str, List[str]] = {mode: [] for mode in args.modes}
    audio_seconds = 0.0
    differing_words = {mode: 0 for mode in args.modes}
    words = 0
    for k, clip in enumerate(voices):
        if not wanted(k):
            continue
        plain, took = timed(transcriber, clip)
        seconds["readSpeech"]["without"] += took
        audio_seconds += float(subprocess.run(["soxi", "-D", str(clip)], capture_output=True, text=True, check=True).stdout)
        words += len(normalize(plain))
        for mode in args.modes:
            heard, took = timed(transcriber, clip, **taught[mode])
            seconds["readSpeech"][mode] += took
            inserted[mode] += [f"{term!r} in {clip.name} ({half_of(k)})" for term in TERMS if term in heard and term not in plain]
            differing_words[mode] += round(wer(plain, heard) * max(1, len(normalize(plain))))
    results["readSpeechMinutes"] = round(audio_seconds / 60, 1)
    results["insertions"] = inserted
    results["insertionsPer10Minutes"] = {
        mode: round(len(inserted[mode]) / max(audio_seconds / 600, 1e-9), 2) for mode in args.modes
    }
    results["wordsChangedByGlossary"] = {mode: round(differing_words[mode] / max(words, 1), 4) for mode in args.modes}

    references = dict(REFERENCES)
    for line in (AUDIO / "librispeech-sherpa" / "trans.txt").read_text().splitlines():
        if line.strip():
            key, text = line.split(maxsplit=1)
            references[f"librispeech-sherpa/{key}.wav"] = text
    wers: Dict[str, List[float]] = {run: [] for run in runs}
    for name, reference in references.items():
        for run in runs:
            heard, _ = timed(transcriber, AUDIO / name, **taught.get(run, {}))
            wers[run].append(wer(reference, heard))
    results["werReadSpeech"] = {run: round(sum(v) / len(v) * 100, 2) for run, v in wers.items()}
    results["decodeSeconds"] = {part: {run: round(v, 1) for run, v in by_run.items()} for part, by_run in seconds.items()}
    both = {run: seconds["terms"][run] + seconds["readSpeech"][run] for run in runs}
    results["speedRatio"] = {
        mode: {
            "all": round(both[mode] / max(both["without"], 1e-9), 3),
            **{part: round(seconds[part][mode] / max(seconds[part]["without"], 1e-9), 3)
               for part in seconds if seconds[part]["without"]},
        }
        for mode in args.modes
    }
    print(json.dumps(results, indent=2))
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
