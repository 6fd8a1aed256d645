import ContactsModel
import ContactsSampleData
import Foundation
import PropertyBased
import Testing

@testable import ContactsVCard

/// The reader's fast paths (names matched as bytes, plain values made in one pass, builders reused from
/// card to card, dates parsed in place, shared label constants) give exactly what the general path gives.
@Suite struct VCardFastPathTests {
    @Test func typeTokensOfTheKnownTableGiveTheirFlagsInAnySpelling() {
        for (word, flag) in VCardTypes.known {
            for spelling in [word, word.lowercased(), word.prefix(1) + word.dropFirst().lowercased()] {
                var types = VCardTypes()
                // A slice that does not start at 0, as the reader's lines are slices of the input.
                let bytes = Array(("X;" + spelling).utf8)[2...]
                types.add(bytes, bytes.indices)
                #expect(types.flags == flag, "\(spelling)")
                #expect(types.custom == nil, "\(spelling)")
            }
        }
        // Tokens that share a first letter or a prefix with a known one are custom labels, as written.
        for token in ["HOMES", "hom", "Cellular", "MAINE", "iPhoneX", "PAGE", "FAXES", "Wor", "APPLE", "S"] {
            var types = VCardTypes()
            let bytes = Array(("X;" + token).utf8)[2...]
            types.add(bytes, bytes.indices)
            #expect(types.flags == [], "\(token)")
            #expect(types.custom == token)
        }
    }

    // MARK: Whole reader

    @Test(arguments: VCardTestSupport.corpusFiles)
    func fastAndGeneralPathsReadCorpusFilesAlike(_ path: String) throws {
        let data = try VCardTestSupport.corpusData(path)
        try Self.expectSameReading(data)
    }

    /// Fragments of content lines: plain, escaped, folded, quoted-printable, 8-bit without a charset,
    /// declared charsets, grouped companions, parameters of every shape, and a few broken lines.
    static let fragments: [String] = [
        "N:Müller;Zoë;;Dr.;", "N:a\\;b;c\\,d;e\\\\f;;;extra", "FN:John Appleseed", "FN: spaced\t",
        "ORG:ACME;Sales;Unit", "ORG:Apple;", "TITLE:Engineer", "NICKNAME:Jo", "NOTE:line\\nbreak",
        "NOTE;ENCODING=QUOTED-PRINTABLE:caf=C3=A9=0D=0Anext", "NOTE;CHARSET=ISO-8859-1:caf\u{E9}",
        "TEL;type=CELL;type=VOICE;type=pref:+1 (555) 010-1", "TEL;TYPE=work,fax:  0800 ", "TEL:tel:+4420",
        "TEL;VALUE=uri:TEL:+1", "EMAIL;type=INTERNET;type=HOME:a@example.com", "EMAIL:b@ex\\,ample",
        "item1.ADR;type=HOME:;;1 Infinite Loop;Cupertino;CA;95014;United States", "item1.X-ABADR:us",
        "item2.URL:https://example.com", "item2.X-ABLabel:_$!<HomePage>!$_", "item3.X-ABLabel:Custom",
        "item3.TEL:123", "ITEM4.x-ablabel:_$!<Anniversary>!$_", "item4.X-ABDATE:2001-02-03",
        "BDAY;X-APPLE-OMIT-YEAR=1604:1604-01-01", "BDAY:19510202", "BDAY:--0315", "BDAY: 2020-13-01 ",
        "ANNIVERSARY:2010-06-07T10:00:00Z", "X-ALTBDAY;CALSCALE=chinese:2020-01-02", "UID:urn:uuid:1234",
        "CATEGORIES:a, b,,c", "KIND:group", "X-ADDRESSBOOKSERVER-KIND:group", "MEMBER:urn:uuid:abc",
        "X-ABShowAs:COMPANY", "IMPP;X-SERVICE-TYPE=Skype:skype:user", "X-AIM:aimuser", "X-JABBER;type=HOME:j@x",
        "X-SOCIALPROFILE;type=twitter;x-user=me:https://twitter.com/me", "X-ABRELATEDNAMES;type=pref:Anna",
        "RELATED;TYPE=spouse:Bob", "X-FOO;BAR=\"q;u:o,te\";BAZ=a^nb:value\\;x", "X-EMPTY:", "GENDER:F",
        "LABEL;ENCODING=QUOTED-PRINTABLE:a=\r\n b", "PHOTO;ENCODING=b;TYPE=JPEG:iVBORw0KGgo=",
        "PHOTO:data:image/png;base64,iVBORw0KGgo=", "SOUND;X-IRMC-N:ヤマダ;タロウ;;;", "X-PHONETIC-FIRST-NAME:Jon",
        "VERSION:2.1", "VERSION:4.0", "PRODID:-//x//EN", "tel;home:555", "Tel;Cell;Pref:556",
        "NOTE;CHARSET=UTF-8:\u{00FC}ber", "NOTE:\u{00FC}\u{00FF}", "X-MS-ANNIVERSARY:20000101",
        "N;CHARSET=SHIFT_JIS:x", "NOTE:back\\", "FN", " ", "# comment", "BEGIN:VCALENDAR", "END:VCALENDAR",
        "item5.X-ABADR:de", "item5.X-APPLE-SUBLOCALITY:Mitte", "item5.X-APPLE-SUBADMINISTRATIVEAREA:Berlin",
        "item5.ADR:;;Str. 1;Berlin;;10115;Germany",
    ]

