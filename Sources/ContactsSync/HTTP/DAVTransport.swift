/// Sends HTTP requests: the real client, or a test's wrapper around it.
protocol DAVTransport: Sendable {
    /// Sends a request and reads the whole response.
    ///
    /// - Throws: ``SyncError`` with `timedOut`, `connectionFailed`, `certificateUntrusted` or
    ///   `responseTooLarge`; HTTP error statuses are responses, not errors.
    func send(_ request: DAVRequest) async throws -> DAVResponse

    /// Closes connections; the transport is not used after.
    func shutdown() async
}
