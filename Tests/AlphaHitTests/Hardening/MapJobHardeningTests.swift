@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
import Foundation
@testable import HitTestCLI
import Testing

/// Jobs over whole hit maps (render, its page, audit) under hostile layouts and options.
@Suite("Hardening: map-sized jobs")
struct MapJobHardeningTests {
    static func layout(_ body: String, _ label: String = #function) throws -> (folder: URL, path: String) {
        let folder = try Fixtures.temporaryDirectory(label)
        for name in ["diamond.png"] {
            try FileManager.default.copyItem(at: Fixtures.packageRoot.appendingPathComponent("Samples/diamonds/\(name)"), to: folder.appendingPathComponent(name))
        }
        let path = folder.appendingPathComponent("layout.json").path
        try Fixtures.write(Array("{\"version\": 1, \(body)}".utf8), to: path)
        return (folder, path)
    }

    static let offMap: [String] = [
        #""canvas": {"width": 100, "height": 100}, "elements": [{"id": "a", "frame": {"x": 1e19, "y": 0, "width": 10, "height": 10}}, {"id": "b", "frame": {"x": 0, "y": 0, "width": 30, "height": 30}}]"#,
        #""canvas": {"width": 100, "height": 100}, "elements": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}, "transform": {"translate": [1e19, 0]}}, {"id": "b", "frame": {"x": 0, "y": 0, "width": 30, "height": 30}}]"#,
        #""canvas": {"width": 100, "height": 100}, "elements": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}, "transform": {"translate": [1e308, 1e308]}}, {"id": "b", "frame": {"x": 0, "y": 0, "width": 30, "height": 30}}]"#,
        #""canvas": {"width": 100, "height": 100}, "elements": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 1e300, "height": 1e-300}, "image": "diamond.png", "contentMode": "aspectFill"}, {"id": "b", "frame": {"x": 0, "y": 0, "width": 30, "height": 30}}]"#,
        #""canvas": {"width": 100, "height": 100}, "elements": [{"id": "a", "frame": {"x": -1e300, "y": 0, "width": 1e300, "height": 10}, "image": "diamond.png", "contentMode": "center"}, {"id": "b", "frame": {"x": 0, "y": 0, "width": 30, "height": 30}}]"#,
        #""canvas": {"width": 100, "height": 100}, "elements": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}, "transform": [1, 1e300, 0, 1e-300, 0, 0]}, {"id": "b", "frame": {"x": 0, "y": 0, "width": 30, "height": 30}}]"#,
        #""canvas": {"width": 100, "height": 100}, "elements": [{"id": "p", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}, "clipsToBounds": true, "transform": {"scale": 1e150}, "children": [{"id": "c", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}]}, {"id": "b", "frame": {"x": 60, "y": 60, "width": 30, "height": 30}}]"#,
    ]

    @Test("what is off the map owns nothing: audits and pages of layouts validate accepts finish, with every number in the JSON finite", arguments: offMap)
    func offTheMapOwnsNothing(body: String) throws {
        let (folder, path) = try Self.layout(body)
        #expect(try HitTestRunner.run(["validate", path]).status == 0)
        let audit = try HitTestRunner.run(["audit", path, "--json", "--tolerance", "5"])
        #expect(audit.status == 0 || audit.status == 3, "\(audit.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: audit.standardOutput) as? [String: Any])
        let elements = try #require(json["elements"] as? [[String: Any]])
        #expect(elements.allSatisfy { ($0["owned"] as? Double)?.isFinite == true && ($0["largestSquare"] as? Double)?.isFinite == true })
        let page = folder.appendingPathComponent("page.html").path
        let render = try HitTestRunner.run(["render", path, "--html", page, "-o", folder.appendingPathComponent("map.png").path, "--tolerance", "5"])
        #expect(render.status == 0, "\(render.standardError)")
        #expect(FileManager.default.fileExists(atPath: page))
    }

