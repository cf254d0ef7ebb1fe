"""How alike the voices of the conversation set come out, stage by stage (issue 26: telephone band and reverb
collapse three voices into one).

    flock /work/wt/heavy.lock worker/.venv/bin/python bench/speakers/conversation_voices.py \
        [--only NAME ...] [--one-voice] [--channels] [--telephone] [--sets] [--long MINUTES VOICES] [--dump DIR] \
        [--before REV]

Builds the conversations of bench/speech/conversations.py (cached in ``--cache``: the wav and its reference turns,
so the bare engine hears each source once), runs the diarizer alone on each and prints one JSON line per file:
each embedded unit's true speaker (the reference speaker alone in most of the unit's speech-alone frames), the mean
cosine similarity of units within each true speaker and between each pair, the same for the true speakers'
centroids, all pairs' mean and spread, and what the clustering stages make of them (average linkage at
``SAME_SPEAKER``, then ``join_split_voices``: seconds of each true speaker per cluster); then the DER without
collar of the diarizer's turns, with its missed speech (what the segmentation gives nobody) and confusion apart.

More files: ``--one-voice`` one reader alone (clean, telephone band, reverb: what must stay one speaker);
``--channels`` 3p-telephone and 3p-reverb without their channel (``-dry``) and with the other one (``-swapped``);
``--telephone`` six more conversations through telephone band (1-6 voices); ``--sets`` bench/speakers/run.py's
sets and the pyannote sample; ``--long`` bench/speakers/long.py's file. ``--before REV`` also runs the diarizer of git
revision REV (loaded as bench/speakers/long.py does) on each file right after this one, each line naming its
``diarizer``, and ends with a Markdown table of the two side by side. ``--dump`` keeps each file's units
(vectors, true speakers, seconds, cannot-links) to try clusterings on without the models.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from functools import partial
from pathlib import Path
from typing import Any, Callable, Dict, List, Tuple

import numpy as np

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path[:0] = [str(REPO / "worker"), str(REPO / "bench" / "speech"), str(HERE)]
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from scrivo_speech import diarize as diarize_mod  # noqa: E402
from scrivo_speech import speakers  # noqa: E402
from tests.bench import conversations as cv  # noqa: E402
from tests.bench.der import der  # noqa: E402

RATE = 16000


def cached(spec: cv.Spec, audio: Path, cache: Path, data_dir: Path) -> Tuple[np.ndarray, List[Tuple[float, float, str]]]:
    wav, ref = cache / f"{spec.name}.wav", cache / f"{spec.name}.json"
    if not ref.is_file():
        from faster_whisper import WhisperModel
        from scrivo_speech.models import resolve_model

        model = resolve_model("base", data_dir, allow_download=False)
        hear = cv.bare_engine(WhisperModel(str(model.path), device="cpu", compute_type="int8", cpu_threads=2))
        conversation = cv.build(audio, spec, hear)
        cv.write_wav(wav, conversation.samples)
        ref.write_text(json.dumps(conversation.turns()))
    turns = [(float(a), float(b), str(s)) for a, b, s in json.loads(ref.read_text())]
    return cv.read_audio(wav), turns


def truth(session: speakers.EmbeddingSession, turns: List[Tuple[float, float, str]]) -> Dict[int, str]:
    """Each embedded unit's reference speaker: the one speaking alone in most of the unit's speech-alone frames."""
    names = sorted({s for _, _, s in turns})
    out: Dict[int, str] = {}
    for window in session.windows:
        times = np.array([diarize_mod.frame_start(window.frame0 + f) + 0.009 for f in range(diarize_mod.FRAMES)])
        ref = np.zeros((times.size, len(names)), dtype=np.bool_)
        for a, b, s in turns:
            ref[:, names.index(s)] |= (times >= a) & (times < b)
        solo_ref = ref & (ref.sum(axis=1, keepdims=True) == 1)
        alone = window.act & (window.act.sum(axis=1, keepdims=True) == 1)
        for i, unit in enumerate(window.tracks):
            if unit in session.vectors:
                votes = (alone[:, i][:, None] & solo_ref).sum(axis=0)
                out[unit] = names[int(np.argmax(votes))] if votes.max() > 0 else "?"
    return out


def table(vectors: np.ndarray, who: List[str]) -> Dict[str, object]:
    names = sorted(set(who))
    sim = vectors @ vectors.T
    pairs: Dict[str, float] = {}
    for x in names:
        for y in names:
            if x <= y:
                a = [k for k, w in enumerate(who) if w == x]
                b = [k for k, w in enumerate(who) if w == y]
                block = sim[np.ix_(a, b)]
                if x == y:
                    block = block[~np.eye(len(a), dtype=bool)]
                if block.size:  # one unit alone has no pair within its speaker
                    pairs[f"{x}-{y}"] = round(float(np.mean(block)), 3)
    upper = sim[np.triu_indices(len(who), 1)]
    cent = np.stack([vectors[[k for k, w in enumerate(who) if w == x]].mean(axis=0) for x in names])
    cent /= np.linalg.norm(cent, axis=1, keepdims=True)
    csim = cent @ cent.T
    return {
        "units": {x: who.count(x) for x in names},
        "unitMean": pairs,
        "centroids": {f"{names[i]}-{names[j]}": round(float(csim[i, j]), 3) for i in range(len(names)) for j in range(i + 1, len(names))},
        "allPairs": {"mean": round(float(upper.mean()), 3), "sd": round(float(upper.std()), 3)} if upper.size else {},
    }


def pair_eer(vectors: np.ndarray, who: List[str]) -> object:
    rows, cols = np.triu_indices(len(who), 1)
    scores = (vectors @ vectors.T)[rows, cols]
    same = np.array([who[a] == who[b] for a, b in zip(rows, cols)], dtype=bool)
    if not same.any() or same.all():
        return None
    best = 1.0
    for t in np.unique(scores):
        best = min(best, max(float((scores[same] < t).mean()), float((scores[~same] >= t).mean())))
    return round(best, 3)


def shares(labels: List[int], who: List[str], seconds: List[float]) -> Dict[int, Dict[str, float]]:
    out: Dict[int, Dict[str, float]] = {}
    for label, w, s in zip(labels, who, seconds):
        out.setdefault(label, {})
        out[label][w] = round(out[label].get(w, 0.0) + s, 1)
    return out


def main() -> int:
    from conversations import SET  # bench/speech/conversations.py

    parser = argparse.ArgumentParser()
    parser.add_argument("--audio", default=str(REPO.parent / "shared" / "audio"))
    parser.add_argument("--data-dir", default=str(REPO / "worker" / ".data"))
    parser.add_argument("--cache", default="/tmp/conversation-voices")
    parser.add_argument("--only", nargs="*")
    parser.add_argument("--one-voice", action="store_true", help="also one reader alone: clean, telephone band, reverb")
    parser.add_argument("--channels", action="store_true", help="also 3p-telephone and 3p-reverb dry and with the other channel")
    parser.add_argument("--telephone", action="store_true", help="also six more conversations through telephone band")
    parser.add_argument("--sets", action="store_true", help="also bench/speakers/run.py's sets and the pyannote sample")
    parser.add_argument("--long", nargs=2, type=int, metavar=("MINUTES", "VOICES"), help="also bench/speakers/long.py's file")
    parser.add_argument("--dump", default=None, help="directory for each case's units (npz: vectors, who, seconds, links)")
    parser.add_argument("--ecapa", default=None, help="embed the units with SpeechBrain's ECAPA-TDNN from this checkpoint "
                        "(bench/speakers/ecapa_numpy.py) instead of CAM++: compare the similarities and pairEer; the "
                        "clusters and speakers found still use CAM++'s thresholds, so they mean nothing then")
    parser.add_argument("--before", default=None, help="git revision whose diarizer runs beside this one on each file")
    args = parser.parse_args()
    cache = Path(args.cache)
    cache.mkdir(parents=True, exist_ok=True)
    diarizer = speakers.default_diarizer(threads=2)
    if args.ecapa:
        from ecapa_numpy import ECAPA

        diarizer = speakers.EmbeddingDiarizer(diarize_mod.Segmenter(threads=2), ECAPA(args.ecapa))
    specs = list(SET)
    if args.one_voice:
        specs += [cv.Spec("1p", seed=301, speakers=1, seconds=40, overlap=0.0, backchannels=0),
                  cv.Spec("1p-telephone", seed=302, speakers=1, seconds=40, overlap=0.0, backchannels=0, telephone=True),
                  cv.Spec("1p-reverb", seed=303, speakers=1, seconds=40, overlap=0.0, backchannels=0, reverb=True)]
    if args.channels:  # the telephone and reverb conversations again without their channel, then with the other one
        from dataclasses import replace

        for spec in SET:
            if spec.telephone or spec.reverb:
                specs += [replace(spec, name=f"{spec.name}-dry", telephone=False, reverb=False),
                          replace(spec, name=f"{spec.name}-swapped", telephone=not spec.telephone, reverb=not spec.reverb)]
    if args.telephone:  # more conversations through telephone band, 1-6 voices (other seeds, and the set's own)
        from dataclasses import replace

        specs += [cv.Spec("1p-telephone-b", seed=311, speakers=1, seconds=40, overlap=0.0, backchannels=0, telephone=True),
                  cv.Spec("2p-telephone", seed=312, speakers=2, seconds=45, overlap=0.15, telephone=True),
                  cv.Spec("4p-telephone", seed=314, speakers=4, seconds=60, overlap=0.15, telephone=True),
                  cv.Spec("5p-telephone", seed=315, speakers=5, seconds=70, overlap=0.15, telephone=True)]
        specs += [replace(spec, name=f"{spec.name}-telephone", telephone=True) for spec in SET if spec.name in ("2p-turns", "6p")]
    Case = Tuple[np.ndarray, List[Tuple[float, float, str]]]
    cases: List[Tuple[str, Callable[[], Case]]] = [
        (spec.name, partial(cached, spec, Path(args.audio), cache, Path(args.data_dir)))
        for spec in specs
        if not args.only or spec.name in args.only
    ]
    if args.sets:
        from tests.bench.der import read_rttm
        from tests.bench.speaker_sets import SETS, build

        def speaker_set(name: str) -> Tuple[np.ndarray, List[Tuple[float, float, str]]]:
            if name == "pyannote-sample":
                wav, rttm = Path(args.audio) / name / "sample.wav", Path(args.audio) / name / "sample.rttm"
            else:
                wav, rttm = build(name, Path(args.audio), cache)
            return cv.read_audio(wav), read_rttm(rttm)

        cases += [(name, partial(speaker_set, name)) for name in [*SETS, "pyannote-sample"]]
    if args.long:
        from long import assemble  # bench/speakers/long.py

        minutes, count = args.long
        cases.append((f"long-{minutes}min-{count}", partial(assemble, Path(args.audio), minutes, count, 26)))
    # Each diarizer with the module its session and clustering come from (another revision's speakers.py with --before).
    runs: List[Tuple[str, Any, Any]] = [("now", diarizer, speakers)]
    if args.before:
        import tempfile

        from long import revision

        old, commit = revision(args.before, Path(tempfile.mkdtemp(prefix="scrivo-before-")))
        model = speakers.find_embedding_model()
        embedder = old.Embedder(model, threads=2)
        runs.append((f"before ({commit})", old.EmbeddingDiarizer(diarize_mod.Segmenter(threads=2), embedder), old))
    rows: List[Dict[str, Any]] = []
    for name, load in cases:
        samples, turns = load()
        for label, diarizer, module in runs:
            t = time.monotonic()
            session = diarizer.session()
            assert isinstance(session, module.EmbeddingSession)
            session.feed(samples)
            hyp = session.finish()
            took = time.monotonic() - t
            who_of = truth(session, turns)
            units = sorted(session.vectors)
            strong = [u for u in units if session.solo[u] >= module.MIN_EMBED_SECONDS]
            vectors = np.stack([session.vectors[u] for u in strong])
            who = [who_of[u] for u in strong]
            seconds = [session.solo[u] for u in strong]
            index = {u: i for i, u in enumerate(strong)}
            links = [(index[a], index[b]) for a, b in session.cannot_link if a in index and b in index]
            linked = module.cluster(vectors, links)
            joined = module.join_split_voices(vectors, linked, seconds)
            score = der(turns, [(a, b, str(s)) for a, b, s in hyp], collar=0.0)
            if args.dump and module is speakers:  # this revision's units only: the files are named by case
                Path(args.dump).mkdir(parents=True, exist_ok=True)
                np.savez(Path(args.dump) / f"{name}.npz", vectors=vectors, who=np.array(who), seconds=np.array(seconds),
                         links=np.array(links, dtype=np.int64).reshape(-1, 2))
            row = {
                "name": name,
                "diarizer": label,
                "seconds": round(len(samples) / RATE, 1),
                "diarizeSeconds": round(took, 2),
                "speakers": len({s for _, _, s in turns}),
                "found": len({s for _, _, s in hyp}),
                "der": round(score["der"], 3),
                # Reference speech the segmentation leaves to nobody, and speech given to the wrong person.
                "missed": round(score["missed"] / score["total"], 3),
                "confusion": round(score["confusion"] / score["total"], 3),
                "similarity": table(vectors, who),
                # Equal error rate of one threshold on unit pairs, same reference speaker or not: scale-free, so it
                # compares encoders whose cosine scores sit on different scales.
                "pairEer": pair_eer(vectors, who),
                "afterLinkage": shares(linked, who, seconds),
                "afterJoin": shares(joined, who, seconds),
            }
            rows.append(row)
            print(json.dumps(row), flush=True)
    if args.before:
        print("\n| file | diarizer | audio s | speakers (ref / found) | DER no collar | confusion | time s |")
        print("|---|---|---|---|---|---|---|")
        for row in rows:
            print(f"| {row['name']} | {row['diarizer']} | {row['seconds']} | {row['speakers']} / {row['found']} | "
                  f"{100 * row['der']:.1f} % | {100 * row['confusion']:.1f} % | {row['diarizeSeconds']} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
