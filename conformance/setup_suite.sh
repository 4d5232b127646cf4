#!/usr/bin/env bash
# Get the official array-api-tests suite, and the spec it pins as its `array-api`
# submodule, at the commits arraykit's results were measured with, into the git-ignored
# folder .array-api-tests/ at the repository root.
#
#   conformance/setup_suite.sh [SUITE_SOURCE] [SPEC_SOURCE]
#
# Each source is anything `git clone` takes: by default the repositories on GitHub; give
# the paths of local clones or mirrors to work offline. Safe to re-run. The suite's code
# is never committed to this repository.
set -euo pipefail

SUITE_COMMIT=55fcc60179efa2680ddd6cd926ddf17b83530e2b
SPEC_COMMIT=5f847a3858875c682ae901aa22b0413bf24be9da
SUITE_SOURCE=${1:-https://github.com/data-apis/array-api-tests}
SPEC_SOURCE=${2:-https://github.com/data-apis/array-api}

ROOT=$(cd "$(dirname "$0")/.." && pwd)
DEST="$ROOT/.array-api-tests"

# clone_at SOURCE DIR COMMIT: DIR holds SOURCE checked out at COMMIT (detached).
clone_at() {
    local source=$1 dir=$2 commit=$3
    if [ ! -d "$dir/.git" ]; then
        rm -rf "$dir"
        git clone --quiet --no-checkout "$source" "$dir"
    fi
    if ! git -C "$dir" cat-file -e "$commit^{commit}" 2>/dev/null; then
        git -C "$dir" fetch --quiet "$source" "$commit"
    fi
    git -C "$dir" checkout --quiet --detach "$commit"
}

clone_at "$SUITE_SOURCE" "$DEST" "$SUITE_COMMIT"
# The spec is the suite's submodule: cloned from SPEC_SOURCE (not the URL in .gitmodules,
# so a local mirror works offline), at the commit the suite records.
clone_at "$SPEC_SOURCE" "$DEST/array-api" "$SPEC_COMMIT"

PINNED=$(git -C "$DEST" ls-tree HEAD array-api | awk '{print $3}')
if [ "$PINNED" != "$SPEC_COMMIT" ]; then
    echo "error: the suite pins array-api at $PINNED, this script expects $SPEC_COMMIT" >&2
    exit 1
fi
echo "array-api-tests ${SUITE_COMMIT:0:8} (spec ${SPEC_COMMIT:0:8}) ready in $DEST"
