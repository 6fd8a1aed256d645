/// How long a sync waits for the server, in seconds.
public struct SyncTimeouts: Codable, Hashable, Sendable {
    /// To open a connection.
    public var connect: Double
    /// Between two reads of a response.
    public var read: Double
    /// For a whole request and its response.
    public var request: Double

    public init(connect: Double = 10, read: Double = 60, request: Double = 300) {
        self.connect = connect
        self.read = read
        self.request = request
    }

    public static let standard = SyncTimeouts()
}
