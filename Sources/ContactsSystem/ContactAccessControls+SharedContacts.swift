/// The person's screens show which contacts an app sees under limited access.
extension ContactAccessControls {
    /// The contacts the person shared with an app, and those the app created (it sees both under limited
    /// access); empty for an app without a record.
    ///
    /// - Throws: `CNError.dataAccessError` (2) when the store fails.
    package func limitedSet(of bundleIdentifier: String) throws -> (shared: Set<String>, created: Set<String>) {
        let record = try service.repository.record(for: bundleIdentifier)
        return (record?.limitedIdentifiers ?? [], record?.createdIdentifiers ?? [])
    }
}
