/// Where an element's image comes from: a PNG file, a frame of a sprite atlas, or a rectangle of a PNG.
public enum ImageSource: Hashable, Sendable {
    /// A PNG file (relative paths start at the layout's image directory).
    case file(String)
    /// Frame `frame` of the atlas at `atlas` (TexturePacker/Aseprite JSON, Starling XML, libGDX/Spine
    /// text); `index` picks among libGDX regions that share a name. See `Docs/Atlases.md`.
    case atlasFrame(atlas: String, frame: String, index: Int? = nil)
    /// The rectangle (whole pixels, inside the image, at least 1 × 1) of a PNG file: a sheet
    /// described in no standard format.
    case region(file: String, x: Int, y: Int, width: Int, height: Int)

    /// The file an @2x/@3x suffix is read from: the PNG, or for an atlas frame, nil (its sheet's
    /// name is known only once the atlas is read).
    var pngPath: String? {
        switch self {
        case .file(let path), .region(let path, _, _, _, _): path
        case .atlasFrame: nil
        }
    }
}
