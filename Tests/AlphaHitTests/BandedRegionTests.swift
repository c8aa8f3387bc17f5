@testable import AlphaHit
@testable import AlphaHitImages
@testable import AlphaHitOutline
import Foundation
import Testing

/// Issue 24, input regions: a layout's owned pixels as rectangles in the canonical banded form
/// (X11 SHAPE's YXBanded, pixman, Wayland), and `hittest region`, which must equal `render`.
@Suite("Input regions")
struct BandedRegionTests {
    typealias Rect = BandedRegion.Rectangle

    @Test("hand-made masks give the hand-cut bands", arguments: [
        (["##..", "##..", "#.##"], [Rect(x: 0, y: 0, width: 2, height: 2), Rect(x: 0, y: 2, width: 1, height: 1), Rect(x: 2, y: 2, width: 2, height: 1)]),
        // Equal rows apart are two bands: only rows that meet coalesce.
        ([".##.", "....", ".##."], [Rect(x: 1, y: 0, width: 2, height: 1), Rect(x: 1, y: 2, width: 2, height: 1)]),
        // A ring: the band of its middle row has two rectangles, which do not touch.
        (["###", "#.#", "###"], [Rect(x: 0, y: 0, width: 3, height: 1), Rect(x: 0, y: 1, width: 1, height: 1), Rect(x: 2, y: 1, width: 1, height: 1), Rect(x: 0, y: 2, width: 3, height: 1)]),
        (["...", "..."], []),
    ] as [([String], [Rect])])
    func handMadeMasks(rows: [String], expected: [Rect]) {
        #expect(BandedRegion(ExactOutlineTests.mask(rows)).rectangles == expected)
    }

