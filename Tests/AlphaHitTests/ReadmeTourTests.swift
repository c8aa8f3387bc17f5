@testable import AlphaHit
@testable import AlphaHitEngine
import Foundation
import Testing

/// The README's tour, command by command: each `$ hittest …` line is run in-process from the
/// package root and its output compared with the lines the README shows under it.
@Suite("README tour")
struct ReadmeTourTests {
    struct Step: CustomStringConvertible {
        var arguments: [String]
        var expected: String
        var description: String { arguments.joined(separator: " ") }
    }

    static let steps: [Step] = {
        let readme = (try? String(contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
        guard let tour = readme.components(separatedBy: "## A short tour").dropFirst().first,
            let block = tour.components(separatedBy: "```").dropFirst().first
        else { return [] }
        var steps: [Step] = []
        for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("$ hittest ") {
                steps.append(Step(arguments: line.dropFirst("$ hittest ".count).split(separator: " ").map(String.init), expected: ""))
            } else if !steps.isEmpty, !line.isEmpty {
                steps[steps.count - 1].expected += line + "\n"
            }
        }
        return steps
    }()

    @Test("the README has a tour of at least six commands")
    func tourExists() {
        #expect(Self.steps.count >= 6)
    }

    @Test("every command of the README's tour prints exactly what the README shows", arguments: steps)
    func step(_ step: Step) throws {
        let folder = try Fixtures.temporaryDirectory()
        // Files the tour writes go to a fresh folder; paths it reads are relative to the package root.
        var arguments = step.arguments.map { $0.hasPrefix("Samples/") ? Fixtures.packageRoot.appendingPathComponent($0).path : $0 }
        if let output = arguments.firstIndex(of: "-o") { arguments[output + 1] = folder.appendingPathComponent(arguments[output + 1]).path }
        let outcome = try HitTestRunner.run(arguments)
        #expect(outcome.status == 0)
        let root = Fixtures.packageRoot.path + "/"
        #expect(outcome.text.replacingOccurrences(of: root, with: "") == step.expected)
    }
}
