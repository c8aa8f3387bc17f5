/// Decodes PNG images into ``DecodedImage`` buffers, row by row, through libpng.
///
/// Only the output buffer and one RGBA row are allocated: decoding a W×H image to
/// ``PixelFormat/alpha8`` needs about W×H bytes plus a few rows, never a full RGBA
/// copy. Interlaced images are de-interlaced pass row by pass row straight into the
/// output. The exact sample rules are in `Docs/Decoding.md`.
public struct PNGDecoder: Sendable {
    /// The limits every decoded image must respect.
    public var limits: DecodingLimits

    /// Creates a decoder with the given limits (default: ``DecodingLimits/default``).
    public init(limits: DecodingLimits = .default) {
        self.limits = limits
    }

    /// Decodes the PNG file at `path` into `format`.
    ///
    /// - Throws: ``PNGDecodingError`` naming `path`: missing or unreadable file, empty,
    ///   not a PNG, truncated, CRC mismatch, invalid header, other corruption, or over ``limits``.
    public func decode(contentsOfFile path: String, as format: PixelFormat) throws(PNGDecodingError) -> DecodedImage {
        let reader = try LibPNGReader(path: path)
        return try decode(reader, as: format)
    }

    /// Decodes PNG bytes held in memory into `format`.
    ///
    /// - Parameter name: how errors refer to these bytes (default `<memory>`).
    /// - Throws: ``PNGDecodingError``, as for files.
    public func decode(bytes: some Sequence<UInt8>, name: String = "<memory>", as format: PixelFormat) throws(PNGDecodingError) -> DecodedImage {
        let contiguous = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(PNGDecodingError) in try decode(UnsafeRawBufferPointer(buffer), name: name, as: format) }
        }
        if let contiguous { return try contiguous.get() }
        let copy = Array(bytes)
        return try copy.withUnsafeBytes { buffer in
            Result { () throws(PNGDecodingError) in try decode(buffer, name: name, as: format) }
        }.get()
    }

    /// Reads only the header of the PNG file at `path` (up to the image data), decoding no pixels.
    ///
    /// - Throws: ``PNGDecodingError`` as ``decode(contentsOfFile:as:)`` does for the header.
    public func readHeader(contentsOfFile path: String) throws(PNGDecodingError) -> PNGHeader {
        try LibPNGReader(path: path).readHeader()
    }

    private func decode(_ buffer: UnsafeRawBufferPointer, name: String, as format: PixelFormat) throws(PNGDecodingError) -> DecodedImage {
        let reader = try LibPNGReader(bytes: buffer, name: name)
        return try decode(reader, as: format)
    }

    private func decode(_ reader: borrowing LibPNGReader, as format: PixelFormat) throws(PNGDecodingError) -> DecodedImage {
        let header = try reader.readHeader()
        let (width, height) = (header.width, header.height)
        guard width <= limits.maxWidth, height <= limits.maxHeight else {
            throw .dimensionsExceedLimit(
                source: reader.source, width: width, height: height,
                maxWidth: limits.maxWidth, maxHeight: limits.maxHeight, remedy: limits.remedy)
        }
        let (pixels, pixelOverflow) = width.multipliedReportingOverflow(by: height)
        guard !pixelOverflow, pixels <= limits.maxPixelCount else {
            throw .pixelCountExceedsLimit(
                source: reader.source, width: width, height: height, maxPixels: limits.maxPixelCount, remedy: limits.remedy)
        }
        guard let bytesPerRow = format.bytesPerRow(width: width) else {
            throw .decodedSizeExceedsLimit(source: reader.source, bytes: .max, maxBytes: limits.maxDecodedBytes, remedy: limits.remedy)
        }
        let (byteCount, overflow) = bytesPerRow.multipliedReportingOverflow(by: height)
        guard !overflow, byteCount <= limits.maxDecodedBytes else {
            throw .decodedSizeExceedsLimit(
                source: reader.source, bytes: overflow ? .max : byteCount, maxBytes: limits.maxDecodedBytes, remedy: limits.remedy)
        }
        let rowBytes = try reader.startRGBA8()
        guard rowBytes == width * 4 else {
            throw .malformed(source: reader.source, libpngMessage: "unexpected row size \(rowBytes) for width \(width)")
        }

        // Masks are built by setting bits (and keep zero padding); the byte formats overwrite
        // every byte of every row, interlaced or not, so they skip the zeroing pass.
        let isMask = if case .mask1 = format { true } else { false }
        let storage = PixelStorage(byteCount: byteCount, zeroed: isMask)
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
            width: width, height: height, format: format, bytesPerRow: bytesPerRow, header: header, storage: storage)
    }
}
