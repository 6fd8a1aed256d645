import Testing

@testable import ContactsCLI

@Suite struct TextTableTests {
    @Test(arguments: [
        ("Anna", 4), ("山田太郎", 8), ("김민준", 6), ("株式会社サンプル", 16), ("Élodie", 6), ("e\u{301}", 1),
        ("ＡＢ", 4), ("👍🏽", 2), ("", 0),
    ])
    func displayWidthCountsWideCharactersTwice(text: String, width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    @Test func columnsAlignOnDisplayWidth() {
        var table = TextTable(header: ["NAME", "PHONE"])
        table.append(["山田太郎", "1"])
        table.append(["Anna Müller", "2"])
        #expect(table.rendered == "NAME         PHONE\n山田太郎     1\nAnna Müller  2\n")
    }

    @Test func trailingSpacesAreTrimmed() {
        var table = TextTable()
        table.append(["a", ""])
        table.append(["bbb", "c"])
        #expect(table.rendered == "a\nbbb  c\n")
    }
}
