/// What an export wrote.
///
/// Parity: our addition.
public struct ContactExportSummary: Hashable, Sendable, Codable {
    /// Contact cards written.
    public var contacts = 0
    /// Group cards written.
    public var groups = 0
    /// Bytes written.
    public var bytes = 0

    public init() {}
}
