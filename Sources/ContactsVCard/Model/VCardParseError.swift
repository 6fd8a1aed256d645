import ContactsModel
import Foundation

/// Why the reader rejected its input, and where.
///
/// Internal to the vCard layer: ``contactsError`` maps it to `CNError.vCardMalformed` (700) in one place.
/// The message names the problem only, never the text of the card.
package struct VCardParseError: Error, Hashable, Sendable {
    /// The kind of problem.
    package struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Kind: Hashable, Sendable {
            case contentOutsideCard
            case unterminatedCard
            case unexpectedEnd
            case invalidPropertyName
        }

        private let kind: Kind

        /// A line that is neither blank nor `BEGIN:VCARD` where a card should begin.
        package static let contentOutsideCard = Code(kind: .contentOutsideCard)
        /// A card whose `END:VCARD` never comes.
        package static let unterminatedCard = Code(kind: .unterminatedCard)
        /// An `END:VCARD` without a card to end.
        package static let unexpectedEnd = Code(kind: .unexpectedEnd)
        /// A content line whose group or property name has characters a name cannot hold.
        package static let invalidPropertyName = Code(kind: .invalidPropertyName)

        package var description: String {
            switch kind {
            case .contentOutsideCard: "content outside a card"
            case .unterminatedCard: "card without END:VCARD"
            case .unexpectedEnd: "END:VCARD without BEGIN:VCARD"
            case .invalidPropertyName: "invalid property name"
            }
        }
    }

    /// The kind of problem.
    package let code: Code
    /// The 1-based line the problem is on; for an unterminated card, the line of its `BEGIN:VCARD`.
    package let line: Int

    package init(_ code: Code, line: Int) {
        self.code = code
        self.line = line
    }

    /// The public error: `CNError.vCardMalformed` with the line number in
    /// `ContactsErrorUserInfoLineNumberKey`.
    package var contactsError: CNError {
        CNError(
            .vCardMalformed,
            userInfo: [
                ContactsErrorUserInfoLineNumberKey: line,
                NSDebugDescriptionErrorKey: "vCard: \(code) at line \(line)",
            ]
        )
    }
}
