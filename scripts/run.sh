#!/usr/bin/env bash
# Build a Release Clusterwright and start the workbench on the reference design.
#   ./scripts/run.sh                       opens the GUI on resources/examples/8dgx-h100-ndr.cluster.json
#   ./scripts/run.sh FILE.cluster.json     opens FILE
#   ./scripts/run.sh --cli info FILE       runs clusterwright-cli with the given arguments
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=deps.sh
source "$root/scripts/deps.sh"
cw_install_packages "${cw_build_packages[@]}"

# Preprocessor mode only (see test.sh).
export CCACHE_NODIRECT=1
build="$root/build/release"
if [ ! -f "$build/build.ninja" ]; then
    cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCW_BUILD_TESTS=OFF >/dev/null
fi
# Quiet when all is built; the full log is shown only when the build fails.
if ! cmake --build "$build" --parallel "$(nproc)" >"$build/build.log" 2>&1; then
    cat "$build/build.log" >&2
    exit 1
fi

if [ "${1:-}" = "--cli" ]; then
    shift
    exec "$build/app/cli/clusterwright-cli" "$@"
fi
if [ $# -eq 0 ]; then
    set -- "$root/resources/examples/8dgx-h100-ndr.cluster.json"
fi
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ -z "${QT_QPA_PLATFORM:-}" ]; then
    echo "No display found: set DISPLAY, or run under xvfb-run, or use --cli." >&2
    exit 1
fi
exec "$build/app/gui/clusterwright" "$@"
