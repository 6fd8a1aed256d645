/// The XML namespaces of WebDAV and CardDAV.
enum DAVNamespace {
    static let dav = "DAV:"
    static let cardDAV = "urn:ietf:params:xml:ns:carddav"
    /// Apple's calendar server namespace, for `getctag`.
    static let calendarServer = "http://calendarserver.org/ns/"
}
