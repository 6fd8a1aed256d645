import Foundation

extension AppIdentity {
    /// The environment variable that names the app's `Info.plist`, overriding the one beside the executable.
    public static let infoPlistVariable = "CONTACTS_APP_INFO_PLIST"
    /// The environment variable that names the app's entitlements property list.
    public static let entitlementsVariable = "CONTACTS_APP_ENTITLEMENTS"
    /// The `Info.plist` key of the purpose string shown when the person is asked.
    public static let usageDescriptionKey = "NSContactsUsageDescription"

    /// Where the app's `Info.plist` is: `CONTACTS_APP_INFO_PLIST` if set, else `Info.plist` in the executable's folder.
    ///
    /// - Parameter environment: Supplies the variable and the executable's URL.
    /// - Returns: The file's URL, or nil when neither is known.
    public static func infoPlistURL(environment: PrivacyEnvironment) -> URL? {
        if let path = environment.variable(infoPlistVariable), !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        guard let executable = environment.executableURL() else { return nil }
        return executable.deletingLastPathComponent().appendingPathComponent("Info.plist")
    }

    /// Where the app's entitlements are: `CONTACTS_APP_ENTITLEMENTS` if set, else `<CFBundleExecutable>.entitlements`
    /// beside the `Info.plist`.
    ///
    /// - Parameters:
    ///   - infoPlist: The URL of the app's `Info.plist`.
    ///   - executableName: The plist's `CFBundleExecutable`, if any.
    ///   - environment: Supplies the variable.
    /// - Returns: The entitlements file's URL, or nil when the app names none.
    public static func entitlementsURL(
        infoPlist: URL,
        executableName: String?,
        environment: PrivacyEnvironment
    ) -> URL? {
        if let path = environment.variable(entitlementsVariable), !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        guard let executableName else { return nil }
        return infoPlist.deletingLastPathComponent().appendingPathComponent("\(executableName).entitlements")
    }

    /// Reads the app's identity from its `Info.plist` and entitlements files.
    ///
    /// A missing entitlements file means no entitlements. The usage description may be missing here; the check
    /// that stops the process happens on first contacts access (``requireUsageDescription()``).
    ///
    /// ```swift
    /// let app = try AppIdentity.load(environment: .live)
    /// ```
    ///
    /// - Parameter environment: Supplies variables, the executable's URL and file access.
    /// - Returns: The app's identity.
    /// - Throws: ``AuthorizationError`` with `infoPlistMissing`, `infoPlistMalformed`, `bundleIdentifierMissing`
    ///   or `entitlementsMalformed`.
    public static func load(environment: PrivacyEnvironment) throws(AuthorizationError) -> AppIdentity {
        guard let url = infoPlistURL(environment: environment) else {
            throw AuthorizationError(.infoPlistMissing, message: "The executable's location is unknown.")
        }
        let data: Data
        do {
            guard let contents = try environment.readFile(url) else {
                throw AuthorizationError(.infoPlistMissing, message: "No Info.plist at \(url.path).")
            }
            data = contents
        } catch let error as AuthorizationError {
            throw error
        } catch {
            throw AuthorizationError(.infoPlistMalformed, message: "Info.plist at \(url.path) cannot be read.")
        }
        guard let plist = PropertyListValue.dictionary(from: data) else {
            throw AuthorizationError(.infoPlistMalformed, message: "Info.plist at \(url.path) is not a dictionary.")
        }
        let executableName = PropertyListValue.string(plist["CFBundleExecutable"])
        var entitlements: Data?
        if let entitlementsURL = entitlementsURL(
            infoPlist: url, executableName: executableName, environment: environment
        ) {
            do {
                entitlements = try environment.readFile(entitlementsURL)
            } catch {
                throw AuthorizationError(
                    .entitlementsMalformed, message: "Entitlements at \(entitlementsURL.path) cannot be read.")
            }
        }
        return try parse(infoPlist: plist, entitlements: entitlements)
    }

    /// Builds an identity from `Info.plist` data and optional entitlements data, XML or binary.
    ///
    /// - Parameters:
    ///   - infoPlist: The `Info.plist` contents.
    ///   - entitlements: The entitlements property list, or nil for none.
    /// - Returns: The app's identity.
    /// - Throws: ``AuthorizationError`` with `infoPlistMalformed`, `bundleIdentifierMissing` or
    ///   `entitlementsMalformed`.
    public static func parse(infoPlist: Data, entitlements: Data? = nil) throws(AuthorizationError) -> AppIdentity {
        guard let plist = PropertyListValue.dictionary(from: infoPlist) else {
            throw AuthorizationError(.infoPlistMalformed, message: "Info.plist is not a dictionary.")
        }
        return try parse(infoPlist: plist, entitlements: entitlements)
    }

    private static func parse(infoPlist plist: [String: Any], entitlements: Data?) throws(AuthorizationError)
        -> AppIdentity
    {
        guard let bundleIdentifier = PropertyListValue.string(plist["CFBundleIdentifier"]) else {
            throw AuthorizationError(.bundleIdentifierMissing, message: "Info.plist has no CFBundleIdentifier.")
        }
        var granted = AppEntitlements.none
        if let entitlements {
            guard let dictionary = PropertyListValue.dictionary(from: entitlements) else {
                throw AuthorizationError(
                    .entitlementsMalformed, message: "Entitlements of \(bundleIdentifier) are not a dictionary.")
            }
            granted = AppEntitlements(propertyList: dictionary)
        }
        let displayName =
            PropertyListValue.string(plist["CFBundleDisplayName"]) ?? PropertyListValue.string(plist["CFBundleName"])
        return AppIdentity(
            bundleIdentifier: bundleIdentifier,
            displayName: displayName,
            usageDescription: PropertyListValue.string(plist[usageDescriptionKey]),
            entitlements: granted
        )
    }
}
