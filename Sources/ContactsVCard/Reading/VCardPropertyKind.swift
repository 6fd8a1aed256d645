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

    /// One name of ``byName`` for matching bytes: its first eight upper-case bytes packed into an integer.
    private struct Entry {
        var key: UInt64
        var length: Int
        var kind: VCardPropertyKind
        /// The full name, for names longer than the key.
        var word: [UInt8]
    }

    /// The names of ``byName`` as packed keys, sorted by length; ``starts`` gives where each length
    /// begins. A line's name is matched without making a string or hashing one (both showed in profiles
    /// at a few percent each), by comparing one integer per candidate of the same length.
    private static let table: (entries: [Entry], starts: [Int]) = {
        let names = byName.sorted { ($0.key.utf8.count, $0.key) < ($1.key.utf8.count, $1.key) }
        let entries = names.map { name, kind in
            let word = Array(name.utf8)
            return Entry(key: packedKey(word[...], 0..<word.count), length: word.count, kind: kind, word: word)
        }
        let longest = entries.last?.length ?? 0
        var starts = [Int](repeating: entries.count, count: longest + 2)
        for (index, entry) in entries.enumerated().reversed() {
            starts[entry.length] = index
        }
        // Lengths with no names start where the next length does.
        for length in stride(from: longest, through: 0, by: -1) where starts[length] > starts[length + 1] {
            starts[length] = starts[length + 1]
        }
        return (entries, starts)
    }()

    /// The first eight bytes of a range, upper-cased and packed little-endian.
    @inline(__always)
    private static func packedKey(_ bytes: ArraySlice<UInt8>, _ range: Range<Int>) -> UInt64 {
        var key: UInt64 = 0
        var shift: UInt64 = 0
        for index in range.lowerBound..<min(range.upperBound, range.lowerBound + 8) {
            key |= UInt64(VCardBytes.upper(bytes[index])) &<< shift
            shift &+= 8
        }
        return key
    }

    /// The property named by a range of a line, matched without regard to ASCII case; nil when the reader
    /// does not model it.
    static func lookup(_ line: ArraySlice<UInt8>, _ range: Range<Int>) -> VCardPropertyKind? {
        let length = range.count
        guard length > 0 else { return nil }
        let key = packedKey(line, range)
        return table.starts.withUnsafeBufferPointer { starts in
            guard length + 1 < starts.count else { return nil }
            return table.entries.withUnsafeBufferPointer { entries in
                // Reads fields in place: copying an entry would retain and release its word.
                for index in starts[length]..<starts[length + 1] where entries[index].key == key {
                    if length <= 8 || VCardContentLine.matches(line, range, entries[index].word) {
                        return entries[index].kind
                    }
                }
                return nil
            }
        }
    }
}
