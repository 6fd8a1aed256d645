import Foundation
import GRDB

extension PredicateCompiler {
    /// Every query word must start a word of the name fields, looked up in `name_index` by token range.
    ///
    /// How the ranges combine depends on how many contacts the words match, so a search costs about the same
    /// for a rare name and for a prefix as common as "jo" (16% of a realistic store):
    /// - Words whose ranges are small drive: their ranges are read and intersected (an `IN` list,
    ///   materialized once per statement), and common words are checked per candidate.
    /// - When even the rarest word is common, materializing its range would cost more than the rows the
    ///   caller reads, so the scan over `contact` (in the requested order) drives and every word is checked
    ///   per contact; the scan stops as soon as a batch is full, so the first screenful reads only a few
    ///   hundred contacts.
    ///
    /// Each per-contact check looks for the word in the contact's own row (`name_words`, ``NameWordsColumn``):
    /// `instr`, no seek. A store not yet upgraded to `name-words` (opened read-only, which never migrates) has
    /// no such column; there the check is a seek in `name_index_contact`, as it was.
    ///
    /// Every range and check reads the staged tokens beside the large index (``IndexStaging``): a token is in
    /// one of them, and the staging is small, so it adds one seek per range.
    func nameCondition(_ name: String, in db: Database) throws -> Condition {
        let words = Array(Set(TextFolding.words(name))).sorted()
        guard !words.isEmpty else {
            throw StoreError(.predicateInvalid, "name predicate has no words")
        }
        let threshold = try Self.denseRangeThreshold(in: db)
        var dense: [String] = []
        var sparse: [String] = []
        for word in words {
            if try Self.range(of: word, reaches: threshold, in: db) {
                dense.append(word)
            } else {
                sparse.append(word)
            }
        }
        let inRow = try Self.storesNameWords(in: db)
        // Dense words are checked per contact, which the page's own `id > ?` already limits.
        guard !sparse.isEmpty else {
            return Self.nameCondition(sparse: sparse, dense: dense, after: 0, inRow: inRow)
        }
        return .paging { [sparse, dense] in
            Self.nameCondition(sparse: sparse, dense: dense, after: $0, inRow: inRow)
        }
    }

    /// The name condition of words already sorted into sparse (their ranges drive) and dense (checked per
    /// contact), its ranges reading only contacts past row id `after` (0: all; row ids start at 1), so a page
    /// that starts after a row id does not read and seek every hit of the pages before it again. The text is the
    /// same for every `after`, so each page reuses one cached statement.
    /// `inRow`: whether the contact rows hold their tokens (``storesNameWords(in:)``).
    private static func nameCondition(sparse: [String], dense: [String], after: Int64, inRow: Bool) -> Condition {
        var clauses: [String] = []
        var arguments: [any DatabaseValueConvertible] = []
        if !sparse.isEmpty {
            let range = """
                SELECT contact_id FROM name_index WHERE token >= ? AND token < ? AND contact_id > ?
                UNION ALL SELECT contact_id FROM name_index_staged WHERE token >= ? AND token < ? AND contact_id > ?
                """
            // Each range is a compound of its own: INTERSECT and UNION ALL chain left to right.
            let ranges =
                sparse.count == 1
                ? range
                : Array(repeating: "SELECT contact_id FROM (\(range))", count: sparse.count)
                    .joined(separator: " INTERSECT ")
            clauses.append("id IN (\(ranges))")
            for word in sparse {
                arguments += [word, word + "\u{10FFFF}", after, word, word + "\u{10FFFF}", after]
            }
        }
        for word in dense where inRow {
            clauses.append("instr(contact.name_words, ?) > 0")
            arguments.append(NameWordsColumn.probe(word))
        }
        for word in dense where !inRow {
            clauses.append(
                """
                (EXISTS (SELECT 1 FROM name_index INDEXED BY name_index_contact
                WHERE name_index.contact_id = contact.id AND name_index.token >= ? AND name_index.token < ?)
                OR EXISTS (SELECT 1 FROM name_index_staged INDEXED BY name_index_staged_contact
                WHERE name_index_staged.contact_id = contact.id AND name_index_staged.token >= ? AND name_index_staged.token < ?))
                """
            )
            arguments += [word, word + "\u{10FFFF}", word, word + "\u{10FFFF}"]
        }
        return Condition(sql: clauses.joined(separator: " AND "), arguments: StatementArguments(arguments))
    }

    /// Whether the contact rows hold their name tokens: every store from `name-words` on. GRDB caches the
    /// columns per connection, so this asks SQLite once.
    private static func storesNameWords(in db: Database) throws -> Bool {
        try db.columns(in: "contact").contains { $0.name == "name_words" }
    }

    /// The range size from which scanning contacts beats reading the range: reading a range of `count`
    /// tokens costs about `count` steps, while a scan finds a batch of `b` matches among `n` contacts after
    /// about `b·n/count` contacts of three steps each, so the scan wins when `count² > 3·b·n`; `b` is the
    /// first batch (128), the one a search that stops early pays for.
    private static func denseRangeThreshold(in db: Database) throws -> Int {
        // max(id) is one seek; deleted contacts only make it an overestimate.
        let contacts = try Int.fetchOne(db.cachedStatement(sql: "SELECT max(id) FROM contact")) ?? 0
        let threshold = (3.0 * Double(AuthorizedStore.firstBatchSize) * Double(contacts)).squareRoot()
        return max(256, Int(threshold))
    }

    /// Whether at least `cap` tokens start with `word`, staged ones included: the plan's choice, which needs
    /// no more than that (``nameCondition(_:in:)``).
    ///
    /// The staged tokens are counted (the staging is small), then one probe asks whether the large index holds
    /// the rest: a row at offset `cap - 1 - staged` of its range. SQLite steps over the rows an `OFFSET` skips
    /// without handing them to a count, about 380 instructions a token where a count capped by a `LIMIT`
    /// subquery paid about 550 (sqlite3 under callgrind, docs/Store.md), and this reads every token a
    /// realistic search will read again. Same answer as `staged + merged >= cap`: when the staging alone
    /// reaches `cap` the probe is not needed, and otherwise its offset is at least 0.
    static func range(of word: String, reaches cap: Int, in db: Database) throws -> Bool {
        let statement = try db.cachedStatement(
            sql: """
                SELECT (SELECT count(*) FROM (SELECT 1 FROM name_index_staged WHERE token >= ?1 AND token < ?2 LIMIT ?3)) >= ?3
                OR EXISTS (SELECT 1 FROM name_index WHERE token >= ?1 AND token < ?2 LIMIT 1 OFFSET ?3 - 1
                - (SELECT count(*) FROM (SELECT 1 FROM name_index_staged WHERE token >= ?1 AND token < ?2 LIMIT ?3)))
                """
        )
        return try Bool.fetchOne(statement, arguments: [word, word + "\u{10FFFF}", cap]) ?? false
    }
}
