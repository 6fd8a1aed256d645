#!/usr/bin/env bash
# contactsd over its socket beside Evolution Data Server over D-Bus, on the same cards, in one run (issue 13,
# item 9). As root (the daemon benchmark starts a real contactsd as the driver's user):
#   Benchmarks/scripts/compare-daemon-eds.sh [contacts ...]      (default: 10000; DRIVER=<path> to use a built driver)
# For each size, DaemonDriver --eds fills the daemon's store with the realistic address book (seed 7), writes the
# same cards to book.vcf with the plan of lookups (name prefix, fetch by UID, fetch all UIDs, phone lookup: the
# operations and inputs of EDSCompareDriver), and times them through CNContactStore() on contactsd and on the
# embedded store, call for call; then Benchmarks/EDS/eds_bench.py imports book.vcf into EDS on a private session
# bus and times the same lookups with EDS's D-Bus and direct clients; compare-daemon-eds.py prints the table.
# Not run by CI. Everything lives in a temporary directory, removed at the end (KEEP=1 keeps it).
set -euo pipefail
cd "$(dirname "$0")/.."

needed=(evolution-data-server gir1.2-ebook-1.2 gir1.2-ebookcontacts-1.2 gir1.2-edataserver-1.2 python3-gi dbus
    dbus-daemon locales)
missing=()
for package in "${needed[@]}"; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
    echo "Missing packages: ${missing[*]} (compare-eds.sh installs them, or apt-get install them)" >&2
    exit 69
fi
[ "$(id -u)" -eq 0 ] || { echo "Run as root: DaemonDriver starts contactsd as its own user" >&2; exit 77; }

if [ -z "${DRIVER:-}" ]; then
    swift build -c release --product DaemonDriver 2>&1 | grep -E "error|Build" || true
fi
driver="${DRIVER:-$(swift build -c release --show-bin-path)/DaemonDriver}"
[ -x "$driver" ] || { echo "DaemonDriver did not build" >&2; exit 70; }

work="$(mktemp -d "${TMPDIR:-/tmp}/compare-daemon-eds.XXXXXX")"
if [ "${KEEP:-0}" = 1 ]; then echo "Work directory: $work"; else trap 'rm -rf "$work"' EXIT; fi
# A private en_US.UTF-8, as compare-eds.sh: both sides read local phone numbers as US ones (the daemon inherits
# the driver's environment).
mkdir -p "$work/locale"
localedef -i en_US -f UTF-8 "$work/locale/en_US.UTF-8" >/dev/null 2>&1 || [ -d "$work/locale/en_US.UTF-8" ] ||
    { echo "localedef could not build en_US.UTF-8" >&2; exit 70; }
in_locale=(env LOCPATH="$work/locale" LANG=en_US.UTF-8 LC_ALL=en_US.UTF-8)

for size in "${@:-10000}"; do
    echo "== $size contacts: contactsd and embedded ($(date -u +%H:%M:%S) UTC, load $(cut -d' ' -f1-3 /proc/loadavg))"
    "${in_locale[@]}" "$driver" "$size" --eds "$work" --rounds "${ROUNDS:-10}" --clients 0
    echo "== $size contacts: Evolution Data Server $(dpkg-query -W -f '${Version}' evolution-data-server)" \
        "($(date -u +%H:%M:%S) UTC, load $(cut -d' ' -f1-3 /proc/loadavg))"
    "${in_locale[@]}" /usr/bin/python3 EDS/eds_bench.py "$work/$size" 2> >(grep -v "^dbus-daemon\[" >&2)
    /usr/bin/python3 scripts/compare-daemon-eds.py "$work/$size"
    rm -rf "$work/$size/eds"
done
echo "Load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
