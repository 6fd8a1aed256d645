import ContactsProtocol
import ContactsSystem
import Testing

@testable import ContactsDaemon

/// The column encoder's raw appends (``ByteList``) and its UTF-8 check (``UTF8Check``), against what they replace:
/// `String(decoding:as:)`'s judgement of UTF-8 and `[UInt8]`'s protocol buffer fields.
@Suite struct ByteListTests {
    /// Whether Swift's own decoding keeps `bytes` as they are (valid) or repairs them.
    private static func swiftKeeps(_ bytes: [UInt8]) -> Bool {
        Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes
    }

    private static func check(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { UTF8Check.isValid($0) }
    }

    /// Every one- and two-byte sequence, each also behind seven ASCII bytes and followed by nine (the word-wide
    /// ASCII scan's edges), is judged as Swift judges it.
    @Test func everyShortSequenceIsJudgedAsSwiftJudgesIt() {
        var mismatches: [[UInt8]] = []
        for first in 0...255 {
            for second in -1...255 {
                let core = second < 0 ? [UInt8(first)] : [UInt8(first), UInt8(second)]
                for bytes in [core, Array("abcdefg".utf8) + core + Array("hijklmnop".utf8)]
                where Self.check(bytes) != Self.swiftKeeps(bytes) {
                    mismatches.append(bytes)
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    /// Three- and four-byte sequences: every lead byte from 0xE0 with every second byte and a spread of third and
    /// fourth bytes (the continuation range's edges and bytes outside it), truncated too.
    @Test func longerSequencesAreJudgedAsSwiftJudgesThem() {
        let tails: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x81, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xE0, 0xFF]
        var mismatches: [[UInt8]] = []
        for lead in 0xE0...0xFF {
            for second in 0...255 {
                for third in tails {
                    var candidates: [[UInt8]] = [[UInt8(lead), UInt8(second)], [UInt8(lead), UInt8(second), third]]
                    for fourth in tails { candidates.append([UInt8(lead), UInt8(second), third, fourth]) }
                    for bytes in candidates where Self.check(bytes) != Self.swiftKeeps(bytes) {
                        mismatches.append(bytes)
                    }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    /// Real text of every script the realistic book holds is valid as it is; random bytes are judged as Swift
    /// judges them.
    @Test func textAndRandomBytesAreJudgedAsSwiftJudgesThem() {
        for text in ["", "plain ASCII that runs past a word", "Zoë Łukasiewicz-李", "🚀\u{0}after", "٠١٢٣", "a\u{1F}b"] {
            #expect(Self.check(Array(text.utf8)), "\(text)")
        }
        var generator = SystemRandomNumberGenerator()
        var mismatches = 0
        for _ in 0..<20_000 {
            let count = Int.random(in: 1...24, using: &generator)
            // Mostly high bytes, so that most samples hold multi-byte sequences, valid or not.
            let bytes = (0..<count).map { _ in
                Bool.random(using: &generator)
                    ? UInt8.random(in: 0x80...0xF4, using: &generator) : UInt8.random(in: 0...255, using: &generator)
            }
            if Self.check(bytes) != Self.swiftKeeps(bytes) { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    /// A list that grows many times over keeps every byte, and its string fields are `[UInt8]`'s: tag, length
    /// (its varint past one byte), the bytes; NULL and empty text an empty field; invalid text repaired.
    @Test func growingListsWriteTheFieldsArraysDid() {
        var list = ByteList(capacity: 1)
        var expected: [UInt8] = []
        func field(_ tag: UInt64, _ bytes: [UInt8]) {
            expected.appendVarint(tag)
            expected.appendVarint(UInt64(bytes.count))
            expected += bytes
        }
        let long = Array(String(repeating: "ß€𝄞x", count: 700).utf8)
        for round in 0..<50 {
            let text = Array(long.prefix(round * 61))
            text.withUnsafeBufferPointer { list.appendString(WireTag.stringValues, $0) }
            field(WireTag.stringValues, Array(String(decoding: text, as: UTF8.self).utf8))
            list.appendString(WireTag.labels, nil)
            field(WireTag.labels, [])
            list.appendVarint(UInt64(round) << 20)
            expected.appendVarint(UInt64(round) << 20)
        }
        let damaged: [UInt8] = [0x5A, 0xC3, 0xFF, 0x41, 0xE2, 0x82]
        damaged.withUnsafeBufferPointer { list.appendString(WireTag.labeledValues, $0) }
        field(WireTag.labeledValues, Array(String(decoding: damaged, as: UTF8.self).utf8))
        #expect(Array(list.bytes) == expected)
    }

    /// A stored date written from its text is the message the general path serializes for it (DateCoding's
    /// components through SwiftProtobuf), and the forms it does not take are left to the general path untouched.
    @Test func storedDatesAreWrittenAsSwiftProtobufWritesThem() {
        let plain = [
            ";;;2;29;", "gregorian;;1984;7;12;", "gregorian;1;1984;7;12;0", ";;;;;", "gregorian;;0;0;0;1",
            ";;007;1;1;", "gregorian;;123456789012345678;12;31;", ";;2001;6;1;1",
        ]
        let other = [
            "chinese;78;40;4;5;1", ";;-5;1;1;", ";;+5;1;1;", ";;1984;7;12", "gregorian;;1234567890123456789;1;1;",
            "x;y", "", ";;1984;7;12;;", "Gregorian;;1;1;1;", ";;1;1;1;2", ";;1;1;1;10", ";; 1;1;1;", ";;1a;1;1;",
        ]
        for text in plain + other {
            var list = ByteList(capacity: 2)
            let taken = Array(text.utf8).withUnsafeBufferPointer {
                StoredDate.append($0, tag: WireTag.dateValues, to: &list)
            }
            #expect(taken == plain.contains(text), "\(text)")
            guard taken else {
                #expect(list.isEmpty, "\(text)")
                continue
            }
            var expected: [UInt8] = []
            let message = Contacts_V1_DateComponents.serializedBytes(of: DateCoding.decode(text))
            expected.appendVarint(WireTag.dateValues)
            expected.appendVarint(UInt64(message.count))
            expected += message
            #expect(Array(list.bytes) == expected, "\(text)")
        }
    }
}
