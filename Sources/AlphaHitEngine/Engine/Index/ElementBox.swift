/// The axis-aligned box, in layout points, outside which an element itself can never be hit:
/// its bounds carried up through every transform and cut by every clipping ancestor.
struct ElementBox: Hashable {
    var element: Int32
    var minX: Double, minY: Double, maxX: Double, maxY: Double

    /// The box grown by a margin relative to its magnitude, so that points the element's own
    /// arithmetic puts inside are never outside after rounding.
    func paddedAgainstRounding() -> ElementBox {
        let magnitude = max(max(abs(minX), abs(minY)), max(abs(maxX), abs(maxY)))
        let pad = 1e-9 * (1 + (magnitude.isFinite ? magnitude : 0))
        return ElementBox(element: element, minX: minX - pad, minY: minY - pad, maxX: maxX + pad, maxY: maxY + pad)
    }

    var isFinite: Bool { minX.isFinite && minY.isFinite && maxX.isFinite && maxY.isFinite }
}
