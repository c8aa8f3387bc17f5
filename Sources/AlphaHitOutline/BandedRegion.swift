/// A set of pixels as rectangles in the canonical banded form of the X server's SHAPE extension
/// (`YXBanded`), pixman and Wayland compositors: what an overlay window passes to
/// `XShapeCombineRectangles` or `wl_region_add` (`Docs/Outlines.md`, "Input regions").
///
/// The pixels are cut into horizontal bands in which every row covers the same x-ranges; in a band
/// the rectangles are sorted by x and neither overlap nor touch; two bands that meet (one's last
/// row right above the other's first) cover different x-ranges. Rectangles are listed band by band,
/// top to bottom. Built a row at a time (``appendRow(_:spans:)``), so a picture of any height needs
/// the memory of one row besides the output.
public struct BandedRegion: Hashable, Sendable {
    /// One rectangle: its top-left pixel and its size in pixels (each at least 1).
    public struct Rectangle: Hashable, Sendable {
        public var x: Int, y: Int, width: Int, height: Int

        /// The rectangle of `width` × `height` pixels whose top-left pixel is (`x`, `y`).
        public init(x: Int, y: Int, width: Int, height: Int) { (self.x, self.y, self.width, self.height) = (x, y, width, height) }
    }

    /// The rectangles, band by band; within a band by x.
    public private(set) var rectangles: [Rectangle] = []
    /// The band being built: its first row, the row after its last, and its x-ranges.
    private var open: OpenBand?

    private struct OpenBand: Hashable, Sendable {
        var top: Int, bottom: Int, spans: [Range<Int>]
    }

    /// An empty region.
    public init() {}

    /// The region of `mask`'s solid pixels.
    public init(_ mask: SolidMask) {
        for y in 0..<mask.height {
            var spans: [Range<Int>] = []
            var x = 0
            while x < mask.width {
                guard mask[x, y] else {
                    x += 1
                    continue
                }
                let start = x
                while x < mask.width && mask[x, y] { x += 1 }
                spans.append(start..<x)
            }
            appendRow(y, spans: spans)
        }
        finish()
    }

    /// Adds row `y`, covering `spans`: maximal runs of pixels, sorted, neither overlapping nor
    /// touching (each run's end before the next one's start). Rows come top to bottom, each below
    /// the last; ``finish()`` closes the last band.
    ///
    /// - Precondition: `y` is below every row added before, and `spans` are as described.
    public mutating func appendRow(_ y: Int, spans: [Range<Int>]) {
        precondition(open.map { y >= $0.bottom } ?? true, "rows come top to bottom")
        precondition(zip(spans, spans.dropFirst()).allSatisfy { $0.upperBound < $1.lowerBound } && spans.allSatisfy { !$0.isEmpty },
            "a row's spans are sorted, non-empty, and neither overlap nor touch")
        if let band = open, band.bottom == y, band.spans == spans {
            open!.bottom = y + 1
            return
        }
        finish()
        if !spans.isEmpty { open = OpenBand(top: y, bottom: y + 1, spans: spans) }
    }

    /// Closes the band being built (when rows are added a row at a time, after the last one).
    public mutating func finish() {
        guard let band = open else { return }
        for span in band.spans {
            rectangles.append(Rectangle(x: span.lowerBound, y: band.top, width: span.count, height: band.bottom - band.top))
        }
        open = nil
    }

    /// Whether pixel (`x`, `y`) is in the region (a scan of the rectangles).
    public func contains(x: Int, y: Int) -> Bool {
        rectangles.contains { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height }
    }

    /// How many pixels the region covers.
    public var pixelCount: Int { rectangles.reduce(0) { $0 + $1.width * $1.height } }
}
