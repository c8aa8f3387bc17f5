import AlphaHitBasics
import AlphaHitImages

extension SolidMask {
    /// The outline of the solid pixels: exact when `epsilon` is 0 (``exactOutline()``), else
    /// simplified within `epsilon` pixels (`Docs/Outlines.md`, "Simplified").
    ///
    /// A simplified outline has the same polygons and rings as the exact one, in the same order;
    /// the Hausdorff distance between each ring and its exact ring is at most `epsilon`; each ring
    /// is simple (it neither crosses nor touches itself), no two rings touch, and every ring is on
    /// the same side of every other as before (holes inside their outer rings, islands inside
    /// their holes). Vertices are on the thousandth of a pixel; an outer ring's shoelace sum is
    /// positive, a hole's negative. Where solid pixels touch only at a corner, the exact rings
    /// meet there; simplified ones pass a little inside their own pixel instead (by at most a
    /// quarter of `epsilon` and 0.05 pixel; below 0.006 pixel they still meet, as exact ones do).
    ///
    /// - Parameter epsilon: pixels, from 0 to 1,000,000.
    /// - Throws: ``OutlineError/epsilon(_:)`` for an epsilon out of range or not a number.
    public func outline(epsilon: Double = 0) throws(OutlineError) -> [OutlinePolygon] {
        guard epsilon >= 0 && epsilon <= 1_000_000 else { throw .epsilon(epsilon) }
        let exact = exactOutline()
        return epsilon == 0 ? exact : OutlineSimplification.simplify(exact, epsilon: epsilon)
    }
}

/// The outline of `image`'s solid pixels at `threshold` (or of its rectangle `region`): exact
/// for `epsilon` 0, else simplified within `epsilon` pixels (``SolidMask/outline(epsilon:)``).
///
/// Traced straight from the image's rows, one pass (``RowTracer``): memory of two rows besides
/// the output, no mask of the whole image.
///
/// - Throws: ``OutlineError`` for a threshold outside 0...1, a region not inside the image, or an
///   epsilon outside 0...1,000,000.
public func outline(
    of image: DecodedImage, threshold: Double = AlphaThreshold.defaultValue, epsilon: Double = 0, region: PixelRegion? = nil
) throws(OutlineError) -> [OutlinePolygon] {
    let region = try SolidMask.checked(threshold, region, of: image)
    guard epsilon >= 0 && epsilon <= 1_000_000 else { throw .epsilon(epsilon) }
    let minimumAlpha = AlphaThreshold.minimumAlpha(for: threshold)
    var tracer = RowTracer(width: region.width)
    var row = [Bool](repeating: false, count: region.width)
    for y in 0..<region.height {
        for x in 0..<region.width { row[x] = AlphaThreshold.isSolid(alpha: image.alpha(atX: region.x + x, y: region.y + y), minimumAlpha: minimumAlpha) }
        tracer.add(row: row, at: y)
    }
    tracer.add(row: nil, at: region.height)
    let exact = tracer.finish()
    return epsilon == 0 ? exact : OutlineSimplification.simplify(exact, epsilon: epsilon)
}
