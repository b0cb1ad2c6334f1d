#!/usr/bin/env bash
# Preview the docs without Quarto: processed notebooks -> HTML in _preview/ (see tools/preview_docs.py).
# Optional: `tools/preview_docs.sh --screenshot PAGE` also renders _preview/PAGE.html to _preview/PAGE.png
# with headless Chromium (Debian package `chromium`).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python}
[ -x .venv/bin/python ] && PY=.venv/bin/python
"$PY" tools/preview_docs.py
if [ "${1:-}" = "--screenshot" ]; then
  page=${2:-index}
  chromium --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync --user-data-dir="$(mktemp -d)" \
    --window-size=1280,2400 --screenshot="_preview/$page.png" "file://$PWD/_preview/$page.html"
  echo "screenshot: _preview/$page.png"
fi
