import ContactsModel

/// The type tokens of one property, as flags for the tokens that map to labels.
package struct VCardTypes {
    package struct Flags: OptionSet, Sendable {
        package var rawValue: UInt16
        package init(rawValue: UInt16) { self.rawValue = rawValue }
        package static let home = Flags(rawValue: 1 << 0)
        package static let work = Flags(rawValue: 1 << 1)
        package static let other = Flags(rawValue: 1 << 2)
        package static let school = Flags(rawValue: 1 << 3)
        package static let cell = Flags(rawValue: 1 << 4)
        package static let iPhone = Flags(rawValue: 1 << 5)
        package static let appleWatch = Flags(rawValue: 1 << 6)
        package static let main = Flags(rawValue: 1 << 7)
        package static let fax = Flags(rawValue: 1 << 8)
        package static let pager = Flags(rawValue: 1 << 9)
    }

    /// The label-bearing tokens present.
    package var flags: Flags = []
    /// The first token that maps to no label and is not ignorable: a custom label.
    package var custom: String?

    /// The tokens that carry a label, or that say nothing about it but are common enough to be matched first;
    /// ``knownFlag(_:_:)`` recognizes exactly these (tested).
    package static let known: [(String, Flags)] = [
        ("HOME", .home), ("WORK", .work), ("CELL", .cell), ("VOICE", []), ("PREF", []), ("INTERNET", []),
        ("OTHER", .other), ("SCHOOL", .school), ("MOBILE", .cell), ("IPHONE", .iPhone),
        ("APPLEWATCH", .appleWatch), ("MAIN", .main), ("FAX", .fax), ("PAGER", .pager),
    ]

    /// The flags of a token of ``known`` (empty for `VOICE`, `PREF`, `INTERNET`), nil for any other token.
    ///
    /// Chooses the candidates by the first letter and compares with static strings: walking ``known`` (an
    /// array of arrays behind a lazy global) cost ~180 instructions a token, ten tokens a realistic card.
    private static func knownFlag(_ line: ArraySlice<UInt8>, _ range: Range<Int>) -> Flags? {
        @inline(__always)
        func spells(_ word: StaticString) -> Bool { VCardBytes.spells(line, range, word) }
        switch VCardBytes.upper(line[range.lowerBound]) {
        case UInt8(ascii: "A"): return spells("APPLEWATCH") ? .appleWatch : nil
        case UInt8(ascii: "C"): return spells("CELL") ? .cell : nil
        case UInt8(ascii: "F"): return spells("FAX") ? .fax : nil
        case UInt8(ascii: "H"): return spells("HOME") ? .home : nil
        case UInt8(ascii: "I"): return spells("INTERNET") ? [] : spells("IPHONE") ? .iPhone : nil
        case UInt8(ascii: "M"): return spells("MOBILE") ? .cell : spells("MAIN") ? .main : nil
        case UInt8(ascii: "O"): return spells("OTHER") ? .other : nil
        case UInt8(ascii: "P"): return spells("PREF") ? [] : spells("PAGER") ? .pager : nil
        case UInt8(ascii: "S"): return spells("SCHOOL") ? .school : nil
        case UInt8(ascii: "V"): return spells("VOICE") ? [] : nil
        case UInt8(ascii: "W"): return spells("WORK") ? .work : nil
        default: return nil
        }
    }

    /// Tokens that say nothing about the label.
    private static let ignored: [[UInt8]] = [
        "MSG", "X400", "BBS", "MODEM", "CAR", "ISDN", "VIDEO", "PCS", "TEXT", "TEXTPHONE", "DOM", "INTL",
        "POSTAL", "PARCEL", "JPEG", "PNG", "GIF", "PERSONAL", "ENCODING", "CHARSET",
    ].map { Array($0.utf8) }

    /// Adds the token spelled by a range of a line.
    mutating func add(_ line: ArraySlice<UInt8>, _ range: Range<Int>) {
        if range.isEmpty { return }
        if let flag = Self.knownFlag(line, range) {
            flags.insert(flag)
            return
        }
        guard custom == nil else { return }
        if Self.ignored.contains(where: { VCardContentLine.matches(line, range, $0) }) { return }
        if range.count >= 2, VCardBytes.upper(line[range.lowerBound]) == UInt8(ascii: "X"),
            line[range.lowerBound + 1] == UInt8(ascii: "-")
        {
            return
        }
        if line[range].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) { return }
        custom = String(decoding: line[range], as: UTF8.self)
    }
}

