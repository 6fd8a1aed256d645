import ContactsSystem

/// How the privacy commands name statuses and print apps: a table row, a detail block, JSON.
///
/// The JSON status names are Apple's `CNAuthorizationStatus` case names, so scripts can compare them with
/// the API; tables use the words of Settings > Privacy > Contacts.
package struct AppAccessPresenter {
    /// One app in `privacy apps --json` and `privacy show --json`.
    package struct AppJSON: Codable, Hashable, Sendable {
        package var bundleIdentifier: String
        package var name: String
        /// `notDetermined`, `restricted`, `denied`, `authorized` or `limited`, with the policy file applied.
        package var status: String
        /// Whether the administrator's policy file restricts the app (rather than the store's record).
        package var restrictedByPolicy: Bool
        package var purpose: String?
        /// When the status was decided, ISO 8601 in UTC; absent while not determined.
        package var decidedAt: String?
        package var shared: Int
        package var created: Int
        /// How many contacts the app sees now.
        package var visible: Int
    }

    /// How many contacts the store holds, for "sees N of M".
    package var contactCount: Int

    package init(contactCount: Int) {
        self.contactCount = contactCount
    }

    package func json(_ app: ContactAccessSummary) -> AppJSON {
        AppJSON(
            bundleIdentifier: app.bundleIdentifier,
            name: app.summary.displayName,
            status: Self.name(of: app.status),
            restrictedByPolicy: app.summary.isRestrictedByPolicy,
            purpose: app.summary.usageDescription,
            decidedAt: app.summary.decidedAt.map { $0.formatted(.iso8601) },
            shared: app.summary.sharedCount,
            created: app.summary.createdCount,
            visible: app.visibleCount
        )
    }

    /// The `privacy apps` table: one row per app, the purpose last because it is the longest.
    package func table(_ apps: [ContactAccessSummary]) -> String {
        var table = TextTable(header: ["APP", "STATUS", "SEES", "BUNDLE IDENTIFIER", "PURPOSE"])
        for app in apps {
            table.append([
                app.summary.displayName, Self.label(of: app), String(app.visibleCount), app.bundleIdentifier,
                app.summary.usageDescription ?? "",
            ])
        }
        return table.rendered
    }

    /// The `privacy show` block.
    package func detail(_ app: ContactAccessSummary) -> String {
        var table = TextTable()
        table.append(["App", app.summary.displayName])
        table.append(["Bundle", app.bundleIdentifier])
        table.append(["Status", Self.label(of: app)])
        table.append(["Purpose", app.summary.usageDescription ?? "(none)"])
        table.append(["Sees", "\(app.visibleCount) of \(contactCount) contacts"])
        table.append(["Shared", String(app.summary.sharedCount)])
        table.append(["Created", String(app.summary.createdCount)])
        table.append(["Decided", app.summary.decidedAt.map { $0.formatted(.iso8601) } ?? "never"])
        return table.rendered
    }

    /// The line a change command prints: the app's status and what it sees now.
    package func confirmation(_ app: ContactAccessSummary) -> String {
        "\(app.bundleIdentifier): \(Self.label(of: app)), sees \(app.visibleCount) of \(contactCount) contacts."
    }

    /// Apple's case name of a status.
    package static func name(of status: CNAuthorizationStatus) -> String {
        switch status {
        case .notDetermined: "notDetermined"
        case .restricted: "restricted"
        case .denied: "denied"
        case .authorized: "authorized"
        case .limited: "limited"
        @unknown default: "unknown"
        }
    }

    /// The status as a person reads it; a restriction from the policy file says so.
    package static func label(of app: ContactAccessSummary) -> String {
        switch app.status {
        case .notDetermined: "not determined"
        case .restricted: app.summary.isRestrictedByPolicy ? "restricted (policy file)" : "restricted"
        case .denied: "denied"
        case .authorized: "full"
        case .limited: "limited"
        @unknown default: "unknown"
        }
    }
}
