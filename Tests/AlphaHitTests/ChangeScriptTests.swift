@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
import Testing

/// Script lines (`hittest replay`, `Docs/LiveScenes.md`, "Scripts"): what each kind reads, and
/// how a bad line is reported.
@Suite("Change scripts")
struct ChangeScriptTests {
    private static let layout = Layout(elements: [
        Element(id: "a", frame: Rect(x: 0, y: 0, width: 10, height: 10), opacity: 0.5, children: [
            Element(id: "a1", frame: Rect(x: 1, y: 1, width: 2, height: 2)),
        ]),
        Element(id: "b", frame: Rect(x: 20, y: 0, width: 10, height: 10), isHidden: true),
    ])

    private static func parse(_ line: String) throws(ScriptLineError) -> ScriptLine {
        try ScriptLine.parse(Array(line.utf8), layout: layout)
    }

    private static func problems(_ line: String) -> [String] {
        do {
            _ = try parse(line)
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    /// The layout after the line's change.
    private static func applied(_ line: String) throws -> Layout {
        guard case .change(let change) = try parse(line) else { throw ScriptLineError(problems: []) }
        var changed = layout
        try changed.apply(change)
        return changed
    }

    @Test("blank lines and lines starting with # are nothing", arguments: ["", "   ", "# a comment", "  # indented"])
    func nothingLines(line: String) throws {
        guard case .nothing = try Self.parse(line) else { Issue.record("\(line) is not nothing"); return }
    }

    @Test("set reads each key as the layout file does, and null restores the key's default")
    func setKeys() throws {
        let changed = try Self.applied(#"{"set": "a", "opacity": null, "hidden": true, "frame": {"x": 5, "y": 6, "width": 7, "height": 8}, "state": "on"}"#)
        let a = changed.elements[0]
        #expect(a.opacity == 1 && a.isHidden && a.frame == Rect(x: 5, y: 6, width: 7, height: 8) && a.state == "on")
        #expect(a.children.map(\.id) == ["a1"])
        let b = try Self.applied(#"{"set": "b", "hidden": null, "transform": {"rotate": 90}}"#).elements[1]
        #expect(!b.isHidden && b.transform == ElementTransform(rotationDegrees: 90))
    }

    @Test("set refuses id, children and clearing frame, and reads values at the element's path", arguments: [
        (#"{"set": "a1", "id": "x"}"#, "elements[0].children[0].id: an element's id cannot be set: remove the element and add it again"),
        (#"{"set": "a", "children": []}"#, "elements[0].children: children cannot be set: add, remove or move them"),
        (#"{"set": "a", "frame": null}"#, "elements[0].frame: is required and cannot be cleared"),
        (#"{"set": "a1", "opacity": "x"}"#, "elements[0].children[0].opacity: must be a number, not a string"),
        (#"{"set": "a", "hiden": true}"#, "hiden: unknown key; did you mean \"hidden\"?"),
        (#"{"set": "z", "hidden": true}"#, "set: no element has the id \"z\""),
    ])
    func setProblems(line: String, message: String) {
        #expect(Self.problems(line) == [message])
    }

    @Test("add reads the element at the path it will have, with its parent and position")
    func addLine() throws {
        let changed = try Self.applied(#"{"add": {"id": "n", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}, "parent": "a", "index": 0}"#)
        #expect(changed.elements[0].children.map(\.id) == ["n", "a1"])
        #expect(Self.problems(#"{"add": {"id": "n", "frame": {"x": 0, "y": 0, "width": 1}}, "parent": "a", "index": 0}"#)
            == ["elements[0].children[0].frame.height: is required: a number"])
        #expect(Self.problems(#"{"add": {"id": "n", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}, "index": 1.5}"#)
            == ["index: must be a whole number ≥ 0 (a position among the siblings, 0 the back-most)"])
    }

    @Test("move: parent absent stays, null goes to the top level, an id goes there")
    func moveLine() throws {
        #expect(try Self.applied(#"{"move": "a", "index": 1}"#).elements.map(\.id) == ["b", "a"])
        #expect(try Self.applied(#"{"move": "a1", "parent": null}"#).elements.map(\.id) == ["a", "b", "a1"])
        #expect(try Self.applied(#"{"move": "a1", "parent": "b"}"#).elements[1].children.map(\.id) == ["a1"])
    }

    @Test("remove names the element")
    func removeLine() throws {
        #expect(try Self.applied(#"{"remove": "a"}"#).elements.map(\.id) == ["b"])
    }

    @Test("query reads points and a tolerance; a bad query line counts the points it lists")
    func queryLine() throws {
        guard case .query(let points, let tolerance) = try Self.parse(#"{"query": [[1, 2], [-3.5, 4e1]], "tolerance": 2}"#) else {
            Issue.record("not a query")
            return
        }
        #expect(points == [Point(x: 1, y: 2), Point(x: -3.5, y: 40)] && tolerance == 2)
        #expect(throws: ScriptLineError.self) { try Self.parse(#"{"query": [[1, 2], [3, "x"], [1]], "tolerance": -1}"#) }
        do {
            _ = try Self.parse(#"{"query": [[1, 2], [3, "x"], [1]], "tolerance": -1}"#)
        } catch {
            #expect(error.queryPoints == 3)
            #expect(error.problems.map(\.description) == [
                "query[1][1]: must be a number, not a string", "query[2]: must be a point [x, y] of two numbers",
                "tolerance: must be a finite number of at least 0",
            ])
        }
    }

    @Test("a line that is not one command is refused", arguments: [
        ("[1]", "a line must be a JSON object, not an array"),
        (#"{"hidden": true}"#, "a line must have one of \"set\", \"add\", \"remove\", \"move\", \"query\""),
        (#"{"remove": "a", "move": "b"}"#, "a line has one command, not \"remove\" and \"move\""),
        (#"{"remove": "a""#, "invalid JSON at column 15: ',' or '}' was expected"),
    ])
    func notACommand(line: String, message: String) {
        #expect(Self.problems(line) == [message])
    }

    @Test("lines cut, spliced and garbled at random are read or refused, never a trap", arguments: [UInt64(41), 42])
    func garbledLines(seed: UInt64) {
        let valid = [
            #"{"set": "a", "opacity": 0.5, "states": {"on": "x.png"}, "transform": [1, 0, 0, 1, 2, 3]}"#,
            #"{"add": {"id": "n", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "children": [{"id": "m", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}]}, "parent": "a", "index": 0}"#,
            #"{"move": "a1", "parent": null, "index": 1}"#, #"{"query": [[1, 2], [3, 4]], "tolerance": 2}"#, #"{"remove": "b"}"#,
        ].map { Array($0.utf8) }
        var g = SplitMix(seed: seed)
        let alphabet = Array(#"{}[]":,-.0123456789eE nulltruefalse"#.utf8)
        var read = 0
        for _ in 0..<3000 {
            var bytes = valid[Int(g.next(in: 0...Double(valid.count) - 0.001))]
            for _ in 0...Int(g.next(in: 0...3.999)) where !bytes.isEmpty {
                let at = Int(g.next(in: 0...Double(bytes.count) - 0.001))
                switch Int(g.next(in: 0...2.999)) {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(alphabet[Int(g.next(in: 0...Double(alphabet.count) - 0.001))], at: at)
                default: bytes = Array(bytes[..<at])
                }
            }
            if (try? ScriptLine.parse(bytes, layout: Self.layout)) != nil { read += 1 }
        }
        // Some survive as lines, most are refused: both paths ran.
        #expect(read > 0 && read < 3000, "seed \(seed): \(read) of 3000 read")
    }
}
