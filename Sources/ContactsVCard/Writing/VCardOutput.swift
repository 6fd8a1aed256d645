import Foundation

/// Builds vCard text: content lines folded at 75 octets with CRLF, never inside a UTF-8 sequence.
///
/// A line is written straight into the output and folded in place when it ends longer than 75 octets (few
/// lines are), rather than built in a buffer of its own and copied: on the realistic address book that copy,
/// a parameter array per `type=` token and appending strings through their UTF-8 views cost about half of
/// serializing (docs/VCard.md, "Figures").
struct VCardOutput {
    /// How a value is escaped.
    enum Escaping {
        /// vCard text: backslash, comma, semicolon and line breaks.
        case text
        /// URIs, phone numbers, e-mail addresses: backslash and line breaks only.
        case uri
        /// Already escaped (unknown properties): only raw line breaks are written as `\n`.
        case verbatim
    }

    /// The text, in memory the output manages itself (malloc'd, so that ``takeData()`` hands it to `Data`
    /// without a copy). Appending to an array went through a uniqueness check and a generic copy on every call
    /// (~80 instructions, 60,000 calls per 1,000 realistic cards); here an append is a capacity check and a copy.
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int
    /// Frees the memory when the output goes away; shared by copies of the output until one of them writes
    /// (``separate()``).
    private var owner: Owner
    /// Where the current content line starts.
    private var lineStart = 0
    /// A long line's bytes while it is folded.
    private var folding: [UInt8] = []

    private final class Owner {
        var base: UnsafeMutablePointer<UInt8>
        init(_ base: UnsafeMutablePointer<UInt8>) { self.base = base }
        deinit { free(base) }
    }

    init(capacity: Int = 4096) {
        self.capacity = max(capacity, 64)
        base = Self.allocate(self.capacity)
        owner = Owner(base)
    }

