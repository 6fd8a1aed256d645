/// A vCard property that the contact model has no field for, kept so a round trip loses nothing.
///
/// Examples: `GENDER`, `LANG`, `ROLE`, `GEO`, `LABEL`, `CLIENTPIDMAP` and vendor `X-` properties. The
/// value is the property's text as the file spelled it (still vCard-escaped), after line unfolding,
/// quoted-printable decoding and character-set conversion, which is why `ENCODING=QUOTED-PRINTABLE` and
/// `CHARSET` are not among the parameters; raw line breaks of decoded quoted-printable text become `\n`.
/// Base64 values keep their `ENCODING` parameter and their base64 text without whitespace.
package struct VCardUnknownProperty: Hashable, Sendable {
    /// The group, such as `item1` in `item1.X-ABLabel`; nil when ungrouped.
    package var group: String?
    /// The property name as written.
    package var name: String
    /// The parameters, in order.
    package var parameters: [VCardParameter]
    /// The value text, still escaped as in vCard 3.0.
    package var value: String

    package init(group: String? = nil, name: String, parameters: [VCardParameter] = [], value: String) {
        self.group = group
        self.name = name
        self.parameters = parameters
        self.value = value
    }
}
