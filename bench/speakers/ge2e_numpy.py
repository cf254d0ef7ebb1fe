"""Resemblyzer's GE2E voice encoder (Apache-2.0; its weights ship inside the PyPI package ``resemblyzer==0.1.4``,
``resemblyzer/pretrained.pt``) run with numpy alone, to compare with CAM++ through telephone band (bench only).

The package needs PyTorch and librosa; the worker has neither. This reads the legacy (pre-1.6) torch pickle
without torch, builds the 40-bin mel power spectrogram as librosa's ``melspectrogram`` does (n_fft 400, hop 160,
Hann, centred, Slaney mel), and runs the 3-layer LSTM (256) + linear + ReLU on 1.6 s partials every 1/1.3 s, the
L2-normed mean of the partial embeddings being the utterance embedding (``VoiceEncoder.embed_utterance``). The
package's own pre-processing (volume to -30 dBFS, webrtcvad silence trimming) is left out: the units given here are
already speech alone.

Install it apart: ``pip install --target /tmp/rt-pkgs --no-deps resemblyzer==0.1.4`` (never into worker/.venv).
"""

from __future__ import annotations

import pickle
import struct
from pathlib import Path
from typing import Any, Dict, List, Tuple

import numpy as np

RATE = 16000
N_FFT, HOP, MELS, PARTIAL = 400, 160, 40, 160

_DTYPES = {"FloatStorage": np.float32, "DoubleStorage": np.float64, "LongStorage": np.int64, "IntStorage": np.int32}


class _Storage:
    def __init__(self, dtype: Any):
        self.dtype = dtype
        self.data = np.zeros(0, dtype=dtype)


class _Lazy:
    """A tensor whose storage is read after the object pickle (legacy format)."""

    def __init__(self, storage: _Storage, offset: int, size: Tuple[int, ...], stride: Tuple[int, ...]):
        self.storage, self.offset, self.size, self.stride = storage, offset, tuple(size), tuple(stride)

    def array(self) -> np.ndarray:
        item = self.storage.data.itemsize
        return np.lib.stride_tricks.as_strided(
            self.storage.data[self.offset :], shape=self.size, strides=[s * item for s in self.stride]
        ).copy()


def load_state(path: Path) -> Dict[str, np.ndarray]:
    """``torch.load(path)["model_state"]`` for a legacy-format file, as numpy arrays."""
    storages: Dict[str, _Storage] = {}

    class Unpickler(pickle.Unpickler):
        def find_class(self, module: str, name: str) -> Any:
            if module == "torch._utils" and name == "_rebuild_tensor_v2":
                return lambda storage, offset, size, stride, *_rest: _Lazy(storage, offset, size, stride)
            if module == "torch" and name in _DTYPES:
                return name
            if module == "collections" and name == "OrderedDict":
                from collections import OrderedDict

                return OrderedDict
            raise pickle.UnpicklingError(f"unexpected {module}.{name}")

        def persistent_load(self, pid: Any) -> _Storage:
            _kind, storage_type, key, _location, _size = pid[:5]
            if key not in storages:
                storages[key] = _Storage(_DTYPES[storage_type])
            return storages[key]

    with open(path, "rb") as f:
        for _ in range(3):  # magic number, protocol version, sys info
            pickle.load(f)
        result = Unpickler(f).load()
        keys = pickle.load(f)
        for key in keys:
            (count,) = struct.unpack("<q", f.read(8))
            storage = storages[key]
            storage.data = np.frombuffer(f.read(count * np.dtype(storage.dtype).itemsize), dtype=storage.dtype)
    return {name: value.array() for name, value in result["model_state"].items()}


def _hz_to_mel(f: np.ndarray) -> np.ndarray:
    f = np.asarray(f, dtype=np.float64)
    mel = f / (200.0 / 3)
    log = f >= 1000.0
    mel[log] = 15.0 + np.log(f[log] / 1000.0) / (np.log(6.4) / 27.0)
    return mel


def _mel_to_hz(m: np.ndarray) -> np.ndarray:
    m = np.asarray(m, dtype=np.float64)
    f = m * (200.0 / 3)
    log = m >= 15.0
    f[log] = 1000.0 * np.exp((np.log(6.4) / 27.0) * (m[log] - 15.0))
    return f


