#!/usr/bin/env bash
# Builds the Debian package with cpack, installs it with dpkg into a fresh root, and checks it
# as a user and a distribution would: the installed clusterwright-cli runs from its installed
# path, the desktop entry and AppStream metainfo pass their validators, the MIME type and man
# pages are there, and bash completion works from the installed files.
#   check-package.sh <build dir> <project version>
set -euo pipefail
build=$1
version=$2
work=$(mktemp -d "${TMPDIR:-/tmp}/cw-package.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
checks=0
ok() { checks=$((checks + 1)); echo "ok: $*"; }

(cd "$build" && cpack -G DEB -B "$work/out" >"$work/cpack.log" 2>&1) \
    || { cat "$work/cpack.log"; fail "cpack -G DEB"; }
deb="$work/out/clusterwright_${version}_amd64.deb"
[ -f "$deb" ] || fail "no package $deb (cpack wrote: $(ls "$work/out"))"
ok "cpack wrote $(basename "$deb") ($(du -k "$deb" | cut -f1) KiB)"

info=$(dpkg-deb --info "$deb")
grep -q "^ Package: clusterwright$" <<<"$info" || fail "Package field"
grep -q "^ Version: ${version}$" <<<"$info" || fail "Version field is not $version"
grep -qE "^ Depends: .*libqt6widgets6" <<<"$info" || fail "Depends lacks Qt Widgets: $(grep Depends <<<"$info")"
ok "control: clusterwright $version, depends on $(grep -oE 'libqt6widgets6[^,]*' <<<"$info")"

# A fresh root with its own dpkg database: dpkg itself unpacks and registers the package.
root="$work/root"
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates"
touch "$root/var/lib/dpkg/status"
dpkg --root="$root" --force-not-root --force-depends --force-script-chrootless \
    --log=/dev/null -i "$deb" >"$work/dpkg.log" 2>&1 || { cat "$work/dpkg.log"; fail "dpkg -i"; }
dpkg --root="$root" -s clusterwright | grep -q "^Status: install ok installed" \
    || fail "dpkg does not list clusterwright as installed"
ok "dpkg installed it into a fresh root"

for f in usr/bin/clusterwright usr/bin/clusterwright-cli \
    usr/share/applications/clusterwright.desktop \
    usr/share/icons/hicolor/scalable/apps/clusterwright.svg \
    usr/share/mime/packages/clusterwright-design.xml \
    usr/share/metainfo/io.github.clusterwright.Clusterwright.metainfo.xml \
    usr/share/bash-completion/completions/clusterwright-cli \
    usr/share/man/man1/clusterwright-cli.1.gz usr/share/man/man1/clusterwright-cli-export.1.gz; do
    [ -e "$root/$f" ] || [ -e "$root/${f%.gz}" ] || fail "missing /$f"
done
ok "installed files in place"

cli="$root/usr/bin/clusterwright-cli"
out=$("$cli" --version)
[ "$out" = "Clusterwright ${version} (design schema version $(sed -n 's/.*kDesignSchemaVersion = \([0-9]*\).*/\1/p' "$(dirname "$0")/../../model/io/SchemaVersion.h"))" ] \
    || fail "installed --version says: $out"
ok "installed clusterwright-cli --version: $out"
"$cli" info "$(dirname "$0")/../../resources/examples/8dgx-h100-ndr.cluster.json" --json \
    | python3 -c 'import json,sys; d=json.load(sys.stdin); assert d["gpus"]==64, d["gpus"]' \
    || fail "installed clusterwright-cli cannot read the example"
ok "installed clusterwright-cli reads a design (64 GPUs)"
# The report is a module the program loads from usr/lib/clusterwright (app/cli/CMakeLists.txt).
[ -f "$root/usr/lib/clusterwright/clusterwright-report.so" ] || fail "missing the report module"
"$cli" export "$(dirname "$0")/../../resources/examples/8dgx-h100-ndr.cluster.json" \
    --format report --param report.date=2026-01-01 -o "$work/report" >/dev/null \
    || fail "installed clusterwright-cli cannot export the facilities report"
[ "$(head -c 5 "$work/report/facilities-report.pdf")" = "%PDF-" ] || fail "the report is no PDF"
ok "installed clusterwright-cli exports the facilities report through its module"

desktop-file-validate "$root/usr/share/applications/clusterwright.desktop" || fail "desktop-file-validate"
ok "desktop-file-validate"
appstreamcli validate --no-net --explain \
    "$root/usr/share/metainfo/io.github.clusterwright.Clusterwright.metainfo.xml" \
    || fail "appstreamcli validate"
ok "appstreamcli validate"
python3 - "$root/usr/share/mime/packages/clusterwright-design.xml" <<'PY' || fail "MIME XML"
import sys, xml.etree.ElementTree as ET
ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
t = ET.parse(sys.argv[1]).find("m:mime-type", ns)
assert t.get("type") == "application/x-clusterwright-design"
assert t.find("m:glob", ns).get("pattern") == "*.cluster.json"
PY
grep -q "MimeType=application/x-clusterwright-design;" "$root/usr/share/applications/clusterwright.desktop" \
    || fail "the desktop entry does not open the design MIME type"
ok "MIME type *.cluster.json -> application/x-clusterwright-design, opened by the desktop entry"

page=$(ls "$root/usr/share/man/man1/clusterwright-cli.1"* | head -1)
zcat -f "$page" | grep -q '^\.TH CLUSTERWRIGHT-CLI' || fail "man page header"
zcat -f "$page" | grep -q 'validate' || fail "man page lists no commands"
pages=$(ls "$root/usr/share/man/man1" | wc -l)
ok "man pages: $pages"

# Completion, from the installed script against the installed program.
words=$(bash -c "source '$root/usr/share/bash-completion/completions/clusterwright-cli'
    COMP_WORDS=('$cli' export --format sl); COMP_CWORD=3; _clusterwright_cli; echo \"\${COMPREPLY[*]}\"")
[ "$words" = "slurm" ] || fail "completion of 'export --format sl' gave '$words'"
words=$(bash -c "source '$root/usr/share/bash-completion/completions/clusterwright-cli'
    COMP_WORDS=('$cli' va); COMP_CWORD=1; _clusterwright_cli; echo \"\${COMPREPLY[*]}\"")
[ "$words" = "validate" ] || fail "completion of 'va' gave '$words'"
ok "bash completion from the installed files"

echo "$checks passed, 0 failed"
