import Foundation

/// A calendar date as vCard writes it: year optional, month and day required.
package struct VCardDate: Hashable, Sendable {
    package var year: Int?
    package var month: Int
    package var day: Int
    /// For non-Gregorian dates: whether the month is a leap month.
    package var isLeapMonth = false

    package init(year: Int?, month: Int, day: Int, isLeapMonth: Bool = false) {
        self.year = year
        self.month = month
        self.day = day
        self.isLeapMonth = isLeapMonth
    }

    /// Parses `YYYY-MM-DD`, `YYYYMMDD`, `--MM-DD`, `--MMDD`, with an optional time part that is ignored.
    ///
    /// - Parameter omitYear: The year Apple writes for dates without one (`X-APPLE-OMIT-YEAR`).
    /// - Returns: nil for text that is not such a date or whose month or day is out of range.
    package static func parse(_ text: String, omitYear: Int? = nil) -> VCardDate? {
        var bytes = Array(text.utf8)
        if let time = bytes.firstIndex(of: UInt8(ascii: "T")) { bytes.removeSubrange(time...) }
        while bytes.last == UInt8(ascii: " ") { bytes.removeLast() }
        while bytes.first == UInt8(ascii: " ") { bytes.removeFirst() }
        var year: Int?
        var rest: ArraySlice<UInt8>
        if bytes.starts(with: [UInt8(ascii: "-"), UInt8(ascii: "-")]) {
            rest = bytes[2...]
        } else {
            guard bytes.count >= 8, let parsed = number(bytes[0..<4]) else { return nil }
            year = parsed
            rest = bytes[4...]
            if rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
        }
        let digits = rest.filter { $0 != UInt8(ascii: "-") }
        guard digits.count == 4, rest.count <= 5,
            let month = number(digits[0..<2]), let day = number(digits[2..<4]),
            (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        if let omitYear, year == omitYear { year = nil }
        return VCardDate(year: year, month: month, day: day)
    }

    private static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return bytes.isEmpty ? nil : value
    }

    /// The date as Apple writes it in vCard 3.0: `YYYY-MM-DD`, or `1604-MM-DD` with
    /// `X-APPLE-OMIT-YEAR=1604` when there is no year.
    package var appleText: String {
        let yearText = year.map { Self.pad($0, 4) } ?? "1604"
        return "\(yearText)-\(Self.pad(month, 2))-\(Self.pad(day, 2))"
    }

    /// The date as vCard 4.0 writes it: `YYYYMMDD`, or `--MMDD` without a year.
    package var version4Text: String {
        let yearText = year.map { Self.pad($0, 4) } ?? "--"
        return "\(yearText)\(Self.pad(month, 2))\(Self.pad(day, 2))"
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    // MARK: Conversions

    package init?(_ components: DateComponents) {
        guard let month = components.month, let day = components.day else { return nil }
        self.init(year: components.year, month: month, day: day, isLeapMonth: components.isLeapMonth ?? false)
    }

    package init?(_ components: NSDateComponents) {
        let month = components.month
        let day = components.day
        guard month != NSDateComponentUndefined, day != NSDateComponentUndefined else { return nil }
        let year = components.year == NSDateComponentUndefined ? nil : components.year
        self.init(year: year, month: month, day: day)
    }

    /// Gregorian components with no calendar, as the birthday property holds them.
    package var dateComponents: DateComponents {
        DateComponents(year: year, month: month, day: day)
    }

    /// Components for a labeled date.
    package var nsDateComponents: NSDateComponents {
        let components = NSDateComponents()
        if let year { components.year = year }
        components.month = month
        components.day = day
        return components
    }
}
