import ContactsSystem
import Foundation

/// A store copied to its new place for its new owner, as `daemon adopt` and `daemon release` do: SQLite's online
/// backup into a temporary file beside the destination, checked, given to the owner (0600), and only then renamed
/// into place, whatever was there kept as `.replaced-TIMESTAMP`. A failure before the rename leaves the
/// destination as it was.
struct StoreHandover {
    var source: URL
    var destination: URL
    var owner: SystemUser
    /// The kept files' time (``StoreAdoption/timestamp(_:)``).
    var timestamp: String
    /// Names the temporary copy: `adopting`, `releasing`.
    var step: String

    /// Copies the store and returns its summary and the report's lines.
    func perform() throws(CommandFailure) -> (summary: StoreInspection.Summary, lines: [String]) {
        let copy = destination.deletingLastPathComponent().appendingPathComponent(
            destination.lastPathComponent + ".\(step)-\(timestamp)")
        let summary: StoreInspection.Summary
        do throws(StoreError) {
            summary = try StoreBackup.copy(from: source, to: copy)
        } catch {
            throw CommandFailure(
                "the copy of \(source.path) failed: \(error.message); nothing was changed", exitCode: ExitStatus.ioError
            )
        }
        guard chown(copy.path, owner.uid, owner.gid) == 0, chmod(copy.path, 0o600) == 0 else {
            let failure = CommandFailure.systemCall("cannot give \(copy.path) to \(owner.name)")
            try? FileManager.default.removeItem(at: copy)
            throw failure
        }
        var lines = [
            "Copied \(source.path) with SQLite's online backup: \(StoreAdoption.counted(summary)); integrity check ok."
        ]
        if FileManager.default.fileExists(atPath: destination.path) {
            let backup = try StoreAdoption.renameStore(destination, suffix: ".replaced-\(timestamp)")
            lines.append("Kept the file that was there as \(backup.path).")
        }
        guard rename(copy.path, destination.path) == 0 else {
            throw CommandFailure.systemCall("cannot rename \(copy.path) to \(destination.path)")
        }
        return (summary, lines)
    }
}
