/// A regular expression from the phone-number metadata, compiled to run over decimal digits.
///
/// The metadata describes prefixes and number shapes with Java regular expressions, but only a small part
/// of their syntax: digits, `\d`, character classes of digits, capturing and non-capturing groups,
/// alternation, the quantifiers `?`, `*`, `+`, `{n}`, `{n,}` and `{n,m}`, and the end anchor `$`. This type
/// compiles exactly that subset into a small backtracking program, so parsing a number needs neither
/// Foundation's `NSRegularExpression` nor a pattern compilation per call, and allocates at most two small
/// arrays per match.
///
/// Matches are anchored at the start of the input and follow the same priority rules as Java, Perl and
/// ICU: greedy quantifiers, and alternatives tried from left to right. Capture groups therefore hold the
/// same text as libphonenumber's transform rules expect.
///
/// ```swift
/// let prefix = PhoneNumberPattern("0(?:0|161)")
/// prefix?.prefixMatch(in: Array("0161123".utf8)[...])?.length   // 4
/// ```
package struct PhoneNumberPattern: Sendable {
    /// One step of the compiled program.
    enum Instruction: Sendable, Equatable {
        /// Consumes one digit whose bit (1 << digit) is set in the mask.
        case digit(UInt16)
        /// Continues at the first target, and at the second one if the first fails.
        case split(Int, Int)
        /// Continues at the target.
        case jump(Int)
        /// Records the current position in a capture slot: 2 × group for the start, 2 × group + 1 for the end.
        case save(Int)
        /// Fails unless the whole input has been consumed.
        case assertEnd
        /// Succeeds.
        case match
    }

    /// The result of a successful match.
    package struct Match: Sendable, Equatable {
        /// The number of digits the match consumed, from the start of the input.
        package let length: Int
        /// Start and end offsets of each capture group, -1 when the group did not take part.
        let captures: [Int]

        /// The offsets of a capture group (1 for the first), or nil when the group did not take part.
        package func group(_ index: Int) -> Range<Int>? {
            let slot = 2 * index
            guard slot + 1 < captures.count, captures[slot] >= 0, captures[slot + 1] >= captures[slot] else {
                return nil
            }
            return captures[slot]..<captures[slot + 1]
        }
    }

    /// What a backtracking step restores on failure.
    private enum Backtrack {
        case branch(instruction: Int, position: Int)
        case restore(slot: Int, value: Int)
    }

    /// Bounds the work of one match. The metadata's patterns need a few hundred steps at most; the limit
    /// only keeps a pathological pattern (a loop that can match nothing) from running forever.
    private static let stepLimit = 100_000

    /// The compiled program; the last instruction is `.match`.
    let program: [Instruction]

    /// The number of capture groups in the pattern.
    package let groupCount: Int

    /// The pattern as written in the metadata.
    package let source: String

    /// Matches the pattern at the start of the input, as Java's `lookingAt`.
    ///
    /// - Parameter digits: ASCII digits ("0" to "9"); any other byte never matches.
    /// - Returns: the match, or nil when the pattern does not match at the start of the input.
    package func prefixMatch(in digits: ArraySlice<UInt8>) -> Match? {
        run(on: digits, toEnd: false)
    }

    /// Returns true when the pattern matches the whole input, as Java's `matches`.
    package func matchesWhole(_ digits: ArraySlice<UInt8>) -> Bool {
        run(on: digits, toEnd: true) != nil
    }

    private func run(on digits: ArraySlice<UInt8>, toEnd: Bool) -> Match? {
        let start = digits.startIndex
        var captures = groupCount == 0 ? [] : [Int](repeating: -1, count: 2 * (groupCount + 1))
        var backtrack: [Backtrack] = []
        var instruction = 0
        var position = start
        var steps = 0
        execution: while steps < Self.stepLimit {
            steps += 1
            var failed = false
            switch program[instruction] {
            case .digit(let mask):
                if position < digits.endIndex, Self.accepts(digits[position], mask: mask) {
                    position += 1
                    instruction += 1
                } else {
                    failed = true
                }
            case .split(let first, let second):
                backtrack.append(.branch(instruction: second, position: position))
                instruction = first
            case .jump(let target):
                instruction = target
            case .save(let slot):
                backtrack.append(.restore(slot: slot, value: captures[slot]))
                captures[slot] = position - start
                instruction += 1
            case .assertEnd:
                if position == digits.endIndex { instruction += 1 } else { failed = true }
            case .match:
                if !toEnd || position == digits.endIndex {
                    return Match(length: position - start, captures: captures)
                }
                failed = true
            }
            guard failed else { continue }
            while let entry = backtrack.popLast() {
                switch entry {
                case .restore(let slot, let value):
                    captures[slot] = value
                case .branch(let target, let resumePosition):
                    instruction = target
                    position = resumePosition
                    continue execution
                }
            }
            return nil
        }
        return nil
    }

    private static func accepts(_ byte: UInt8, mask: UInt16) -> Bool {
        let value = byte &- UInt8(ascii: "0")
        return value < 10 && mask & (1 << UInt16(value)) != 0
    }
}
