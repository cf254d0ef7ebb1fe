"""Conversations assembled from real voices, with who-said-what-when known by construction (test/bench helper).

Each speaker is one LibriSpeech reader of ``../shared/audio/librispeech-voices`` (one clean utterance each).
The bare engine (faster-whisper's own ``transcribe`` with its defaults, plus word times) hears each clean
utterance on its own once; the utterance is then cut at quiet points between those words into turns, and the
turns of 2-6 speakers are laid out as a conversation: turns of 0.3-20 s, backchannels (one short word of a
speaker, 0.3-0.8 s, said once or twice while someone else talks), overlapped speech, level differences,
laughter- and noise-like bursts, and optionally a music bed, room reverb and telephone band.

The reference for scoring is therefore "what the bare engine hears in the clean source", placed where it was
put: every reference word carries its time in the conversation, so a transcript can be scored for recall
(:func:`recall`), for stretches of placed speech with nothing transcribed (:func:`empty_stretches`) and, with
speakers, for DER against the placed turns.

Everything is deterministic for a given spec (numpy ``default_rng(seed)``); nothing here calls sox, so CI needs
nothing but the worker's venv.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

from scrivo_speech.engine import seed_sampling

from .wer import normalize

SAMPLE_RATE = 16000
VOICES = "librispeech-voices"


@dataclass(frozen=True)
class Word:
    start: float  # seconds, in the source clip (once placed: in the conversation)
    end: float
    text: str  # normalised (tests/bench/wer.py), one token


@dataclass
class Source:
    """A clean utterance and the words the bare engine hears in it."""

    name: str
    samples: np.ndarray
    words: List[Word]


@dataclass
class Placed:
    """A piece of one speaker's utterance put into the conversation."""

    speaker: int
    start: float  # seconds in the conversation
    end: float
    words: List[Word]  # reference words, at their times in the conversation
    backchannel: bool = False


@dataclass
class Spec:
    name: str
    seed: int
    speakers: int
    seconds: float  # about this long (the speakers' utterances are used up first)
    overlap: float = 0.2  # share of the placed speech time that is overlapped (aimed at; measured after)
    level_db: float = 12.0  # speakers' levels are spread over this many dB
    backchannels: int = 4
    bursts: int = 3  # laughter- and noise-like bursts
    telephone: bool = False
    reverb: bool = False
    music: bool = False
    # What users' recordings have and the first set lacks (issue 40 item 2). Every default leaves a spec's random
    # stream, and so its conversation, as it was.
    turn_range: Optional[Tuple[float, float]] = None  # quick exchanges: every turn this many seconds long
    applause: int = 0  # applause-like bursts (synthetic, like the laughter)
    bed_db: float = 20.0  # the music or TV bed this many dB under the speech
    tv: bool = False  # a TV on in the room: a reader who is not in the conversation, through a small speaker
    repeats: int = 0  # one speaker says a short phrase this many times back to back ("yeah, yeah, yeah, yeah")
    lull: float = 0.0  # seconds with nobody speaking (bed and bursts only) a third of the way in
    readers: Optional[Tuple[int, ...]] = None  # these voices (indices into voices()) instead of a seeded choice
    blocks: bool = False  # a long recording: one conversation of 2-6 new readers after another (build_long)


@dataclass
class Conversation:
    spec: Spec
    samples: np.ndarray
    placed: List[Placed]
    sources: List[Source] = field(default_factory=list)
    # Where the laughter, noise bursts and applause were mixed in (start s, end s, "laughter"/"noise"/"applause"):
    # nobody's speech in the reference, kept to tell their false alarm from the rest.
    noises: List[Tuple[float, float, str]] = field(default_factory=list)

    @property
    def words(self) -> List[Word]:
        return sorted((w for p in self.placed for w in p.words), key=lambda w: w.start)

    def clear_words(self) -> List[Word]:
        """The reference words no other speaker talks over (nobody else's placed piece overlaps the word): what
        an engine can be held to hear as it heard it in the clean source. Overlapped words are scored apart."""
        out: List[Word] = []
        for k, p in enumerate(self.placed):
            others = [(q.start, q.end) for j, q in enumerate(self.placed) if j != k and q.speaker != p.speaker]
            out.extend(w for w in p.words if not any(a < w.end and w.start < b for a, b in others))
        return sorted(out, key=lambda w: w.start)

    def turns(self) -> List[Tuple[float, float, str]]:
        """Reference turns for DER: each placed piece's span from its first to its last heard word."""
        out = []
        for p in self.placed:
            if p.words:
                out.append((p.words[0].start, p.words[-1].end, f"S{p.speaker}"))
        return out

    def overlap_share(self) -> float:
        """Share of the time someone speaks (reference turns) in which two or more do."""
        grid = _activity(self.turns(), len(self.samples) / SAMPLE_RATE)
        speaking = (grid > 0).sum()
        return float((grid > 1).sum() / max(speaking, 1))


