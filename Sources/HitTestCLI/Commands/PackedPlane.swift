import AlphaHit

/// A decoded image's plane with rows tightly packed, as `hittest decode` writes it:
/// alpha8 W bytes a row, argb8 4W bytes a row, mask1 ceil(W/8) bytes a row with the
/// leftmost pixel in the most significant bit.
enum PackedPlane {
    /// Calls `body` with each packed row in turn, top to bottom, without copying the whole plane.
    static func forEachRow(of image: DecodedImage, _ body: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        switch image.format {
        case .alpha8, .premultipliedARGB8:
            let rowBytes = image.format == .alpha8 ? image.width : image.width * 4
            try image.withUnsafeBytes { raw in
                for y in 0..<image.height {
                    try body(UnsafeRawBufferPointer(rebasing: raw[y * image.bytesPerRow..<y * image.bytesPerRow + rowBytes]))
                }
            }
        case .mask1:
            var row = [UInt8](repeating: 0, count: (image.width + 7) / 8)
            for y in 0..<image.height {
                for i in row.indices { row[i] = 0 }
                for x in 0..<image.width where image.alpha(atX: x, y: y) != 0 {
                    row[x / 8] |= 0x80 >> UInt8(x % 8)
                }
                try row.withUnsafeBytes(body)
            }
        }
    }

    /// Each packed row of an atlas frame (or a region) read from its decoded sheet: the source
    /// size, trimmed pixels zero, the rotation undone.
    static func forEachRow(of sheet: DecodedImage, frame: AtlasFrame, _ body: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        switch sheet.format {
        case .alpha8, .premultipliedARGB8:
            let bytesPerPixel = sheet.format == .alpha8 ? 1 : 4
            var row = [UInt8](repeating: 0, count: frame.sourceWidth * bytesPerPixel)
            try sheet.withUnsafeBytes { raw in
                for y in 0..<frame.sourceHeight {
                    for x in 0..<frame.sourceWidth {
                        let at = frame.sheetPixel(x: x, y: y).map { $0.y * sheet.bytesPerRow + $0.x * bytesPerPixel }
                        for byte in 0..<bytesPerPixel { row[x * bytesPerPixel + byte] = at.map { raw[$0 + byte] } ?? 0 }
                    }
                    try row.withUnsafeBytes(body)
                }
            }
        case .mask1:
            var row = [UInt8](repeating: 0, count: (frame.sourceWidth + 7) / 8)
            for y in 0..<frame.sourceHeight {
                for i in row.indices { row[i] = 0 }
                for x in 0..<frame.sourceWidth {
                    if let at = frame.sheetPixel(x: x, y: y), sheet.alpha(atX: at.x, y: at.y) != 0 { row[x / 8] |= 0x80 >> UInt8(x % 8) }
                }
                try row.withUnsafeBytes(body)
            }
        }
    }
}
