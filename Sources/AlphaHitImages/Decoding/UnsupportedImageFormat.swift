import AlphaHitBasics

/// An image format AlphaHit recognises by its content but does not read, so that such a file is
/// refused by name ("DDS (a GPU-compressed texture) cannot be read") instead of as "not a PNG".
public enum UnsupportedImageFormat: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case jpeg, gif, bmp, tiff, avif, heic, jpegXL, ktx, ktx2, dds, basisUniversal, astc, pvr

    /// The format's name, with what kind of file it is where the name alone may not say.
    public var name: String {
        switch self {
        case .jpeg: "JPEG"
        case .gif: "GIF"
        case .bmp: "BMP"
        case .tiff: "TIFF"
        case .avif: "AVIF"
        case .heic: "HEIC (HEIF)"
        case .jpegXL: "JPEG XL"
        case .ktx: "KTX (a GPU texture container)"
        case .ktx2: "KTX2 (a GPU texture container)"
        case .dds: "DDS (a GPU-compressed texture)"
        case .basisUniversal: "Basis Universal (a GPU-compressed texture)"
        case .astc: "ASTC (a GPU-compressed texture)"
        case .pvr: "PVR (a GPU-compressed texture)"
        }
    }

    /// What to do instead. Formats without exact transparency (JPEG) say so.
    public var remedy: String {
        switch self {
        case .jpeg: "it has no transparency to test against; export PNG or WebP with an alpha channel"
        default: "export PNG or WebP"
        }
    }

    /// "DDS (a GPU-compressed texture) cannot be read; export PNG or WebP".
    public var description: String { "\(name) cannot be read; \(remedy)" }
}
