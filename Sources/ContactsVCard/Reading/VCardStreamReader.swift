import ContactsModel
import Foundation

/// Reads cards one at a time from a file or from chunks, without holding the whole input in memory.
///
/// Memory stays at one chunk plus one card, so a 100,000-card export imports in constant space.
///
/// ```swift
/// var reader = VCardStreamReader(fileHandle: handle)
/// while let card = try reader.next() {
///     import(card)
/// }
/// ```
///
/// Nested cards (a vCard 2.1 `AGENT`, or a `BEGIN:VCARD` inside a card) are read as cards of their own and
/// come right after the card that holds them.
package struct VCardStreamReader {
    private var scanner: VCardLineScanner
    /// The innermost open card's builder.
    private var current: VCardCardBuilder.Box?
    /// Whether a card is open; kept apart so checking does not copy the builder.
    private var isOpen = false
    /// Cards that hold the current one, outermost first.
    private var outer: [VCardCardBuilder.Box] = []
    /// The card that just ended with no nested cards after it: the common case, handed out by moving it out of
    /// this slot (taking it from ``ready`` copied the card, retaining and releasing each of its fields).
    private var finished: VCardCard?
    private var ready: [VCardCard] = []
    /// Cards that ended inside a card still open; they follow it.
    private var nested: [VCardCard] = []
    private var readyIndex = 0
    private var identifiers = VCardIdentifierGenerator()
    /// Builders of finished cards, reused so a card does not pay for its builder's arrays and tables.
    private var spare: [VCardCardBuilder.Box] = []
    /// Whether the fast paths are on (see ``init(bytes:usesFastPaths:)``).
    private var usesFastPaths = true

    /// Reads from chunks handed out by a closure that returns nil at the end.
    package init(chunks: @escaping () throws -> Data?) {
        self.scanner = VCardLineScanner(chunks: { try chunks().map { [UInt8]($0) } })
    }

    /// Reads from a file handle, a chunk at a time.
    package init(fileHandle: FileHandle, chunkSize: Int = 1 << 20) {
        self.init(chunks: {
            let data = try fileHandle.read(upToCount: chunkSize)
            return data?.isEmpty == false ? data : nil
        })
    }

    /// Reads from bytes in memory, the fast way or the general way.
    ///
    /// - Parameter usesFastPaths: false reads every line the general way: names looked up by string,
    ///   every value through the full decoding chain, a new builder for every card. The results are the
    ///   same; tests compare the two.
    package init(bytes: [UInt8], usesFastPaths: Bool) {
        self.scanner = VCardLineScanner(bytes: bytes)
        self.usesFastPaths = usesFastPaths
    }

    /// Reads from bytes in memory.
    package init(bytes: [UInt8]) {
        self.init(bytes: bytes, usesFastPaths: true)
    }

    /// The next card, or nil at the end of the input.
    ///
    /// - Throws: ``VCardParseError`` for malformed input, or the error of the chunk source.
    package mutating func next() throws -> VCardCard? {
        while true {
            if let card = finished.take() { return card }
            if readyIndex < ready.count {
                let card = ready[readyIndex]
                readyIndex += 1
                if readyIndex == ready.count {
                    ready.removeAll(keepingCapacity: true)
                    readyIndex = 0
                }
                return card
            }
            guard try scanner.nextLogicalLine() else {
                if let unterminated = outer.first ?? current {
                    outer.removeAll()
                    current = nil
                    isOpen = false
                    throw VCardParseError(.unterminatedCard, line: unterminated.builder.lineNumber)
                }
                return nil
            }
            try handleLine()
        }
    }

    private mutating func handleLine() throws(VCardParseError) {
        let bytes = scanner.line
        let lineNumber = scanner.lineNumber
        guard let first = bytes.first(where: { $0 != 0x20 && $0 != 0x09 }) else { return }
        // Comment lines appear in some Android exports; nothing in vCard starts with "#".
        if first == UInt8(ascii: "#") { return }
        let line = try VCardContentLine.parse(bytes, lineNumber: lineNumber, matchesNamesByBytes: usesFastPaths)
        switch line.kind {
        case .begin where Self.isVCard(bytes[line.valueStart...]):
            open(lineNumber)
        case .end where Self.isVCard(bytes[line.valueStart...]):
            guard let builder = current.take() else { throw VCardParseError(.unexpectedEnd, line: lineNumber) }
            if let parent = outer.popLast() {
                current = parent
            } else {
                isOpen = false
            }
            let card = builder.builder.finish(identifiers: &identifiers)
            if usesFastPaths { spare.append(builder) }
            if !isOpen {
                // `next()` hands out every ready card before it reads another line, so both are empty here.
                if nested.isEmpty {
                    finished = card
                } else {
                    ready.append(card)
                    ready.append(contentsOf: nested)
                    nested.removeAll()
                }
            } else {
                nested.append(card)
            }
        case .agent where Self.startsVCard(bytes[line.valueStart...]) && isOpen:
            open(lineNumber)
        default:
            guard isOpen else { throw VCardParseError(.contentOutsideCard, line: lineNumber) }
            current?.builder.add(line, bytes)
        }
    }

    private mutating func open(_ lineNumber: Int) {
        if let holder = current.take() { outer.append(holder) }
        if let box = spare.popLast() {
            box.builder.reset(lineNumber: lineNumber)
            current = box
        } else {
            current = VCardCardBuilder.Box(VCardCardBuilder(lineNumber: lineNumber, usesFastPaths: usesFastPaths))
        }
        isOpen = true
    }

    private static let vcardWord = Array("VCARD".utf8)
    private static let beginVCard = Array("BEGIN:VCARD".utf8)

    private static func isVCard(_ value: ArraySlice<UInt8>) -> Bool {
        let trimmed = value.drop { $0 == 0x20 || $0 == 0x09 }
        var end = trimmed.endIndex
        while end > trimmed.startIndex, trimmed[end - 1] == 0x20 || trimmed[end - 1] == 0x09 { end -= 1 }
        let word = trimmed[trimmed.startIndex..<end]
        return word.count == vcardWord.count && zip(word, vcardWord).allSatisfy { VCardBytes.upper($0) == $1 }
    }

    private static func startsVCard(_ value: ArraySlice<UInt8>) -> Bool {
        value.count >= beginVCard.count && zip(value, beginVCard).allSatisfy { VCardBytes.upper($0) == $1 }
    }
}
