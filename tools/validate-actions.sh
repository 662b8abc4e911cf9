#!/usr/bin/env bash
# Validates action.yml and every workflow in the repository (.github/workflows, plus example
# workflows under docs/ and examples/) against GitHub's published schemas with
# @action-validator/cli. Prints each file's verdict and exits non-zero if any file is invalid.
#
# Usage: bash tools/validate-actions.sh [ROOT]   (ROOT defaults to this repository)
set -euo pipefail

script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "${1:-$script_dir/..}" && pwd)"
validator="$script_dir/../node_modules/.bin/action-validator"

if [[ ! -x "$validator" ]]; then
  echo "action-validator is not installed ($validator missing): run 'npm ci' first." >&2
  exit 2
fi

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

cd "$root"
if [[ ! -f action.yml ]]; then
  echo "No action.yml in $root: nothing describes the action." >&2
  exit 1
fi

actions=(action.yml)
workflows=()
while IFS= read -r -d '' file; do
  workflows+=("$file")
done < <(find .github/workflows docs examples -type f \( -name '*.yml' -o -name '*.yaml' \) \
  -print0 2>/dev/null | sort -z)

invalid=()

report() {
  local file=$1 output=$2 status=$3
  if [[ $status -eq 0 ]]; then
    echo "ok       $file"
  else
    echo "INVALID  $file"
    echo "         ${output//$'\n'/$'\n'         }"
    invalid+=("$file")
  fi
}

# The validator picks the action schema only for files named action.yml, and its bundled schema
# (0.6.0) predates the node24 runtime that GitHub runs today. So a node24 action is validated as a
# copy that says node20: every other field still has to meet the schema, and any other `using`
# value is judged by the schema as written.
validate_action() {
  local file=$1 copy="$scratch/action.yml" status=0 output
  sed -E 's/^([[:space:]]+using:[[:space:]]*["'\'']?)node24(["'\'']?[[:space:]]*)$/\1node20\2/' "$file" >"$copy"
  output="$("$validator" "$copy" 2>&1)" || status=$?
  report "$file" "$output" "$status"
}

validate_workflow() {
  local file=$1 status=0 output
  output="$("$validator" "$file" 2>&1)" || status=$?
  report "$file" "$output" "$status"
}

for file in "${actions[@]}"; do validate_action "$file"; done
for file in ${workflows[@]+"${workflows[@]}"}; do validate_workflow "$file"; done

checked=$((${#actions[@]} + ${#workflows[@]}))
if [[ ${#invalid[@]} -gt 0 ]]; then
  echo "${#invalid[@]} of $checked files are invalid: ${invalid[*]}" >&2
  exit 1
fi
echo "$checked files valid."
