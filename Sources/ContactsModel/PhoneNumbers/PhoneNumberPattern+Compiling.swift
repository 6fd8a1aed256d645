extension PhoneNumberPattern {
    /// Compiles a pattern written in the metadata's regular-expression subset.
    ///
    /// Returns nil when the pattern uses syntax outside the subset (see ``PhoneNumberPattern``), so a
    /// metadata file with an unexpected pattern fails to load instead of matching the wrong numbers.
    package init?(_ source: String) {
        var parser = Parser(bytes: Array(source.utf8))
        guard let tree = try? parser.parseAlternation(), parser.position == parser.bytes.count else { return nil }
        var emitter = Emitter()
        emitter.emit(tree)
        emitter.program.append(.match)
        guard emitter.program.count <= Self.maximumProgramLength else { return nil }
        self.program = emitter.program
        self.groupCount = parser.groupCount
        self.source = source
    }

    /// Keeps a pattern with huge counted repetitions, which compile to copies of their body, from taking
    /// unbounded memory. The largest pattern in the metadata compiles to about 2,000 instructions.
    private static let maximumProgramLength = 50_000

    /// A parsed pattern, before it is flattened into instructions.
    private indirect enum Node {
        case digits(UInt16)
        case sequence([Node])
        case alternation([Node])
        case group(Node, capture: Int?)
        case repetition(Node, minimum: Int, maximum: Int?)
        case end
    }

    /// Why a pattern could not be compiled; the initializer turns it into nil.
    private struct UnsupportedSyntax: Error {}

    /// A recursive-descent parser over the pattern's ASCII bytes.
    private struct Parser {
        let bytes: [UInt8]
        var position = 0
        var groupCount = 0

        private static let allDigits: UInt16 = 0x3FF

        private var next: UInt8? { position < bytes.count ? bytes[position] : nil }

        mutating func parseAlternation() throws(UnsupportedSyntax) -> Node {
            var branches = [try parseSequence()]
            while next == UInt8(ascii: "|") {
                position += 1
                branches.append(try parseSequence())
            }
            return branches.count == 1 ? branches[0] : .alternation(branches)
        }

        private mutating func parseSequence() throws(UnsupportedSyntax) -> Node {
            var items: [Node] = []
            while let byte = next, byte != UInt8(ascii: "|"), byte != UInt8(ascii: ")") {
                let atom = try parseAtom()
                items.append(try parseQuantifier(of: atom))
            }
            return items.count == 1 ? items[0] : .sequence(items)
        }

        private mutating func parseAtom() throws(UnsupportedSyntax) -> Node {
            guard let byte = next else { throw UnsupportedSyntax() }
            position += 1
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                return .digits(1 << UInt16(byte - UInt8(ascii: "0")))
            case UInt8(ascii: "\\"):
                guard next == UInt8(ascii: "d") else { throw UnsupportedSyntax() }
                position += 1
                return .digits(Self.allDigits)
            case UInt8(ascii: "["):
                return .digits(try parseClass())
            case UInt8(ascii: "("):
                var capture: Int?
                if next == UInt8(ascii: "?") {
                    guard position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: ":") else {
                        throw UnsupportedSyntax()
                    }
                    position += 2
                } else {
                    groupCount += 1
                    capture = groupCount
                }
                let body = try parseAlternation()
                guard next == UInt8(ascii: ")") else { throw UnsupportedSyntax() }
                position += 1
                return .group(body, capture: capture)
            case UInt8(ascii: "$"):
                return .end
            default:
                throw UnsupportedSyntax()
            }
        }

        /// Parses a class such as `[1-35]` or `[^0]` after its opening bracket, as a digit mask.
        private mutating func parseClass() throws(UnsupportedSyntax) -> UInt16 {
            var mask: UInt16 = 0
            let negated = next == UInt8(ascii: "^")
            if negated { position += 1 }
            while let byte = next, byte != UInt8(ascii: "]") {
                position += 1
                if byte == UInt8(ascii: "\\") {
                    guard next == UInt8(ascii: "d") else { throw UnsupportedSyntax() }
                    position += 1
                    mask |= Self.allDigits
                    continue
                }
                guard let low = Self.digitValue(byte) else { throw UnsupportedSyntax() }
                var high = low
                if next == UInt8(ascii: "-"), position + 1 < bytes.count, bytes[position + 1] != UInt8(ascii: "]") {
                    guard let value = Self.digitValue(bytes[position + 1]), value >= low else {
                        throw UnsupportedSyntax()
                    }
                    high = value
                    position += 2
                }
                for digit in low...high { mask |= 1 << UInt16(digit) }
            }
            guard next == UInt8(ascii: "]") else { throw UnsupportedSyntax() }
            position += 1
            return negated ? ~mask & Self.allDigits : mask
        }

        private mutating func parseQuantifier(of atom: Node) throws(UnsupportedSyntax) -> Node {
            guard let byte = next else { return atom }
            switch byte {
            case UInt8(ascii: "?"):
                position += 1
                return .repetition(atom, minimum: 0, maximum: 1)
            case UInt8(ascii: "*"):
                position += 1
                return .repetition(atom, minimum: 0, maximum: nil)
            case UInt8(ascii: "+"):
                position += 1
                return .repetition(atom, minimum: 1, maximum: nil)
            case UInt8(ascii: "{"):
                position += 1
                let minimum = try parseCount()
                var maximum: Int? = minimum
                if next == UInt8(ascii: ",") {
                    position += 1
                    maximum = next == UInt8(ascii: "}") ? nil : try parseCount()
                }
                guard next == UInt8(ascii: "}"), maximum.map({ $0 >= minimum }) ?? true else {
                    throw UnsupportedSyntax()
                }
                position += 1
                return .repetition(atom, minimum: minimum, maximum: maximum)
            default:
                return atom
            }
        }

        private mutating func parseCount() throws(UnsupportedSyntax) -> Int {
            var value = 0
            let start = position
            while let byte = next, let digit = Self.digitValue(byte), position - start < 4 {
                value = value * 10 + digit
                position += 1
            }
            guard position > start else { throw UnsupportedSyntax() }
            return value
        }

        private static func digitValue(_ byte: UInt8) -> Int? {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
        }
    }

    /// Flattens a parsed pattern into instructions, in the usual backtracking-machine layout.
    private struct Emitter {
        var program: [Instruction] = []

        mutating func emit(_ node: Node) {
            switch node {
            case .digits(let mask):
                program.append(.digit(mask))
            case .sequence(let items):
                for item in items { emit(item) }
            case .alternation(let branches):
                emitAlternation(branches)
            case .group(let body, let capture):
                if let capture { program.append(.save(2 * capture)) }
                emit(body)
                if let capture { program.append(.save(2 * capture + 1)) }
            case .repetition(let body, let minimum, let maximum):
                emitRepetition(body, minimum: minimum, maximum: maximum)
            case .end:
                program.append(.assertEnd)
            }
        }

        private mutating func emitAlternation(_ branches: [Node]) {
            var jumpsToEnd: [Int] = []
            for branch in branches.dropLast() {
                let split = program.count
                program.append(.split(split + 1, -1))
                emit(branch)
                jumpsToEnd.append(program.count)
                program.append(.jump(-1))
                program[split] = .split(split + 1, program.count)
            }
            if let last = branches.last { emit(last) }
            for jump in jumpsToEnd { program[jump] = .jump(program.count) }
        }

        /// Repeats the body's code `minimum` times, then adds greedy optional copies (or a loop).
        private mutating func emitRepetition(_ body: Node, minimum: Int, maximum: Int?) {
            for _ in 0..<minimum { emit(body) }
            guard let maximum else {
                let loop = program.count
                program.append(.split(loop + 1, -1))
                emit(body)
                program.append(.jump(loop))
                program[loop] = .split(loop + 1, program.count)
                return
            }
            var exits: [Int] = []
            for _ in minimum..<maximum {
                exits.append(program.count)
                program.append(.split(program.count + 1, -1))
                emit(body)
            }
            for exit in exits { program[exit] = .split(exit + 1, program.count) }
        }
    }
}
