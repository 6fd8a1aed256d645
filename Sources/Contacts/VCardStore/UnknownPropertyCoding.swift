import ContactsEngine
import ContactsVCard

/// Converts the vCard reader's unknown properties to the rows the store keeps, and back.
///
/// Parameters are stored as one text: parameters separated by U+001E (record separator), a parameter's
/// name and values by U+001F (unit separator). vCard text never holds these control characters, so the
/// encoding is unambiguous and keeps bare vCard 2.1 parameters (a name without values) and empty values.
package enum UnknownPropertyCoding {
    private static let parameterSeparator: Character = "\u{1E}"
    private static let valueSeparator: Character = "\u{1F}"

    package static func stored(_ property: VCardUnknownProperty) -> StoredUnknownProperty {
        let parameters = property.parameters.map { parameter in
            ([parameter.name] + parameter.values).joined(separator: String(valueSeparator))
        }
        return StoredUnknownProperty(
            group: property.group, name: property.name,
            parameters: parameters.joined(separator: String(parameterSeparator)), value: property.value
        )
    }

    package static func card(_ property: StoredUnknownProperty) -> VCardUnknownProperty {
        var parameters: [VCardParameter] = []
        if !property.parameters.isEmpty {
            for text in property.parameters.split(separator: parameterSeparator, omittingEmptySubsequences: false) {
                let parts = text.split(separator: valueSeparator, omittingEmptySubsequences: false).map(String.init)
                parameters.append(VCardParameter(name: parts.first ?? "", values: Array(parts.dropFirst())))
            }
        }
        return VCardUnknownProperty(
            group: property.group, name: property.name, parameters: parameters, value: property.value)
    }
}
