"""Batched decoding over voice-activity chunks, with a language per speech turn.

faster-whisper's ``BatchedInferencePipeline`` decodes several ≤30 s chunks of speech at once (the
WhisperX approach: voice activity decides the chunks, so no word is cut and no silence is decoded).
It detects one language for the whole file; here each *turn* (speech separated from the next by at
least ``TURN_GAP`` seconds of silence) gets its own detection, chunks never cross a change of
language, and each chunk is decoded with its own language token, so a recording that switches from
English to German is transcribed in both languages.
"""

from __future__ import annotations

import dataclasses
import functools
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple, TypeVar

import numpy as np

from . import guards, metrics
from .engine import (
    Engine,
    Segment,
    StorageView,
    Tokenizer,
    TranscriptionOptions,
    VadOptions,
    Word,
    batched_forward,
    compression_ratio,
    get_speech_timestamps,
    pad_or_trim,
    seed_sampling,
    storage_view,
    suppressed_tokens,
)

T = TypeVar("T")

SAMPLE_RATE = 16000
CHUNK_SECONDS = 30.0
TURN_GAP = 0.8  # seconds of silence that end a turn (a language can change there)
MIN_DETECT_SECONDS = 2.0  # shorter turns take their neighbour's language: too little to tell
MIN_LANGUAGE_PROBABILITY = 0.5  # below this a turn also takes its neighbour's language
# A chunk whose language is detected at least this sure is taken as one language; below, its turns are
# detected one by one (a chunk that holds English then German gets a split vote).
SURE_LANGUAGE_PROBABILITY = 0.9
# Speech left after a chunk's last decoded word (VAD pads each span by 0.4 s) that is decoded again on its own.
UNHEARD_SECONDS = 1.5
UNSURE_BEAM_SIZE = 5  # beam for the turns of a chunk whose language was unsure (a change of language)
# Greedy decoding without timestamp tokens loses nothing on English with the base model (bench/README.md,
# "Speed"), but it does elsewhere: on the Picovoice clips it took Spanish WER from 0 to 0.42, French from 0 to
# 0.15 and Italian from 0.09 to 0.36. Other languages keep beam search and timestamp tokens.
GREEDY_LANGUAGES = frozenset({"en"})


@dataclass
class Decoded:
    """One decoded segment, times in seconds from the start of the samples given."""

    segment: Optional[Segment]  # timestamps restored (None: the language announcement)
    language: str
    language_probability: float
    second: Optional[str] = None  # why this came from a second decode of its stretch (None: the first pass)


@dataclass
class Chunk:
    spans: List[Dict[str, int]]  # speech spans (samples) concatenated into this chunk
    language: str
    language_probability: float


def speech_spans(samples: np.ndarray, vad: bool) -> List[Dict[str, int]]:
    """Speech spans in samples (Silero VAD as faster-whisper's batched path sets it up), or the
    whole audio in 30 s pieces without VAD."""
    if not vad:
        step = int(CHUNK_SECONDS * SAMPLE_RATE)
        return [{"start": a, "end": min(a + step, len(samples))} for a in range(0, len(samples), step)]
    options = VadOptions(max_speech_duration_s=CHUNK_SECONDS, min_silence_duration_ms=160)
    return get_speech_timestamps(samples, options)


def turns_of(spans: Sequence[Dict[str, int]]) -> List[List[Dict[str, int]]]:
    """Spans grouped into turns: a gap of TURN_GAP or more, or 30 s of speech, starts a new one."""
    turns: List[List[Dict[str, int]]] = []
    gap = int(TURN_GAP * SAMPLE_RATE)
    limit = int(CHUNK_SECONDS * SAMPLE_RATE)
    for span in spans:
        if turns:
            last = turns[-1]
            length = sum(s["end"] - s["start"] for s in last)
            if span["start"] - last[-1]["end"] < gap and length + span["end"] - span["start"] <= limit:
                last.append(span)
                continue
        turns.append([dict(span)])
    return turns


def _audio(samples: np.ndarray, spans: Sequence[Dict[str, int]]) -> np.ndarray:
    return np.concatenate([samples[s["start"] : s["end"]] for s in spans]) if spans else samples[:0]


def _features(model: Engine, audio: np.ndarray) -> np.ndarray:
    return pad_or_trim(model.feature_extractor(audio)[..., :-1])


def detect_languages(
    model: Engine,
    samples: np.ndarray,
    turns: List[List[Dict[str, int]]],
    batch_size: int,
    default: Tuple[str, float] = ("en", 0.0),
) -> List[Tuple[str, float]]:
    """(language, probability) per turn. Short or unsure turns take the language of the nearest
    sure turn before them (after them at the start); with none sure, the most likely overall."""
    raw: List[Optional[Tuple[str, float]]] = [None] * len(turns)
    todo = [
        i for i, t in enumerate(turns) if sum(s["end"] - s["start"] for s in t) >= MIN_DETECT_SECONDS * SAMPLE_RATE
    ]
    fallback: Dict[str, float] = {}
    for k in range(0, len(todo), batch_size):
        batch = todo[k : k + batch_size]
        features = np.stack([_features(model, _audio(samples, turns[i])) for i in batch])
        encoded = model.encode(features)
        for i, result in zip(batch, model.model.detect_language(encoded)):
            token, probability = result[0]
            language = token[2:-2]
            fallback[language] = fallback.get(language, 0.0) + probability
            if probability >= MIN_LANGUAGE_PROBABILITY:
                raw[i] = (language, float(probability))
    if fallback:
        default = (max(fallback, key=fallback.__getitem__), 0.0)
    return _from_neighbours(raw, default)


