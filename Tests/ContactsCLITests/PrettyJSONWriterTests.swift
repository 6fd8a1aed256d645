import Foundation
import Testing

@testable import ContactsCLI

/// The hand-written JSON of `list --json` is byte for byte what Foundation's encoder (and the compaction of its
/// empty lists) gives for the same contact.
@Suite struct PrettyJSONWriterTests {
    /// A fixed-seed generator, so a failing case can be run again.
    private struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Characters the escaping must get right: every control character, quotes, both slashes, DEL, line and
    /// paragraph separators, combining marks, scripts, an emoji with a modifier, U+0000.
    private static let alphabet: [Character] =
        (0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) }
        + [
            "\"", "\\", "/", "\u{7F}", "\u{2028}", "\u{2029}", "e\u{301}", "ü", "山", "ش", "🧑🏽", "a", "Z", " ", "[", "]",
            "{", ":",
        ]

    private static func text(_ random: inout SplitMix) -> String {
        let length = Int.random(in: 0...8, using: &random)
        return String((0..<length).map { _ in alphabet.randomElement(using: &random)! })
    }

    private static func label(_ random: inout SplitMix) -> String? {
        Bool.random(using: &random) ? nil : text(&random)
    }

    private static func list<T>(_ random: inout SplitMix, _ make: (inout SplitMix) -> T) -> [T] {
        (0..<Int.random(in: 0...2, using: &random)).map { _ in make(&random) }
    }

    private static func labeled(_ random: inout SplitMix) -> ContactJSON.LabeledText {
        ContactJSON.LabeledText(
            identifier: text(&random), label: label(&random), localizedLabel: text(&random), value: text(&random))
    }

    private static func contact(_ random: inout SplitMix) -> ContactJSON {
        ContactJSON(
            identifier: text(&random), kind: text(&random), displayName: text(&random), namePrefix: text(&random),
            givenName: text(&random), middleName: text(&random), familyName: text(&random),
            previousFamilyName: text(&random), nameSuffix: text(&random), nickname: text(&random),
            phoneticGivenName: text(&random), phoneticMiddleName: text(&random), phoneticFamilyName: text(&random),
            organizationName: text(&random), phoneticOrganizationName: text(&random), departmentName: text(&random),
            jobTitle: text(&random), birthday: label(&random), note: text(&random),
            phoneNumbers: list(&random, labeled), emailAddresses: list(&random, labeled),
            urlAddresses: list(&random, labeled),
            postalAddresses: list(&random) { random in
                ContactJSON.PostalAddress(
                    identifier: text(&random), label: label(&random), localizedLabel: text(&random),
                    street: text(&random),
                    subLocality: text(&random), city: text(&random), subAdministrativeArea: text(&random),
                    state: text(&random), postalCode: text(&random), country: text(&random),
                    isoCountryCode: text(&random), formatted: text(&random))
            },
            dates: list(&random, labeled), contactRelations: list(&random, labeled),
            socialProfiles: list(&random, service), instantMessageAddresses: list(&random, service))
    }

    private static func service(_ random: inout SplitMix) -> ContactJSON.Service {
        ContactJSON.Service(
            identifier: text(&random), label: label(&random), service: text(&random), username: text(&random),
            userIdentifier: text(&random), url: text(&random))
    }

    @Test(arguments: 0..<10)
    func aContactIsWrittenAsTheEncoderWritesIt(seed: UInt64) throws {
        var random = SplitMix(state: seed)
        for _ in 0..<100 {
            let contact = Self.contact(&random)
            let data = try ContactJSON.encoder.encode(contact)
            for indent in [0, 2] {
                var writer = PrettyJSONWriter(indent: indent)
                contact.write(to: &writer)
                let expected = ContactJSON.compacted(data, indent: indent)
                #expect(writer.bytes == expected, "\(String(decoding: expected, as: UTF8.self))")
                if writer.bytes != expected { return }
            }
        }
    }
}
