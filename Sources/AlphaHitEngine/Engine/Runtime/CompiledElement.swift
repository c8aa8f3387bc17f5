import AlphaHitBasics

/// One element flattened in full: plain numbers and one raw pointer, no references.
/// Built once by the engine builder and never changed; the image bytes it points at are kept
/// alive by the engine's storage. The tests a query runs on it are in `CompiledElement+Tests.swift`.
///
/// Queries read a plain element's ``HotElement`` and only a general one's full record (see
/// ``QueryTables``); everything else (explanations, hit details, touch tolerance, audits) reads
/// the full records of ``FullRecords``.
@usableFromInline
struct CompiledElement: Equatable, BitwiseCopyable {
    @usableFromInline enum ShapeKind: UInt8, BitwiseCopyable { case rect, ellipse, roundedRect, none }
    /// How the image maps onto the bounds. `identity` is natural size at one pixel per point with
    /// the image exactly covering the bounds: pixel (floor(x), floor(y)), with nothing to check.
    @usableFromInline enum Placement: UInt8, BitwiseCopyable { case none, scaleToFill, scaled, natural, identity, capInsets }

    // The general path's common tests (bounds, a plain parent's origin, the pixel pointer and row
    // length, the kinds and the flags) read the first 64 bytes.
    @usableFromInline var originX = 0.0, originY = 0.0, width = 0.0, height = 0.0
    /// For an element with one ancestor that only moves its children (no transform, no clipping),
    /// that parent's origin: the hot path subtracts it here, the same subtraction the walk down
    /// the chain makes (so the same rounding), without reading the parent's record.
    @usableFromInline var parentOriginX = 0.0, parentOriginY = 0.0
    // Image: an alpha8 plane.
    @usableFromInline var pixels: UnsafePointer<UInt8>? = nil
    /// The row length when it fits 32 bits (every image the default limits accept); else 0, and
    /// `wideRowBytes` holds it.
    @usableFromInline var rowBytes32: Int32 = 0
    @usableFromInline var minAlpha: UInt8 = 0
    @usableFromInline var placement = Placement.none
    @usableFromInline var shape = ShapeKind.rect
    @usableFromInline var flags: UInt8 = 0
    // End of the first 64 bytes.

    // The second line: the rest of what a rectangle's test reads for every placement, and the
    // numbers a hit answers with, so that a general element without a transform costs two lines.
    @usableFromInline var corners: UInt8 = 0
    /// In the table of general elements, the element this record belongs to (a grid entry leads
    /// straight here; see ``CellEntry``); 0 elsewhere.
    @usableFromInline var element: Int32 = 0
    /// In a scene's table of general elements (``LiveTables``), the element's number, read on a
    /// hit beside `element` so that no other table is; 0 elsewhere.
    @usableFromInline var sceneNumber: Int32 = 0
    @usableFromInline var parent: Int32 = -1
    @usableFromInline var wideRowBytes = 0

    @usableFromInline static let transformFlag: UInt8 = 1, clipsFlag: UInt8 = 2, frameFlag: UInt8 = 4, parentMovesFlag: UInt8 = 8,
        nestedFlag: UInt8 = 16, wideFlag: UInt8 = 32

    @inlinable @inline(__always)
    func flag(_ bit: UInt8) -> Bool { flags & bit != 0 }

    @inlinable @inline(__always)
    mutating func setFlag(_ bit: UInt8, _ on: Bool) { flags = on ? flags | bit : flags & ~bit }

