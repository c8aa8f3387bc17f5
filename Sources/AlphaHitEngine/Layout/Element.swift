import AlphaHitBasics

/// One hit-testable element: a frame in its parent's space, an optional image, and the rules
/// that decide where it is solid. The semantics are in `Docs/HitTesting.md`.
public struct Element: Hashable, Sendable {
    /// Unique across the whole layout.
    public var id: String
    /// Position and size in the parent's local space (the layout space for top-level elements), in points.
    public var frame: Rect
    /// The element's image, if any: an image path (PNG, WebP or SVG), an atlas frame or a rectangle of an image. Without one
    /// the shape alone decides.
    public var imageSource: ImageSource?
    /// The PNG file of ``imageSource`` when it is a whole file (nil for atlas frames and regions);
    /// setting it makes the image that file.
    public var image: String? {
        get { if case .file(let path) = imageSource { path } else { nil } }
        set { imageSource = newValue.map(ImageSource.file) }
    }
    /// Image pixels per point; nil: 2 or 3 from an `@2x`/`@3x` file name, else the layout default, else 1.
    public var imageScale: Double?
    /// How the image is placed; nil: the layout default, else `.scaleToFill`.
    public var contentMode: ContentMode?
    /// Caps of a resizable image, in image points; the image then always fills the bounds.
    public var capInsets: EdgeInsets?
    /// How the middle of a resizable image fills the bounds.
    public var resizingMode: ResizingMode
    /// A pixel is solid when `alpha / 255 >= alphaThreshold`, in 0...1; nil: the layout default, else 0.1.
    public var alphaThreshold: Double?
    /// The outline the element is hit within.
    public var shape: ElementShape
    /// Applied about the centre of the frame; nil for none.
    public var transform: ElementTransform?
    /// Hidden elements and their subtrees are never hit.
    public var isHidden: Bool
    /// Non-interactive elements and their subtrees are never hit.
    public var isInteractive: Bool
    /// Elements below 0.01 opacity, and their subtrees, are never hit.
    public var opacity: Double
    /// When true, points outside the bounds hit neither the element nor its subtree.
    public var clipsToBounds: Bool
    /// How far (in layout points, ≥ 0) a tap may miss this element's hit region and still select
    /// it when nothing is hit exactly; nil: the query's tolerance, else the layout's default, else 0.
    /// Overrides both. See `Docs/HitTesting.md`, "Touch tolerance".
    public var touchTolerance: Double?
    /// Children, back to front, in this element's local space; all are on top of the element itself.
    public var children: [Element]
    /// The images of the element's other states, by state name (non-empty, never ``normalState``),
    /// each in any form ``imageSource`` takes; see ``state`` and `Docs/LayoutFormat.md`, "States".
    public var states: [String: ImageSource]
    /// The state the element is tested in (non-empty; default ``normalState``): its image is
    /// `states[state]`, or ``imageSource`` for the normal state and for a state without an image
    /// of its own, as a button falls back to its normal image.
    public var state: String

    /// The state whose image is ``imageSource``.
    public static let normalState = "normal"

    /// The image the element is tested with in its current ``state``.
    public var activeImageSource: ImageSource? {
        state == Self.normalState ? imageSource : states[state] ?? imageSource
    }

    /// Creates an element; every rule not given takes its default.
    public init(
        id: String, frame: Rect, image: String? = nil, imageScale: Double? = nil, contentMode: ContentMode? = nil,
        capInsets: EdgeInsets? = nil, resizingMode: ResizingMode = .stretch, alphaThreshold: Double? = nil,
        shape: ElementShape = .rect, transform: ElementTransform? = nil, isHidden: Bool = false, isInteractive: Bool = true,
        opacity: Double = 1, clipsToBounds: Bool = false, touchTolerance: Double? = nil, children: [Element] = [],
        imageSource: ImageSource? = nil, states: [String: ImageSource] = [:], state: String = Element.normalState
    ) {
        self.id = id
        self.frame = frame
        self.imageSource = imageSource ?? image.map(ImageSource.file)
        self.imageScale = imageScale
        self.contentMode = contentMode
        self.capInsets = capInsets
        self.resizingMode = resizingMode
        self.alphaThreshold = alphaThreshold
        self.shape = shape
        self.transform = transform
        self.isHidden = isHidden
        self.isInteractive = isInteractive
        self.opacity = opacity
        self.clipsToBounds = clipsToBounds
        self.touchTolerance = touchTolerance
        self.children = children
        self.states = states
        self.state = state
    }
}