def _activity(turns: Sequence[Tuple[float, float, str]], seconds: float) -> np.ndarray:
    grid = np.zeros(int(seconds * 100) + 1, dtype=np.int32)
    for a, b, _ in turns:
        grid[int(a * 100) : int(b * 100)] += 1
    return grid


def read_audio(path: Path) -> np.ndarray:
    from faster_whisper.audio import decode_audio

    return decode_audio(str(path), sampling_rate=SAMPLE_RATE).astype(np.float32)


BareEngine = Callable[[np.ndarray], List[Word]]


def bare_engine(model: Any) -> BareEngine:
    """The bare call the issue compares with (every default: beam 5, no VAD, temperature fallback), plus word
    times so the clip can be cut between words and each reference word placed in the conversation."""

    def hear(samples: np.ndarray) -> List[Word]:
        # The fallback's sampling draws from CTranslate2's one process-wide generator, which the worker's own second
        # decodes seed and draw from too: seeded here, the same samples give the same words whatever ran before.
        seed_sampling(0)
        segments, _info = model.transcribe(samples, language="en", word_timestamps=True)
        out = []
        for segment in segments:
            for w in segment.words or ():
                for token in normalize(w.word):
                    out.append(Word(float(w.start), float(w.end), token))
        return out

    return hear


def remembered(hear: BareEngine, folder: Path) -> BareEngine:
    """``hear``, with what it heard kept on disk by the samples' hash: the bare call's temperature fallback samples
    at random, so a conversation built from remembered words is the same conversation on every run, and a 30-minute
    one (a hundred readers) does not cost a hundred beam searches again."""
    import hashlib
    import json

    folder.mkdir(parents=True, exist_ok=True)

    def words(samples: np.ndarray) -> List[Word]:
        path = folder / f"{hashlib.sha1(samples.tobytes()).hexdigest()}.json"
        if path.is_file():
            return [Word(*w) for w in json.loads(path.read_text())]
        heard = hear(samples)
        path.write_text(json.dumps([[w.start, w.end, w.text] for w in heard]))
        return heard

    return words


def voices(audio_dir: Path) -> List[Path]:
    return sorted((audio_dir / VOICES).glob("*.flac"))


def pick_sources(audio_dir: Path, spec: Spec, hear: BareEngine) -> List[Source]:
    """``spec.speakers`` different readers, chosen by the seed, each heard once on its own."""
    rng = np.random.default_rng(spec.seed)
    files = voices(audio_dir)
    chosen = spec.readers if spec.readers is not None else rng.choice(len(files), size=spec.speakers, replace=False)
    out = []
    for index in chosen:
        samples = read_audio(files[index])
        out.append(Source(files[index].stem, samples, hear(samples)))
    return out


def quiet_point(samples: np.ndarray, a: float, b: float) -> int:
    """The sample index of the quietest 20 ms between ``a`` and ``b`` seconds (a cut that splits no word)."""
    lo, hi = int(a * SAMPLE_RATE), max(int(b * SAMPLE_RATE), int(a * SAMPLE_RATE) + 320)
    hi = min(hi, len(samples))
    if hi - lo <= 320:
        return max(0, min(lo, len(samples)))
    frames = (hi - lo) // 160 - 1
    energy = [float(np.square(samples[lo + k * 160 : lo + k * 160 + 320]).sum()) for k in range(frames)]
    return lo + int(np.argmin(energy)) * 160 + 160


def _turn_seconds(rng: np.random.Generator, turn_range: Optional[Tuple[float, float]] = None) -> float:
    """Turn lengths of a conversation: many short, some long, none over 20 s (or all within ``turn_range``)."""
    if turn_range is not None:
        return float(rng.uniform(*turn_range))
    kind = rng.random()
    if kind < 0.35:
        return float(rng.uniform(0.3, 1.5))
    if kind < 0.85:
        return float(rng.uniform(1.5, 6.0))
    return float(rng.uniform(6.0, 20.0))


