#!/usr/bin/env bash
# Builds the action into the folder given: dist/ for `npm run bundle`, a scratch folder for
# check-dist.sh, so both make the same bytes.
set -euo pipefail
out="${1:?Usage: bash tools/bundle.sh OUT_DIR}"
[[ "$out" == /* ]] || out="$PWD/$out"
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# ncc overwrites the files it makes but leaves the rest: a chunk an earlier build split out would
# stay behind, loaded by nothing yet counted as part of the bundle.
rm -f -- "$out"/*.js
npx ncc build src/index.ts -o "$out" --minify --license licenses.txt --quiet
