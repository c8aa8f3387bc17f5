@testable import AlphaHit
import AlphaHitJSON
import AlphaHitReports
import Foundation
@testable import HitTestCLI
import Testing

/// `query --json` writes its answers by a streaming fast form (precomputed ids and paths, numbers
/// straight into the output buffer); ``HitJSON`` is the one definition of the hit object. This
/// holds the two together on random points, exact hits, misses and touch-tolerance hits.
@Suite("query --json and the hit object")
struct QueryJSONFormTests {
    @Test("each streamed answer is the point and HitJSON's fields of the engine's hit", arguments: ["diamonds", "nested", "retina", "atlas"])
    func streamedAnswersAreHitJSON(sample: String) throws {
        let path = Fixtures.packageRoot.appendingPathComponent("Samples/\(sample)/layout.json").path
        let engine = try HitTester(contentsOfLayoutFile: path)
        var g = SplitMix(seed: UInt64(sample.utf8.count) &* 977)
        // Quarter points, so that the text form of each number is unambiguous.
        let points = (0..<1500).map { _ in (x: (g.next(in: -20...400) * 4).rounded() / 4, y: (g.next(in: -20...400) * 4).rounded() / 4) }
        for tolerance in [nil, 9.0] {
            var arguments = ["query", path, "--json"]
            if let tolerance { arguments += ["--tolerance", JSONText.number(tolerance)] }
            let input = points.map { "\(JSONText.number($0.x)),\(JSONText.number($0.y))" }.joined(separator: "\n") + "\n"
            let outcome = try HitTestRunner.run(arguments, input: Data(input.utf8))
            #expect(outcome.status == 0)
            let lines = outcome.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count == points.count)
            for (line, point) in zip(lines, points) {
                var expected = JSONObjectWriter()
                expected.pair("point", (point.x, point.y))
                expected.merge(HitJSON.fields(engine.hit(at: Point(x: point.x, y: point.y), tolerance: tolerance)))
                #expect(String(line) == expected.json, "\(sample), tolerance \(tolerance.map { "\($0)" } ?? "none")")
            }
        }
    }
}
