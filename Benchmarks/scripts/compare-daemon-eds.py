#!/usr/bin/python3
"""Prints contactsd beside Evolution Data Server's D-Bus client from one run of compare-daemon-eds.sh.

    python3 Benchmarks/scripts/compare-daemon-eds.py WORKDIR

Reads WORKDIR/ours.json (contactsd over its socket), WORKDIR/embedded.json (the same calls on the embedded
store, call for call with the daemon's) and WORKDIR/eds.json (Benchmarks/EDS/eds_bench.py). Ratios are
daemon ÷ EDS: below 1 the daemon is faster.
"""

import json
import os
import sys


def load(workdir, name):
    with open(os.path.join(workdir, name), encoding="utf-8") as file:
        return json.load(file)


def figure(result):
    return f"{result['p50_us']:,.1f} / {result['p95_us']:,.1f}"


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: compare-daemon-eds.py WORKDIR")
    daemon = load(sys.argv[1], "ours.json")
    embedded = {r["operation"]: r for r in load(sys.argv[1], "embedded.json")["results"]}
    eds = load(sys.argv[1], "eds.json")
    dbus = {r["operation"]: r for r in eds["clients"]["dbus"]["results"]}
    direct = {r["operation"]: r for r in eds["clients"]["direct"]["results"]}
    print(f"\n{daemon['size']:,} contacts, all keys but the image on our side\n")
    print("| operation | contactsd p50 / p95 µs | embedded p50 / p95 µs | EDS D-Bus p50 / p95 µs "
          "| contactsd ÷ EDS D-Bus | EDS direct p50 / p95 µs | hits: contactsd / EDS | ahead of EDS D-Bus |")
    print("|---|---|---|---|---|---|---|---|")
    for result in daemon["results"]:
        name = result["operation"]
        theirs = dbus[name]
        p50 = result["p50_us"] / theirs["p50_us"]
        p95 = result["p95_us"] / theirs["p95_us"]
        ahead = "yes" if p50 < 1 and p95 < 1 else ("at p50 only" if p50 < 1 else ("at p95 only" if p95 < 1 else "no"))
        refused = f" ({theirs['errors']:,} refused)" if theirs.get("errors") else ""
        print(f"| {name} | {figure(result)} | {figure(embedded[name])} | {figure(theirs)} | {p50:.2f}× / {p95:.2f}× "
              f"| {figure(direct[name])} | {result['hits']:,} / {theirs['hits']:,}{refused} | {ahead} |")
    overhead = dbus["PyGObject call overhead"]
    print(f"\nPyGObject's own cost of a call (in the EDS figures, not in a C client's): {figure(overhead)} µs")


if __name__ == "__main__":
    main()
