import AlphaHitAtlas
import AlphaHitBasics
import AlphaHitImages

/// An element's decoded image and, for an atlas frame or a region of a PNG, where the element's
/// image sits in it (``placement``): the frame is read in place, never copied.
struct PlacedImage {
    /// The whole decoded file: the PNG, or the atlas's sheet.
    let image: DecodedImage
    /// The file an @2x/@3x suffix is read from (the PNG, or the sheet).
    let file: String
    /// The atlas description the frame comes from, if any.
    let atlas: String?
    /// What a record reads of the image, worked out once.
    let placement: Placement

    /// What compiling an element reads of its image, as plain values: a scene compiles an element
    /// again on every state switch, and reading these copies no image, frame or string.
    struct Placement {
        /// The address of the element's pixel (0, 0) as stored: the image's first, or the frame's.
        var pixels: UnsafePointer<UInt8>
        var bytesPerRow: Int
        /// For a frame or region: how a step in x and in y moves through the sheet, and its trim.
        var frame: (alongX: Int, alongY: Int, trimX: Int, trimY: Int, width: Int, height: Int)?
        /// The element's image size in pixels: the frame's source size, else the image's.
        var pixelWidth: Int, pixelHeight: Int
        /// The scale the file's @2x/@3x suffix gives, else the frame's own (nil: neither gives one).
        var impliedScale: Double?
    }

    /// The image `image` of `file` (an atlas's sheet, with `atlas` its description), or its
    /// `frame` or region (nil for the whole image).
    init(image: DecodedImage, frame: AtlasFrame?, file: String, atlas: String? = nil) {
        (self.image, self.file, self.atlas) = (image, file, atlas)
        var placement = Placement(
            pixels: image.pixelAddress, bytesPerRow: image.bytesPerRow, frame: nil,
            pixelWidth: frame?.sourceWidth ?? image.width, pixelHeight: frame?.sourceHeight ?? image.height,
            impliedScale: ImageScale.inferred(fromPath: file) ?? frame?.scale)
        if let frame {
            let (origin, alongX, alongY) = frame.strides(rowStride: image.bytesPerRow)
            placement.pixels += origin
            placement.frame = (alongX, alongY, frame.trimX, frame.trimY, frame.width, frame.height)
        }
        self.placement = placement
    }

    /// The element's image size in pixels: the frame's source size, else the image's.
    var pixelWidth: Int { placement.pixelWidth }
    var pixelHeight: Int { placement.pixelHeight }
}
