import ContactsModel
import ContactsTestSupport
import Foundation
import Testing

/// Archiving a contact (NSSecureCoding) keeps every string field exactly: U+0000, line breaks, control
/// characters, normalization forms and long text. A label that is "\u{0}" used to read back as no label,
/// the value archives write for nil.
@Suite struct StringArchivingTests {
    @Test(arguments: ContactStringField.all)
    func everyStringFieldSurvivesAnArchive(field: ContactStringField) throws {
        for sample in TextSamples.all.map(\.text) + [TextSamples.megabyte] {
            let decoded = try SecureCodingRoundTrip.roundTrip(field.contact(holding: sample) as CNContact)
            let text = field.value(in: decoded)
            let exact = TextSamples.isExact(text, sample)
            #expect(exact, "\(field): \(TextSamples.escaped(text)) for \(TextSamples.escaped(sample))")
        }
    }

    /// The archive of a contact with two phone numbers, the first without a label and the second with
    /// `CNLabelHome`, as written before labels were flagged.
    private static let olderArchive = Data(
        base64Encoded: [
            "YnBsaXN0MDDUAQIDBAUICQpUJHRvcFgkdmVyc2lvblkkYXJjaGl2ZXJYJG9iamVjdHPRBgdUcm9vdIABEgABhqBfEA9OU0tleWVk",
            "QXJjaGl2ZXKvEBMLDG9wdXx9hIWGjY6Plpuco6ipVSRudWxs3xAxDQ4PEBESExQVFhcYGRobHB0eHyAhIiMkJSYnKCkqKywtLi8w",
            "MTIzNDU2Nzg5Ojs8PT4/PkE/P0Q/Pj8+PkpLPj4+PlA+UkpUVT8/Pj8/Pz4/Xko+Pj8+Sj4+Pz8+Pj4/Pj5fEBtwb3N0YWxBZGRy",
            "ZXNzZXMuaWRlbnRpZmllcnNfEBJwaG9uZXRpY01pZGRsZU5hbWVfEBVlbWFpbEFkZHJlc3Nlcy5sYWJlbHNbY29udGFjdFR5cGVe",
            "ZGVwYXJ0bWVudE5hbWVabmFtZVN1ZmZpeF8QE3Bob25lTnVtYmVycy5sYWJlbHNfEBhwaG9uZXRpY09yZ2FuaXphdGlvbk5hbWVf",
            "EBdjb250YWN0UmVsYXRpb25zLmxhYmVsc18QEXBob25ldGljR2l2ZW5OYW1lXGRhdGVzLnZhbHVlc18QGHVybEFkZHJlc3Nlcy5p",
            "ZGVudGlmaWVyc1hiaXJ0aGRheVYkY2xhc3NfEBFkYXRlcy5pZGVudGlmaWVyc18QFXNvY2lhbFByb2ZpbGVzLnZhbHVlc18QFWVt",
            "YWlsQWRkcmVzc2VzLnZhbHVlc18QHGNvbnRhY3RSZWxhdGlvbnMuaWRlbnRpZmllcnNfEBJpbWFnZURhdGFBdmFpbGFibGVfEBpl",
            "bWFpbEFkZHJlc3Nlcy5pZGVudGlmaWVyc1ppZGVudGlmaWVyWWltYWdlRGF0YV8QGHBob25lTnVtYmVycy5pZGVudGlmaWVyc18Q",
            "E3Bob25lTnVtYmVycy52YWx1ZXNZZ2l2ZW5OYW1lXxAQb3JnYW5pemF0aW9uTmFtZV8QI2luc3RhbnRNZXNzYWdlQWRkcmVzc2Vz",
            "LmlkZW50aWZpZXJzXxAScHJldmlvdXNGYW1pbHlOYW1lWGpvYlRpdGxlVG5vdGVfEBdjb250YWN0UmVsYXRpb25zLnZhbHVlc1pm",
            "YW1pbHlOYW1lW2ZldGNoZWRLZXlzXxASdGh1bWJuYWlsSW1hZ2VEYXRhXxATdXJsQWRkcmVzc2VzLmxhYmVsc18QFnBvc3RhbEFk",
            "ZHJlc3Nlcy52YWx1ZXNfEBJwaG9uZXRpY0ZhbWlseU5hbWVcZGF0ZXMubGFiZWxzXxAUbm9uR3JlZ29yaWFuQmlydGhkYXlfEBpz",
            "b2NpYWxQcm9maWxlcy5pZGVudGlmaWVyc18QEWxpbmtlZElkZW50aWZpZXJzWm5hbWVQcmVmaXhabWlkZGxlTmFtZV8QFnBvc3Rh",
            "bEFkZHJlc3Nlcy5sYWJlbHNfEBVzb2NpYWxQcm9maWxlcy5sYWJlbHNfEBN1cmxBZGRyZXNzZXMudmFsdWVzWG5pY2tuYW1lXxAe",
            "aW5zdGFudE1lc3NhZ2VBZGRyZXNzZXMubGFiZWxzXxAeaW5zdGFudE1lc3NhZ2VBZGRyZXNzZXMudmFsdWVzgAOABYADEACABYAF",
            "gAmABYADgAWAA4ADgACAEoADgAOAA4ADCIADgAKAAIAGgAyABYAFgAOABYAFgAWAA4AFEj////+AAIADgAOABYADgACAA4ADgAWA",
            "BYADgAOAA4AFgAOAA18QLTVDNjFDQTdFLUUwREMtNDFBMS1CMTJCLTUyRUE4QTg2MURBRjpBQlBlcnNvbtJxcnN0ViRjbGFzc1pO",
            "Uy5vYmplY3RzgASg0nZ3eHtYJGNsYXNzZXNaJGNsYXNzbmFtZaJ5eldOU0FycmF5WE5TT2JqZWN0V05TQXJyYXlQ0n5/gHNaTlMu",
            "b2JqZWN0c1YkY2xhc3OigYKAB4AIgARfECRERDhGM0Y2Qy1DNTM1LTRENkEtODI0NS1BNkVDOUZGQTFGNjlfECREQUQ3M0JFRS04",
            "QUU1LTQ1MTgtQjk0MC0yRTk2MjRCRDRERTLSh4iJc1pOUy5vYmplY3RzViRjbGFzc6KKi4AKgAuABFEAXF8kITxIb21lPiEkX9KQ",
            "kXOTViRjbGFzc1pOUy5vYmplY3RzgASilJWADYAQ0peYmZpWJGNsYXNzW3N0cmluZ1ZhbHVlgA+ADlEx0p2en6JYJGNsYXNzZXNa",
            "JGNsYXNzbmFtZaKgoV8QG0NvbnRhY3RzTW9kZWwuQ05QaG9uZU51bWJlclhOU09iamVjdF8QG0NvbnRhY3RzTW9kZWwuQ05QaG9u",
            "ZU51bWJlctKkpZmnViRjbGFzc1tzdHJpbmdWYWx1ZYAPgBFRMtKqq6ywWCRjbGFzc2VzWiRjbGFzc25hbWWjra6vXxAeQ29udGFj",
            "dHNNb2RlbC5DTk11dGFibGVDb250YWN0XxAXQ29udGFjdHNNb2RlbC5DTkNvbnRhY3RYTlNPYmplY3RfEB5Db250YWN0c01vZGVs",
            "LkNOTXV0YWJsZUNvbnRhY3QACAARABYAHwApADIANQA6ADwAQQBTAGkAbwDUAPIBBwEfASsBOgFFAVsBdgGQAaQBsQHMAdUB3AHw",
            "AggCIAI/AlQCcQJ8AoYCoQK3AsEC1AL6Aw8DGAMdAzcDQgNOA2MDeQOSA6cDtAPLA+gD/AQHBBIEKwRDBFkEYgSDBKQEpgSoBKoE",
            "rASuBLAEsgS0BLYEuAS6BLwEvgTABMIExATGBMgEyQTLBM0EzwTRBNME1QTXBNkE2wTdBN8E4QTjBOgE6gTsBO4E8ATyBPQE9gT4",
            "BPoE/AT+BQAFAgUEBQYFCAU4BT0FRAVPBVEFUgVXBWAFawVuBXYFfwWHBYgFjQWYBZ8FogWkBaYFqAXPBfYF+wYGBg0GEAYSBhQG",
            "FgYYBiUGKgYxBjwGPgZBBkMGRQZKBlEGXQZfBmEGYwZoBnEGfAZ/Bp0GpgbEBskG0AbcBt4G4AbiBucG8Ab7Bv8HIAc6B0MAAAAA",
            "AAACAQAAAAAAAACxAAAAAAAAAAAAAAAAAAAHZA==",
        ].joined()
    )

    /// Archives written before labels were flagged take "\u{0}" for no label.
    @Test func olderArchivesReadTheirNilLabels() throws {
        let data = try #require(Self.olderArchive)
        let decoded = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: CNContact.self, from: data))
        #expect(decoded.phoneNumbers.map(\.label) == [nil, CNLabelHome])
        #expect(decoded.phoneNumbers.map(\.value.stringValue) == ["1", "2"])
    }
}
