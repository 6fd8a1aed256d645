import ContactsSystem
import Foundation

/// `contacts daemon release`: hands a person's book in contactsd back to an embedded store, losing nothing.
///
/// The way back from `contacts daemon adopt`. Renaming the original that adopt kept would lose every change
/// made while the daemon served the book, so the daemon's store is copied (SQLite's online backup, checked)
/// to the person's location, given to the person, and only then put in place; the daemon's file is renamed,
/// never deleted, so the daemon serves it no more and the book exists twice until an administrator removes
/// the old copy. A store some process still has open (contactsd serving it) is refused: what the daemon wrote
/// after the copy would be lost.
package struct StoreRelease {
    package var uid: uid_t
    /// The person's store to write (the adopted location).
    package var destination: URL
    package var stateDirectory: URL
    /// Who will own the store.
    package var person: SystemUser
    /// Whether a store already at the destination is set aside (kept, renamed) rather than refused.
    package var replace: Bool
    /// The time that names the kept files.
    package var now: Date

    /// The daemon's store for the person.
    package var source: URL {
        stateDirectory.appendingPathComponent("users/\(uid)/Contacts.sqlite")
    }

    /// Releases the store and returns the report's lines.
    package func release() throws(CommandFailure) -> [String] {
        let timestamp = StoreAdoption.timestamp(now)
        switch StoreInspection.inspect(source) {
        case .missing:
            throw CommandFailure(
                "contactsd holds no store for uid \(uid) (\(source.path))", exitCode: ExitStatus.noInput,
                hint: "pass --state DIR when the daemon keeps its state elsewhere")
        case .notAStore:
            throw StoreLocation.notAStore(source)
        case .store:
            break
        }
        let holders = Self.processes(holdingOpen: source)
        guard holders.isEmpty else {
            throw CommandFailure(
                "\(source.path) is open in process \(holders.map(String.init).joined(separator: ", ")); nothing was "
                    + "changed",
                exitCode: ExitStatus.temporaryFailure,
                hint: "stop contactsd first (systemctl stop contactsd.socket contactsd): what it writes after the copy "
                    + "would be lost")
        }
        if FileManager.default.fileExists(atPath: destination.path), !replace {
            throw CommandFailure(
                "\(destination.path) already holds a file", exitCode: ExitStatus.cannotCreate,
                hint: "pass --replace to keep it as a timestamped backup and write the book over it")
        }
        var lines: [String] = []
        let folder = destination.deletingLastPathComponent()
        if !FileManager.default.fileExists(atPath: folder.path) {
            // Only the store's own folder is made: its parents belong to the person's home, not to root.
            guard FileManager.default.fileExists(atPath: folder.deletingLastPathComponent().path),
                mkdir(folder.path, 0o700) == 0, chown(folder.path, person.uid, person.gid) == 0
            else {
                throw CommandFailure.systemCall("cannot create \(folder.path) for \(person.name)")
            }
            lines.append("Created \(folder.path) (owner \(person.name), mode 0700).")
        }
        lines += try StoreHandover(
            source: source, destination: destination, owner: person, timestamp: timestamp, step: "releasing"
        ).perform().lines
        lines.append("Wrote \(destination.path) (owner \(person.name), mode 0600).")
        let kept = try StoreAdoption.renameStore(source, suffix: ".released-\(timestamp)")
        lines.append(
            "Kept the daemon's store as \(kept.path). While contactsd runs, the person's apps reach it and find an "
                + "empty book: leave daemon mode (systemctl disable --now contactsd.socket contactsd) before they start."
        )
        return lines
    }

    /// The processes with the store or its write-ahead log open, from `/proc/PID/fd` (root sees them all).
    static func processes(holdingOpen store: URL) -> [pid_t] {
        let paths: Set<String> = [store.path, store.path + "-wal"]
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { pid_t($0) }.filter { pid in
            let folder = "/proc/\(pid)/fd"
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            return descriptors.contains { descriptor in
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\(descriptor)"))
                    .map(paths.contains) ?? false
            }
        }.sorted()
    }
}
