/// One `hittest` subcommand: its spec (for parsing and help) and what it does.
protocol Subcommand {
    static var spec: CommandSpec { get }
    /// Runs the command; throws ``UsageError`` (exit 2) or ``CommandFailure`` (exit 1).
    static func run(_ arguments: ParsedArguments) throws -> Void
}

/// A command that could not do its job because of its input (a bad file, an unwritable output): exit code 1.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
}
