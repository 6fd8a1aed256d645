import Foundation

/// A postal address that can be changed.
///
/// Not thread-safe. Clear a field by setting it to `""`.
///
/// ```swift
/// let address = CNMutablePostalAddress()
/// address.street = "1 Infinite Loop"
/// address.city = "Cupertino"
/// ```
///
/// Parity: full.
open class CNMutablePostalAddress: CNPostalAddress, @unchecked Sendable {
    // SAFETY: not thread-safe by contract, as on Apple platforms; the conformance is inherited.

    open override var street: String {
        get { fields.street }
        set { fields.street = newValue }
    }
    open override var subLocality: String {
        get { fields.subLocality }
        set { fields.subLocality = newValue }
    }
    open override var city: String {
        get { fields.city }
        set { fields.city = newValue }
    }
    open override var subAdministrativeArea: String {
        get { fields.subAdministrativeArea }
        set { fields.subAdministrativeArea = newValue }
    }
    open override var state: String {
        get { fields.state }
        set { fields.state = newValue }
    }
    open override var postalCode: String {
        get { fields.postalCode }
        set { fields.postalCode = newValue }
    }
    open override var country: String {
        get { fields.country }
        set { fields.country = newValue }
    }
    open override var isoCountryCode: String {
        get { fields.isoCountryCode }
        set { fields.isoCountryCode = newValue }
    }

    open override func copy(with zone: NSZone? = nil) -> Any {
        CNPostalAddress(fields: fields)
    }
}
