import AlphaHit

/// A decoded image's plane with rows tightly packed, as `hittest decode` writes it.
enum PackedPlane {
    /// alpha8: W bytes a row; argb8: 4W bytes a row; mask1: ceil(W/8) bytes a row, leftmost pixel in the MSB.
    static func bytes(of image: DecodedImage) -> [UInt8] {
        switch image.format {
        case .alpha8, .premultipliedARGB8:
            let rowBytes = image.format == .alpha8 ? image.width : image.width * 4
            var out = [UInt8]()
            out.reserveCapacity(rowBytes * image.height)
            image.withUnsafeBytes { raw in
                for y in 0..<image.height {
                    out.append(contentsOf: raw[y * image.bytesPerRow..<y * image.bytesPerRow + rowBytes])
                }
            }
            return out
        case .mask1:
            let rowBytes = (image.width + 7) / 8
            var out = [UInt8](repeating: 0, count: rowBytes * image.height)
            for y in 0..<image.height {
                for x in 0..<image.width where image.alpha(atX: x, y: y) != 0 {
                    out[y * rowBytes + x / 8] |= 0x80 >> UInt8(x % 8)
                }
            }
            return out
        }
    }
}
