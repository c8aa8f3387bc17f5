@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
@testable import AlphaHitImages
import Foundation

/// Images and engines for the hit-testing tests.
enum EngineFixtures {
    /// A folder of test images shared by one test.
    struct ImageFolder {
        let url: URL

        init(_ label: String = #function) throws {
            url = try Fixtures.temporaryDirectory(label)
        }

        /// Writes a PNG whose pixel (x, y) has the given alpha (colour grey), and returns its file name.
        @discardableResult
        func image(_ name: String, width: Int, height: Int, alpha: (Int, Int) -> UInt8 = { _, _ in 255 }) throws -> String {
            try Fixtures.write(Fixtures.rgbaPNG(width: width, height: height) { x, y in (128, 128, 128, alpha(x, y)) }, to: url.appendingPathComponent(name).path)
            return name
        }

        /// An engine over `elements`, with images found in this folder and a private cache.
        func engine(_ elements: [Element], canvas: Size? = nil, defaults: Layout.Defaults = .init()) throws -> HitTester {
            try HitTester(
                layout: Layout(canvas: canvas, defaults: defaults, elements: elements, imageDirectory: url.path),
                cache: ImageCache())
        }
    }

    /// An engine over elements without images.
    static func engine(_ elements: [Element], canvas: Size? = nil) throws -> HitTester {
        try HitTester(layout: Layout(canvas: canvas, elements: elements), cache: ImageCache())
    }

    static func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
        Rect(x: x, y: y, width: width, height: height)
    }
}

extension HitTester {
    /// The id hit at (x, y), or nil.
    func id(atX x: Double, y: Double) -> String? {
        hit(at: Point(x: x, y: y))?.id
    }
}
