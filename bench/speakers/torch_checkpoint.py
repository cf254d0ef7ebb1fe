"""The tensors of a PyTorch checkpoint in the zip format (``torch.save`` since 1.6) as numpy arrays, without torch
(bench only: the worker has no PyTorch). Reads ``*/data.pkl`` with an unpickler that rebuilds each tensor from its
storage file ``*/data/<key>`` (little-endian, C order by its strides)."""

from __future__ import annotations

import pickle
import zipfile
from collections import OrderedDict
from pathlib import Path
from typing import Any, Dict, Tuple, Union

import numpy as np

_DTYPES = {"FloatStorage": np.float32, "DoubleStorage": np.float64, "HalfStorage": np.float16,
           "LongStorage": np.int64, "IntStorage": np.int32, "ShortStorage": np.int16, "CharStorage": np.int8,
           "ByteStorage": np.uint8, "BoolStorage": np.bool_}


class _StorageType:
    def __init__(self, name: str):
        self.dtype = _DTYPES[name]


def _rebuild_tensor(storage: np.ndarray, offset: int, size: Tuple[int, ...], stride: Tuple[int, ...], *_: Any) -> np.ndarray:
    if not size:
        return storage[offset].copy()
    item = storage.itemsize
    return np.lib.stride_tricks.as_strided(storage[offset:], shape=tuple(size), strides=tuple(s * item for s in stride)).copy()


def _rebuild_parameter(data: np.ndarray, *_: Any) -> np.ndarray:
    return data


def load_state(path: Union[str, Path]) -> Dict[str, Any]:
    """The pickled object (usually a state dict) with every tensor as a numpy array."""
    archive = zipfile.ZipFile(path)
    pkl = next(n for n in archive.namelist() if n.endswith("/data.pkl"))
    root = pkl[: -len("data.pkl")]

    class Unpickler(pickle.Unpickler):
        def find_class(self, module: str, name: str) -> Any:
            if module == "torch._utils" and name == "_rebuild_tensor_v2":
                return _rebuild_tensor
            if module == "torch._utils" and name == "_rebuild_parameter":
                return _rebuild_parameter
            if module == "torch" and name in _DTYPES:
                return _StorageType(name)
            if module == "collections" and name == "OrderedDict":
                return OrderedDict
            raise pickle.UnpicklingError(f"unexpected {module}.{name} in {path}")

        def persistent_load(self, pid: Any) -> np.ndarray:
            _kind, storage_type, key, _location, _numel = pid
            return np.frombuffer(archive.read(f"{root}data/{key}"), dtype=storage_type.dtype)

    with archive.open(pkl) as f:
        loaded: Dict[str, Any] = Unpickler(f).load()
    return loaded
