/// What a subcommand accepts, from which both parsing and `--help` are derived.
struct CommandSpec: Sendable {
    struct Argument: Sendable {
        let name: String
        let help: String
        var isOptional = false
        var isRepeating = false
    }

    let name: String
    let abstract: String
    var discussion: String? = nil
    var arguments: [Argument] = []
    var options: [any OptionDeclaration] = []
    /// The rules between the options, checked in this order before the command runs.
    var rules: [OptionRule] = []

    /// `hittest decode <image> --format <format> ...`
    var usage: String {
        var parts = ["hittest", name]
        for option in options where option.isRequired {
            parts.append([option.primaryName, option.valueName].compactMap { $0 }.joined(separator: " "))
        }
        for argument in arguments {
            let text = "<\(argument.name)>" + (argument.isRepeating ? " ..." : "")
            parts.append(argument.isOptional ? "[\(text)]" : text)
        }
        if options.contains(where: { !$0.isRequired }) { parts.append("[<options>]") }
        return parts.joined(separator: " ")
    }

    /// The text `hittest help NAME` and `hittest NAME --help` print.
    var help: String {
        var lines = ["OVERVIEW: \(abstract)", ""]
        if let discussion { lines += [discussion, ""] }
        lines += ["USAGE: \(usage)", ""]
        if !arguments.isEmpty {
            lines.append("ARGUMENTS:")
            for argument in arguments { lines.append(HelpFormatter.row("<\(argument.name)>", argument.help)) }
            lines.append("")
        }
        lines.append("OPTIONS:")
        for option in options {
            let spelled = option.names.reversed().joined(separator: ", ") + (option.valueName.map { " \($0)" } ?? "")
            lines.append(HelpFormatter.row(spelled, option.help + (option.isRequired ? " (required)" : "")))
        }
        lines.append(HelpFormatter.row("-h, --help", "Show help information."))
        return lines.joined(separator: "\n") + "\n"
    }
}

enum HelpFormatter {
    /// One two-column help line, the text starting at column 27.
    static func row(_ label: String, _ text: String) -> String {
        let padded = "  " + label
        return padded.count < 26
            ? padded + String(repeating: " ", count: 26 - padded.count) + text
            : padded + "\n" + String(repeating: " ", count: 26) + text
    }
}
