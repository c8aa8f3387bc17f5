import AlphaHit

/// The `hittest` command line as a library: the `hittest` executable is a few lines that call
/// ``run(_:io:)`` with the process's streams, and tests call it in-process with streams in memory.
///
/// Exit codes: 0 success, 1 bad input or output that could not be written, 2 usage error,
/// 141 standard output's reader went away (quietly, as a filter killed by SIGPIPE).
public enum HitTestCLI {
    /// The version `hittest --version` prints.
    public static let version = AlphaHitVersion.string

    static var subcommands: [any Subcommand.Type] {
        [QueryCommand.self, ReplayCommand.self, RenderCommand.self, ValidateCommand.self, AuditCommand.self, InspectCommand.self, DecodeCommand.self, OutlineCommand.self, RegionCommand.self]
    }

    static var help: String {
        var lines = [
            "OVERVIEW: Pixel-accurate hit testing of irregular-shaped UI elements.", "",
            "USAGE: hittest <subcommand>", "",
            "OPTIONS:",
            HelpFormatter.row("-v, --version", "Show the version."),
            HelpFormatter.row("-h, --help", "Show help information."), "",
            "SUBCOMMANDS:",
        ]
        for command in subcommands { lines.append(HelpFormatter.row(command.spec.name, command.spec.abstract)) }
        lines.append(HelpFormatter.row("help", "Show help for a subcommand."))
        lines += ["", "  See 'hittest help <subcommand>' for detailed help."]
        return lines.joined(separator: "\n") + "\n"
    }

    static let helpSpec = CommandSpec(
        name: "help", abstract: "Show help for a subcommand.",
        arguments: [.init(name: "subcommand", help: "The subcommand to explain.", isOptional: true)])

    /// Runs the process's command line and exits with its status.
    public static func main() -> Never {
        SystemCalls.tuneAllocatorForShortLivedProcess()
        // A closed pipe is an error on the write (EPIPE), which ends the command quietly with 141
        // (`CommandFailure.readerGone`), instead of a signal that would leave temporary files behind.
        SystemCalls.ignoreBrokenPipes()
        SystemCalls.exitProcess(run(Array(CommandLine.arguments.dropFirst()), io: .standard))
    }

    /// Runs `hittest` with `tokens` (the words after the program name); returns the exit status.
    /// Standard output is flushed before returning, and a failed write makes the status 1.
    public static func run(_ tokens: [String], io: CommandIO) -> Int32 {
        var status = dispatch(tokens, io: io)
        do {
            try io.output.finish()
        } catch where error.description.isEmpty {
            status = error.status
        } catch {
            if status == 0 { status = 1 }
            io.error.write("Error: \(error)\n")
        }
        if io.output.readerIsGone { status = CommandFailure.readerGone.status }
        io.error.flush()
        return status
    }

    private static func dispatch(_ tokens: [String], io: CommandIO) -> Int32 {
        guard let first = tokens.first else {
            io.output.write(help)
            return 0
        }
        switch first {
        case "-h", "--help":
            io.output.write(help)
            return 0
        case "-v", "--version":
            io.output.write(version + "\n")
            return 0
        case "help":
            return showHelp(Array(tokens.dropFirst()), io: io)
        default:
            break
        }
        guard let command = subcommands.first(where: { $0.spec.name == first }) else {
            let names = subcommands.map { $0.spec.name } + ["help"]
            if first.hasPrefix("-") {
                let suggestion = Suggestion.closest(to: first, in: ["--help", "--version"])
                return usageFailure(.unknownOption(first, suggestion: suggestion), usage: "hittest <subcommand>", io: io)
            }
            let suggestion = Suggestion.closest(to: first, in: names)
            return usageFailure(.unknownCommand(first, suggestion: suggestion), usage: "hittest <subcommand>", io: io)
        }
        return execute(command, Array(tokens.dropFirst()), io: io)
    }

    private static func execute<Command: Subcommand>(_ command: Command.Type, _ tokens: [String], io: CommandIO) -> Int32 {
        do {
            let arguments = try ParsedArguments(tokens, spec: Command.spec)
            if arguments.wantsHelp {
                io.output.write(Command.spec.help)
                return 0
            }
            for rule in Command.spec.rules { try rule.check(arguments, samePath: SystemCalls.samePath) }
            try Command.run(arguments, io: io)
            return 0
        } catch let error as UsageError {
            return usageFailure(error, usage: Command.spec.usage, io: io)
        } catch let failure as CommandFailure where failure.description.isEmpty {
            io.output.flush()
            return failure.status
        } catch {
            io.output.flush()
            io.error.write("Error: \(error)\n")
            return 1
        }
    }

    /// `hittest help`, `hittest help COMMAND`, `hittest help help`.
    private static func showHelp(_ tokens: [String], io: CommandIO) -> Int32 {
        guard let name = tokens.first(where: { $0 != "-h" && $0 != "--help" }) else {
            io.output.write(tokens.isEmpty ? help : helpSpec.help)
            return 0
        }
        if name == "help" {
            io.output.write(helpSpec.help)
            return 0
        }
        guard let command = subcommands.first(where: { $0.spec.name == name }) else {
            let suggestion = Suggestion.closest(to: name, in: subcommands.map { $0.spec.name } + ["help"])
            return usageFailure(.unknownCommand(name, suggestion: suggestion), usage: helpSpec.usage, io: io)
        }
        io.output.write(command.spec.help)
        return 0
    }

    private static func usageFailure(_ error: UsageError, usage: String, io: CommandIO) -> Int32 {
        io.output.flush()
        io.error.write("Error: \(error)\nUsage: \(usage)\n  See 'hittest --help' for more information.\n")
        return 2
    }
}
