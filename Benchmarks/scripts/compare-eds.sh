#!/usr/bin/env bash
# Ours beside Evolution Data Server on the same realistic cards, in one run (issue 17 item 5, issue 13 item 9):
#   Benchmarks/scripts/compare-eds.sh [contacts ...]      (default: 10000; DRIVER=<path> to use a built driver)
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
for size in "${@:-10000}"; do
    echo "== $size contacts: ours"
    "${in_locale[@]}" "$driver" "$size" "$work/$size" "${ROUNDS:-5}"
    echo "== $size contacts: Evolution Data Server $(dpkg-query -W -f '${Version}' evolution-data-server)"
    # The private bus logs each service it starts; the rest of EDS's messages stay.
    "${in_locale[@]}" /usr/bin/python3 EDS/eds_bench.py "$work/$size" 2> >(grep -v "^dbus-daemon\[" >&2)
    /usr/bin/python3 EDS/compare.py "$work/$size"
    rm -rf "$work/$size/ours" "$work/$size/eds"
done
echo "Load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
