import AlphaHitBasics

/// How many solid pixels (alpha ≥ minAlpha) an image has in any rectangle, in constant time: a
/// summed-area table, built once per image and threshold while the engine is built, so that
/// pruning a grid cell costs four reads instead of a scan of every pixel under it.
struct SolidPixelCounts {
    /// Images larger than this many pixels are scanned instead (their table would be too large).
    static let maximumPixels = 1 << 20

    /// The table covers only the pixels that can be solid (``CompiledElement/storedPixels``: a
    /// frame's stored pixels), from (`originX`, `originY`), `width` × `height` of them.
    let originX: Int, originY: Int, width: Int, height: Int
    /// `sums[(y) * (width + 1) + x]`: solid pixels in columns `0..<x` of rows `0..<y` of the table.
    private let sums: Table<Int32>

    /// What a count reads, as a plain value: passed to every cell's pruning and every region's
    /// search without reference counting, valid while this table is alive.
    struct Reader: BitwiseCopyable {
        let originX: Int, originY: Int, width: Int, height: Int
        let sums: TableView<Int32>

        /// Solid pixels in columns `x0...x1` of rows `y0...y1` (inclusive, inside the image).
        func count(x0: Int, y0: Int, x1: Int, y1: Int) -> Int {
            // Outside the table nothing is solid: clamp to it.
            let (a, b) = (max(x0 - originX, 0), min(x1 - originX, width - 1))
            let (c, d) = (max(y0 - originY, 0), min(y1 - originY, height - 1))
            guard a <= b, c <= d else { return 0 }
            let stride = width + 1
            return Int(sums[(d + 1) * stride + b + 1] - sums[c * stride + b + 1] - sums[(d + 1) * stride + a] + sums[c * stride + a])
        }
    }

    var reader: Reader { Reader(originX: originX, originY: originY, width: width, height: height, sums: sums.view) }

    /// The table for the element's alpha8 plane at its `minAlpha`; nil for images of more than
    /// `maximumPixels` pixels that can be solid.
    init?(_ element: ElementHandle, maximumPixels: Int = Self.maximumPixels) {
        let stored = element.storedPixels
        let (width, height) = (stored.x.count, stored.y.count)
        guard width * height <= maximumPixels else { return nil }
        var sums = [Int32](repeating: 0, count: (width + 1) * (height + 1))
        for y in 0..<height {
            var row: Int32 = 0
            for x in 0..<width {
                if element.isSolidPixel(stored.x.lowerBound + x, stored.y.lowerBound + y) { row += 1 }
                sums[(y + 1) * (width + 1) + x + 1] = sums[y * (width + 1) + x + 1] + row
            }
        }
        (originX, originY, self.width, self.height) = (stored.x.lowerBound, stored.y.lowerBound, width, height)
        self.sums = Table(sums)
    }

    /// Solid pixels in columns `x0...x1` of rows `y0...y1` (inclusive, inside the image).
    func count(x0: Int, y0: Int, x1: Int, y1: Int) -> Int {
        reader.count(x0: x0, y0: y0, x1: x1, y1: y1)
    }
}