    @inlinable var hasTransform: Bool {
        get { flag(Self.transformFlag) }
        set { setFlag(Self.transformFlag, newValue) }
    }
    @inlinable var clipsToBounds: Bool {
        get { flag(Self.clipsFlag) }
        set { setFlag(Self.clipsFlag, newValue) }
    }
    /// Whether the image is an atlas frame or a region read in place (see `frameStrideX`).
    @inlinable var isFrame: Bool {
        get { flag(Self.frameFlag) }
        set { setFlag(Self.frameFlag, newValue) }
    }
    /// See `parentOriginX`.
    @inlinable var parentOnlyMoves: Bool {
        get { flag(Self.parentMovesFlag) }
        set { setFlag(Self.parentMovesFlag, newValue) }
    }
    /// Whether the element has ancestors (its chain is longer than itself).
    @inlinable var isNested: Bool {
        get { flag(Self.nestedFlag) }
        set { setFlag(Self.nestedFlag, newValue) }
    }
    @inlinable var bytesPerRow: Int {
        get { flag(Self.wideFlag) ? wideRowBytes : Int(rowBytes32) }
        set {
            let fits = newValue <= Int(Int32.max)
            setFlag(Self.wideFlag, !fits)
            rowBytes32 = fits ? Int32(newValue) : 0
            wideRowBytes = fits ? 0 : newValue
        }
    }

    @usableFromInline var pixelWidth = 0, pixelHeight = 0
    @usableFromInline var scale = 1.0
    @usableFromInline var imageWidth = 0.0, imageHeight = 0.0
    // End of the second line.

    // The third line, the transform: parent point P to local point L.
    @usableFromInline var centreX = 0.0, centreY = 0.0
    @usableFromInline var inverseA = 1.0, inverseB = 0.0, inverseC = 0.0, inverseD = 1.0
    @usableFromInline var translateX = 0.0, translateY = 0.0

    /// Offsets and factor of scaled (aspectFit/aspectFill) or natural-size placement.
    @usableFromInline var offsetX = 0.0, offsetY = 0.0, factor = 1.0
    @usableFromInline var capTop = 0.0, capLeft = 0.0, capBottom = 0.0, capRight = 0.0
    @usableFromInline var tiles = false
    /// For a frame: image pixel (x, y) is stored pixel (x − trimX, y − trimY) when inside
    /// `trimWidth × trimHeight`, at `pixels[(x − trimX)·frameStrideX + (y − trimY)·frameStrideY]`
    /// (strides that undo the packer's rotation); outside, it is transparent.
    @usableFromInline var trimX = 0, trimY = 0, trimWidth = 0, trimHeight = 0
    @usableFromInline var frameStrideX = 1, frameStrideY = 0

    // Shape.
    @usableFromInline var cornerRadius = 0.0
    /// This element's ancestors and itself, root first, at `chains[chainStart ..< chainStart + chainLength]`.
    /// Last, where they make the record a whole number of cache lines (320 bytes), so that in the
    /// 64-byte aligned table of general elements each record's lines are its own. A test checks it.
    @usableFromInline var chainLength: Int32 = 0
    @usableFromInline var chainStart: Int32 = 0

    /// Places an image of `pixelSize` at `scale` pixels per point in a `width` × `height` element:
    /// by cap insets when given (then `contentMode` is ignored), else by the content mode.
    mutating func placeImage(
        pixelWidth: Int, pixelHeight: Int, scale: Double, minAlpha: UInt8,
        contentMode: ContentMode, capInsets: EdgeInsets?, tiles: Bool
    ) {
        let (w, h) = (width, height)
        let iw = Double(pixelWidth) / scale, ih = Double(pixelHeight) / scale
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.scale = scale
        self.minAlpha = minAlpha
        imageWidth = iw
        imageHeight = ih
        self.tiles = tiles
        if let caps = capInsets {
            placement = .capInsets
            (capTop, capLeft, capBottom, capRight) = (caps.top, caps.left, caps.bottom, caps.right)
            return
        }
        let centredX = (w - iw) / 2, centredY = (h - ih) / 2
        switch contentMode {
        case .scaleToFill where iw == w && ih == h:
            // Stretched to exactly its own size: u = Lx·iw/w is Lx, with no division per point.
            natural(0, 0)
        case .scaleToFill:
            placement = .scaleToFill
        case .aspectFit, .aspectFill:
            let k = contentMode == .aspectFit ? min(w / iw, h / ih) : max(w / iw, h / ih)
            placement = .scaled
            factor = k
            offsetX = (w - iw * k) / 2
            offsetY = (h - ih * k) / 2
        case .center: natural(centredX, centredY)
        case .top: natural(centredX, 0)
        case .bottom: natural(centredX, h - ih)
        case .left: natural(0, centredY)
        case .right: natural(w - iw, centredY)
        case .topLeft: natural(0, 0)
        case .topRight: natural(w - iw, 0)
        case .bottomLeft: natural(0, h - ih)
        case .bottomRight: natural(w - iw, h - ih)
        }
    }

