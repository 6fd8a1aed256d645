import Foundation

/// Asks the person at their terminal, in iOS 18's two stages.
///
/// Stage 1: `Allow "<App>" to access your contacts?`, the purpose string, then `[Continue/Don't Allow]`.
/// Stage 2: `Share all contacts or select contacts? [Share All/Select Contacts/Don't Allow]`; selecting lists
/// the candidates by number and reads the numbers to share. The access button's simplified prompt skips the
/// choice of full access and goes straight to limited access.
///
/// Answers are case-insensitive: `c`/`continue`/`y`/`yes`, `d`/`don't allow`/`n`/`no`, `a`/`all`/`share all`,
/// `s`/`select`/`select contacts`. An unknown answer asks again, up to three times; then, or at end of input,
/// the agent gives up and returns nil, so nothing is recorded. Without a terminal it returns nil at once.
///
/// ```swift
/// let agent = TerminalConsentAgent()   // uses /dev/tty
/// ```
///
/// The agent blocks its thread while it reads the terminal.
///
/// Parity: our addition; the text follows the structure of Apple's alerts in our own words.
public struct TerminalConsentAgent: ConsentAgent {
    private let openTerminal: @Sendable () -> TerminalStreams?
    private static let attempts = 3

    /// Creates an agent that opens the terminal each time it asks.
    ///
    /// - Parameter openTerminal: Opens the conversation; nil when there is no terminal.
    public init(openTerminal: @escaping @Sendable () -> TerminalStreams? = TerminalStreams.controllingTerminal) {
        self.openTerminal = openTerminal
    }

    /// Creates an agent over fixed streams, for tests.
    public init(streams: TerminalStreams) {
        self.openTerminal = { streams }
    }

    public func consent(to request: ConsentRequest, candidates: ContactCandidateSource) async -> ConsentAnswer? {
        guard let terminal = openTerminal() else { return nil }
        let name = request.app.displayName
        terminal.write("Allow \"\(name)\" to access your contacts?\n")
        if !request.purpose.isEmpty {
            terminal.write("\(request.purpose)\n")
        }
        guard let allowed = Self.choose(terminal, prompt: "[Continue/Don't Allow]: ", choices: Self.stageOne) else {
            return nil
        }
        guard allowed == .proceed else { return .deny }
        if request.style == .standard {
            let prompt = "Share all contacts or select contacts? [Share All/Select Contacts/Don't Allow]: "
            guard let scope = Self.choose(terminal, prompt: prompt, choices: Self.stageTwo) else { return nil }
            switch scope {
            case .deny: return .deny
            case .all: return .full
            case .proceed, .select: break
            }
        }
        return Self.select(terminal, from: candidates.load()).map { ConsentAnswer.limited($0) }
    }

    enum Choice {
        case proceed
        case deny
        case all
        case select
    }

    private static let denyWords: Set<String> = ["d", "don't allow", "dont allow", "don\u{2019}t allow", "n", "no"]
    private static let stageOne: [Choice: Set<String>] = [
        .proceed: ["c", "continue", "y", "yes", "allow"],
        .deny: denyWords,
    ]
    private static let stageTwo: [Choice: Set<String>] = [
        .all: ["a", "all", "share all", "full"],
        .select: ["s", "select", "select contacts", "limited"],
        .deny: denyWords,
    ]

    /// Reads an answer among `choices`, asking again on unknown input; nil at end of input or after three tries.
    static func choose(_ terminal: TerminalStreams, prompt: String, choices: [Choice: Set<String>]) -> Choice? {
        for _ in 0..<attempts {
            terminal.write(prompt)
            guard let line = terminal.readLine() else { return nil }
            let answer = line.trimmingCharacters(in: .whitespaces).lowercased()
            if let choice = choices.first(where: { $0.value.contains(answer) })?.key {
                return choice
            }
            terminal.write("Please answer with one of the choices in brackets.\n")
        }
        return nil
    }

    /// Lists the candidates and reads the numbers of those to share; an empty line shares none.
    static func select(_ terminal: TerminalStreams, from candidates: [ContactCandidate]) -> Set<String>? {
        for (index, candidate) in candidates.enumerated() {
            terminal.write("  \(index + 1). \(candidate.displayName)\n")
        }
        let prompt = "Contacts to share (numbers separated by spaces or commas; empty shares none): "
        for _ in 0..<attempts {
            terminal.write(prompt)
            guard let line = terminal.readLine() else { return nil }
            if let chosen = numbers(in: line, count: candidates.count) {
                return Set(chosen.map { candidates[$0 - 1].identifier })
            }
            terminal.write("Please enter numbers from 1 to \(candidates.count).\n")
        }
        return nil
    }

    private static func numbers(in line: String, count: Int) -> [Int]? {
        let parts = line.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" })
        var result: [Int] = []
        for part in parts {
            guard let number = Int(part), (1...max(count, 1)).contains(number), number <= count else { return nil }
            result.append(number)
        }
        return result
    }
}
