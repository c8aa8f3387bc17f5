/// How an image is placed in an element's bounds, as UIKit's `contentMode` places it.
public enum ContentMode: String, CaseIterable, Hashable, Sendable {
    /// Stretched to fill the bounds, ignoring the aspect ratio (the default).
    case scaleToFill
    /// Scaled by k = min(w/iw, h/ih), keeping the aspect ratio, centred.
    case aspectFit
    /// Scaled by k = max(w/iw, h/ih), keeping the aspect ratio, centred.
    case aspectFill
    /// Natural size, centred on both axes.
    case center
    /// Natural size, top edge, centred horizontally.
    case top
    /// Natural size, bottom edge, centred horizontally.
    case bottom
    /// Natural size, left edge, centred vertically.
    case left
    /// Natural size, right edge, centred vertically.
    case right
    /// Natural size, in the top-left corner.
    case topLeft
    /// Natural size, in the top-right corner.
    case topRight
    /// Natural size, in the bottom-left corner.
    case bottomLeft
    /// Natural size, in the bottom-right corner.
    case bottomRight
}

/// How the middle of a resizable (cap-inset) image fills the space between the caps.
public enum ResizingMode: String, CaseIterable, Hashable, Sendable {
    /// The middle is stretched (the default).
    case stretch
    /// The middle is repeated.
    case tile
}
