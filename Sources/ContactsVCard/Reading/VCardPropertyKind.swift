/// The properties the reader models, looked up once per line from the name's bytes.
enum VCardPropertyKind {
    case version, productIdentifier, name, formattedName, nickname, maidenName
    case phoneticGiven, phoneticMiddle, phoneticFamily, phoneticOrganization, sound
    case organization, title, note, photo, birthday, alternateBirthday
    case kind, showAs, uid, member, categories
    case label, countryCode, subLocality, subAdministrativeArea
    case telephone, email, url, address, instantMessage, socialProfile, date, relatedNames, related
    case legacyInstantMessage
    /// Card boundaries and the vCard 2.1 agent: the stream reader's business, unknown to the builder.
    case begin, end, agent

    static let byName: [String: VCardPropertyKind] = {
        var table: [String: VCardPropertyKind] = [
            "VERSION": .version, "PRODID": .productIdentifier, "N": .name, "FN": .formattedName,
            "NICKNAME": .nickname, "X-MAIDENNAME": .maidenName, "X-PHONETIC-FIRST-NAME": .phoneticGiven,
            "X-PHONETIC-MIDDLE-NAME": .phoneticMiddle, "X-PHONETIC-LAST-NAME": .phoneticFamily,
            "X-PHONETIC-ORG": .phoneticOrganization, "X-PHONETIC-ORGANIZATION": .phoneticOrganization,
            "SOUND": .sound, "ORG": .organization, "TITLE": .title, "NOTE": .note, "PHOTO": .photo,
            "BDAY": .birthday, "X-ALTBDAY": .alternateBirthday, "KIND": .kind, "X-ADDRESSBOOKSERVER-KIND": .kind,
            "X-ABSHOWAS": .showAs, "UID": .uid, "MEMBER": .member, "X-ADDRESSBOOKSERVER-MEMBER": .member,
            "CATEGORIES": .categories, "X-ABLABEL": .label, "X-ABADR": .countryCode,
            "X-APPLE-SUBLOCALITY": .subLocality, "X-APPLE-SUBADMINISTRATIVEAREA": .subAdministrativeArea,
            "TEL": .telephone, "EMAIL": .email, "URL": .url, "ADR": .address, "IMPP": .instantMessage,
            "X-SOCIALPROFILE": .socialProfile, "X-ABDATE": .date, "ANNIVERSARY": .date, "X-ANNIVERSARY": .date,
            "X-EVOLUTION-ANNIVERSARY": .date, "X-MS-ANNIVERSARY": .date, "X-ABRELATEDNAMES": .relatedNames,
            "RELATED": .related, "BEGIN": .begin, "END": .end, "AGENT": .agent,
        ]
        for name in VCardServices.legacyInstantMessageProperties.keys {
            table[name] = .legacyInstantMessage
        }
        return table
    }()

    /// The names of ``byName`` as bytes, bucketed by length, so a line's name is matched without making a
    /// string or hashing one (both showed in profiles at a few percent each).
    private static let byLength: [[(word: [UInt8], kind: VCardPropertyKind)]] = {
        let longest = byName.keys.map(\.utf8.count).max() ?? 0
        var buckets = [[(word: [UInt8], kind: VCardPropertyKind)]](repeating: [], count: longest + 1)
        // Common names first within a bucket; the order only affects speed.
        for (name, kind) in byName.sorted(by: { $0.key < $1.key }) {
            buckets[name.utf8.count].append((Array(name.utf8), kind))
        }
        return buckets
    }()

    /// The property named by a range of a line, matched without regard to ASCII case; nil when the reader
    /// does not model it.
    static func lookup(_ line: [UInt8], _ range: Range<Int>) -> VCardPropertyKind? {
        let buckets = byLength
        guard range.count < buckets.count, !range.isEmpty else { return nil }
        let first = VCardBytes.upper(line[range.lowerBound])
        let last = VCardBytes.upper(line[range.upperBound - 1])
        for entry in buckets[range.count] {
            // First and last letters rule out nearly every other name of the same length cheaply.
            guard entry.word[0] == first, entry.word[entry.word.count - 1] == last else { continue }
            if VCardContentLine.matches(line, range, entry.word) { return entry.kind }
        }
        return nil
    }
}