def chunks_of(
    turns: List[List[Dict[str, int]]], languages: List[Tuple[str, float]]
) -> List[Chunk]:
    """Consecutive turns of one language packed into chunks of at most 30 s of speech."""
    limit = int(CHUNK_SECONDS * SAMPLE_RATE)
    chunks: List[Chunk] = []
    length = 0
    for turn, (language, probability) in zip(turns, languages):
        size = sum(s["end"] - s["start"] for s in turn)
        if chunks and chunks[-1].language == language and length + size <= limit:
            chunks[-1].spans.extend(turn)
            chunks[-1].language_probability = max(chunks[-1].language_probability, probability)
            length += size
            continue
        chunks.append(Chunk(list(turn), language, probability))
        length = size
    return chunks


def _batches(chunks: List[Chunk], batch_size: int) -> Iterator[List[Chunk]]:
    """The chunks in batches of ``batch_size``, the first one smaller (ENCODE_BATCH): its segments come out after
    two chunks' work, so a client that goes away is noticed (at its first write) without a whole batch's wait."""
    first = min(batch_size, ENCODE_BATCH)
    yield chunks[:first]
    for k in range(first, len(chunks), batch_size):
        yield chunks[k : k + batch_size]


def _restore(segment: Segment, spans: List[Dict[str, int]], offset: float) -> Segment:
    """Segment times from the chunk's concatenated speech back to the original audio."""
    starts = [s["start"] / SAMPLE_RATE for s in spans]
    ends_cat: List[float] = []  # end of each span in concatenated time (chunk-relative)
    total = 0.0
    for s in spans:
        total += (s["end"] - s["start"]) / SAMPLE_RATE
        ends_cat.append(total)

    def original(t: float, index: Optional[int] = None) -> float:
        local = t - offset
        if index is None:
            index = next((k for k, e in enumerate(ends_cat) if local <= e), len(spans) - 1)
        before = ends_cat[index - 1] if index else 0.0
        return round(starts[index] + (local - before), 3)

    def index_of(t: float) -> int:
        local = t - offset
        return next((k for k, e in enumerate(ends_cat) if local <= e), len(spans) - 1)

    if segment.words:
        for word in segment.words:
            k = index_of((word.start + word.end) / 2)
            word.start = original(word.start, k)
            word.end = original(word.end, k)
        segment.start = segment.words[0].start
        segment.end = segment.words[-1].end
    else:
        segment.start = original(segment.start)
        segment.end = original(segment.end)
    return segment


@dataclass(frozen=True)
class DecodeOptions:
    """faster-whisper's decoding options (27 fields), built once when the model is loaded (Transcriber) and the
    same for every request: what changes per request (language, task) is in the tokenizer, not here."""

    greedy: TranscriptionOptions  # the first pass (English keeps it: GREEDY_LANGUAGES)
    careful: TranscriptionOptions  # beam search and timestamp tokens: other languages and unsure chunks

    def for_language(self, code: str) -> TranscriptionOptions:
        return self.greedy if code in GREEDY_LANGUAGES else self.careful

    def prompted(self, initial_prompt: Optional[str], hotwords: Optional[str]) -> "DecodeOptions":
        """These options with a request's own prompt: its line of context (Whisper's ``initial_prompt``) and the
        names and terms to listen for (``hotwords``), which faster-whisper puts before each chunk's decoding."""
        if not initial_prompt and not hotwords:
            return self
        change = {"initial_prompt": initial_prompt or None, "hotwords": hotwords or None}
        return DecodeOptions(dataclasses.replace(self.greedy, **change), dataclasses.replace(self.careful, **change))

    @classmethod
    def build(cls, model: Engine, beam_size: int) -> "DecodeOptions":
        """The options of ``model`` at ``beam_size``. Suppressed tokens depend on neither the language nor the
        task, so any tokenizer of the model gives them."""
        base = Tokenizer(model.hf_tokenizer, model.model.is_multilingual, task="transcribe", language="en")
        greedy = _first_pass(beam_size, suppressed_tokens(base))
        careful = dataclasses.replace(greedy, beam_size=max(beam_size, UNSURE_BEAM_SIZE), without_timestamps=False)
        return cls(greedy, careful)


def _first_pass(beam_size: int, suppress_tokens: Sequence[int]) -> TranscriptionOptions:
    return TranscriptionOptions(
        beam_size=beam_size,
        best_of=5,
        patience=1,
        length_penalty=1,
        repetition_penalty=1,
        no_repeat_ngram_size=0,
        log_prob_threshold=-1.0,
        no_speech_threshold=0.6,
        compression_ratio_threshold=2.4,
        temperatures=[0.0],
        initial_prompt=None,
        prefix=None,
        suppress_blank=True,
        suppress_tokens=suppress_tokens,
        prepend_punctuations="\"'“¿([{-",
        append_punctuations="\"'.。,，!！?？:：”)]}、",
        max_new_tokens=None,
        hotwords=None,
        word_timestamps=True,
        hallucination_silence_threshold=None,
        condition_on_previous_text=False,
        clip_timestamps=[],
        prompt_reset_on_temperature=0.5,
        multilingual=False,
        without_timestamps=True,  # segments are cut at sentence ends from the word times (_sentences)
        max_initial_timestamp=0.0,
    )


