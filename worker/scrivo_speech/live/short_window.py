"""One Whisper decode of a short buffer, with the encoder run on that buffer only.

faster-whisper pads every input to Whisper's 30 s window, so a live decode of 3 s of speech pays for
30 s of encoder: about 0.8 s of the 2 s a decode took on 2 cores, and the decodes run back to back.
CTranslate2's encoder also takes a shorter window (the positions are simply fewer), which brings a
decode of a few seconds down to 0.3-0.6 s here. Whisper was trained on 30 s windows, so two things
guard the output: the window is padded with two seconds of silence after the audio (so the model sees
the speech end), the decode predicts timestamps as Whisper does in its own window (without them, a
word was invented at the end of the audio: JFK's "Americans" followed by "and" where "ask" begins),
and a decode that starts to repeat itself (Whisper's failure mode in a short window) is cut at the
repetition. Uploads keep the 30 s window (transcriber.py); this is for live text only,
which the final transcript replaces.
"""

from __future__ import annotations

import string
from dataclasses import dataclass
from functools import lru_cache
from typing import List, Optional

import numpy as np

from ..engine import Engine, Tokenizer, storage_view, suppressed_tokens

SAMPLE_RATE = 16000
HOP = 160  # samples per mel frame (10 ms)
PAD_SECONDS = 2.0  # silence after the audio inside the window (1 s: a word was invented in it more often)
REPEAT_NGRAM = 4  # a run of this many tokens seen before in the same decode is a loop
TOKENS_PER_SECOND = 12  # more than any speaker needs; caps a loop that the n-gram check misses


@dataclass
class Word:
    text: str
    start: float  # seconds from the start of the buffer
    end: float
    probability: float


@dataclass
class Decode:
    words: List[Word]
    no_speech_prob: float
    avg_logprob: float


@lru_cache(maxsize=None)
def _tokenizer(model: Engine, language: str) -> Tokenizer:
    return Tokenizer(model.hf_tokenizer, model.model.is_multilingual, task="transcribe", language=language)


def cut_repetition(tokens: List[int], n: int = REPEAT_NGRAM) -> List[int]:
    """``tokens`` up to the first run of ``n`` tokens that already occurred earlier in them."""
    seen = set()
    for at in range(len(tokens) - n + 1):
        gram = tuple(tokens[at : at + n])
        if gram in seen:
            return tokens[:at]
        seen.add(gram)
    return tokens


def decode(model: Engine, audio: np.ndarray, language: str, prompt: Optional[str] = None) -> Decode:
    """Words of ``audio`` (float32 16 kHz mono, at most about 28 s) with times, by greedy decoding."""
    tokenizer = _tokenizer(model, language)
    frames = len(audio) // HOP
    # Whole seconds of window (the encoder halves the frames, so keep them even), at most Whisper's 30 s.
    window = int(min(3000, -(-(frames + PAD_SECONDS * 100) // 100) * 100))
    padded = np.zeros(window * HOP, dtype=np.float32)
    padded[: min(len(audio), len(padded))] = audio[: len(padded)]
    features = np.ascontiguousarray(model.feature_extractor(padded)[:, :window])
    encoded = model.model.encode(storage_view(features[None]), to_cpu=False)

    previous = tokenizer.encode(" " + prompt.strip()) if prompt and prompt.strip() else []
    sequence = model.get_prompt(tokenizer, previous, without_timestamps=False)
    result = model.model.generate(
        encoded,
        [sequence],
        beam_size=1,
        max_length=int(TOKENS_PER_SECOND * len(audio) / SAMPLE_RATE) + 30,  # text, and timestamp tokens
        return_scores=True,
        return_no_speech_prob=True,
        suppress_blank=True,
        suppress_tokens=suppressed_tokens(tokenizer),
    )[0]
    tokens = [t for t in result.sequences_ids[0] if t < tokenizer.eot]  # text only: timestamps are above eot
    avg_logprob = result.scores[0] * len(tokens) / (len(tokens) + 1) if tokens else 0.0
    tokens = cut_repetition(tokens)
    if not tokens:
        return Decode([], result.no_speech_prob, avg_logprob)
    aligned = model.find_alignment(tokenizer, [tokens], encoded, min(frames, window))[0]
    words: List[Word] = []
    for item in aligned:
        text = item["word"]
        if words and (text.strip() == "" or all(c in string.punctuation + "¿¡«»…" for c in text.strip())):
            words[-1].text += text.strip()  # punctuation belongs to the word before it
            continue
        words.append(Word(text.strip(), float(item["start"]), float(item["end"]), float(item["probability"])))
    return Decode([w for w in words if w.text], result.no_speech_prob, avg_logprob)
