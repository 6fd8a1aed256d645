import ContactsSystem
import Foundation

/// A vCard file that does not read, and where it goes wrong: for `import --skip-invalid`'s report.
package struct SkippedFile: Codable, Hashable, Sendable {
    package var path: String
    /// The 1-based line of the first error, or nil when the file cannot be read at all.
    package var line: Int?
    /// What is wrong, in the reader's words (never the file's text).
    package var reason: String
}

/// Reads files through the vCard reader before an import, to set aside the ones that would stop it.
enum VCardFileCheck {
    /// The files that read to the end, and the ones that do not with their first error.
    static func partition(_ files: [URL]) -> (valid: [URL], skipped: [SkippedFile]) {
        var valid: [URL] = []
        var skipped: [SkippedFile] = []
        for file in files {
            guard let handle = FileHandle(forReadingAtPath: file.path) else {
                skipped.append(SkippedFile(path: file.path, line: nil, reason: "cannot be read"))
                continue
            }
            defer { try? handle.close() }
            var reader = VCardStreamReader(fileHandle: handle)
            do {
                while try reader.next() != nil {}
                valid.append(file)
            } catch let error as VCardParseError {
                skipped.append(SkippedFile(path: file.path, line: error.line, reason: error.code.description))
            } catch {
                skipped.append(SkippedFile(path: file.path, line: nil, reason: "cannot be read"))
            }
        }
        return (valid, skipped)
    }
}
