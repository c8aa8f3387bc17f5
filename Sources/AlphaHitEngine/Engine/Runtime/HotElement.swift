import AlphaHitBasics

/// One element as the hot path reads it: 32 bytes, two to a cache line.
///
/// Most elements of a real layout are plain: a rectangle at a position that `Float` holds exactly
/// (whole or half points), with no image or an image drawn one pixel per point over exactly its
/// bounds, at the top level or inside a parent that only moves it. For those this record is all a
/// query reads (besides the pixel): the numbers are stored as `Float` and widened back to the same
/// `Double`s, so the arithmetic is the general path's, bit for bit. Every other element is
/// `general`: its full ``CompiledElement`` sits in the engine's table of details, and `detail`
/// says where. An element qualifies only when ``expanded(parent:transform:image:)`` gives back its
/// full record exactly, so the two forms can never disagree.
@usableFromInline
struct HotElement: Equatable, BitwiseCopyable {
    @usableFromInline enum Kind: UInt8, Sendable, BitwiseCopyable {
        /// No shape: never hit itself (an ancestor that only places its children).
        case empty
        /// A rectangle without an image: every point of its bounds.
        case solid
        /// A rectangle with an image exactly covering it at one pixel per point: pixel (⌊x⌋, ⌊y⌋).
        case image
        /// Anything else: read the full record in the details table.
        case general
    }

    @usableFromInline var originX: Float = 0, originY: Float = 0, width: Float = 0, height: Float = 0
    /// A parent that only moves this element: its origin (see ``CompiledElement/parentOriginX``).
    @usableFromInline var parentOriginX: Float = 0, parentOriginY: Float = 0
    /// For `general`, the full record's index in the details table; otherwise, with a transform,
    /// the transform's index in the transforms table; else −1.
    @usableFromInline var detail: Int32 = -1
    /// The image's slot in the engine's image table (kind `image`).
    @usableFromInline var image: UInt16 = 0
    @usableFromInline var minAlpha: UInt8 = 0
    /// The kind in the low two bits, then the flags below.
    @usableFromInline var bits: UInt8 = 0

    init(blank: ()) {}

    @usableFromInline static let kindMask: UInt8 = 3, transformBit: UInt8 = 4, clipsBit: UInt8 = 8, parentMovesBit: UInt8 = 16, nestedBit: UInt8 = 32
    /// In a scene's tables (``LiveTables``), set when the element's number is its slot, so that a
    /// hit reads no table of numbers; a build never sets it, and ``expanded(parent:transform:image:)``
    /// ignores it.
    static let numberIsSlotBit: UInt8 = 64

    @inlinable var kind: Kind { Kind(rawValue: bits & Self.kindMask).unsafelyUnwrapped }
    @inlinable var isGeneral: Bool { bits & Self.kindMask == Kind.general.rawValue }

    /// A record pointing at the full one, `details[detail]`.
    static func general(detail: Int32) -> HotElement {
        var record = HotElement(blank: ())
        record.detail = detail
        record.bits = Kind.general.rawValue
        return record
    }

    /// The dense form of `full`, or nil when it does not have one: `full` is not plain (see the
    /// type's comment), or its numbers do not fit `Float` exactly.
    ///
    /// - Parameters:
    ///   - transform: the slot its inverse transform will have in the transforms table.
    ///   - image: the slot of its pixels and row length in the image table, when there is room.
    init?(exactly full: CompiledElement, transform: Int32, image: UInt16?) {
        guard !full.isFrame, !full.isNested || full.parentOnlyMoves else { return nil }
        let kind: Kind
        switch (full.shape, full.placement) {
        case (.none, .none): kind = .empty
        case (.rect, .none): kind = .solid
        case (.rect, .identity) where image != nil: kind = .image
        default: return nil
        }
        guard let originX = Float(exactly: full.originX), let originY = Float(exactly: full.originY),
            let width = Float(exactly: full.width), let height = Float(exactly: full.height),
            let parentOriginX = Float(exactly: full.parentOriginX), let parentOriginY = Float(exactly: full.parentOriginY)
        else { return nil }
        (self.originX, self.originY, self.width, self.height) = (originX, originY, width, height)
        (self.parentOriginX, self.parentOriginY) = (parentOriginX, parentOriginY)
        self.detail = full.hasTransform ? transform : -1
        self.image = image ?? 0
        minAlpha = full.minAlpha
        bits = kind.rawValue | (full.hasTransform ? Self.transformBit : 0) | (full.clipsToBounds ? Self.clipsBit : 0)
            | (full.parentOnlyMoves ? Self.parentMovesBit : 0) | (full.isNested ? Self.nestedBit : 0)
    }

    /// The full record this one stands for (not for `general`), its chain fields left for
    /// ``FullRecords/linkChains(_:)``.
    func expanded(parent: Int32, transform: InverseTransform?, image: ImageSlot?) -> CompiledElement {
        var full = CompiledElement()
        full.parent = parent
        (full.originX, full.originY) = (Double(originX), Double(originY))
        (full.width, full.height) = (Double(width), Double(height))
        (full.centreX, full.centreY) = (full.width / 2, full.height / 2)
        full.clipsToBounds = bits & Self.clipsBit != 0
        full.parentOnlyMoves = bits & Self.parentMovesBit != 0
        full.isNested = bits & Self.nestedBit != 0
        if full.parentOnlyMoves { (full.parentOriginX, full.parentOriginY) = (Double(parentOriginX), Double(parentOriginY)) }
        if bits & Self.transformBit != 0, let transform {
            full.hasTransform = true
            (full.inverseA, full.inverseB, full.inverseC, full.inverseD) = (transform.a, transform.b, transform.c, transform.d)
            (full.translateX, full.translateY) = (transform.translateX, transform.translateY)
        }
        switch kind {
        case .empty: full.shape = .none
        case .solid, .general: full.shape = .rect
        case .image:
            full.shape = .rect
            full.pixels = image?.pixels
            full.bytesPerRow = image?.rowBytes ?? 0
            full.placeImage(
                pixelWidth: Int(width), pixelHeight: Int(height), scale: 1, minAlpha: minAlpha, contentMode: .topLeft, capInsets: nil, tiles: false)
        }
        return full
    }
}
