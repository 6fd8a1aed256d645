/// A WebDAV `multistatus` response, reduced to what account discovery and sync read.
struct Multistatus: Sendable {
    /// One `response` element: a resource and the properties the server found for it.
    struct Response: Sendable {
        var href = ""
        /// The response's own status, which sync-collection uses for removed members (404).
        var status: Int?
        /// Properties that came with a 2xx `propstat`.
        var properties = Properties()
    }

    /// The properties a sync asks for; absent ones stay nil or empty.
    struct Properties: Sendable {
        var etag: String?
        var addressData: String?
        var displayName: String?
        var resourceTypes: Set<String> = []
        var currentUserPrincipal: String?
        var addressBookHomeSet: [String] = []
        var addressDataVersions: [String] = []
        /// Every privilege named under `current-user-privilege-set`, or nil when the server did not say.
        var privileges: Set<String>?
        var supportedReports: Set<String> = []
        var syncToken: String?
        var ctag: String?

        var isAddressBook: Bool { resourceTypes.contains("addressbook") }
        var isCollection: Bool { resourceTypes.contains("collection") }
    }

    var responses: [Response] = []
    /// The `sync-token` of a sync-collection report.
    var syncToken: String?
}
