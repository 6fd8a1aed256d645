import ContactsModel

/// Pages of events or contacts read elsewhere (the daemon's stream of them), for ``ChangeHistoryEvents`` and
/// ``FetchedContacts`` in daemon mode. Dropping the pages before the end stops the reading.
package protocol StreamedPages<Element>: AnyObject {
    associatedtype Element
    /// The next page, or nil when there are no more; may block while the page is read.
    func nextPage() throws(CNError) -> [Element]?
}
