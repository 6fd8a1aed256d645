#!/usr/bin/env bash
# vCard parse and serialize, ours beside Evolution Data Server's C library, same cards, same run (issue 17 item 7):
#   Benchmarks/scripts/compare-eds-vcard.sh [cards]     (default 10000; DRIVER=<path> to use a built driver,
#                                                        ROUNDS=<n> rounds per process, default 7;
#                                                        BOOKS="realistic sample" the books, default both)
# Builds VCardCompareDriver in release and Benchmarks/EDS/vcard_bench.c with gcc + pkg-config. For each book the
# driver writes the cards to a file and times our public API on it; vcard_bench times EDS on the same file. Both
# run twice, alternating, pinned to one core; each figure is the best CPU time (see both programs' comments for
# what each figure holds). Prints one table with the ratios. Not run by CI. Everything lives in a temporary
# directory, removed at the end (KEEP=1 keeps it).
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/benchmark-setup.sh
require_packages libebook-contacts1.2-dev pkg-config gcc

build_driver VCardCompareDriver

work="$(mktemp -d "${TMPDIR:-/tmp}/compare-eds-vcard.XXXXXX")"
if [ "${KEEP:-0}" = 1 ]; then echo "Work directory: $work"; else trap 'rm -rf "$work"' EXIT; fi
# -Wno-deprecated-declarations: EDS's own headers use GTimeVal.
gcc -O2 -Wall -Wno-deprecated-declarations -o "$work/vcard_bench" EDS/vcard_bench.c \
    $(pkg-config --cflags --libs libebook-contacts-1.2)

pin=()
command -v taskset >/dev/null && pin=(taskset -c 0)
cards="${1:-10000}"
rounds="${ROUNDS:-7}"
eds_version="$(dpkg-query -W -f '${Version}' libebook-contacts-1.2-4 2>/dev/null || echo unknown)"

echo "Load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for book in ${BOOKS:-realistic sample}; do
    file="$work/$book.vcf"
    for pass in 1 2; do
        "${pin[@]}" "$driver" "$book" "$cards" "$file" "$rounds" >"$work/ours.$pass"
        "${pin[@]}" "$work/vcard_bench" "$file" "$rounds" >"$work/eds.$pass"
    done
    # The best of both passes for each key, then one table.
    awk -F= -v book="$book" -v eds="$eds_version" '
        FNR == 1 { side = (FILENAME ~ /ours/) ? "ours" : "eds" }
        {
            key = side "." $1
            if ($1 ~ /_ms$/) { if (!(key in value) || $2 + 0 < value[key]) value[key] = $2 + 0 }
            else value[key] = $2
        }
        function row(name, ours_ms, ours_bytes, eds_ms, eds_bytes) {
            printf "| %-44s | %9.1f | %7.1f | %9.1f | %7.1f | %5.2fx |\n", name, ours_ms, ours_bytes / ours_ms / 1000,
                eds_ms, eds_bytes / eds_ms / 1000, eds_ms / ours_ms
        }
        END {
            bytes = value["ours.bytes"]
            printf "\n%s book: %d cards, %.2f MB (EDS libebook-contacts %s)\n\n", book, value["ours.cards"], bytes / 1e6, eds
            printf "| %-44s | %9s | %7s | %9s | %7s | %6s |\n", "operation (ours / EDS)", "ours ms", "MB/s", "EDS ms", "MB/s", "ratio"
            printf "|%s|%s|%s|%s|%s|%s|\n", "----------------------------------------------", "-----------", "---------", "-----------", "---------", "--------"
            row("parse: read all, then free all", value["ours.parse_ms"], bytes, value["eds.parse_ms"], bytes)
            row("parse: read all, freed after the clock", value["ours.parse_kept_ms"], bytes, value["eds.parse_kept_ms"], bytes)
            row("parse / EDS one card at a time, freed", value["ours.parse_ms"], bytes, value["eds.stream_ms"], bytes)
            row("parse / EDS construct only (lazy, no value)", value["ours.parse_ms"], bytes, value["eds.construct_ms"], bytes)
            row("serialize (MB/s of each side'"'"'s output)", value["ours.serialize_ms"], value["ours.serialized_bytes"],
                value["eds.serialize_ms"], value["eds.serialized_bytes"])
            printf "\nratio = EDS time / our time (same cards). Serialized output: ours %.2f MB, EDS %.2f MB.\n",
                value["ours.serialized_bytes"] / 1e6, value["eds.serialized_bytes"] / 1e6
        }
    ' "$work/ours.1" "$work/ours.2" "$work/eds.1" "$work/eds.2"
    if [ "$(awk -F= '$1 == "cards" { print $2 }' "$work/eds.1")" != "$cards" ]; then
        echo "EDS read $(awk -F= '$1 == "cards" { print $2 }' "$work/eds.1") cards of $cards" >&2
        exit 70
    fi
done
echo
echo "Load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
