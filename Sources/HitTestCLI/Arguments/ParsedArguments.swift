import AlphaHit

/// A command line split by a ``CommandSpec``: option values (each checked against its
/// declaration), flags and positional arguments. Reading and writing files is not its business.
struct ParsedArguments {
    private(set) var positionals: [String] = []
    private var values: [String: String] = [:]
    private var flags: Set<String> = []
    private(set) var wantsHelp = false

    /// Splits `tokens` (the words after the subcommand name) according to `spec`.
    ///
    /// `--name value`, `--name=value` and `-o value` are accepted; `--` ends the options;
    /// a token that looks like a negative number (`-5,3`) is a positional argument, and so is `-`.
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
                let known = spec.options.flatMap(\.names) + ["--help"]
                throw .unknownOption(token, suggestion: Suggestion.closest(to: name, in: known))
            }
            if option.valueName == nil {
                if inlineValue != nil { throw .unexpectedValue(option: option.primaryName) }
                flags.insert(option.primaryName)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < tokens.count {
                value = tokens[index]
                index += 1
            } else {
                throw .missingValue(option: option.primaryName)
            }
            try option.validate(value)
            values[option.primaryName] = value
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
            throw .unexpectedArgument(positionals[spec.arguments.count], hint: nil)
        }
    }

    /// Whether the option or flag spelled `name` (its primary name) was given.
    func isGiven(_ name: String) -> Bool {
        flags.contains(name) || values[name] != nil
    }

    /// The text given for the option spelled `name` (its primary name), as typed.
    func text(of name: String) -> String? {
        values[name]
    }

    /// Whether `flag` was given.
    func isSet(_ flag: Flag) -> Bool {
        flags.contains(flag.primaryName)
    }

    /// The value of `option`, already checked when the command line was read; nil when absent.
    subscript<Value>(_ option: Option<Value>) -> Value? {
        values[option.primaryName].flatMap(option.parse)
    }

    /// The text given for `option`, as typed.
    func text<Value>(of option: Option<Value>) -> String? {
        values[option.primaryName]
    }

    private static func looksNumeric(_ token: String) -> Bool {
        let second = token.dropFirst().first
        return second.map { $0.isNumber || $0 == "." } ?? false
    }
}
