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
        var signature: FileSignature
        var policy: AdministratorPolicy
    }

    /// What identifies one version of the file, or its absence.
    private enum FileSignature: Equatable {
        /// No file at the path (`ENOENT`, `ENOTDIR`): the default policy, until one appears.
        case absent
        case file(device: UInt64, inode: UInt64, size: Int64, modified: timespec, changed: timespec)

        static func == (left: FileSignature, right: FileSignature) -> Bool {
            switch (left, right) {
            case (.absent, .absent): true
            case (.file(let d1, let i1, let s1, let m1, let c1), .file(let d2, let i2, let s2, let m2, let c2)):
                d1 == d2 && i1 == i2 && s1 == s2 && m1.tv_sec == m2.tv_sec && m1.tv_nsec == m2.tv_nsec
                    && c1.tv_sec == c2.tv_sec && c1.tv_nsec == c2.tv_nsec
            default: false
            }
        }
    }

    /// Where the file is for one value of its variable: building the URL and its path again on every call
    /// cost about 7% of a daemon call (perf, DaemonDriver), so they are kept while the variable does not change.
    private struct Location {
        var setting: String?
        var url: URL
        var path: String
    }

    private let fixed: AdministratorPolicy?
    private let environment: PrivacyEnvironment
    private let loaded = Mutex<Loaded?>(nil)
    private let location = Mutex<Location?>(nil)

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
        let place = fileLocation()
        let url = place.url
        let signature = Self.signature(ofFileAt: place.path)
        if let signature, let cached = loaded.withLock({ $0 }), cached.signature == signature {
            return cached.policy
        }
        let policy = AdministratorPolicy.loadFailingClosed(environment: environment).policy
        let cacheable: Bool
        switch signature {
        case .file?: cacheable = true
        // No file is remembered only when the environment agrees there is none: a test's environment may serve
        // a policy of its own for a path with no file behind it.
        case .absent?: cacheable = (try? environment.readFile(url)) == .some(nil)
        case nil: cacheable = false
        }
        if cacheable, let signature { loaded.withLock { $0 = Loaded(signature: signature, policy: policy) } }
        return policy
    }

    /// The file's URL and path for the variable's value now (read on every call, so a changed variable is
    /// obeyed at once).
    private func fileLocation() -> Location {
        let setting = environment.variable(AdministratorPolicy.fileVariable)
        if let cached = location.withLock({ $0 }), cached.setting == setting { return cached }
        let url = AdministratorPolicy.fileURL(environment: environment)
        let fresh = Location(setting: setting, url: url, path: url.path)
        location.withLock { $0 = fresh }
        return fresh
    }

    /// The file's identity now, `.absent` when there is none (a state cached like a file's, since reading the
    /// missing file again on every call cost the daemon a fifth of a status call), or nil when it cannot be
    /// examined (permissions, I/O): such a state is never cached, so the next call looks again, and the file's
    /// loading fails closed meanwhile.
    private static func signature(ofFileAt path: String) -> FileSignature? {
        var status = stat()
        guard stat(path, &status) == 0 else {
            return errno == ENOENT || errno == ENOTDIR ? .absent : nil
        }
        return .file(
            device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
            modified: status.st_mtim, changed: status.st_ctim)
    }
}
