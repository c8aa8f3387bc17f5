@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
@testable import AlphaHitImages
import Testing

/// Where a local point lands on an element's image: content modes, cap insets, image scale, thresholds.
@Suite("Engine image placement")
struct EngineImageTests {
    typealias F = EngineFixtures

    /// The pixel hit at (x, y) of a single opaque `pw`×`ph` image element of size `w`×`h`, or nil when off the image.
    static func pixel(
        _ x: Double, _ y: Double, image: (width: Int, height: Int, name: String) = (4, 2, "grid.png"),
        frame: (Double, Double), configure: (inout Element) -> Void = { _ in }, defaults: Layout.Defaults = .init()
    ) throws -> PixelCoordinate? {
        let folder = try EngineFixtures.ImageFolder()
        try folder.image(image.name, width: image.width, height: image.height)
        var element = Element(id: "e", frame: F.rect(0, 0, frame.0, frame.1), image: image.name, alphaThreshold: 0)
        configure(&element)
        let engine = try folder.engine([element], defaults: defaults)
        let hit = engine.hit(at: Point(x: x, y: y))
        if hit == nil {
            let verdict = engine.explanation(at: Point(x: x, y: y)).last?.verdict
            #expect(verdict == .offImage || verdict == .outsideBounds, "a miss must be off the image, not \(String(describing: verdict))")
        }
        return hit?.pixel
    }

    static func p(_ x: Int, _ y: Int) -> PixelCoordinate { PixelCoordinate(x: x, y: y) }

    // A 4 × 2 image in an 8 × 8 frame, worked out by hand.
    static let contentModeCases: [(ContentMode, Double, Double, PixelCoordinate?)] = [
        // scaleToFill: u = x·4/8, v = y·2/8.
        (.scaleToFill, 5, 3, p(2, 0)), (.scaleToFill, 7.9, 7.9, p(3, 1)), (.scaleToFill, 0, 4, p(0, 1)),
        // aspectFit: k = min(2, 4) = 2, drawn 8 × 4 at oy = 2.
        (.aspectFit, 3, 1, nil), (.aspectFit, 3, 2, p(1, 0)), (.aspectFit, 7, 5.9, p(3, 1)), (.aspectFit, 7, 6, nil),
        // aspectFill: k = max(2, 4) = 4, drawn 16 × 8 at ox = -4.
        (.aspectFill, 0, 0, p(1, 0)), (.aspectFill, 7.9, 7.9, p(2, 1)), (.aspectFill, 4, 4, p(2, 1)),
        // Natural size 4 × 2.
        (.center, 2, 3, p(0, 0)), (.center, 1.9, 3, nil), (.center, 5.9, 4.9, p(3, 1)), (.center, 6, 4, nil),
        (.top, 2, 0, p(0, 0)), (.top, 2, 2, nil), (.bottom, 2, 6, p(0, 0)), (.bottom, 2, 5.9, nil),
        (.left, 0, 3, p(0, 0)), (.left, 4, 3, nil), (.right, 4, 3, p(0, 0)), (.right, 3.9, 3, nil),
        (.topLeft, 0, 0, p(0, 0)), (.topLeft, 3.9, 1.9, p(3, 1)), (.topLeft, 4, 0, nil),
        (.topRight, 4, 0, p(0, 0)), (.topRight, 3.9, 0, nil),
        (.bottomLeft, 0, 6, p(0, 0)), (.bottomLeft, 0, 5.9, nil),
        (.bottomRight, 4, 6, p(0, 0)), (.bottomRight, 7.9, 7.9, p(3, 1)), (.bottomRight, 3.9, 7, nil),
    ]

    @Test("each content mode places the image as UIKit does", arguments: contentModeCases)
    func contentModes(mode: ContentMode, x: Double, y: Double, expected: PixelCoordinate?) throws {
        #expect(try Self.pixel(x, y, frame: (8, 8)) { $0.contentMode = mode } == expected)
    }

    @Test("the layout's default content mode applies to elements without one")
    func defaultContentMode() throws {
        #expect(try Self.pixel(2, 3, frame: (8, 8), defaults: .init(contentMode: .center)) == Self.p(0, 0))
        #expect(try Self.pixel(2, 3, frame: (8, 8), configure: { $0.contentMode = .scaleToFill }, defaults: .init(contentMode: .center)) == Self.p(1, 0))
    }

