/// One `hittest` subcommand: its spec (for parsing and help) and what it does.
protocol Subcommand {
    static var spec: CommandSpec { get }
    /// Runs the command with its streams; throws ``UsageError`` (exit 2) or ``CommandFailure`` (exit 1).
    /// Writing to `io.output` needs no checking here: the caller flushes it and reports a failure.
    static func run(_ arguments: ParsedArguments, io: CommandIO) throws
}
