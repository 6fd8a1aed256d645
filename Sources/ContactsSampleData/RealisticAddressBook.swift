import Foundation

/// An address book shaped like real ones, as vCard text: Apple-style cards of a macOS export's shape.
///
/// Unlike ``GeneratedContacts`` (one script mix, US phone numbers), these cards follow what real address books
/// hold: 41% of names in non-Latin scripts (Chinese, Japanese, Korean, Arabic, Hebrew, Cyrillic, Greek, Thai,
/// Devanagari), Latin names with diacritics (Vietnamese, Polish, Turkish...), phonetic names for the CJK ones,
/// phone numbers of many countries written in their local formats, Apple's grouped items (`itemN.ADR` with
/// `itemN.X-ABADR`, `itemN.URL` with `itemN.X-ABLabel`), notes and URLs; about 470 bytes and 12 lines a card on
/// average. The same seed gives the same cards, so benchmarks are repeatable.
///
/// ```swift
/// var book = RealisticAddressBook(seed: 7)
/// let text = book.vCards(1_000)          // 1,000 cards, CRLF line ends
/// let queries = RealisticAddressBook.namePrefixQueries   // 3-letter prefixes in every script
/// ```
public struct RealisticAddressBook: Sendable {
    /// One script's names: given and family names, the share of cards that use it, and phonetic spellings.
    struct Script: Sendable {
        var given: [String]
        var family: [String]
        var share: Int
        var phonetic: [String: String] = [:]
        /// Family name first in `FN` (East Asian order).
        var familyFirst = false
    }

    /// Shares are out of 100; the non-Latin ones add up to 41.
    static let scripts: [Script] = [
        Script(
            given: [
                "Anna", "Jean", "Maria", "Lukas", "Sofia", "Ahmed", "Chloé", "Søren", "Zoë", "José", "Ngozi", "Liam",
            ],
            family: ["Müller", "García", "Dubois", "Rossi", "Okafor", "Smith", "Novák", "Jensen", "Silva", "Kowalski"],
            share: 49),
        Script(
            given: ["Nguyễn Văn", "Trần Thị", "Łukasz", "Ayşe", "Željko", "Þórunn"],
            family: ["Nguyễn", "Trần", "Wiśniewski", "Yılmaz", "Đorđević", "Þórsdóttir"], share: 10),
        Script(
            given: ["伟", "芳", "娜", "秀英", "敏"], family: ["王", "李", "张", "刘", "陈"], share: 8,
            phonetic: [
                "伟": "Wei", "芳": "Fang", "娜": "Na", "秀英": "Xiuying", "敏": "Min", "王": "Wang", "李": "Li",
                "张": "Zhang", "刘": "Liu", "陈": "Chen",
            ], familyFirst: true),
        Script(
            given: ["さくら", "陽翔", "結衣", "蓮", "葵"], family: ["佐藤", "鈴木", "高橋", "田中", "渡辺"], share: 6,
            phonetic: [
                "さくら": "さくら", "陽翔": "はると", "結衣": "ゆい", "蓮": "れん", "葵": "あおい", "佐藤": "さとう",
                "鈴木": "すずき", "高橋": "たかはし", "田中": "たなか", "渡辺": "わたなべ",
            ], familyFirst: true),
        Script(
            given: ["민준", "서연", "지훈", "하은"], family: ["김", "이", "박", "최"], share: 5,
            phonetic: [
                "민준": "Minjun", "서연": "Seoyeon", "지훈": "Jihun", "하은": "Haeun", "김": "Kim", "이": "Lee",
                "박": "Park", "최": "Choi",
            ], familyFirst: true),
        Script(given: ["محمد", "فاطمة", "علي", "مريم"], family: ["العلي", "حسن", "الخطيب", "منصور"], share: 5),
        Script(given: ["נועה", "דוד", "מיכל", "יונתן"], family: ["כהן", "לוי", "מזרחי", "פרץ"], share: 3),
        Script(
            given: ["Александр", "Ольга", "Дмитрий", "Наталья"], family: ["Иванов", "Смирнова", "Кузнецов", "Попова"],
            share: 6),
        Script(
            given: ["Γιώργος", "Μαρία", "Νίκος", "Ελένη"], family: ["Παπαδόπουλος", "Γεωργίου", "Νικολάου"], share: 3),
        Script(given: ["สมชาย", "สุดา", "ประเสริฐ"], family: ["ใจดี", "ศรีสุข", "วงศ์ใหญ่"], share: 2),
        Script(given: ["आरव", "प्रिया", "राहुल"], family: ["शर्मा", "वर्मा", "गुप्ता"], share: 3),
    ]

    /// Phone number shapes by country, as people type them locally (`#` is a digit), and the country code.
    static let phoneFormats: [(region: String, format: String)] = [
        ("US", "(###) ###-####"), ("US", "+1 ###-###-####"), ("DE", "0### #######"), ("DE", "+49 ### #######"),
        ("FR", "0# ## ## ## ##"), ("GB", "07### ######"), ("JP", "090-####-####"), ("CN", "1## #### ####"),
        ("KR", "010-####-####"), ("BR", "(##) 9####-####"), ("IN", "9#### #####"), ("RU", "8 (9##) ###-##-##"),
        ("IL", "05#-###-####"), ("EG", "01# #### ####"), ("TH", "08#-###-####"), ("VN", "09# ### ## ##"),
        ("GR", "69# ### ####"), ("PL", "5## ### ###"), ("TR", "05## ### ## ##"), ("NG", "080# ### ####"),
    ]

