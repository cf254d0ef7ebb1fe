"""Audio decoding with PyAV (the FFmpeg libraries bundled in the ``av`` wheel).

Audio is decoded as a stream and handed to the recogniser in windows of a few minutes, so a long
recording is never held in memory as a whole (faster-whisper's own ``decode_audio`` would build
the full 16 kHz float32 array plus copies of it).
"""

from __future__ import annotations

import gc
import os
from dataclasses import dataclass
from typing import BinaryIO, Iterator, List, Sequence, Tuple, Union

import av
import numpy as np

SAMPLE_RATE = 16000
# A path, or a seekable binary file object (read from its start each time).
Source = Union[str, os.PathLike, BinaryIO]


class AudioDecodeError(ValueError):
    """The input could not be decoded as audio."""


@dataclass(frozen=True)
class AudioInfo:
    duration: float  # seconds of decoded audio
    container: str
    codec: str
    sample_rate: int
    channels: int


def _open(source: Source):
    if isinstance(source, (str, os.PathLike)):
        source = os.fspath(source)
    else:
        source.seek(0)
    try:
        container = av.open(source, mode="r", metadata_errors="ignore")
    except av.FFmpegError as exc:
        raise AudioDecodeError(_describe(exc)) from None
    except (OSError, ValueError) as exc:
        raise AudioDecodeError(str(exc) or type(exc).__name__) from None
    if not container.streams.audio:
        container.close()
        raise AudioDecodeError("no audio stream found")
    return container


def _describe(exc: BaseException) -> str:
    message = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
    return message.strip().rstrip(".")


def _frames(container) -> Iterator["av.AudioFrame"]:
    """Decoded frames of the first audio stream; undecodable packets are skipped."""
    stream = container.streams.audio[0]
    for packet in container.demux(stream):
        try:
            frames = packet.decode()
        except av.error.InvalidDataError:
            continue
        yield from frames


def probe(source: Source) -> AudioInfo:
    """Decode the whole file once (fast: no resampling) to validate it and measure its length."""
    container = _open(source)
    try:
        stream = container.streams.audio[0]
        seconds = 0.0
        try:
            for frame in _frames(container):
                if frame.sample_rate:
                    seconds += frame.samples / frame.sample_rate
        except av.FFmpegError as exc:
            raise AudioDecodeError(_describe(exc)) from None
        if seconds <= 0:
            raise AudioDecodeError("no audio samples could be decoded")
        codec = stream.codec_context
        return AudioInfo(
            duration=seconds,
            container=container.format.name,
            codec=codec.name,
            sample_rate=codec.sample_rate or 0,
            channels=codec.channels or 0,
        )
    finally:
        container.close()


def iter_pcm(source: Source, block_seconds: float = 30.0) -> Iterator[np.ndarray]:
    """Yield the audio as 16 kHz mono float32 blocks of about ``block_seconds``."""
    block = int(block_seconds * SAMPLE_RATE)
    container = _open(source)
    resampler = av.AudioResampler(format="flt", layout="mono", rate=SAMPLE_RATE)
    pending: List[np.ndarray] = []
    size = 0
    try:
        def resampled() -> Iterator[np.ndarray]:
            for frame in _frames(container):
                for out in resampler.resample(frame):
                    yield out.to_ndarray().reshape(-1)
            for out in resampler.resample(None):
                yield out.to_ndarray().reshape(-1)

        try:
            for array in resampled():
                pending.append(array)
                size += array.shape[0]
                if size >= block:
                    yield np.concatenate(pending).astype(np.float32, copy=False)
                    pending, size = [], 0
        except av.FFmpegError as exc:
            raise AudioDecodeError(_describe(exc)) from None
        if size:
            yield np.concatenate(pending).astype(np.float32, copy=False)
    finally:
        container.close()
        del resampler
        gc.collect()  # PyAV resampler objects are otherwise freed late


def read_spans(source: Source, spans: Sequence[Tuple[float, float]]) -> List[np.ndarray]:
    """The 16 kHz samples of each ``(start, end)`` span (seconds, in time order), read again from the source as a
    stream: decoding keeps no window once it is decoded, and a long file is never held whole."""
    bounds = [(int(a * SAMPLE_RATE), max(int(b * SAMPLE_RATE), int(a * SAMPLE_RATE))) for a, b in spans]
    parts: List[List[np.ndarray]] = [[] for _ in bounds]
    first = 0  # spans before this one end before the current block
    at = 0
    for block in iter_pcm(source):
        end = at + block.shape[0]
        while first < len(bounds) and bounds[first][1] <= at:
            first += 1
        for k in range(first, len(bounds)):
            a, b = bounds[k]
            if a >= end:
                break
            if b > at:
                parts[k].append(block[max(a - at, 0) : min(b - at, block.shape[0])])
        at = end
    return [np.concatenate(p) if p else np.zeros(0, dtype=np.float32) for p in parts]


def quiet_cut(audio: np.ndarray, start: int, end: int, frame: int = 320, smooth: int = 25) -> int:
    """Index in ``audio[start:end]`` (absolute) at the quietest ~0.5 s stretch: a place to cut."""
    region = audio[start:end]
    frames = region.shape[0] // frame
    if frames < smooth + 1:
        return end
    energy = np.square(region[: frames * frame].reshape(frames, frame), dtype=np.float64).mean(axis=1)
    smoothed = np.convolve(energy, np.ones(smooth) / smooth, mode="valid")
    best = int(np.argmin(smoothed)) + smooth // 2
    return start + best * frame + frame // 2


def iter_windows(
    source: Source, window_seconds: float = 600.0, search_seconds: float = 30.0
) -> Iterator[Tuple[float, np.ndarray]]:
    """Yield ``(offset_seconds, samples)`` windows of at most ``window_seconds``, each cut at the
    quietest moment of its last ``search_seconds`` so that words are not split."""
    window = int(window_seconds * SAMPLE_RATE)
    search = int(min(search_seconds, window_seconds / 2) * SAMPLE_RATE)
    offset = 0
    pending: List[np.ndarray] = []
    size = 0
    for block in iter_pcm(source, block_seconds=min(30.0, window_seconds / 2)):
        pending.append(block)
        size += block.shape[0]
        while size >= window:
            buffer = np.concatenate(pending)
            cut = quiet_cut(buffer, window - search, window)
            yield offset / SAMPLE_RATE, buffer[:cut]
            offset += cut
            rest = buffer[cut:].copy()
            del buffer
            pending, size = [rest], rest.shape[0]
    if size:
        yield offset / SAMPLE_RATE, np.concatenate(pending)