def decode(
    model: Engine,
    samples: np.ndarray,
    language: Optional[str],
    task: str,
    vad: bool,
    options: DecodeOptions,
    batch_size: int,
) -> Iterator[Decoded]:
    """Decode ``samples`` (16 kHz mono float32) chunk batch by chunk batch, segments in time order.

    ``language`` fixes the language of every turn; otherwise each turn's is detected. ``options`` are the
    model's, built once (:meth:`DecodeOptions.build`).
    The first item has ``segment=None``: the first chunk's language, known before any decoding (so the
    caller can announce it at once).
    """
    spans = speech_spans(samples, vad)
    if not spans:
        return
    fixed: Optional[str] = None
    if language is not None or not model.model.is_multilingual:
        fixed = (language if model.model.is_multilingual else "en") or "en"
    tokenizers: Dict[str, Tokenizer] = {}

    def tokenizer_for(code: str) -> Tokenizer:
        if code not in tokenizers:
            tokenizers[code] = Tokenizer(model.hf_tokenizer, model.model.is_multilingual, task=task, language=code)
        return tokenizers[code]

    def tokenizer_of(code: str) -> Tokenizer:
        return tokenizer_for(code)

    options_for = options.for_language

    if fixed is not None:
        chunks = chunks_of([[span] for span in spans], [(fixed, 1.0)] * len(spans))
        yield Decoded(None, fixed, 1.0)
        for batch in _batches(chunks, batch_size):
            yield from _decode_batch(model, samples, batch, tokenizer_of(fixed), options_for(fixed))
        yield from _weak_speech(model, samples, spans, fixed, task)
        return
    # Chunks packed regardless of language, encoded once; the language detected on each chunk's encoder
    # output is free. A chunk detected with certainty is one language: decoded from that encoder output.
    # An unsure chunk may hold a change of language: its turns get their own detection (one more encoder
    # pass each) and are re-chunked by language.
    # Packed span by span, not turn by turn: whole turns left chunks about 22 s full on dense speech, and every
    # chunk costs a full 30 s encoder pass whatever it holds (the turns still decide languages in unsure chunks).
    packed = chunks_of([[span] for span in spans], [("", 0.0)] * len(spans))
    announced = False
    for batch in _batches(packed, batch_size):
        encoded = _encode(model, _batch_features(model, samples, batch))
        found = _detect(model, encoded)
        # A sure chunk may still hold a change of language (German then English: "de" 0.97): its first and last
        # long spans are checked on their own encoder frames, and where either disagrees, every span is.
        switching = _switching(model, encoded, batch, found)
        if not switching and len({code for code, _ in found}) == 1 and min(p for _, p in found) >= SURE_LANGUAGE_PROBABILITY:
            # The usual case: one language, sure everywhere. One batched decode from the encoder output.
            for chunk, (code, probability) in zip(batch, found):
                chunk.language, chunk.language_probability = code, probability
            if not announced:
                yield Decoded(None, *found[0])
                announced = True
            code = found[0][0]
            # Other languages are decoded carefully, from Whisper's whole window: encoded again for them.
            reuse = encoded if code in GREEDY_LANGUAGES else None
            yield from _decode_batch(model, samples, batch, tokenizer_of(code), options_for(code), reuse)
            continue
        array = np.array(encoded)
        for i, chunk in enumerate(batch):
            code, probability = found[i]
            unsure = False
            if i in switching:
                per_span = _span_languages(model, array[i], chunk.spans, (code, probability))
                pieces = [(c, None) for c in chunks_of([[span] for span in chunk.spans], per_span)]
                unsure = len(pieces) > 1
                if not unsure:  # the spans agree after all: one language, decoded as a sure chunk
                    chunk.language, chunk.language_probability = code, probability
                    pieces = [(chunk, storage_view(array[i : i + 1]) if code in GREEDY_LANGUAGES else None)]
            elif probability >= SURE_LANGUAGE_PROBABILITY:
                chunk.language, chunk.language_probability = code, probability
                pieces = [(chunk, storage_view(array[i : i + 1]) if code in GREEDY_LANGUAGES else None)]
            else:
                sub = turns_of(chunk.spans)  # the chunk's speech in turns (a turn may have begun in the chunk before)
                pieces = [(c, None) for c in chunks_of(sub, detect_languages(model, samples, sub, batch_size, (code, probability)))]
                unsure = True
            for piece, cached in pieces:
                if not announced:
                    yield Decoded(None, piece.language, piece.language_probability)
                    announced = True
                # Beam search where the language was unsure: greedy decoding misspelt the German of a chunk
                # that switched languages (tests/test_invented_text.py); such chunks are few.
                # They also keep the timestamp tokens: without them the beam misspelt it again ("leichenhalter").
                chosen = options.careful if unsure else options_for(piece.language)
                yield from _decode_batch(model, samples, [piece], tokenizer_of(piece.language), chosen, cached)
    yield from _weak_speech(model, samples, spans, None, task)


ENCODER_HOP = 320  # samples per encoder output frame (20 ms)
# The first and last this-many seconds of a sure chunk's speech are checked for another language: short enough to
# cost about a sixth of the chunk's own detection.
EDGE_SECONDS = 3.0


