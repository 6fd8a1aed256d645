import Foundation
import Synchronization

/// Where the labeled values of a contact come from when a store read them but left them undecoded.
package protocol LabeledValueSource: Sendable {
    /// Decodes the values of one multi-valued property, in their order, into its list in `lists`.
    ///
    /// Called at most once per property of a contact, and never for a property that was not fetched.
    func decode(_ property: ContactProperty, into lists: inout LabeledValueLists)

    /// Appends the texts of one multi-valued property's values, in their order, to `texts` (its count, then
    /// each value's identifier, label and strings), building no object; returns false, appending nothing,
    /// when this source cannot (then the caller reads the decoded values).
    ///
    /// The strings must be those of the values ``decode(_:into:)`` builds, read back.
    func appendTexts(of property: ContactProperty, to texts: inout LabeledValueTexts) -> Bool
}

extension LabeledValueSource {
    package func appendTexts(of property: ContactProperty, to texts: inout LabeledValueTexts) -> Bool {
        false
    }
}

/// The labeled values a store read for a contact, turned into objects per property on first access.
///
/// A search hands over contacts whose values the caller may never read (it shows names, or counts the
/// hits), and building a `CNLabeledValue` with its value object for every phone number and address of every
/// hit was most of a search's cost. So the store keeps each contact's stored text here and a property's
/// values are decoded the first time they are read, as Evolution Data Server's contacts parse their vCard
/// on first access.
///
/// Decoding runs once per property, under a lock: threads that read the same property at once wait for the
/// one decoding and get the same objects, as from a contact decoded when it was read. The copies of a
/// contact's storage (a `copy()`, a `mutableCopy()`) share this; a copy that sets a property reads its own
/// list from then on (``ContactStorage/deferredKeys``).
package final class DeferredLabeledValues: Sendable {
    private let source: any LabeledValueSource
    private let state = Mutex(State())

    private struct State: @unchecked Sendable {
        // SAFETY: LabeledValueLists is; this only adds which of its lists are filled.
        var lists = LabeledValueLists()
        var decoded: ContactKeySet = []
    }

    /// Creates deferred values that `source` decodes on first access.
    package init(source: any LabeledValueSource) {
        self.source = source
    }

    /// Appends the texts of a property's values to `texts` without decoding them (see
    /// ``LabeledValueSource/appendTexts(of:to:)``); false when the source cannot. The source never changes, so
    /// no lock is taken.
    package func appendTexts(of property: ContactProperty, to texts: inout LabeledValueTexts) -> Bool {
        source.appendTexts(of: property, to: &texts)
    }

    /// Reads a list through `body`, decoding the property's values first if no one read them yet.
    package func read<Value: Sendable>(
        _ property: ContactProperty, _ body: (borrowing LabeledValueLists) -> Value
    ) -> Value {
        state.withLock { state in
            if !state.decoded.contains(property) {
                source.decode(property, into: &state.lists)
                state.decoded.insert(ContactKeySet(property))
            }
            return body(state.lists)
        }
    }
}
