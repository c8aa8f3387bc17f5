extension AtlasFrame {
    /// Whether the stored pixels lie inside a sheet of `width` × `height` pixels.
    public func fits(sheetWidth width: Int, height: Int) -> Bool {
        let rect = sheetRect
        return rect.x >= 0 && rect.y >= 0 && rect.x + rect.width <= width && rect.y + rect.height <= height
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
