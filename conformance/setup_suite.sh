#!/usr/bin/env bash
# Clone the array-api-tests suite (and its pinned spec submodule) from local
# git mirrors into the git-ignored folder .array-api-tests/ at the repo root.
#
#   conformance/setup_suite.sh [MIRROR_SUITE] [MIRROR_SPEC]
#
# The suite's code is never committed to this repository.
set -euo pipefail

SUITE_COMMIT=55fcc60179efa2680ddd6cd926ddf17b83530e2b
SPEC_COMMIT=5f847a3858875c682ae901aa22b0413bf24be9da
MIRROR_SUITE=${1:-/work/.mirror/data-apis+array-api-tests/repo}
MIRROR_SPEC=${2:-/work/.mirror/data-apis+array-api/repo}

ROOT=$(cd "$(dirname "$0")/.." && pwd)
DEST="$ROOT/.array-api-tests"

if [ ! -d "$DEST/.git" ]; then
    git clone --quiet --no-checkout "$MIRROR_SUITE" "$DEST"
fi
git -C "$DEST" fetch --quiet "$MIRROR_SUITE" "$SUITE_COMMIT" 2>/dev/null || true
git -C "$DEST" checkout --quiet --detach "$SUITE_COMMIT"

# The spec lives in the `array-api` submodule; clone it from the local mirror
# instead of the URL in .gitmodules, then pin it to the commit the suite records.
if [ ! -d "$DEST/array-api/.git" ]; then
    rm -rf "$DEST/array-api"
    git clone --quiet --no-checkout "$MIRROR_SPEC" "$DEST/array-api"
fi
git -C "$DEST/array-api" fetch --quiet "$MIRROR_SPEC" "$SPEC_COMMIT" 2>/dev/null || true
git -C "$DEST/array-api" checkout --quiet --detach "$SPEC_COMMIT"

PINNED=$(git -C "$DEST" ls-tree HEAD array-api | awk '{print $3}')
if [ "$PINNED" != "$SPEC_COMMIT" ]; then
    echo "warning: suite pins array-api at $PINNED, expected $SPEC_COMMIT" >&2
fi
echo "array-api-tests $SUITE_COMMIT (spec $SPEC_COMMIT) ready in $DEST"
