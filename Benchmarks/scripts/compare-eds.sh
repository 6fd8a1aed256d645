#!/usr/bin/env bash
# Ours beside Evolution Data Server on the same realistic cards, in one run (issue 17 item 5, issue 13 item 9):
#   Benchmarks/scripts/compare-eds.sh [contacts ...]      (default: 10000; DRIVER=<path> to use a built driver;
#                                                         PASSES=<n> passes a size, 2 by default, sides alternating)
# Builds EDSCompareDriver in release; for each size it writes the cards, imports and times them in our store,
# then Benchmarks/EDS/eds_bench.py imports the same file into EDS on a private session bus and times the same
# lookups with EDS's direct and D-Bus clients; Benchmarks/EDS/compare.py prints one table with the ratios.
# Not run by CI. Everything lives in a temporary directory, removed at the end (KEEP=1 keeps it).
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian's EDS, its introspection bindings, PyGObject, the session bus, and localedef's locale sources (EDS
# reads phone numbers in the region of its locale: en_US, as our side's region below).
source scripts/benchmark-setup.sh
require_packages evolution-data-server gir1.2-ebook-1.2 gir1.2-ebookcontacts-1.2 gir1.2-edataserver-1.2 python3-gi dbus dbus-daemon locales

build_driver EDSCompareDriver

work="$(mktemp -d "${TMPDIR:-/tmp}/compare-eds.XXXXXX")"
if [ "${KEEP:-0}" = 1 ]; then echo "Work directory: $work"; else trap 'rm -rf "$work"' EXIT; fi
# A private en_US.UTF-8 (the machine may have only C.UTF-8): both sides read local phone numbers as US ones.
private_locale "$work"

echo "Load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
run_ours() {
    echo "== $1 contacts: ours"
    "${in_locale[@]}" "$driver" "$1" "$work/$1" "${ROUNDS:-5}"
}
run_eds() {
    echo "== $1 contacts: Evolution Data Server $(dpkg-query -W -f '${Version}' evolution-data-server)"
    # The private bus logs each service it starts; the rest of EDS's messages stay.
    "${in_locale[@]}" /usr/bin/python3 EDS/eds_bench.py "$work/$1" 2> >(grep -v "^dbus-daemon\[" >&2)
}
# Each pass measures both sides; odd passes ours first, even passes EDS first, so that the machine's drift over
# the minutes a pass takes falls on each side in turn (one side first every time put it on one side only).
# The cards are the same in every pass (a fixed seed), so an EDS-first pass reads the book the first pass wrote.
for size in "${@:-10000}"; do
    for pass in $(seq 1 "${PASSES:-2}"); do
        echo "== pass $pass of ${PASSES:-2}, load average $(cut -d' ' -f1-3 /proc/loadavg)"
        if [ $((pass % 2)) = 1 ]; then run_ours "$size"; run_eds "$size"; else run_eds "$size"; run_ours "$size"; fi
        /usr/bin/python3 EDS/compare.py "$work/$size"
        rm -rf "$work/$size/ours" "$work/$size/eds"
    done
done
echo "Load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
