#if canImport(Glibc)
import Glibc
#endif

/// The `hittest` command line: dispatches to subcommands and maps failures to exit codes
/// (0 success, 1 bad input, 2 usage error).
@main
enum HitTestCommand {
    static let version = "0.1.0"

    static var subcommands: [any Subcommand.Type] {
        [QueryCommand.self, RenderCommand.self, ValidateCommand.self, InspectCommand.self, DecodeCommand.self]
    }

    static var help: String {
        var lines = [
            "OVERVIEW: Pixel-accurate hit testing of irregular-shaped UI elements.", "",
            "USAGE: hittest <subcommand>", "",
            "OPTIONS:",
            HelpFormatter.row("--version", "Show the version."),
            HelpFormatter.row("-h, --help", "Show help information."), "",
            "SUBCOMMANDS:",
        ]
        for command in subcommands { lines.append(HelpFormatter.row(command.spec.name, command.spec.abstract)) }
        lines.append(HelpFormatter.row("help", "Show help for a subcommand."))
        lines += ["", "  See 'hittest help <subcommand>' for detailed help."]
        return lines.joined(separator: "\n") + "\n"
    }

    static func main() {
        exit(run(Array(CommandLine.arguments.dropFirst())))
    }

    static func run(_ tokens: [String]) -> Int32 {
        guard let first = tokens.first else {
            StandardStreams.out(help)
            return 0
        }
        switch first {
        case "-h", "--help":
            StandardStreams.out(help)
            return 0
        case "--version":
            StandardStreams.out(version + "\n")
            return 0
        case "help":
            guard tokens.count > 1 else {
                StandardStreams.out(help)
                return 0
            }
            guard let command = subcommands.first(where: { $0.spec.name == tokens[1] }) else {
                return usageFailure(.unknownCommand(tokens[1]), usage: "hittest <subcommand>")
            }
            StandardStreams.out(command.spec.help)
            return 0
        default:
            break
        }
        guard let command = subcommands.first(where: { $0.spec.name == first }) else {
            return usageFailure(.unknownCommand(first), usage: "hittest <subcommand>")
        }
        do {
            let arguments = try ParsedArguments(Array(tokens.dropFirst()), spec: command.spec)
            if arguments.wantsHelp {
                StandardStreams.out(command.spec.help)
                return 0
            }
            try command.run(arguments)
            return 0
        } catch let error as UsageError {
            return usageFailure(error, usage: command.spec.usage)
        } catch {
            StandardStreams.error("Error: \(error)\n")
            return 1
        }
    }

    private static func usageFailure(_ error: UsageError, usage: String) -> Int32 {
        StandardStreams.error("Error: \(error)\nUsage: \(usage)\n  See 'hittest --help' for more information.\n")
        return 2
    }
}
