import AlphaHitBasics

/// Where an element's image comes from: an image file (PNG, WebP or SVG), a frame of a sprite atlas, or a rectangle of an image.
public enum ImageSource: Hashable, Sendable {
    /// An image file, PNG, WebP or SVG (relative paths start at the layout's image directory).
    case file(String)
    /// Frame `frame` of the atlas at `atlas` (TexturePacker/Aseprite JSON, Starling XML, libGDX/Spine
    /// text); `index` picks among libGDX regions that share a name. See `Docs/Atlases.md`.
    case atlasFrame(atlas: String, frame: String, index: Int? = nil)
    /// The rectangle (whole pixels, inside the image, at least 1 × 1) of an image file: a sheet
    /// described in no standard format.
    case region(file: String, x: Int, y: Int, width: Int, height: Int)
}
