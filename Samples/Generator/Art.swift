import AlphaHit
import Foundation

/// Button art drawn from coverage functions, anti-aliased by 4 × 4 supersampling.
enum Art {
    /// An RGBA image `width`×`height` pixels whose pixel (x, y) has the coverage of `inside`
    /// over its area (coordinates in pixels, from the top-left corner), coloured `color`.
    static func draw(width: Int, height: Int, color: (UInt8, UInt8, UInt8), inside: (Double, Double) -> Bool) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                var covered = 0
                for sy in 0..<4 {
                    for sx in 0..<4 where inside(Double(x) + (Double(sx) + 0.5) / 4, Double(y) + (Double(sy) + 0.5) / 4) {
                        covered += 1
                    }
                }
                let i = (y * width + x) * 4
                // A gentle vertical shade so the art reads as a button.
                let shade = 1 - 0.25 * Double(y) / Double(height)
                pixels[i] = UInt8(Double(color.0) * shade)
                pixels[i + 1] = UInt8(Double(color.1) * shade)
                pixels[i + 2] = UInt8(Double(color.2) * shade)
                pixels[i + 3] = UInt8((Double(covered) / 16 * 255).rounded())
            }
        }
        return pixels
    }

    static func diamond(side: Int) -> [UInt8] {
        let half = Double(side) / 2
        return draw(width: side, height: side, color: (70, 130, 220)) { x, y in abs(x - half) + abs(y - half) <= half }
    }

    static func disc(side: Int, color: (UInt8, UInt8, UInt8)) -> [UInt8] {
        let half = Double(side) / 2
        return draw(width: side, height: side, color: color) { x, y in (x - half) * (x - half) + (y - half) * (y - half) <= half * half }
    }

    static func ring(side: Int) -> [UInt8] {
        let half = Double(side) / 2
        return draw(width: side, height: side, color: (200, 90, 160)) { x, y in
            let d = ((x - half) * (x - half) + (y - half) * (y - half)).squareRoot()
            return d <= half && d >= half * 0.55
        }
    }

    static func roundedRect(width: Int, height: Int, radius: Double, color: (UInt8, UInt8, UInt8)) -> [UInt8] {
        draw(width: width, height: height, color: color) { x, y in
            let cx = min(max(x, radius), Double(width) - radius), cy = min(max(y, radius), Double(height) - radius)
            return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= radius * radius
        }
    }

    /// A cross made of whole 4-point blocks, drawn at `scale` pixels per point, without anti-aliasing:
    /// its edges fall on pixel edges at every scale, so @1x, @2x and @3x agree exactly.
    static func blockCross(points: Int, scale: Int) -> [UInt8] {
        let blocks = points / 4
        return draw(width: points * scale, height: points * scale, color: (240, 160, 40)) { x, y in
            let bx = Int(x) / (4 * scale), by = Int(y) / (4 * scale)
            let middle = (blocks / 2 - 1)...(blocks / 2)
            return middle.contains(bx) || middle.contains(by)
        }
    }

    static func write(_ pixels: [UInt8], width: Int, height: Int, to url: URL) throws {
        try Data(PNGEncoder().encode(pixels: pixels, width: width, height: height, layout: .rgba8)).write(to: url)
    }
}
