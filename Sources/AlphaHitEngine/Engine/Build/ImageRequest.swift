import AlphaHitBasics

/// An image as one build asks for it: where it comes from, and the scale an SVG there is drawn
/// at, so that elements drawing one SVG at two scales get two rasters while a raster file is
/// still read once (the cache keeps one entry for it whatever the scale).
struct ImageRequest: Hashable, Sendable {
    let source: ImageSource
    let vectorScale: Double

    /// What `element` asks of `source` in a layout whose default image scale is `defaultScale`:
    /// an SVG file is drawn at the element's `imageScale`, else @2x/@3x in the file name, else the
    /// default, else 1; an atlas's sheet at 1, since its frames are given in sheet pixels.
    init(_ source: ImageSource, of element: borrowing Element, defaultScale: Double?) {
        self.source = source
        switch source {
        case .atlasFrame:
            vectorScale = 1
        case .file(let name), .region(let name, _, _, _, _):
            let scale = element.imageScale ?? ImageScale.inferred(fromPath: name) ?? defaultScale ?? 1
            // Validation reports a scale that is no finite positive number; the image is still
            // read at 1, so that its own problems are reported beside it.
            vectorScale = scale.isFinite && scale > 0 ? scale : 1
        }
    }
}
