/// How many solid pixels (alpha ≥ minAlpha) an image has in any rectangle, in constant time: a
/// summed-area table, built once per image and threshold while the engine is built, so that
/// pruning a grid cell costs four reads instead of a scan of every pixel under it.
struct SolidPixelCounts {
    /// Images larger than this many pixels are scanned instead (their table would be too large).
    static let maximumPixels = 1 << 20

    let width: Int
    /// `sums[(y) * (width + 1) + x]`: solid pixels in columns `0..<x` of rows `0..<y`.
    private let sums: [Int32]

    /// The table for the element's alpha8 plane at its `minAlpha`; nil for images of more than
    /// `maximumPixels` pixels.
    init?(_ element: UnsafePointer<CompiledElement>, maximumPixels: Int = Self.maximumPixels) {
        let (width, height) = (element.pointee.pixelWidth, element.pointee.pixelHeight)
        guard width * height <= maximumPixels else { return nil }
        var sums = [Int32](repeating: 0, count: (width + 1) * (height + 1))
        let minAlpha = element.pointee.minAlpha
        for y in 0..<height {
            var row: Int32 = 0
            for x in 0..<width {
                if element.alpha(x, y) >= minAlpha { row += 1 }
                sums[(y + 1) * (width + 1) + x + 1] = sums[y * (width + 1) + x + 1] + row
            }
        }
        self.width = width
        self.sums = sums
    }

    /// Solid pixels in columns `x0...x1` of rows `y0...y1` (inclusive, inside the image).
    func count(x0: Int, y0: Int, x1: Int, y1: Int) -> Int {
        let stride = width + 1
        return Int(sums[(y1 + 1) * stride + x1 + 1] - sums[y0 * stride + x1 + 1] - sums[(y1 + 1) * stride + x0] + sums[y0 * stride + x0])
    }
}
