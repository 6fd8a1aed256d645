import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The open-file limit: 1,000 connections need more than the usual 1,024 descriptors in the daemon, which
/// inherits the driver's limit, as the holding children do.
enum DescriptorLimit {
    static var current: Int {
        var limit = rlimit()
        getrlimit(resource, &limit)
        return Int(limit.rlim_cur)
    }

    /// Raises the soft limit to the hard one, and both to 65,536 when allowed (root).
    static func raise() {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return }
        var wanted = limit
        wanted.rlim_cur = max(limit.rlim_max, 65_536)
        wanted.rlim_max = wanted.rlim_cur
        if setrlimit(resource, &wanted) != 0 {
            limit.rlim_cur = limit.rlim_max
            setrlimit(resource, &limit)
        }
    }

    private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
}
