import Foundation
import Mustache

/// The pages' Mustache templates, loaded from `Resources/Templates` once. Every `{{value}}` is HTML-escaped
/// by Mustache; the templates use no triple braces, so nothing reaches a page unescaped.
struct ScreenTemplates: Sendable {
    private let library: MustacheLibrary
    static let names =
        ["head", "foot", "contactList", "home", "consent", "choose", "message", "settings", "app", "picker"]
        + buttonNames
    /// The contact access button's frame: a page of its own, without the screens' header.
    static let buttonNames = ["button"]

    init() throws {
        var library = MustacheLibrary()
        for name in Self.names {
            guard
                let url = Bundle.module.url(
                    forResource: name, withExtension: "mustache", subdirectory: "Resources/Templates")
            else { throw ScreenResourceError(name: "\(name).mustache") }
            try library.register(String(decoding: Data(contentsOf: url), as: UTF8.self), named: name)
        }
        self.library = library
    }

    func render(_ name: String, _ context: [String: Any]) -> String {
        library.render(context, withTemplate: name) ?? ""
    }
}