    @Test("an element's outline under hostile numbers is polygons with finite coordinates or a typed refusal, in bounded time and memory", arguments: offMap)
    func outlineUnderHostileNumbers(body: String) throws {
        // The same layouts, with every element round too.
        for variant in [body, body.replacingOccurrences(of: #""frame""#, with: #""shape": "ellipse", "frame""#)] {
            let (_, path) = try Self.layout(variant)
            for id in ["a", "b", "p", "c"] where variant.contains(#""id": "\#(id)""#) {
                for epsilon in ["0", "0.5"] {
                    let run = try HitTestRunner.runLimited(["outline", path, "--element", id, "--epsilon", epsilon], seconds: 60)
                    #expect(run.status == 0 || (run.status == 1 && run.standardError.hasPrefix("Error: ")), "\(id) at \(epsilon): \(run.status) \(run.standardError)")
                    guard run.status == 0 else { continue }
                    let text = String(decoding: run.standardOutput, as: UTF8.self)
                    #expect(!text.contains("null") && !text.contains("nan") && !text.contains("inf"), "\(id) at \(epsilon): \(text.prefix(300))")
                }
            }
        }
    }

    @Test("audit and page refuse a map-sized job over the budget at once, naming each map and --max-map-pixels", arguments: [20_000, 262_144])
    func budget(side: Int) throws {
        let (_, path) = try Self.layout(#""canvas": {"width": \#(side), "height": \#(side)}, "elements": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}]"#)
        let audit = try HitTestRunner.runLimited(["audit", path, "--scale", "1"], seconds: 20)
        #expect(audit.status == 1)
        #expect(audit.standardError == "Error: the hit maps (audit \(side)x\(side)) add up to \(side * side) pixels, over the budget of 134217728; use a smaller --scale, or raise --max-map-pixels\n")
        let page = try HitTestRunner.runLimited(["render", path, "--html", "/dev/null", "--html-scale", "0.001"], seconds: 20)
        #expect(page.status == 1 && page.standardError.contains("page audit \(4 * side)x\(4 * side)") && page.standardError.contains("--max-map-pixels"), "\(page.standardError)")
        // Raised, the same job runs (a small one here, so the test stays quick).
        let small = try Self.layout(#""canvas": {"width": 100, "height": 100}, "elements": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}]"#)
        #expect(try HitTestRunner.run(["audit", small.path, "--max-map-pixels", "159999"]).status == 1)
        #expect(try HitTestRunner.run(["audit", small.path, "--max-map-pixels", "160000"]).status == 0)
        #expect(try HitTestRunner.run(["render", small.path, "-o", "/dev/null", "--max-map-pixels", "9999"]).status == 1)
        #expect(try HitTestRunner.run(["render", small.path, "-o", "/dev/null", "--max-map-pixels", "10000"]).status == 0)
    }

    @Test("the library's audit checks its budget before it starts")
    func libraryBudget() throws {
        let engine = try HitTester(layout: Layout(canvas: Size(width: 100, height: 100), elements: [Element(id: "a", frame: Rect(x: 0, y: 0, width: 10, height: 10))]))
        #expect(throws: HitMapError.overBudget(width: 400, height: 400, budget: 1000)) { try engine.audit(maximumPixels: 1000) }
        #expect(throws: HitMapError.invalidScale(1e-300)) { try engine.audit(scale: 1e-300) }
        #expect(throws: HitMapError.self) { try engine.hitMap(scale: .nan) }
        #expect(HitTester.hitMapScales == 0.000001...1_000_000, "the messages name these bounds")
        #expect(HitMapError.invalidScale(0).description == "the scale 0.0 is not a number from 0.000001 to 1000000 pixels per point")
    }

    @Test("a huge tolerance costs what the nearest element's distance costs, and answers as the largest reach does")
    func hugeTolerance() throws {
        let layout = Layout(
            canvas: Size(width: 120, height: 80),
            elements: [
                Element(id: "a", frame: Rect(x: 10, y: 10, width: 10, height: 10)),
                Element(id: "b", frame: Rect(x: 90, y: 50, width: 20, height: 5)),
            ])
        let engine = try HitTester(layout: layout)
        let huge = try engine.hitMap(scale: 1, tolerance: 1e9), reach = try engine.hitMap(scale: 1, tolerance: 150)
        #expect(huge.owners(inRows: 0..<80) == reach.owners(inRows: 0..<80))
        // Against the obvious reference: the nearer of the two rectangles (ties to the front-most, b).
        func distance(_ r: Rect, _ p: Point) -> Double {
            let dx = max(r.x - p.x, 0, p.x - (r.x + r.width)), dy = max(r.y - p.y, 0, p.y - (r.y + r.height))
            return (dx * dx + dy * dy).squareRoot()
        }
        for y in stride(from: 0, to: 80, by: 7) {
            for x in stride(from: 0, to: 120, by: 7) {
                let p = huge.point(ofPixelX: x, y: y)
                let (da, db) = (distance(layout.elements[0].frame, p), distance(layout.elements[1].frame, p))
                let expected = abs(da - db) <= 1e-9 * max(1, da) ? "b" : da < db ? "a" : "b"
                #expect(engine.touchHit(at: p, tolerance: 1e9)?.id == expected, "(\(p.x), \(p.y))")
            }
        }
    }

    @Test(
        "render --tolerance 1e9 of the 10,000-element sample finishes within a minute (it took minutes before)",
        .enabled(if: !HitTestRunner.underSanitizer, "runs the binary: checked in the ordinary run"))
    func hugeToleranceOnTheLargeSample() throws {
        let outcome = try HitTestRunner.runLimited(
            ["render", Fixtures.packageRoot.appendingPathComponent("Samples/large/layout.json").path, "-o", "/dev/null", "--tolerance", "1e9"], seconds: 60)
        #expect(outcome.status == 0, "\(outcome.standardError)")
    }
}
