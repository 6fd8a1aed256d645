/// One parameter of a vCard property, such as `TYPE=HOME,PREF` or a vCard 2.1 bare `HOME`.
///
/// Values are split at commas outside quotes; quotes are removed and RFC 6868 caret escapes decoded.
/// A vCard 2.1 bare parameter has its token as ``name`` and no values.
package struct VCardParameter: Hashable, Sendable {
    /// The parameter name as written, such as `TYPE` or `X-SERVICE-TYPE`.
    package var name: String
    /// The values, in order; empty for a bare parameter.
    package var values: [String]

    package init(name: String, values: [String]) {
        self.name = name
        self.values = values
    }

    /// Whether this is a vCard 2.1 bare parameter such as `HOME` in `TEL;HOME:`.
    package var isBare: Bool { values.isEmpty }
}
