import ContactsModel
import Foundation
import Testing

/// One expected address of OpenCage's address-formatting test cases (Tests/Fixtures/corpora/address, MIT).
struct OpenCageCase: Sendable, CustomTestStringConvertible {
    /// "<country file>#<index in file>", such as "us#0".
    var identifier: String
    var components: [String: String]
    var expectedLines: [String]

    var testDescription: String { identifier }

    /// The components as a postal address: road and house number make the street; city, town, village or
    /// hamlet the city; suburb, city district or neighbourhood the sub-locality; county the
    /// sub-administrative area.
    var address: CNPostalAddress {
        let address = CNMutablePostalAddress()
        address.street = [components["house_number"], components["road"]].compactMap { $0 }.joined(separator: " ")
        address.city = first(of: ["city", "town", "village", "hamlet", "municipality"])
        address.subLocality = first(of: ["suburb", "city_district", "neighbourhood", "quarter"])
        address.subAdministrativeArea = components["county"] ?? ""
        address.state = components["state"] ?? ""
        address.postalCode = components["postcode"] ?? ""
        address.country = components["country"] ?? ""
        address.isoCountryCode = components["country_code"] ?? ""
        return address
    }

    private func first(of keys: [String]) -> String {
        keys.lazy.compactMap { components[$0] }.first ?? ""
    }
}

/// Reads the OpenCage YAML files with a parser just big enough for them: documents separated by "---", a
/// `components:` map of scalars and an `expected: |` block.
enum OpenCageCorpus {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/Fixtures/corpora/address/opencage-testcases")

    static let cases: [OpenCageCase] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".yaml") }.sorted().flatMap { file -> [OpenCageCase] in
            guard let text = try? String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8) else {
                return []
            }
            return parse(text, country: String(file.dropLast(5)))
        }
    }()

    static func parse(_ text: String, country: String) -> [OpenCageCase] {
        var cases: [OpenCageCase] = []
        for document in text.components(separatedBy: "\n---").dropFirst() {
            var components: [String: String] = [:]
            var expected: [String] = []
            var section = ""
            for line in document.split(separator: "\n", omittingEmptySubsequences: false) {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                let indented = line.first == " "
                if !indented {
                    section =
                        trimmed.hasPrefix("components:")
                        ? "components" : trimmed.hasPrefix("expected:") ? "expected" : ""
                    continue
                }
                if section == "components", let colon = trimmed.firstIndex(of: ":") {
                    let key = String(trimmed[..<colon])
                    components[key] = unquote(
                        trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces))
                } else if section == "expected", !trimmed.isEmpty {
                    expected.append(trimmed)
                }
            }
            guard !components.isEmpty, !expected.isEmpty else { continue }
            cases.append(
                OpenCageCase(identifier: "\(country)#\(cases.count)", components: components, expectedLines: expected))
        }
        return cases
    }

    private static func unquote(_ value: String) -> String {
        guard value.count >= 2, let first = value.first, first == "'" || first == "\"", value.last == first else {
            return value
        }
        return String(value.dropFirst().dropLast())
    }
}
