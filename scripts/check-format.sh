#!/usr/bin/env bash
# clang-format --dry-run -Werror over the project's C++ files (.clang-format at the root).
#   scripts/check-format.sh            every tracked .cpp/.h file (the whole tree is formatted)
#   scripts/check-format.sh DIR...     those folders (files directly in each, not below)
# Run as the CTest `format` (label `static`). Exits 1 naming each file that differs.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
clang_format="${CLANG_FORMAT:-clang-format}"
specs=()
if [ $# -eq 0 ] || [ "${1:-}" = "--all" ]; then
    specs=(':(glob)**/*.cpp' ':(glob)**/*.h')
else
    for dir in "$@"; do
        specs+=(":(glob)${dir%/}/*.cpp" ":(glob)${dir%/}/*.h")
    done
fi
mapfile -t files < <(git ls-files -- "${specs[@]}")
if [ ${#files[@]} -eq 0 ]; then
    echo "check-format: no files matched" >&2
    exit 1
fi
bad=()
for file in "${files[@]}"; do
    if ! "$clang_format" --dry-run -Werror "$file" >/dev/null 2>&1; then
        bad+=("$file")
    fi
done
if [ ${#bad[@]} -gt 0 ]; then
    echo "check-format: ${#bad[@]} of ${#files[@]} files differ from .clang-format:" >&2
    printf '  %s\n' "${bad[@]}" >&2
    echo "fix with: clang-format -i <file>" >&2
    exit 1
fi
echo "check-format: ${#files[@]} files match .clang-format"
