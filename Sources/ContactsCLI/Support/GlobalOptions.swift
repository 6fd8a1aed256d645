import ArgumentParser

/// Options people type before the command (`contacts --store PATH list`), moved to where the command reads them.
///
/// Every command takes `--store` itself; ArgumentParser reads a subcommand's options only after its name. So
/// the tool moves a `--store PATH` (or `--store=PATH`) that comes before the first command name to the end of
/// the command's arguments (before a `--`, which ends options), where the command finds it. Given before and
/// after the command with different paths, it is a usage error: which store was meant cannot be told.
package enum GlobalOptions {
    /// The arguments with leading store options moved after the command.
    ///
    /// - Throws: `ValidationError` when the store is given before and after the command with different paths.
    package static func normalized(_ arguments: [String]) throws(ValidationError) -> [String] {
        var leading: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--store", index + 1 < arguments.count {
                leading += [argument, arguments[index + 1]]
                index += 2
            } else if argument.hasPrefix("--store=") {
                leading.append(argument)
                index += 1
            } else {
                break
            }
        }
        guard !leading.isEmpty, index < arguments.count else { return arguments }
        var rest = Array(arguments[index...])
        let end = rest.firstIndex(of: "--") ?? rest.count
        let paths = Set(storePaths(leading) + storePaths(Array(rest[..<end])))
        if paths.count > 1 {
            throw ValidationError("--store is given before and after the command with different paths; give it once.")
        }
        rest.insert(contentsOf: leading, at: end)
        return rest
    }

    private static func storePaths(_ arguments: [String]) -> [String] {
        var paths: [String] = []
        for (index, argument) in arguments.enumerated() {
            if argument == "--store", index + 1 < arguments.count { paths.append(arguments[index + 1]) }
            if argument.hasPrefix("--store=") { paths.append(String(argument.dropFirst("--store=".count))) }
        }
        return paths
    }
}
