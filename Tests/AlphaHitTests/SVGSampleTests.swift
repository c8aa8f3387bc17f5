@testable import AlphaHit
@testable import AlphaHitEngine
import Foundation
import Testing

/// `Samples/svg-button`: what its README line says.
@Suite("SVG sample")
struct SVGSampleTests {
    @Test("the SVG buttons answer as the README says: the ring's hole and the pill's margins and corners are empty")
    func sample() throws {
        let path = Fixtures.packageRoot.appendingPathComponent("Samples/svg-button/layout.json").path
        let engine = try HitTester(contentsOfLayoutFile: path, cache: ImageCache())
        let points = [(34.0, 14.0), (34, 34), (118, 18), (118, 58), (80, 130), (30, 130), (72, 112)]
        #expect(points.map { engine.hit(at: Point(x: $0.0, y: $0.1))?.id } == ["ring", nil, "ring-2x", nil, "pill", nil, nil])
        // The ring, geometrically: solid between radii 10 and 22 about its centre, at 1x and 2x.
        for (id, centre, scale) in [("ring", (34.0, 34.0), 1.0), ("ring-2x", (118.0, 58.0), 2.0)] {
            for step in 0..<400 {
                let angle = Double(step) * 0.37, radius = Double(step % 50) / 50 * 26 * scale
                let (x, y) = (centre.0 + radius * cos(angle), centre.1 + radius * sin(angle))
                let r = radius / scale
                guard abs(r - 10) > 1.5 / scale, abs(r - 22) > 1.5 / scale else { continue }
                #expect((engine.hit(at: Point(x: x, y: y))?.id == id) == (r > 10 && r < 22), "\(id) at radius \(r)")
            }
        }
    }
}
