import AlphaHitBasics

/// One axis of how an element's image is placed: which of the image's pixel columns (or rows) the
/// local coordinates of an interval fall in. Every placement is separable, and on each axis it is
/// one to three linear pieces (content modes: one; cap insets: caps and middle), the middle of a
/// tiled image repeating.
struct ImageAxis {
    /// Local `[start, end)` maps to pixel coordinate `pixelAtStart + (x − start)·pixelsPerPoint`;
    /// when `period > 0` (tiles, in points) the offset `x − start` is taken modulo the period.
    struct Piece {
        var start: Double, end: Double
        var pixelAtStart: Double, pixelsPerPoint: Double
        var period = 0.0
    }

    /// Pixel indices `first...last`, at most four per interval.
    typealias Span = (first: Int, last: Int)

    /// What an open interval of local coordinates covers.
    struct Cover {
        /// Span k is `firsts[k]...lasts[k]`, for k below `spanCount`.
        private(set) var firsts = SIMD4<Int>(), lasts = SIMD4<Int>()
        private(set) var spanCount = 0
        /// Some of the interval lies off the drawn image.
        var offImage = false
        /// A local coordinate inside the interval where pixels (or pieces) change, nearest its middle.
        private(set) var split: Double?
        /// How many pixel indices the spans hold (with repeats).
        private(set) var pixels = 0

        mutating func add(_ first: Int, _ last: Int) {
            guard spanCount < 4 else { return }
            firsts[spanCount] = first
            lasts[spanCount] = last
            spanCount += 1
            pixels += last - first + 1
        }

        func span(_ index: Int) -> Span {
            (firsts[index], lasts[index])
        }

        mutating func offerSplit(_ x: Double, lo: Double, hi: Double) {
            guard lo < x && x < hi else { return }
            let middle = (lo + hi) / 2
            if let current = split, abs(current - middle) <= abs(x - middle) { return }
            split = x
        }
    }

    private var pieces: (Piece, Piece, Piece)
    private var pieceCount: Int
    let pixelCount: Int

    private init(pixelCount: Int, _ first: Piece, _ second: Piece? = nil, _ third: Piece? = nil) {
        let empty = Piece(start: 0, end: 0, pixelAtStart: 0, pixelsPerPoint: 0)
        self.pixelCount = pixelCount
        pieces = (first, second ?? empty, third ?? empty)
        pieceCount = third != nil ? 3 : second != nil ? 2 : 1
    }

    private func piece(_ index: Int) -> Piece {
        switch index {
        case 0: return pieces.0
        case 1: return pieces.1
        default: return pieces.2
        }
    }

    /// The x (or, with `vertical`, y) axis of the element's image; nil when it has none.
    init?(_ element: ElementHandle, vertical: Bool) {
        let e = element.record
        let s = e.scale
        let (extent, natural, offset) = vertical ? (e.height, e.imageHeight, e.offsetY) : (e.width, e.imageWidth, e.offsetX)
        let pixels = vertical ? e.pixelHeight : e.pixelWidth
        switch e.placement {
        case .none:
            return nil
        case .scaleToFill:
            self.init(pixelCount: pixels, Piece(start: 0, end: extent, pixelAtStart: 0, pixelsPerPoint: natural / extent * s))
        case .scaled:
            self.init(pixelCount: pixels, Piece(start: offset, end: offset + natural * e.factor, pixelAtStart: 0, pixelsPerPoint: s / e.factor))
        case .natural, .identity:
            self.init(pixelCount: pixels, Piece(start: offset, end: offset + natural, pixelAtStart: 0, pixelsPerPoint: s))
        case .capInsets:
            let (low, high) = vertical ? (e.capTop, e.capBottom) : (e.capLeft, e.capRight)
            if extent >= low + high {
                let middle: Piece
                if e.tiles {
                    middle = Piece(start: low, end: extent - high, pixelAtStart: low * s, pixelsPerPoint: s, period: natural - low - high)
                } else {
                    middle = Piece(
                        start: low, end: extent - high, pixelAtStart: low * s, pixelsPerPoint: (natural - low - high) / (extent - low - high) * s)
                }
                self.init(
                    pixelCount: pixels, Piece(start: 0, end: low, pixelAtStart: 0, pixelsPerPoint: s), middle,
                    Piece(start: extent - high, end: extent, pixelAtStart: (natural - high) * s, pixelsPerPoint: s))
            } else {
                let k = extent / (low + high)
                self.init(
                    pixelCount: pixels, Piece(start: 0, end: low * k, pixelAtStart: 0, pixelsPerPoint: s / k),
                    Piece(start: low * k, end: extent, pixelAtStart: (natural - high) * s, pixelsPerPoint: s / k))
            }
        }
    }

