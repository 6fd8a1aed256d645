/// The rule for well-formed identifiers of contacts, groups and containers.
///
/// Identifiers are opaque, but a save rejects with `CNError.recordIdentifierInvalid` (205) an identifier
/// that is empty, longer than 256 UTF-8 bytes, or holds a control character (U+0000 to U+001F, U+007F):
/// none of these can come from the store or from `UUID`-based identifiers, and they break logs, vCard
/// export and the command line. Lookups do not apply the rule: an identifier the store cannot have simply
/// matches nothing.
package enum RecordIdentifier {
    package static let maximumLength = 256

    package static func isWellFormed(_ identifier: String) -> Bool {
        guard !identifier.isEmpty, identifier.utf8.count <= maximumLength else { return false }
        return !identifier.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }
}