@dataclass
class _Cut:
    speaker: int
    audio: np.ndarray
    words: List[Word]  # times relative to the cut's first sample
    backchannel: bool = False


def cut_turns(source: Source, speaker: int, rng: np.random.Generator,
              turn_range: Optional[Tuple[float, float]] = None) -> List[_Cut]:
    """The utterance cut between words into consecutive turns of random length (at least one word each)."""
    words = source.words
    cuts: List[_Cut] = []
    start_sample, i = 0, 0
    while i < len(words):
        target = _turn_seconds(rng, turn_range)
        j = i + 1
        while j < len(words) and words[j].end - words[i].start < target:
            j += 1
        end_sample = (
            len(source.samples)
            if j >= len(words)
            else quiet_point(source.samples, words[j - 1].end - 0.05, words[j].start + 0.05)
        )
        offset = start_sample / SAMPLE_RATE
        inside = [Word(w.start - offset, w.end - offset, w.text) for w in words[i:j]]
        cuts.append(_Cut(speaker, source.samples[start_sample:end_sample], inside))
        start_sample, i = end_sample, j
    return cuts


def backchannel(source: Source, speaker: int, rng: np.random.Generator) -> Optional[_Cut]:
    """One short word of the speaker (0.3-0.8 s, cut at quiet points around it), said once or twice."""
    fits = [k for k, w in enumerate(source.words) if 0.2 <= w.end - w.start <= 0.7]
    if not fits:
        return None
    k = int(rng.choice(fits))
    w = source.words[k]
    a = quiet_point(source.samples, w.start - 0.12, w.start + 0.02)
    b = quiet_point(source.samples, w.end - 0.02, w.end + 0.12)
    piece = source.samples[a:b]
    if not 0.3 * SAMPLE_RATE <= len(piece) <= 0.8 * SAMPLE_RATE:
        return None
    times = int(rng.integers(1, 3))
    gap = np.zeros(int(0.15 * SAMPLE_RATE), dtype=np.float32)
    audio = np.concatenate([piece] + [np.concatenate([gap, piece]) for _ in range(times - 1)])
    one = len(piece) + len(gap)
    local = [Word((w.start * SAMPLE_RATE - a + n * one) / SAMPLE_RATE, (w.end * SAMPLE_RATE - a + n * one) / SAMPLE_RATE, w.text)
             for n in range(times)]
    return _Cut(speaker, audio, local, backchannel=True)


def repeated_phrase(source: Source, speaker: int, times: int, rng: np.random.Generator) -> Optional[_Cut]:
    """One to three words of the speaker (0.3-1.2 s) said ``times`` times back to back, as people say "yeah, yeah,
    yeah" or "no no no no": real repetition, which a guard against Whisper's repetition loops must not take for one."""
    words = source.words
    fits = [(k, m) for m in (1, 2, 3) for k in range(len(words) - m + 1)
            if 0.3 <= words[k + m - 1].end - words[k].start <= 1.2]
    if not fits:
        return None
    k, m = fits[int(rng.integers(len(fits)))]
    first, last = words[k], words[k + m - 1]
    a = quiet_point(source.samples, first.start - 0.12, first.start + 0.02)
    b = quiet_point(source.samples, last.end - 0.02, last.end + 0.12)
    piece = source.samples[a:b]
    gap = np.zeros(int(0.2 * SAMPLE_RATE), dtype=np.float32)
    one = len(piece) + len(gap)
    audio = np.concatenate([np.concatenate([piece, gap]) for _ in range(times)])
    local = [Word((w.start * SAMPLE_RATE - a + n * one) / SAMPLE_RATE, (w.end * SAMPLE_RATE - a + n * one) / SAMPLE_RATE, w.text)
             for n in range(times) for w in words[k : k + m]]
    return _Cut(speaker, audio, local)


def _interleave(per_speaker: List[List[_Cut]], rng: np.random.Generator) -> List[_Cut]:
    """Turns in conversation order: a random speaker with turns left speaks next, never twice in a row when
    another still has turns."""
    queues = [list(q) for q in per_speaker]
    order: List[_Cut] = []
    last = -1
    while any(queues):
        candidates = [s for s, q in enumerate(queues) if q and s != last] or [s for s, q in enumerate(queues) if q]
        s = int(rng.choice(candidates))
        order.append(queues[s].pop(0))
        last = s
    return order


