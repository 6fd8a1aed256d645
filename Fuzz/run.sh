#!/usr/bin/env bash
# Builds the vCard fuzzer with libFuzzer and AddressSanitizer and runs it, seeded with the vCard corpus.
#
# Usage: Fuzz/run.sh [seconds]   (default 600)
# Needs: the Swift toolchain (swiftc with -sanitize=fuzzer, Linux). Artifacts go to .build/fuzz/.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
seconds="${1:-600}"
out="$root/.build/fuzz"
seeds="$root/../shared/corpora/vcard"
mkdir -p "$out/corpus" "$out/artifacts"

flags=(-sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -package-name swift_contacts -I "$out")

# Each module is compiled with coverage instrumentation, so libFuzzer sees inside the reader.
swiftc "${flags[@]}" -module-name ContactsModel -emit-module -emit-module-path "$out/ContactsModel.swiftmodule" \
    -emit-library -static -o "$out/libContactsModel.a" \
    $(find "$root/Sources/ContactsModel" -name '*.swift') "$root/Fuzz/Support/ContactsModelBundle.swift"
swiftc "${flags[@]}" -module-name ContactsFormatting -emit-module -emit-module-path "$out/ContactsFormatting.swiftmodule" \
    -emit-library -static -o "$out/libContactsFormatting.a" \
    $(find "$root/Sources/ContactsFormatting" -name '*.swift')
swiftc "${flags[@]}" -module-name ContactsVCard -emit-module -emit-module-path "$out/ContactsVCard.swiftmodule" \
    -emit-library -static -o "$out/libContactsVCard.a" \
    $(find "$root/Sources/ContactsVCard" -name '*.swift')
swiftc "${flags[@]}" -module-name VCardFuzzer "$root/Fuzz/VCardFuzzer.swift" \
    -L "$out" -lContactsVCard -lContactsFormatting -lContactsModel -o "$out/vcard-fuzzer"

# Seed corpus: every corpus file, copied so libFuzzer may add to the working corpus without touching it.
find "$seeds" -type f \( -name '*.vcf' -o -name '*.ref' -o -name '*.2_1ref' \) -exec cp {} "$out/corpus/" \;

cd "$out"
./vcard-fuzzer corpus -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=4096 \
    -artifact_prefix="$out/artifacts/" -print_final_stats=1
