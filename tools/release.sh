#!/usr/bin/env bash
# Cuts a release of the action. Users pin the moving major tag (`uses: OWNER/docs-agent-action@v1`),
# so a release is two tags on the same commit: an annotated vX.Y.Z that never moves, and vX moved
# (forced) to it.
#
# Usage: bash tools/release.sh vX.Y.Z [--push]
#   Checks: on main and pushed, clean work tree, tag not taken, CHANGELOG.md has a "## [X.Y.Z]"
#   section, and dist/ is what a fresh `npm run bundle` makes. Then tags locally and prints the
#   push commands; with --push it runs them.
set -euo pipefail

usage="Usage: bash tools/release.sh vX.Y.Z [--push]   (e.g. bash tools/release.sh v1.2.0)"

fail() {
  echo "release: $*" >&2
  exit 1
}

version=""
push=false
for arg in "$@"; do
  case "$arg" in
    --push) push=true ;;
    -h | --help) echo "$usage"; exit 0 ;;
    *) [[ -z "$version" ]] || fail "more than one version given ('$version', '$arg'). $usage"
       version="$arg" ;;
  esac
done

[[ -n "$version" ]] || fail "no version given. $usage"
if [[ ! "$version" =~ ^v(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$ ]]; then
  fail "'$version' is not a release version: give it as vMAJOR.MINOR.PATCH, e.g. v1.2.0. $usage"
fi
major="v${BASH_REMATCH[1]}"
number="${version#v}"

cd "$(git rev-parse --show-toplevel)"

branch="$(git symbolic-ref --quiet --short HEAD || echo '(detached HEAD)')"
[[ "$branch" == main ]] || fail "releases are cut from main; you are on $branch. Run: git switch main"

[[ -z "$(git status --porcelain)" ]] ||
  fail "the work tree has uncommitted changes; commit or stash them first:"$'\n'"$(git status --short)"

# Tags on a commit that main on GitHub does not have would publish code nobody reviewed there.
if git rev-parse --quiet --verify refs/remotes/origin/main >/dev/null &&
  ! git merge-base --is-ancestor HEAD refs/remotes/origin/main; then
  fail "HEAD is not on origin/main; push main first (or git fetch if it is already pushed)."
fi

if git rev-parse --quiet --verify "refs/tags/$version" >/dev/null; then
  fail "tag $version already exists (on $(git rev-parse --short "$version^{commit}")); pick the next version."
fi

awk -v heading="## [$number]" 'index($0, heading) == 1 { found = 1 } END { exit !found }' CHANGELOG.md ||
  fail "CHANGELOG.md has no '## [$number] - YYYY-MM-DD' section; move the Unreleased entries under one and commit it."

echo "Checking that the committed dist/ matches a fresh build..."
bash tools/check-dist.sh || fail "dist/ is not what the source builds; run 'npm run bundle', commit dist/, then run this again."

commit="$(git rev-parse --short HEAD)"
git tag --annotate "$version" --message "$version"
git tag --force --annotate "$major" --message "$major (currently $version)" "$version^{commit}"
echo "Tagged $commit as $version and moved $major to it."

push_commands=(
  "git push origin refs/tags/$version"
  "git push --force origin refs/tags/$major"
)
if [[ "$push" == true ]]; then
  for command in "${push_commands[@]}"; do
    echo "+ $command"
    $command
  done
else
  echo "Nothing pushed. To publish, run:"
  printf '  %s\n' "${push_commands[@]}"
  echo "Then create the GitHub release for $version from its CHANGELOG.md section."
fi
