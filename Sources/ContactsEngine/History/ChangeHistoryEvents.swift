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

    /// Where the events come from: this process's store, or pages another process reads (the daemon).
    private enum Source {
        case store(AuthorizedStore, HistoryPlan, ChangeHistoryQuery)
        case pages(startsOver: Bool, reopen: () throws(CNError) -> any StreamedPages<CNChangeHistoryEvent>)
    }

    private let source: Source
    /// The pages opened with the fetch, for the first iteration; later iterations open their own.
    private var firstPages: (any StreamedPages<CNChangeHistoryEvent>)?

    /// The error that ended the last iteration early, or nil.
    public private(set) var error: (any Error)?

    package init(store: AuthorizedStore, plan: HistoryPlan, query: ChangeHistoryQuery) {
        self.source = .store(store, plan, query)
    }

    /// Events read page by page from elsewhere: `first` serves the first iteration, `reopen` each later one.
    package init(
        startsOver: Bool, first: any StreamedPages<CNChangeHistoryEvent>,
        reopen: @escaping () throws(CNError) -> any StreamedPages<CNChangeHistoryEvent>
    ) {
        self.source = .pages(startsOver: startsOver, reopen: reopen)
        self.firstPages = first
    }

    /// Whether the fetch starts over with a drop-everything event (nil, foreign, malformed or expired token).
    public var startsOver: Bool {
        switch source {
        case .store(_, let plan, _): plan.restart != nil
        case .pages(let startsOver, _): startsOver
        }
    }

    public func makeIterator() -> Iterator {
        Iterator(owner: self)
    }

    /// Reads events page by page.
    public struct Iterator: IteratorProtocol {
        private enum Phase {
            case pages(any StreamedPages<CNChangeHistoryEvent>)
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
            owner.error = nil
            switch owner.source {
            case .store(_, let plan, _):
                phase = plan.restart == nil ? .changes(from: 0) : .dropEverything
            case .pages(_, let reopen):
                if let first = owner.firstPages {
                    owner.firstPages = nil
                    phase = .pages(first)
                } else {
                    do {
                        phase = .pages(try reopen())
                    } catch {
                        owner.error = error
                        phase = .finished
                    }
                }
            }
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
            guard case .store(let store, let plan, let query) = owner.source else {
                guard case .pages(let pages) = phase else { return false }
                do {
                    guard let page = try pages.nextPage() else {
                        phase = .finished
                        return false
                    }
                    buffer = page
                    return true
                } catch {
                    owner.error = error
                    phase = .finished
                    return false
                }
            }
            do {
                switch phase {
                case .pages: return false
                case .dropEverything:
                    buffer = [CNChangeHistoryDropEverythingEvent()]
                    phase = .contacts(after: 0)
                case .contacts(let after):
                    if let page = try store.historyFullSyncPage(plan, query: query, after: after, seen: &seen) {
                        buffer = page.events
                        phase = .contacts(after: page.last)
                    } else {
                        phase = .changes(from: 0)
                    }
                case .changes(let start):
                    let changes = plan.changes
                    guard start < changes.count else {
                        phase = .finished
                        return false
                    }
                    let end = Swift.min(start + ChangeHistoryEvents.pageSize, changes.count)
                    buffer = try store.historyEvents(changes[start..<end], query: query)
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