    // A 10 × 10 image, caps left 3, right 2 (and top 3, bottom 2, so v = y in a 10-high frame).
    static let stretchCases: [(Double, Double, Int)] = [
        (20, 1, 1), (20, 19, 9), (20, 18, 8), (20, 3, 3), (20, 10, 5), (20, 17.9, 7),  // 3 + 7·5/15 = 5.33; 3 + 14.9·5/15 = 7.97
        (4, 0, 0), (4, 2.3, 2), (4, 2.5, 8), (4, 3.9, 9),  // shrunk caps: k = 4/5, split at 3k = 2.4
    ]

    @Test("cap insets stretch the middle; caps shrink in proportion when the bounds are too small", arguments: stretchCases)
    func capInsetsStretch(width: Double, x: Double, expectedX: Int) throws {
        let pixel = try Self.pixel(x, 4.5, image: (10, 10, "field.png"), frame: (width, 10)) {
            $0.capInsets = EdgeInsets(top: 3, left: 3, bottom: 2, right: 2)
        }
        #expect(pixel == Self.p(expectedX, 4))
    }

    @Test("cap insets with tile repeat the middle", arguments: [(10.0, 5), (12.5, 7), (8, 3), (17, 7), (18, 8), (2, 2)])
    func capInsetsTile(x: Double, expectedX: Int) throws {
        // u = 3 + fmod(x − 3, 10 − 3 − 2) in the middle of a 20-wide frame.
        let pixel = try Self.pixel(x, 4.5, image: (10, 10, "field.png"), frame: (20, 10)) {
            $0.capInsets = EdgeInsets(top: 3, left: 3, bottom: 2, right: 2)
            $0.resizingMode = .tile
        }
        #expect(pixel == Self.p(expectedX, 4))
    }

    @Test("cap insets act on the vertical axis with top and bottom")
    func capInsetsVertical() throws {
        // Frame 10 × 30, caps top 3, bottom 2: v = 3 + (y − 3)·5/25 in the middle.
        let pixels = try [1.0, 29.5, 15.5].map { y in
            try Self.pixel(4.5, y, image: (10, 10, "field.png"), frame: (10, 30)) { $0.capInsets = EdgeInsets(top: 3, left: 0, bottom: 2, right: 0) }
        }
        #expect(pixels == [Self.p(4, 1), Self.p(4, 9), Self.p(4, 5)])
    }

    @Test("cap insets' map splits into the ranges of its branches: a hand count", arguments: [
        // A 30-point image, caps 10 and 10, over 100 points: the left cap, the middle, the right cap.
        (0.0, 99.5, 100.0, [0...(10.0).nextDown, 10...(90.0).nextDown, 90...99.5]),
        (12, 50, 100, [12...50]),
        (85, 95, 100, [85...(90.0).nextDown, 90...95]),
        // Over 16 points (caps 20 together): shrunk by k = 0.8, split at 10 · 0.8 = 8.
        (0, 15.5, 16, [0...(8.0).nextDown, 8...15.5]),
    ] as [(Double, Double, Double, [ClosedRange<Double>])])
    func cappedPiecesByHand(lower: Double, upper: Double, extent: Double, expected: [ClosedRange<Double>]) {
        #expect(CompiledElement.cappedPieces(lower, upper, extent: extent, natural: 30, low: 10, high: 10, tiles: false) == expected)
    }

