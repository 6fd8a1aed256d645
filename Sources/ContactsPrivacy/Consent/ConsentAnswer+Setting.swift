import Foundation

extension ConsentAnswer {
    /// The environment variable that answers prompts on headless machines and in CI.
    public static let settingVariable = "CONTACTS_CONSENT"

    /// Parses a `CONTACTS_CONSENT` value.
    ///
    /// Forms: `deny`, `full`, `limited` (nothing shared yet) and `limited:ID,ID,...`. Keywords ignore case and
    /// surrounding white space; identifiers are taken as written, trimmed.
    ///
    /// ```swift
    /// try ConsentAnswer(setting: "limited:A:ABPerson,B:ABPerson")   // .limited(["A:ABPerson", "B:ABPerson"])
    /// ```
    ///
    /// - Parameter setting: The variable's value.
    /// - Throws: ``AuthorizationError`` `consentSettingMalformed` for any other value, including an empty
    ///   identifier in the list. The message quotes only the keyword, never the identifiers.
    public init(setting: String) throws(AuthorizationError) {
        let trimmed = setting.trimmingCharacters(in: .whitespacesAndNewlines)
        let keyword = trimmed.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let head = keyword.first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        switch (head, keyword.count) {
        case ("deny", 1): self = .deny
        case ("full", 1): self = .full
        case ("limited", 1): self = .limited([])
        case ("limited", _):
            let items = keyword[1].split(separator: ",", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard !items.contains(where: \.isEmpty) else {
                throw AuthorizationError(
                    .consentSettingMalformed, message: "\(Self.settingVariable) lists an empty contact identifier.")
            }
            self = .limited(Set(items))
        default:
            throw AuthorizationError(
                .consentSettingMalformed,
                message: "\(Self.settingVariable) must be deny, full, limited or limited:ID,ID,...")
        }
    }
}
