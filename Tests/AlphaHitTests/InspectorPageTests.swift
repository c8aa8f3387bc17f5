@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
@testable import AlphaHitImages
import Foundation
@testable import HitTestCLI
import Testing

/// `hittest render --html`: the inspector page's data, checked without a browser (the page's
/// script is checked in a real browser by scripts/browser-test.sh).
@Suite("hittest render --html, the inspector page")
struct InspectorPageTests {
    static func sample(_ name: String) -> String {
        Fixtures.packageRoot.appendingPathComponent("Samples/\(name)/layout.json").path
    }

    /// Renders the page and returns its text.
    static func page(_ arguments: [String]) throws -> String {
        let folder = try Fixtures.temporaryDirectory()
        let path = folder.appendingPathComponent("page.html").path
        let outcome = try HitTestRunner.run(["render"] + arguments + ["--html", path])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.text == "wrote \(path)\n")
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    /// The text of the element `<script ... id="ID">`.
    static func block(_ id: String, in html: String) -> String? {
        guard let start = html.range(of: "id=\"\(id)\">") else { return nil }
        let rest = html[start.upperBound...]
        return String(rest[..<rest.range(of: "</script>")!.lowerBound])
    }

    /// A plane as 24-bit numbers, decoded by AlphaHit's own decoder.
    static func plane(_ name: String, in html: String) throws -> (width: Int, values: [UInt32]) {
        let text = try #require(block("plane-\(name)", in: html))
        let png = try #require(Data(base64Encoded: text))
        let image = try ImageDecoder().decode(bytes: png, as: .premultipliedARGB8)
        let argb = Fixtures.packedBytes(image)
        let values = stride(from: 0, to: argb.count, by: 4).map { i in
            #expect(argb[i] == 255)
            return UInt32(argb[i + 1]) << 16 | UInt32(argb[i + 2]) << 8 | UInt32(argb[i + 3])
        }
        return (image.width, values)
    }

