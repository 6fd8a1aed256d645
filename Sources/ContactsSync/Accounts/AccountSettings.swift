/// How an account syncs.
public struct AccountSettings: Codable, Hashable, Sendable {
    public var timeouts: SyncTimeouts
    /// Cards asked for per `addressbook-multiget` request.
    public var downloadBatchSize: Int
    /// Whether plain http is allowed to a host that is not this machine (credentials would cross the network
    /// in clear). Off unless the person asks.
    public var allowsInsecureHTTP: Bool

    public init(timeouts: SyncTimeouts = .standard, downloadBatchSize: Int = 250, allowsInsecureHTTP: Bool = false) {
        self.timeouts = timeouts
        self.downloadBatchSize = downloadBatchSize
        self.allowsInsecureHTTP = allowsInsecureHTTP
    }

    public init(from decoder: any Decoder) throws {
        // Settings saved by an older build lack newer fields: those take their defaults.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        timeouts = try container.decodeIfPresent(SyncTimeouts.self, forKey: .timeouts) ?? .standard
        downloadBatchSize = try container.decodeIfPresent(Int.self, forKey: .downloadBatchSize) ?? 250
        allowsInsecureHTTP = try container.decodeIfPresent(Bool.self, forKey: .allowsInsecureHTTP) ?? false
    }
}