/// The mapping between vCard type parameters and Apple's labels, both ways.
///
/// Reading: `HOME`, `WORK`, `OTHER`, `SCHOOL` map to the generic labels; for phones `CELL`/`MOBILE` to
/// mobile, `IPHONE`, `MAIN`, `PAGER`, and `FAX` with `HOME`, `WORK` or alone to the fax labels. Tokens that
/// only describe the medium (`VOICE`, `INTERNET`, `PREF`, `POSTAL`, ...) and vendor `X-` tokens are
/// ignored; any other token becomes a custom label as written. An `X-ABLabel` in the same group wins.
package enum VCardLabels {
    /// A label read from a file, as the shared constant when it spells a predefined label.
    ///
    /// Apple exports write predefined labels such as `_$!<HomePage>!$_` as `X-ABLabel` text; returning the
    /// constant lets every contact share one string instead of holding a copy (one object fewer a card).
    package static func interned(_ label: String) -> String {
        // Predefined labels are longer than a small string; shorter text costs nothing to keep.
        let length = label.utf8.count
        guard length > 15, label.utf8.first == UInt8(ascii: "_") else { return label }
        // Compared with the few labels of the same length (equal-length ASCII strings compare as bytes): a
        // dictionary lookup hashed the label first, ~900 instructions a label in callgrind.
        let byLength = predefinedByLength
        guard length < byLength.count else { return label }
        for candidate in byLength[length] where candidate == label {
            return candidate
        }
        return label
    }

    /// The predefined labels, by their length in UTF-8 bytes.
    private static let predefinedByLength: [[String]] = {
        var buckets: [[String]] = []
        for label in allGenericLabels + allContactRelationLabels {
            let length = label.utf8.count
            if buckets.count <= length { buckets += Array(repeating: [], count: length + 1 - buckets.count) }
            if !buckets[length].contains(label) { buckets[length].append(label) }
        }
        return buckets
    }()

    /// The label of a phone number from its type tokens.
    package static func phoneLabel(_ types: VCardTypes) -> String? {
        let flags = types.flags
        if flags.contains(.iPhone) { return CNLabelPhoneNumberiPhone }
        if flags.contains(.appleWatch) { return CNLabelPhoneNumberAppleWatch }
        if flags.contains(.main) { return CNLabelPhoneNumberMain }
        if flags.contains(.fax) {
            if flags.contains(.home) { return CNLabelPhoneNumberHomeFax }
            if flags.contains(.work) { return CNLabelPhoneNumberWorkFax }
            return CNLabelPhoneNumberOtherFax
        }
        if flags.contains(.pager) { return CNLabelPhoneNumberPager }
        if flags.contains(.cell) { return CNLabelPhoneNumberMobile }
        return genericLabel(types)
    }

    /// The label of an e-mail address, postal address, URL or instant message address.
    package static func genericLabel(_ types: VCardTypes) -> String? {
        let flags = types.flags
        if flags.contains(.home) { return CNLabelHome }
        if flags.contains(.work) { return CNLabelWork }
        if flags.contains(.other) { return CNLabelOther }
        if flags.contains(.school) { return CNLabelSchool }
        return types.custom
    }

    /// The token sets the writer uses for phone labels; ``phoneTypeSet(for:)`` picks one.
    package static let phoneTypeSets: [[String]] = [
        ["VOICE"], ["CELL", "VOICE"], ["IPHONE", "CELL", "VOICE"], ["MAIN"], ["HOME", "FAX"], ["WORK", "FAX"],
        ["FAX"], ["PAGER"], ["HOME", "VOICE"], ["WORK", "VOICE"], ["OTHER", "VOICE"],
    ]

    /// The index in ``phoneTypeSets`` of a phone label's tokens, or nil when the label travels as `X-ABLabel`.
    package static func phoneTypeSet(for label: String?) -> Int? {
        // The labels are distinct, so the order of the cases only decides how many comparisons a label costs:
        // the common ones first (each miss compares two strings' bytes).
        switch label {
        case nil: 0
        case CNLabelPhoneNumberMobile: 1
        case CNLabelWork: 9
        case CNLabelHome: 8
        case CNLabelPhoneNumberiPhone: 2
        case CNLabelPhoneNumberMain: 3
        case CNLabelOther: 10
        case CNLabelPhoneNumberHomeFax: 4
        case CNLabelPhoneNumberWorkFax: 5
        case CNLabelPhoneNumberOtherFax: 6
        case CNLabelPhoneNumberPager: 7
        default: nil
        }
    }

    /// The type tokens the writer uses for a phone label, or nil when the label travels as `X-ABLabel`.
    package static func phoneTypes(for label: String?) -> [String]? {
        phoneTypeSet(for: label).map { phoneTypeSets[$0] }
    }

    /// The token sets the writer uses for generic labels; ``genericTypeSet(for:)`` picks one.
    package static let genericTypeSets: [[String]] = [[], ["HOME"], ["WORK"], ["OTHER"]]

    /// The index in ``genericTypeSets`` of a generic label's tokens, or nil when it travels as `X-ABLabel`.
    package static func genericTypeSet(for label: String?) -> Int? {
        switch label {
        case nil: 0
        case CNLabelHome: 1
        case CNLabelWork: 2
        case CNLabelOther: 3
        default: nil
        }
    }

    /// The type tokens the writer uses for a generic label, or nil when it travels as `X-ABLabel`.
    package static func genericTypes(for label: String?) -> [String]? {
        genericTypeSet(for: label).map { genericTypeSets[$0] }
    }

    /// The relation label of a vCard 4 `RELATED` type, or the type itself as a custom label.
    package static func relationLabel(_ tokens: [String]) -> String? {
        for token in tokens {
            switch token.uppercasedASCII() {
            case "SPOUSE": return CNLabelContactRelationSpouse
            case "CHILD": return CNLabelContactRelationChild
            case "PARENT": return CNLabelContactRelationParent
            case "FRIEND": return CNLabelContactRelationFriend
            case "SIBLING": return CNLabelContactRelationSibling
            case "CO-WORKER", "COLLEAGUE": return CNLabelContactRelationColleague
            case "SWEETHEART", "DATE", "CRUSH": return CNLabelContactRelationPartner
            case "AGENT": return CNLabelContactRelationAssistant
            case "PREF", "": continue
            default: return token.lowercased()
            }
        }
        return nil
    }
}
