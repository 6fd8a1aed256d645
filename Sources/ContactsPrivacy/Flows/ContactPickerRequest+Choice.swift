extension ContactPickerRequest {
    /// Reduces the person's choice to what was offered and what the request allows.
    ///
    /// Picks that were not offered are dropped, duplicates are dropped, picks of the other selection mode are
    /// dropped, single selection keeps the first pick, and a choice with nothing left reads as cancelled.
    ///
    /// - Parameters:
    ///   - choice: What the trusted agent returned.
    ///   - offered: The identifiers of the candidates shown.
    /// - Returns: The choice the app receives.
    public func accepting(_ choice: ContactPickerChoice, offered: Set<String>) -> ContactPickerChoice {
        let limit = allowsMultipleSelection ? Int.max : 1
        switch choice {
        case .cancelled:
            return .cancelled
        case .contacts where selection != .contacts, .properties where selection != .properties:
            return .cancelled
        case .contacts(let picked):
            var seen = Set<String>()
            let kept = picked.filter { offered.contains($0) && seen.insert($0).inserted }.prefix(limit)
            return kept.isEmpty ? .cancelled : .contacts(Array(kept))
        case .properties(let picked):
            var seen = Set<ContactPropertySelection>()
            let kept = picked.filter { offered.contains($0.contactIdentifier) && seen.insert($0).inserted }.prefix(
                limit)
            return kept.isEmpty ? .cancelled : .properties(Array(kept))
        }
    }
}

extension ContactPickerChoice {
    /// The identifiers of the contacts the choice involves, in order, without duplicates.
    public var contactIdentifiers: [String] {
        let all: [String] =
            switch self {
            case .cancelled: []
            case .contacts(let picked): picked
            case .properties(let picked): picked.map(\.contactIdentifier)
            }
        var seen = Set<String>()
        return all.filter { seen.insert($0).inserted }
    }
}
