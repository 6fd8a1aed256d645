#!/usr/bin/env bash
# Builds contactsd's fuzzer with libFuzzer and runs it: Fuzz/run.sh [SECONDS] (default 600).
# The corpus grows in .build-fuzz/corpus (seeded from FuzzSeeds); crashes and hangs are written to
# .build-fuzz/artifacts/. Not run by CI: a release build with coverage instrumentation takes many minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-600}"
CONTACTS_FUZZ=1 swift build -c release --scratch-path .build-fuzz --product DaemonFuzzer \
    -Xswiftc -sanitize=fuzzer
fuzzer=.build-fuzz/release/DaemonFuzzer
mkdir -p .build-fuzz/corpus .build-fuzz/artifacts
CONTACTS_FUZZ_WRITE_SEEDS=.build-fuzz/corpus "$fuzzer"
# -timeout: an input the daemon takes longer than this over is a hang; -rss_limit_mb: a leak that grows without
# bound fails the run.
"$fuzzer" .build-fuzz/corpus -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 -max_len=65536 \
    -artifact_prefix=.build-fuzz/artifacts/ -print_final_stats=1
