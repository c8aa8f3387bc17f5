/// The inverse of an element's transform, for the hot path: `L = C + M⁻¹·(P − O − C − t)` with
/// C the bounds' centre, as in ``CompiledElement``.
@usableFromInline
struct InverseTransform: Equatable, BitwiseCopyable {
    @usableFromInline var a: Double, b: Double, c: Double, d: Double
    @usableFromInline var translateX: Double, translateY: Double

    @inlinable
    init(a: Double, b: Double, c: Double, d: Double, translateX: Double, translateY: Double) {
        (self.a, self.b, self.c, self.d, self.translateX, self.translateY) = (a, b, c, d, translateX, translateY)
    }

    /// A parent-space point less the element's origin, `(px, py)`, in the element's local space:
    /// `L = C + M⁻¹·(P − O − C − t)`, evaluated in exactly that order. The one place the inverse
    /// is applied: the full records' test and the hot records' test both come here, so that the
    /// two forms of an element agree bit for bit.
    @inlinable @inline(__always)
    func localPoint(_ px: Double, _ py: Double, centreX: Double, centreY: Double) -> (x: Double, y: Double) {
        let dx = px - centreX - translateX, dy = py - centreY - translateY
        return (centreX + (a * dx + c * dy), centreY + (b * dx + d * dy))
    }

    init(of full: CompiledElement) {
        (a, b, c, d) = (full.inverseA, full.inverseB, full.inverseC, full.inverseD)
        (translateX, translateY) = (full.translateX, full.translateY)
    }
}
