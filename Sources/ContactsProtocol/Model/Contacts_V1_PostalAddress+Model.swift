import ContactsModel

extension Contacts_V1_PostalAddress {
    /// The message for a postal address's fields.
    package init(_ fields: CNPostalAddress.Fields) {
        self.init()
        street = fields.street
        subLocality = fields.subLocality
        city = fields.city
        subAdministrativeArea = fields.subAdministrativeArea
        state = fields.state
        postalCode = fields.postalCode
        country = fields.country
        isoCountryCode = fields.isoCountryCode
    }
}

extension CNPostalAddress.Fields {
    /// The fields a postal address message holds.
    package init(wire message: Contacts_V1_PostalAddress) {
        self.init()
        street = message.street
        subLocality = message.subLocality
        city = message.city
        subAdministrativeArea = message.subAdministrativeArea
        state = message.state
        postalCode = message.postalCode
        country = message.country
        isoCountryCode = message.isoCountryCode
    }
}