def _place(order: List[_Cut], spec: Spec, rng: np.random.Generator) -> List[Tuple[int, _Cut]]:
    """Start samples: each turn after the previous one's end, with a pause, or overlapping its end (by 30-80 % of
    the shorter of the two) often enough to reach about ``spec.overlap`` of the speech time."""
    placed: List[Tuple[int, _Cut]] = []
    end = int(0.5 * SAMPLE_RATE)
    for n, cut in enumerate(order):
        if spec.lull and n == len(order) // 3:
            end += int(spec.lull * SAMPLE_RATE)
        if placed and rng.random() < min(1.0, spec.overlap * 3):
            previous = placed[-1][1]
            most = min(len(cut.audio), len(previous.audio))
            start = end - int(rng.uniform(0.3, 0.8) * most)
        else:
            start = end + int(rng.uniform(0.1, 1.2) * SAMPLE_RATE)
        placed.append((max(0, start), cut))
        end = max(end, start + len(cut.audio))
    return placed


def _backchannels(
    sources: List[Source], placed: List[Tuple[int, _Cut]], spec: Spec, rng: np.random.Generator
) -> List[Tuple[int, _Cut]]:
    """Backchannels said over long turns of someone else ("yeah", while the other goes on)."""
    # In quick exchanges (turns of at most 3 s) a 2 s turn is a long one: the listener still says "yeah" over it.
    least = 2.0 if spec.turn_range is not None and spec.turn_range[1] <= 3.0 else 3.0
    long = [(s, c) for s, c in placed if len(c.audio) >= least * SAMPLE_RATE and not c.backchannel]
    out = []
    for _ in range(spec.backchannels if long else 0):
        start, host = long[int(rng.integers(len(long)))]
        others = [k for k in range(len(sources)) if k != host.speaker]
        speaker = int(rng.choice(others))
        cut = backchannel(sources[speaker], speaker, rng)
        if cut is None:
            continue
        at = start + int(rng.uniform(0.3, 0.8) * (len(host.audio) - len(cut.audio)))
        out.append((at, cut))
    return out


def _gains(spec: Spec, rng: np.random.Generator) -> np.ndarray:
    """Each speaker's gain: the loudest at -3 dBFS peak-ish, the others up to ``level_db`` below."""
    db = rng.uniform(-spec.level_db, 0.0, size=spec.speakers)
    db[int(rng.integers(spec.speakers))] = 0.0
    db[int(rng.integers(spec.speakers))] = -spec.level_db  # the full spread is present
    return (10.0 ** (db / 20.0)).astype(np.float32)


def laughter(seconds: float, rng: np.random.Generator) -> np.ndarray:
    """A laughter-like burst: breathy voiced syllables ("ha-ha-ha") at 4-6 per second, falling pitch."""
    n = int(seconds * SAMPLE_RATE)
    t = np.arange(n) / SAMPLE_RATE
    f0 = rng.uniform(180, 320) * (1.0 - 0.25 * t / max(seconds, 1e-3))
    phase = 2 * np.pi * np.cumsum(f0) / SAMPLE_RATE
    voiced = sum(np.sin(k * phase) / k for k in range(1, 12))
    breath = rng.standard_normal(n) * 0.6
    rate = rng.uniform(4.0, 6.0)
    envelope = np.clip(np.sin(np.pi * rate * t), 0, None) ** 2
    return ((voiced * 0.5 + breath) * envelope * 0.15).astype(np.float32)


def noise_burst(seconds: float, rng: np.random.Generator) -> np.ndarray:
    """A pink-ish noise burst (a cough, a door, paper) with a fast attack and a decay."""
    n = int(seconds * SAMPLE_RATE)
    white = rng.standard_normal(n)
    spectrum = np.fft.rfft(white)
    spectrum /= np.sqrt(np.maximum(np.arange(len(spectrum)), 1))
    pink = np.fft.irfft(spectrum, n)
    pink /= np.max(np.abs(pink)) + 1e-9
    decay = np.exp(-np.arange(n) / (0.3 * n))
    return (pink * decay * 0.3).astype(np.float32)


def music_bed(n: int, rng: np.random.Generator) -> np.ndarray:
    """Soft chords (a few sine partials each), a new chord every 2 s: a music bed (scaled by the caller)."""
    t = np.arange(n) / SAMPLE_RATE
    out = np.zeros(n, dtype=np.float64)
    step = 2 * SAMPLE_RATE
    for a in range(0, n, step):
        root = 110.0 * 2 ** (int(rng.integers(0, 12)) / 12)
        for ratio in (1.0, 1.26, 1.5, 2.0):
            seg = slice(a, min(a + step, n))
            out[seg] += np.sin(2 * np.pi * root * ratio * t[seg])
    return out.astype(np.float32)


