#!/usr/bin/env bash
# Build the documentation site offline and check it in a real browser: one command.
#   tools/build_docs.sh            -> _preview/ (every notebook a page), then tools/check_site.py on it
# Pages: tools/preview_docs.py (nbdev's processors + nbconvert, MathJax served from the site, no network).
# Check: headless Chromium (Debian package `chromium`) loads every page with the network cut off and fails on raw TeX,
# console errors, resources that do not load or come from outside the site, broken links or anchors, and mentions of
# files outside the repository; screenshots of four pages go to _preview/screenshots/.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python}
[ -x .venv/bin/python ] && PY=.venv/bin/python
PYTHON=$PY tools/preview_docs.sh
"$PY" tools/check_site.py _preview --screenshots index,rdt,median_forests,roc
