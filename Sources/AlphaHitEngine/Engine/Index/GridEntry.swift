/// One element in one grid cell: its index and its box, rounded outwards to `Float`, so that a
/// query rejects most candidates reading only the cell's own contiguous entries.
@usableFromInline
struct GridEntry: Sendable, BitwiseCopyable {
    @usableFromInline var element: Int32 = 0
    @usableFromInline var minX: Float = 0, minY: Float = 0, maxX: Float = 0, maxY: Float = 0

    init() {}

    init(_ box: ElementBox) {
        element = box.element
        minX = Self.below(box.minX)
        minY = Self.below(box.minY)
        maxX = Self.above(box.maxX)
        maxY = Self.above(box.maxY)
    }

    /// Whether (x, y) may lie in the box: never false for a point of the element's true box.
    @inlinable @inline(__always)
    func mayContain(_ x: Double, _ y: Double) -> Bool {
        Double(minX) <= x && x <= Double(maxX) && Double(minY) <= y && y <= Double(maxY)
    }

    /// The squared distance (points²) from `point` to the box: nothing in the element's region is
    /// nearer. (In vector form so that the compiler selects by `maxpd`, not by a branch: near a
    /// miss, which side of a box a point lies on is a coin toss.)
    @inline(__always)
    func squaredDistance(to point: SIMD2<Double>) -> Double {
        let before = SIMD2(Double(minX), Double(minY)) - point
        let after = point - SIMD2(Double(maxX), Double(maxY))
        let larger = before.replacing(with: after, where: after .> before)
        let gap = larger.replacing(with: 0, where: SIMD2<Double>.zero .> larger)
        return (gap * gap).sum()
    }

    private static func below(_ value: Double) -> Float {
        guard !value.isNaN else { return -.infinity }
        let rounded = Float(value)
        return Double(rounded) > value ? rounded.nextDown : rounded
    }

    private static func above(_ value: Double) -> Float {
        guard !value.isNaN else { return .infinity }
        let rounded = Float(value)
        return Double(rounded) < value ? rounded.nextUp : rounded
    }
}
