import AlphaHit

/// The per-pixel data of the inspector page, as three opaque RGB pictures the page decodes with
/// the browser's own PNG decoder (opaque, so no premultiplication can change a value):
///
/// - `owner`: element index + 1 as a 24-bit number (R high, B low); 0 where nothing is selected;
/// - `column`: the deciding image pixel's x + 1 in R and G (16 bits; 0: no pixel; 0xFFFF: a pixel
///   past 65533 in x or y, which the page names without coordinates), its alpha in B;
/// - `row`: that pixel's y + 1 in R and G; or, for a hit by touch tolerance, the distance in
///   hundredths of a point as a 24-bit number.
///
/// Pixel (px, py) describes the layout point (px / s, py / s): the top-left corner of the CSS pixel
/// at `s` pixels per point, which is exactly where a pointer at a whole CSS pixel is, so the page's
/// answer is `hittest query`'s for the pointer's own point.
struct InspectorPlanes {
    let width: Int
    let height: Int
    var owner: [UInt8]
    var column: [UInt8]
    var row: [UInt8]

    /// The planes of `engine` at `scale` CSS pixels per point, `width` × `height` pixels, with
    /// touch tolerance `tolerance` (nil: the layout's, as `hittest query` without `--tolerance`).
    init(_ engine: HitTester, width: Int, height: Int, scale: Double, tolerance: Double?) {
        (self.width, self.height) = (width, height)
        let count = width * height * 3
        owner = [UInt8](repeating: 0, count: count)
        column = owner
        row = owner
        let rowsPerBand = max(1, (1 << 16) / max(1, width))
        var start = 0
        while start < height {
            let rows = start..<min(height, start + rowsPerBand)
            var points: [Point] = []
            points.reserveCapacity(rows.count * width)
            for y in rows {
                for x in 0..<width { points.append(Point(x: Double(x) / scale, y: Double(y) / scale)) }
            }
            let samples = engine.hitRecords(at: points, tolerance: tolerance)
            for (offset, sample) in samples.enumerated() where sample.element >= 0 {
                let at = (rows.lowerBound * width + offset) * 3
                Self.put24(UInt32(sample.element) + 1, into: &owner, at: at)
                if sample.pixelX >= 0 {
                    let fits = sample.pixelX < 0xFFFE && sample.pixelY < 0xFFFE
                    Self.put16(fits ? UInt16(sample.pixelX + 1) : 0xFFFF, into: &column, at: at)
                    column[at + 2] = sample.alpha
                    if fits { Self.put16(UInt16(sample.pixelY + 1), into: &row, at: at) }
                } else if sample.distance > 0 {
                    Self.put24(UInt32(min(Double(0xFF_FFFF), (sample.distance * 100).rounded())), into: &row, at: at)
                }
            }
            start = rows.upperBound
        }
    }

    private static func put24(_ value: UInt32, into bytes: inout [UInt8], at index: Int) {
        (bytes[index], bytes[index + 1], bytes[index + 2]) = (UInt8(value >> 16), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    }

    private static func put16(_ value: UInt16, into bytes: inout [UInt8], at index: Int) {
        (bytes[index], bytes[index + 1]) = (UInt8(value >> 8), UInt8(value & 0xFF))
    }

    /// The three planes as PNG files, in the order owner, column, row.
    func encoded() throws(PNGEncodingError) -> [[UInt8]] {
        let encoder = PNGEncoder()
        return [
            try encoder.encode(pixels: owner, width: width, height: height, layout: .rgb8),
            try encoder.encode(pixels: column, width: width, height: height, layout: .rgb8),
            try encoder.encode(pixels: row, width: width, height: height, layout: .rgb8),
        ]
    }
}
