/// An element's affine transform, in the CoreGraphics convention: `x' = a*x + c*y + tx`, `y' = b*x + d*y + ty`.
///
/// (Named for what it applies to, so that it never clashes with Foundation's `ElementTransform`
/// in a file that imports both.)
///
/// An element's transform applies about the centre of its frame, as UIKit applies a view's
/// transform: a local point L maps to its parent as `P = O + C + M·(L − C) + t`, with O the
/// frame origin, C the frame's centre offset (width/2, height/2), M the 2×2 part and t = (tx, ty).
public struct ElementTransform: Hashable, Sendable {
    /// How much x' grows with x (horizontal scale, with rotation: cos θ · sx).
    public var a: Double
    /// How much y' grows with x (with rotation: sin θ · sx).
    public var b: Double
    /// How much x' grows with y (with rotation: −sin θ · sy).
    public var c: Double
    /// How much y' grows with y (vertical scale, with rotation: cos θ · sy).
    public var d: Double
    /// Horizontal translation, in the parent's points.
    public var tx: Double
    /// Vertical translation, in the parent's points.
    public var ty: Double

    /// The matrix form `[a, b, c, d, tx, ty]`.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The convenience form: scale first, then rotate, then translate.
    ///
    /// - Parameters:
    ///   - rotationDegrees: positive turns clockwise on screen (y grows down): a = cos θ, b = sin θ, c = −sin θ, d = cos θ.
    ///   - scaleX: horizontal scale factor; `scaleY` likewise.
    ///   - translateX: added after scaling and rotating, in the parent's points; `translateY` likewise.
    public init(rotationDegrees: Double = 0, scaleX: Double = 1, scaleY: Double = 1, translateX: Double = 0, translateY: Double = 0) {
        let radians = rotationDegrees * Double.pi / 180
        let cosine = Platform.cosine(radians), sine = Platform.sine(radians)
        // M = R · S: the columns of S scaled by sx and sy, then rotated.
        self.init(a: cosine * scaleX, b: sine * scaleX, c: -sine * scaleY, d: cosine * scaleY, tx: translateX, ty: translateY)
    }

    /// The identity transform.
    public static let identity = ElementTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// `a*d − b*c`; zero for a singular transform, which cannot be inverted.
    public var determinant: Double { a * d - b * c }

    /// The inverse of a 2×2 matrix `[[a, c], [b, d]]`, or nil when its determinant is 0 or not
    /// finite: the one inversion, for the engine's inverse transforms and its affine maps alike.
    package static func inverse(a: Double, b: Double, c: Double, d: Double) -> (a: Double, b: Double, c: Double, d: Double)? {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return nil }
        return (d / determinant, -b / determinant, -c / determinant, a / determinant)
    }

    /// A local point `(x, y)` of an element with origin `(originX, originY)` and centre offset
    /// `(centreX, centreY)` in its parent's space: `P = O + C + M·(L − C) + t`, evaluated in exactly
    /// that order; without a transform, `P = O + L`. The one forward placement: the engine's boxes
    /// and touch tolerance's maps both come here (the inverse is ``InverseTransform``'s).
    @inlinable
    package static func parentPoint(
        _ x: Double, _ y: Double, originX: Double, originY: Double, centreX: Double, centreY: Double, transform: ElementTransform?
    ) -> (x: Double, y: Double) {
        guard let m = transform else { return (originX + x, originY + y) }
        let dx = x - centreX, dy = y - centreY
        return (originX + centreX + (m.a * dx + m.c * dy) + m.tx, originY + centreY + (m.b * dx + m.d * dy) + m.ty)
    }

    /// Whether every component is finite and the 2×2 part can be inverted.
    public var isInvertible: Bool {
        [a, b, c, d, tx, ty].allSatisfy(\.isFinite) && determinant != 0 && determinant.isFinite
    }
}
