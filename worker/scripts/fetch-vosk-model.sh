#!/usr/bin/env bash
# Fetches the small English Vosk model (live captions) from Maven Central, checks its sha256 and
# unpacks it into worker/models/vosk-model-en-us (idempotent). The model ships inside the Android
# artifact com.alphacephei:vosk-model-en:0.3.45:aar; other versions on Maven Central are empty stubs.
#
#   worker/scripts/fetch-vosk-model.sh [TARGET_DIR]
set -euo pipefail

WORKER_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TARGET="${1:-$WORKER_DIR/models/vosk-model-en-us}"
VERSION=0.3.45
SHA256=8a5792fccaf873b4745dbd1b3fe19d8a77a15898e806674020eea820424771cd
URL="https://repo1.maven.org/maven2/com/alphacephei/vosk-model-en/$VERSION/vosk-model-en-$VERSION.aar"
M2_FILE="$HOME/.m2/repository/com/alphacephei/vosk-model-en/$VERSION/vosk-model-en-$VERSION.aar"

say() { printf '[vosk model] %s\n' "$*"; }

if [ -f "$TARGET/.sha256" ] && [ "$(cat "$TARGET/.sha256")" = "$SHA256" ] && [ -f "$TARGET/am/final.mdl" ]; then
  say "already unpacked in $TARGET"
  exit 0
fi

# Maven's local repository first (CI machines often have it), then mvn, then a plain download.
AAR="$M2_FILE"
if [ ! -f "$AAR" ] && command -v mvn >/dev/null 2>&1; then
  say "fetching com.alphacephei:vosk-model-en:$VERSION:aar with mvn"
  mvn -B -q org.apache.maven.plugins:maven-dependency-plugin:3.6.1:get \
    -Dartifact="com.alphacephei:vosk-model-en:$VERSION:aar" -Dtransitive=false || true
fi
if [ ! -f "$AAR" ]; then
  AAR="$(mktemp --suffix=.aar)"
  trap 'rm -f "$AAR"' EXIT
  say "downloading $URL"
  curl -fsSL --retry 3 -o "$AAR" "$URL"
fi

GOT="$(sha256sum "$AAR" | cut -d' ' -f1)"
if [ "$GOT" != "$SHA256" ]; then
  say "ERROR: sha256 of $AAR is $GOT, expected $SHA256" >&2
  exit 1
fi

say "unpacking assets/model-en-us into $TARGET"
rm -rf "$TARGET.partial"
python3 - "$AAR" "$TARGET.partial" <<'PY'
import sys, zipfile
from pathlib import Path
aar, out = sys.argv[1], Path(sys.argv[2])
prefix = "assets/model-en-us/"
with zipfile.ZipFile(aar) as archive:
    for info in archive.infolist():
        if info.filename.startswith(prefix) and not info.is_dir():
            dest = out / info.filename[len(prefix):]
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_bytes(archive.read(info))
PY
# Longer pauses before Vosk closes an utterance (0.5 s by default): cut at a short pause, an utterance
# loses the words after it as context ("ask not what" became "as not | what" on JFK). Live text still
# settles earlier, by agreement between consecutive partials (scrivo_speech/live/vosk_engine.py).
sed -i -e 's/rule2.min-trailing-silence=0.5/rule2.min-trailing-silence=0.75/' \
  -e 's/rule3.min-trailing-silence=0.75/rule3.min-trailing-silence=0.9/' "$TARGET.partial/conf/model.conf"
echo "$SHA256" > "$TARGET.partial/.sha256"
rm -rf "$TARGET"
mv "$TARGET.partial" "$TARGET"
say "done: $TARGET"
