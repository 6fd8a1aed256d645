/// Writes JSON in exactly the form the tool's `JSONEncoder` output takes (pretty-printed, keys in the order the
/// caller gives, which must be sorted, `" : "` between key and value, empty lists as `[]`, slashes unescaped).
///
/// Written by hand for `list --json`, which encodes every contact of the store: Foundation's encoder, with the
/// pass that compacts its empty lists, was most of that command's time (issue 17; docs/CLI.md has the figures).
/// `PrettyJSONWriterTests` holds it to the encoder's output byte for byte.
package struct PrettyJSONWriter {
    package private(set) var bytes: [UInt8] = []
    /// Spaces before the current container's closing bracket.
    private var indent: Int
    /// Whether the current container has a member yet, innermost last.
    private var hasMember: [Bool] = []

    /// - Parameter indent: Spaces before every line after the first (2 for the elements of a listing).
    package init(indent: Int = 0, capacity: Int = 2048) {
        self.indent = indent
        bytes.reserveCapacity(capacity)
    }

    package mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    // MARK: Containers

    package mutating func beginObject() {
        bytes.append(UInt8(ascii: "{"))
        hasMember.append(false)
        indent += 2
    }

    package mutating func endObject() {
        close(UInt8(ascii: "}"))
    }

    /// Starts an array; an array that gets no element is written `[]`.
    package mutating func beginArray() {
        bytes.append(UInt8(ascii: "["))
        hasMember.append(false)
        indent += 2
    }

    package mutating func endArray() {
        close(UInt8(ascii: "]"))
    }

    private mutating func close(_ bracket: UInt8) {
        indent -= 2
        if hasMember.removeLast() {
            newline()
        }
        bytes.append(bracket)
    }

    /// The separator and line break before a member or an element.
    private mutating func nextMember() {
        if hasMember[hasMember.count - 1] { bytes.append(UInt8(ascii: ",")) }
        hasMember[hasMember.count - 1] = true
        newline()
    }

    private mutating func newline() {
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
    }

    // MARK: Members

    /// Starts an object member; its value follows.
    package mutating func key(_ name: StaticString) {
        nextMember()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: " "), UInt8(ascii: ":"), UInt8(ascii: " ")])
    }

    /// A member with a string value.
    package mutating func member(_ name: StaticString, _ value: String) {
        key(name)
        string(value)
    }

    /// A member with a string value, left out when the value is nil (as the encoder leaves out nil optionals).
    package mutating func member(_ name: StaticString, ifPresent value: String?) {
        guard let value else { return }
        member(name, value)
    }

    /// Starts an array element; its value follows.
    package mutating func element() {
        nextMember()
    }

    /// An array of objects, each written by `body` between its braces.
    package mutating func objects<Element>(_ elements: [Element], _ body: (inout PrettyJSONWriter, Element) -> Void) {
        beginArray()
        for element in elements {
            self.element()
            beginObject()
            body(&self, element)
            endObject()
        }
        endArray()
    }

    // MARK: Values

    /// A string, escaped as the encoder escapes: quotation mark, reverse solidus and control characters;
    /// everything else as its UTF-8 bytes.
    package mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = value
        text.withUTF8 { utf8 in
            var start = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                escape(byte)
                start = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<utf8.count]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ byte: UInt8) {
        let backslash = UInt8(ascii: "\\")
        switch byte {
        case UInt8(ascii: "\""): bytes += [backslash, UInt8(ascii: "\"")]
        case backslash: bytes += [backslash, backslash]
        case 0x08: bytes += [backslash, UInt8(ascii: "b")]
        case 0x09: bytes += [backslash, UInt8(ascii: "t")]
        case 0x0A: bytes += [backslash, UInt8(ascii: "n")]
        case 0x0C: bytes += [backslash, UInt8(ascii: "f")]
        case 0x0D: bytes += [backslash, UInt8(ascii: "r")]
        default:
            let hex = Array("0123456789abcdef".utf8)
            bytes += [
                backslash, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)],
                hex[Int(byte & 0xF)],
            ]
        }
    }
}
