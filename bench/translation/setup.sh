#!/usr/bin/env bash
# A virtual environment with sacrebleu for the translation benchmark's chrF scores.
set -euo pipefail
venv="${XDG_CACHE_HOME:-$HOME/.cache}/scrivo/bench-venv"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check -r "$(dirname "$0")/requirements.txt"
echo "$venv/bin/python"
