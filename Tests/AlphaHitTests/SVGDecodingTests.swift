@testable import AlphaHit
@testable import AlphaHitEngine
@testable import AlphaHitImages
import Foundation
import Testing

/// The decoder's rules on SVG (`Docs/Decoding.md`): shapes hit where their geometry says, the
/// size comes from width, height and viewBox at the requested scale, what librsvg refuses is a
/// typed error, limits hold before anything is drawn, and external references are never loaded.
@Suite("SVG decoding")
struct SVGDecodingTests {
    static func decode(_ svg: String, as format: PixelFormat = .alpha8, scale: Double = 1, limits: DecodingLimits = .default) throws(ImageDecodingError) -> DecodedImage {
        try ImageDecoder(limits: limits).decode(bytes: Array(svg.utf8), name: "art.svg", as: format, scale: scale)
    }

    static let shapeCases: [(SVGShape, Double)] = SVGShape.all.flatMap { shape in [1.0, 2, 4].map { (shape, $0) } }

    @Test("each shape is solid inside and clear outside at every pixel centre more than one pixel from an edge", arguments: shapeCases)
    func shapesHitWhereTheGeometrySays(shape: SVGShape, scale: Double) throws {
        let image = try Self.decode(shape.svg, scale: scale)
        #expect(image.width == Int((shape.width * scale).rounded(.up)) && image.height == Int((shape.height * scale).rounded(.up)))
        var checked = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let (px, py) = ((Double(x) + 0.5) / scale, (Double(y) + 0.5) / scale)
                guard shape.edgeDistance(px, py) * scale > 1 else { continue }
                checked += 1
                let expected: UInt8 = shape.inside(px, py) ? 255 : 0
                #expect(image.alpha(atX: x, y: y) == expected, "\(shape) at scale \(scale), pixel (\(x), \(y))")
            }
        }
        #expect(checked > image.width * image.height / 2)
        #expect(image.origin == .svg(SVGHeader(width: shape.width, height: shape.height, scale: scale)))
    }

    @Test("alpha8 and masks drawn in bands equal the alpha of the premultiplied ARGB drawn whole", arguments: SVGShape.all)
    func bandsEqualWhole(shape: SVGShape) throws {
        let bytes = Array(shape.svg.utf8)
        let whole = try Self.decode(shape.svg, as: .premultipliedARGB8, scale: 3)
        let argb = Fixtures.packedBytes(whole)
        let alpha = stride(from: 0, to: argb.count, by: 4).map { argb[$0] }
        for bandRows in [1, 7, 1000] {
            let banded = try bytes.withUnsafeBytes { buffer in
                try ImageDecoder().decodeSVG(buffer, source: "art.svg", as: .alpha8, scale: 3, bandBytes: bandRows * 4 * whole.width)
            }
            #expect(Fixtures.packedBytes(banded) == alpha, "bands of \(bandRows) rows")
            let mask = try bytes.withUnsafeBytes { buffer in
                try ImageDecoder().decodeSVG(buffer, source: "art.svg", as: .mask1(minAlpha: 128), scale: 3, bandBytes: bandRows * 4 * whole.width)
            }
            #expect((0..<whole.height).allSatisfy { y in (0..<whole.width).allSatisfy { x in (mask.alpha(atX: x, y: y) == 255) == (alpha[y * whole.width + x] >= 128) } })
        }
        // Colour stays under its alpha: premultiplied, never above it.
        #expect(stride(from: 0, to: argb.count, by: 4).allSatisfy { i in argb[i + 1...i + 3].allSatisfy { $0 <= argb[i] } })
    }

    @Test("the size is width and height in points, else the viewBox's, at the scale asked, rounded up to whole pixels", arguments: [
        ("width=\"24\" height=\"24\"", 1.0, 24, 24),
        ("width=\"24\" height=\"24\"", 4, 96, 96),
        ("viewBox=\"0 0 30 20\"", 1, 30, 20),
        ("width=\"60\" viewBox=\"0 0 30 20\"", 1, 60, 40),
        ("height=\"10\" viewBox=\"0 0 30 20\"", 2, 30, 20),
        ("width=\"1in\" height=\"72pt\"", 1, 96, 96),
        ("width=\"2.5cm\" height=\"10mm\"", 1, 95, 38),
        ("width=\"2pc\" height=\"3px\"", 1, 32, 3),
        ("width=\"100%\" height=\"50%\" viewBox=\"0 0 8 4\"", 1, 8, 4),
        ("width=\"33.3\" height=\"0.7\"", 3, 100, 3),
        ("width=\"0.7\" height=\"0.7\"", 10, 7, 7),
    ])
    func sizeRule(attributes: String, scale: Double, width: Int, height: Int) throws {
        let image = try Self.decode("<svg xmlns=\"http://www.w3.org/2000/svg\" \(attributes)><rect width=\"100%\" height=\"100%\"/></svg>", scale: scale)
        #expect((image.width, image.height) == (width, height))
    }

    @Test("an SVG without a usable size is an error that says so", arguments: [
        "", "width=\"24\"", "height=\"24\"", "width=\"0\" height=\"5\"", "width=\"2em\" height=\"2em\"", "width=\"100%\" height=\"100%\"",
        "viewBox=\"0 0 0 10\"", "width=\"-4\" height=\"4\"",
    ])
    func withoutSize(attributes: String) throws {
        do {
            _ = try Self.decode("<svg xmlns=\"http://www.w3.org/2000/svg\" \(attributes)/>")
            Issue.record("decoded without a size")
        } catch {
            guard case .svgWithoutSize(source: "art.svg", _) = error else { throw error }
            #expect(error.description.hasPrefix("art.svg: the SVG document has no usable size: "))
        }
    }

    @Test("a malformed document is a typed error naming the file, from memory, a file and a layout", arguments: [
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"4\"><circle r=\"2\"",
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"4\"><g></svg>",
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"4\">&undefined;</svg>",
    ])
    func malformed(svg: String) throws {
        #expect(throws: ImageDecodingError.self) { try Self.decode(svg) }
        do {
            _ = try Self.decode(svg)
        } catch {
            guard case .invalidSVG(source: "art.svg", let message) = error else { throw error }
            #expect(!message.isEmpty)
        }
        let folder = try EngineFixtures.ImageFolder("malformedSVG")
        try Fixtures.write(Array(svg.utf8), to: folder.url.appendingPathComponent("broken.svg").path)
        let error = try #require(throws: LayoutError.self) {
            try folder.engine([Element(id: "a", frame: Rect(x: 0, y: 0, width: 4, height: 4), image: "broken.svg")])
        }
        #expect(error.problems.first?.path == "elements[0].image")
        #expect(error.problems.first?.message.contains("broken.svg: librsvg cannot read or draw the SVG document") == true)
    }

    @Test("external images are never loaded, by relative path or file URL; an embedded data: image is drawn")
    func externalReferencesAreNotLoaded() throws {
        let folder = try Fixtures.temporaryDirectory()
        let red = folder.appendingPathComponent("red.png").path
        let png = try Fixtures.rgbaPNG(width: 4, height: 4) { _, _ in (255, 0, 0, 255) }
        try Fixtures.write(png, to: red)
        let embedded = "data:image/png;base64," + Data(png).base64EncodedString()
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="30" height="10">\
            <image x="0" width="10" height="10" href="red.png"/>\
            <image x="10" width="10" height="10" xlink:href="file://\(red)"/>\
            <image x="20" width="10" height="10" href="\(embedded)"/></svg>
            """
        let path = folder.appendingPathComponent("refs.svg").path
        try Fixtures.write(Array(svg.utf8), to: path)
        let image = try ImageDecoder().decode(contentsOfFile: path, as: .alpha8)
        for y in 1..<9 {
            for x in 1..<19 { #expect(image.alpha(atX: x, y: y) == 0, "pixel (\(x), \(y)) drew an external file") }
            for x in 21..<29 { #expect(image.alpha(atX: x, y: y) == 255, "pixel (\(x), \(y)) lost the embedded image") }
        }
    }

    @Test("the raster's size is checked against the limits before anything is drawn, and the scale is range-checked")
    func limitsAndScale() throws {
        let huge = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100000\" height=\"100000\"/>"
        #expect(throws: ImageDecodingError.dimensionsExceedLimit(source: "art.svg", width: 100_000, height: 100_000, maxWidth: 16384, maxHeight: 16384)) {
            try Self.decode(huge)
        }
        let icon = SVGShape.circle.svg
        #expect(throws: ImageDecodingError.pixelCountExceedsLimit(source: "art.svg", width: 96, height: 96, maxPixels: 1000)) {
            try Self.decode(icon, scale: 4, limits: DecodingLimits(maxPixelCount: 1000))
        }
        #expect(throws: ImageDecodingError.dimensionsExceedLimit(
            source: "art.svg", width: Int(Int32.max), height: Int(Int32.max), maxWidth: 16384, maxHeight: 16384)) { try Self.decode(icon, scale: 1e300) }
        for scale in [0, -1, Double.nan, .infinity] {
            do {
                _ = try Self.decode(icon, scale: scale)
                Issue.record("scale \(scale) accepted")
            } catch {
                // NaN equals nothing, itself included: the message is compared.
                #expect(error.description == ImageDecodingError.invalidScale(source: "art.svg", scale: scale).description)
            }
        }
    }

    @Test("an SVG is read by its content whatever its name, and cached per file version and scale")
    func cachedPerScale() throws {
        let folder = try Fixtures.temporaryDirectory()
        let path = folder.appendingPathComponent("icon.png").path
        try Fixtures.write(Array(SVGShape.circle.svg.utf8), to: path)
        let cache = ImageCache()
        let one = try cache.image(contentsOfFile: path, as: .alpha8, scale: 1)
        let two = try cache.image(contentsOfFile: path, as: .alpha8, scale: 2)
        let twoAgain = try cache.image(contentsOfFile: path, as: .alpha8, scale: 2)
        #expect((one.width, two.width) == (24, 48))
        #expect(two.pixelAddress == twoAgain.pixelAddress)
        #expect(cache.statistics.misses == 2 && cache.statistics.hits == 1)
    }
}