    @Test("on random masks: the bands are canonical and cover exactly the mask", arguments: 0..<40)
    func randomMasks(seed: Int) {
        var g = SplitMix(seed: UInt64(seed) &* 6_364_136_223_846_793_005 &+ 3)
        let (width, height) = (Int(g.next(in: 1...30)), Int(g.next(in: 1...30)))
        // Runs of equal rows now and then, so that bands of several rows occur.
        var rows: [[Bool]] = []
        for _ in 0..<height {
            if let last = rows.last, g.next(in: 0...1) < 0.4 { rows.append(last) } else { rows.append((0..<width).map { _ in g.next(in: 0...1) < 0.5 }) }
        }
        let mask = SolidMask(width: width, height: height) { x, y in rows[y][x] }
        let region = BandedRegion(mask)
        Self.expectCanonical(region.rectangles)
        for y in 0..<height {
            for x in 0..<width { #expect(region.contains(x: x, y: y) == mask[x, y], "pixel (\(x), \(y)) of seed \(seed)") }
        }
        #expect(region.pixelCount == mask.solidCount)
    }

    /// The banded form's rules: bands of equal `y` and `height`, in order and apart; in a band,
    /// sorted by x, neither overlapping nor touching; two bands that meet cover different ranges.
    static func expectCanonical(_ rects: [Rect]) {
        var bands: [[Rect]] = []
        for rect in rects {
            #expect(rect.width >= 1 && rect.height >= 1)
            if let last = bands.last?.first, last.y == rect.y {
                #expect(last.height == rect.height, "a band's rectangles share their rows")
                #expect(bands[bands.count - 1].last!.x + bands[bands.count - 1].last!.width < rect.x, "sorted by x, neither overlapping nor touching")
                bands[bands.count - 1].append(rect)
            } else {
                if let last = bands.last?.first { #expect(rect.y >= last.y + last.height, "bands in order, apart") }
                bands.append([rect])
            }
        }
        for (upper, lower) in zip(bands, bands.dropFirst()) where upper[0].y + upper[0].height == lower[0].y {
            #expect(upper.map { [$0.x, $0.width] } != lower.map { [$0.x, $0.width] }, "bands that meet are coalesced")
        }
    }

    @Test("hittest region is exactly render's picture, at any scale and tolerance", arguments: [
        ("Samples/diamonds/layout.json", ["--scale", "1"]), ("Samples/nested/layout.json", ["--scale", "2"]),
        ("Samples/diamonds/layout.json", ["--scale", "0.5", "--tolerance", "6"]), ("Samples/atlas/layout.json", ["--scale", "1.5"]),
    ])
    func equalsRender(layout: String, options: [String]) throws {
        let path = Fixtures.packageRoot.appendingPathComponent(layout).path
        let picture = try Fixtures.temporaryDirectory().appendingPathComponent("render.png").path
        let rendered = try HitTestRunner.run(["render", path, "-o", picture] + options)
        #expect(rendered.status == 0, "\(rendered.standardError)")
        let image = try ImageDecoder().decode(contentsOfFile: picture, as: .alpha8)
        let outcome = try HitTestRunner.run(["region", path, "--format", "text"] + options)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let rects = outcome.text.split(separator: "\n").map { line in
            let n = line.split(separator: " ").map { Int($0)! }
            return Rect(x: n[0], y: n[1], width: n[2], height: n[3])
        }
        Self.expectCanonical(rects)
        var covered = [Bool](repeating: false, count: image.width * image.height)
        for rect in rects {
            for y in rect.y..<rect.y + rect.height {
                for x in rect.x..<rect.x + rect.width { covered[y * image.width + x] = true }
            }
        }
        var differing = 0
        for y in 0..<image.height {
            for x in 0..<image.width where covered[y * image.width + x] != (image.alpha(atX: x, y: y) != 0) { differing += 1 }
        }
        #expect(differing == 0, "\(differing) pixels differ from the picture")
        let json = try HitTestRunner.run(["region", path] + options)
        #expect(json.text.hasPrefix("{\"scale\":") && json.text.contains("\"width\":\(image.width),\"height\":\(image.height),\"rects\":["))
    }

    @Test("--element lists the pixels one element owns: the elements' regions add up to the whole, as render's legend counts them")
    func perElement() throws {
        let path = Fixtures.packageRoot.appendingPathComponent("Samples/nested/layout.json").path
        let legend = try HitTestRunner.run(["render", path, "-o", try Fixtures.temporaryDirectory().appendingPathComponent("n.png").path])
        var total = 0
        for line in legend.text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            let (id, pixels) = (String(parts[1]), Int(parts[2])!)
            let outcome = try HitTestRunner.run(["region", path, "--element", id, "--format", "text"])
            let count = outcome.text.split(separator: "\n").reduce(0) { sum, line in
                let n = line.split(separator: " ").map { Int($0)! }
                return sum + n[2] * n[3]
            }
            #expect(count == pixels, "element \(id)")
            total += count
        }
        let whole = try HitTestRunner.run(["region", path, "--format", "text"])
        #expect(whole.text.split(separator: "\n").reduce(0) { sum, line in
            let n = line.split(separator: " ").map { Int($0)! }
            return sum + n[2] * n[3]
        } == total)
    }

    @Test("an unknown element fails naming it; a bad format is a usage error")
    func errors() throws {
        let path = Fixtures.packageRoot.appendingPathComponent("Samples/diamonds/layout.json").path
        let unknown = try HitTestRunner.run(["region", path, "--element", "nope"])
        #expect(unknown.status == 1 && unknown.standardError.contains("\"nope\"") && unknown.standardOutput.isEmpty)
        let format = try HitTestRunner.run(["region", path, "--format", "svg"])
        #expect(format.status == 2 && format.standardError.contains("--format"))
    }

    @Test("the docs' picture of a region is the region hittest region gives for it")
    func docsPicture() throws {
        let svg = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("Docs/images/region-audit.svg"), encoding: .utf8)
        let drawn = svg.split(separator: "\n").filter { $0.contains("class=\"r\"") }.map { line in
            ["x", "y", "width", "height"].map { key in Int(line.components(separatedBy: " \(key)=\"")[1].prefix { $0 != "\"" })! }
        }
        let outcome = try HitTestRunner.run(["region", Fixtures.packageRoot.appendingPathComponent("Samples/audit/layout.json").path, "--scale", "2", "--format", "text"])
        let listed = outcome.text.split(separator: "\n").map { $0.split(separator: " ").map { Int($0)! } }
        #expect(!listed.isEmpty && drawn == listed, "redraw it: hittest region Samples/audit/layout.json --scale 2 | scripts/draw-region.py")
    }
}
