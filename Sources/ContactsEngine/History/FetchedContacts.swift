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
    private let store: AuthorizedStore
    private let query: ContactQuery
    private let mutableObjects: Bool

    /// The error that ended the last iteration early, or nil.
    public private(set) var error: (any Error)?

    package init(store: AuthorizedStore, query: ContactQuery, mutableObjects: Bool) {
        self.store = store
        self.query = query
        self.mutableObjects = mutableObjects
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

        fileprivate init(owner: FetchedContacts) {
            self.owner = owner
            owner.error = nil
        }

        public mutating func next() -> CNContact? {
            while position >= buffer.count {
                guard let current = cursor else { return nil }
                do {
                    let page = try owner.store.contactPage(owner.query, from: current, seen: &seen)
                    buffer = page.contacts
                    position = 0
                    cursor = page.next
                } catch {
                    owner.error = StoreError.wrapping(error).contactsError
                    cursor = nil
                    return nil
                }
            }
            defer { position += 1 }
            let storage = buffer[position]
            return owner.mutableObjects ? CNMutableContact(storage: storage) : CNContact(storage: storage)
        }
    }
}
