import Foundation

/// The layout of a postal address in one region and script: lines of fields and the text between them.
///
/// Parsed from libaddressinput's format strings (see `AddressFormatTable`) with these rules, which
/// docs/Formatting.md explains: `%N` (name), `%O` (organization) and `%X` (sorting code) are not parts of a
/// `CNPostalAddress` and print as empty fields; a line left with literal text only (such as "JERSEY") is
/// dropped, as the country line is ours to print; a national prefix ending in "-" before the postal code (such
/// as "CH-") is dropped, as on Apple platforms.
package struct AddressFormat: Sendable, Equatable {
    /// A field a format places. Name, organization and sorting code are not parts of a `CNPostalAddress`:
    /// they always print as empty, so the text around them is dropped as it is around any empty field.
    package enum Field: Character, Sendable, CaseIterable {
        case street = "A"
        case subLocality = "D"
        case city = "C"
        case state = "S"
        case postalCode = "Z"
        case name = "N"
        case organization = "O"
        case sortingCode = "X"

        /// Whether the field is a part of a `CNPostalAddress`.
        package var isPostalField: Bool {
            switch self {
            case .name, .organization, .sortingCode: false
            default: true
            }
        }
    }

    /// A piece of a line: a field, or literal text printed between fields.
    package enum Segment: Sendable, Equatable {
        case field(Field)
        case literal(String)
    }

    /// The lines of the layout, top to bottom.
    package var lines: [[Segment]]

    /// Whether the layout starts with the largest unit, as Chinese, Japanese, Korean and Russian addresses
    /// do: the first line with postal fields starts with the postal code or the state and has no street.
    /// The country line then goes first.
    package let isLargestFirst: Bool

    private static func startsWithLargestUnit(_ lines: [[Segment]]) -> Bool {
        for line in lines {
            let fields = line.compactMap { segment -> Field? in
                if case .field(let field) = segment, field.isPostalField { return field }
                return nil
            }
            guard let first = fields.first else { continue }
            return (first == .postalCode || first == .state) && !fields.contains(.street)
        }
        return false
    }

    /// The fields the layout places, in order.
    package var fields: [Field] {
        lines.flatMap { line in
            line.compactMap { segment -> Field? in
                if case .field(let field) = segment, field.isPostalField { return field }
                return nil
            }
        }
    }

    package init(lines: [[Segment]]) {
        self.lines = lines
        self.isLargestFirst = Self.startsWithLargestUnit(lines)
    }

    /// Parses a libaddressinput format string such as "%N%n%O%n%A%n%C %S %Z".
    package init(parsing format: String) {
        var lines: [[Segment]] = []
        var line: [Segment] = []
        var literal = ""
        var iterator = format.makeIterator()
        func flushLiteral() {
            if !literal.isEmpty { line.append(.literal(literal)) }
            literal = ""
        }
        func endLine() {
            flushLiteral()
            let hasPostalField = line.contains { segment in
                if case .field(let field) = segment { return field.isPostalField }
                return false
            }
            if hasPostalField {
                lines.append(line)
            }
            line = []
        }
        while let character = iterator.next() {
            guard character == "%", let token = iterator.next() else {
                literal.append(character)
                continue
            }
            if token == "n" {
                endLine()
            } else if let field = Field(rawValue: token) {
                if field == .postalCode, Self.isNationalPrefix(literal) {
                    literal = ""
                }
                flushLiteral()
                line.append(.field(field))
            }
            // Unknown tokens print nothing.
        }
        endLine()
        self.init(lines: lines)
    }

    /// Whether literal text before a postal code is a national prefix for international mail, like "CH-".
    private static func isNationalPrefix(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasSuffix("-"), trimmed.count >= 2, trimmed.count <= 4 else { return false }
        return trimmed.dropLast().allSatisfy { $0.isASCII && $0.isUppercase }
    }
}
