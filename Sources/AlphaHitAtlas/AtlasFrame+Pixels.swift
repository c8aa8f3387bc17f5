import AlphaHitBasics
import AlphaHitImages

extension AtlasFrame {
    /// Whether the stored pixels lie inside a sheet of `width` × `height` pixels.
    public func fits(sheetWidth width: Int, height: Int) -> Bool {
        let rect = sheetRect
        return rect.x >= 0 && rect.y >= 0 && rect.x + rect.width <= width && rect.y + rect.height <= height
    }

    /// Refuses a frame whose source size (the image it stands for, trimmed pixels included) is over
    /// `limits` in `format`, as a PNG of that size would be: checked before anything of that size
    /// is allocated or looped over.
    ///
    /// - Throws: ``AtlasError/frameTooLarge(file:line:name:width:height:limit:remedy:)``.
    public func checkSize(against limits: DecodingLimits, format: PixelFormat = .alpha8, file: String) throws(AtlasError) {
        if let excess = limits.excess(width: sourceWidth, height: sourceHeight, format: format) {
            throw .frameTooLarge(file: file, line: line, name: name, width: sourceWidth, height: sourceHeight, limit: excess, remedy: limits.remedy)
        }
    }

    /// The frame's alpha plane, `sourceWidth × sourceHeight` bytes row by row: the stored pixels
    /// put back un-rotated, alpha 0 where the packer trimmed. `sheet` must hold the frame
    /// (``fits(sheetWidth:height:)``).
    public func alphaPlane(from sheet: DecodedImage) -> [UInt8] {
        var plane = [UInt8](repeating: 0, count: sourceWidth * sourceHeight)
        for v in 0..<height {
            for u in 0..<width {
                if let pixel = sheetPixel(x: trimX + u, y: trimY + v) {
                    plane[(trimY + v) * sourceWidth + trimX + u] = sheet.alpha(atX: pixel.x, y: pixel.y)
                }
            }
        }
        return plane
    }
}
