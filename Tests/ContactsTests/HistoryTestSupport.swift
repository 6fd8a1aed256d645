import Contacts
import ContactsTestSupport
import Foundation

extension CNContactStore {
    /// The history after a token as transcript lines, and the next token.
    func historyLines(
        after token: Data?, groups: Bool = false, unify: Bool = true, excluding authors: [String]? = nil
    ) throws -> (lines: [String], token: Data) {
        let request = CNChangeHistoryFetchRequest()
        request.startingToken = token
        request.includeGroupChanges = groups
        request.shouldUnifyResults = unify
        request.excludedTransactionAuthors = authors
        let result = try changeHistory(for: request)
        let transcript = HistoryTranscript()
        for event in result.value { event.accept(transcript) }
        return (transcript.lines, result.currentHistoryToken)
    }

    /// Saves one request built by a closure.
    func save(author: String? = nil, _ build: (CNSaveRequest) -> Void) throws {
        let request = CNSaveRequest()
        request.transactionAuthor = author
        build(request)
        try execute(request)
    }
}
