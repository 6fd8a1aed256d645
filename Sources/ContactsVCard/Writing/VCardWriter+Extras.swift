import ContactsModel
import Foundation

extension VCardWriter {
    mutating func writeDates(_ storage: borrowing ContactStorage) {
        let version4 = options.version == .v4_0
        if let birthday = storage.birthday, let date = VCardDate(birthday) {
            output.begin("BDAY")
            if version4 {
                output.value(date.version4Text, .verbatim)
            } else {
                if date.year == nil { output.parameter("X-APPLE-OMIT-YEAR", "1604") }
                output.value(date.appleText, .verbatim)
            }
        }
        if let birthday = storage.nonGregorianBirthday, let date = VCardDate(birthday),
            let calendar = birthday.calendar
        {
            output.begin("X-ALTBDAY")
            output.parameter("CALSCALE", CalendarIdentifierName.name(of: calendar.identifier))
            if date.isLeapMonth { output.parameter("X-LEAP-MONTH", "TRUE") }
            output.value(
                version4 ? date.version4Text : date.appleText.replacingOccurrences(of: "1604-", with: "--"), .verbatim)
        }
        for (index, labeledDate) in storage.dates.enumerated() {
            guard let date = VCardDate(labeledDate.value) else { continue }
            var parameters: [(String, String)] = []
            if date.year == nil { parameters.append(("X-APPLE-OMIT-YEAR", "1604")) }
            let types: [String]? = labeledDate.label == nil ? [] : nil
            labeled(
                "X-ABDATE", label: labeledDate.label, types: types, preferred: index == 0, value: date.appleText,
                escaping: .verbatim, parameters: parameters
            )
        }
        for (index, relation) in storage.contactRelations.enumerated() {
            let types: [String]? = relation.label == nil ? [] : nil
            labeled(
                "X-ABRELATEDNAMES", label: relation.label, types: types, preferred: index == 0,
                value: relation.value.name, escaping: .text
            )
        }
    }

    mutating func writeExtras(_ storage: borrowing ContactStorage) {
        for (index, profile) in storage.socialProfiles.enumerated() {
            var parameters: [(String, String)] = []
            if !profile.value.service.isEmpty {
                parameters.append(("type", VCardServices.socialProfileType(for: profile.value.service)))
            }
            if !profile.value.username.isEmpty { parameters.append(("x-user", profile.value.username)) }
            if !profile.value.userIdentifier.isEmpty { parameters.append(("x-userid", profile.value.userIdentifier)) }
            let types: [String]? = profile.label == nil ? [] : nil
            labeled(
                "X-SOCIALPROFILE", label: profile.label, types: types, preferred: index == 0,
                value: profile.value.urlString, parameters: parameters
            )
        }
        for (index, address) in storage.instantMessageAddresses.enumerated() {
            let service = address.value.service
            var parameters: [(String, String)] = []
            if !service.isEmpty { parameters.append(("X-SERVICE-TYPE", service)) }
            let scheme = VCardServices.scheme(forInstantMessageService: service)
            labeled(
                "IMPP", label: address.label, types: VCardLabels.genericTypes(for: address.label),
                preferred: index == 0, value: scheme + ":" + address.value.username, parameters: parameters
            )
        }
        if options.includesPhoto, storage.fetchedKeys.contains(.imageData), let image = storage.imageData,
            !image.isEmpty
        {
            writePhoto(image)
        }
    }

    private mutating func writePhoto(_ image: Data) {
        let encoded = image.base64EncodedData()
        let type = Self.imageType(image)
        output.begin("PHOTO")
        if options.version == .v4_0 {
            var value = Array("data:image/\(type.lowercased());base64,".utf8)
            value.append(contentsOf: encoded)
            output.rawValue(value)
        } else {
            output.parameter("ENCODING", "b")
            output.parameter("TYPE", type)
            output.rawValue(encoded)
        }
    }

    /// The image type from the file's signature; JPEG when unknown, as Apple's photos are.
    static func imageType(_ image: Data) -> String {
        if image.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "PNG" }
        if image.starts(with: [0x47, 0x49, 0x46]) { return "GIF" }
        return "JPEG"
    }
}
