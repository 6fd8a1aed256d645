/// A table of text for people: columns padded to their widest cell in terminal columns, two spaces apart.
///
/// ```swift
/// var table = TextTable(header: ["NAME", "PHONE"])
/// table.append(["山田 太郎", "+81 3-1234-5678"])
/// output.write(table.rendered)
/// ```
package struct TextTable {
    package var header: [String]?
    package private(set) var rows: [[String]] = []

    package init(header: [String]? = nil) {
        self.header = header
    }

    package mutating func append(_ row: [String]) {
        rows.append(row)
    }

    /// The table as lines, each ending in a newline; trailing spaces are trimmed.
    package var rendered: String {
        let all = (header.map { [$0] } ?? []) + rows
        let columnCount = all.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columnCount)
        for row in all {
            for (index, cell) in row.enumerated() {
                widths[index] = max(widths[index], DisplayWidth.of(cell))
            }
        }
        var text = ""
        for row in all {
            var line = ""
            for (index, cell) in row.enumerated() {
                line += cell
                if index < row.count - 1 {
                    line += String(repeating: " ", count: widths[index] - DisplayWidth.of(cell) + 2)
                }
            }
            while line.last == " " { line.removeLast() }
            text += line + "\n"
        }
        return text
    }
}
