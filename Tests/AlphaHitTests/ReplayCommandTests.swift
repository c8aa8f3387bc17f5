@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
@testable import HitTestCLI
import Foundation
import Testing

/// `hittest replay` end to end: its answers after changes are those of `hittest query` on a
/// layout file holding the changed layout, and refused lines are reported and change nothing.
@Suite("replay command")
struct ReplayCommandTests {
    /// Two 20-point squares side by side, `left` holding a 10-point `dot`.
    private static let elements = """
        {"id": "left", "frame": {"x": 0, "y": 0, "width": 20, "height": 20}, "children": [
          {"id": "dot", "frame": {"x": 5, "y": 5, "width": 10, "height": 10}, "shape": "ellipse"}]},
        {"id": "right", "frame": {"x": 20, "y": 0, "width": 20, "height": 20}}
        """

    private static func replay(_ script: String, _ options: [String] = [], label: String = #function) throws -> HitTestRunner.Outcome {
        let (folder, layout) = try CommandFixtures.layout(elements, label)
        let path = folder.appendingPathComponent("script.jsonl").path
        try Fixtures.write(Array(script.utf8), to: path)
        return try HitTestRunner.run(["replay", layout] + options + [path])
    }

    @Test("answers after changes are hittest query's on the changed layout, for text and --json", arguments: [[String](), ["--json"]])
    func answersMatchAFreshLayout(options: [String]) throws {
        let outcome = try Self.replay("""
            {"query": [[10, 10], [30, 10], [2, 2]]}
            {"set": "right", "frame": {"x": 0, "y": 0, "width": 8, "height": 8}}
            {"move": "dot", "parent": null, "index": 0}
            {"add": {"id": "new", "frame": {"x": 25, "y": 5, "width": 5, "height": 5}}, "parent": "left"}
            {"query": [[10, 10], [30, 10], [2, 2], [27, 7]]}
            """, options)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        // The changed layout, written out by hand: the fresh build `hittest query` makes of it.
        let (_, changed) = try CommandFixtures.layout("""
            {"id": "dot", "frame": {"x": 5, "y": 5, "width": 10, "height": 10}, "shape": "ellipse"},
            {"id": "left", "frame": {"x": 0, "y": 0, "width": 20, "height": 20}, "children": [
              {"id": "new", "frame": {"x": 25, "y": 5, "width": 5, "height": 5}}]},
            {"id": "right", "frame": {"x": 0, "y": 0, "width": 8, "height": 8}}
            """, "changed")
        let (_, original) = try CommandFixtures.layout(Self.elements, "original")
        let before = try HitTestRunner.run(["query", original] + options + ["10,10", "30,10", "2,2"])
        let after = try HitTestRunner.run(["query", changed] + options + ["10,10", "30,10", "2,2", "27,7"])
        #expect(outcome.standardOutput == before.standardOutput + after.standardOutput)
        if options.isEmpty { #expect(String(decoding: outcome.standardOutput, as: UTF8.self) == "dot\nright\nleft\nleft\n-\nright\nnew\n") }
    }

    @Test("a refused line is reported with its script line and changes nothing; replay goes on and exits 1")
    func refusedLines() throws {
        let outcome = try Self.replay("""
            # first a bad value, then a duplicate id, then a good change
            {"set": "dot", "opacity": 2}
            {"add": {"id": "right", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}}

            {"set": "dot", "hidden": true}
            {"query": [[10, 10]]}
            """)
        #expect(outcome.status == 1)
        let lines = outcome.standardError.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(lines)")
        #expect(lines[0].hasSuffix("script.jsonl:2: elements[0].children[0].opacity: must be a number from 0 to 1"))
        #expect(lines[1].hasSuffix("script.jsonl:3: elements[2].id: duplicate id \"right\", already used at elements[1]"))
        #expect(lines[2].hasPrefix("Error: 2 lines of ") && lines[2].hasSuffix("script.jsonl refused (reported above)"))
        #expect(String(decoding: outcome.standardOutput, as: UTF8.self) == "left\n")
    }

    @Test("a bad query line answers ! for each point it lists, so the answers stay in step")
    func badQueryLine() throws {
        let outcome = try Self.replay("""
            {"query": [[10, 10], [1, "x"], [30, 10]]}
            {"query": [[30, 10]], "tolerance": -1}
            {"query": [[30, 10]]}
            """)
        #expect(outcome.status == 1)
        #expect(String(decoding: outcome.standardOutput, as: UTF8.self) == "!\n!\n!\n!\nright\n")
    }

    @Test("the script may come from standard input; the layout may not")
    func standardInput() throws {
        let (_, layout) = try CommandFixtures.layout(Self.elements)
        let outcome = try HitTestRunner.run(["replay", layout, "-"], input: Data(#"{"remove": "left"}\#n{"query": [[10, 10], [30, 10]]}"#.utf8))
        #expect(outcome.status == 0)
        #expect(String(decoding: outcome.standardOutput, as: UTF8.self) == "-\nright\n")
        #expect(try HitTestRunner.run(["replay", "-", layout]).status == 2)
    }

    @Test("the example of Docs/LiveScenes.md prints what the page shows")
    func documentedExample() throws {
        let page = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("Docs/LiveScenes.md"), encoding: .utf8)
        let command = "$ hittest replay Samples/rounded-field/layout.json Samples/rounded-field/grow.jsonl\n"
        let shown = try #require(page.components(separatedBy: command).dropFirst().first?.components(separatedBy: "```").first)
        let root = Fixtures.packageRoot.path
        let outcome = try HitTestRunner.run(["replay", root + "/Samples/rounded-field/layout.json", root + "/Samples/rounded-field/grow.jsonl"])
        #expect(outcome.status == 0)
        #expect(outcome.text == shown)
    }

    @Test("random scripts answer as fresh engines of the layout the same changes make", arguments: [UInt64(5), 6, 7])
    func randomScripts(seed: UInt64) throws {
        var g = SplitMix(seed: seed)
        var layout = try LayoutFile.decode(Array("{\"version\": 1, \"elements\": [\(Self.elements)]}".utf8))
        var script: [String] = []
        var expected = ""
        var count = 0
        for _ in 0..<60 {
            let ids = layout.allIDs
            let id = ids[Int(g.next(in: 0...Double(ids.count) - 0.001))]
            let x = Int(g.next(in: 0...30)), y = Int(g.next(in: 0...15))
            let line: String
            switch Int(g.next(in: 0...4.999)) {
            case 0: line = #"{"set": "\#(id)", "frame": {"x": \#(x), "y": \#(y), "width": 12, "height": 9}}"#
            case 1: line = #"{"set": "\#(id)", "hidden": \#(g.next(in: 0...1) < 0.5 ? "true" : "null")}"#
            case 2:
                count += 1
                line = #"{"add": {"id": "n\#(count)", "frame": {"x": \#(x), "y": \#(y), "width": 6, "height": 6}}, "parent": "\#(id)", "index": 0}"#
            case 3:
                // Never the last top-level element: the layout keeps something to change.
                let last = layout.elements.count == 1 && layout.place(of: id)?.count == 1
                line = last ? #"{"move": "\#(id)", "parent": null}"# : #"{"remove": "\#(id)"}"#
            default: line = #"{"move": "\#(id)", "parent": null, "index": 0}"#
            }
            script.append(line)
            if case .change(let change) = try ScriptLine.parse(Array(line.utf8), layout: layout) { try layout.apply(change) }
            let points = (0..<4).map { _ in Point(x: g.next(in: -2...42), y: g.next(in: -2...22)) }
            script.append("{\"query\": [\(points.map { "[\($0.x), \($0.y)]" }.joined(separator: ", "))]}")
            let fresh = try HitTester(layout: layout, cache: ImageCache())
            for point in points { expected += (fresh.hit(at: point)?.id ?? "-") + "\n" }
        }
        let outcome = try Self.replay(script.joined(separator: "\n"), label: "randomScripts\(seed)")
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(String(decoding: outcome.standardOutput, as: UTF8.self) == expected)
    }
}
