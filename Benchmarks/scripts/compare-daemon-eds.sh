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

[ "$(id -u)" -eq 0 ] || { echo "Run as root: DaemonDriver starts contactsd as its own user" >&2; exit 77; }
source scripts/benchmark-setup.sh
require_packages evolution-data-server gir1.2-ebook-1.2 gir1.2-ebookcontacts-1.2 gir1.2-edataserver-1.2 python3-gi dbus dbus-daemon locales

build_driver DaemonDriver

work="$(mktemp -d "${TMPDIR:-/tmp}/compare-daemon-eds.XXXXXX")"
if [ "${KEEP:-0}" = 1 ]; then echo "Work directory: $work"; else trap 'rm -rf "$work"' EXIT; fi
# A private en_US.UTF-8, as compare-eds.sh: both sides read local phone numbers as US ones (the daemon inherits
# the driver's environment).
private_locale "$work"

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
