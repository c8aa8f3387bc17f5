import AlphaHit
import Foundation

/// `swift run make-samples`: regenerates the images under `Samples/` with the package's own encoder.
@main
enum SampleGenerator {
    static func main() throws {
        let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        try write(badge(side: 64), side: 64, to: samples.appendingPathComponent("badge.png"))
        print("wrote \(samples.path)/badge.png")
    }

    /// A round badge: an opaque disc with a one-pixel anti-aliased rim, transparent corners.
    static func badge(side: Int) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: side * side * 4)
        let centre = Double(side) / 2, radius = Double(side) / 2 - 1
        for y in 0..<side {
            for x in 0..<side {
                let dx = Double(x) + 0.5 - centre, dy = Double(y) + 0.5 - centre
                let coverage = min(1, max(0, radius - (dx * dx + dy * dy).squareRoot() + 0.5))
                let i = (y * side + x) * 4
                pixels[i] = 230
                pixels[i + 1] = UInt8(90 + y * 2)
                pixels[i + 2] = 40
                pixels[i + 3] = UInt8((coverage * 255).rounded())
            }
        }
        return pixels
    }

    static func write(_ pixels: [UInt8], side: Int, to url: URL) throws {
        let png = try PNGEncoder().encode(pixels: pixels, width: side, height: side, layout: .rgba8)
        try Data(png).write(to: url)
    }
}