    @Test("cap insets' map is monotonic within each of its pieces, which cover the range in order, on random caps and ranges")
    func cappedPiecesAreMonotonic() {
        var g = SplitMix(seed: 2026_12_07)
        var checked = 0
        for _ in 0..<3000 {
            let natural = g.next(in: 1...60), low = g.next(in: 0...(natural / 2)), high = g.next(in: 0...(natural / 2))
            let extent = Bool.random(using: &g) ? g.next(in: 0.5...(low + high + 0.5)) : g.next(in: 0.5...400)
            let lower = g.next(in: 0...extent), upper = g.next(in: lower...extent).nextDown
            guard upper >= lower, let pieces = CompiledElement.cappedPieces(
                lower, upper, extent: extent, natural: natural, low: low, high: high, tiles: false) else { continue }
            #expect(pieces.count <= 3)
            // In order and apart, from `lower` to `upper`.
            #expect(pieces.first?.lowerBound == lower && pieces.last?.upperBound == upper)
            for (a, b) in zip(pieces, pieces.dropFirst()) { #expect(a.upperBound.nextUp == b.lowerBound) }
            for piece in pieces {
                // Sorted samples (the ends and the values next to them included) map in order.
                var ls = (0..<40).map { _ in g.next(in: piece) }
                ls += [piece.lowerBound, piece.upperBound, min(piece.lowerBound.nextUp, piece.upperBound), max(piece.upperBound.nextDown, piece.lowerBound)]
                let us = ls.sorted().map { CompiledElement.capped($0, extent: extent, natural: natural, low: low, high: high, tiles: false) }
                #expect(zip(us, us.dropFirst()).allSatisfy { $0 <= $1 }, "caps \(low), \(high) of \(natural) over \(extent): \(piece)")
            }
            checked += 1
        }
        #expect(checked > 2500)
        // Tiling repeats the middle: not monotonic, so no pieces where the range reaches it.
        #expect(CompiledElement.cappedPieces(0, 99, extent: 100, natural: 30, low: 10, high: 10, tiles: true) == nil)
        #expect(CompiledElement.cappedPieces(0, 5, extent: 100, natural: 30, low: 10, high: 10, tiles: true) == [0...5])
    }

    @Test("cap insets must fit inside the image, need an image, and rule out other content modes")
    func capInsetValidation() throws {
        let folder = try EngineFixtures.ImageFolder()
        try folder.image("field.png", width: 10, height: 10)
        let error = try #require(throws: LayoutError.self) {
            try folder.engine([
                Element(id: "wide", frame: F.rect(0, 0, 20, 20), image: "field.png", capInsets: EdgeInsets(top: 1, left: 5, bottom: 1, right: 5)),
                Element(id: "tall", frame: F.rect(0, 0, 20, 20), image: "field.png", capInsets: EdgeInsets(top: 6, left: 1, bottom: 4, right: 1)),
                Element(id: "mode", frame: F.rect(0, 0, 20, 20), image: "field.png", contentMode: .aspectFit, capInsets: EdgeInsets(top: 1, left: 1, bottom: 1, right: 1)),
                Element(id: "bare", frame: F.rect(0, 0, 20, 20), capInsets: EdgeInsets(top: 1, left: 1, bottom: 1, right: 1)),
            ])
        }
        #expect(error.problems.map(\.path) == ["elements[2].contentMode", "elements[3].capInsets", "elements[0].capInsets", "elements[1].capInsets"])
    }

    static let scaleCases: [(String, Int, Double?, Double?, PixelCoordinate)] = [
        // A w×w image at the top left of a 2 × 2 frame; the point (1.5, 0.5) lands on pixel (floor(1.5 s), floor(0.5 s)).
        ("icon@2x.png", 4, nil, nil, p(3, 1)),
        ("icon@3x.png", 6, nil, nil, p(4, 1)),
        ("icon.png", 4, nil, nil, p(1, 0)),
        ("icon.png", 4, nil, 2, p(3, 1)),  // the layout default
        ("icon@2x.png", 4, 1, nil, p(1, 0)),  // an explicit scale wins over the name
        ("icon@3x.png", 6, nil, 2, p(4, 1)),  // the name wins over the layout default
        ("icon@2x.jpeg.png", 4, nil, nil, p(1, 0)),  // @2x must end the name, before the extension
    ]

    @Test("image scale: explicit, else @2x/@3x in the file name, else the layout default, else 1", arguments: scaleCases)
    func imageScale(name: String, side: Int, explicit: Double?, layoutDefault: Double?, expected: PixelCoordinate) throws {
        let pixel = try Self.pixel(1.5, 0.5, image: (side, side, name), frame: (2, 2), configure: {
            $0.contentMode = .topLeft
            $0.imageScale = explicit
        }, defaults: .init(imageScale: layoutDefault))
        #expect(pixel == expected)
    }

