import Foundation

/// Splits vCard bytes into logical lines: physical lines joined where a folded line, a quoted-printable
/// soft line break, an unindented base64 continuation or a vCard 2.1 backslash continuation says so.
///
/// Input comes in chunks, so a file of any size is read with one chunk in memory at a time. The logical
/// line is ``line``: a slice of the input when it is one physical line of bytes in memory, else of a buffer
/// reused from line to line.
package struct VCardLineScanner {
    private var buffer: [UInt8] = []
    /// The start of the next physical line not yet consumed.
    private var position = 0
    private var isExhausted = false
    private let nextChunk: () throws -> [UInt8]?
    /// The next physical line, found but not consumed.
    private var peeked: (start: Int, end: Int, next: Int)?
    /// The number of physical lines consumed so far.
    private var physicalLines = 0
    /// Whether the whole input is in ``buffer`` from the start, which is then never changed: a line may be
    /// handed out as a slice of it.
    private let isInMemory: Bool
    /// Where the current line is in ``buffer`` when it is one physical line handed out in place; nil when it
    /// was joined into ``joined``.
    private var inPlace: Range<Int>?

    /// A logical line made of several physical lines (or read from chunks), joined; the capacity is reused.
    private var joined: [UInt8] = []

    /// The bytes of the current logical line, without its line break: a slice of the input when the line is
    /// one physical line of bytes in memory, of a joining buffer otherwise. Its indices are the slice's own
    /// (they need not start at 0). Hold it no longer than the next call to ``nextLogicalLine()``.
    package var line: ArraySlice<UInt8> {
        if let inPlace { return buffer[inPlace] }
        return joined[...]
    }
    /// The 1-based number of the first physical line of the current logical line.
    package private(set) var lineNumber = 0

    /// Creates a scanner over chunks handed out by a closure that returns nil at the end.
    package init(chunks nextChunk: @escaping () throws -> [UInt8]?) {
        self.nextChunk = nextChunk
        self.isInMemory = false
    }

    /// Creates a scanner over bytes already in memory.
    package init(bytes: [UInt8]) {
        self.buffer = bytes
        self.isExhausted = true
        self.nextChunk = { nil }
        self.isInMemory = true
    }

    /// Moves to the next logical line; false at the end of the input.
    package mutating func nextLogicalLine() throws -> Bool {
        if isInMemory {
            // Most lines are one physical line: they are handed out in place instead of copied into a buffer
            // (with the general path's peeking, ~600 instructions a line of the realistic book, 16% of reading
            // it in callgrind). Nothing is peeked ahead in memory that the fast path would need: the input
            // never moves, so a peeked line is found again from `position`.
            peeked = nil
            if let single = unfoldedLine() {
                inPlace = single.start..<single.end
                position = single.next
                physicalLines += 1
                lineNumber = physicalLines
                return true
            }
        }
        inPlace = nil
        guard let first = try peekPhysical() else { return false }
        joined.removeAll(keepingCapacity: true)
        appendPhysical(first, from: first.start)
        consumePeeked()
        lineNumber = physicalLines
        var quotedPrintable: Bool?
        var base64: Bool?
        while let next = try peekPhysical() {
            let isEmpty = next.start == next.end
            if joined.last == UInt8(ascii: "=") {
                if quotedPrintable == nil { quotedPrintable = Self.encoding(of: joined) == .quotedPrintable }
                if quotedPrintable == true {
                    // A soft line break: the next line continues the value, its leading spaces included;
                    // an empty line ends the value instead (seen in Android exports).
                    joined.removeLast()
                    if isEmpty { break }
                    appendPhysical(next, from: next.start)
                    consumePeeked()
                    continue
                }
            }
            if isEmpty { break }
            let firstByte = buffer[next.start]
            if firstByte == UInt8(ascii: " ") || firstByte == UInt8(ascii: "\t") {
                appendPhysical(next, from: next.start + 1)
                consumePeeked()
                continue
            }
            if isBase64Text(next) {
                if base64 == nil {
                    base64 = Self.encoding(of: joined) == .base64
                }
                if base64 == true {
                    appendPhysical(next, from: next.start)
                    consumePeeked()
                    continue
                }
            }
            if endsWithLoneBackslash(), !containsColon(next) {
                // vCard 2.1 writers that end a line with a backslash continue the value on the next line;
                // read it as an escaped line break. An even run of backslashes is escaped backslashes.
                joined.append(UInt8(ascii: "n"))
                appendPhysical(next, from: next.start)
                consumePeeked()
                continue
            }
            break
        }
        return true
    }

    // MARK: One physical line, in place

    /// The physical line at `position` and where the next one starts, when nothing can continue it: no fold,
    /// no `=` or `\\` at its end, a next line that is not all base64 text. Nil when the general path must
    /// decide (it then reads the same line the same way), and at the end of the input.
    ///
    /// Every test is one the general path makes, taken conservatively: a line ending in `=` may be
    /// quoted-printable, one ending in a backslash may be a vCard 2.1 continuation, a next line of base64
    /// characters may continue a base64 value; each goes the general way without asking.
    private func unfoldedLine() -> (start: Int, end: Int, next: Int)? {
        buffer.withUnsafeBufferPointer { bytes -> (start: Int, end: Int, next: Int)? in
            let count = bytes.count
            let start = position
            guard start < count, let base = bytes.baseAddress else { return nil }
            let end = Self.lineBreak(in: base, from: start, count: count)
            // An empty line goes the general way: it may be followed by a fold.
            guard end > start else { return nil }
            let last = bytes[end - 1]
            if last == UInt8(ascii: "=") || last == UInt8(ascii: "\\") { return nil }
            // The same break as `peekPhysical`: CR LF, CR CR LF and a lone CR or LF are each one break.
            var next = end
            if next < count, bytes[next] == UInt8(ascii: "\r") {
                next += 1
                while next < count, bytes[next] == UInt8(ascii: "\r") { next += 1 }
            }
            if next < count, bytes[next] == UInt8(ascii: "\n") { next += 1 }
            guard next < count else { return (start, end, next) }
            let first = bytes[next]
            if first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { return nil }
            // A next line of base64 characters to its end might continue a base64 value.
            var index = next
            while index < count, VCardBytes.isBase64(bytes[index]) { index += 1 }
            if index == count || bytes[index] == UInt8(ascii: "\r") || bytes[index] == UInt8(ascii: "\n") {
                // An empty next line ends this one, as in the general path.
                if index != next { return nil }
            }
            return (start, end, next)
        }
    }

    /// The index of the first CR or LF from `start`, or `count`.
    ///
    /// Eight bytes at a time (a word is tested for either byte with the borrow trick, whose false positives
    /// lie only above a true match): one pass over a line instead of `memchr` for the LF and again for a CR
    /// before it, ~40 instead of ~100 instructions for a realistic line.
    @inline(__always)
    private static func lineBreak(in base: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var index = start
        while index + 8 <= count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self).littleEndian
            let lineFeeds = word ^ (ones &* 0x0A)
            let returns = word ^ (ones &* 0x0D)
            let found = ((lineFeeds &- ones) & ~lineFeeds | (returns &- ones) & ~returns) & highs
            if found != 0 { return index + found.trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < count, base[index] != 0x0A, base[index] != 0x0D { index += 1 }
        return index
    }

    // MARK: Physical lines

    private mutating func appendPhysical(_ range: (start: Int, end: Int, next: Int), from start: Int) {
        if start < range.end {
            joined.append(contentsOf: buffer[start..<range.end])
        }
    }

    private mutating func consumePeeked() {
        guard let peeked else { return }
        position = peeked.next
        physicalLines += 1
        self.peeked = nil
    }

    private mutating func peekPhysical() throws -> (start: Int, end: Int, next: Int)? {
        if let peeked { return peeked }
        var searchFrom = position
        while true {
            if let newline = Self.find(UInt8(ascii: "\n"), in: buffer, from: searchFrom) {
                // A carriage return ends the line too: CR LF, CR CR LF (some iPhone exports) and a lone CR (old
                // Mac files) are each one line break. The search stops at the LF, so LF-only files pay nothing.
                if let carriageReturn = Self.find(UInt8(ascii: "\r"), in: buffer, from: position, to: newline) {
                    peeked = try lineEndingAtCarriageReturn(carriageReturn)
                } else {
                    peeked = (position, newline, newline + 1)
                }
                return peeked
            }
            if isExhausted {
                guard position < buffer.count else { return nil }
                if let carriageReturn = Self.find(UInt8(ascii: "\r"), in: buffer, from: position, to: buffer.count) {
                    peeked = try lineEndingAtCarriageReturn(carriageReturn)
                } else {
                    peeked = (position, buffer.count, buffer.count)
                }
                return peeked
            }
            let scanned = buffer.count - position
            try refill()
            searchFrom = position + scanned
        }
    }

    /// The physical line that ends at a carriage return, and where the next one starts: past every CR of the
    /// break and one LF.
    ///
    /// A break that reaches the end of the buffer reads the next chunk first, so CR CR LF split across two
    /// chunks is still one break; refilling moves the buffer, so positions are kept as offsets from `position`.
    private mutating func lineEndingAtCarriageReturn(_ carriageReturn: Int) throws -> (start: Int, end: Int, next: Int)
    {
        let end = carriageReturn - position
        var next = end + 1
        while true {
            while position + next < buffer.count, buffer[position + next] == UInt8(ascii: "\r") { next += 1 }
            if position + next < buffer.count || isExhausted { break }
            try refill()
        }
        if position + next < buffer.count, buffer[position + next] == UInt8(ascii: "\n") { next += 1 }
        return (position, position + end, position + next)
    }

    private mutating func refill() throws {
        if position > 0 {
            buffer.removeSubrange(0..<position)
            position = 0
        }
        if let chunk = try nextChunk() {
            buffer.append(contentsOf: chunk)
        } else {
            isExhausted = true
        }
    }

    /// The first `byte` in `buffer[start..<end]`.
    private static func find(_ byte: UInt8, in buffer: [UInt8], from start: Int, to end: Int) -> Int? {
        guard start < end else { return nil }
        return buffer.withUnsafeBufferPointer { pointer -> Int? in
            guard let base = pointer.baseAddress else { return nil }
            guard let found = memchr(base + start, Int32(byte), end - start) else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    private static func find(_ byte: UInt8, in buffer: [UInt8], from start: Int) -> Int? {
        guard start < buffer.count else { return nil }
        return buffer.withUnsafeBufferPointer { pointer -> Int? in
            guard let base = pointer.baseAddress else { return nil }
            guard let found = memchr(base + start, Int32(byte), pointer.count - start) else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    private func endsWithLoneBackslash() -> Bool {
        var count = 0
        var index = joined.count - 1
        while index >= 0, joined[index] == UInt8(ascii: "\\") {
            count += 1
            index -= 1
        }
        return count % 2 == 1
    }

    private func containsColon(_ range: (start: Int, end: Int, next: Int)) -> Bool {
        buffer[range.start..<range.end].contains(UInt8(ascii: ":"))
    }

    private func isBase64Text(_ range: (start: Int, end: Int, next: Int)) -> Bool {
        for index in range.start..<range.end where !VCardBytes.isBase64(buffer[index]) {
            return false
        }
        return true
    }

    // MARK: Parameter sniffing

    /// The transfer encoding a content line declares, read from its parameters (not from any text that
    /// happens to spell an encoding inside a parameter value).
    private static func encoding(of line: [UInt8]) -> VCardContentLine.TransferEncoding? {
        (try? VCardContentLine.parse(line, lineNumber: 0))?.transferEncoding
    }
}
