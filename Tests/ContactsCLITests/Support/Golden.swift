import Foundation
import Testing

/// Compares output with a golden file in Tests/ContactsCLITests/Golden, after replacing identifiers with
/// numbered placeholders and the harness folder with `<TMP>`.
///
/// Set `CONTACTS_UPDATE_GOLDEN=1` to write the golden files from the current output instead.
enum Golden {
    static let folder = CommandLineHarness.repositoryRoot.appendingPathComponent("Tests/ContactsCLITests/Golden")

    /// Identifiers with placeholders in order of first appearance, `<ID1>`, `<ID2>`...; the harness path as `<TMP>`.
    static func normalize(_ text: String, harness: CommandLineHarness) -> String {
        var result = text.replacingOccurrences(of: harness.directory.path, with: "<TMP>")
        let pattern = #/[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}(:AB[A-Za-z]+)?/#
        // Decision times (privacy show, privacy apps --json) change with every run.
        result = result.replacing(#/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z/#, with: "<DATE>")
        var placeholders: [String: String] = [:]
        result = result.replacing(pattern) { match in
            let identifier = String(match.output.0)
            if let existing = placeholders[identifier] { return existing }
            let placeholder = "<ID\(placeholders.count + 1)>"
            placeholders[identifier] = placeholder
            return placeholder
        }
        return result
    }

    /// Expects normalized text to equal the golden file `name`.
    static func expect(
        _ text: String, matches name: String, harness: CommandLineHarness,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let normalized = normalize(text, harness: harness)
        let url = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["CONTACTS_UPDATE_GOLDEN"] == "1" {
            try Data(normalized.utf8).write(to: url)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(normalized == expected, "output differs from Golden/\(name)", sourceLocation: sourceLocation)
    }
}
