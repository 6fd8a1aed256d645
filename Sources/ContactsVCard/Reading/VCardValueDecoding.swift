import ContactsModel
import Foundation

/// Decoding of property values: transfer encodings, character sets and text escapes, all on bytes.
package enum VCardValueDecoding {
    // MARK: Transfer encodings

    /// Decodes quoted-printable text; a malformed `=XX` is kept as written.
    package static func decodeQuotedPrintable(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "=") {
                if index + 2 < bytes.endIndex, let high = hexValue(bytes[index + 1]),
                    let low = hexValue(bytes[index + 2])
                {
                    result.append(high << 4 | low)
                    index += 3
                    continue
                }
                if index + 1 == bytes.endIndex {
                    // A trailing soft line break.
                    index += 1
                    continue
                }
            }
            result.append(byte)
            index += 1
        }
        return result
    }

    @inline(__always)
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    /// Decodes base64, skipping whitespace and accepting missing padding and the URL-safe alphabet.
    ///
    /// - Returns: nil when the text holds other characters or has an impossible length.
    package static func decodeBase64(_ bytes: some Collection<UInt8>) -> Data? {
        var output = [UInt8]()
        output.reserveCapacity(bytes.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        var sawPadding = false
        let table = VCardBytes.base64Values
        for byte in bytes {
            if byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A { continue }
            if byte == UInt8(ascii: "=") {
                sawPadding = true
                continue
            }
            let value = table[Int(byte)]
            if value == 0xFF || sawPadding { return nil }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        // Six leftover bits cannot form a byte: the text was cut.
        if bits >= 6 { return nil }
        return Data(output)
    }

    // MARK: Character sets

    /// Converts a value's bytes to UTF-8.
    ///
    /// Without a `CHARSET` the bytes are taken as UTF-8; bytes that are not valid UTF-8 are read as
    /// windows-1252, which is what old desktop exporters wrote without saying so.
    package static func utf8Bytes(_ bytes: ArraySlice<UInt8>, charset: String?) -> ArraySlice<UInt8> {
        let declared = charset.flatMap(encoding(named:))
        if declared == nil || declared == .utf8 {
            if isValidUTF8(bytes) { return bytes }
            if declared == .utf8 {
                // Declared UTF-8 but invalid: keep what decodes and mark the rest.
                return ArraySlice(String(decoding: bytes, as: UTF8.self).utf8)
            }
            return convert(bytes, from: .windowsCP1252)
        }
        // ASCII bytes mean the same in every ASCII-compatible set; ISO-2022-JP and UTF-16 are not such sets.
        let asciiCompatible = ![String.Encoding.iso2022JP, .utf16, .utf16BigEndian, .utf16LittleEndian].contains(
            declared)
        if asciiCompatible, !bytes.contains(where: { $0 >= 0x80 }) {
            return bytes
        }
        return convert(bytes, from: declared ?? .windowsCP1252)
    }

    /// Whether bytes are well-formed UTF-8 (no overlong forms, surrogates or values past U+10FFFF),
    /// checked without building a string.
    package static func isValidUTF8(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer { UTF8Check.isValid($0) }
    }

    private static func convert(_ bytes: ArraySlice<UInt8>, from encoding: String.Encoding) -> ArraySlice<UInt8> {
        if let string = String(data: Data(bytes), encoding: encoding) {
            return ArraySlice(string.utf8)
        }
        if let string = String(data: Data(bytes), encoding: .isoLatin1) {
            return ArraySlice(string.utf8)
        }
        return ArraySlice(String(decoding: bytes, as: UTF8.self).utf8)
    }

    /// The Foundation encoding of a `CHARSET` name; nil for names it does not know.
    package static func encoding(named name: String) -> String.Encoding? {
        switch name.uppercasedASCII() {
        case "UTF-8", "UTF8", "US-ASCII", "ASCII": .utf8
        case "ISO-8859-1", "ISO8859-1", "LATIN1", "ISO_8859-1": .isoLatin1
        case "WINDOWS-1252", "CP1252", "X-CP1252": .windowsCP1252
        case "SHIFT_JIS", "SHIFT-JIS", "SJIS", "X-SJIS", "CP932", "WINDOWS-31J", "MS_KANJI": .shiftJIS
        case "ISO-2022-JP": .iso2022JP
        case "ISO-8859-2", "LATIN2": .isoLatin2
        case "WINDOWS-1250", "CP1250": .windowsCP1250
        case "WINDOWS-1251", "CP1251": .windowsCP1251
        case "WINDOWS-1253", "CP1253": .windowsCP1253
        case "WINDOWS-1254", "CP1254": .windowsCP1254
        case "UTF-16", "UTF16": .utf16
        case "UTF-16BE": .utf16BigEndian
        case "UTF-16LE": .utf16LittleEndian
        default: nil
        }
    }

    // MARK: Text escapes

    /// The text of a value with vCard escapes resolved: `\n` and `\N` line breaks, `\,` `\;` `\:` `\\`.
    ///
    /// An unknown escape keeps its backslash, as most readers do.
    package static func unescape(_ bytes: ArraySlice<UInt8>) -> String {
        // Empty components are common (`N:Family;Given;;;`): no decoding call for them.
        if bytes.isEmpty { return "" }
        guard bytes.contains(UInt8(ascii: "\\")) else { return String(decoding: bytes, as: UTF8.self) }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.endIndex {
                let next = bytes[index + 1]
                switch next {
                case UInt8(ascii: "n"), UInt8(ascii: "N"):
                    result.append(UInt8(ascii: "\n"))
                case UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "\\"):
                    result.append(next)
                default:
                    result.append(byte)
                    result.append(next)
                }
                index += 2
                continue
            }
            result.append(byte)
            index += 1
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Splits a value at separators not preceded by a backslash, then resolves escapes in each part.
    package static func split(_ bytes: ArraySlice<UInt8>, separator: UInt8) -> [String] {
        var parts: [String] = []
        split(bytes, separator: separator, into: &parts)
        return parts
    }

    /// Splits a value as ``split(_:separator:)`` does, appending the parts to an array the caller reuses.
    package static func split(_ bytes: ArraySlice<UInt8>, separator: UInt8, into parts: inout [String]) {
        _ = forEachPart(of: bytes, separator: separator) { part in
            parts.append(unescape(part))
            return true
        }
    }

    /// Hands each part of a value, split at separators not preceded by a backslash, to `body`, in order; stops
    /// and returns false as soon as `body` does.
    @inline(__always)
    private static func forEachPart(
        of bytes: ArraySlice<UInt8>, separator: UInt8, _ body: (ArraySlice<UInt8>) -> Bool
    ) -> Bool {
        var start = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if byte == separator {
                guard body(bytes[start..<index]) else { return false }
                start = index + 1
            }
            index += 1
        }
        return body(bytes[min(start, bytes.endIndex)..<bytes.endIndex])
    }

    // MARK: Fast path

    /// Splits a value without transfer encoding or character set as ``split(_:separator:into:)`` splits its
    /// ``utf8Bytes(_:charset:)``, validating each part once as its string is made; false, with `parts` holding
    /// some of them, when a part is not UTF-8 (the caller then takes the general path, which reads the whole value
    /// as windows-1252).
    ///
    /// Valid UTF-8 splits at ASCII bytes into valid parts and invalid UTF-8 into at least one invalid part, so
    /// checking the parts checks the value. The general path validated the value with ``isValidUTF8(_:)``, then
    /// every part again as `String(decoding:as:)` made it (`N`, `ADR`, `ORG` of every card).
    package static func splitValidUTF8(_ bytes: ArraySlice<UInt8>, separator: UInt8, into parts: inout [String]) -> Bool
    {
        forEachPart(of: bytes, separator: separator) { part in
            guard let text = unescapeValidating(part) else { return false }
            parts.append(text)
            return true
        }
    }

    /// ``unescape(_:)`` of bytes that must be UTF-8; nil when they are not.
    private static func unescapeValidating(_ bytes: ArraySlice<UInt8>) -> String? {
        if bytes.isEmpty { return "" }
        if !bytes.contains(UInt8(ascii: "\\")) { return decodedIfValid(bytes) }
        // Rare (escaped separators or line breaks): validated, then unescaped the general way.
        return isValidUTF8(bytes) ? unescape(bytes) : nil
    }

    /// The text of a value that needs no decoding, made in one pass; nil when it needs the general path.
    ///
    /// A value without transfer encoding or character set whose bytes are valid UTF-8 and hold no
    /// backslash and no raw line break reads the same through every decoding step (``utf8Bytes(_:charset:)``,
    /// ``unescape(_:)``, ``escapingLineBreaks(_:)``): its text is its bytes. That is nearly every value in
    /// real files, so the reader tries this first; tests compare it with the general path.
    package static func plainText(_ bytes: ArraySlice<UInt8>) -> String? {
        var isASCII = true
        for byte in bytes {
            if byte < 0x20 {
                if byte == 0x0A || byte == 0x0D { return nil }
            } else if byte >= 0x80 {
                isASCII = false
            } else if byte == UInt8(ascii: "\\") {
                return nil
            }
        }
        if isASCII { return String(decoding: bytes, as: UTF8.self) }
        return decodedIfValid(bytes)
    }

    /// The text of bytes that are well-formed UTF-8; nil when they are not.
    ///
    /// `String(decoding:as:)` validates as it copies and replaces what is not UTF-8 with U+FFFD, so the text is
    /// the bytes exactly when they were valid: a comparison of the two (a `memcmp`) tells. Checking with
    /// ``isValidUTF8(_:)`` first cost ~14 instructions a byte of non-ASCII text, about as much as making the
    /// string; `String(validating:as:)` cost more still (~1,800 instructions for a 70-byte name, against ~1,100).
    @inline(__always)
    static func decodedIfValid(_ bytes: ArraySlice<UInt8>) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        let same =
            text.utf8.withContiguousStorageIfAvailable { decoded in
                bytes.withUnsafeBufferPointer { original in
                    decoded.count == original.count
                        && (original.isEmpty
                            || memcmp(decoded.baseAddress!, original.baseAddress!, original.count) == 0)
                }
            } ?? text.utf8.elementsEqual(bytes)
        return same ? text : nil
    }

    /// The bytes without leading and trailing spaces and tabs.
    package static func trimmingSpaces(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return bytes[start..<end]
    }

    /// The value with its raw line breaks written as `\n`, for keeping decoded text in escaped form.
    package static func escapingLineBreaks(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.contains(where: { $0 == 0x0A || $0 == 0x0D }) else {
            return String(decoding: bytes, as: UTF8.self)
        }
        var result: [UInt8] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == 0x0D {
                result.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                if index + 1 < bytes.endIndex, bytes[index + 1] == 0x0A { index += 1 }
            } else if byte == 0x0A {
                result.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            } else {
                result.append(byte)
            }
            index += 1
        }
        return String(decoding: result, as: UTF8.self)
    }
}