    static let card = Gen<String?>.element(of: fragments).map { $0 ?? "" }.array(of: 0...14)

    @Test func fastAndGeneralPathsReadRandomCardsAlike() async throws {
        await propertyCheck(count: 300, input: Self.card.array(of: 1...4), Gen.bool) { cards, crlf in
            let breakText = crlf ? "\r\n" : "\n"
            let text = cards.map { lines in
                (["BEGIN:VCARD"] + lines + ["END:VCARD"]).joined(separator: breakText)
            }.joined(separator: breakText)
            try Self.expectSameReading(Data(text.utf8))
        }
    }

    /// A builder reused for the next card starts empty: nothing of a full card leaks into a bare one.
    @Test func reusedBuildersStartEveryCardEmpty() throws {
        let full =
            (["BEGIN:VCARD", "VERSION:3.0"] + Self.fragments.filter { !$0.hasPrefix("BEGIN") && !$0.hasPrefix("END") }
            + ["END:VCARD"]).joined(separator: "\r\n")
        let bare = "BEGIN:VCARD\r\nFN:Bare\r\nEND:VCARD\r\n"
        let alone = try #require(VCardReader.read(Data(bare.utf8)).first)
        let afterFull = try #require(VCardReader.read(Data((full + "\r\n" + bare).utf8)).last)
        #expect(VCardTestSupport.differences(alone.contact, afterFull.contact) == [])
        #expect(afterFull.unknownProperties == alone.unknownProperties)
        #expect(afterFull.kind == alone.kind && afterFull.uid == alone.uid && afterFull.version == alone.version)
        #expect(afterFull.categories == alone.categories && afterFull.memberUIDs == alone.memberUIDs)
        #expect(afterFull.groupName == alone.groupName)
        #expect(afterFull.contact.givenName == "Bare")
    }

    // MARK: Values

    static let valueBytes = Gen<UInt8?>.element(
        of: Array("aZ0 \t;,:\\\"^=".utf8) + [0x0D, 0x0A, 0xC3, 0xA9, 0xE9, 0xFF, 0x80]
    )
    .map { $0 ?? 0x61 }.array(of: 0...16)

    @Test func plainTextIsWhatTheGeneralDecodingGives() async throws {
        await propertyCheck(count: 2000, input: Self.valueBytes) { bytes in
            let slice = bytes[...]
            let decoded = VCardValueDecoding.utf8Bytes(slice, charset: nil)
            if let plain = VCardValueDecoding.plainText(slice) {
                #expect(plain == VCardValueDecoding.unescape(decoded))
                #expect(plain == VCardValueDecoding.escapingLineBreaks(decoded))
            } else {
                let needsGeneralPath =
                    bytes.contains { $0 == UInt8(ascii: "\\") || $0 == 0x0D || $0 == 0x0A }
                    || !VCardValueDecoding.isValidUTF8(slice)
                #expect(needsGeneralPath)
            }
        }
    }

    @Test func trimmingBytesMatchesTrimmingText() async throws {
        await propertyCheck(count: 1000, input: Self.valueBytes) { bytes in
            let trimmed = VCardValueDecoding.trimmingSpaces(bytes[...])
            #expect(String(decoding: trimmed, as: UTF8.self) == String(decoding: bytes, as: UTF8.self).trimmingSpaces())
        }
    }

    @Test(arguments: [
        ("_$!<HomePage>!$_", CNLabelURLAddressHomePage), ("_$!<Anniversary>!$_", CNLabelDateAnniversary),
        ("_$!<Mobile>!$_", CNLabelPhoneNumberMobile), ("Custom", "Custom"), ("_$!<NotALabel>!$_", "_$!<NotALabel>!$_"),
    ])
    func predefinedLabelTextBecomesTheConstant(_ text: String, _ expected: String) {
        #expect(VCardLabels.interned(text) == expected)
    }

    @Test(arguments: Array(VCardPropertyKind.byName.keys))
    func namesMatchAsBytesInAnyCase(_ name: String) {
        let mixed = String(
            name.enumerated().map { $0.offset % 2 == 0 ? Character($0.element.lowercased()) : $0.element })
        for spelling in [name, name.lowercased(), mixed] {
            let bytes = Array(("item1." + spelling).utf8)[6...]
            #expect(VCardPropertyKind.lookup(bytes, bytes.indices) == VCardPropertyKind.byName[name])
        }
        let longer = Array((name + "X").utf8)[...]
        #expect(VCardPropertyKind.lookup(longer, longer.indices) == VCardPropertyKind.byName[name + "X"])
    }

