import AlphaHitBasics

/// A plane map `p ↦ M·p + t`, with `M = [[a, c], [b, d]]`: `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
///
/// Touch tolerance measures distances where elements are drawn, so it carries each element's local
/// space up to the layout (and to each clipping ancestor) with these.
struct AffineMap {
    var a = 1.0, b = 0.0, c = 0.0, d = 1.0, tx = 0.0, ty = 0.0

    static let identity = AffineMap()

    func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (a * x + c * y + tx, b * x + d * y + ty)
    }

    /// The linear part only, for displacements.
    func applyLinear(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (a * x + c * y, b * x + d * y)
    }

    /// `outer ∘ self`: first this map, then `outer`.
    func followed(by outer: AffineMap) -> AffineMap {
        AffineMap(
            a: outer.a * a + outer.c * b, b: outer.b * a + outer.d * b,
            c: outer.a * c + outer.c * d, d: outer.b * c + outer.d * d,
            tx: outer.a * tx + outer.c * ty + outer.tx, ty: outer.b * tx + outer.d * ty + outer.ty)
    }

    /// The inverse map; nil when `M` is singular (the engine never builds one).
    var inverse: AffineMap? {
        guard let (ia, ib, ic, id) = ElementTransform.inverse(a: a, b: b, c: c, d: d) else { return nil }
        return AffineMap(a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }

    /// Whether `M` is the identity, so that distances in the two spaces agree.
    var isTranslation: Bool { a == 1 && b == 0 && c == 0 && d == 1 }

    /// The element's local space in the layout's: its own map first, then each ancestor's up to the root.
    static func toLayout(from chain: ElementChain) -> AffineMap {
        chain.reversed().reduce(AffineMap.identity) { map, level in map.followed(by: .parentMap(of: level)) }
    }

    /// One element's local space in its parent's, from its compiled record: the map whose linear
    /// part is `M` and which sends the local origin where ``ElementTransform/parentPoint`` puts it
    /// (the record holds `M⁻¹`; see ``InverseTransform``).
    static func parentMap(of element: ElementHandle) -> AffineMap {
        let e = element.record
        var forward: ElementTransform?
        if e.hasTransform {
            let m = ElementTransform.inverse(a: e.inverseA, b: e.inverseB, c: e.inverseC, d: e.inverseD) ?? (1, 0, 0, 1)
            forward = ElementTransform(a: m.a, b: m.b, c: m.c, d: m.d, tx: e.translateX, ty: e.translateY)
        }
        let origin = ElementTransform.parentPoint(
            0, 0, originX: e.originX, originY: e.originY, centreX: e.centreX, centreY: e.centreY, transform: forward)
        let linear = forward ?? .identity
        return AffineMap(a: linear.a, b: linear.b, c: linear.c, d: linear.d, tx: origin.x, ty: origin.y)
    }
}
