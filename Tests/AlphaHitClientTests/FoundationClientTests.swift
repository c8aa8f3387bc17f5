// A client of the library as users write one: Foundation and AlphaHit imported side by side,
// AlphaHit's public API only (no @testable), every public type named unqualified. The file
// compiling is the test that no name is ambiguous next to Foundation; the tests check it runs.
import AlphaHit
import Foundation
import Testing

@Suite("A client importing Foundation and AlphaHit")
struct FoundationClientTests {
    static let samples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Samples")

    @Test("every public type name is usable unqualified beside Foundation")
    func everyPublicName() throws {
        let point: Point = Point(x: 1, y: 2)
        let rect: Rect = Rect(x: 0, y: 0, width: 10, height: 10)
        let size: Size = Size(width: 10, height: 10)
        let insets: EdgeInsets = EdgeInsets(top: 1, left: 1, bottom: 1, right: 1)
        let transform: ElementTransform = .identity
        let shape: ElementShape = .roundedRect(radius: 2, corners: ElementShape.Corners.all)
        let mode: ContentMode = .center
        let resizing: ResizingMode = .tile
        let defaults = Layout.Defaults(alphaThreshold: AlphaThreshold.defaultValue, imageScale: ImageScale.inferred(fromPath: "a@2x.png"), contentMode: mode)
        let element = Element(id: "a", frame: rect, capInsets: insets, resizingMode: resizing, shape: shape, transform: transform)
        let layout: Layout = Layout(canvas: size, defaults: defaults, elements: [element])
        let cache: ImageCache = ImageCache(byteBudget: 1 << 20, limits: DecodingLimits.default)
        let statistics: ImageCache.Statistics = cache.statistics
        let format: PixelFormat = .mask1(minAlpha: AlphaThreshold.defaultMinimumAlpha)
        let decoder: ImageDecoder = ImageDecoder()
        let encoder: PNGEncoder = PNGEncoder()
        let pixelLayout: PNGEncoder.PixelLayout = .greyAlpha8
        let png = try encoder.encode(pixels: [0, 255, 0, 0, 0, 255, 0, 0], width: 2, height: 2, layout: pixelLayout)
        let image: DecodedImage = try decoder.decode(bytes: png, as: format)
        let origin: ImageOrigin = image.origin
        let header: PNGHeader? = image.pngHeader
        let colorType: PNGHeader.ColorType? = header?.colorType
        #expect(origin.formatName == "png")
        let region: ImageHitRegion = ImageHitRegion(image: image, size: Size(width: 2, height: 2))
        #expect(region.contains(Point(x: 0.5, y: 0.5)) && !region.contains(Point(x: 1.5, y: 0.5)))
        #expect(colorType == .greyAlpha && statistics.imageCount == 0 && point.x == 1)

        // The layout above needs an image for its cap insets: a LayoutError lists that problem.
        let error = try #require(throws: LayoutError.self) { try HitTester(layout: layout, cache: cache) }
        let problem: LayoutProblem = try #require(error.problems.first)
        #expect(problem.severity == LayoutProblem.Severity.error && problem.path == "elements[0].capInsets")

        let engine: HitTester = try HitTester(layout: Layout(elements: [Element(id: "b", frame: rect)]), cache: cache)
        let index: ElementIndex? = engine.elementIndex(at: Point(x: 5, y: 5))
        let hit: Hit? = engine.hit(at: Point(x: 5, y: 5))
        let pixel: PixelCoordinate? = hit?.pixel
        let explanation: [HitExplanation] = engine.explanation(at: Point(x: 5, y: 5))
        let verdict: HitVerdict? = explanation.last?.verdict
        let skip: HitVerdict.SkipReason = .hidden
        let elements: HitTester.Elements = engine.elements
        let map: HitMap = try engine.hitMap(scale: 1)
        let reachability: HitTester.Reachability = engine.unreachableElements()
        #expect(index == engine.element(withID: "b") && pixel == nil && verdict == .hit && skip.rawValue == "hidden")
        #expect(elements.count == 1 && map.width == 10 && reachability.warnings.isEmpty)
        #expect(throws: HitMapError.invalidScale(0)) { try engine.hitMap(scale: 0) }
        let candidate: TouchCandidate? = engine.touchHit(at: Point(x: 12, y: 5), tolerance: 3)
        let verdicts: [TouchVerdict] = engine.touchVerdicts(at: Point(x: 12, y: 5), tolerance: 3)
        let outcome: TouchVerdict.Outcome? = verdicts.first?.outcome
        #expect(candidate?.distance == 2 && outcome == .chosen && engine.touchCandidates(at: Point(x: 12, y: 5), tolerance: 3).count == 1)

        #expect(throws: ImageDecodingError.self) { try decoder.decode(bytes: [1, 2, 3], as: .alpha8) }
        #expect(throws: PNGEncodingError.self) { try encoder.encode(pixels: [], width: 0, height: 0, layout: .rgba8) }
        #expect(throws: LayoutFileError.self) { try LayoutFile.load(contentsOfFile: "/nonexistent/layout.json") }
    }

    // The README's library example, line for line, so the README stays true.
    @Test("the README example runs as shown")
    func readmeExample() throws {
        let diamonds = Self.samples.appendingPathComponent("diamonds")
        let engine = try HitTester(contentsOfLayoutFile: diamonds.appendingPathComponent("layout.json").path)
        #expect(engine.hit(at: Point(x: 75, y: 95))?.id == "west")

        // Or build the layout in code; images are decoded once, through a shared cache.
        let layout = Layout(elements: [
            Element(id: "back", frame: Rect(x: 0, y: 0, width: 100, height: 100), image: "diamond.png"),
            Element(id: "front", frame: Rect(x: 50, y: 0, width: 100, height: 100), image: "diamond.png", alphaThreshold: 0.5),
        ], imageDirectory: diamonds.path)
        let shapes = try HitTester(layout: layout)
        #expect(shapes.hit(at: Point(x: 55, y: 10))?.id == "back")
        #expect(shapes.explanation(at: Point(x: 55, y: 10)).map(\.verdict.description) == [
            "transparent: pixel (5, 10) has alpha 0 below minAlpha 128", "hit",
        ])
        #expect(shapes.touchHit(at: Point(x: 160, y: 50), tolerance: 12)?.distance == 10)
        let grid = (0..<20_000).map { Point(x: Double($0 % 150), y: Double($0 / 150)) }
        let answers = shapes.elementIndices(at: grid)
        #expect(answers.count == 20_000)
        #expect(answers[10 * 150 + 55] == shapes.element(withID: "back"))
        #expect(engine.elements.map { engine.id(of: $0) } == ["west", "east", "north", "south"])
    }
}
