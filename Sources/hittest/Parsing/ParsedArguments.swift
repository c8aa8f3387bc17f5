/// A command line split by a ``CommandSpec``: option values, flags and positional arguments.
struct ParsedArguments {
    var positionals: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var wantsHelp = false

    /// Splits `tokens` (the words after the subcommand name) according to `spec`.
    ///
    /// `--name value`, `--name=value` and `-o value` are accepted; `--` ends the options;
    /// a token that looks like a negative number (`-5,3`) is a positional argument.
    init(_ tokens: [String], spec: CommandSpec) throws(UsageError) {
        var index = 0
        var optionsEnded = false
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            if optionsEnded || !token.hasPrefix("-") || token == "-" || Self.looksNumeric(token) {
                positionals.append(token)
                continue
            }
            if token == "--" {
                optionsEnded = true
                continue
            }
            if token == "-h" || token == "--help" {
                wantsHelp = true
                continue
            }
            var name = token
            var inlineValue: String?
            if let equals = token.firstIndex(of: "="), token.hasPrefix("--") {
                name = String(token[..<equals])
                inlineValue = String(token[token.index(after: equals)...])
            }
            guard let option = spec.options.first(where: { $0.names.contains(name) }) else {
                throw .unknownOption(token)
            }
            if option.valueName == nil {
                if inlineValue != nil { throw .unexpectedValue(option: option.primaryName) }
                flags.insert(option.primaryName)
                continue
            }
            if let inlineValue {
                values[option.primaryName] = inlineValue
            } else if index < tokens.count {
                values[option.primaryName] = tokens[index]
                index += 1
            } else {
                throw .missingValue(option: option.primaryName)
            }
        }
        if wantsHelp { return }
        for option in spec.options where option.isRequired && values[option.primaryName] == nil {
            throw .missingOption(option.primaryName)
        }
        let required = spec.arguments.filter { !$0.isOptional }.count
        if positionals.count < required {
            throw .missingArgument(spec.arguments[positionals.count].name)
        }
        if !spec.arguments.contains(where: \.isRepeating), positionals.count > spec.arguments.count {
            throw .unexpectedArgument(positionals[spec.arguments.count])
        }
    }

    private static func looksNumeric(_ token: String) -> Bool {
        let second = token.dropFirst().first
        return second.map { $0.isNumber || $0 == "." } ?? false
    }
}

/// A command line that does not fit its command: reported with the usage line, exit code 2.
enum UsageError: Error, CustomStringConvertible {
    case unknownCommand(String)
    case unknownOption(String)
    case missingValue(option: String)
    case unexpectedValue(option: String)
    case missingOption(String)
    case missingArgument(String)
    case unexpectedArgument(String)
    case invalidValue(option: String, value: String, expected: String)
    case conflictingOptions(String, String)

    var description: String {
        switch self {
        case .unknownCommand(let name): "Unknown subcommand '\(name)'."
        case .unknownOption(let token): "Unknown option '\(token)'."
        case .missingValue(let option): "Missing value for '\(option)'."
        case .unexpectedValue(let option): "'\(option)' takes no value."
        case .missingOption(let option): "Missing expected option '\(option)'."
        case .missingArgument(let name): "Missing expected argument '<\(name)>'."
        case .unexpectedArgument(let token): "Unexpected argument '\(token)'."
        case .conflictingOptions(let first, let second): "'\(first)' and '\(second)' cannot be used together."
        case .invalidValue(let option, let value, let expected):
            "The value '\(value)' is invalid for '\(option)': expected \(expected)."
        }
    }
}
