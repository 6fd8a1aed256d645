import ContactsModel
import Foundation

/// Reads vCard 2.1, 3.0 and 4.0 data into cards: contacts plus what the contact model does not hold.
///
/// ```swift
/// let cards = try VCardReader.read(data)
/// let contacts = try VCardReader.contacts(data)   // the same contacts, without keeping the cards
/// ```
///
/// The reader is lenient where real files are sloppy (see docs/VCard.md) and strict only where a card's
/// boundaries or a property name are broken, which it reports with the line.
package enum VCardReader {
    /// Reads every card of the data.
    ///
    /// - Throws: ``VCardParseError`` with the line of the problem.
    package static func read(_ data: Data) throws(VCardParseError) -> [VCardCard] {
        try read(data, usesFastPaths: true)
    }

    /// Reads every card of the data, the fast way or the general way.
    ///
    /// - Parameter usesFastPaths: false reads the general way (see ``VCardStreamReader/init(bytes:usesFastPaths:)``).
    /// - Throws: ``VCardParseError`` with the line of the problem.
    package static func read(_ data: Data, usesFastPaths: Bool) throws(VCardParseError) -> [VCardCard] {
        var cards: [VCardCard] = []
        try forEachCard(in: data, usesFastPaths: usesFastPaths) { cards.append($0) }
        return cards
    }

    /// The contacts of every card that is not a group, in order, without keeping the cards on the way.
    ///
    /// - Throws: ``VCardParseError`` with the line of the problem.
    package static func contacts(_ data: Data) throws(VCardParseError) -> [CNMutableContact] {
        var contacts: [CNMutableContact] = []
        try forEachCard(in: data, usesFastPaths: true) { card in
            if !card.isGroup { contacts.append(card.contact) }
        }
        return contacts
    }

    private static func forEachCard(
        in data: Data, usesFastPaths: Bool, _ body: (VCardCard) -> Void
    ) throws(VCardParseError) {
        var reader = VCardStreamReader(bytes: [UInt8](data), usesFastPaths: usesFastPaths)
        do {
            while let card = try reader.next() {
                body(card)
            }
        } catch let error as VCardParseError {
            throw error
        } catch {
            // Bytes in memory give no I/O errors; keep the typed signature honest all the same.
            throw VCardParseError(.unterminatedCard, line: 0)
        }
    }
}
