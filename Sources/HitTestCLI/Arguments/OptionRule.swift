/// A rule between a command's options (and its input), declared with them in its ``CommandSpec``
/// and checked once the command line is read, before the command runs: a command's `run` never
/// checks one option against another by hand.
enum OptionRule: Sendable {
    /// The two options cannot be given together.
    case conflict(String, String)
    /// When `option` is given, `other` must be too, with one of `values` when those are listed;
    /// else the value of `option` is refused as one `expected` elsewhere.
    case requires(String, String, values: [String] = [], expected: String)
    /// When both are given, the value of `option` is refused as one `expected` elsewhere.
    case excludes(String, String, expected: String)
    /// At least one of the options must be given; `message` says so.
    case oneOf([String], message: String)
    /// The two options must not name the same file (spelled alike, standard output `-` included,
    /// or one file by two paths);
    /// `overwrite` says what would be lost: "the legend would overwrite the picture".
    case differentFiles(String, String, overwrite: String)
    /// When the first argument is standard input (`-`), none of the options may be standard output.
    case standardInputExcludesStandardOutput([String])
    /// When the first argument is standard input (`-`), more arguments must follow unless option
    /// `unless` is given; `message` says why.
    case standardInputNeedsArguments(unless: String? = nil, message: String)
    /// The first argument may not be standard input (`-`); `message` says why.
    case firstArgumentIsAFile(message: String)

    /// Checks the rule against `arguments`; `samePath` says whether two paths name one file.
    func check(_ arguments: ParsedArguments, samePath: (String, String) -> Bool) throws(UsageError) {
        switch self {
        case .conflict(let first, let second):
            if arguments.isGiven(first) && arguments.isGiven(second) { throw .conflictingOptions(first, second) }
        case .requires(let option, let other, let values, let expected):
            guard let text = arguments.text(of: option) else { return }
            let satisfied = values.isEmpty ? arguments.isGiven(other) : arguments.text(of: other).map(values.contains) ?? false
            if !satisfied { throw .invalidValue(option: option, value: text, expected: expected) }
        case .excludes(let option, let other, let expected):
            if let text = arguments.text(of: option), arguments.isGiven(other) { throw .invalidValue(option: option, value: text, expected: expected) }
        case .oneOf(let options, let message):
            if !options.contains(where: arguments.isGiven) { throw .other(message) }
        case .differentFiles(let first, let second, let overwrite):
            guard let a = arguments.text(of: first), let b = arguments.text(of: second) else { return }
            if a == b || (a != "-" && b != "-" && samePath(a, b)) {
                throw .other("'\(first)' and '\(second)' name the same file '\(b)': \(overwrite).")
            }
        case .standardInputExcludesStandardOutput(let options):
            if arguments.positionals.first == "-" && options.contains(where: { arguments.text(of: $0) == "-" }) {
                throw .other("The layout and the output cannot both use standard input and output ('-') here; name a file for one of them.")
            }
        case .standardInputNeedsArguments(let unless, let message):
            if arguments.positionals.first == "-" && arguments.positionals.count < 2 && !(unless.map(arguments.isGiven) ?? false) { throw .other(message) }
        case .firstArgumentIsAFile(let message):
            if arguments.positionals.first == "-" { throw .other(message) }
        }
    }
}
