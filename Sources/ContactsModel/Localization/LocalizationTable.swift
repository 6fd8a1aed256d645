import Foundation

/// The translations of one language, as decoded from `Resources/Localizations/<language>.json`.
///
/// Labels are keyed by the bare name of their token (`Home` for `_$!<Home>!$_`, `iPhone` for `iPhone`).
package struct LocalizationTable: Decodable, Sendable {
    /// The sections of a table, named as the JSON keys.
    package enum Section: String, CaseIterable, Sendable {
        case contactKeys
        case postalAddressKeys
        case labels
        case socialProfileKeys
        case socialProfileServices
        case instantMessageKeys
        case instantMessageServices
    }

    package var contactKeys: [String: String]
    package var postalAddressKeys: [String: String]
    /// Regional names of postal keys, by upper-case region code; only the keys that differ.
    package var postalAddressKeysByRegion: [String: [String: String]]?
    package var labels: [String: String]
    package var socialProfileKeys: [String: String]
    package var socialProfileServices: [String: String]
    package var instantMessageKeys: [String: String]
    package var instantMessageServices: [String: String]

    /// The entries of a section.
    package func entries(_ section: Section) -> [String: String] {
        switch section {
        case .contactKeys: contactKeys
        case .postalAddressKeys: postalAddressKeys
        case .labels: labels
        case .socialProfileKeys: socialProfileKeys
        case .socialProfileServices: socialProfileServices
        case .instantMessageKeys: instantMessageKeys
        case .instantMessageServices: instantMessageServices
        }
    }

    /// The text for a key of a section; labels are looked up by their token's bare name.
    package func text(_ section: Section, _ key: String) -> String? {
        guard section == .labels else { return entries(section)[key] }
        guard let name = Self.labelName(key) else { return nil }
        return labels[name]
    }

    /// The bare name of a predefined label, or nil for a custom label.
    ///
    /// Predefined labels are the `_$!<Name>!$_` tokens and the two bare ones, "iPhone" and "iCloud"; a custom
    /// label that happens to read "Home" is not predefined and stays as typed.
    package static func labelName(_ label: String) -> String? {
        if label.hasPrefix("_$!<"), label.hasSuffix(">!$_"), label.utf8.count > 8 {
            return String(label.dropFirst(4).dropLast(4))
        }
        return bareLabels.contains(label) ? label : nil
    }

    private static let bareLabels: Set<String> = [CNLabelEmailiCloud, CNLabelPhoneNumberiPhone]
}
