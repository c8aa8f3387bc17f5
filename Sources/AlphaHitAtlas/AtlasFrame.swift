import AlphaHitBasics
import AlphaHitImages

/// One frame of a sprite atlas: where its pixels sit in the sheet and how to put them back.
///
/// A frame is an image of its ``sourceWidth`` × ``sourceHeight`` (the size before the packer
/// trimmed it), transparent except for its stored pixels, which go back un-rotated at
/// (``trimX``, ``trimY``) with size ``width`` × ``height``. In the sheet they occupy the
/// rectangle at (``sheetX``, ``sheetY``): `width × height` pixels, or `height × width` when stored rotated.
public struct AtlasFrame: Hashable, Sendable {
    /// How the packer turned the stored pixels.
    public enum Rotation: String, Hashable, Sendable {
        /// Stored as they are.
        case none
        /// Stored turned 90° clockwise (TexturePacker, Starling).
        case clockwise
        /// Stored turned 90° counter-clockwise (libGDX, Spine).
        case counterClockwise
    }

    /// The frame's name in the atlas.
    public var name: String
    /// The libGDX/Spine region index (-1 when the atlas gives none).
    public var index: Int
    /// The sheet image's path, as the atlas names it, relative to the atlas file's folder.
    public var sheet: String
    /// The stored pixels' top-left corner in the sheet, in pixels.
    public var sheetX: Int, sheetY: Int
    /// The stored pixels' size, un-rotated, in pixels (≥ 1).
    public var width: Int, height: Int
    public var rotation: Rotation
    /// Where the stored pixels go back in the source image, in pixels from its top-left corner.
    public var trimX: Int, trimY: Int
    /// The image's size before trimming, in pixels.
    public var sourceWidth: Int, sourceHeight: Int
    /// The atlas's own scale (`meta.scale` of the JSON formats), if it gives one.
    public var scale: Double?
    /// Where the frame is described in the atlas file (1-based), for messages.
    public var line: Int

    /// A frame from its parts (what the atlas readers make); `width`, `height` ≥ 1 and the stored
    /// pixels inside the source size are the caller's to ensure.
    public init(
        name: String, index: Int = -1, sheet: String, sheetX: Int, sheetY: Int, width: Int, height: Int, rotation: Rotation = .none,
        trimX: Int = 0, trimY: Int = 0, sourceWidth: Int, sourceHeight: Int, scale: Double? = nil, line: Int = 0
    ) {
        (self.name, self.index, self.sheet, self.sheetX, self.sheetY, self.width, self.height) = (name, index, sheet, sheetX, sheetY, width, height)
        (self.rotation, self.trimX, self.trimY, self.sourceWidth, self.sourceHeight, self.scale, self.line) = (rotation, trimX, trimY, sourceWidth, sourceHeight, scale, line)
    }

    /// The largest coordinate or size an atlas may give (2^24 pixels): numbers beyond it are refused
    /// where they are read, so that frame arithmetic never overflows.
    public static let maximumCoordinate = AtlasNumber.limit

    /// Whether the packer cut transparent borders away.
    public var isTrimmed: Bool { trimX != 0 || trimY != 0 || width != sourceWidth || height != sourceHeight }

    /// The rectangle the stored pixels occupy in the sheet: `(x, y, width, height)` as stored.
    public var sheetRect: (x: Int, y: Int, width: Int, height: Int) {
        rotation == .none ? (sheetX, sheetY, width, height) : (sheetX, sheetY, height, width)
    }

    /// The sheet pixel that holds source pixel (`x`, `y`), or nil where the frame is transparent
    /// (outside the stored pixels).
    public func sheetPixel(x: Int, y: Int) -> (x: Int, y: Int)? {
        let (u, v) = (x - trimX, y - trimY)
        guard u >= 0, u < width, v >= 0, v < height else { return nil }
        switch rotation {
        case .none: return (sheetX + u, sheetY + v)
        case .clockwise: return (sheetX + height - 1 - v, sheetY + u)
        case .counterClockwise: return (sheetX + v, sheetY + width - 1 - u)
        }
    }

    /// The sheet pixel of stored pixel (0, 0) and how far one step in x and in y moves through the
    /// sheet (in pixels along rows, `rowStride` per row): how the engine reads a frame in place.
    package func strides(rowStride: Int) -> (origin: Int, alongX: Int, alongY: Int) {
        switch rotation {
        case .none: return (sheetY * rowStride + sheetX, 1, rowStride)
        case .clockwise: return (sheetY * rowStride + sheetX + height - 1, rowStride, -1)
        case .counterClockwise: return ((sheetY + width - 1) * rowStride + sheetX, -rowStride, 1)
        }
    }
}
