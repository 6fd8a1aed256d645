import ContactsModel
import Foundation

/// Collects the properties of one card and turns them into a ``VCardCard``.
///
/// Labels, `X-ABADR` country codes and other companions of grouped properties may come before or after
/// the property they belong to, so labeled values wait in ``Pending`` lists until the card ends.
/// A struct, changed in place inside a ``Box`` that the stream reader moves around: as a class, every field
/// access paid a dynamic exclusivity check (about 8% of reading in profiles); as a bare struct, moving
/// it between the open, enclosing and spare builders copied a kilobyte each time. Through the box, a line
/// costs no check and a card no copy. The stream reader reuses builders from card to card (see
/// ``reset(lineNumber:)``), so the pending lists, tables and scratch arrays keep their capacity and a
/// card costs no allocations beyond the values it returns. It never leaves the reader, so it needs no
/// `Sendable`.
struct VCardCardBuilder {
    /// A builder held by reference, so the reader moves a pointer rather than the builder.
    ///
    /// The builder lives in memory the box allocates and is reached through addressors: as a stored `var` of a
    /// class, every line's `box.builder.add(...)` began a dynamic exclusivity access (`swift_beginAccess`, 1.8%
    /// of reading the realistic cards in callgrind). The box never leaves the reader that made it, and the
    /// reader touches one builder at a time, so no two accesses can overlap.
    final class Box {
        private let memory: UnsafeMutablePointer<VCardCardBuilder>

        var builder: VCardCardBuilder {
            unsafeAddress { UnsafePointer(memory) }
            unsafeMutableAddress { memory }
        }

        init(_ builder: VCardCardBuilder) {
            memory = .allocate(capacity: 1)
            memory.initialize(to: builder)
        }

        deinit {
            memory.deinitialize(count: 1)
            memory.deallocate()
        }
    }

    /// A labeled value waiting for its group's companions.
    struct Pending<Value> {
        var group: String?
        var label: String?
        var value: Value
    }

    private(set) var lineNumber: Int
    /// Whether values may take the plain-text fast path (see ``VCardValueDecoding/plainText(_:)``).
    let usesFastPaths: Bool
    /// The contact's fields; the identifier is given when the card ends.
    var storage = ContactStorage(identifier: "", fetchedKeys: .all)
    var version: VCardCard.Version?
    var kind: VCardCard.Kind = .individual
    var uid: String?
    var memberUIDs: [String] = []
    var categories: [String] = []
    var formattedName: String?
    /// The raw value of an `FN` without transfer encoding or character set, kept as bytes until the card ends:
    /// its text is needed only for a card without a structured name or for a group card, and making a string of
    /// it on every card cost an allocation for most (names past 15 bytes). The capacity is reused.
    var formattedNameBytes: [UInt8] = []
    var hasFormattedNameBytes = false
    /// `N` components past the suffix; the first five are in ``storage``.
    var extraNameComponents: [String] = []
    var notes: [String] = []
    /// The single-valued properties already read, by ``Single`` bit.
    var seen: UInt32 = 0
    /// Scratch space for the components of a structured value (`N`, `ORG`, `ADR`, `SOUND`).
    var parts: [String] = []

    var phones: [Pending<String>] = []
    var emails: [Pending<String>] = []
    var addresses: [Pending<CNPostalAddress.Fields>] = []
    var urls: [Pending<String>] = []
    var dates: [Pending<VCardDate>] = []
    var relations: [Pending<String>] = []
    var socialProfiles: [Pending<CNSocialProfile>] = []
    var instantMessages: [Pending<CNInstantMessageAddress>] = []

    /// Unknown properties in file order; companions are dropped at the end when their group is used.
    var unknown: [(property: VCardUnknownProperty, isCompanion: Bool)] = []
    var labels = VCardGroupTable()
    var countryCodes = VCardGroupTable()
    var subLocalities = VCardGroupTable()
    var subAdministrativeAreas = VCardGroupTable()

    init(lineNumber: Int, usesFastPaths: Bool = true) {
        self.lineNumber = lineNumber
        self.usesFastPaths = usesFastPaths
    }

    /// Makes the builder ready for a new card, as a new builder would be, keeping the capacity of its
    /// scratch arrays and tables. Arrays handed out in a card (members, categories) are replaced, not
    /// emptied in place, which would copy them.
    mutating func reset(lineNumber: Int) {
        self.lineNumber = lineNumber
        // `finish` left a fresh storage behind, and only finished builders are reused.
        version = nil
        kind = .individual
        uid = nil
        memberUIDs = []
        categories = []
        formattedName = nil
        hasFormattedNameBytes = false
        extraNameComponents = []
        seen = 0
        // Scratch containers are emptied in place so they keep their capacity for the next card.
        Self.empty(&notes)
        Self.empty(&parts)
        Self.empty(&phones)
        Self.empty(&emails)
        Self.empty(&addresses)
        Self.empty(&urls)
        Self.empty(&dates)
        Self.empty(&relations)
        Self.empty(&socialProfiles)
        Self.empty(&instantMessages)
        Self.empty(&unknown)
        labels.removeAll()
        countryCodes.removeAll()
        subLocalities.removeAll()
        subAdministrativeAreas.removeAll()
    }

