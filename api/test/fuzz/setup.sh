#!/usr/bin/env bash
# Creates api/test/fuzz/.venv with the pinned schemathesis (requirements.txt beside this script) for the API fuzz
# test (api/test/fuzz/schemathesis.test.ts). Idempotent: pip runs only when requirements.txt changed.
# PYTHON=/path/to/python3 chooses the interpreter (3.10+).
set -euo pipefail

DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
VENV="$DIR/.venv"
PYTHON="${PYTHON:-python3}"
say() { printf '[fuzz setup] %s\n' "$*"; }

if ! "$PYTHON" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else 1)' 2>/dev/null; then
  say "ERROR: $PYTHON is missing or older than 3.10 (Debian: apt-get install -y python3 python3-venv)." >&2
  exit 1
fi
if ! { [ -x "$VENV/bin/python" ] && "$VENV/bin/python" -c 'import sys' >/dev/null 2>&1; }; then
  say "creating virtualenv $VENV"
  rm -rf "$VENV"
  "$PYTHON" -m venv "$VENV"
fi

STAMP="$VENV/.scrivo-requirements.sha256"
WANT="$(sha256sum "$DIR/requirements.txt" | cut -d' ' -f1)"
if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$WANT" ]; then
  say "requirements already installed (unchanged since last run)"
else
  say "installing pinned requirements from PyPI"
  "$VENV/bin/python" -m pip install --disable-pip-version-check --no-input --progress-bar off -r "$DIR/requirements.txt"
  echo "$WANT" > "$STAMP"
fi
"$VENV/bin/schemathesis" --version
