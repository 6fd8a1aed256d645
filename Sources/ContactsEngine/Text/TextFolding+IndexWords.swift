import Foundation

extension TextFolding {
    /// Adds the search words of a text to a set: the same words as ``words(_:)``, for the name index.
    ///
    /// Most names are ASCII. Their words are runs of letters and digits, lower-cased, split at anything else,
    /// with the runs of one whitespace-separated piece also joined when there are several; that is what
    /// ``words(_:)`` computes for ASCII text, here in one pass over the bytes without Unicode property
    /// look-ups. Other text goes through ``words(_:)``. TextFoldingTests compares both on many inputs.
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - words: The set the words go into.
    ///   - cache: Folds non-ASCII pieces, remembering them; nil folds each anew.
    package static func addWords(of text: String, to words: inout Set<String>, cache: FoldingCache? = nil) {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
            if let cache {
                words.formUnion(Self.words(text, fold: cache.fold))
            } else {
                words.formUnion(Self.words(text))
            }
            return
        }
        var part: [UInt8] = []
        var joined: [UInt8] = []
        var partCount = 0
        func endPart() {
            guard !part.isEmpty else { return }
            words.insert(String(decoding: part, as: UTF8.self))
            joined += part
            partCount += 1
            part.removeAll(keepingCapacity: true)
        }
        func endPiece() {
            endPart()
            if partCount > 1 { words.insert(String(decoding: joined, as: UTF8.self)) }
            joined.removeAll(keepingCapacity: true)
            partCount = 0
        }
        for byte in text.utf8 {
            switch byte {
            // The ASCII characters with the Unicode White_Space property.
            case 0x09...0x0D, 0x20: endPiece()
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): part.append(byte + 0x20)
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): part.append(byte)
            default: endPart()
            }
        }
        endPiece()
    }
}
