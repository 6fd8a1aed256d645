import ContactsModel
import Foundation

extension VCardCardBuilder {
    // MARK: Photo

    mutating func addPhoto(_ line: VCardContentLine, _ bytes: ArraySlice<UInt8>) {
        guard !hasSeen(.photo), let data = photoData(line, bytes) else { return keepUnknown(line, bytes) }
        _ = firstUse(.photo)
        storage.imageData = data
        storage.imageDataAvailable = true
    }

    /// The image of a `PHOTO` in base64 or as a `data:` URI; nil for links and for undecodable data.
    private func photoData(_ line: VCardContentLine, _ bytes: ArraySlice<UInt8>) -> Data? {
        let value = bytes[line.valueStart...]
        if line.isBase64 {
            guard let data = VCardValueDecoding.decodeBase64(value), !data.isEmpty else { return nil }
            return data
        }
        // Some writers escape the comma of a data: URI; resolve escapes first.
        let uri = Array(VCardValueDecoding.unescape(value).utf8)
        guard uri.count > 5, uri[0..<5].map(VCardBytes.upper) == Array("DATA:".utf8),
            let comma = uri.firstIndex(of: UInt8(ascii: ","))
        else { return nil }
        let header = String(decoding: uri[5..<comma], as: UTF8.self).lowercased()
        guard header.hasSuffix(";base64") else { return nil }
        guard let data = VCardValueDecoding.decodeBase64(uri[(comma + 1)...]), !data.isEmpty else { return nil }
        return data
    }

    // MARK: Dates

    mutating func addBirthday(_ line: VCardContentLine, _ bytes: ArraySlice<UInt8>) {
        let omitYear = line.parameterValue("X-APPLE-OMIT-YEAR").flatMap { Int($0.trimmingSpaces()) }
        guard !hasSeen(.birthday), let date = VCardDate.parse(text(line, bytes), omitYear: omitYear) else {
            return keepUnknown(line, bytes)
        }
        _ = firstUse(.birthday)
        storage.birthday = date.dateComponents
    }

    /// `X-ALTBDAY;CALSCALE=<calendar>:YYYY-MM-DD` carries the non-Gregorian birthday; `X-LEAP-MONTH=TRUE`
    /// marks a leap month.
    mutating func addAlternateBirthday(_ line: VCardContentLine, _ bytes: ArraySlice<UInt8>) {
        guard !hasSeen(.alternateBirthday),
            let scale = line.parameterValue("CALSCALE"),
            let identifier = CalendarIdentifierName.identifier(named: scale.trimmingSpaces()),
            identifier != .gregorian,
            let date = VCardDate.parse(text(line, bytes), omitYear: nil)
        else { return keepUnknown(line, bytes) }
        _ = firstUse(.alternateBirthday)
        var components = DateComponents(
            calendar: Calendar(identifier: identifier), year: date.year, month: date.month, day: date.day
        )
        if line.parameterValue("X-LEAP-MONTH")?.uppercasedASCII() == "TRUE" { components.isLeapMonth = true }
        storage.nonGregorianBirthday = components
    }

    /// Adds a labeled date; false when the value is no date, so the property is kept as unknown.
    mutating func addDate(_ line: VCardContentLine, _ bytes: ArraySlice<UInt8>) -> Bool {
        let omitYear = line.parameterValue("X-APPLE-OMIT-YEAR").flatMap { Int($0.trimmingSpaces()) }
        guard let date = VCardDate.parse(text(line, bytes), omitYear: omitYear) else { return false }
        let label: String? = line.nameIs(Self.abDateWord) ? nil : CNLabelDateAnniversary
        dates.append(Pending(group: line.group, label: label, value: date))
        return true
    }

    // MARK: Addresses and services

    mutating func addAddress(_ line: VCardContentLine, _ bytes: ArraySlice<UInt8>) {
        readComponents(line, bytes)
        var fields = CNPostalAddress.Fields()
        // The post-office box and extended address have no field of their own: they lead the street.
        fields.street = streetLines()
        fields.city = part(3)
        fields.state = part(4)
        fields.postalCode = part(5)
        fields.country = part(6)
        addresses.append(Pending(group: line.group, label: VCardLabels.genericLabel(line.types), value: fields))
    }

    mutating func addInstantMessage(_ line: VCardContentLine, _ bytes: ArraySlice<UInt8>) {
        let value = trimmedText(line, bytes)
        let (scheme, rest) = VCardServices.splitURI(value)
        var service = line.parameterValue("X-SERVICE-TYPE").map(VCardServices.instantMessageService(named:))
        if service == nil, let scheme { service = VCardServices.instantMessageService(scheme: scheme) }
        let username = scheme == nil ? value : rest
        let address = CNInstantMessageAddress(username: username, service: service ?? "")
        instantMessages.append(Pending(group: line.group, label: VCardLabels.genericLabel(line.types), value: address))
    }

    mutating func addSocialProfile(_ line: VCardContentLine, _ bytes: ArraySlice<UInt8>) {
        let service = line.parameterValues("TYPE").first { $0.uppercasedASCII() != "PREF" }
        let profile = CNSocialProfile(
            urlString: trimmedText(line, bytes),
            username: line.parameterValue("X-USER"),
            userIdentifier: line.parameterValue("X-USERID"),
            service: service.map(VCardServices.socialProfileService(named:))
        )
        socialProfiles.append(Pending(group: line.group, label: nil, value: profile))
    }

    /// The non-empty lines of the post-office box, extended address and street, joined by line breaks;
    /// usually one line, handed out without joining.
    private func streetLines() -> String {
        var first: String?
        var joined: String?
        for index in 0..<3 {
            let line = part(index)
            if line.isEmpty { continue }
            if let text = joined ?? first {
                joined = text + "\n" + line
            } else {
                first = line
            }
        }
        return joined ?? first ?? ""
    }

    private static let abDateWord = Array("X-ABDATE".utf8)
}
