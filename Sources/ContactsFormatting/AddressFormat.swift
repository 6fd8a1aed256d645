import Foundation

/// The layout of a postal address in one region and script: lines of fields and the text between them.
///
/// Parsed from libaddressinput's format strings (see `AddressFormatTable`) with these rules, which
/// docs/Formatting.md explains: `%N` (name), `%O` (organization) and `%X` (sorting code) are not parts of a
/// `CNPostalAddress` and are dropped; a line left with literal text only (such as "JERSEY") is dropped, as the
/// country line is ours to print; a national prefix ending in "-" before the postal code (such as "CH-") is
/// dropped, as on Apple platforms.
package struct AddressFormat: Sendable, Equatable {
    /// A field of a `CNPostalAddress` that a format places.
    package enum Field: Character, Sendable, CaseIterable {
        case street = "A"
        case subLocality = "D"
        case city = "C"
        case state = "S"
        case postalCode = "Z"
    }

    /// A piece of a line: a field, or literal text printed between fields.
    package enum Segment: Sendable, Equatable {
        case field(Field)
        case literal(String)
    }

    /// The lines of the layout, top to bottom.
    package var lines: [[Segment]]

    /// Whether the layout starts with the largest unit (postal code or state before the street), as Chinese,
    /// Japanese and Korean addresses do; the country line then goes first.
    package var isLargestFirst: Bool {
        for line in lines {
            for segment in line {
                guard case .field(let field) = segment else { continue }
                return field == .postalCode || field == .state
            }
        }
        return false
    }

    /// The fields the layout places, in order.
    package var fields: [Field] {
        lines.flatMap { line in
            line.compactMap { segment -> Field? in
                if case .field(let field) = segment { return field }
                return nil
            }
        }
    }

    package init(lines: [[Segment]]) {
        self.lines = lines
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
            if line.contains(where: { if case .field = $0 { return true } else { return false } }) {
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
            // %N, %O, %X and unknown tokens print nothing.
        }
        endLine()
        self.lines = lines
    }

    /// Whether literal text before a postal code is a national prefix for international mail, like "CH-".
    private static func isNationalPrefix(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasSuffix("-"), trimmed.count >= 2, trimmed.count <= 4 else { return false }
        return trimmed.dropLast().allSatisfy { $0.isASCII && $0.isUppercase }
    }
}
