import Foundation

/// The XDG autostart entry `contacts daemon install` writes, so that every person's desktop session starts their
/// agent (`contacts agent --open`): it tells the person when an app waits for their answer and opens the screen.
/// Desktops that follow the XDG Autostart specification (GNOME, KDE, Xfce, ...) read /etc/xdg/autostart.
package struct AgentAutostart: Hashable, Sendable {
    package static let directory = "/etc/xdg/autostart"
    package static let fileName = "org.swift-contacts.agent.desktop"

    /// The `contacts` tool, as the administrator registers it as the person's agent.
    package var tool: String
    package var socket: String

    package init(tool: String, socket: String) {
        self.tool = tool
        self.socket = socket
    }

    /// The entry. `NoDisplay`: it is no app to launch from a menu; each session starts it once.
    package var text: String {
        """
        [Desktop Entry]
        Type=Application
        Name=Contacts privacy agent
        Comment=Tells you when an app asks for your contacts and opens your answer in the browser
        Exec=\(Self.execArgument(tool)) agent --open --socket \(Self.execArgument(socket))
        NoDisplay=true
        X-GNOME-Autostart-enabled=true

        """
    }

    /// An argument as the Desktop Entry specification's `Exec` key wants it: quoted when it holds a reserved
    /// character, with `"`, `` ` ``, `$` and `\` escaped inside the quotes, and `%` doubled (a field code otherwise).
    package static func execArgument(_ argument: String) -> String {
        let percent = argument.replacingOccurrences(of: "%", with: "%%")
        let reserved = Set(" \t\n\"'\\><~|&;$*?#()`")
        guard percent.contains(where: reserved.contains) else { return percent }
        var quoted = "\""
        for character in percent {
            if "\"`$\\".contains(character) { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + "\""
    }
}
