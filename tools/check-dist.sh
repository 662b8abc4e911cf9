#!/usr/bin/env bash
# Fails when dist/ is not what a fresh `npm run bundle` makes from this tree: a changed, missing or
# extra file. The one dist/ check, for `npm run check` and CI alike.
#   bash tools/check-dist.sh              builds into a scratch folder, removed afterwards
#   bash tools/check-dist.sh OUT_DIR      keeps the fresh build in OUT_DIR (CI uploads it)
# dist/ itself is never touched, so a developer's build is left as it is.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
expected="${1:-$scratch/dist}"
mkdir -p "$expected"
bash tools/bundle.sh "$expected" >/dev/null
if ! diff -r dist "$expected" >"$scratch/diff" 2>&1; then
  echo "dist/ does not match a fresh build of src/. Run 'npm run bundle' and commit dist/." >&2
  head -c 2000 "$scratch/diff" | cut -c1-200 >&2
  exit 1
fi
echo "dist/ matches a fresh build."
