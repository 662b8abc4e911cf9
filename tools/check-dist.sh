#!/usr/bin/env bash
# Fails when the committed dist/ is not what a fresh `npm run bundle` makes from this tree.
# Builds into a scratch folder so a developer's dist/ is left as it is.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
bash tools/bundle.sh "$scratch" >/dev/null
if ! diff -r dist "$scratch" >"$scratch.diff" 2>&1; then
  echo "dist/ does not match a fresh build of src/. Run 'npm run bundle' and commit dist/." >&2
  head -c 2000 "$scratch.diff" | cut -c1-200 >&2
  rm -f "$scratch.diff"
  exit 1
fi
rm -f "$scratch.diff"
echo "dist/ matches a fresh build."
