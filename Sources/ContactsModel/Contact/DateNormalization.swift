import Foundation

/// Keeps only the identifier of the calendar in a contact's dates.
///
/// A contact's birthday or date needs the calendar's identifier and nothing else: the store, archives and
/// vCard keep only that. Dropping the calendar's time zone, locale and first weekday when a date enters a
/// contact makes a contact equal to itself after a save or an archive round trip, even when the app built
/// the date with `Calendar.current`.
package enum DateNormalization {
    /// The components with their calendar reduced to its identifier.
    package static func normalized(_ components: DateComponents?) -> DateComponents? {
        guard var components, let calendar = components.calendar else { return components }
        components.calendar = Calendar(identifier: calendar.identifier)
        return components
    }

    /// Reduces the calendar of date components to its identifier, in place.
    package static func normalize(_ components: NSDateComponents) {
        if let calendar = components.calendar {
            components.calendar = Calendar(identifier: calendar.identifier)
        }
    }
}
