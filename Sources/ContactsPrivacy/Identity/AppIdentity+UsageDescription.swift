extension AppIdentity {
    /// Returns the purpose string, or stops the process when the app has none.
    ///
    /// Apple stops an app that touches contacts without `NSContactsUsageDescription`; we do the same on the first
    /// contacts access, with a message that names the missing key. This is a precondition (a programmer error),
    /// not a recoverable failure.
    ///
    /// ```swift
    /// let purpose = app.requireUsageDescription()
    /// ```
    ///
    /// - Returns: The usage description.
    ///
    /// Parity: full (Apple's process abort; our message).
    public func requireUsageDescription() -> String {
        guard let usageDescription else {
            fatalError(Self.missingUsageDescriptionMessage(bundleIdentifier: bundleIdentifier))
        }
        return usageDescription
    }

    /// Loads the app's identity for its first contacts access, stopping the process when it cannot be used.
    ///
    /// The process stops when the `Info.plist` is missing or malformed, has no bundle identifier, or has no
    /// `NSContactsUsageDescription`; the message names the file or key. System tools that act as the person do
    /// not call this.
    ///
    /// ```swift
    /// let accessor = AccessorIdentity.app(AppIdentity.requireForContactsAccess(environment: .live))
    /// ```
    ///
    /// - Parameter environment: Supplies variables, the executable's URL and file access.
    /// - Returns: An identity whose ``usageDescription`` is not nil.
    public static func requireForContactsAccess(environment: PrivacyEnvironment) -> AppIdentity {
        let app: AppIdentity
        do {
            app = try load(environment: environment)
        } catch {
            fatalError(
                "Contacts access stopped: \(error.message) An app that uses contacts needs an Info.plist with "
                    + "CFBundleIdentifier and \(usageDescriptionKey) (set \(infoPlistVariable) to its path)."
            )
        }
        _ = app.requireUsageDescription()
        return app
    }

    /// The message of the stop for a missing usage description; it names the key and the bundle identifier.
    package static func missingUsageDescriptionMessage(bundleIdentifier: String) -> String {
        "Contacts access stopped: the Info.plist of \(bundleIdentifier) has no \(usageDescriptionKey) key. "
            + "Add a string that tells the person why the app uses their contacts; it is shown when they are asked."
    }
}