def _frames_of(spans: Sequence[Dict[str, int]]) -> List[Tuple[int, int]]:
    """Each span's encoder frames [first, last) in its chunk (the spans' audio concatenated)."""
    out, at = [], 0
    for span in spans:
        size = span["end"] - span["start"]
        out.append((at // ENCODER_HOP, (at + size) // ENCODER_HOP))
        at += size
    return out


def _switching(model: Engine, encoded: StorageView, batch: Sequence[Chunk], found: List[Tuple[str, float]]) -> List[int]:
    """The sure chunks of the batch whose first or last EDGE_SECONDS of speech are another language, said with at
    least MIN_LANGUAGE_PROBABILITY on those encoder frames: one decoder step on each edge, all in one call, no
    encoder pass."""
    edge = int(EDGE_SECONDS * SAMPLE_RATE) // ENCODER_HOP
    picks: List[Tuple[int, int]] = []  # (chunk index, first frame)
    for i, chunk in enumerate(batch):
        if found[i][1] < SURE_LANGUAGE_PROBABILITY:
            continue  # unsure chunks have every turn detected anyway
        # The chunk's speech edges, wherever the voice-activity spans fall: the VAD cuts the same clip into spans
        # of different lengths on different processors (a 4 s German sentence came as two 2 s spans on one, and
        # a check of "long spans" alone never looked at it).
        frames = _frames_of(chunk.spans)[-1][1]
        if frames < 2 * edge:
            continue
        picks += [(i, 0), (i, frames - edge)]
    if not picks:
        return []
    array = np.array(encoded)
    slices = np.stack([array[i, a : a + edge] for i, a in picks])
    groups = _groups(len(slices), _replicas(model))
    answers = _in_parallel(model, [functools.partial(_detect_on, model, slices[g.start : g.stop]) for g in groups])
    results = [r for answer in answers for r in answer]
    out = set()
    for (i, _a), result in zip(picks, results):
        code, probability = result[0][0][2:-2], float(result[0][1])
        if code != found[i][0] and probability >= MIN_LANGUAGE_PROBABILITY:
            out.add(i)
    return sorted(out)


def _span_languages(
    model: Engine, encoded: np.ndarray, spans: Sequence[Dict[str, int]], default: Tuple[str, float]
) -> List[Tuple[str, float]]:
    """(language, probability) of each span of a chunk from the chunk's encoder output ``encoded`` (frames x
    width) cut to the span's frames. Spans shorter than MIN_DETECT_SECONDS, or unsure, take a neighbour's."""
    minimum = int(MIN_DETECT_SECONDS * SAMPLE_RATE) // ENCODER_HOP
    raw: List[Optional[Tuple[str, float]]] = []
    for a, b in _frames_of(spans):
        found = None
        if b - a >= minimum:
            result = model.model.detect_language(storage_view(encoded[None, a:b]))[0][0]
            if float(result[1]) >= MIN_LANGUAGE_PROBABILITY:
                found = (result[0][2:-2], float(result[1]))
        raw.append(found)
    return _from_neighbours(raw, default)


def _from_neighbours(raw: List[Optional[Tuple[str, float]]], default: Tuple[str, float]) -> List[Tuple[str, float]]:
    """Each missing language taken from the nearest known one before it (after it at the start), else ``default``."""
    out: List[Tuple[str, float]] = []
    for i, found in enumerate(raw):
        if found is None:
            before = next((raw[j] for j in range(i - 1, -1, -1) if raw[j] is not None), None)
            after = next((raw[j] for j in range(i + 1, len(raw)) if raw[j] is not None), None)
            found = before or after or default
        out.append(found)
    return out


# The encoder input of a batch ends this long after its longest chunk, and is never shorter than
# MIN_WINDOW_SECONDS: most of the cost of the encoder is per frame, and a chunk of dense speech holds
# 17-28 s, not 30. Shorter windows made the decoder repeat a lone 6 s clip three times over (the
# end-of-chunk check saw speech past the content), so short batches keep a 10 s window.
WINDOW_MARGIN_SECONDS = 1.0
MIN_WINDOW_SECONDS = 10.0
FRAMES_PER_SECOND = 100


def _batch_features(model: Engine, samples: np.ndarray, batch: Sequence[Chunk], full: bool = False) -> np.ndarray:
    """Log-mel features of a batch, cut to its longest chunk plus a margin (at most 30 s), or Whisper's whole
    30 s window (``full``: languages other than English lost accuracy in the cut one, e.g. Portuguese WER 0 -> 0.38)."""
    longest = max(sum(s["end"] - s["start"] for s in c.spans) for c in batch) / SAMPLE_RATE
    seconds = CHUNK_SECONDS if full else min(CHUNK_SECONDS, max(MIN_WINDOW_SECONDS, longest + WINDOW_MARGIN_SECONDS))
    frames = int(round(seconds * FRAMES_PER_SECOND))
    frames += frames % 2  # the encoder halves the frames
    features = np.stack([_features(model, _audio(samples, c.spans)) for c in batch])
    return np.ascontiguousarray(features[..., :frames])


ENCODE_BATCH = 2  # chunks per encoder call: pairs were as fast as batches of 7 or faster on 2 cores (bench/README.md)


def _replicas(model: Engine) -> int:
    """How many copies of the model can work at once (Transcriber loads one per share of the threads)."""
    return max(1, int(model.model.num_workers))


def _in_parallel(model: Engine, work: Sequence[Callable[[], T]]) -> List[T]:
    """The results of ``work``, in order, run on the model's replicas at once (CTranslate2 releases the GIL and
    gives each concurrent call its own replica). One replica, or one piece: run here, in turn."""
    if len(work) <= 1 or _replicas(model) == 1:
        return [w() for w in work]
    with ThreadPoolExecutor(max_workers=min(len(work), _replicas(model))) as pool:
        return list(pool.map(lambda w: w(), work))


def _groups(count: int, parts: int) -> List[range]:
    """``range(count)`` cut into at most ``parts`` consecutive groups of near-equal size."""
    parts = max(1, min(parts, count))
    size, extra = divmod(count, parts)
    out, start = [], 0
    for k in range(parts):
        end = start + size + (1 if k < extra else 0)
        out.append(range(start, end))
        start = end
    return out


def _encode(model: Engine, features: np.ndarray) -> StorageView:
    """The encoder output of a batch of features (a ctranslate2 StorageView), ENCODE_BATCH chunks at a time, the
    pieces on the model's replicas at once (a pair is cut in two when there are two replicas for it)."""
    step = max(1, min(ENCODE_BATCH, -(-len(features) // _replicas(model))))
    if len(features) <= step:
        return model.encode(features)
    parts = _in_parallel(
        model, [functools.partial(_encoded_array, model, features[k : k + step]) for k in range(0, len(features), step)]
    )
    return storage_view(np.concatenate(parts))


def _detect_on(model: Engine, encoded: np.ndarray) -> List[List[Tuple[str, float]]]:
    """Language probabilities of each chunk of an encoder output (chunks x frames x width)."""
    return model.model.detect_language(storage_view(encoded))


def _encoded_array(model: Engine, features: np.ndarray) -> np.ndarray:
    return np.array(model.encode(features))


def _detect(model: Engine, encoded: StorageView) -> List[Tuple[str, float]]:
    """(language, probability) of each chunk from its encoder output, groups of chunks on the replicas at once."""
    array = np.array(encoded)
    groups = _groups(len(array), _replicas(model))
    if len(groups) == 1:
        results = model.model.detect_language(encoded)
    else:
        answers = _in_parallel(model, [functools.partial(_detect_on, model, array[g.start : g.stop]) for g in groups])
        results = [r for answer in answers for r in answer]
    return [(r[0][0][2:-2], float(r[0][1])) for r in results]


def _decode_batch(
    model: Engine,
    samples: np.ndarray,
    batch: List[Chunk],
    tokenizer: Tokenizer,
    options: TranscriptionOptions,
    encoded: Optional[StorageView] = None,
    retries: int = 2,
    second: bool = True,
) -> Iterator[Decoded]:
    if encoded is None:
        encoded = _encode(model, _batch_features(model, samples, batch, full=options.beam_size > 1))
    # Each chunk starts at offset 0 of its own concatenated audio; times are restored per chunk.
    metadata = [
        {"offset": 0.0, "duration": sum(s["end"] - s["start"] for s in c.spans) / SAMPLE_RATE, "segments": c.spans}
        for c in batch
    ]
    groups = _groups(len(batch), _replicas(model))
    array = np.array(encoded) if len(groups) > 1 else None

    def forward(group: range) -> List[List[Dict[str, Any]]]:
        """Generation and word alignment of a group of the batch's chunks. Groups run on the replicas at once:
        greedy generation over a small batch kept two intra-op threads only 1.3x busy (bench/README.md)."""
        part = encoded if array is None else storage_view(array[group.start : group.stop])
        return batched_forward(model, part, tokenizer, [metadata[i] for i in group], options)

    results = [r for answer in _in_parallel(model, [functools.partial(forward, g) for g in groups]) for r in answer]
    for chunk, result in zip(batch, results):
        decoded: List[Decoded] = []
        pauses = _pauses(chunk.spans)
        for raw in (piece for whole in result for piece in _sentences(whole, pauses)):
            segment = Segment(
                id=0,
                seek=0,
                start=raw["start"],
                end=raw["end"],
                text=raw["text"],
                tokens=raw["tokens"],
                avg_logprob=raw["avg_logprob"],
                compression_ratio=raw["compression_ratio"],
                no_speech_prob=raw["no_speech_prob"],
                words=[Word(**w) for w in raw.get("words", [])] or None,
                temperature=0.0,
            )
            decoded.append(Decoded(_restore(segment, chunk.spans, 0.0), chunk.language, chunk.language_probability))
        rest = _unheard(chunk, decoded)
        if rest is not None and retries > 0:
            decoded.extend(_decode_batch(model, samples, [rest], tokenizer, options, retries=retries - 1, second=False))
        if second:
            decoded.extend(_decode_missing(model, samples, chunk, decoded, _task_of(tokenizer)))
            decoded = _decode_sparse(model, samples, chunk, decoded, _task_of(tokenizer))
        yield from sorted(decoded, key=_start)


def _start(item: Decoded) -> float:
    assert item.segment is not None, "decoded segments, not a language announcement"
    return float(item.segment.start)


def _word_count(decoded: Sequence[Decoded]) -> int:
    return sum(len(d.segment.words or ()) for d in decoded if d.segment is not None)


SENTENCE_ENDS = (".", "?", "!", "。", "？", "！")
SENTENCE_MAX_SECONDS = 12.0  # a run of words without a full stop is cut at a comma past this length
# A segment never runs across a pause this long in the recording. A chunk's speech is spliced together without its
# pauses, and Whisper may write one sentence across a splice ("...for your country, and so my fellow Americans,"
# over 20 s of noise between two speeches: one segment from 0 to 36 s, seen with numpy limited to AVX2).
PAUSE_SECONDS = 2.0


def _pauses(spans: Sequence[Dict[str, int]]) -> List[float]:
    """Where, in the chunk's spliced speech (seconds), a pause of at least PAUSE_SECONDS was cut out."""
    out, at = [], 0.0
    for before, after in zip(spans, spans[1:]):
        at += (before["end"] - before["start"]) / SAMPLE_RATE
        if (after["start"] - before["end"]) / SAMPLE_RATE >= PAUSE_SECONDS:
            out.append(at)
    return out


def _sentences(raw: Dict[str, Any], pauses: Sequence[float] = ()) -> List[Dict[str, Any]]:
    """A decoded segment cut into sentences from its word times: each ends at a full stop, at a comma once it is
    SENTENCE_MAX_SECONDS long, or where a long pause was cut out of the chunk (``pauses``, spliced seconds). A chunk
    decoded without timestamp tokens is one segment over the whole chunk (about 20 % fewer tokens to generate).
    Times are those of the first and last word, so the end-of-chunk check (_unheard) sees where the speech heard
    really ends."""
    words = raw.get("words") or []
    if not words:
        return [raw]
    groups: List[List[Dict[str, Any]]] = [[]]
    for word, following in zip(words, [*words[1:], None]):
        groups[-1].append(word)
        text = word["word"].strip()
        long = word["end"] - groups[-1][0]["start"] >= SENTENCE_MAX_SECONDS
        paused = following is not None and any(
            (word["start"] + word["end"]) / 2 < cut <= (following["start"] + following["end"]) / 2 for cut in pauses
        )
        if text.endswith(SENTENCE_ENDS) or (long and text.endswith((",", "，", "、"))) or paused:
            groups.append([])
    out = []
    for group in (g for g in groups if g):
        text = "".join(w["word"] for w in group)
        out.append(
            dict(
                raw,
                text=text,
                tokens=[],
                start=group[0]["start"],
                end=group[-1]["end"],
                words=group,
                compression_ratio=compression_ratio(text),
            )
        )
    return out


def _unheard(chunk: Chunk, decoded: List[Decoded]) -> Optional[Chunk]:
    """The chunk's speech after its last decoded word, when the decoder stopped well before the end.

    A batched decode has no second window: where Whisper ends a chunk early (a known failure on speech
    spliced from several voices with the pauses taken out), the rest of the chunk would be lost. A chunk
    that decoded to nothing at all is left alone: that is the guards' verdict on noise, not an early stop.
    """
    ends = [d.segment.end for d in decoded if d.segment is not None and d.segment.words]
    if not ends:
        return None
    heard_until = int(max(ends) * SAMPLE_RATE)
    spans = [
        {"start": max(s["start"], heard_until), "end": s["end"]} for s in chunk.spans if s["end"] > heard_until
    ]
    if sum(s["end"] - s["start"] for s in spans) < UNHEARD_SECONDS * SAMPLE_RATE:
        return None
    return Chunk(spans, chunk.language, chunk.language_probability)


# The second decode (issue 26). The first pass decodes each voice-activity chunk once, greedily, with one verdict
# of the guards for all of it (without timestamp tokens the decoder gives one no-speech probability and one average
# log probability per chunk). On conversation that loses whole stretches the bare engine hears: a chunk that starts
# with laughter or crosstalk is judged silence as a whole, greedy decoding stops after "Yeah, yeah," or loops on it,
# and the end-of-chunk retry (_unheard) only sees the tail. So after the first pass, every stretch of a chunk's speech
# with no kept word near it is decoded again on its own, as the bare engine would (beam search, temperature
# fallback, timestamp tokens: its own segments, each with its own no-speech and log probabilities for the guards).
MISSING_SECONDS = 1.0  # speech at least this long with no kept word is decoded again
WORD_REACH = 0.5  # speech this close to a kept word counts as heard (word times from alignment are this loose)
CONTEXT_SECONDS = 1.0  # audio decoded either side of a missing stretch, so words at its edges are whole
SECOND_BEAM_SIZE = 5
# Silero's threshold of 0.5 missed half of a telephone-band conversation (speech probabilities 0.2-0.5 there): the
# gaps between the chunks are checked again at this threshold, and what it finds is decoded on its own.
WEAK_SPEECH_THRESHOLD = 0.25
GRID = 100  # coverage is worked out on 10 ms frames


def _task_of(tokenizer: Tokenizer) -> str:
    token = tokenizer.tokenizer.id_to_token(tokenizer.task) if tokenizer.task is not None else None
    return token[2:-2] if token else "transcribe"


def _guarded_segments(decoded: Sequence[Decoded]) -> Iterator[Tuple[Dict[str, Any], Segment]]:
    """Each segment as the guards will keep it (loops cut to one copy), with the decoder's segment; segments the
    guards leave out are not given (the transcriber's verdict on the same segments)."""
    for item in decoded:
        segment = item.segment
        if segment is None or not segment.words:
            continue
        words = [{"start": w.start, "end": w.end, "text": w.word.strip(), "probability": w.probability}
                 for w in segment.words if w.word.strip()]
        shaped = guards.remove_loops({"start": segment.start, "end": segment.end, "text": segment.text.strip(), "words": words})
        if guards.verdict(shaped, segment.avg_logprob, segment.no_speech_prob) is None:
            yield shaped, segment


def _kept_words(decoded: Sequence[Decoded]) -> List[Tuple[float, float]]:
    """(start, end) of the words the guards will keep."""
    return [(w["start"], w["end"]) for shaped, _ in _guarded_segments(decoded) for w in shaped["words"]]


def _sure_word_count(decoded: Sequence[Decoded]) -> int:
    """How many words the guards will keep outside segments marked low confidence: what a second decode is worth
    against the first pass. A raw count took a loop ("nig" 62 times, kept once) or a garble at an average log
    probability of -4 ("Do you have an ability to") for hearing more, and replaced the words the first pass had heard
    there ("They detailed"; bench/README.md, "Which words the worker loses")."""
    return sum(
        len(shaped["words"])
        for shaped, segment in _guarded_segments(decoded)
        if not guards.is_low_confidence(shaped, segment.avg_logprob)
    )


def _stretches(mask: np.ndarray, shortest: float) -> List[Tuple[float, float]]:
    """(start, end) in seconds of the runs of True in a 10 ms ``mask`` at least ``shortest`` long."""
    edges = np.flatnonzero(np.diff(np.concatenate(([0], mask.astype(np.int8), [0]))))
    return [(a / GRID, b / GRID) for a, b in zip(edges[::2], edges[1::2]) if (b - a) / GRID >= shortest]


def missing_stretches(
    spans: Sequence[Dict[str, int]], heard: Sequence[Tuple[float, float]], length: int
) -> List[Tuple[float, float]]:
    """Stretches (seconds) of the speech ``spans`` (samples) at least MISSING_SECONDS long with no heard word
    within WORD_REACH."""
    frames = length * GRID // SAMPLE_RATE + 1
    speech = np.zeros(frames, dtype=bool)
    for span in spans:
        speech[span["start"] * GRID // SAMPLE_RATE : span["end"] * GRID // SAMPLE_RATE] = True
    for start, end in heard:
        speech[max(0, int((start - WORD_REACH) * GRID)) : int((end + WORD_REACH) * GRID) + 1] = False
    return _stretches(speech, MISSING_SECONDS)


def _decode_missing(
    model: Engine,
    samples: np.ndarray,
    chunk: Chunk,
    decoded: Sequence[Decoded],
    task: str,
    within: Optional[Sequence[Tuple[float, float]]] = None,
) -> List[Decoded]:
    """The second decode of each stretch of the chunk's speech ``decoded`` left without a kept word (only those that
    touch ``within``, where given)."""
    out: List[Decoded] = []
    heard = _kept_words(decoded)
    cause = "unheard" if heard else ("dropped" if any(d.segment is not None for d in decoded) else "empty")
    for start, end in missing_stretches(chunk.spans, heard, len(samples)):
        if within is None or any(start < b and a < end for a, b in within):
            out.extend(second_decode(model, samples, start, end, chunk.language, task, cause))
    return out


SAMPLING_SEED = 26
# Tokens a second decode may write per second of the audio it reads (and a few more): quick speech with its timestamp
# tokens needs about 6. Uncapped, a decode of pink noise wrote a loop to Whisper's 448-token limit at each of the six
# fallback temperatures: 28 s for 4 s of audio, three times in one 45 s file (issue 40: second decodes up to 33 s).
# Not lower: at 10-16 a short loop's compression ratio stayed under the fallback's 2.4, and noise came back as "-4".
SECOND_TOKENS_PER_SECOND = 24
SECOND_TOKENS_MORE = 16
# The prompt (start, language and task: no previous text) and the new tokens must fit in Whisper's 448: faster-whisper
# refuses the decode otherwise, which a cap of 24 a second did for any decode reading over 18 s. Not openai-whisper's
# 224: on u-loop-bait-2p, a 10 s sparse window then brought back 12 words instead of 24.
SECOND_TOKENS_MOST = 440


def second_token_cap(seconds: float) -> int:
    """The most tokens a second decode of ``seconds`` of audio writes per 30 s window it reads."""
    return min(int(np.ceil(seconds * SECOND_TOKENS_PER_SECOND)) + SECOND_TOKENS_MORE, SECOND_TOKENS_MOST)


def second_decode(
    model: Engine,
    samples: np.ndarray,
    start: float,
    end: float,
    language: Optional[str],
    task: str,
    cause: str,
    context: float = CONTEXT_SECONDS,
) -> List[Decoded]:
    """``start``-``end`` (seconds) decoded on its own, with CONTEXT_SECONDS around it, by faster-whisper's own
    sequential decoder (the bare engine's settings but for the previous text): only the words whose middle
    falls inside the stretch are kept, so nothing heard before is repeated."""
    a = max(0, int((start - context) * SAMPLE_RATE))
    b = min(len(samples), int((end + context) * SAMPLE_RATE))
    shift = a / SAMPLE_RATE
    # The temperature fallback samples: seeded, the same audio gives the same words on every run and machine load,
    # so what a user or a test sees can be reproduced.
    seed_sampling(SAMPLING_SEED)
    segments, info = model.transcribe(
        samples[a:b], language=language, task=task, beam_size=SECOND_BEAM_SIZE, vad_filter=False,
        word_timestamps=True, condition_on_previous_text=False, max_new_tokens=second_token_cap((b - a) / SAMPLE_RATE),
    )
    out: List[Decoded] = []
    for segment in segments:
        words = [
            Word(start=w.start + shift, end=w.end + shift, word=w.word, probability=w.probability)
            for w in segment.words or ()
            if start <= shift + (w.start + w.end) / 2 <= end
        ]
        if not words:
            continue
        kept = dataclasses.replace(
            segment, start=words[0].start, end=words[-1].end, text="".join(w.word for w in words), words=words
        )
        out.append(Decoded(kept, info.language, info.language_probability, second=cause))
    metrics.second_decode(start, end, cause, _word_count(out))
    return out


# Where several voices are spliced into one chunk, the greedy first pass can follow the loudest voice and skip the
# others' words between its own: the words left are spread over the stretch by the alignment, so no stretch is
# empty and _decode_missing has nothing to do (bench/README.md, "Conversations": 4 s windows at 0-0.5 words/s
# where the bare engine heard 11-18 words). Windows of speech this sparse are decoded again on their own; the
# second decode replaces the first pass there only when it hears clearly more.
SPARSE_WINDOW_SECONDS = 4.0
SPARSE_MIN_SPEECH_SECONDS = 2.5  # a window with less speech than this is not judged
SPARSE_WORDS_PER_SECOND = 1.0  # conversational speech runs at 2-4 words/s
SPARSE_GAIN = 1.5  # the second decode must hear at least this many times the words, sure ones (and 3 more)
# Whisper on a short window is fickle: one 12 s stretch of 6p decoded with 1 s around it gave "One -fine. One
# -fine." (6 words), with 3 s around it 33 words, as the bare engine hears. A poor answer is tried once more.
SPARSE_CONTEXTS = (CONTEXT_SECONDS, 3.0)


def sparse_stretches(
    spans: Sequence[Dict[str, int]], heard: Sequence[Tuple[float, float]]
) -> List[Tuple[float, float]]:
    """Stretches (seconds) of the speech ``spans`` (samples) where fewer than SPARSE_WORDS_PER_SECOND of the
    ``heard`` words fall, judged on SPARSE_WINDOW_SECONDS windows; neighbouring sparse windows are joined."""
    if not spans:
        return []
    first, last = spans[0]["start"] / SAMPLE_RATE, spans[-1]["end"] / SAMPLE_RATE
    frames = int(last * GRID) + 1
    speech = np.zeros(frames, dtype=bool)
    for span in spans:
        speech[span["start"] * GRID // SAMPLE_RATE : span["end"] * GRID // SAMPLE_RATE] = True
    middles = np.array([(a + b) / 2 for a, b in heard])
    out: List[Tuple[float, float]] = []
    start = first
    while start < last:
        end = min(last, start + SPARSE_WINDOW_SECONDS)
        spoken = float(speech[int(start * GRID) : int(end * GRID)].sum()) / GRID
        words = int(((middles >= start) & (middles < end)).sum()) if len(middles) else 0
        if spoken >= SPARSE_MIN_SPEECH_SECONDS and words < SPARSE_WORDS_PER_SECOND * spoken:
            if out and abs(out[-1][1] - start) < 1e-6:
                out[-1] = (out[-1][0], end)
            else:
                out.append((start, end))
        start = end
    return out


def _without_words_in(decoded: Sequence[Decoded], start: float, end: float) -> List[Decoded]:
    """The decoded segments with the words whose middle falls in ``start``-``end`` taken out (segments left
    without a word go)."""
    out: List[Decoded] = []
    for item in decoded:
        segment = item.segment
        if segment is None or not segment.words:
            out.append(item)
            continue
        words = [w for w in segment.words if not start <= (w.start + w.end) / 2 <= end]
        if len(words) == len(segment.words):
            out.append(item)
        elif words:
            kept = dataclasses.replace(
                segment, start=words[0].start, end=words[-1].end, text="".join(w.word for w in words), words=words
            )
            out.append(dataclasses.replace(item, segment=kept))
    return out


def _decode_sparse(
    model: Engine, samples: np.ndarray, chunk: Chunk, decoded: List[Decoded], task: str
) -> List[Decoded]:
    """The chunk's sparse stretches decoded again on their own; kept where they hear clearly more."""
    heard = _kept_words(decoded)
    replaced: List[Tuple[float, float]] = []
    for start, end in sparse_stretches(chunk.spans, heard):
        before = sum(1 for a, b in heard if start <= (a + b) / 2 <= end)
        for context in SPARSE_CONTEXTS:
            again = second_decode(model, samples, start, end, chunk.language, task, "sparse", context)
            if _sure_word_count(again) >= max(SPARSE_GAIN * before, before + 3):
                decoded = _without_words_in(decoded, start, end) + again
                replaced.append((start, end))
                break
    # A decode that hears clearly more can still leave part of its stretch without a word: on u-30min's 24 s sparse
    # stretch from 122.9 s, Whisper began writing at 126.3 s, and "Expected. A sudden indifference filled it." (the
    # bare call's words too) was gone with the first pass's "Well,". Speech it left unheard is decoded on its own, as
    # the first pass's is.
    if replaced:
        decoded = decoded + _decode_missing(model, samples, chunk, decoded, task, within=replaced)
    return decoded


def _weak_speech(
    model: Engine, samples: np.ndarray, spans: Sequence[Dict[str, int]], language: Optional[str], task: str
) -> Iterator[Decoded]:
    """Speech between the chunks that only a lower VAD threshold finds, decoded on its own (second_decode).
    Silero runs on the gaps alone (about a sixth of dense speech), so this costs little where nothing is missed."""
    options = VadOptions(threshold=WEAK_SPEECH_THRESHOLD, max_speech_duration_s=CHUNK_SECONDS, min_silence_duration_ms=160)
    edges = [0] + [x for s in spans for x in (s["start"], s["end"])] + [len(samples)]
    for a, b in zip(edges[::2], edges[1::2]):
        if b - a < MISSING_SECONDS * SAMPLE_RATE:
            continue
        found = [{"start": s["start"] + a, "end": s["end"] + a} for s in get_speech_timestamps(samples[a:b], options)]
        for start, end in missing_stretches(found, [], len(samples)):
            yield from second_decode(model, samples, start, end, language, task, "weak_vad")
