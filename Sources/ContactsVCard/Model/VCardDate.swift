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
        if let date = text.utf8.withContiguousStorageIfAvailable({ parse(bytes: $0, omitYear: omitYear) }) {
            return date
        }
        return Array(text.utf8).withUnsafeBufferPointer { parse(bytes: $0, omitYear: omitYear) }
    }

    /// Parses a date from UTF-8 bytes, as ``parse(_:omitYear:)`` does, without copying them.
    private static func parse(bytes: UnsafeBufferPointer<UInt8>, omitYear: Int?) -> VCardDate? {
        var start = 0
        var end = bytes.firstIndex(of: UInt8(ascii: "T")) ?? bytes.count
        while end > start, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
        while start < end, bytes[start] == UInt8(ascii: " ") { start += 1 }
        var year: Int?
        var rest = start
        if end - start >= 2, bytes[start] == UInt8(ascii: "-"), bytes[start + 1] == UInt8(ascii: "-") {
            rest = start + 2
        } else {
            guard end - start >= 8, let parsed = number(bytes, start, start + 4) else { return nil }
            year = parsed
            rest = start + 4
            if rest < end, bytes[rest] == UInt8(ascii: "-") { rest += 1 }
        }
        // Month and day: four digits, dashes anywhere among them ignored, at most five bytes in all.
        guard end - rest <= 5 else { return nil }
        var digits = 0
        var value = 0
        for index in rest..<end where bytes[index] != UInt8(ascii: "-") {
            let byte = bytes[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            digits += 1
        }
        guard digits == 4 else { return nil }
        let month = value / 100
        let day = value % 100
        guard (1...12).contains(month), (1...31).contains(day) else { return nil }
        if let omitYear, year == omitYear { year = nil }
        return VCardDate(year: year, month: month, day: day)
    }

    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
        var value = 0
        for index in start..<end {
            let byte = bytes[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return start < end ? value : nil
    }

    /// The date as Apple writes it in vCard 3.0: `YYYY-MM-DD`, or `1604-MM-DD` with
    /// `X-APPLE-OMIT-YEAR=1604` when there is no year.
    package var appleText: String {
        if let text = Self.digitsText(year ?? 1604, month, day, dashes: true) { return text }
        let yearText = year.map { Self.pad($0, 4) } ?? "1604"
        return "\(yearText)-\(Self.pad(month, 2))-\(Self.pad(day, 2))"
    }

    /// The date as vCard 4.0 writes it: `YYYYMMDD`, or `--MMDD` without a year.
    package var version4Text: String {
        if let year, let text = Self.digitsText(year, month, day, dashes: false) { return text }
        let yearText = year.map { Self.pad($0, 4) } ?? "--"
        return "\(yearText)\(Self.pad(month, 2))\(Self.pad(day, 2))"
    }

    /// `YYYY-MM-DD` (or `YYYYMMDD`) written digit by digit into a small string, for the years, months and days
    /// that fit their widths; nil for any other, which the general path pads. Interpolating and padding three
    /// strings cost ~2,300 instructions a birthday when serializing.
    private static func digitsText(_ year: Int, _ month: Int, _ day: Int, dashes: Bool) -> String? {
        guard (0...9999).contains(year), (0...99).contains(month), (0...99).contains(day) else { return nil }
        return String(unsafeUninitializedCapacity: 10) { buffer in
            var index = 0
            func put(_ value: Int, _ width: Int) {
                var divisor = width == 4 ? 1000 : 10
                while divisor > 0 {
                    buffer[index] = UInt8(ascii: "0") + UInt8(value / divisor % 10)
                    index += 1
                    divisor /= 10
                }
            }
            put(year, 4)
            if dashes {
                buffer[index] = UInt8(ascii: "-")
                index += 1
            }
            put(month, 2)
            if dashes {
                buffer[index] = UInt8(ascii: "-")
                index += 1
            }
            put(day, 2)
            return index
        }
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