    @Test("the pixel is floor(u·s), clamped into the image even when rounding reaches the edge")
    func pixelClamp() {
        var element = CompiledElement()
        (element.pixelWidth, element.pixelHeight, element.scale) = (3, 3, 10)
        (element.imageWidth, element.imageHeight) = (0.3, 0.3)
        ElementHandle.withRecord(element) { element in
            let u = 0.3.nextDown
            if let (x, y) = element.pixel(u, u) {
                #expect(x == 2 && y == 2)
            }
            #expect(element.pixel(0.3, 0) == nil)
        }
    }

    @Test(
        "a pixel is solid when alpha / 255 >= t: minAlpha is the smallest such byte",
        arguments: [(0.0, UInt8(0)), (0.1, 26), (1.0, 255), (26.0 / 255.0, 26), (0.5, 128), (0.0001, 1), (25.5 / 255, 26)] as [(Double, UInt8)])
    func minAlpha(threshold: Double, expected: UInt8) {
        #expect(AlphaThreshold.minimumAlpha(for: threshold) == expected)
        #expect(AlphaThreshold.settledMinimumAlpha(for: threshold) == expected)
    }

    @Test("the default threshold's byte, given without settling, is the smallest m with m / 255 >= 0.1")
    func defaultMinAlpha() {
        let smallest = (0...255).first { Double($0) / 255.0 >= AlphaThreshold.defaultValue }.map(UInt8.init)
        #expect(AlphaThreshold.defaultByte == smallest)
        #expect(AlphaThreshold.settledMinimumAlpha(for: AlphaThreshold.defaultValue) == AlphaThreshold.defaultByte)
        #expect(AlphaThreshold.minimumAlpha(for: AlphaThreshold.defaultValue) == AlphaThreshold.defaultByte)
        #expect(AlphaThreshold.defaultMinimumAlpha == AlphaThreshold.defaultByte)
    }

    @Test("minAlpha is the smallest m with m / 255 >= t, by search, at every k / 255, its neighbours and random t")
    func minAlphaAgainstSearch() {
        var generator = SystemRandomNumberGenerator()
        let steps = (0...255).flatMap { k in [Double(k) / 255, (Double(k) / 255).nextDown, (Double(k) / 255).nextUp] }
        let randoms = (0..<2000).map { _ in Double.random(in: -0.1...1.1, using: &generator) }
        for threshold in steps + randoms + [0.1, 0.1.nextUp, 0.1.nextDown, -0.0, 2, .infinity, -.infinity] {
            let smallest = (0...255).first { Double($0) / 255.0 >= threshold } ?? 255
            #expect(Int(AlphaThreshold.minimumAlpha(for: threshold)) == smallest, "threshold \(threshold)")
        }
    }

    @Test(
        "threshold edges: alpha exactly at minAlpha is solid; t = 0 makes every drawn pixel solid; t = 1 only 255",
        arguments: [(0.1, [false, true, false, true]), (0.0, [true, true, true, true]), (1.0, [false, false, false, true])])
    func thresholdEdges(threshold: Double, solid: [Bool]) throws {
        let folder = try EngineFixtures.ImageFolder()
        let alphas: [UInt8] = [25, 26, 0, 255]
        try folder.image("edge.png", width: 4, height: 1) { x, _ in alphas[x] }
        let engine = try folder.engine([Element(id: "e", frame: F.rect(0, 0, 4, 1), image: "edge.png", alphaThreshold: threshold)])
        #expect((0..<4).map { engine.id(atX: Double($0) + 0.5, y: 0.5) == "e" } == solid)
    }

    @Test("the layout's default threshold applies to elements without one; the built-in default is 0.1")
    func defaultThreshold() throws {
        let folder = try EngineFixtures.ImageFolder()
        try folder.image("edge.png", width: 2, height: 1) { x, _ in x == 0 ? 25 : 26 }
        let element = Element(id: "e", frame: F.rect(0, 0, 2, 1), image: "edge.png")
        let builtIn = try folder.engine([element])
        #expect([builtIn.id(atX: 0.5, y: 0.5), builtIn.id(atX: 1.5, y: 0.5)] == [nil, "e"])
        let lenient = try folder.engine([element], defaults: .init(alphaThreshold: 0.05))
        #expect(lenient.id(atX: 0.5, y: 0.5) == "e")
    }

