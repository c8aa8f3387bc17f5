import AlphaHitBasics

extension ImageDecoder {
    /// Decodes a PNG row by row: the output and one RGBA row are all that is allocated, and an
    /// interlaced image is de-interlaced pass row by pass row straight into the output.
    func decodePNG(_ reader: borrowing LibPNGReader, as format: PixelFormat) throws(ImageDecodingError) -> DecodedImage {
        let header = try reader.readHeader()
        let (width, height) = (header.width, header.height)
        let (bytesPerRow, byteCount) = try admit(width: width, height: height, as: format, source: reader.source)
        let rowBytes = try reader.startRGBA8()
        guard rowBytes == width * 4 else {
            throw .malformed(source: reader.source, libpngMessage: "unexpected row size \(rowBytes) for width \(width)")
        }

        // Masks are built by setting bits (and keep zero padding); the byte formats overwrite
        // every byte of every row, interlaced or not, so they skip the zeroing pass.
        let storage = PixelStorage(byteCount: byteCount, zeroed: format.isMask)
        let row = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes)
        defer { row.deallocate() }
        let converter = RowConverter(format: format)
        if header.isInterlaced {
            for pass in Adam7Pass.passes {
                let columns = pass.columns(inWidth: width)
                let rows = pass.rows(inHeight: height)
                guard columns > 0, rows > 0 else { continue }  // libpng skips empty passes too
                for passRow in 0..<rows {
                    try reader.readRow(into: row)
                    let y = pass.yStart + passRow * pass.yStep
                    converter.convert(
                        rgba: row, count: columns, into: storage.base + y * bytesPerRow,
                        xStart: pass.xStart, xStep: pass.xStep)
                }
            }
        } else {
            for y in 0..<height {
                try reader.readRow(into: row)
                converter.convert(rgba: row, count: width, into: storage.base + y * bytesPerRow, xStart: 0, xStep: 1)
            }
        }
        try reader.finish()
        return DecodedImage(
            width: width, height: height, format: format, bytesPerRow: bytesPerRow, origin: .png(header), storage: storage)
    }
}
