/// Where the person's screens listen and how long their secrets last.
package struct PersonScreensConfiguration: Sendable {
    /// The loopback port; 0 lets the system choose a free one (the links carry it).
    package var port: Int
    /// How long a one-time link may wait before it is opened.
    package var linkLifetime: Duration = .seconds(60)
    /// How long a browser session lasts from when its link was opened.
    package var sessionLifetime: Duration = .seconds(30 * 60)

    package init(port: Int = 0) {
        self.port = port
    }
}
