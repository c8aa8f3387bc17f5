/// The inverse of an element's transform, for the hot path: `L = C + M⁻¹·(P − O − C − t)` with
/// C the bounds' centre, as in ``CompiledElement``.
@usableFromInline
struct InverseTransform: Equatable {
    @usableFromInline var a: Double, b: Double, c: Double, d: Double
    @usableFromInline var translateX: Double, translateY: Double

    init(of full: CompiledElement) {
        (a, b, c, d) = (full.inverseA, full.inverseB, full.inverseC, full.inverseD)
        (translateX, translateY) = (full.translateX, full.translateY)
    }
}
