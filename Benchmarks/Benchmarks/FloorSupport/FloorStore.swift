import ContactsSystem
import Foundation
import GRDB

/// The raw-SQLite floor: the same contacts in a minimal schema, queried with hand-written SQL.
///
/// One row per contact with its names and the card's text, name tokens (each name word, lowercased) and phone
/// suffixes (the last seven digits), each with an index. Fields are extracted before the timed part, so the
/// floor measures SQLite alone: what any contacts store built on it could at best do.
package struct FloorStore: Sendable {
    package let database: DatabaseQueue

    /// One contact as the floor stores it: its fields taken out of the card before any timing.
    package struct Record: Sendable {
        package var uid: String
        package var given: String
        package var family: String
        /// Each word of the name, lowercased.
        package var tokens: [String]
        /// The last seven digits of each phone number.
        package var phoneSuffixes: [String]
        package var card: String
    }

    /// The rows of parsed contacts, each with its UID and its card's text.
    package static func rows(_ contacts: [(uid: String, contact: CNContact, card: String)]) -> [Record] {
        contacts.map { uid, contact, card in
            Record(
                uid: uid, given: contact.givenName, family: contact.familyName,
                tokens: (contact.givenName + " " + contact.familyName).split(separator: " ").map { $0.lowercased() },
                phoneSuffixes: contact.phoneNumbers.map { suffix($0.value.stringValue) }, card: card)
        }
    }

    /// An empty floor store at `url` (any file there is replaced).
    package init(url: URL) throws {
        try? FileManager.default.removeItem(at: url)
        database = try DatabaseQueue(path: url.path)
        try database.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE contact (id INTEGER PRIMARY KEY, uid TEXT NOT NULL, given TEXT, family TEXT, card TEXT);
                    CREATE UNIQUE INDEX contact_uid ON contact(uid);
                    CREATE TABLE name_token (token TEXT NOT NULL, contact_id INTEGER NOT NULL, PRIMARY KEY (token, contact_id))
                        WITHOUT ROWID;
                    CREATE TABLE phone_suffix (suffix TEXT NOT NULL, contact_id INTEGER NOT NULL,
                        PRIMARY KEY (suffix, contact_id)) WITHOUT ROWID;
                    """)
        }
    }

    /// A floor store at `url` holding the contacts.
    package init(url: URL, contacts: [(uid: String, contact: CNContact, card: String)]) throws {
        try self.init(url: url)
        try insert(Self.rows(contacts))
    }

    /// Inserts rows in one transaction: the floor of an import (no parsing, no checks, three b-trees).
    package func insert(_ rows: [Record]) throws {
        try database.write { db in
            let insertContact = try db.makeStatement(
                sql: "INSERT INTO contact (uid, given, family, card) VALUES (?, ?, ?, ?)")
            let insertToken = try db.makeStatement(sql: "INSERT OR IGNORE INTO name_token VALUES (?, ?)")
            let insertPhone = try db.makeStatement(sql: "INSERT OR IGNORE INTO phone_suffix VALUES (?, ?)")
            for row in rows {
                try insertContact.execute(arguments: [row.uid, row.given, row.family, row.card])
                let id = db.lastInsertedRowID
                for token in row.tokens { try insertToken.execute(arguments: [token, id]) }
                for suffix in row.phoneSuffixes { try insertPhone.execute(arguments: [suffix, id]) }
            }
        }
    }

    package static func suffix(_ number: String) -> String {
        String(number.filter(\.isNumber).suffix(7))
    }

    /// Rows whose name has a word starting with the prefix; with `cards`, each row's card text too (the floor of
    /// a search that returns every field).
    package func namePrefix(_ prefix: String, cards: Bool = false) throws -> Int {
        let low = prefix.lowercased()
        let columns = cards ? "c.id, c.given, c.family, c.card" : "c.id, c.given, c.family"
        return try database.read { db in
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT DISTINCT \(columns) FROM name_token t JOIN contact c ON c.id = t.contact_id
                    WHERE t.token >= ? AND t.token < ?
                    """, arguments: [low, low + "\u{10FFFF}"])
            var count = 0
            while try rows.next() != nil { count += 1 }
            return count
        }
    }

    /// Rows with a phone number ending like the number.
    package func phone(_ number: String) throws -> Int {
        try database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT c.* FROM phone_suffix p JOIN contact c ON c.id = p.contact_id WHERE p.suffix = ?",
                arguments: [Self.suffix(number)]
            ).count
        }
    }

    /// The row with a UID, its card included (the floor's "all keys").
    package func fetch(uid: String) throws -> Int {
        try database.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM contact WHERE uid = ?", arguments: [uid]) == nil ? 0 : 1
        }
    }
}