    private mutating func natural(_ x: Double, _ y: Double) {
        let exact = x == 0 && y == 0 && scale == 1 && imageWidth == width && imageHeight == height
        placement = exact ? .identity : .natural
        offsetX = x
        offsetY = y
    }

    /// One axis of a resizable image with caps `low` and `high` (left/right or top/bottom).
    @inlinable @inline(__always)
    static func capped(_ l: Double, extent w: Double, natural iw: Double, low: Double, high: Double, tiles: Bool) -> Double {
        if w >= low + high {
            if l < low { return l }
            if l >= w - high { return iw - (w - l) }
            if tiles { return low + (l - low).truncatingRemainder(dividingBy: iw - low - high) }
            return low + (l - low) * (iw - low - high) / (w - low - high)
        }
        let k = w / (low + high)
        return l < low * k ? l / k : iw - (w - l) / k
    }

    /// The ranges of `l` in `lower...upper` over each of which ``capped(_:extent:natural:low:high:tiles:)``
    /// takes one of its branches, in order: each branch is monotonic, though where two meet, the
    /// first one's rounding may step past the next one's first value. Nil where a branch is not
    /// monotonic (tiling, a middle narrower in the image than its caps) or divides by a number
    /// that is not positive.
    static func cappedPieces(
        _ lower: Double, _ upper: Double, extent w: Double, natural iw: Double, low: Double, high: Double, tiles: Bool
    ) -> [ClosedRange<Double>]? {
        var pieces: [ClosedRange<Double>] = []
        func add(_ first: Double, _ last: Double) { if first <= last { pieces.append(first...last) } }
        if w >= low + high {
            let end = w - high
            add(lower, min(upper, low.nextDown))
            if max(lower, low) <= min(upper, end.nextDown) {
                guard !tiles, iw - low - high >= 0, w - low - high > 0 else { return nil }
                add(max(lower, low), min(upper, end.nextDown))
            }
            add(max(lower, low, end), upper)
        } else {
            let k = w / (low + high), split = low * k
            guard k > 0 else { return nil }
            add(lower, min(upper, split.nextDown))
            add(max(lower, split), upper)
        }
        return pieces
    }
}

extension CompiledElement {
    /// What an element's solid pixels depend on: its image bytes (read in place, as a frame or
    /// not), their size and its threshold. Elements with equal keys have equal solid pixels.
    struct PixelsKey: Hashable {
        let pixels: UnsafePointer<UInt8>?
        let width: Int, height: Int, minAlpha: UInt8
        let trimX: Int, trimY: Int, trimWidth: Int, trimHeight: Int, strideX: Int, strideY: Int
    }

    var pixelsKey: PixelsKey {
        PixelsKey(
            pixels: pixels, width: pixelWidth, height: pixelHeight, minAlpha: minAlpha, trimX: isFrame ? trimX : 0, trimY: isFrame ? trimY : 0,
            trimWidth: isFrame ? trimWidth : -1, trimHeight: isFrame ? trimHeight : -1, strideX: isFrame ? frameStrideX : 1, strideY: isFrame ? frameStrideY : bytesPerRow)
    }
}
