#!/usr/bin/env bash
# Builds the action into the folder given: dist/ for `npm run bundle`, a scratch folder for
# check-dist.sh, so both make the same bytes.
# ncc bundles src/ with its packages (the GitHub client split into chunks loaded on first use). Its
# --minify only shrinks the entry file, and without compression, so minify-bundle.ts minifies every
# chunk instead; its --license misses packages reached through ES module imports, so licenses.ts
# lists every package webpack bundled, from the build's stats.
set -euo pipefail
out="${1:?Usage: bash tools/bundle.sh OUT_DIR}"
[[ "$out" == /* ]] || out="$PWD/$out"
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# ncc overwrites the files it makes but leaves the rest: a chunk an earlier build split out would
# stay behind, loaded by nothing yet counted as part of the bundle.
rm -f -- "$out"/*.js
stats="$(mktemp)"
trap 'rm -f "$stats"' EXIT
npx ncc build src/index.ts -o "$out" --stats-out "$stats" --quiet
npx tsx tools/minify-bundle.ts "$out"
npx tsx tools/licenses.ts "$stats" >"$out/licenses.txt"
