import AlphaHitAtlas
import AlphaHitBasics
import AlphaHitImages

/// An element's decoded image and, for an atlas frame or a region of a PNG, where the element's
/// image sits in it: the frame is read in place, never copied.
struct PlacedImage {
    /// The whole decoded file: the PNG, or the atlas's sheet.
    var image: DecodedImage
    /// The frame or region; nil for a whole image.
    var frame: AtlasFrame?
    /// The file an @2x/@3x suffix is read from (the PNG, or the sheet).
    var file: String
    /// The atlas description the frame comes from, if any.
    var atlas: String? = nil

    /// The element's image size in pixels: the frame's source size, else the image's.
    var pixelWidth: Int { frame?.sourceWidth ?? image.width }
    var pixelHeight: Int { frame?.sourceHeight ?? image.height }
}
