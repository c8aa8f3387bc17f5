import AlphaHitBasics

extension ImageDecoder {
    /// Decodes a still WebP. The size comes from the headers and is admitted before anything is
    /// allocated. Premultiplied ARGB is decoded into the output itself and premultiplied in place
    /// with the PNG rule; alpha8 takes libwebp's alpha plane into the output (its luma and chroma
    /// into scratch memory of one byte a pixel); a mask thresholds that plane.
    func decodeWebP(_ bytes: UnsafeRawBufferPointer, source: String, as format: PixelFormat) throws(ImageDecodingError) -> DecodedImage {
        let header = try LibWebPReader.header(of: bytes, source: source)
        let (width, height) = (header.width, header.height)
        let (bytesPerRow, byteCount) = try admit(width: width, height: height, as: format, source: source)
        let storage = PixelStorage(byteCount: byteCount, zeroed: format.isMask)
        switch format {
        case .premultipliedARGB8:
            try LibWebPReader.decodeARGB(bytes, into: storage.base, stride: bytesPerRow, height: height, source: source)
            Self.premultiplyInPlace(storage.base.assumingMemoryBound(to: UInt8.self), pixelCount: width * height)
        case .alpha8:
            try decodeAlpha(bytes, into: storage.base, width: width, height: height, source: source)
        case .mask1(let minAlpha):
            let alpha = UnsafeMutableRawPointer.allocate(byteCount: max(1, width * height), alignment: 64)
            defer { alpha.deallocate() }
            try decodeAlpha(bytes, into: alpha, width: width, height: height, source: source)
            let plane = alpha.assumingMemoryBound(to: UInt8.self)
            for y in 0..<height {
                RowConverter.mask(alpha: plane + y * width, count: width, minAlpha: minAlpha, into: storage.base + y * bytesPerRow)
            }
        }
        return DecodedImage(width: width, height: height, format: format, bytesPerRow: bytesPerRow, origin: .webP(header), storage: storage)
    }

    /// Admits the size the headers in a file's first bytes give, before the rest is read. Headers
    /// that reach past those bytes (a large colour profile before the bitstream) are admitted once
    /// the file, within ``DecodingLimits/maxEncodedBytes``, is read.
    func admitWebPHeader(_ prefix: UnsafeRawBufferPointer, source: String, as format: PixelFormat) throws(ImageDecodingError) {
        let header: WebPHeader
        do throws(ImageDecodingError) {
            header = try LibWebPReader.header(of: prefix, source: source)
        } catch {
            if case .truncatedWebP = error { return }
            throw error
        }
        _ = try admit(width: header.width, height: header.height, as: format, source: source)
    }

    /// libwebp's alpha plane, `width` bytes a row, into `alpha`; 255 everywhere for an image
    /// without alpha (the plane starts opaque, so a file that stores none reads as opaque).
    private func decodeAlpha(
        _ bytes: UnsafeRawBufferPointer, into alpha: UnsafeMutableRawPointer, width: Int, height: Int, source: String
    ) throws(ImageDecodingError) {
        alpha.initializeMemory(as: UInt8.self, repeating: 255, count: width * height)
        let scratch = UnsafeMutableRawPointer.allocate(byteCount: LibWebPReader.yuvScratchSize(width: width, height: height), alignment: 64)
        defer { scratch.deallocate() }
        try LibWebPReader.decodeAlpha(bytes, into: alpha, stride: width, width: width, height: height, scratch: scratch, source: source)
    }

    /// Premultiplies straight A, R, G, B pixels in place with ``RowConverter/premultiply(_:_:)``.
    static func premultiplyInPlace(_ pixels: UnsafeMutablePointer<UInt8>, pixelCount: Int) {
        for i in 0..<pixelCount {
            let pixel = pixels + i &* 4
            let alpha = UInt32(pixel[0])
            guard alpha != 255 else { continue }
            pixel[1] = RowConverter.premultiply(pixel[1], alpha)
            pixel[2] = RowConverter.premultiply(pixel[2], alpha)
            pixel[3] = RowConverter.premultiply(pixel[3], alpha)
        }
    }
}