def mel_filters(n_fft: int = N_FFT, mels: int = MELS) -> np.ndarray:
    """librosa.filters.mel(sr=16000, n_fft=n_fft, n_mels=mels) (Slaney scale and area normalisation)."""
    freqs = np.fft.rfftfreq(n_fft, 1.0 / RATE)
    edges = _mel_to_hz(np.linspace(_hz_to_mel(np.array([0.0]))[0], _hz_to_mel(np.array([RATE / 2]))[0], mels + 2))
    widths = np.diff(edges)
    ramps = edges[:, None] - freqs[None, :]
    weights = np.zeros((mels, len(freqs)))
    for i in range(mels):
        lower = -ramps[i] / widths[i]
        upper = ramps[i + 2] / widths[i + 1]
        weights[i] = np.maximum(0, np.minimum(lower, upper))
    weights *= (2.0 / (edges[2 : mels + 2] - edges[:mels]))[:, None]
    return weights


_FILTERS = mel_filters()
_WINDOW = 0.5 - 0.5 * np.cos(2 * np.pi * np.arange(N_FFT) / N_FFT)  # periodic Hann, as librosa's


def mel_power(wav: np.ndarray) -> np.ndarray:
    padded = np.pad(wav.astype(np.float64), N_FFT // 2, mode="constant")
    count = 1 + (len(padded) - N_FFT) // HOP
    frames = np.lib.stride_tricks.as_strided(padded, shape=(count, N_FFT), strides=(padded.strides[0] * HOP, padded.strides[0]))
    power = np.abs(np.fft.rfft(frames * _WINDOW, axis=1)) ** 2
    return (power @ _FILTERS.T).astype(np.float32)


def _sigmoid(x: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-x))


class GE2E:
    def __init__(self, weights: Path):
        self.w = {k: v.astype(np.float32) for k, v in load_state(weights).items()}

    def _forward(self, mels: np.ndarray) -> np.ndarray:
        """[batch, frames, 40] -> [batch, 256] unit vectors (torch.nn.LSTM gate order i, f, g, o)."""
        x = mels
        for layer in range(3):
            wi, wh = self.w[f"lstm.weight_ih_l{layer}"], self.w[f"lstm.weight_hh_l{layer}"]
            b = self.w[f"lstm.bias_ih_l{layer}"] + self.w[f"lstm.bias_hh_l{layer}"]
            hidden = wh.shape[1]
            h = np.zeros((x.shape[0], hidden), dtype=np.float32)
            c = np.zeros_like(h)
            pre = x @ wi.T + b
            out = np.zeros((x.shape[0], x.shape[1], hidden), dtype=np.float32)
            for t in range(x.shape[1]):
                gates = pre[:, t] + h @ wh.T
                i, f, g, o = np.split(gates, 4, axis=1)
                c = _sigmoid(f) * c + _sigmoid(i) * np.tanh(g)
                h = _sigmoid(o) * np.tanh(c)
                out[:, t] = h
            x = out
        raw = np.maximum(h @ self.w["linear.weight"].T + self.w["linear.bias"], 0)
        return raw / (np.linalg.norm(raw, axis=1, keepdims=True) + 1e-9)

    def __call__(self, wav: np.ndarray, rate: float = 1.3, min_coverage: float = 0.75) -> np.ndarray:
        frames = int(np.ceil((len(wav) + 1) / HOP))
        step = int(np.round((RATE / rate) / HOP))
        starts: List[int] = list(range(0, max(1, frames - PARTIAL + step + 1), step))
        last = starts[-1] * HOP
        if len(starts) > 1 and (len(wav) - last) / (PARTIAL * HOP) < min_coverage:
            starts = starts[:-1]
        need = (starts[-1] + PARTIAL) * HOP
        if need >= len(wav):
            wav = np.pad(wav, (0, need - len(wav)))
        mel = mel_power(wav)
        mels = np.stack([mel[s : s + PARTIAL] for s in starts])
        mean = self._forward(mels).mean(axis=0)
        return mean / (np.linalg.norm(mean) + 1e-9)