    /// Three-letter name prefixes in every script, for name-search benchmarks.
    public static let namePrefixQueries: [String] = [
        "Mül", "Gar", "Dub", "Sof", "Ngu", "Wiś", "Yıl", "王", "佐藤", "鈴", "김", "박", "محم", "فاط", "כהן", "נוע",
        "Але", "Ива", "Γιώ", "Παπ", "สมช", "शर्", "Kow", "Jen",
    ]

    private var state: UInt64
    private var serial = 0

    /// Creates a generator.
    public init(seed: UInt64 = 7) {
        state = seed &+ 0x2545_F491_4F6C_DD1D
    }

    /// The next `count` cards as one vCard file's text (CRLF line ends).
    public mutating func vCards(_ count: Int) -> String {
        var text = ""
        text.reserveCapacity(count * 500)
        for _ in 0..<count { text += nextCard() }
        return text
    }

    /// The next card.
    public mutating func nextCard() -> String {
        serial += 1
        let script = pickScript()
        let given = pick(script.given)
        let family = pick(script.family)
        let fullName = script.familyFirst ? "\(family)\(given)" : "\(given) \(family)"
        var lines = [
            "BEGIN:VCARD", "VERSION:3.0", "PRODID:-//Apple Inc.//macOS 14.5//EN", "N:\(family);\(given);;;",
            "FN:\(fullName)",
        ]
        if let phoneticGiven = script.phonetic[given], let phoneticFamily = script.phonetic[family] {
            lines += ["X-PHONETIC-FIRST-NAME:\(phoneticGiven)", "X-PHONETIC-LAST-NAME:\(phoneticFamily)"]
        }
        if next(100) < 60 {
            lines.append("ORG:\(pick(Self.organizations));\(pick(Self.departments))")
            if next(100) < 50 { lines.append("TITLE:\(pick(Self.titles))") }
        }
        let ascii = "person\(serial)"
        lines.append("EMAIL;type=INTERNET;type=HOME;type=pref:\(ascii)@example.com")
        if next(100) < 45 { lines.append("EMAIL;type=INTERNET;type=WORK:\(ascii).work@example.org") }
        for index in 0..<(1 + next(2)) {
            let type = index == 0 ? "type=CELL;type=VOICE;type=pref" : "type=WORK;type=VOICE"
            lines.append("TEL;\(type):\(phoneNumber())")
        }
        var item = 0
        if next(100) < 55 {
            item += 1
            let country = pick(Self.phoneFormats).region
            lines += [
                "item\(item).ADR;type=HOME;type=pref:;;\(1 + next(200)) \(pick(Self.streets));\(pick(Self.cities));;\(10_000 + next(89_999));\(country)",
                "item\(item).X-ABADR:\(country.lowercased())",
            ]
        }
        if next(100) < 30 {
            item += 1
            lines += [
                "item\(item).URL;type=pref:https://example.com/\(ascii)", "item\(item).X-ABLabel:_$!<HomePage>!$_",
            ]
        }
        if next(100) < 20 { lines.append("NOTE:\(pick(Self.notes))") }
        if next(100) < 25 { lines.append("BDAY:\(1950 + next(55))-\(two(1 + next(12)))-\(two(1 + next(28)))") }
        lines += ["UID:\(uid())", "END:VCARD"]
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    private static let organizations = ["Acme GmbH", "Globex", "株式会社テクノ", "Initech", "Северсталь", "Umbrella", "טבע"]
    private static let departments = ["Sales", "Engineering", "", "経理部", "Отдел кадров", "Research"]
    private static let titles = ["Engineer", "Director", "部長", "Менеджер", "Consultant"]
    private static let streets = [
        "Main Street", "Hauptstraße", "Rue de la Paix", "Calle Mayor", "ul. Długa", "Nevsky Prospekt",
    ]
    private static let cities = ["Berlin", "Paris", "São Paulo", "東京", "서울", "Kraków", "القاهرة", "Москва", "Athens"]
    private static let notes = [
        "Met at the conference in Lisbon.", "Allergic to peanuts.", "会議で会った。", "Call after 6pm.",
        "Neighbour — spare key.",
    ]

    private mutating func pickScript() -> Script {
        var draw = next(100)
        for script in Self.scripts {
            if draw < script.share { return script }
            draw -= script.share
        }
        return Self.scripts[0]
    }

    private mutating func phoneNumber() -> String {
        let format = pick(Self.phoneFormats).format
        var result = ""
        for character in format {
            result.append(character == "#" ? Character(String(next(10))) : character)
        }
        return result
    }

    private mutating func uid() -> String {
        let high = nextRaw()
        let low = nextRaw()
        return String(
            format: "%08X-%04X-4%03X-A%03X-%012llX", UInt32(truncatingIfNeeded: high >> 32),
            UInt16(truncatingIfNeeded: high >> 16), UInt16(truncatingIfNeeded: high) & 0xFFF,
            UInt16(truncatingIfNeeded: low >> 48) & 0xFFF, low & 0xFFFF_FFFF_FFFF)
    }

    private func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    private mutating func pick<T>(_ values: [T]) -> T { values[next(values.count)] }

    private mutating func next(_ bound: Int) -> Int { Int(nextRaw() % UInt64(bound)) }

    private mutating func nextRaw() -> UInt64 {
        // SplitMix64, as GeneratedContacts: small, fast, repeatable.
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