    private static func empty<Element>(_ array: inout [Element]) {
        // `removeAll(keepingCapacity:)` goes through the generic `replaceSubrange` (thousands of
        // instructions a card in callgrind); removing the last element is a short path that keeps capacity.
        while !array.isEmpty { array.removeLast() }
    }

    // MARK: Values

    /// The value bytes after transfer decoding and conversion to UTF-8.
    func valueBytes(_ line: VCardContentLine, _ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes[line.valueStart...]
        if line.isQuotedPrintable {
            slice = ArraySlice(VCardValueDecoding.decodeQuotedPrintable(slice))
        }
        return VCardValueDecoding.utf8Bytes(slice, charset: line.charset)
    }

    /// The unescaped text of a value, with raw line breaks (from quoted-printable) made `\n`.
    func text(_ line: VCardContentLine, _ bytes: ArraySlice<UInt8>) -> String {
        if usesFastPaths, line.transferEncoding == .none, !line.hasCharset,
            let plain = VCardValueDecoding.plainText(bytes[line.valueStart...])
        {
            return plain
        }
        let text = VCardValueDecoding.unescape(valueBytes(line, bytes))
        return Self.mayHoldRawLineBreaks(line) ? Self.normalizingLineBreaks(text) : text
    }

    /// The text of a value without leading and trailing spaces and tabs.
    func trimmedText(_ line: VCardContentLine, _ bytes: ArraySlice<UInt8>) -> String {
        if usesFastPaths, line.transferEncoding == .none, !line.hasCharset,
            let plain = VCardValueDecoding.plainText(VCardValueDecoding.trimmingSpaces(bytes[line.valueStart...]))
        {
            return plain
        }
        return text(line, bytes).trimmingSpaces()
    }

    /// Reads the components of a structured value such as `N` or `ADR` into ``parts``.
    mutating func readComponents(_ line: VCardContentLine, _ bytes: ArraySlice<UInt8>) {
        parts.removeAll(keepingCapacity: true)
        if usesFastPaths, line.transferEncoding == .none, !line.hasCharset,
            VCardValueDecoding.splitValidUTF8(bytes[line.valueStart...], separator: UInt8(ascii: ";"), into: &parts)
        {
            return
        }
        parts.removeAll(keepingCapacity: true)
        VCardValueDecoding.split(valueBytes(line, bytes), separator: UInt8(ascii: ";"), into: &parts)
        if Self.mayHoldRawLineBreaks(line) {
            for index in parts.indices { parts[index] = Self.normalizingLineBreaks(parts[index]) }
        }
    }

    /// The component at an index of ``parts``, empty when the value has fewer.
    func part(_ index: Int) -> String {
        index < parts.count ? parts[index] : ""
    }

    /// Raw carriage returns reach a value through quoted-printable or a character-set conversion; a bare
    /// carriage return inside a physical line (malformed input) is left as it is.
    static func mayHoldRawLineBreaks(_ line: VCardContentLine) -> Bool {
        line.transferEncoding != .none || line.hasCharset
    }

    static func normalizingLineBreaks(_ text: String) -> String {
        guard text.utf8.contains(0x0D) else { return text }
        return text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }

    // MARK: Unknown properties

    /// Keeps a property the model has no field for.
    mutating func keepUnknown(
        _ line: VCardContentLine, _ bytes: ArraySlice<UInt8>, isCompanion: Bool = false, plainValue: String? = nil
    ) {
        let isQuotedPrintable = line.isQuotedPrintable
        let value: String
        if let plainValue {
            // The caller found the value needs no decoding: escaped and unescaped text are the same.
            value = plainValue
        } else if line.isBase64 {
            value = String(decoding: bytes[line.valueStart...].filter { $0 > 0x20 }, as: UTF8.self)
        } else {
            value = VCardValueDecoding.escapingLineBreaks(valueBytes(line, bytes))
        }
        let parameters = line.parameters.filter { parameter in
            let upper = parameter.name.uppercasedASCII()
            if upper == "CHARSET" { return false }
            if isQuotedPrintable {
                if parameter.isBare, upper == "QUOTED-PRINTABLE" { return false }
                if upper == "ENCODING" { return false }
            }
            return true
        }
        let property = VCardUnknownProperty(group: line.group, name: line.name, parameters: parameters, value: value)
        unknown.append((property, isCompanion))
    }

    /// Single-valued properties: the first occurrence is read, later ones are kept as unknown.
    enum Single: UInt32 {
        case formattedName, name, nickname, maidenName, phoneticGiven, phoneticMiddle, phoneticFamily
        case phoneticOrganization, sound, organization, title, photo, birthday, alternateBirthday
    }

    /// Records the first use of a single-valued property; false when it was already seen.
    mutating func firstUse(_ single: Single) -> Bool {
        let bit: UInt32 = 1 << single.rawValue
        defer { seen |= bit }
        return seen & bit == 0
    }

    func hasSeen(_ single: Single) -> Bool {
        seen & (1 << single.rawValue) != 0
    }
}