    // MARK: Identifiers

    @Test func identifiersAreUniqueVersion4UUIDs() throws {
        let contacts = SampleAddressBook.make(count: 50)
        let data = try CNContactVCardSerialization.data(with: contacts)
        let read = try CNContactVCardSerialization.contacts(with: data)
        var identifiers: [String] = []
        for contact in read {
            #expect(contact.identifier.hasSuffix(":ABPerson"))
            identifiers.append(String(contact.identifier.dropLast(":ABPerson".count)))
            identifiers +=
                contact.phoneNumbers.map(\.identifier) + contact.emailAddresses.map(\.identifier)
                + contact.postalAddresses.map(\.identifier) + contact.urlAddresses.map(\.identifier)
        }
        #expect(Set(identifiers).count == identifiers.count)
        for identifier in identifiers {
            let uuid = try #require(UUID(uuidString: identifier))
            #expect(uuid.uuidString == identifier)
            #expect(Array(identifier.utf8)[14] == UInt8(ascii: "4"))
            #expect("89AB".utf8.contains(Array(identifier.utf8)[19]))
        }
    }

    // MARK: Dates

    static let dateText = Gen<Character?>.element(of: Array("0123456789- T:Z12")).map { $0 ?? "1" }.string(of: 0...14)

    @Test func datesParseAsTheReferenceParser() async throws {
        await propertyCheck(count: 3000, input: Self.dateText, Gen.bool) { text, omit in
            let omitYear = omit ? 1604 : nil
            #expect(VCardDate.parse(text, omitYear: omitYear) == Self.referenceDate(text, omitYear: omitYear))
        }
    }

    @Test(arguments: [
        "1604-01-01", "19510202", "--0315", "--03-15", " 2020-02-29 ", "2010-06-07T10:00:00Z", "2020-13-01",
    ])
    func knownDatesParseAsTheReferenceParser(_ text: String) {
        #expect(VCardDate.parse(text, omitYear: 1604) == Self.referenceDate(text, omitYear: 1604))
    }

    /// The date parser before it worked in place, kept as the oracle.
    static func referenceDate(_ text: String, omitYear: Int?) -> VCardDate? {
        func number(_ bytes: ArraySlice<UInt8>) -> Int? {
            var value = 0
            for byte in bytes {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return bytes.isEmpty ? nil : value
        }
        var bytes = Array(text.utf8)
        if let time = bytes.firstIndex(of: UInt8(ascii: "T")) { bytes.removeSubrange(time...) }
        while bytes.last == UInt8(ascii: " ") { bytes.removeLast() }
        while bytes.first == UInt8(ascii: " ") { bytes.removeFirst() }
        var year: Int?
        var rest: ArraySlice<UInt8>
        if bytes.starts(with: [UInt8(ascii: "-"), UInt8(ascii: "-")]) {
            rest = bytes[2...]
        } else {
            guard bytes.count >= 8, let parsed = number(bytes[0..<4]) else { return nil }
            year = parsed
            rest = bytes[4...]
            if rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
        }
        let digits = rest.filter { $0 != UInt8(ascii: "-") }
        guard digits.count == 4, rest.count <= 5,
            let month = number(digits[0..<2]), let day = number(digits[2..<4]),
            (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        if let omitYear, year == omitYear { year = nil }
        return VCardDate(year: year, month: month, day: day)
    }

    // MARK: Comparison

    /// Reads data both ways and expects the same cards, or the same error on the same line.
    static func expectSameReading(_ data: Data) throws {
        let fast: Result<[VCardCard], VCardParseError> = Result { () throws(VCardParseError) in
            try VCardReader.read(data)
        }
        let general: Result<[VCardCard], VCardParseError> = Result { () throws(VCardParseError) in
            try VCardReader.read(data, usesFastPaths: false)
        }
        switch (fast, general) {
        case (.success(let fastCards), .success(let generalCards)):
            #expect(fastCards.count == generalCards.count)
            for (left, right) in zip(fastCards, generalCards) {
                #expect(VCardTestSupport.differences(left.contact, right.contact) == [])
                #expect(left.unknownProperties == right.unknownProperties)
                #expect(left.kind == right.kind)
                #expect(left.uid == right.uid)
                #expect(left.memberUIDs == right.memberUIDs)
                #expect(left.categories == right.categories)
                #expect(left.groupName == right.groupName)
                #expect(left.version == right.version)
                #expect(left.lineNumber == right.lineNumber)
            }
            let contacts = try CNContactVCardSerialization.contacts(with: data)
            let expected = generalCards.filter { !$0.isGroup }
            #expect(contacts.count == expected.count)
            for (contact, card) in zip(contacts, expected) {
                #expect(VCardTestSupport.differences(contact, card.contact) == [])
            }
        case (.failure(let fastError), .failure(let generalError)):
            #expect(fastError.code == generalError.code)
            #expect(fastError.line == generalError.line)
        default:
            Issue.record("one path threw and the other did not")
        }
    }
}
