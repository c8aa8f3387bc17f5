import AlphaHitBasics

/// The size rule for SVG documents (`Docs/Decoding.md`): the root's `width` and `height` in
/// CSS pixels, taken as points; a missing (or relative) one from the `viewBox`'s proportions;
/// both missing, the `viewBox` size. The raster is that size times the scale, rounded up.
enum SVGSize {
    /// Why a document has no size.
    struct NoSize: Error {
        let reason: String
    }

    /// CSS pixels per unit for the absolute units (96 per inch); nil for relative units
    /// (percent, em, ex), which give no size without a container.
    static func cssPixels(per unit: SVGDocument.Unit) -> Double? {
        switch unit {
        case .px: 1
        case .inch: 96
        case .cm: 96 / 2.54
        case .mm: 96 / 25.4
        case .pt: 96.0 / 72
        case .pc: 16
        case .relative: nil
        }
    }

    /// The document's size in points, or why it has none.
    static func points(of dimensions: SVGDocument.Dimensions) -> Result<(width: Double, height: Double), NoSize> {
        func absolute(_ length: SVGDocument.Length?) -> Double? {
            guard let length, let factor = cssPixels(per: length.unit) else { return nil }
            let value = length.value * factor
            return value.isFinite && value > 0 ? value : nil
        }
        let viewBox = dimensions.viewBox.flatMap { box in
            box.width.isFinite && box.height.isFinite && box.width > 0 && box.height > 0 ? box : nil
        }
        switch (absolute(dimensions.width), absolute(dimensions.height), viewBox) {
        case (let width?, let height?, _):
            return .success((width, height))
        case (let width?, nil, let box?):
            return finite(width, width * box.height / box.width)
        case (nil, let height?, let box?):
            return finite(height * box.width / box.height, height)
        case (nil, nil, let box?):
            return .success((box.width, box.height))
        default:
            let given = dimensions.viewBox == nil ? "no viewBox" : "an empty or invalid viewBox"
            return .failure(NoSize(reason: "its width and height are missing, relative (%, em, ex) or not positive, and it has \(given)"))
        }
    }

    private static func finite(_ width: Double, _ height: Double) -> Result<(width: Double, height: Double), NoSize> {
        width.isFinite && height.isFinite && width > 0 && height > 0
            ? .success((width, height)) : .failure(NoSize(reason: "its size \(width) x \(height) points is not finite and positive"))
    }

    /// Whole pixels covering `points` at `scale` (a millionth of a pixel of floating-point noise
    /// does not add a column), at most `Int32.max`: larger is over every limit anyway, and the
    /// limits then report it.
    static func pixels(_ points: Double, scale: Double) -> Int {
        let rounded = (points * scale - 1e-6).rounded(.up)
        guard rounded.isFinite, rounded < Double(Int32.max) else { return Int(Int32.max) }
        return max(1, Int(rounded))
    }
}
