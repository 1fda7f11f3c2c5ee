#!/usr/bin/env bash
# clang-tidy (the root .clang-tidy profile: bugprone-*, performance-*, a few readability
# checks; warnings are errors) over the plain C++ layers, in parallel.
#   scripts/check-tidy.sh BUILD_DIR            the folders in scripts/tidy-dirs.txt
#   scripts/check-tidy.sh BUILD_DIR DIR...     those folders (their .cpp files, recursively;
#                                              !DIR leaves a folder out)
# BUILD_DIR holds compile_commands.json (CMAKE_EXPORT_COMPILE_COMMANDS is on). Run as the
# CTest `tidy` (label `static`); 2.7 s of CPU a file (5 for the CLI's), most of it parsing,
# on every core: the 186 files of scripts/tidy-dirs.txt take about 9 CPU minutes, under
# 5 minutes of wall time on two idle cores (the 171 of model/, calculators/ and exporters/
# took 9m45s wall on the shared 2-core machine under a parallel build).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="$(cd "${1:?usage: check-tidy.sh BUILD_DIR [DIR...]}" && pwd)"
shift
cd "$root"
dirs=("$@")
if [ ${#dirs[@]} -eq 0 ]; then
    mapfile -t dirs < <(grep -v '^\s*\(#\|$\)' scripts/tidy-dirs.txt)
fi
# A folder's .cpp files, recursively; a line "!folder" leaves that folder out.
specs=()
for dir in "${dirs[@]}"; do
    if [[ "$dir" == '!'* ]]; then
        specs+=(":(exclude,glob)${dir#!}/**")
    else
        specs+=(":(glob)${dir%/}/**/*.cpp")
    fi
done
mapfile -t files < <(git ls-files -- "${specs[@]}")
if [ ${#files[@]} -eq 0 ]; then
    echo "check-tidy: no files matched" >&2
    exit 1
fi
jobs="$(nproc)"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
# One clang-tidy per file, $jobs at a time; any finding is an error (WarningsAsErrors: '*').
if ! printf '%s\n' "${files[@]}" \
    | xargs -P "$jobs" -n 1 clang-tidy -p "$build" --quiet >"$log" 2>&1; then
    grep -E 'error:|warning:' "$log" | grep -v '^[0-9]* warnings' | sort -u >&2 || cat "$log" >&2
    echo "check-tidy: findings in the files above (of ${#files[@]} checked)" >&2
    exit 1
fi
echo "check-tidy: ${#files[@]} files clean"
