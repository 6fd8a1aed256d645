extension Contacts_V1_StringList {
    /// A list of strings.
    package init(_ values: [String]) {
        self.init()
        self.values = values
    }
}
