import ContactsModel

/// The mapping between vCard type parameters and Apple's labels, both ways.
///
/// Reading: `HOME`, `WORK`, `OTHER`, `SCHOOL` map to the generic labels; for phones `CELL`/`MOBILE` to
/// mobile, `IPHONE`, `MAIN`, `PAGER`, and `FAX` with `HOME`, `WORK` or alone to the fax labels. Tokens that
/// only describe the medium (`VOICE`, `INTERNET`, `PREF`, `POSTAL`, ...) and vendor `X-` tokens are
/// ignored; any other token becomes a custom label as written. An `X-ABLabel` in the same group wins.
package enum VCardLabels {
    /// Tokens that say nothing about the label.
    private static let ignored: Set<String> = [
        "PREF", "VOICE", "MSG", "INTERNET", "X400", "BBS", "MODEM", "CAR", "ISDN", "VIDEO", "PCS", "TEXT",
        "TEXTPHONE", "DOM", "INTL", "POSTAL", "PARCEL", "JPEG", "PNG", "GIF", "PERSONAL", "ENCODING", "CHARSET",
    ]

    /// The label of a phone number from its type tokens.
    package static func phoneLabel(_ tokens: [String]) -> String? {
        let upper = Set(tokens.map { $0.uppercasedASCII() })
        if upper.contains("IPHONE") { return CNLabelPhoneNumberiPhone }
        if upper.contains("APPLEWATCH") { return CNLabelPhoneNumberAppleWatch }
        if upper.contains("MAIN") { return CNLabelPhoneNumberMain }
        if upper.contains("FAX") {
            if upper.contains("HOME") { return CNLabelPhoneNumberHomeFax }
            if upper.contains("WORK") { return CNLabelPhoneNumberWorkFax }
            return CNLabelPhoneNumberOtherFax
        }
        if upper.contains("PAGER") { return CNLabelPhoneNumberPager }
        if upper.contains("CELL") || upper.contains("MOBILE") { return CNLabelPhoneNumberMobile }
        return genericLabel(tokens)
    }

    /// The label of an e-mail address, postal address, URL or instant message address.
    package static func genericLabel(_ tokens: [String]) -> String? {
        var custom: String?
        for token in tokens {
            switch token.uppercasedASCII() {
            case "HOME": return CNLabelHome
            case "WORK": return CNLabelWork
            case "OTHER": return CNLabelOther
            case "SCHOOL": return CNLabelSchool
            case let upper where ignored.contains(upper) || upper.hasPrefix("X-") || upper.isEmpty:
                continue
            default:
                if custom == nil, !isPreferenceNumber(token) { custom = token }
            }
        }
        return custom
    }

    private static func isPreferenceNumber(_ token: String) -> Bool {
        !token.isEmpty && token.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// The type tokens the writer uses for a phone label, or nil when the label travels as `X-ABLabel`.
    package static func phoneTypes(for label: String?) -> [String]? {
        switch label {
        case nil: ["VOICE"]
        case CNLabelPhoneNumberMobile: ["CELL", "VOICE"]
        case CNLabelPhoneNumberiPhone: ["IPHONE", "CELL", "VOICE"]
        case CNLabelPhoneNumberMain: ["MAIN"]
        case CNLabelPhoneNumberHomeFax: ["HOME", "FAX"]
        case CNLabelPhoneNumberWorkFax: ["WORK", "FAX"]
        case CNLabelPhoneNumberOtherFax: ["FAX"]
        case CNLabelPhoneNumberPager: ["PAGER"]
        case CNLabelHome: ["HOME", "VOICE"]
        case CNLabelWork: ["WORK", "VOICE"]
        case CNLabelOther: ["OTHER", "VOICE"]
        default: nil
        }
    }

    /// The type tokens the writer uses for a generic label, or nil when it travels as `X-ABLabel`.
    package static func genericTypes(for label: String?) -> [String]? {
        switch label {
        case nil: []
        case CNLabelHome: ["HOME"]
        case CNLabelWork: ["WORK"]
        case CNLabelOther: ["OTHER"]
        default: nil
        }
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
