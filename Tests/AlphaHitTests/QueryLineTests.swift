@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
@testable import AlphaHitImages
import Foundation
@testable import HitTestCLI
import Testing

/// Every line of `query`'s input gets one answer; ids come out exact; two numbers in a row are one point.
@Suite("hittest query lines and ids")
struct QueryLineTests {
    @Test("ids with quotes, backslashes and non-ASCII letters come out exact in JSON")
    func exactJSONIDs() throws {
        let (_, path) = try CommandFixtures.layout(#"{"id": "é\"q\\u", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}"#)
        let outcome = try HitTestRunner.run(["query", path, "--json", "1,1"])
        let object = try #require(JSONSerialization.jsonObject(with: outcome.standardOutput) as? [String: Any])
        #expect(object["id"] as? String == "é\"q\\u")
    }

    @Test("every input line that is not blank or a comment gets exactly one answer, '!' or an error object for a malformed one")
    func oneAnswerPerLine() throws {
        let input = Data("3;4\n75,95\n# comment\n\nbad\n5,5\n".utf8)
        let plain = try HitTestRunner.run(["query", CommandFixtures.diamonds], input: input)
        #expect(plain.status == 1)
        #expect(plain.text == "!\nwest\n!\n-\n")
        let json = try HitTestRunner.run(["query", CommandFixtures.diamonds, "--json"], input: input)
        let lines = json.text.split(separator: "\n")
        #expect(lines.count == 4)
        let first = try #require(JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(first["line"] as? Int == 1 && (first["error"] as? String)?.contains("'3;4'") == true)
        let all = try HitTestRunner.run(["query", CommandFixtures.diamonds, "--all"], input: input)
        #expect(all.text == "!\nwest\n!\n-\n")
    }

    @Test("two numbers in a row are one point; a lone number says how to write a point")
    func twoNumbersArePoint() throws {
        let pair = try HitTestRunner.run(["query", CommandFixtures.diamonds, "75", "95", "5,5"])
        #expect(pair.status == 0 && pair.text == "west\n-\n")
        let lone = try HitTestRunner.run(["query", CommandFixtures.diamonds, "75"])
        #expect(lone.status == 1)
        #expect(lone.standardError.contains("\"3 4\""))
    }
}
