extension ContactJSON {
    /// Writes the contact as its `Codable` form encodes it; members in sorted order, as the encoder sorts them.
    package func write(to writer: inout PrettyJSONWriter) {
        writer.beginObject()
        writer.member("birthday", ifPresent: birthday)
        writer.key("contactRelations")
        Self.write(contactRelations, to: &writer)
        writer.key("dates")
        Self.write(dates, to: &writer)
        writer.member("departmentName", departmentName)
        writer.member("displayName", displayName)
        writer.key("emailAddresses")
        Self.write(emailAddresses, to: &writer)
        writer.member("familyName", familyName)
        writer.member("givenName", givenName)
        writer.member("identifier", identifier)
        writer.key("instantMessageAddresses")
        Self.write(instantMessageAddresses, to: &writer)
        writer.member("jobTitle", jobTitle)
        writer.member("kind", kind)
        writer.member("middleName", middleName)
        writer.member("namePrefix", namePrefix)
        writer.member("nameSuffix", nameSuffix)
        writer.member("nickname", nickname)
        writer.member("note", note)
        writer.member("organizationName", organizationName)
        writer.key("phoneNumbers")
        Self.write(phoneNumbers, to: &writer)
        writer.member("phoneticFamilyName", phoneticFamilyName)
        writer.member("phoneticGivenName", phoneticGivenName)
        writer.member("phoneticMiddleName", phoneticMiddleName)
        writer.member("phoneticOrganizationName", phoneticOrganizationName)
        writer.key("postalAddresses")
        writer.objects(postalAddresses) { writer, address in
            writer.member("city", address.city)
            writer.member("country", address.country)
            writer.member("formatted", address.formatted)
            writer.member("identifier", address.identifier)
            writer.member("isoCountryCode", address.isoCountryCode)
            writer.member("label", ifPresent: address.label)
            writer.member("localizedLabel", address.localizedLabel)
            writer.member("postalCode", address.postalCode)
            writer.member("state", address.state)
            writer.member("street", address.street)
            writer.member("subAdministrativeArea", address.subAdministrativeArea)
            writer.member("subLocality", address.subLocality)
        }
        writer.member("previousFamilyName", previousFamilyName)
        writer.key("socialProfiles")
        Self.write(socialProfiles, to: &writer)
        writer.key("urlAddresses")
        Self.write(urlAddresses, to: &writer)
        writer.endObject()
    }

    private static func write(_ values: [LabeledText], to writer: inout PrettyJSONWriter) {
        writer.objects(values) { writer, value in
            writer.member("identifier", value.identifier)
            writer.member("label", ifPresent: value.label)
            writer.member("localizedLabel", value.localizedLabel)
            writer.member("value", value.value)
        }
    }

    private static func write(_ values: [Service], to writer: inout PrettyJSONWriter) {
        writer.objects(values) { writer, value in
            writer.member("identifier", value.identifier)
            writer.member("label", ifPresent: value.label)
            writer.member("service", value.service)
            writer.member("url", value.url)
            writer.member("userIdentifier", value.userIdentifier)
            writer.member("username", value.username)
        }
    }
}
