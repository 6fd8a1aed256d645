#!/usr/bin/env python3
"""Prints FloorBenchmarks' figures as docs/Store.md's table: ours beside the raw-SQLite floor, per size.

Reads the percentile files of one run, written by
    cd Benchmarks && swift package benchmark --target FloorBenchmarks --format histogramPercentiles --path DIR
(one TSV per benchmark and metric, percentiles 0 to 100, in the benchmark's time unit, µs), and prints wall
clock p50 / p90 / p95 / p99 and the ratios ours ÷ floor at p50 and p95 (issue 17's goals are on p95).

Usage: scripts/floor-table.py DIR
"""
import glob
import os
import re
import sys

# (row, our benchmark, the floor's benchmark, goal as the largest ratio at p95)
ROWS = [
    ("name prefix, given+family keys", "Realistic name prefix, given+family, ours", "Realistic name prefix, floor", 1.5),
    ("name prefix, all keys but the image", "Realistic name prefix, all keys but image, ours",
     "Realistic name prefix, floor with cards", 3.0),
    ("phone lookup", "Realistic phone lookup, ours", "Realistic phone lookup, floor", 2.0),
    ("fetch by identifier, all keys but the image", "Realistic fetch by identifier, all keys but image, ours",
     "Realistic fetch by identifier, floor", 3.0),
]
PERCENTILES = (50, 90, 95, 99)


def read(directory):
    """Benchmark name (spaces as in the source) -> {percentile: value} for the wall clock."""
    figures = {}
    for path in glob.glob(os.path.join(directory, "*.wallClock.histogram.percentiles.tsv")):
        match = re.match(r".*?\.FloorBenchmarks\.(.*)\.wallClock\.histogram\.percentiles\.tsv$", os.path.basename(path))
        if not match:
            continue
        values = {}
        with open(path) as file:
            next(file)  # the header: "Percentile\twallClock (μs)"
            for line in file:
                percentile, value = line.split("\t")
                values[int(percentile)] = float(value)
        figures[match.group(1).replace("_", " ")] = values
    return figures


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    figures = read(sys.argv[1])
    if not figures:
        sys.exit(f"no wallClock percentile files in {sys.argv[1]}")
    sizes = sorted({int(name.rsplit(", ", 1)[1]) for name in figures})
    print("| operation | contacts | ours p50 / p90 / p95 / p99 µs | floor p50 / p90 / p95 / p99 µs "
          "| ratio p50 | ratio p95 | goal (p95) | met |")
    print("|---|---|---|---|---|---|---|---|")
    for row, ours_name, floor_name, goal in ROWS:
        for size in sizes:
            ours = figures.get(f"{ours_name}, {size}")
            floor = figures.get(f"{floor_name}, {size}")
            if ours is None or floor is None:
                print(f"| {row} | {size:,} | missing | missing | | | | |")
                continue
            ratio50 = ours[50] / floor[50]
            ratio95 = ours[95] / floor[95]
            text = lambda values: " / ".join(f"{values[p]:,.0f}" for p in PERCENTILES)
            print(f"| {row} | {size:,} | {text(ours)} | {text(floor)} | {ratio50:.2f}× | {ratio95:.2f}× "
                  f"| ≤ {goal:g}× | {'met' if ratio95 <= goal else 'missed'} |")


if __name__ == "__main__":
    main()