    /// The one linear piece of a content-mode placement (not cap insets), if that is what this is.
    var linear: Piece? {
        pieceCount == 1 && pieces.0.period == 0 ? pieces.0 : nil
    }

    /// The pixels the open interval `(lo, hi)` of local coordinates falls in.
    func cover(_ lo: Double, _ hi: Double) -> Cover {
        var cover = Cover()
        var covered = 0.0
        for index in 0..<pieceCount {
            let piece = piece(index)
            let a = max(lo, piece.start), b = min(hi, piece.end)
            // Zero-length pieces (caps of 0) cover nothing.
            guard a < b else { continue }
            covered += b - a
            cover.offerSplit(piece.start, lo: lo, hi: hi)
            cover.offerSplit(piece.end, lo: lo, hi: hi)
            if piece.period > 0 {
                addPeriodic(piece, a, b, to: &cover)
            } else {
                let first = firstIndex(piece.pixelAtStart + (a - piece.start) * piece.pixelsPerPoint)
                let last = max(first, lastIndex(piece.pixelAtStart + (b - piece.start) * piece.pixelsPerPoint))
                cover.add(first, last)
                if last > first {
                    let boundary = Double((first + last + 1) / 2)
                    cover.offerSplit(piece.start + (boundary - piece.pixelAtStart) / piece.pixelsPerPoint, lo: lo, hi: hi)
                }
            }
        }
        // Rounding may leave a sliver uncovered between touching pieces; only a real gap counts.
        if covered < (hi - lo) * (1 - 1e-12) { cover.offImage = true }
        return cover
    }

    private func addPeriodic(_ piece: Piece, _ a: Double, _ b: Double, to cover: inout Cover) {
        let s = piece.pixelsPerPoint, period = piece.period
        let low = piece.pixelAtStart / s
        let whole = (firstIndex(low * s), lastIndex((low + period) * s))
        guard b - a < period else {
            cover.add(whole.0, whole.1)
            return
        }
        let cycle = ((a - piece.start) / period).rounded(.down)
        let r0 = (a - piece.start) - cycle * period, r1 = r0 + (b - a)
        func span(_ from: Double, _ to: Double) -> Span {
            let first = firstIndex((low + from) * s)
            return (first, max(first, lastIndex((low + to) * s)))
        }
        if r1 <= period {
            let range = span(r0, r1)
            cover.add(range.first, range.last)
            if range.last > range.first {
                let boundary = Double((range.first + range.last + 1) / 2) / s - low
                cover.offerSplit(piece.start + cycle * period + boundary, lo: a, hi: b)
            }
        } else {
            let head = span(r0, period), tail = span(0, r1 - period)
            cover.add(head.first, head.last)
            cover.add(tail.first, tail.last)
            cover.offerSplit(piece.start + (cycle + 1) * period, lo: a, hi: b)
        }
    }

    /// The pixel a coordinate starts in, kept inside the image (clamped before converting, so no
    /// coordinate can trap).
    private func firstIndex(_ coordinate: Double) -> Int {
        coordinate.isNaN ? 0 : Int(min(max(coordinate.rounded(.down), 0), Double(pixelCount - 1)))
    }

    /// The last pixel an interval ending at `coordinate` reaches into, kept inside the image.
    private func lastIndex(_ coordinate: Double) -> Int {
        coordinate.isNaN ? pixelCount - 1 : Int(min(max(coordinate.rounded(.up) - 1, 0), Double(pixelCount - 1)))
    }
}
