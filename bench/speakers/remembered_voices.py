"""Remembered voices (issue 40 item 5): is a remembered person named where they speak, and a stranger never?

    flock /tmp/heavy.lock worker/.venv/bin/python bench/speakers/remembered_voices.py [--cache DIR] [--threshold T] \
        [--not-that-voice S]

Built from ../shared/audio/librispeech-voices (251 readers, one utterance each). Each utterance is cut at the pause
nearest its middle. 20 readers (whose two halves hold 3 s or more each, chosen with --seed) are remembered: their voice print is
made from their first half alone (:func:`voices.voice_print`, as ``POST /speakers/print`` makes it). Test recordings
hold 2-4 people, each of them a remembered reader (their second half: speech the print never heard) or a stranger
(another reader's whole utterance), each person's speech in two turns at a pause, turns interleaved with 0.5 s gaps.
The other 231 readers are split in two halves of strangers: the development recordings (--dev, where the threshold
is chosen) and the test recordings (--test, reported) share no stranger.

Each recording is diarized as ``/asr?diarize=1&speaker_profiles=1`` does (CAM++ over pyannote segmentation; each
run's windows, units and embeddings cached in --cache), twice: without the remembered voices, and with their prints
given to the diarizer as the API gives them (``X-Voice-Prints``): a window's local speaker alike to a print is split
where the print says it holds that person and someone else (:meth:`speakers.EmbeddingSession._print_split`, which
--print-gate, --print-claim and --print-pause tune; the models' answers are kept per recording in --cache, so a
second setting runs them only on new pieces), and the prints are anchors of the clustering
(:func:`speakers.anchored_cluster`, which --not-that-voice tunes). Each run's labels' voice prints (:func:`speakers.profiles`) are named with
:func:`voices.name_speakers` at each threshold, chosen on the development recordings. Scored on the diarizer's
turns (not on Whisper's words):

* named: the share of (recording, remembered person in it) where the person's voice id is given to a label and at
  least 80 % of their speech time is under that label;
* time under name: the share of remembered people's speech time under their own name;
* wrongly named: the share of recordings where some label gets a voice id whose person is not the one who speaks
  most under that label (a stranger named, or one remembered person named as another);
* named someone absent: recordings where a remembered name is given and that person does not speak at all.
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
import time
from pathlib import Path
from typing import Any, Dict, List, Tuple

import numpy as np

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path[:0] = [str(REPO / "worker")]

from scrivo_speech import speakers, voices  # noqa: E402
from scrivo_speech import diarize as diarize_mod  # noqa: E402
from tests.bench.conversations import read_audio  # noqa: E402
from tests.bench.der import der  # noqa: E402

RATE = 16000
GAP = 0.5
Reference = List[Tuple[float, float, str]]


def halves(samples: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    """The utterance cut at the pause nearest its middle (Silero VAD, as the worker's tests cut them)."""
    from faster_whisper.vad import VadOptions, get_speech_timestamps

    found = get_speech_timestamps(samples, VadOptions(min_silence_duration_ms=150, speech_pad_ms=0))
    gaps = [(found[i]["end"] + found[i + 1]["start"]) // 2 for i in range(len(found) - 1)]
    if not gaps:
        return samples[: samples.size // 2], samples[samples.size // 2 :]
    cut = min(gaps, key=lambda g: abs(g - samples.size // 2))
    return samples[:cut], samples[cut:]


def speech(samples: np.ndarray) -> List[Tuple[float, float]]:
    from faster_whisper.vad import VadOptions, get_speech_timestamps

    found = get_speech_timestamps(samples, VadOptions(min_silence_duration_ms=150, speech_pad_ms=0))
    return [(f["start"] / RATE, f["end"] / RATE) for f in found] or [(0.0, samples.size / RATE)]


def recording(parts: List[Tuple[str, np.ndarray]]) -> Tuple[np.ndarray, Reference]:
    """Each person's speech in two turns (cut at a pause), first turns then second turns, with GAP between; and who
    speaks when."""
    split = [(who, halves(samples)) for who, samples in parts]
    order = [(who, h[0]) for who, h in split] + [(who, h[1]) for who, h in split]
    audio: List[np.ndarray] = []
    reference: Reference = []
    t = 0.0
    for who, samples in order:
        # Who speaks when: the turn's speech (Silero VAD), not its pauses, as the other speaker benches score.
        for span in speech(samples):
            reference.append((t + span[0], t + span[1], who))
        audio += [samples, np.zeros(int(GAP * RATE), dtype=np.float32)]
        t += samples.size / RATE + GAP
    return np.concatenate(audio), reference


def overlap(a: Tuple[float, float], b: Tuple[float, float]) -> float:
    return max(0.0, min(a[1], b[1]) - max(a[0], b[0]))


def score(reference: Reference, turns: List[Tuple[float, float, str]], names: Dict[str, str], known: set) -> Dict[str, Any]:
    """Per remembered person present: (named, share of their time under their name); whether any label is wrongly
    named."""
    people = {who for _a, _b, who in reference}
    present = sorted(people & known)
    out: Dict[str, Any] = {"people": {}, "wrong": False, "absent": any(v not in people for v in names.values())}
    for label, voice in names.items():
        under: Dict[str, float] = {}
        for a, b, lab in turns:
            if lab == label:
                for ra, rb, who in reference:
                    under[who] = under.get(who, 0.0) + overlap((a, b), (ra, rb))
        top = max(under, key=under.__getitem__) if under else None
        if top != voice:
            out["wrong"] = True
    for person in present:
        total = sum(b - a for a, b, who in reference if who == person)
        label = next((lab for lab, voice in names.items() if voice == person), None)
        mine = sum(
            overlap((a, b), (ra, rb))
            for a, b, lab in turns
            if lab == label
            for ra, rb, who in reference
            if who == person
        )
        share = mine / total if label is not None and total else 0.0
        out["people"][person] = {"named": label is not None and share >= 0.8, "share": share, "seconds": total}
    return out


def kept_state(session: Any) -> Dict[str, Any]:
    """What a finished :class:`speakers.EmbeddingSession` holds before its clustering (windows' activity, units'
    embeddings and seconds, cannot-links), to cluster again without the models."""
    return {
        "windows": [(w.frame0, w.act, list(w.tracks)) for w in session.windows],
        "vectors": session.vectors,
        "solo": session.solo,
        "cannot_link": session.cannot_link,
        "received": session.received,
        "next_window": session.next_window,
        "step": session.step,
        "track_count": session.track_count,
    }


def restored(state: Dict[str, Any], prints: Any) -> Any:
    """A session from :func:`kept_state` whose ``finish`` clusters (with ``prints`` given to it) and answers turns."""
    session = speakers.EmbeddingSession(None, None, voices=prints or ())  # type: ignore[arg-type]
    session.windows = [diarize_mod._Window(f, act, tracks) for f, act, tracks in state["windows"]]
    for key in ("vectors", "solo", "cannot_link", "received", "next_window", "step", "track_count"):
        setattr(session, key, state[key])
    return session


class Remembering:
    """The segmenter or the embedder with every answer kept by its input's digest (``memo``, saved per recording in
    --cache): the diarizer with the prints given is run again with other --print-* settings without running the
    models again on the same audio. The answers are the model's own."""

    def __init__(self, model: Any, memo: Dict[str, np.ndarray]):
        self.model = model
        self.memo = memo

    def __call__(self, samples: np.ndarray) -> np.ndarray:
        import hashlib

        samples = np.ascontiguousarray(samples, dtype=np.float32)
        key = hashlib.sha1(samples.tobytes() + str(samples.shape).encode()).hexdigest()
        if key not in self.memo:
            self.memo[key] = self.model(samples)
        return self.memo[key]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--audio", default=str(REPO.parent / "shared" / "audio" / "librispeech-voices"))
    parser.add_argument("--cache", default="/tmp/scrivo-remembered-voices")
    parser.add_argument("--seed", type=int, default=40)
    parser.add_argument("--dev", type=int, default=60)
    parser.add_argument("--test", type=int, default=140)
    parser.add_argument("--threshold", type=float, default=None, help="mark this one (else the one chosen on dev)")
    parser.add_argument(
        "--not-that-voice", type=float, default=speakers.NOT_THAT_VOICE, help="speakers.NOT_THAT_VOICE to try (on dev)"
    )
    parser.add_argument("--print-gate", type=float, default=speakers.PRINT_SPLIT_GATE, help="speakers.PRINT_SPLIT_GATE")
    parser.add_argument("--print-claim", type=float, default=speakers.PRINT_CLAIM, help="speakers.PRINT_CLAIM")
    parser.add_argument("--print-pause", type=float, default=speakers.PRINT_SPLIT_PAUSE, help="speakers.PRINT_SPLIT_PAUSE")
    parser.add_argument("--move-units", action="store_true", help="speakers.PRINT_MOVE_UNITS on (clustering only)")
    parser.add_argument("--only-dev", action="store_true", help="diarize the development recordings alone (tuning)")
    parser.add_argument("--dump", default=None, help="write every run (turns, profiles, reference) here as JSON")
    args = parser.parse_args()
    speakers.NOT_THAT_VOICE = args.not_that_voice
    speakers.PRINT_SPLIT_GATE = args.print_gate
    speakers.PRINT_CLAIM = args.print_claim
    speakers.PRINT_SPLIT_PAUSE = args.print_pause
    speakers.PRINT_MOVE_UNITS = args.move_units
    setting = f"{args.not_that_voice}-{args.print_gate}-{args.print_claim}-{args.print_pause}"
    cache = Path(args.cache)
    cache.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(args.seed)

    files = sorted(Path(args.audio).glob("*.flac"))
    audio = {f.name.split("-")[0]: read_audio(f) for f in files}
    split_at = {r: halves(s) for r, s in audio.items() if s.size >= 8 * RATE}
    # Both halves hold 3 s or more: one makes the print, the other is heard later.
    long_enough = sorted(r for r, (a, b) in split_at.items() if min(a.size, b.size) >= 3 * RATE)
    known = sorted(rng.choice(long_enough, size=20, replace=False).tolist())
    strangers = [r for r in sorted(audio) if r not in known]
    rng.shuffle(strangers)
    pools = {"dev": strangers[: len(strangers) // 2], "test": strangers[len(strangers) // 2 :]}
    enrol = {r: split_at[r] for r in known}

    model = speakers.find_embedding_model()
    if model is None:
        raise SystemExit("CAM++ model not found (SCRIVO_SPEAKER_MODEL)")
    embedder = speakers.Embedder(model, threads=2)
    segmenter = diarize_mod.Segmenter(threads=2)
    diarizer = speakers.EmbeddingDiarizer(segmenter, embedder)
    prints = [(r, voices.voice_print([enrol[r][0]], embedder)[0].tolist()) for r in known]
    print_vectors = [np.asarray(v) for _r, v in prints]
    enrol_seconds = [enrol[r][0].size / RATE for r in known]
    print(f"enrolled 20 readers, {min(enrol_seconds):.1f}-{max(enrol_seconds):.1f} s each", file=sys.stderr)

    # Each recording diarized twice from the same segmentation and embeddings: as before (no remembered voice given to
    # the diarizer) and with the remembered voices' prints given to its clustering.
    # The diarizer given the prints hears the recording itself (a window's local speaker can be split where a print
    # says it is two people: speakers.EmbeddingSession._print_split), so it has a state of its own per recording.
    plain: Dict[str, List[Dict[str, Any]]] = {}
    anchored: Dict[str, List[Dict[str, Any]]] = {}
    started = time.monotonic()
    seconds = {"plain": 0.0, "prints": 0.0, "plain_runs": 0, "prints_runs": 0}
    for split, count in (("dev", args.dev), ("test", args.test)):
        for k in range(count):
            size = int(rng.integers(2, 5))
            remembered = int(rng.integers(0, size + 1))
            people = rng.choice(known, size=remembered, replace=False).tolist() + rng.choice(
                pools[split], size=size - remembered, replace=False
            ).tolist()
            rng.shuffle(people)
            parts = [(p, enrol[p][1] if p in known else audio[p]) for p in people]
            samples, reference = recording(parts)
            if split == "test" and args.only_dev:
                continue
            path = cache / f"{split}-{args.seed}-{k}.pickle"
            if path.is_file():
                state = pickle.loads(path.read_bytes())
            else:
                clock = time.monotonic()
                session = diarizer.session()
                for i in range(0, samples.size, 300 * RATE):
                    session.feed(samples[i : i + 300 * RATE])
                heard = session.finish()
                seconds["plain"] += time.monotonic() - clock
                seconds["plain_runs"] += 1
                state = kept_state(session)
                # Clustered again from what was kept, the turns must be the diarizer's own.
                assert restored(state, None).finish() == heard, "the kept state does not give the same turns"
                path.write_bytes(pickle.dumps(state))
            given_path = cache / f"{split}-{args.seed}-{k}-prints-{setting}.pickle"
            if given_path.is_file():
                given_state = pickle.loads(given_path.read_bytes())
            else:
                memo_path = cache / f"{split}-{args.seed}-{k}-memo.pickle"
                memo = pickle.loads(memo_path.read_bytes()) if memo_path.is_file() else {"segmenter": {}, "embedder": {}}
                fresh = not memo_path.is_file()
                remembering = speakers.EmbeddingDiarizer(
                    Remembering(segmenter, memo["segmenter"]), Remembering(embedder, memo["embedder"])  # type: ignore[arg-type]
                )
                clock = time.monotonic()
                session = remembering.session(voices=print_vectors)
                for i in range(0, samples.size, 300 * RATE):
                    session.feed(samples[i : i + 300 * RATE])
                heard = session.finish()
                if fresh:  # the models ran on everything: its time is the diarizer's with the prints
                    seconds["prints"] += time.monotonic() - clock
                    seconds["prints_runs"] += 1
                given_state = kept_state(session)
                assert restored(given_state, print_vectors).finish() == heard, "the kept state does not give the same turns"
                given_path.write_bytes(pickle.dumps(given_state))
                memo_path.write_bytes(pickle.dumps(memo))
            for given, runs in ((False, plain), (True, anchored)):
                session = restored(given_state if given else state, print_vectors if given else None)
                found = session.finish()
                labels = {s: f"Speaker {s + 1}" for s in sorted({t[2] for t in found})}
                runs.setdefault(split, []).append(
                    {
                        "people": people,
                        "turns": [(a, b, labels[s]) for a, b, s in found],
                        "profiles": speakers.profiles(session, labels),
                        "reference": reference,
                    }
                )
            print(f"{split} {k + 1}/{count} ({time.monotonic() - started:.0f} s)", file=sys.stderr, flush=True)

    if seconds["plain_runs"] or seconds["prints_runs"]:
        print(
            f"diarizer time: without prints {seconds['plain']:.1f} s over {seconds['plain_runs']} recordings, with the "
            f"prints {seconds['prints']:.1f} s over {seconds['prints_runs']} (models run afresh)",
            file=sys.stderr,
        )
    splits = ("dev",) if args.only_dev else ("dev", "test")
    known_set = set(known)
    if args.dump:
        Path(args.dump).write_text(json.dumps({"known": known, "prints": prints, "plain": plain, "anchored": anchored}))

    def measure(runs: Dict[str, List[Dict[str, Any]]], split: str, threshold: float) -> Dict[str, Any]:
        named = present = wrong = absent = 0
        mine = total = 0.0
        for run in runs[split]:
            names = voices.name_speakers(run["profiles"], prints, threshold) if run["profiles"] else {}
            scored = score(run["reference"], [tuple(t) for t in run["turns"]], names, known_set)
            wrong += scored["wrong"]
            absent += scored["absent"]
            for person in scored["people"].values():
                present += 1
                named += person["named"]
                mine += person["share"] * person["seconds"]
                total += person["seconds"]
        recordings = len(runs[split])
        return {
            "split": split,
            "threshold": threshold,
            "recordings": recordings,
            "remembered_present": present,
            "named": named / max(present, 1),
            "time_under_name": mine / max(total, 1e-9),
            "wrongly_named": wrong / max(recordings, 1),
            "wrong_recordings": wrong,
            "absent_named_recordings": absent,
        }

    def diarization(runs: Dict[str, List[Dict[str, Any]]], split: str, nobody_remembered: bool) -> str:
        """DER (no collar, pooled over the recordings) and recordings with the wrong number of speakers."""
        chosen = [r for r in runs[split] if not nobody_remembered or not set(r["people"]) & known_set]
        errors = total = 0.0
        miscounted = 0
        for run in chosen:
            scored = der(run["reference"], [tuple(t) for t in run["turns"]], collar=0.0)
            errors += scored["der"] * scored["total"]
            total += scored["total"]
            miscounted += len({t[2] for t in run["turns"]}) != len(set(run["people"]))
        return f"{len(chosen)} recordings: DER {100 * errors / max(total, 1e-9):.1f} %, wrong count {miscounted}"

    for split in splits:
        for nobody in (False, True):
            print(
                f"{split}{' (nobody remembered)' if nobody else ''}: without prints "
                f"{diarization(plain, split, nobody)}; with prints {diarization(anchored, split, nobody)}"
            )
    print()
    grid = [round(t, 2) for t in np.arange(0.30, 0.86, 0.05)]
    for title, runs in (("diarizer without the prints (as before)", plain), ("prints given to the diarizer", anchored)):
        dev = [measure(runs, "dev", t) for t in grid]
        # The lowest threshold at which at most 2 % of the development recordings give a label someone else's name:
        # higher ones lose more remembered people than they spare strangers (see bench/README.md).
        clean = [r["threshold"] for r in dev if r["wrongly_named"] <= 0.02]
        chosen = args.threshold if args.threshold is not None else (min(clean) if clean else grid[-1])
        rows = dev + ([] if args.only_dev else [measure(runs, "test", t) for t in grid])
        for row in rows:
            print(json.dumps({"diarizer": title, **row}))
        print(f"\n{title}: chosen threshold {chosen} (current voices.SAME_PERSON {voices.SAME_PERSON})\n")
        print(
            "| recordings | threshold | recordings (remembered people in them) | named (>= 80 % of their time) "
            "| time under their name | wrongly named recordings | named someone absent |"
        )
        print("|---|---|---|---|---|---|---|")
        for row in rows:
            mark = " **(chosen)**" if row["threshold"] == chosen else ""
            print(
                f"| {row['split']} | {row['threshold']:.2f}{mark} | {row['recordings']} ({row['remembered_present']}) "
                f"| {100 * row['named']:.1f} % | {100 * row['time_under_name']:.1f} % "
                f"| {row['wrong_recordings']} ({100 * row['wrongly_named']:.1f} %) | {row['absent_named_recordings']} |"
            )
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
