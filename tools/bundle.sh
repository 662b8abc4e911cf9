#!/usr/bin/env bash
# Builds the action into the folder given: dist/ for `npm run bundle`, a scratch folder for
# check-dist.sh, so both make the same bytes.
# ncc bundles src/ with its packages (the GitHub client split into chunks loaded on first use) and
# writes licenses.txt. Its --minify only shrinks the entry file, and without compression, so
# minify-bundle.ts minifies every chunk instead.
# undici comes in slimmed down: tsconfig.bundle.json maps it to src/vendor/undici-slim.js
# (docs/adr/0001-slim-undici.md). ncc has no option to choose a tsconfig, but its resolver
# (tsconfig-paths) reads TS_NODE_PROJECT, an absolute path.
set -euo pipefail
out="${1:?Usage: bash tools/bundle.sh OUT_DIR}"
[[ "$out" == /* ]] || out="$PWD/$out"
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# ncc overwrites the files it makes but leaves the rest: a chunk an earlier build split out would
# stay behind, loaded by nothing yet counted as part of the bundle.
rm -f -- "$out"/*.js
TS_NODE_PROJECT="$PWD/tsconfig.bundle.json" npx ncc build src/index.ts -o "$out" --license licenses.txt --quiet
npx tsx tools/minify-bundle.ts "$out"