    static func data(_ html: String) throws -> [String: Any] {
        let json = try #require(block("inspector-data", in: html))
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test(
        "each map pixel holds what hit(at:) answers at the top-left corner of its CSS pixel, with the pixel and alpha that decided",
        arguments: [("diamonds", 2.0, nil), ("nested", 1.5, nil), ("atlas", 2.0, nil), ("retina", 3.0, nil), ("diamonds", 2.0, 8.0), ("nested", 1.0, 6.0)]
            as [(String, Double, Double?)])
    func planesMatchTheEngine(sample: String, scale: Double, tolerance: Double?) throws {
        let html = try Self.page([Self.sample(sample), "--html-scale", String(scale)] + (tolerance.map { ["--tolerance", String($0)] } ?? []))
        let engine = try HitTester(contentsOfLayoutFile: Self.sample(sample))
        let prefix = tolerance == nil ? "" : "tolerance-"
        let (width, owner) = try Self.plane(prefix + "owner", in: html)
        let column = try Self.plane(prefix + "column", in: html).values, row = try Self.plane(prefix + "row", in: html).values
        let extent = engine.mapExtent
        #expect(width == Int((extent.width * scale).rounded(.up)))
        #expect(owner.count == width * Int((extent.height * scale).rounded(.up)))
        var wrong: [String] = []
        for (i, value) in owner.enumerated() {
            let point = Point(x: Double(i % width) / scale, y: Double(i / width) / scale)
            let hit = engine.hit(at: point, tolerance: tolerance)
            let expected = (
                hit.map { UInt32($0.element.rawValue) + 1 } ?? 0,
                hit?.pixel.map { UInt32($0.x + 1) << 8 | UInt32(hit!.alpha!) } ?? 0,
                hit?.pixel.map { UInt32($0.y + 1) << 8 } ?? hit.map { UInt32(($0.distance * 100).rounded()) } ?? 0)
            if (value, column[i], row[i]) != expected, wrong.count < 5 { wrong.append("\(point): \((value, column[i], row[i])) != \(expected)") }
        }
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(Self.block("plane-tolerance-owner", in: html) == nil || tolerance != nil)
    }

    @Test("the page lists every element in layout order with its parent, its colour as render gives it, and its audit figures")
    func elementData() throws {
        let html = try Self.page([Self.sample("audit")])
        let data = try Self.data(html)
        let engine = try HitTester(contentsOfLayoutFile: Self.sample("audit"))
        let audit = try engine.audit(scale: 4, minimumSize: 24)
        let elements = try #require(data["elements"] as? [[String: Any]])
        #expect(elements.map { $0["id"] as? String } == engine.elements.map { engine.id(of: $0) })
        #expect(elements.map { $0["parent"] as? Int } == engine.elements.map { engine.parent(of: $0).map { Int($0.rawValue) } ?? -1 })
        // The legend of a picture at the page's scale names the same colours.
        let folder = try Fixtures.temporaryDirectory()
        let legend = try HitTestRunner.run(["render", Self.sample("audit"), "-o", folder.appendingPathComponent("m.png").path, "--scale", "2"]).text
        #expect(elements.map { $0["color"] as? String } == legend.split(separator: "\n").map { String($0.split(separator: " ")[0]) })
        for entry in audit.entries {
            let figures = try #require(elements[Int(entry.element.rawValue)]["audit"] as? [String: Any])
            #expect(figures["owned"] as? Double == (entry.owned * 1000).rounded() / 1000)
            #expect(figures["largestSquare"] as? Double == entry.largestSquare)
            #expect(figures["pass"] as? Bool == entry.passes)
            #expect(figures["reason"] as? String == entry.reason)
        }
        #expect(data["scale"] as? Double == 2)
        #expect((data["audit"] as? [String: Any])?["minSize"] as? Double == 24)
    }

    @Test("--standard and --min-size set the page's audit minimum", arguments: [(["--standard", "apple"], 44.0), (["--min-size", "10"], 10.0)])
    func auditMinimum(arguments: [String], size: Double) throws {
        let data = try Self.data(try Self.page([Self.sample("audit")] + arguments))
        #expect((data["audit"] as? [String: Any])?["minSize"] as? Double == size)
    }

    @Test("frame corners by hand: a scaled element about its centre, and a child carried by its parent's origin")
    func frameCornersByHand() throws {
        let json = """
            {"version": 1, "elements": [
              {"id": "wide", "frame": {"x": 10, "y": 20, "width": 40, "height": 20}, "transform": {"scale": [2, 1]}},
              {"id": "parent", "frame": {"x": 100, "y": 50, "width": 50, "height": 50}, "children": [
                {"id": "child", "frame": {"x": 5, "y": 5, "width": 10, "height": 10}}]}]}
            """
        let engine = try HitTester(layoutJSON: Array(json.utf8), name: "corners")
        let corners = { (id: String) in engine.frameCorners(of: engine.element(withID: id)!).map { [$0.x, $0.y] } }
        #expect(corners("wide") == [[-10, 20], [70, 20], [70, 40], [-10, 40]])
        #expect(corners("child") == [[105, 55], [115, 55], [115, 65], [105, 65]])
    }

    @Test("frame corners bound exactly the points a rectangle takes, under random rotations, scales and nesting")
    func frameCornersMatchHits() throws {
        var random = SplitMix(seed: 2781)  // seeded: a failure replays
        for _ in 0..<40 {
            let angle = Double.random(in: -180...180, using: &random), sx = Double.random(in: 0.5...2, using: &random)
            let json = """
                {"version": 1, "elements": [{"id": "p", "frame": {"x": 60, "y": 40, "width": 80, "height": 60}, "shape": "none",
                  "transform": {"rotate": \(Int(angle)), "scale": [\(sx), 1], "translate": [5, -3]}, "children": [
                  {"id": "r", "frame": {"x": 10, "y": 15, "width": 30, "height": 20}, "transform": {"rotate": \(Int(-angle / 2))}}]}]}
                """
            let engine = try HitTester(layoutJSON: Array(json.utf8), name: "random")
            let quad = engine.frameCorners(of: engine.element(withID: "r")!)
            for _ in 0..<400 {
                let p = Point(x: Double.random(in: 0...200, using: &random), y: Double.random(in: 0...150, using: &random))
                // Inside a convex quad: on the same side of all four edges (skipping points on an edge).
                let sides = (0..<4).map { k -> Double in
                    let a = quad[k], b = quad[(k + 1) % 4]
                    return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
                }
                guard sides.allSatisfy({ abs($0) > 1e-6 }) else { continue }
                let inside = sides.allSatisfy { $0 > 0 } || sides.allSatisfy { $0 < 0 }
                #expect((engine.elementIndex(at: p) != nil) == inside, "\(p) in \(quad)")
            }
        }
    }

    @Test("the page is self-contained: no address, link, import or external source")
    func selfContained() throws {
        let html = try Self.page([Self.sample("diamonds"), "--tolerance", "8"])
        for forbidden in ["http:", "https:", "<link", "@import", " src=", "url(", "fetch("] {
            #expect(!html.contains(forbidden), "\(forbidden)")
        }
        #expect(html.contains("<canvas id=\"hit-map\" data-scale=\"2\" width=\"480\" height=\"320\""))
        #expect(html.contains("<span id=\"hover-id\">-</span>"))
        #expect(html.contains("id=\"toggle-audit\"") && html.contains("id=\"toggle-tolerance\""))
    }

    @Test("ids that would end a script element or break HTML are escaped")
    func hostileIDs() throws {
        let folder = try Fixtures.temporaryDirectory()
        let layout = folder.appendingPathComponent("layout.json")
        let id = "</script><b>\\\"&amp;"
        try Data(#"{"version": 1, "elements": [{"id": "\#(id)", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}]}"#.utf8).write(to: layout)
        let html = try Self.page([layout.path])
        #expect(html.components(separatedBy: "</script>").count == 6)
        let elements = try #require(try Self.data(html)["elements"] as? [[String: Any]])
        #expect(elements.first?["id"] as? String == "</script><b>\"&amp;")
    }

    @Test("render needs --output or --html, never both on one file, and refuses a page too large to hold")
    func usage() throws {
        let missing = try HitTestRunner.run(["render", Self.sample("diamonds")])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("Missing expected option '--output' or '--html'"))
        let same = try HitTestRunner.run(["render", Self.sample("diamonds"), "-o", "/tmp/x.html", "--html", "/tmp/x.html"])
        #expect(same.status == 2)
        #expect(try HitTestRunner.run(["render", Self.sample("diamonds"), "--html", "/tmp/x.html", "--html-scale", "0"]).status == 2)
        let huge = try HitTestRunner.run(["render", Self.sample("diamonds"), "--html", "/dev/null", "--html-scale", "200"])
        #expect(huge.status == 1)
        #expect(huge.standardError == "Error: the hit maps (page 48000x32000, page audit 960x640) add up to 1536614400 pixels, over the budget of 134217728; use a smaller --scale or --html-scale, or raise --max-map-pixels\n")
    }

    @Test("base64 as RFC 4648 writes it, for every length of remainder")
    func base64() {
        var random = SplitMix(seed: 2782)  // seeded: a failure replays
        for length in 0..<40 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            #expect(Base64.encode(bytes) == Data(bytes).base64EncodedString())
        }
    }
}
