#!/usr/bin/env bash
# CPU-time throughput of the vCard reader and writer: user time of 20 repetitions per mode, minus the
# setup run, for 10,000 generated cards (5.92 MB), pinned to one core. Reports every run and the best, so
# the spread under load is visible. Build the driver first with Fuzz/throughput.sh.
#
# Usage: Fuzz/cputime.sh [runs] [driver]   (default 5 runs, .build/throughput/vcard-throughput)
# Modes: parse (VCardReader.read, results freed), parse-keep (results kept: reading alone), stream
# (VCardStreamReader, each card dropped as read), serialize (VCardWriter.data).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
runs="${1:-5}"
driver="${2:-$root/.build/throughput/vcard-throughput}"
cards=10000

user_time() {
    VCARD_MODE="$1" /usr/bin/time -f "%U" taskset -c 0 "$driver" "$cards" 2>&1 >/dev/null | tail -1
}

setup=$(for _ in $(seq "$runs"); do user_time setup; done | sort -n | head -1)
megabytes=5.92
for mode in parse parse-keep stream serialize; do
    times=$(for _ in $(seq "$runs"); do user_time "$mode"; done)
    rates=$(for t in $times; do awk -v t="$t" -v s="$setup" -v mb="$megabytes" 'BEGIN { printf "%.0f ", mb / ((t - s) / 20) }'; done)
    best=$(echo "$times" | sort -n | head -1)
    awk -v t="$best" -v s="$setup" -v mb="$megabytes" -v m="$mode" -v r="$rates" \
        'BEGIN { printf "%-10s best %5.1f ms/10k cards  %5.1f MB/s   (runs, MB/s: %s)\n", m, (t - s) / 20 * 1000, mb / ((t - s) / 20), r }'
done
