@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
import Testing

/// The one home of an element's own test (`ElementHitTest.swift`): its fast variants held against
/// the general definition, `probe` reduced by `isHit`, on random elements and points.
@Suite("An element's own test")
struct ElementHitTestTests {
    /// A random layout's engine over two images with varied alpha, and its seed.
    private static func randomEngine(seed: UInt64, snapped: Bool) throws -> HitTester {
        let folder = try EngineFixtures.ImageFolder("elementHitTest\(seed)")
        _ = try folder.image("blob.png", width: 16, height: 16) { x, y in UInt8(truncatingIfNeeded: x * 37 + y * 11) }
        _ = try folder.image("ring@2x.png", width: 12, height: 8) { x, y in (x + y) % 3 == 0 ? 0 : 200 }
        var g = SplitMix(seed: seed)
        return try folder.engine(SpatialIndexPropertyTests.randomLayout(&g, images: ["blob.png", "ring@2x.png"], count: 80, snapped: snapped))
    }

    @Test("the fast own test (ownHit) agrees with probe reduced by isHit, for every element and point", arguments: [(UInt64(11), false), (12, true), (13, false), (14, true)])
    func fastOwnTestAgreesWithProbe(seed: UInt64, snapped: Bool) throws {
        let engine = try Self.randomEngine(seed: seed, snapped: snapped)
        let records = engine.records
        var g = SplitMix(seed: seed &* 31)
        for index in 0..<records.elements.count {
            let element = records.element(index)
            let (w, h) = (element.record.width, element.record.height)
            // Random points over and around the bounds, plus every half-pixel step of a small grid
            // (edges, corners and pixel boundaries are where two forms of one rule drift apart).
            var points = (0..<200).map { _ in (g.next(in: -2...w + 2), g.next(in: -2...h + 2)) }
            for i in 0...8 { for j in 0...8 { points.append((Double(i) * w / 8, Double(j) * h / 8)) } }
            points += [(.nan, 0), (0, .nan), (-0.0, -0.0), (w.nextDown, h.nextDown), (w, h)]
            for (x, y) in points {
                #expect(element.ownHit(x, y) == element.isHit(element.probe(x, y)), "seed \(seed), element \(index), point (\(x), \(y))")
            }
        }
    }

    @Test("an image region's test (imageRectangleHit) agrees with probe reduced by isHit, for every rectangle with an image", arguments: [UInt64(31), 32])
    func imageRectangleTestAgreesWithProbe(seed: UInt64) throws {
        let engine = try Self.randomEngine(seed: seed, snapped: false)
        let records = engine.records
        var g = SplitMix(seed: seed &* 17)
        var tested = 0
        for index in 0..<records.elements.count {
            let element = records.element(index)
            guard element.record.shape == .rect, element.record.placement != .none else { continue }
            tested += 1
            let (w, h) = (element.record.width, element.record.height)
            var points = (0..<200).map { _ in (g.next(in: -2...w + 2), g.next(in: -2...h + 2)) }
            points += [(.nan, 0), (0, .nan), (-0.0, -0.0), (w.nextDown, h.nextDown), (w, h)]
            for (x, y) in points {
                let fast = element.imageRectangleHit(x, y) { element.alpha($0, $1) }
                #expect(fast == element.isHit(element.probe(x, y)), "seed \(seed), element \(index), point (\(x), \(y))")
            }
        }
        #expect(tested > 10, "seed \(seed): the random layout has too few rectangles with images")
    }

