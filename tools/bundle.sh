#!/usr/bin/env bash
# Builds the action into the folder given: dist/ for `npm run bundle`, a scratch folder for
# check-dist.sh, so both make the same bytes.
# ncc bundles src/ with its packages (the GitHub client split into chunks loaded on first use) and
# writes licenses.txt. Its --minify only shrinks the entry file, and without compression, so
# minify-bundle.ts minifies every chunk instead.
set -euo pipefail
out="${1:?Usage: bash tools/bundle.sh OUT_DIR}"
[[ "$out" == /* ]] || out="$PWD/$out"
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# ncc overwrites the files it makes but leaves the rest: a chunk an earlier build split out would
# stay behind, loaded by nothing yet counted as part of the bundle.
rm -f -- "$out"/*.js
# The input defaults come from action.yml (see tools/generate-inputs.ts).
npx tsx tools/generate-inputs.ts
npx ncc build src/index.ts -o "$out" --license licenses.txt --quiet
npx tsx tools/minify-bundle.ts "$out"
