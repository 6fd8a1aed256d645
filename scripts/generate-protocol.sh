#!/usr/bin/env bash
# Regenerates Sources/ContactsProtocol/Generated from Protocol/contacts/v1/*.proto.
#
# The generated Swift is committed (building the protoc plugin takes minutes), so run this only after changing
# a .proto file. It needs protoc (Debian: protobuf-compiler) and builds protoc-gen-swift from the swift-protobuf
# version this package resolves, so the generated code matches the runtime it links.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v protoc >/dev/null || { echo "protoc is missing: apt-get install protobuf-compiler" >&2; exit 1; }
swift package resolve
plugin_package=.build/checkouts/swift-protobuf
swift build -c release --package-path "$plugin_package" --scratch-path .build-protoc-gen-swift --product protoc-gen-swift
plugin=.build-protoc-gen-swift/release/protoc-gen-swift
protoc --plugin=protoc-gen-swift="$plugin" --swift_opt=Visibility=Public --swift_opt=FileNaming=DropPath \
    --swift_out=Sources/ContactsProtocol/Generated --proto_path=Protocol Protocol/contacts/v1/contacts.proto
# The Python client of the protocol test (Tests/ContactsDaemonTests/Python) uses the same messages.
protoc --python_out=Tests/ContactsDaemonTests/Python --proto_path=Protocol/contacts/v1 Protocol/contacts/v1/contacts.proto
echo "Generated Sources/ContactsProtocol/Generated/contacts.pb.swift and Tests/ContactsDaemonTests/Python/contacts_pb2.py"
