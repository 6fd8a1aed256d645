import ContactsSystem

/// The person at the contact access button, asked on the controlling terminal (`/dev/tty`).
///
/// It plays the system's button: it shows the person the matches the app cannot see and reads which to
/// share. It writes to and reads from `/dev/tty`, never standard input or output, which belong to the app.
///
/// ```
/// Contact access button: share with "Find My Friends"?
///   1. Dr. Anna Maria Müller
/// Friends to share (numbers separated by spaces or commas; empty shares none): 1
/// ```
struct TerminalTrustedAgent: TrustedAgent {
    let streams: TerminalStreams

    func chooseFromAccessButton(for app: AppIdentity, matches: [ContactCandidate]) async -> AccessButtonTap? {
        guard !matches.isEmpty else { return nil }
        streams.write("Contact access button: share with \"\(app.displayName)\"?\n")
        for (index, match) in matches.enumerated() {
            streams.write("  \(index + 1). \(match.displayName)\n")
        }
        streams.write("Friends to share (numbers separated by spaces or commas; empty shares none): ")
        guard let line = streams.readLine() else { return nil }
        let chosen = line.split(whereSeparator: { $0 == " " || $0 == "," })
            .compactMap { Int($0) }
            .filter { matches.indices.contains($0 - 1) }
            .map { matches[$0 - 1].identifier }
        // The person typed the answer on the controlling terminal, which the app does not draw on: a genuine,
        // unobstructed choice.
        return chosen.isEmpty ? nil : AccessButtonTap(identifiers: Set(chosen), verification: .all)
    }

    func pickContacts(
        for app: AppIdentity, request: ContactPickerRequest, candidates: [ContactCandidate]
    ) async -> ContactPickerChoice {
        .cancelled
    }

    func editSharedContacts(
        for app: AppIdentity, shared: Set<String>, candidates: [ContactCandidate]
    ) async -> Set<String>? {
        nil
    }
}
