/// Small vCards for tests, with CRLF line breaks as RFC 6350 asks.
enum Cards {
    static func person(uid: String, given: String, family: String, phone: String = "+1 555 0100", extra: [String] = [])
        -> String
    {
        lines(
            [
                "BEGIN:VCARD", "VERSION:3.0", "UID:\(uid)", "N:\(family);\(given);;;", "FN:\(given) \(family)",
                "TEL;TYPE=CELL:\(phone)",
            ]
                + extra + ["END:VCARD"])
    }

    static func lines(_ lines: [String]) -> String {
        lines.joined(separator: "\r\n") + "\r\n"
    }
}
