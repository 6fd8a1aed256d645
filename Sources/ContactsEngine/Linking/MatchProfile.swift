import ContactsModel
import Foundation
import GRDB

/// The parts of a card automatic linking compares.
struct MatchProfile {
    /// The folded name, "" when the card has none.
    var name: String
    /// The name's search words.
    var words: [String]
    /// (labeled-value identifier, lower-cased address)
    var emails: [(String, String)]
    /// (labeled-value identifier, number as typed)
    var phones: [(String, String)]

    static func fetch(contactID: Int64, in db: Database) throws -> MatchProfile? {
        // Cursors, not fetchOne or fetchAll: copied rows hold text cut at U+0000 (see StoredText), and a name
        // cut there would match another one.
        let rows = try Row.fetchCursor(
            db.cachedStatement(
                sql: "SELECT contact_type, given_name, family_name, organization_name FROM contact WHERE id = ?"),
            arguments: [contactID]
        )
        guard let row = try rows.next() else { return nil }
        let isOrganization = (row[0] as Int) == CNContactType.organization.rawValue
        let parts = (isOrganization ? [row[3] as StoredText] : [row[1], row[2]]).map(\.string)
        let folded = parts.map { TextFolding.fold($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        let name = folded.allSatisfy(\.isEmpty) ? "" : (isOrganization ? "org " : "") + folded.joined(separator: " ")
        var profile = MatchProfile(name: name, words: parts.flatMap(TextFolding.words), emails: [], phones: [])
        let values = try Row.fetchCursor(
            db.cachedStatement(
                sql:
                    "SELECT kind, identifier, value FROM contact_value WHERE contact_id = ? AND kind IN (1, 2) ORDER BY kind, position"
            ),
            arguments: [contactID]
        )
        while let value = try values.next() {
            let text = (value[2] as StoredText).string
            if (value[0] as Int) == 1 {
                profile.phones.append((value[1], text))
            } else {
                profile.emails.append((value[1], text.lowercased()))
            }
        }
        return profile
    }

    func sharedEmail(with other: MatchProfile) -> [String]? {
        for (identifier, address) in emails {
            if let match = other.emails.first(where: { $0.1 == address }) { return [identifier, match.0] }
        }
        return nil
    }

    func sharedPhone(with other: MatchProfile) -> [String]? {
        for (identifier, number) in phones {
            let match = other.phones.first { candidate in
                switch PhoneNumberMatcher.match(number, candidate.1) {
                case .exact, .nsn: true
                default: false
                }
            }
            if let match { return [identifier, match.0] }
        }
        return nil
    }
}
