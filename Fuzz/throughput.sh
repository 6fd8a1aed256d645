#!/usr/bin/env bash
# Builds and runs the vCard throughput driver (release mode, one core): parse and serialize MB/s on
# generated cards.
#
# Usage: Fuzz/throughput.sh [card count]   (default 10000)
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/.build/throughput"
mkdir -p "$out"
flags=(-O -wmo -parse-as-library -swift-version 6 -package-name swift_contacts -I "$out")

swiftc "${flags[@]}" -module-name ContactsModel -emit-module -emit-module-path "$out/ContactsModel.swiftmodule" \
    -emit-library -static -o "$out/libContactsModel.a" $(find "$root/Sources/ContactsModel" -name '*.swift') "$root/Fuzz/Support/ContactsModelBundle.swift"
swiftc "${flags[@]}" -module-name ContactsFormatting -emit-module -emit-module-path "$out/ContactsFormatting.swiftmodule" \
    -emit-library -static -o "$out/libContactsFormatting.a" $(find "$root/Sources/ContactsFormatting" -name '*.swift')
swiftc "${flags[@]}" -module-name ContactsVCard -emit-module -emit-module-path "$out/ContactsVCard.swiftmodule" \
    -emit-library -static -o "$out/libContactsVCard.a" $(find "$root/Sources/ContactsVCard" -name '*.swift')
swiftc "${flags[@]}" -module-name ContactsSampleData -emit-module -emit-module-path "$out/ContactsSampleData.swiftmodule" \
    -emit-library -static -o "$out/libContactsSampleData.a" $(find "$root/Sources/ContactsSampleData" -name '*.swift')
swiftc "${flags[@]}" -module-name VCardThroughput "$root/Fuzz/VCardThroughput.swift" \
    -L "$out" -lContactsSampleData -lContactsVCard -lContactsFormatting -lContactsModel -o "$out/vcard-throughput"

taskset -c 0 "$out/vcard-throughput" "${1:-10000}" 2>/dev/null || "$out/vcard-throughput" "${1:-10000}"
