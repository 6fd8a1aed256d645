/// The labeled values of one multi-valued property of many contacts, as texts: a list per part, each contact's
/// values after the previous contact's, and no `CNLabeledValue` or value object built.
///
/// What a column batch of the daemon's wire holds (docs/Protocol.md, "Column batches"). The daemon filled its
/// columns by decoding the store's text into labeled values and reading their strings back, which was a third
/// of its time in an enumeration (docs/Daemon.md, "Performance"); a contact whose values the store left
/// undecoded appends its stored text here instead (``ContactStorage/appendStoredTexts(of:to:)``).
package struct LabeledValueTexts: Sendable {
    /// How many values each contact has, in contact order.
    package var counts: [UInt32] = []
    package var identifiers: [String] = []
    /// Whether each value has a label: a nil label is told from an empty one.
    package var labelPresent: [Bool] = []
    /// Each value's label, empty when it has none.
    package var labels: [String] = []
    /// Each value's strings in place, ``width(of:)`` of them per value, in the order of the value's fields.
    package var values: [String] = []

    package init() {}

    /// How many strings one value of a property takes in ``values``: a postal address's eight fields (street,
    /// sub-locality, city, sub-administrative area, state, postal code, country, ISO country code), a social
    /// profile's four (URL, username, user identifier, service), an instant message address's two (username,
    /// service), none for a date (its components are not text), one for the others.
    package static func width(of property: ContactProperty) -> Int {
        switch property {
        case .postalAddresses: 8
        case .socialProfiles: 4
        case .instantMessageAddresses: 2
        case .dates: 0
        default: 1
        }
    }

    /// Appends one value's identifier and label; its strings follow in ``values``.
    package mutating func appendValue(identifier: String, label: String?) {
        identifiers.append(identifier)
        labelPresent.append(label != nil)
        labels.append(label ?? "")
    }
}
