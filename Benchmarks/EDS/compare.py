#!/usr/bin/python3
"""Prints ours beside Evolution Data Server from one run's WORKDIR/ours.json and WORKDIR/eds.json.

    python3 Benchmarks/EDS/compare.py WORKDIR

Ratios are ours ÷ EDS: below 1 we are faster, above 1 EDS is.
"""

import json
import os
import sys


def load(workdir, name):
    with open(os.path.join(workdir, name), encoding="utf-8") as file:
        return json.load(file)


def figure(result):
    return f"{result['p50_us']:,.1f} / {result['p95_us']:,.1f}"


def ratio(ours, theirs):
    return f"{ours['p50_us'] / theirs['p50_us']:.2f}× / {ours['p95_us'] / theirs['p95_us']:.2f}×"


def refused(result):
    return f" ({result['errors']:,} refused as invalid queries)" if result.get("errors") else ""


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: compare.py WORKDIR")
    ours = load(sys.argv[1], "ours.json")
    eds = load(sys.argv[1], "eds.json")
    direct = {r["operation"]: r for r in eds["clients"]["direct"]["results"]}
    dbus = {r["operation"]: r for r in eds["clients"]["dbus"]["results"]}
    print(f"\n{ours['size']:,} contacts. Import: ours {ours['import_seconds']:.1f} s ({ours['import_per_second']:,.0f}/s, "
          f"one importVCards call); EDS {eds['import_seconds']:.1f} s ({eds['import_per_second']:,.0f}/s, "
          f"add_contacts_sync over D-Bus in batches of 1,000)\n")
    print("| operation | ours p50 / p95 µs | EDS direct p50 / p95 µs | ours ÷ direct | EDS D-Bus p50 / p95 µs "
          "| ours ÷ D-Bus | hits: ours / EDS |")
    print("|---|---|---|---|---|---|---|")
    for result in ours["results"]:
        name = result["operation"]
        print(f"| {name} | {figure(result)} | {figure(direct[name])} | {ratio(result, direct[name])} "
              f"| {figure(dbus[name])} | {ratio(result, dbus[name])} | {result['hits']:,} / {direct[name]['hits']:,}"
              f"{refused(direct[name])} |")
    if ours.get("phone_misses"):
        print(f"\nOurs found no contact for {ours['phone_misses']:,} of the phone lookups (each number is on a contact).")
    overhead = direct["PyGObject call overhead"]
    print(f"\nPyGObject's own cost of a call (in the EDS figures, not in a C client's): {figure(overhead)} µs")
    eds_hits = eds["clients"]["direct"]["prefix_hits"]
    print("\nName prefix hits, ours (matchingName) / EDS (beginswith full_name):")
    print(", ".join(f"{query} {count:,} / {eds_hits[query]:,}" for query, count in ours["prefix_hits"].items()))


if __name__ == "__main__":
    main()
