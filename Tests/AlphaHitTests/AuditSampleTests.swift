@testable import AlphaHit
@testable import AlphaHitEngine
import Foundation
import Testing

/// The README's audit of `Samples/audit`, run as shown.
@Suite("Audit sample")
struct AuditSampleTests {
    @Test("the README's audit of Samples/audit prints exactly what it shows, and exits 3")
    func readme() throws {
        let readme = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## Auditing target sizes").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```").dropFirst().first)
        let lines = block.split(separator: "\n").map(String.init)
        #expect(lines.first == "$ hittest audit Samples/audit/layout.json")
        let outcome = try HitTestRunner.run(["audit", Fixtures.packageRoot.appendingPathComponent("Samples/audit/layout.json").path])
        #expect(outcome.status == 3)
        #expect(outcome.text == lines.dropFirst().joined(separator: "\n") + "\n")
        // Each way of failing is there.
        for (id, reason) in [("tiny", "circle around it meets another target"), ("covered", "covered by elements in front"), ("hidden", "owns nothing")] {
            #expect(outcome.text.split(separator: "\n").contains { $0.hasPrefix("FAIL \(id):") && $0.contains(reason) })
        }
        #expect(outcome.text.contains("pass icon:"))
    }
}
