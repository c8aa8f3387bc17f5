import AlphaHitBasics

/// Decodes PNG, WebP and SVG images into ``DecodedImage`` buffers.
///
/// The format is told from the content, never the file name (`Docs/Decoding.md` lists the
/// signatures); other known image formats are refused by name. Every image is checked against
/// ``limits`` from its header before pixel memory is allocated. PNGs are decoded row by row
/// (only the output and one RGBA row are allocated); WebPs through libwebp straight into the
/// output where the format allows it; SVGs are drawn by librsvg, in bands for the one-byte
/// formats. The sample rules for each format are in `Docs/Decoding.md`.
public struct ImageDecoder: Sendable {
    /// The limits every decoded image must respect.
    public var limits: DecodingLimits

    /// Creates a decoder with the given limits (default: ``DecodingLimits/default``).
    public init(limits: DecodingLimits = .default) {
        self.limits = limits
    }

    /// Decodes the image file at `path` into `format`.
    ///
    /// - Parameter scale: pixels per point an SVG document is drawn at (finite, greater than 0;
    ///   default 1). Raster images ignore it.
    /// - Throws: ``ImageDecodingError`` naming `path`: missing or unreadable file, empty, another
    ///   or no image format, truncated or corrupt data, an SVG librsvg refuses or without a size,
    ///   an invalid `scale`, or over ``limits``.
    public func decode(contentsOfFile path: String, as format: PixelFormat, scale: Double = 1) throws(ImageDecodingError) -> DecodedImage {
        try checkScale(scale, source: path)
        // PNG first, which costs a PNG nothing: the first bytes are read again, to tell what the
        // file is, only when libpng finds no PNG header there.
        do throws(ImageDecodingError) {
            return try decodePNG(try LibPNGReader(path: path), as: format)
        } catch {
            switch error {
            case .notPNG, .incompleteHeader, .truncated, .invalidHeader, .malformed, .checksumMismatch: break
            default: throw error
            }
            guard let prefix = Platform.readPrefix(path, byteCount: ImageContent.prefixLength) else { throw error }
            switch ImageContent(prefix: prefix) {
            case .webP:
                // The size from the headers is admitted before the file is read whole.
                try prefix.withUnsafeBytes { bytes in
                    Result { () throws(ImageDecodingError) in try admitWebPHeader(bytes, source: path, as: format) }
                }.get()
                return try decodeWebP(try encodedBytes(ofFile: path), source: path, as: format)
            case .svg: return try decodeSVG(try encodedBytes(ofFile: path), source: path, as: format, scale: scale)
            case .known(let other): throw .unsupportedFormat(source: path, format: other)
            case .png, .unknown: throw error
            }
        }
    }

    /// Decodes image bytes held in memory into `format`.
    ///
    /// - Parameters:
    ///   - name: how errors refer to these bytes (default `<memory>`).
    ///   - scale: pixels per point for SVG, as for files.
    /// - Throws: ``ImageDecodingError``, as for files.
    public func decode(
        bytes: some Sequence<UInt8>, name: String = "<memory>", as format: PixelFormat, scale: Double = 1
    ) throws(ImageDecodingError) -> DecodedImage {
        let contiguous = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(ImageDecodingError) in try decode(UnsafeRawBufferPointer(buffer), name: name, as: format, scale: scale) }
        }
        if let contiguous { return try contiguous.get() }
        let copy = Array(bytes)
        return try copy.withUnsafeBytes { buffer in
            Result { () throws(ImageDecodingError) in try decode(buffer, name: name, as: format, scale: scale) }
        }.get()
    }

    /// Reads only the header of the PNG file at `path` (up to the image data), decoding no pixels.
    ///
    /// - Throws: ``ImageDecodingError`` as ``decode(contentsOfFile:as:scale:)`` does for the header.
    public func readHeader(contentsOfFile path: String) throws(ImageDecodingError) -> PNGHeader {
        try LibPNGReader(path: path).readHeader()
    }

    private func decode(_ buffer: UnsafeRawBufferPointer, name: String, as format: PixelFormat, scale: Double) throws(ImageDecodingError) -> DecodedImage {
        try checkScale(scale, source: name)
        let content = ImageContent.hasPNGSignature(buffer) ? .png : ImageContent(prefix: buffer.prefix(ImageContent.prefixLength))
        switch content {
        case .webP: return try decodeWebP(buffer, source: name, as: format)
        case .svg: return try decodeSVG(buffer, source: name, as: format, scale: scale)
        case .known(let other): throw .unsupportedFormat(source: name, format: other)
        case .png, .unknown: return try decodePNG(try LibPNGReader(bytes: buffer, name: name), as: format)
        }
    }

    private func checkScale(_ scale: Double, source: String) throws(ImageDecodingError) {
        guard scale.isFinite, scale > 0 else { throw .invalidScale(source: source, scale: scale) }
    }

    /// The whole file, for the formats whose libraries read from memory, within
    /// ``DecodingLimits/maxEncodedBytes``.
    private func encodedBytes(ofFile path: String) throws(ImageDecodingError) -> [UInt8] {
        do throws(Platform.ReadFailure) {
            return try Platform.readFile(path, maximumSize: limits.maxEncodedBytes)
        } catch {
            switch error {
            case .system(let system) where system.isMissingFile: throw .fileNotFound(source: path)
            case .tooLarge:
                let size = (try? Platform.status(ofPath: path)).map { Int(clamping: $0.size) } ?? limits.maxEncodedBytes + 1
                throw .fileTooLarge(source: path, bytes: size, maxBytes: limits.maxEncodedBytes, remedy: limits.remedy)
            default: throw .unreadable(source: path, reason: error.description)
            }
        }
    }

    private func decodeWebP(_ bytes: [UInt8], source: String, as format: PixelFormat) throws(ImageDecodingError) -> DecodedImage {
        try bytes.withUnsafeBytes { buffer in
            Result { () throws(ImageDecodingError) in try decodeWebP(buffer, source: source, as: format) }
        }.get()
    }

    private func decodeSVG(_ bytes: [UInt8], source: String, as format: PixelFormat, scale: Double) throws(ImageDecodingError) -> DecodedImage {
        try bytes.withUnsafeBytes { buffer in
            Result { () throws(ImageDecodingError) in try decodeSVG(buffer, source: source, as: format, scale: scale) }
        }.get()
    }

    /// The output's row size and byte count for a `width` × `height` image in `format`, after
    /// checking them against ``limits`` (``DecodingLimits/decodedSize(width:height:format:)``):
    /// the one place every format's size is admitted.
    func admit(width: Int, height: Int, as format: PixelFormat, source: String) throws(ImageDecodingError) -> (bytesPerRow: Int, byteCount: Int) {
        do throws(DecodingLimits.Excess) {
            return try limits.decodedSize(width: width, height: height, format: format)
        } catch {
            switch error {
            case .dimensions:
                throw .dimensionsExceedLimit(
                    source: source, width: width, height: height,
                    maxWidth: limits.maxWidth, maxHeight: limits.maxHeight, remedy: limits.remedy)
            case .pixelCount:
                throw .pixelCountExceedsLimit(source: source, width: width, height: height, maxPixels: limits.maxPixelCount, remedy: limits.remedy)
            case .decodedBytes(let bytes):
                throw .decodedSizeExceedsLimit(source: source, bytes: bytes ?? .max, maxBytes: limits.maxDecodedBytes, remedy: limits.remedy)
            }
        }
    }
}
