import AlphaHitBasics

/// A screen of elements: what a ``HitTester`` is built from.
public struct Layout: Hashable, Sendable {
    /// Values applied to elements that do not set their own.
    public struct Defaults: Hashable, Sendable {
        /// Default ``Element/alphaThreshold`` (else 0.1).
        public var alphaThreshold: Double?
        /// Default ``Element/imageScale`` when the file name does not say @2x or @3x (else 1).
        public var imageScale: Double?
        /// Default ``Element/contentMode`` (else `.scaleToFill`).
        public var contentMode: ContentMode?
        /// Default ``Element/touchTolerance`` for queries that give none, in points ≥ 0 (else 0: exact hits only).
        public var touchTolerance: Double?

        /// Creates defaults; nil leaves the built-in default.
        public init(alphaThreshold: Double? = nil, imageScale: Double? = nil, contentMode: ContentMode? = nil, touchTolerance: Double? = nil) {
            self.alphaThreshold = alphaThreshold
            self.imageScale = imageScale
            self.contentMode = contentMode
            self.touchTolerance = touchTolerance
        }
    }

    /// When set, points outside `[0, width) × [0, height)` hit nothing.
    public var canvas: Size?
    /// Defaults for elements.
    public var defaults: Defaults
    /// Top-level elements, back to front.
    public var elements: [Element]
    /// Where relative image paths start; nil: the current directory.
    public var imageDirectory: String?

    /// Creates a layout.
    public init(canvas: Size? = nil, defaults: Defaults = Defaults(), elements: [Element], imageDirectory: String? = nil) {
        self.canvas = canvas
        self.defaults = defaults
        self.elements = elements
        self.imageDirectory = imageDirectory
    }
}
