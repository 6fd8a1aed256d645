import Foundation

/// What Flatpak writes about a sandbox in its `/.flatpak-info`: the app id, and where the app's files come from.
///
/// The file is a GLib key file (an INI dialect): `[Group]` lines, `key=value` lines, `#` comments. The daemon
/// reads three keys of it, so it parses the format here rather than link GLib or an INI package: no Swift INI
/// library is available to this build (none in the machine's package lists), and the subset is small. The
/// parser is strict where an ambiguous file could be read two ways: a key given twice, or a group opened
/// twice, makes the file unusable rather than letting either reading win.
struct FlatpakInfo: Sendable, Hashable {
    /// `[Application] name=`: the Flatpak app id (`org.example.Friends`).
    var applicationName: String
    /// `[Instance] instance-id=`: the running instance, when Flatpak wrote one.
    var instanceID: String?
    /// `[Instance] app-path=`: the host directory mounted at `/app` (the app's deployed `files`).
    var appPath: String?

    /// The largest file read: Flatpak's are a few hundred bytes.
    static let maximumSize = 64 * 1024

    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    init(applicationName: String, instanceID: String? = nil, appPath: String? = nil) {
        self.applicationName = applicationName
        self.instanceID = instanceID
        self.appPath = appPath
    }

    /// Parses the text of a `.flatpak-info`.
    init(parsing text: String) throws(ParseError) {
        let groups = try Self.keyFile(text)
        guard let name = groups["Application"]?["name"] else {
            throw ParseError(description: "no [Application] name")
        }
        guard Self.isValidApplicationID(name) else {
            throw ParseError(description: "the [Application] name is not a valid Flatpak app id")
        }
        applicationName = name
        instanceID = groups["Instance"]?["instance-id"]
        appPath = groups["Instance"]?["app-path"]
    }

    /// Flatpak's rule for app ids: at least three dot-separated elements of ASCII letters, digits, `_` and `-`,
    /// none empty or starting with a digit, 255 bytes at most. The id also names a registry file, so anything
    /// else (a `/`, a `..`) is refused here.
    static func isValidApplicationID(_ id: String) -> Bool {
        guard id.utf8.count <= 255 else { return false }
        let elements = id.split(separator: ".", omittingEmptySubsequences: false)
        guard elements.count >= 3 else { return false }
        return elements.allSatisfy { element in
            guard let first = element.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
            return element.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
                    || $0 == "-"
            }
        }
    }

    /// The groups of a key file, each a dictionary of its keys; localized keys (`name[de]`) are skipped.
    private static func keyFile(_ text: String) throws(ParseError) -> [String: [String: String]] {
        var groups: [String: [String: String]] = [:]
        var current: String?
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("[") {
                guard line.hasSuffix("]"), line.count > 2 else {
                    throw ParseError(description: "a malformed group line")
                }
                let name = String(line.dropFirst().dropLast())
                guard groups[name] == nil else { throw ParseError(description: "the group [\(name)] appears twice") }
                groups[name] = [:]
                current = name
                continue
            }
            guard let group = current else { throw ParseError(description: "a key before any group") }
            guard let equals = line.firstIndex(of: "=") else {
                throw ParseError(description: "a line that is not key=value")
            }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty else { throw ParseError(description: "an empty key") }
            if key.contains("[") { continue }
            guard groups[group]?[key] == nil else {
                throw ParseError(description: "the key \(key) appears twice in [\(group)]")
            }
            groups[group]?[key] = try unescape(line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces))
        }
        return groups
    }

    /// GLib's value escapes: `\s`, `\n`, `\t`, `\r`, `\\`.
    private static func unescape(_ value: String) throws(ParseError) -> String {
        guard value.contains("\\") else { return value }
        var result = ""
        var iterator = value.makeIterator()
        while let character = iterator.next() {
            guard character == "\\" else {
                result.append(character)
                continue
            }
            switch iterator.next() {
            case "s": result.append(" ")
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "\\": result.append("\\")
            default: throw ParseError(description: "an unknown escape in a value")
            }
        }
        return result
    }
}
