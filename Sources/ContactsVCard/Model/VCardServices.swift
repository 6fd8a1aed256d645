import ContactsModel

/// Instant-message and social-profile service names, URI schemes and legacy property names.
package enum VCardServices {
    /// The service of a legacy instant-message property such as `X-AIM`, by upper-cased name.
    package static let legacyInstantMessageProperties: [String: String] = [
        "X-AIM": CNInstantMessageServiceAIM, "X-JABBER": CNInstantMessageServiceJabber,
        "X-ICQ": CNInstantMessageServiceICQ, "X-MSN": CNInstantMessageServiceMSN,
        "X-YAHOO": CNInstantMessageServiceYahoo, "X-SKYPE": CNInstantMessageServiceSkype,
        "X-SKYPE-USERNAME": CNInstantMessageServiceSkype, "X-QQ": CNInstantMessageServiceQQ,
        "X-GADUGADU": CNInstantMessageServiceGaduGadu, "X-GOOGLE-TALK": CNInstantMessageServiceGoogleTalk,
        "X-GTALK": CNInstantMessageServiceGoogleTalk,
    ]

    private static let instantMessageAliases: [String: String] = {
        var table: [String: String] = [:]
        for service in allInstantMessageServices { table[service.uppercasedASCII()] = service }
        table["GTALK"] = CNInstantMessageServiceGoogleTalk
        table["GOOGLE TALK"] = CNInstantMessageServiceGoogleTalk
        table["GADU-GADU"] = CNInstantMessageServiceGaduGadu
        table["XMPP"] = CNInstantMessageServiceJabber
        return table
    }()

    private static let schemeServices: [String: String] = [
        "AIM": CNInstantMessageServiceAIM, "XMPP": CNInstantMessageServiceJabber,
        "YMSGR": CNInstantMessageServiceYahoo, "SKYPE": CNInstantMessageServiceSkype,
        "MSNIM": CNInstantMessageServiceMSN, "MSN": CNInstantMessageServiceMSN, "ICQ": CNInstantMessageServiceICQ,
        "QQ": CNInstantMessageServiceQQ, "GG": CNInstantMessageServiceGaduGadu,
        "GADUGADU": CNInstantMessageServiceGaduGadu, "GTALK": CNInstantMessageServiceGoogleTalk,
    ]

    /// The predefined spelling of an instant-message service, or the name as written.
    package static func instantMessageService(named name: String) -> String {
        instantMessageAliases[name.uppercasedASCII()] ?? name
    }

    /// The service an `IMPP` URI scheme implies, or nil for schemes that name no service.
    package static func instantMessageService(scheme: String) -> String? {
        let upper = scheme.uppercasedASCII()
        if upper == "X-APPLE" { return nil }
        return schemeServices[upper] ?? scheme
    }

    /// The URI scheme the writer uses for a service.
    package static func scheme(forInstantMessageService service: String) -> String {
        switch service {
        case CNInstantMessageServiceAIM, CNInstantMessageServiceICQ: "aim"
        case CNInstantMessageServiceJabber, CNInstantMessageServiceGoogleTalk, CNInstantMessageServiceFacebook: "xmpp"
        case CNInstantMessageServiceYahoo: "ymsgr"
        case CNInstantMessageServiceSkype: "skype"
        case CNInstantMessageServiceMSN: "msnim"
        default: "x-apple"
        }
    }

    /// Splits an `IMPP` value into its scheme and the rest; nil scheme when the value has none.
    package static func splitURI(_ value: String) -> (scheme: String?, rest: String) {
        let bytes = Array(value.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0 else { return (nil, value) }
        let schemeBytes = bytes[0..<colon]
        let isScheme = schemeBytes.allSatisfy { byte in
            VCardBytes.isNameByte(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
        }
        guard isScheme else { return (nil, value) }
        let rest = bytes[(colon + 1)...]
        return (String(decoding: schemeBytes, as: UTF8.self), String(decoding: rest, as: UTF8.self))
    }

    private static let socialAliases: [String: String] = {
        var table: [String: String] = [:]
        for service in allSocialProfileServices { table[service.uppercasedASCII()] = service }
        return table
    }()

    /// The predefined spelling of a social-profile service, or the name as written.
    package static func socialProfileService(named name: String) -> String {
        socialAliases[name.uppercasedASCII()] ?? name
    }

    /// The `type` the writer gives a social-profile service: Apple writes the predefined ones in lower case.
    package static func socialProfileType(for service: String) -> String {
        socialAliases[service.uppercasedASCII()] == service ? service.lowercased() : service
    }
}
