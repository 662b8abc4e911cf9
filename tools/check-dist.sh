#!/usr/bin/env bash
# Fails when dist/ is not what a fresh `npm run bundle` makes from this tree: a changed, missing or
# extra file. The one dist/ check, for `npm run check` (which CI runs) and tools/release.ts alike.
#   bash tools/check-dist.sh              builds into a scratch folder, removed afterwards
#   bash tools/check-dist.sh OUT_DIR      when dist/ differs, leaves the fresh build in OUT_DIR
# EXPECTED_DIST_DIR in the environment is OUT_DIR when no argument gives one: CI sets it, so that
# `npm run check` leaves the build there for the workflow to upload, and nothing when dist/ matches.
# dist/ itself is never touched, so a developer's build is left as it is.
# The build checks no types: the lint checks every file's (tools/eslint-type-errors.js), so `npm run
# check` runs no tsc of its own.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
out="${1:-${EXPECTED_DIST_DIR:-}}"
mkdir "$scratch/dist"
if ! bash tools/bundle.sh "$scratch/dist" >/dev/null; then
  echo "The build of src/ failed: see ncc's error above (a type error is the lint's to find: npm run lint)." >&2
  exit 1
fi
if ! diff -r dist "$scratch/dist" >"$scratch/diff" 2>&1; then
  echo "dist/ does not match a fresh build of src/. Run 'npm run bundle' and commit dist/." >&2
  head -c 2000 "$scratch/diff" | cut -c1-200 >&2
  if [[ -n "$out" ]]; then
    mkdir -p "$out"
    cp -R "$scratch/dist/." "$out/"
    echo "The fresh build is in $out." >&2
  fi
  exit 1
fi
echo "dist/ matches a fresh build."
