import Foundation

/// Stable names for calendar identifiers, for archives, the store and vCard.
package enum CalendarIdentifierName {
    private static let pairs: [(String, Calendar.Identifier)] = [
        ("gregorian", .gregorian), ("buddhist", .buddhist), ("chinese", .chinese), ("coptic", .coptic),
        ("ethiopicAmeteMihret", .ethiopicAmeteMihret), ("ethiopicAmeteAlem", .ethiopicAmeteAlem),
        ("hebrew", .hebrew), ("iso8601", .iso8601), ("indian", .indian), ("islamic", .islamic),
        ("islamicCivil", .islamicCivil), ("japanese", .japanese), ("persian", .persian),
        ("republicOfChina", .republicOfChina), ("islamicTabular", .islamicTabular),
        ("islamicUmmAlQura", .islamicUmmAlQura), ("bangla", .bangla), ("dangi", .dangi), ("gujarati", .gujarati),
        ("kannada", .kannada), ("malayalam", .malayalam), ("marathi", .marathi), ("odia", .odia),
        ("tamil", .tamil), ("telugu", .telugu), ("vikram", .vikram), ("vietnamese", .vietnamese),
    ]

    package static func name(of identifier: Calendar.Identifier) -> String {
        pairs.first { $0.1 == identifier }?.0 ?? "gregorian"
    }

    package static func identifier(named name: String) -> Calendar.Identifier? {
        pairs.first { $0.0 == name }?.1
    }
}
