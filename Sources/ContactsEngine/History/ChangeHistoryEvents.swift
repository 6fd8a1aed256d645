import ContactsModel
import Foundation

/// The events of a change-history fetch, read lazily as they are iterated. Our addition.
///
/// `CNContactStore.changeHistory(for:)` returns them inside a `CNFetchResult` with the token of the state
/// they describe; Apple's `enumeratorForChangeHistoryFetchRequest:error:` is Objective-C only, and this
/// is its Swift equivalent. Events are read in pages of ``pageSize``, each page in one read transaction,
/// so memory stays flat however long the history is. Each iteration starts from the first event again.
///
/// ```swift
/// let result = try store.changeHistory(for: request)
/// for event in result.value {
///     event.accept(visitor)
/// }
/// if result.value.error == nil { savedToken = result.currentHistoryToken }
/// ```
///
/// A read error while iterating ends the iteration early and is kept in ``error`` (Apple raises an
/// exception in that case); keep the previous token when it is set.
public final class ChangeHistoryEvents: Sequence {
    /// How many events one read produces.
    public static let pageSize = 256

    private let store: AuthorizedStore
    private let plan: HistoryPlan
    private let query: ChangeHistoryQuery

    /// The error that ended the last iteration early, or nil.
    public private(set) var error: (any Error)?

    package init(store: AuthorizedStore, plan: HistoryPlan, query: ChangeHistoryQuery) {
        self.store = store
        self.plan = plan
        self.query = query
    }

    /// Whether the fetch starts over with a drop-everything event (nil, foreign, malformed or expired token).
    public var startsOver: Bool { plan.restart != nil }

    public func makeIterator() -> Iterator {
        Iterator(owner: self)
    }

    /// Reads events page by page.
    public struct Iterator: IteratorProtocol {
        private enum Phase {
            case dropEverything
            case contacts(after: Int64)
            case changes(from: Int)
            case finished
        }

        private let owner: ChangeHistoryEvents
        private var phase: Phase
        private var buffer: [CNChangeHistoryEvent] = []
        private var position = 0
        private var seen = Set<Int64>()

        fileprivate init(owner: ChangeHistoryEvents) {
            self.owner = owner
            self.phase = owner.plan.restart == nil ? .changes(from: 0) : .dropEverything
            owner.error = nil
        }

        public mutating func next() -> CNChangeHistoryEvent? {
            while position >= buffer.count {
                guard refill() else { return nil }
            }
            defer { position += 1 }
            return buffer[position]
        }

        /// Loads the next page; false when the events are over.
        private mutating func refill() -> Bool {
            buffer = []
            position = 0
            do {
                switch phase {
                case .dropEverything:
                    buffer = [CNChangeHistoryDropEverythingEvent()]
                    phase = .contacts(after: 0)
                case .contacts(let after):
                    if let page = try owner.store.historyFullSyncPage(owner.plan, query: owner.query, after: after, seen: &seen) {
                        buffer = page.events
                        phase = .contacts(after: page.last)
                    } else {
                        phase = .changes(from: 0)
                    }
                case .changes(let start):
                    let changes = owner.plan.changes
                    guard start < changes.count else {
                        phase = .finished
                        return false
                    }
                    let end = Swift.min(start + ChangeHistoryEvents.pageSize, changes.count)
                    buffer = try owner.store.historyEvents(changes[start..<end], query: owner.query)
                    phase = .changes(from: end)
                case .finished:
                    return false
                }
                return true
            } catch {
                owner.error = StoreError.wrapping(error).contactsError
                phase = .finished
                return false
            }
        }
    }
}