    @Test("an image region's contains, its identity shortcut included, agrees with probe reduced by isHit, in every pixel format, at thresholds 0, the default and 1", arguments: [
        (16.0, 16.0, 1.0), (12.0, 8.0, 1.0), (24.0, 10.0, 1.0), (8.0, 8.0, 2.0), (16.0, 16.0, 0.5),
    ])
    func imageRegionAgreesWithProbe(width: Double, height: Double, imageScale: Double) throws {
        let folder = try EngineFixtures.ImageFolder("imageRegion\(Int(width))x\(Int(height))s\(imageScale)")
        let name = try folder.image("art.png", width: 16, height: 16) { x, y in UInt8(truncatingIfNeeded: x * 29 + y * 13) }
        let path = folder.url.appendingPathComponent(name).path
        var g = SplitMix(seed: UInt64(width * 100 + height + imageScale * 7))
        var points = (0..<400).map { _ in (g.next(in: -2...width + 2), g.next(in: -2...height + 2)) }
        for i in 0...32 { for j in 0...32 { points.append((Double(i) * width / 32, Double(j) * height / 32)) } }
        points += [(.nan, 0), (0, .nan), (-0.0, -0.0), (width.nextDown, height.nextDown), (width, height), (-.infinity, 1), (1, .infinity),
                   (-0.5, 1), (1, -0.5), (-1e-300, 0), (0, -1e-300), (-1, 1), (1e19, 1), (-1e19, 1), (1, 0x1p63), (.nan, .nan)]
        // Thresholds 0 (every pixel solid, a mask's clear bits too) and 1 besides the default.
        let cases = [PixelFormat.alpha8, .premultipliedARGB8, .mask1(minAlpha: AlphaThreshold.defaultMinimumAlpha)].flatMap { format in
            [AlphaThreshold.defaultValue, 0, 1].map { (format, Double($0)) }
        }
        for (format, threshold) in cases {
            let image = try ImageDecoder().decode(contentsOfFile: path, as: format)
            let region = ImageHitRegion(image: image, size: Size(width: width, height: height), imageScale: imageScale, alphaThreshold: threshold)
            // The general definition, on the same pixels: probe on the region's own record.
            let element = region.element
            for (x, y) in points {
                let general: Bool = switch element.probe(x, y, alphaAt: { image.alpha(atX: $0, y: $1) }) {
                case .pixel(_, _, let alpha): AlphaThreshold.isSolid(alpha: alpha, minimumAlpha: element.record.minAlpha)
                case .noImage: true
                case .outsideBounds, .outsideShape, .offImage: false
                }
                #expect(region.contains(Point(x: x, y: y)) == general, "\(format) at threshold \(threshold), \(width) x \(height) at \(imageScale), point (\(x), \(y))")
            }
            let maskAtZero = image.alphaReader.alphaShift < 0 && threshold == 0
            #expect(region.isIdentity == (width == 16 && height == 16 && imageScale == 1 && !maskAtZero), "the shortcut is taken exactly when the image covers the rectangle 1:1 (but for a mask at threshold 0)")
        }
    }

    @Test("the hot record's test agrees with the full record's, through the chain, for every element and layout point", arguments: [UInt64(21), 22, 23])
    func hotRecordsAgreeWithFullRecords(seed: UInt64) throws {
        let engine = try Self.randomEngine(seed: seed, snapped: true)
        let records = engine.records
        var g = SplitMix(seed: seed &* 7)
        for _ in 0..<3000 {
            let (x, y) = (g.next(in: -30...250), g.next(in: -30...250))
            for index in 0..<records.elements.count {
                let general = records.localPoint(of: index, x, y).map { records.element(index).isHit(records.element(index).probe($0.x, $0.y)) } ?? false
                #expect(engine.tables.hits(index, x, y) == general, "seed \(seed), element \(index), point (\(x), \(y))")
            }
        }
    }

    @Test("probe names the test that decided: bounds, then shape, then image, then the pixel")
    func probeNamesTheDecidingTest() throws {
        // A 4 × 4 ellipse over a 4 × 4 image whose left half is transparent (alpha 10 < 26).
        let folder = try EngineFixtures.ImageFolder("probeOrder")
        _ = try folder.image("half.png", width: 4, height: 4) { x, _ in x < 2 ? 10 : 255 }
        var element = Element(id: "e", frame: Rect(x: 0, y: 0, width: 4, height: 4), image: "half.png")
        element.shape = .ellipse
        element.contentMode = .topLeft
        let engine = try folder.engine([element])
        let handle = engine.records.element(0)
        #expect(handle.probe(-0.5, 2) == .outsideBounds)
        #expect(handle.probe(0.1, 0.1) == .outsideShape)
        #expect(handle.probe(1.5, 2) == .pixel(x: 1, y: 2, alpha: 10))
        #expect(handle.probe(3.5, 2) == .pixel(x: 3, y: 2, alpha: 255))
        #expect(!handle.isHit(handle.probe(1.5, 2)) && handle.isHit(handle.probe(3.5, 2)))
    }

    @Test("a pixel is solid when its alpha is at least the threshold's byte", arguments: [
        (0.1, UInt8(25), false), (0.1, 26, true), (0, 0, true), (1, 254, false), (1, 255, true), (0.5, 127, false), (0.5, 128, true),
    ])
    func thresholdRule(threshold: Double, alpha: UInt8, solid: Bool) {
        #expect(AlphaThreshold.isSolid(alpha: alpha, minimumAlpha: AlphaThreshold.minimumAlpha(for: threshold)) == solid)
    }
}
