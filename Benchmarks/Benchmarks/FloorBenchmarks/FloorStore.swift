import ContactsSystem
import Foundation
import GRDB

/// The raw-SQLite floor: the same contacts in a minimal schema, queried with hand-written SQL.
///
/// One row per contact with its names and the card's text, name tokens (each name word, lowercased) and phone
/// suffixes (the last seven digits), each with an index. Fields are extracted before the timed part, so the
/// floor measures SQLite alone: what any contacts store built on it could at best do.
struct FloorStore: Sendable {
    let database: DatabaseQueue

    init(url: URL, contacts: [(uid: String, contact: CNContact, card: String)]) throws {
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
            let insertContact = try db.makeStatement(sql: "INSERT INTO contact (uid, given, family, card) VALUES (?, ?, ?, ?)")
            let insertToken = try db.makeStatement(sql: "INSERT OR IGNORE INTO name_token VALUES (?, ?)")
            let insertPhone = try db.makeStatement(sql: "INSERT OR IGNORE INTO phone_suffix VALUES (?, ?)")
            for (uid, contact, card) in contacts {
                try insertContact.execute(arguments: [uid, contact.givenName, contact.familyName, card])
                let id = db.lastInsertedRowID
                for word in (contact.givenName + " " + contact.familyName).split(separator: " ") {
                    try insertToken.execute(arguments: [word.lowercased(), id])
                }
                for number in contact.phoneNumbers {
                    try insertPhone.execute(arguments: [Self.suffix(number.value.stringValue), id])
                }
            }
        }
    }

    static func suffix(_ number: String) -> String {
        String(number.filter(\.isNumber).suffix(7))
    }

    /// Rows whose name has a word starting with the prefix; with `cards`, each row's card text too (the floor of
    /// a search that returns every field).
    func namePrefix(_ prefix: String, cards: Bool = false) throws -> Int {
        let low = prefix.lowercased()
        let columns = cards ? "c.id, c.given, c.family, c.card" : "c.id, c.given, c.family"
        return try database.read { db in
            let rows = try Row.fetchCursor(
                db, sql: """
                    SELECT DISTINCT \(columns) FROM name_token t JOIN contact c ON c.id = t.contact_id
                    WHERE t.token >= ? AND t.token < ?
                    """, arguments: [low, low + "\u{10FFFF}"])
            var count = 0
            while try rows.next() != nil { count += 1 }
            return count
        }
    }

    /// Rows with a phone number ending like the number.
    func phone(_ number: String) throws -> Int {
        try database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT c.* FROM phone_suffix p JOIN contact c ON c.id = p.contact_id WHERE p.suffix = ?",
                arguments: [Self.suffix(number)]
            ).count
        }
    }

    /// The row with a UID, its card included (the floor's "all keys").
    func fetch(uid: String) throws -> Int {
        try database.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM contact WHERE uid = ?", arguments: [uid]) == nil ? 0 : 1
        }
    }
}