def applause(seconds: float, rng: np.random.Generator) -> np.ndarray:
    """An applause-like burst: 15-30 claps a second (5-15 ms of decaying noise each, random loudness), swelling in
    0.3 s and dying away over the last second."""
    n = int(seconds * SAMPLE_RATE)
    out = np.zeros(n + SAMPLE_RATE // 50, dtype=np.float64)
    for at in rng.uniform(0, n, size=int(seconds * rng.uniform(15, 30))).astype(int):
        size = int(rng.uniform(0.005, 0.015) * SAMPLE_RATE)
        out[at : at + size] += rng.standard_normal(size) * np.exp(-np.arange(size) / (size / 4)) * rng.uniform(0.3, 1.0)
    t = np.arange(len(out)) / SAMPLE_RATE
    envelope = np.minimum(1.0, t / 0.3) * np.clip((seconds - t) / 1.0, 0.0, 1.0)
    return (out * envelope).astype(np.float32)[:n]


def tv_bed(samples: np.ndarray, n: int, rng: np.random.Generator) -> np.ndarray:
    """A TV in the room: a voice looped to ``n`` samples through a small speaker (200-5000 Hz) in the room
    (scaled by the caller)."""
    looped = np.tile(samples, n // max(len(samples), 1) + 1)[:n]
    spectrum = np.fft.rfft(looped)
    freqs = np.fft.rfftfreq(n, 1.0 / SAMPLE_RATE)
    spectrum[(freqs < 200) | (freqs > 5000)] = 0
    return reverb(np.fft.irfft(spectrum, n).astype(np.float32), rng, rt60=0.4)


def reverb(audio: np.ndarray, rng: np.random.Generator, rt60: float = 0.5) -> np.ndarray:
    """Room reverb: convolution with exponentially decaying noise (RT60 ``rt60`` s), direct sound kept."""
    n = int(rt60 * SAMPLE_RATE)
    tail = rng.standard_normal(n) * np.exp(-6.9 * np.arange(n) / n) * 0.08
    tail[0] = 1.0
    size = len(audio) + n
    wet = np.fft.irfft(np.fft.rfft(audio, size) * np.fft.rfft(tail, size), size)[: len(audio)]
    return wet.astype(np.float32)


def telephone(audio: np.ndarray) -> np.ndarray:
    """Telephone band: 300-3400 Hz, 8 kHz sampling (the band above 4 kHz gone) and 8-bit mu-law."""
    spectrum = np.fft.rfft(audio)
    freqs = np.fft.rfftfreq(len(audio), 1.0 / SAMPLE_RATE)
    spectrum[(freqs < 300) | (freqs > 3400)] = 0
    band = np.fft.irfft(spectrum, len(audio))
    peak = np.max(np.abs(band)) + 1e-9
    x = band / peak
    mu = 255.0
    coded = np.round(np.sign(x) * np.log1p(mu * np.abs(x)) / np.log1p(mu) * 127) / 127
    decoded = np.sign(coded) * ((1 + mu) ** np.abs(coded) - 1) / mu
    return (decoded * peak).astype(np.float32)


def _bursts(mix: np.ndarray, spec: Spec, placed: List["Placed"], rng: np.random.Generator) -> List[Tuple[int, np.ndarray]]:
    """Laughter and noise where people laugh and cough: mostly in the pauses, sometimes over the end of a turn, at
    about the level of the speech around them (RMS matched to the conversation's speech, then 0-10 dB under)."""
    speech = np.concatenate([mix[int(p.start * SAMPLE_RATE) : int(p.end * SAMPLE_RATE)] for p in placed] or [mix])
    level = float(np.sqrt(np.mean(np.square(speech)))) + 1e-9
    out = []
    for k in range(spec.bursts):
        seconds = float(rng.uniform(0.5, 2.0))
        sound = laughter(seconds, rng) if k % 2 == 0 else noise_burst(seconds, rng)
        sound *= level / (float(np.sqrt(np.mean(np.square(sound)))) + 1e-9) * 10 ** (-rng.uniform(0, 10) / 20)
        host = placed[int(rng.integers(len(placed)))]
        at = int((host.end - rng.uniform(0.0, 0.3)) * SAMPLE_RATE)
        out.append((min(max(0, at), max(0, len(mix) - len(sound))), sound))
    return out


def build(audio_dir: Path, spec: Spec, hear: BareEngine) -> Conversation:
    if spec.blocks:
        return build_long(audio_dir, spec, hear)
    rng = np.random.default_rng(spec.seed)
    sources = pick_sources(audio_dir, spec, hear)
    per_speaker = [cut_turns(src, k, rng, spec.turn_range) for k, src in enumerate(sources)]
    # Long conversations ask for more than one utterance per speaker: trim to about the asked length instead.
    order = _interleave(per_speaker, rng)
    if spec.repeats:
        speaker = int(rng.integers(spec.speakers))
        said = repeated_phrase(sources[speaker], speaker, spec.repeats, rng)
        if said is not None:
            order.insert(len(order) // 2, said)
    layout = _place(order, spec, rng)
    layout = [(s, c) for s, c in layout if s < spec.seconds * SAMPLE_RATE] or layout[:1]
    layout += _backchannels(sources, layout, spec, rng)
    gains = _gains(spec, rng)
    total = max(s + len(c.audio) for s, c in layout) + int(0.5 * SAMPLE_RATE)
    mix = np.zeros(total, dtype=np.float32)
    placed: List[Placed] = []
    for start, cut in sorted(layout, key=lambda sc: sc[0]):
        mix[start : start + len(cut.audio)] += cut.audio * gains[cut.speaker]
        t0 = start / SAMPLE_RATE
        words = [Word(round(w.start + t0, 3), round(w.end + t0, 3), w.text) for w in cut.words]
        placed.append(Placed(cut.speaker, t0, t0 + len(cut.audio) / SAMPLE_RATE, words, cut.backchannel))
    noises: List[Tuple[float, float, str]] = []
    for k, (at, sound) in enumerate(_bursts(mix, spec, placed, rng)):
        mix[at : at + len(sound)] += sound[: len(mix) - at]
        noises.append((at / SAMPLE_RATE, min(at + len(sound), len(mix)) / SAMPLE_RATE, "laughter" if k % 2 == 0 else "noise"))
    if spec.applause:
        # In the pauses, as loud as the speech or up to 6 dB louder: a room applauding drowns its speakers out.
        speech = np.concatenate([mix[int(p.start * SAMPLE_RATE) : int(p.end * SAMPLE_RATE)] for p in placed])
        level = float(np.sqrt(np.mean(np.square(speech)))) + 1e-9
        for _ in range(spec.applause):
            sound = applause(float(rng.uniform(2.0, 5.0)), rng)
            sound *= level / (float(np.sqrt(np.mean(np.square(sound)))) + 1e-9) * 10 ** (rng.uniform(0, 6) / 20)
            at = int(placed[int(rng.integers(len(placed)))].end * SAMPLE_RATE)
            at = min(max(0, at), max(0, len(mix) - len(sound)))
            mix[at : at + len(sound)] += sound[: len(mix) - at]
            noises.append((at / SAMPLE_RATE, min(at + len(sound), len(mix)) / SAMPLE_RATE, "applause"))
    if spec.music or spec.tv:  # ``bed_db`` under the speech
        speech_rms = float(np.sqrt(np.mean(np.square(mix[np.abs(mix) > 1e-4])))) if np.any(np.abs(mix) > 1e-4) else 0.1
        if spec.tv:
            others = [k for k in range(len(voices(audio_dir))) if k not in {int(i) for i in (spec.readers or ())}
                      and voices(audio_dir)[k].stem not in {s.name for s in sources}]
            bed = tv_bed(read_audio(voices(audio_dir)[int(rng.choice(others))]), total, rng)
        else:
            bed = music_bed(total, rng)
        mix += bed * (speech_rms * 10 ** (-spec.bed_db / 20) / (float(np.sqrt(np.mean(np.square(bed)))) + 1e-9))
    if spec.reverb:
        mix = reverb(mix, rng)
    if spec.telephone:
        mix = telephone(mix)
    peak = float(np.max(np.abs(mix)))
    if peak > 0.95:  # a limiter would change levels over time; one gain keeps the designed differences
        mix *= 0.95 / peak
    return Conversation(spec, mix.astype(np.float32), placed, sources, noises)


def build_long(audio_dir: Path, spec: Spec, hear: BareEngine) -> Conversation:
    """A recording of about ``spec.seconds`` made of one conversation after another, each of 2-6 readers nobody
    heard before in it (a seeded permutation of the voices: one utterance per reader cannot fill 30 minutes for a
    few speakers). Each block is :func:`build` of ``spec`` with its own readers and seed; speakers are numbered
    across blocks, so the reference has every reader as their own speaker."""
    rng = np.random.default_rng(spec.seed)
    order = [int(k) for k in rng.permutation(len(voices(audio_dir)))]
    audio: List[np.ndarray] = []
    placed: List[Placed] = []
    sources: List[Source] = []
    offset, used, k = 0.0, 0, 0
    while offset < spec.seconds and used < len(order):
        size = min(int(rng.integers(2, 7)), len(order) - used)
        block = build(audio_dir, replace(spec, name=f"{spec.name}-{k}", seed=spec.seed * 1000 + k, speakers=size,
                                          seconds=1e9, readers=tuple(order[used : used + size]), blocks=False), hear)
        audio.append(block.samples)
        placed.extend(Placed(p.speaker + used, p.start + offset, p.end + offset,
                             [Word(round(w.start + offset, 3), round(w.end + offset, 3), w.text) for w in p.words],
                             p.backchannel) for p in block.placed)
        sources.extend(block.sources)
        offset += len(block.samples) / SAMPLE_RATE
        used += size
        k += 1
    return Conversation(replace(spec, speakers=used), np.concatenate(audio), placed, sources)


def write_wav(path: Path, samples: np.ndarray) -> Path:
    import wave

    pcm = np.clip(samples * 32767.0, -32768, 32767).astype(np.int16)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(SAMPLE_RATE)
        w.writeframes(pcm.tobytes())
    return path


# Scoring ---------------------------------------------------------------------------------------------------

HypWord = Tuple[float, float, str, Optional[str]]  # start, end, normalised text, speaker label


def hypothesis_words(result: Dict[str, Any]) -> List[HypWord]:
    """The words of a worker result (``/asr`` shape), normalised like the reference."""
    out = []
    for segment in result["segments"]:
        for w in segment.get("words") or ():
            for token in normalize(w["text"]):
                out.append((float(w["start"]), float(w["end"]), token, segment.get("speaker")))
    return out


def matches(reference: Sequence[Word], hypothesis: Sequence[HypWord], slack: float = 1.5) -> List[Optional[int]]:
    """For each reference word, the hypothesis word found for it (its index; None: not found): the same word, within
    ``slack`` seconds of where it was placed, each hypothesis word used once (closest first)."""
    by_text: Dict[str, List[int]] = {}
    for k, h in enumerate(hypothesis):
        by_text.setdefault(h[2], []).append(k)
    used = set()
    out: List[Optional[int]] = []
    for w in reference:
        middle = (w.start + w.end) / 2
        best, distance = None, slack
        for k in by_text.get(w.text, ()):
            if k in used:
                continue
            d = abs((hypothesis[k][0] + hypothesis[k][1]) / 2 - middle)
            if d <= distance:
                best, distance = k, d
        if best is not None:
            used.add(best)
        out.append(best)
    return out


def recall(reference: Sequence[Word], hypothesis: Sequence[HypWord], slack: float = 1.5) -> float:
    """Share of the reference words found in the hypothesis (:func:`matches`). Order-free, so overlapped turns
    score fairly."""
    if not reference:
        return 1.0
    return sum(1 for k in matches(reference, hypothesis, slack) if k is not None) / len(reference)


def said(reference: Sequence[Word], hypothesis: Sequence[HypWord], slack: float = 1.5) -> List[Word]:
    """The hypothesis words that are words of the reference, where they were said (:func:`matches`): the bare call's
    words without its inventions and the words it put more than ``slack`` seconds from where they were said."""
    found = sorted(k for k in matches(reference, hypothesis, slack) if k is not None)
    return [Word(hypothesis[k][0], hypothesis[k][1], hypothesis[k][2]) for k in found]


def empty_stretches(conversation: Conversation, hypothesis: Sequence[HypWord], longest: float = 2.0) -> List[Tuple[float, float]]:
    """Stretches longer than ``longest`` seconds where placed speech with heard words is, and no hypothesis word
    is (speech = each placed piece from its first to its last reference word)."""
    seconds = len(conversation.samples) / SAMPLE_RATE
    speech = _activity(conversation.turns(), seconds) > 0
    covered = np.zeros_like(speech)
    for a, b, _t, _s in hypothesis:
        covered[int(a * 100) : int(b * 100) + 1] = True
    empty = speech & ~covered
    out = []
    k = 0
    while k < len(empty):
        if empty[k]:
            j = k
            while j < len(empty) and empty[j]:
                j += 1
            if (j - k) / 100 > longest:
                out.append((k / 100, j / 100))
            k = j
        else:
            k += 1
    return out


def empty_where_heard(
    conversation: Conversation, hypothesis: Sequence[HypWord], bare: Sequence[HypWord], longest: float = 2.0
) -> List[Tuple[float, float]]:
    """The :func:`empty_stretches` of ``hypothesis`` in which the bare call on the same file heard a word that the
    hypothesis does not have: what the worker lost of what the engine hears there (a stretch the bare call hears
    nothing in is the engine's loss). A word both have, placed a few tenths apart, is not lost: u-30min's pause
    1136.9-1139.1 s held the bare call's "i" at 1139.0 s and the worker's at 1139.3 s, the same word (matched as
    :func:`recall` matches words)."""
    found = matches([Word(w[0], w[1], w[2]) for w in bare], hypothesis)
    lost = [w for w, k in zip(bare, found) if k is None]
    return [(a, b) for a, b in empty_stretches(conversation, hypothesis, longest)
            if any(a <= (w[0] + w[1]) / 2 <= b for w in lost)]


def speaker_turns(hypothesis: Sequence[HypWord]) -> List[Tuple[float, float, str]]:
    """Hypothesis turns for DER: each word's span under its speaker, neighbouring words of one speaker joined
    across gaps shorter than 0.5 s."""
    out: List[Tuple[float, float, str]] = []
    for a, b, _t, speaker in sorted(hypothesis):
        label = speaker or "?"
        if out and out[-1][2] == label and a - out[-1][1] < 0.5:
            out[-1] = (out[-1][0], max(out[-1][1], b), label)
        else:
            out.append((a, b, label))
    return out


def who_said(conversation: Conversation, hypothesis: Sequence[HypWord], slack: float = 1.5) -> List[Optional[Tuple[str, bool]]]:
    """For each hypothesis word, the reference word it matches (the same word within ``slack`` seconds, closest
    first, each reference word used once, as :func:`recall` matches them): its speaker ("S<k>", as in
    :meth:`Conversation.turns`) and whether someone else talks over it. None where no reference word matches."""
    clear = {(w.start, w.end, w.text) for w in conversation.clear_words()}
    reference = [(w, f"S{p.speaker}") for p in conversation.placed for w in p.words]
    used = set()
    out: List[Optional[Tuple[str, bool]]] = []
    for a, b, text, _speaker in hypothesis:
        middle = (a + b) / 2
        best, distance = None, slack
        for k, (w, _name) in enumerate(reference):
            if k in used or w.text != text:
                continue
            d = abs((w.start + w.end) / 2 - middle)
            if d <= distance:
                best, distance = k, d
        if best is None:
            out.append(None)
            continue
        used.add(best)
        w, name = reference[best]
        out.append((name, (w.start, w.end, w.text) not in clear))
    return out


def right_speaker_share(conversation: Conversation, hypothesis: Sequence[HypWord]) -> Dict[str, float]:
    """Share of the matched words' time given to the right speaker, all of them ("all") and those someone else
    talks over ("overlapped"). Labels are mapped one-to-one onto the reference speakers, the pair with the most
    words' time in common first."""
    said = who_said(conversation, hypothesis)
    together: Dict[Tuple[str, str], float] = {}
    for (a, b, _t, label), truth in zip(hypothesis, said):
        if truth is not None:
            key = (label or "?", truth[0])
            together[key] = together.get(key, 0.0) + b - a
    mapping: Dict[str, str] = {}
    for (label, name), _seconds in sorted(together.items(), key=lambda kv: -kv[1]):
        if label not in mapping and name not in mapping.values():
            mapping[label] = name
    right = {"all": 0.0, "overlapped": 0.0}
    total = {"all": 0.0, "overlapped": 0.0}
    for (a, b, _t, label), truth in zip(hypothesis, said):
        if truth is None:
            continue
        for kind in ("all", "overlapped") if truth[1] else ("all",):
            total[kind] += b - a
            right[kind] += (b - a) * (mapping.get(label or "?") == truth[0])
    return {kind: right[kind] / total[kind] if total[kind] else 1.0 for kind in right}
