#!/usr/bin/env bash
# Install what is missing, build with warnings as errors, run the whole CTest suite.
#   ./scripts/test.sh                 normal build (build/test)
#   CW_SANITIZE=address,undefined ./scripts/test.sh   sanitizer build (build/sanitize)
#   CW_UPDATE_GOLDEN=1 ./scripts/test.sh               regenerate golden files under tests/data
# The static checks are CTests too (label `static`): `format` (clang-format --dry-run -Werror
# over every tracked .cpp/.h) and `tidy` (clang-tidy over scripts/tidy-dirs.txt). Started
# first (CTest COST) so the slow tidy run overlaps the other tests.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=deps.sh
source "$root/scripts/deps.sh"
cw_install_packages "${cw_build_packages[@]}" "${cw_test_packages[@]}"

# ccache in preprocessor mode only: its direct mode can tie an object to header contents that
# changed while the compiler ran (a merge or checkout during a build), and a stale object
# whose struct layouts differ links into a crashing program.
export CCACHE_NODIRECT=1

build="$root/build/test"
extra=()
if [ -n "${CW_SANITIZE:-}" ]; then
    build="$root/build/sanitize"
    extra+=("-DCW_SANITIZE=${CW_SANITIZE//,/;}")
fi
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCW_WARNINGS_AS_ERRORS=ON \
    -DCW_BUILD_BENCHMARKS=ON "${extra[@]}" >/dev/null
cmake --build "$build" --parallel "$(nproc)"
export QT_QPA_PLATFORM=offscreen
cd "$build"
ctest --output-on-failure --parallel "$(nproc)" --timeout 900
