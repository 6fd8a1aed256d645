/// The properties the reader models, looked up once per line by upper-cased name.
enum VCardPropertyKind {
    case version, productIdentifier, name, formattedName, nickname, maidenName
    case phoneticGiven, phoneticMiddle, phoneticFamily, phoneticOrganization, sound
    case organization, title, note, photo, birthday, alternateBirthday
    case kind, showAs, uid, member, categories
    case label, countryCode, subLocality, subAdministrativeArea
    case telephone, email, url, address, instantMessage, socialProfile, date, relatedNames, related
    case legacyInstantMessage

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
            "RELATED": .related,
        ]
        for name in VCardServices.legacyInstantMessageProperties.keys {
            table[name] = .legacyInstantMessage
        }
        return table
    }()
}
