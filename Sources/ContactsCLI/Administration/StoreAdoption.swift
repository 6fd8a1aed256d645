import ContactsSystem
import Foundation

/// `contacts daemon adopt`: hands a person's embedded store to contactsd without losing anything.
///
/// The store is copied with SQLite's online backup into a temporary file beside the destination, checked
/// (integrity, counts), given to the daemon's user, and only then renamed into place; the original is
/// renamed, never deleted, so the person's data exists twice until an administrator removes the old copy.
package struct StoreAdoption {
    package var uid: uid_t
    package var source: URL
    package var stateDirectory: URL
    package var daemonUser: SystemUser
    /// Whether a store already at the destination is set aside (kept, renamed) rather than refused.
    package var replace: Bool
    /// Whether a store with CardDAV accounts is adopted although contactsd does not sync them.
    package var stopSyncing = false
    /// The time that names the kept files.
    package var now: Date

    /// The store file the daemon opens for the person.
    package var destination: URL {
        stateDirectory.appendingPathComponent("users/\(uid)/Contacts.sqlite")
    }

    /// `20261125T073400Z`: sorts by time, has no characters a shell or a file system treats specially.
    package var timestamp: String { Self.timestamp(now) }

    /// A time as the kept files name it.
    static func timestamp(_ now: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: now)
    }

    /// Adopts the store and returns the report's lines.
    package func adopt() throws(CommandFailure) -> [String] {
        switch StoreInspection.inspect(source) {
        case .missing:
            throw CommandFailure(
                "no contacts store at \(source.path)", exitCode: ExitStatus.noInput,
                hint: "pass --store PATH when the person keeps it elsewhere (XDG_DATA_HOME)")
        case .notAStore:
            throw StoreLocation.notAStore(source)
        case .store(let summary) where summary.accountCount > 0 && !stopSyncing:
            // The person's synced address books would quietly go stale: the daemon does not sync accounts yet,
            // and the tool refuses accounts for a book in the daemon. Only an explicit choice hands them over.
            throw CommandFailure(
                "\(source.path) syncs \(Self.plural(summary.accountCount, "CardDAV account")), which contactsd does "
                    + "not sync yet; nothing was changed",
                exitCode: ExitStatus.unavailable,
                hint: "keep the store embedded for now, or pass --stop-syncing to hand it over anyway: the accounts' "
                    + "contacts move with it and stay as they are, no longer synced")
        case .store:
            break
        }
        if FileManager.default.fileExists(atPath: destination.path), !replace {
            throw CommandFailure(
                "\(destination.path) already holds a store", exitCode: ExitStatus.cannotCreate,
                hint: "pass --replace to keep it as a timestamped backup and adopt over it")
        }
        var lines: [String] = []
        for folder in [
            stateDirectory, stateDirectory.appendingPathComponent("users"), destination.deletingLastPathComponent(),
        ] {
            let step = try OwnedDirectory(path: folder.path, owner: daemonUser, mode: 0o700).ensure()
            if step.changed { lines.append(step.text) }
        }
        let (summary, copied) = try StoreHandover(
            source: source, destination: destination, owner: daemonUser, timestamp: timestamp, step: "adopting"
        ).perform()
        lines += copied
        if summary.accountCount > 0 {
            lines.append(
                "Its \(Self.plural(summary.accountCount, "CardDAV account")) no longer sync: contactsd does not sync "
                    + "accounts yet (their contacts and settings moved with the store).")
        }
        lines.append("Wrote \(destination.path) (owner \(daemonUser.name), mode 0600; directory mode 0700).")
        let kept = try Self.renameStore(source, suffix: ".adopted-\(timestamp)")
        lines.append("Kept the original as \(kept.path); remove it once the person's contacts are served by contactsd.")
        return lines
    }

    /// Renames a store file and its SQLite companions (`-wal`, `-shm`) so they still belong together.
    static func renameStore(_ url: URL, suffix: String) throws(CommandFailure) -> URL {
        let target = URL(fileURLWithPath: url.path + suffix)
        guard rename(url.path, target.path) == 0 else {
            throw CommandFailure.systemCall("cannot rename \(url.path)")
        }
        for companion in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: url.path + companion) {
            guard rename(url.path + companion, target.path + companion) == 0 else {
                throw CommandFailure.systemCall("cannot rename \(url.path + companion)")
            }
        }
        return target
    }

    private static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    static func counted(_ summary: StoreInspection.Summary) -> String {
        [
            plural(summary.contactCount, "contact"), plural(summary.groupCount, "group"),
            plural(summary.containerCount, "container"), plural(summary.appCount, "app"),
        ].joined(separator: ", ")
    }
}
