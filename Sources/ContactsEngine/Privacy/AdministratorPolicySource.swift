import ContactsPrivacy
import Foundation
import Synchronization

/// The administrator's policy as it is now: a fixed policy (tests, the daemon's own), or the policy file,
/// read again whenever it changed.
///
/// Every decision of the gate asks for the current policy, so an administrator who restricts an app is obeyed
/// from the next call on, without restarting anything. Reading the file on every call would cost a read and a
/// JSON parse per call; instead the source compares the file's identity (device, inode, size, modification and
/// status-change times, from one `stat`) with the last read, and parses again only when it differs. A file
/// that cannot be read or parsed fails closed (every app restricted), as ``AdministratorPolicy`` documents.
package final class AdministratorPolicySource: Sendable {
    private struct Loaded {
        var signature: FileSignature?
        var policy: AdministratorPolicy
    }

    /// What identifies one version of the file; nil fields mean no file.
    private struct FileSignature: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: timespec
        var changed: timespec

        static func == (left: FileSignature, right: FileSignature) -> Bool {
            left.device == right.device && left.inode == right.inode && left.size == right.size
                && left.modified.tv_sec == right.modified.tv_sec && left.modified.tv_nsec == right.modified.tv_nsec
                && left.changed.tv_sec == right.changed.tv_sec && left.changed.tv_nsec == right.changed.tv_nsec
        }
    }

    private let fixed: AdministratorPolicy?
    private let environment: PrivacyEnvironment
    private let loaded = Mutex<Loaded?>(nil)

    /// Creates a source.
    ///
    /// - Parameters:
    ///   - fixed: A policy to use instead of the file; nil reads the file `environment` names.
    ///   - environment: The variables and file access used to find and read the file.
    package init(fixed: AdministratorPolicy?, environment: PrivacyEnvironment) {
        self.fixed = fixed
        self.environment = environment
    }

    /// The policy in force now.
    package func current() -> AdministratorPolicy {
        if let fixed { return fixed }
        let url = AdministratorPolicy.fileURL(environment: environment)
        let signature = Self.signature(of: url)
        if let cached = loaded.withLock({ $0 }), signature != nil, cached.signature == signature {
            return cached.policy
        }
        let policy = AdministratorPolicy.loadFailingClosed(environment: environment).policy
        loaded.withLock { $0 = Loaded(signature: signature, policy: policy) }
        return policy
    }

    /// The file's identity now, or nil when there is no file (or it cannot be examined): such a state is never
    /// cached, so the next call looks again.
    private static func signature(of url: URL) -> FileSignature? {
        var status = stat()
        guard stat(url.path, &status) == 0 else { return nil }
        return FileSignature(
            device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
            modified: status.st_mtim, changed: status.st_ctim)
    }
}
