/// A command line that does not fit its command: reported with the usage line, exit code 2.
enum UsageError: Error, CustomStringConvertible {
    case unknownCommand(String, suggestion: String?)
    case unknownOption(String, suggestion: String?)
    case missingValue(option: String)
    case unexpectedValue(option: String)
    case missingOption(String)
    case missingArgument(String)
    case unexpectedArgument(String, hint: String?)
    case invalidValue(option: String, value: String, expected: String)
    case conflictingOptions(String, String)
    case other(String)

    var description: String {
        switch self {
        case .unknownCommand(let name, let suggestion):
            "Unknown subcommand '\(name)'." + (suggestion.map { " Did you mean '\($0)'?" } ?? "")
        case .unknownOption(let token, let suggestion):
            "Unknown option '\(token)'." + (suggestion.map { " Did you mean '\($0)'?" } ?? "")
        case .missingValue(let option): "Missing value for '\(option)'."
        case .unexpectedValue(let option): "'\(option)' takes no value."
        case .missingOption(let option): "Missing expected option '\(option)'."
        case .missingArgument(let name): "Missing expected argument '<\(name)>'."
        case .unexpectedArgument(let token, let hint): "Unexpected argument '\(token)'." + (hint.map { " \($0)" } ?? "")
        case .conflictingOptions(let first, let second): "'\(first)' and '\(second)' cannot be used together."
        case .invalidValue(let option, let value, let expected):
            "The value '\(value)' is invalid for '\(option)': expected \(expected)."
        case .other(let message): message
        }
    }
}

/// A command that could not do its job because of its input (a bad file, an unwritable output): exit code 1.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    /// The exit status (1: bad input; `audit` uses 3 for "some element fails", with no message).
    var status: Int32 = 1

    /// Standard output's reader went away (a closed pipe, as in `hittest query … | head -1`): the
    /// command stops and ends quietly, with the status a filter killed by SIGPIPE reports (141),
    /// so that `set -o pipefail` scripts see what they see of other filters.
    static let readerGone = CommandFailure(description: "", status: 128 + 13)
}