    @Test("an element with an image uses its shape as a clip on top of the image test")
    func shapeClipsImage() throws {
        let folder = try EngineFixtures.ImageFolder()
        try folder.image("solid.png", width: 10, height: 10)
        let engine = try folder.engine([Element(id: "e", frame: F.rect(0, 0, 10, 10), image: "solid.png", shape: .ellipse)])
        #expect(engine.id(atX: 5, y: 5) == "e")
        #expect(engine.id(atX: 0.5, y: 0.5) == nil)
        #expect(engine.explanation(at: Point(x: 0.5, y: 0.5)).map(\.verdict) == [.outsideShape])
    }

    @Test("a hit reports the element's id, path, local point, pixel and alpha")
    func hitContents() throws {
        let folder = try EngineFixtures.ImageFolder()
        try folder.image("ramp.png", width: 4, height: 4) { x, y in UInt8(40 + 50 * x + y) }
        let engine = try folder.engine([
            Element(id: "group", frame: F.rect(10, 10, 100, 100), children: [Element(id: "icon", frame: F.rect(5, 5, 8, 8), image: "ramp.png")])
        ])
        let hit = try #require(engine.hit(at: Point(x: 20, y: 17)))
        #expect(hit.id == "icon")
        #expect(hit.path == ["group", "icon"])
        #expect(hit.localPoint == Point(x: 5, y: 2))
        #expect(hit.pixel == Self.p(2, 1))
        #expect(hit.alpha == 141)
        let group = try #require(engine.hit(at: Point(x: 50, y: 50)))
        #expect((group.id, group.path, group.pixel, group.alpha) == ("group", ["group"], nil, nil))
    }

    @Test(
        "a file name's @2x or @3x, just before the extension, gives the image scale",
        arguments: [
            ("a@2x.png", 2.0), ("dir/b@3x.png", 3), ("a@2x", 2), ("@3x.png", 3), ("é@2x.png", 2), ("dir.d/a@2x.png", 2),
            ("a@4x.png", nil), ("a@2x.b.png", nil), ("dir@2x/a.png", nil), ("a.png", nil), ("", nil), (".@2x", nil),
            ("a@2x.png/", nil), ("a@2X.png", nil), ("2x.png", nil), ("dir@2x/a", nil), ("dir/a@2x", 2), ("a/b.c/d@3x.png", 3),
            ("x@2x/", nil), ("/@2x.png", 2), ("a/.@2x", nil),
        ] as [(String, Double?)])
    func inferredScale(path: String, expected: Double?) {
        #expect(ImageScale.inferred(fromPath: path) == expected)
        // A bridged or sliced string, stored other than natively, reads the same.
        #expect(ImageScale.inferred(fromPath: String(Substring("#" + path).dropFirst())) == expected)
    }

    @Test("the inferred scale agrees with the rule read off the name, on random paths of @, digits, x, dots and slashes")
    func inferredScaleAgainstNames() {
        var generator = SystemRandomNumberGenerator()
        let letters: [Character] = ["a", "@", "2", "3", "4", "x", "X", ".", "/"]
        for _ in 0..<5000 {
            let path = String((0..<Int.random(in: 0...9, using: &generator)).map { _ in letters.randomElement(using: &generator)! })
            // The name after the last slash; its stem before the name's last dot; the stem's last three characters.
            let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? ""
            let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
            let expected: Double? = stem.hasSuffix("@2x") ? 2 : stem.hasSuffix("@3x") ? 3 : nil
            #expect(ImageScale.inferred(fromPath: path) == expected, "path \(path)")
        }
    }

    @Test("elements that share an image file share one decoded buffer, which the engine keeps once")
    func sharedBuffers() throws {
        let folder = try EngineFixtures.ImageFolder()
        try folder.image("shared.png", width: 4, height: 4)
        let cache = ImageCache()
        let elements = (0..<20).map { Element(id: "e\($0)", frame: F.rect(Double($0) * 10, 0, 4, 4), image: "shared.png") }
        let engine = try HitTester(layout: Layout(elements: elements, imageDirectory: folder.url.path), cache: cache)
        #expect(engine.storage.images.count == 1)
        let buffer = engine.storage.images[0].withUnsafeBytes { UInt(bitPattern: $0.baseAddress) }
        #expect((0..<20).map { UInt(bitPattern: engine.records.elements[$0].pixels) } == Array(repeating: buffer, count: 20))
        #expect(cache.statistics.misses == 1)
    }
}