    private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
        guard let memory = malloc(capacity) else { fatalError("out of memory for \(capacity) bytes of vCard text") }
        return memory.assumingMemoryBound(to: UInt8.self)
    }

    /// The text written so far.
    var bytes: [UInt8] { [UInt8](UnsafeBufferPointer(start: base, count: count)) }

    /// A copy of the text written so far.
    var data: Data { Data(bytes: base, count: count) }

    /// The text written so far, handed to `Data` without a copy; the output starts again empty. Copying the
    /// 4 MB of 10,000 cards into fresh memory cost about a tenth of serializing them.
    mutating func takeData() -> Data {
        if !isKnownUniquelyReferenced(&owner) { separate() }
        let data = Data(bytesNoCopy: base, count: count, deallocator: .free)
        capacity = 64
        base = Self.allocate(capacity)
        owner.base = base
        count = 0
        lineStart = 0
        return data
    }

    /// Makes room for at least `capacity` bytes in all.
    mutating func reserveCapacity(_ capacity: Int) {
        guard capacity > self.capacity else { return }
        if !isKnownUniquelyReferenced(&owner) { separate() }
        // realloc moves large blocks by remapping pages rather than copying them.
        guard let larger = realloc(base, capacity) else {
            fatalError("out of memory for \(capacity) bytes of vCard text")
        }
        base = larger.assumingMemoryBound(to: UInt8.self)
        owner.base = base
        self.capacity = capacity
    }

    /// Gives a copy of the output memory of its own before it writes: the output is a value (a copied writer
    /// must not write into, move by `realloc` or free the memory its original still uses).
    private mutating func separate() {
        let memory = Self.allocate(capacity)
        memory.update(from: base, count: count)
        base = memory
        owner = Owner(memory)
    }

    /// The memory for `extra` more bytes.
    @inline(__always)
    private mutating func room(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
        // Lines are separated from copies when they begin (``startLine()``); checking on every append cost 3.6%
        // of serializing. A copy made in the middle of a line would write into shared memory: the writer never
        // makes one, and debug builds check it here.
        assert(isKnownUniquelyReferenced(&owner), "a VCardOutput copied in the middle of a line")
        if count + extra > capacity { reserveCapacity(max(capacity * 2, count + extra)) }
        return base + count
    }

    @inline(__always)
    private mutating func append(_ byte: UInt8) {
        room(1).pointee = byte
        count += 1
    }

    @inline(__always)
    private mutating func append(_ first: UInt8, _ second: UInt8) {
        let target = room(2)
        target[0] = first
        target[1] = second
        count += 2
    }

    private mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let source = buffer.baseAddress, !buffer.isEmpty else { return }
        room(buffer.count).update(from: source, count: buffer.count)
        count += buffer.count
    }

    private mutating func append(_ array: [UInt8]) {
        array.withUnsafeBufferPointer { append($0) }
    }

    // MARK: Content lines

    /// Gives the output memory of its own if a copy shares it, before a line is written: every line starts here
    /// (``begin(_:)`` and its variants, ``appendLines(_:)``), so a copy made between lines never writes into the
    /// memory of another.
    @inline(__always)
    private mutating func startLine() {
        if !isKnownUniquelyReferenced(&owner) { separate() }
        lineStart = count
    }

    /// Starts a content line with a name the writer spells (no string to retain and release).
    mutating func begin(_ name: StaticString) {
        begin(name, item: nil)
    }

    /// Starts a content line with an optional group and a name as read from a card.
    mutating func begin(_ name: String, group: String?) {
        startLine()
        if let group {
            appendUTF8(group)
            append(UInt8(ascii: "."))
        }
        appendUTF8(name)
    }

    /// Starts a content line in the group `item<number>`, or in no group for nil.
    mutating func begin(_ name: StaticString, item: Int?) {
        startLine()
        if let item {
            append(UInt8(ascii: "i"), UInt8(ascii: "t"))
            append(UInt8(ascii: "e"), UInt8(ascii: "m"))
            appendDecimal(item)
            append(UInt8(ascii: "."))
        }
        append(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }

    /// Adds `;NAME=value,value`, quoting values that need it; a parameter without values is bare.
    mutating func parameter(_ name: String, _ values: [String]) {
        append(UInt8(ascii: ";"))
        appendUTF8(name)
        guard !values.isEmpty else { return }
        append(UInt8(ascii: "="))
        for (index, value) in values.enumerated() {
            if index > 0 { append(UInt8(ascii: ",")) }
            appendParameterValue(value)
        }
    }

    /// Adds `;NAME=value`.
    mutating func parameter(_ name: String, _ value: String) {
        append(UInt8(ascii: ";"))
        appendUTF8(name)
        append(UInt8(ascii: "="))
        appendParameterValue(value)
    }

    /// Adds whole lines written earlier into another output.
    mutating func appendLines(_ text: [UInt8]) {
        startLine()
        append(text)
    }

    /// Adds parameters written earlier by ``parameter(_:_:)`` into another output (type tokens rendered once).
    mutating func appendParameters(_ text: [UInt8]) {
        append(text)
    }

    private mutating func appendParameterValue(_ value: String) {
        var value = value
        value.withUTF8 { appendParameterValue($0) }
    }

    private mutating func appendParameterValue(_ utf8: UnsafeBufferPointer<UInt8>) {
        var needsQuotes = false
        var needsEscapes = false
        for byte in utf8 where byte < 0x60 {
            switch byte {
            case UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: ","), UInt8(ascii: " "): needsQuotes = true
            case UInt8(ascii: "^"), UInt8(ascii: "\""), 0x0A, 0x0D: needsEscapes = true
            default: break
            }
        }
        if needsQuotes { append(UInt8(ascii: "\"")) }
        guard needsEscapes else {
            append(utf8)
            if needsQuotes { append(UInt8(ascii: "\"")) }
            return
        }
        var previousWasCarriageReturn = false
        for byte in utf8 {
            defer { previousWasCarriageReturn = byte == 0x0D }
            // RFC 6868 caret escapes for the characters a parameter value cannot hold. A line break of any
            // kind (LF, CR or CRLF) is its one newline, `^n`, as in values (docs/VCard.md).
            switch byte {
            case UInt8(ascii: "^"): append(UInt8(ascii: "^"), UInt8(ascii: "^"))
            case UInt8(ascii: "\""): append(UInt8(ascii: "^"), UInt8(ascii: "'"))
            case 0x0D: append(UInt8(ascii: "^"), UInt8(ascii: "n"))
            case 0x0A: if !previousWasCarriageReturn { append(UInt8(ascii: "^"), UInt8(ascii: "n")) }
            default: append(byte)
            }
        }
        if needsQuotes { append(UInt8(ascii: "\"")) }
    }

    /// Ends the line with one value.
    mutating func value(_ text: String, _ escaping: Escaping = .text) {
        append(UInt8(ascii: ":"))
        appendEscaped(text, escaping)
        finishLine()
    }

    /// Where the next byte goes, to mark the start of a value written with ``appendRaw(_:)``.
    var valueMark: Int { count }

    /// Appends text without escaping; ``escapeValue(from:)`` escapes it once the value is complete.
    mutating func appendRaw(_ text: String) {
        appendUTF8(text)
    }

    /// Escapes as text what was written since `start` (with ``appendRaw(_:)``), in place; most values need
    /// nothing. Escaping the value as a whole, not part by part, keeps a CR LF split across two parts one line
    /// break, as escaping the joined string does.
    mutating func escapeValue(from start: Int) {
        let written = UnsafeBufferPointer(start: base + start, count: count - start)
        guard Self.needsEscaping(written) else { return }
        folding.removeAll(keepingCapacity: true)
        folding.append(contentsOf: written)
        count = start
        folding.withUnsafeBufferPointer { appendEscapedSlowly($0, .text) }
    }

    /// Ends the line with one text value given as UTF-8 bytes.
    mutating func value(utf8 text: [UInt8]) {
        append(UInt8(ascii: ":"))
        text.withUnsafeBufferPointer { appendEscaped($0, .text) }
        finishLine()
    }

    /// Ends the line with a structured value whose components are separated by `;`.
    mutating func components(_ parts: [String]) {
        startValue()
        for (index, part) in parts.enumerated() {
            component(part, first: index == 0)
        }
        finishLine()
    }

    /// Starts a value written part by part with ``component(_:first:)`` and ended by ``finishLine()``, for
    /// structured values whose parts are not in an array (one array a line less).
    mutating func startValue() {
        append(UInt8(ascii: ":"))
    }

    /// Adds one component of a structured value: `;` unless it is the first, then the escaped text.
    mutating func component(_ text: String, first: Bool = false) {
        if !first { append(UInt8(ascii: ";")) }
        appendEscaped(text, .text)
    }

    /// Ends the line with a list value whose items are separated by `,`.
    mutating func list(_ items: [String]) {
        append(UInt8(ascii: ":"))
        for (index, item) in items.enumerated() {
            if index > 0 { append(UInt8(ascii: ",")) }
            appendEscaped(item, .text)
        }
        finishLine()
    }

    /// Ends the line with bytes that need no escaping, such as base64.
    mutating func rawValue(_ value: some Collection<UInt8>) {
        append(UInt8(ascii: ":"))
        if value.withContiguousStorageIfAvailable({ append($0) }) == nil {
            for byte in value { append(byte) }
        }
        finishLine()
    }

    /// Appends a string's UTF-8 bytes in one copy (appending its `utf8` view goes through a generic copy).
    private mutating func appendUTF8(_ text: String) {
        // The UTF-8 view's storage, borrowed: `var copy = text; copy.withUTF8` retained and released the string
        // (bridged strings, which have no contiguous UTF-8, take that way).
        if text.utf8.withContiguousStorageIfAvailable({ append($0) }) == nil {
            var text = text
            text.withUTF8 { append($0) }
        }
    }

    private mutating func appendDecimal(_ number: Int) {
        if number >= 10 { appendDecimal(number / 10) }
        append(UInt8(ascii: "0") + UInt8(number % 10))
    }

    private mutating func appendEscaped(_ text: String, _ escaping: Escaping) {
        // Empty components are common (`N:Family;Given;;;`, `ADR:;;street;...`).
        if text.isEmpty { return }
        // Most values need no escaping: they are copied in one go, and the byte-by-byte loop below lives in a
        // function of its own so that this path stays small enough to inline (a quarter of the instructions
        // of serializing went to this function and its closure before).
        // The storage is borrowed, not copied into a variable for `withUTF8` (a retain and a release a value).
        let copied = text.utf8.withContiguousStorageIfAvailable { utf8 in
            guard !Self.needsEscaping(utf8) else { return false }
            append(utf8)
            return true
        }
        if copied != true { appendEscapedSlowly(text, escaping) }
    }

    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, _ escaping: Escaping) {
        if Self.needsEscaping(utf8) {
            appendEscapedSlowly(utf8, escaping)
        } else {
            append(utf8)
        }
    }

    /// Whether the text holds a backslash, comma, semicolon or line break.
    ///
    /// Most values are short (names, phone numbers, e-mail addresses): they are tested eight bytes at a time in
    /// a 64-bit word, the last word overlapping the one before it, where a byte loop cost ~10 instructions a
    /// byte (the largest cost of the writer's own code). Long values go through a loop without an early exit,
    /// which the compiler tests 16-32 bytes at a time.
    @inline(__always)
    private static func needsEscaping(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = utf8.baseAddress else { return false }
        let count = utf8.count
        if count >= 32 {
            var found: UInt8 = 0
            for byte in utf8 {
                found |=
                    (byte == UInt8(ascii: "\\") ? 1 : 0) | (byte == UInt8(ascii: ",") ? 1 : 0)
                    | (byte == UInt8(ascii: ";") ? 1 : 0) | (byte == 0x0A ? 1 : 0) | (byte == 0x0D ? 1 : 0)
            }
            return found != 0
        }
        if count < 8 {
            var found = false
            for byte in utf8 where byte < 0x60 {
                if byte == UInt8(ascii: "\\") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";") || byte == 0x0A
                    || byte == 0x0D
                {
                    found = true
                }
            }
            return found
        }
        let raw = UnsafeRawPointer(base)
        var special: UInt64 = 0
        var offset = 0
        while offset + 8 <= count {
            special |= specialBytes(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        if offset < count {
            special |= specialBytes(raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        }
        return special != 0
    }

    /// Non-zero when one of the eight bytes of `word` is a backslash, comma, semicolon, LF or CR: a byte equal
    /// to the one looked for is a zero byte in `word ^ pattern`, which `(v - 0x01...) & ~v & 0x80...` detects.
    @inline(__always)
    private static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        @inline(__always)
        func zeroByte(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & (ones &* 0x80) }
        return zeroByte(word ^ (ones &* 0x5C)) | zeroByte(word ^ (ones &* 0x2C)) | zeroByte(word ^ (ones &* 0x3B))
            | zeroByte(word ^ (ones &* 0x0A)) | zeroByte(word ^ (ones &* 0x0D))
    }

    @inline(never)
    private mutating func appendEscapedSlowly(_ text: String, _ escaping: Escaping) {
        var text = text
        text.withUTF8 { appendEscapedSlowly($0, escaping) }
    }

    @inline(never)
    private mutating func appendEscapedSlowly(_ utf8: UnsafeBufferPointer<UInt8>, _ escaping: Escaping) {
        var previousWasCarriageReturn = false
        for byte in utf8 {
            defer { previousWasCarriageReturn = byte == 0x0D }
            switch byte {
            case 0x0D:
                append(UInt8(ascii: "\\"), UInt8(ascii: "n"))
            case 0x0A:
                if !previousWasCarriageReturn { append(UInt8(ascii: "\\"), UInt8(ascii: "n")) }
            case UInt8(ascii: "\\") where escaping != .verbatim:
                append(UInt8(ascii: "\\"), UInt8(ascii: "\\"))
            case UInt8(ascii: ","), UInt8(ascii: ";"):
                if escaping == .text { append(UInt8(ascii: "\\")) }
                append(byte)
            default:
                append(byte)
            }
        }
    }

    /// Ends the current line: at most 75 octets per physical line, continuation lines start with a space,
    /// and a fold never splits a UTF-8 sequence.
    mutating func finishLine() {
        let length = count - lineStart
        guard length > 75 else {
            append(0x0D, 0x0A)
            return
        }
        folding.removeAll(keepingCapacity: true)
        folding.append(contentsOf: UnsafeBufferPointer(start: base + lineStart, count: length))
        count = lineStart
        var start = 0
        var limit = 75
        folding.withUnsafeBufferPointer { line in
            while length - start > limit {
                var cut = start + limit
                while cut > start + 1, line[cut] & 0xC0 == 0x80 { cut -= 1 }
                append(UnsafeBufferPointer(rebasing: line[start..<cut]))
                append(0x0D, 0x0A)
                append(0x20)
                start = cut
                limit = 74
            }
            append(UnsafeBufferPointer(rebasing: line[start..<length]))
        }
        append(0x0D, 0x0A)
    }
}
