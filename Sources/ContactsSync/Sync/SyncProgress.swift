/// How far a sync is, reported as it goes.
public struct SyncProgress: Sendable, Hashable {
    /// What a sync is doing.
    public enum Phase: String, Sendable, Hashable {
        case listing
        case downloading
        case uploading
        case finishing
    }

    /// The address book's container.
    public var containerIdentifier: String
    public var phase: Phase
    /// Work done and known in the phase (cards); `total` is 0 when unknown.
    public var completed: Int
    public var total: Int
}
