import AlphaHit
import CBenchmarkFloor
import Foundation

extension BenchFixtures {
    /// ``realisticImage(side:)`` as a WebP: lossless, or lossy at quality 80 (alpha kept lossless).
    func realisticWebP(side: Int, lossless: Bool) throws -> String {
        try file("realistic-\(side)-\(lossless ? "lossless" : "lossy").webp") {
            let pixels = Self.realisticPixels(side: side)
            var output: UnsafeMutablePointer<UInt8>?
            var size = 0
            guard benchmark_encode_webp(pixels, Int32(side), Int32(side), lossless ? 1 : 0, 80, &output, &size) == 0, let output else {
                throw CocoaError(.fileWriteUnknown)
            }
            defer { benchmark_free_webp(output) }
            return Array(UnsafeBufferPointer(start: output, count: size))
        }
    }

    /// A 24-point icon: a rounded square with a ring and a check mark cut out, one even-odd path.
    func svgIcon() throws -> String {
        try file("icon-24.svg") {
            Array("""
                <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">
                  <path fill-rule="evenodd" fill="#222" d="M 5 1 H 19 A 4 4 0 0 1 23 5 V 19 A 4 4 0 0 1 19 23 H 5 A 4 4 0 0 1 1 19 V 5 A 4 4 0 0 1 5 1 Z
                    M 12 4 A 8 8 0 1 0 12 20 A 8 8 0 1 0 12 4 Z M 12 6 A 6 6 0 1 1 12 18 A 6 6 0 1 1 12 6 Z"/>
                  <path fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" d="M 8.5 12.5 L 11 15 L 15.5 9.5"/>
                </svg>

                """.utf8)
        }
    }

    /// A 1000-point illustration: 400 overlapping shapes (circles, rounded rectangles, stars and
    /// curves), some translucent, some with gradients, as design tools export them.
    func svgIllustration() throws -> String {
        try file("illustration-1000.svg") {
            var random = SeededRandom(state: 1000)
            var body = """
                <svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000" viewBox="0 0 1000 1000">
                <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">\
                <stop offset="0" stop-color="#f80"/><stop offset="1" stop-color="#08f" stop-opacity="0.4"/></linearGradient></defs>

                """
            for i in 0..<400 {
                let (x, y, r) = (random.unit(1000), random.unit(1000), 8 + random.unit(60))
                let fill = i % 5 == 0 ? "url(#g)" : "#\(String(random.below(0xFFFFFF), radix: 16))"
                let opacity = i % 3 == 0 ? " fill-opacity=\"0.5\"" : ""
                switch i % 4 {
                case 0: body += "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"\(r)\" fill=\"\(fill)\"\(opacity)/>\n"
                case 1: body += "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(2 * r)\" height=\"\(r)\" rx=\"\(r / 4)\" fill=\"\(fill)\"\(opacity)/>\n"
                case 2:
                    let points = (0..<10).map { k -> String in
                        let angle = Double(k) * .pi / 5, radius = k % 2 == 0 ? r : r * 0.45
                        return "\(x + radius * cos(angle)),\(y + radius * sin(angle))"
                    }
                    body += "<polygon points=\"\(points.joined(separator: " "))\" fill=\"\(fill)\"\(opacity)/>\n"
                default:
                    body += "<path d=\"M \(x) \(y) C \(x + r) \(y - r) \(x + 2 * r) \(y + r) \(x + 3 * r) \(y)\" fill=\"none\" stroke=\"\(fill)\" stroke-width=\"\(r / 6)\"/>\n"
                }
            }
            return Array((body + "</svg>\n").utf8)
        }
    }
}
