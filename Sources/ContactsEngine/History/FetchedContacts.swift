import ContactsModel
import Foundation

/// The contacts of a fetch request, read lazily as they are iterated. Our addition.
///
/// `CNContactStore.contacts(for:)` returns them inside a `CNFetchResult` with the change-history token of
/// the state the fetch started from; Apple's `enumeratorForContactFetchRequest:error:` is Objective-C only,
/// and this is its Swift equivalent. Contacts are read in batches of 500, each batch in one read
/// transaction, so memory stays flat. Each iteration starts from the first contact again.
///
/// ```swift
/// let result = try store.contacts(for: CNContactFetchRequest(keysToFetch: keys))
/// for contact in result.value { cache(contact) }
/// savedToken = result.currentHistoryToken
/// ```
///
/// A read error while iterating ends the iteration early and is kept in ``error``.
public final class FetchedContacts: Sequence {
    /// Where the contacts come from: this process's store, or pages another process reads (the daemon).
    private enum Source {
        case store(AuthorizedStore, ContactQuery)
        case pages(reopen: () throws(CNError) -> any StreamedPages<ContactStorage>)
    }

    private let source: Source
    private let mutableObjects: Bool
    /// The pages opened with the fetch, for the first iteration; later iterations open their own.
    private var firstPages: (any StreamedPages<ContactStorage>)?

    /// The error that ended the last iteration early, or nil.
    public private(set) var error: (any Error)?

    package init(store: AuthorizedStore, query: ContactQuery, mutableObjects: Bool) {
        self.source = .store(store, query)
        self.mutableObjects = mutableObjects
    }

    /// Contacts read page by page from elsewhere: `first` serves the first iteration, `reopen` each later one.
    package init(
        mutableObjects: Bool, first: any StreamedPages<ContactStorage>,
        reopen: @escaping () throws(CNError) -> any StreamedPages<ContactStorage>
    ) {
        self.source = .pages(reopen: reopen)
        self.mutableObjects = mutableObjects
        self.firstPages = first
    }

    public func makeIterator() -> Iterator {
        Iterator(owner: self)
    }

    /// Reads contacts batch by batch.
    public struct Iterator: IteratorProtocol {
        private let owner: FetchedContacts
        private var buffer: [ContactStorage] = []
        private var position = 0
        private var cursor: AuthorizedStore.ContactPageCursor? = .start
        private var seen = Set<Int64>()
        private var pages: (any StreamedPages<ContactStorage>)?

        fileprivate init(owner: FetchedContacts) {
            self.owner = owner
            owner.error = nil
            guard case .pages(let reopen) = owner.source else { return }
            if let first = owner.firstPages {
                owner.firstPages = nil
                pages = first
            } else {
                do {
                    pages = try reopen()
                } catch {
                    owner.error = error
                    cursor = nil
                }
            }
        }

        public mutating func next() -> CNContact? {
            guard let storage = nextStorage() else { return nil }
            return owner.mutableObjects ? CNMutableContact(storage: storage) : CNContact(storage: storage)
        }

        /// The next contact's storage, without the contact object around it: the daemon sends the storage on
        /// and would only have unwrapped the object again.
        package mutating func nextStorage() -> ContactStorage? {
            while position >= buffer.count {
                guard let current = cursor else { return nil }
                do {
                    switch owner.source {
                    case .store(let store, let query):
                        let page = try store.contactPage(query, from: current, seen: &seen)
                        buffer = page.contacts
                        cursor = page.next
                    case .pages:
                        guard let page = try pages?.nextPage() else {
                            cursor = nil
                            pages = nil
                            return nil
                        }
                        buffer = page
                    }
                    position = 0
                } catch {
                    owner.error = (error as? CNError) ?? StoreError.wrapping(error).contactsError
                    cursor = nil
                    pages = nil
                    return nil
                }
            }
            defer { position += 1 }
            return buffer[position]
        }

        /// Where a read of the store stands between pages: where the next page starts, and the linked persons
        /// returned so far (a unified fetch returns each once).
        package struct PagePosition {
            fileprivate var cursor: AuthorizedStore.ContactPageCursor?
            fileprivate var seen: Set<Int64>
        }

        /// Where the next ``nextPage(limit:)`` starts.
        package var pagePosition: PagePosition {
            PagePosition(cursor: cursor, seen: seen)
        }

        /// Goes back to a position taken earlier: the next page is read again, from the store as it is now.
        ///
        /// The daemon reads a batch ahead while the app runs its block over the previous one, and reads it again
        /// from here when the block (or anyone) changed the store meanwhile.
        package mutating func rewind(to earlier: PagePosition) {
            cursor = earlier.cursor
            seen = earlier.seen
            buffer = []
            position = 0
        }

        /// The next page handed to `sink` row by row as the store reads it
        /// (``AuthorizedStore/contactPage(_:from:limit:into:)``): how many contacts it held and whether it is the
        /// last. Nil, with nothing read, when the page cannot be read this way (contacts read elsewhere, contacts
        /// ``next()`` read and did not hand out, or the store's reasons): ``nextPage(limit:)`` reads it then.
        package mutating func nextPage(
            limit: Int, into sink: inout some ContactPageSink
        ) throws(CNError) -> (count: Int, last: Bool)? {
            guard position >= buffer.count, case .store(let store, let query) = owner.source else { return nil }
            guard let current = cursor else { return (0, true) }
            do {
                guard let page = try store.contactPage(query, from: current, limit: Swift.max(1, limit), into: &sink)
                else { return nil }
                cursor = page.next
                return (page.count, page.next == nil)
            } catch {
                cursor = nil
                pages = nil
                throw (error as? CNError) ?? StoreError.wrapping(error).contactsError
            }
        }

        /// The next contacts, at most `limit` cards read in one read transaction, and whether they are the last.
        ///
        /// A page of a unified fetch may hold fewer contacts than it read cards (a unified contact is returned
        /// once) without being the last. A read error is thrown and ends the iteration (``rewind(to:)`` starts
        /// it again), and is not kept in ``FetchedContacts/error``. Contacts read from elsewhere (daemon mode)
        /// come as the pages they arrived in.
        package mutating func nextPage(limit: Int) throws(CNError) -> (contacts: [ContactStorage], last: Bool) {
            if position < buffer.count {
                // Contacts ``next()`` read and did not hand out yet come first, as a page of their own.
                let rest = Array(buffer[position...])
                buffer = []
                position = 0
                return (rest, cursor == nil && pages == nil)
            }
            guard let current = cursor else { return ([], true) }
            do {
                switch owner.source {
                case .store(let store, let query):
                    let page = try store.contactPage(query, from: current, seen: &seen, limit: Swift.max(1, limit))
                    cursor = page.next
                    return (page.contacts, page.next == nil)
                case .pages:
                    guard let page = try pages?.nextPage() else {
                        cursor = nil
                        pages = nil
                        return ([], true)
                    }
                    return (page, false)
                }
            } catch {
                cursor = nil
                pages = nil
                throw (error as? CNError) ?? StoreError.wrapping(error).contactsError
            }
        }
    }
}
