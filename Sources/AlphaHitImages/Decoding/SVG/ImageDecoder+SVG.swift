import AlphaHitBasics

extension ImageDecoder {
    /// The most bytes of cairo ARGB32 rows the one-byte formats draw at a time.
    static let svgBandBytes = 4 << 20

    /// Rasterises an SVG document at `scale` pixels per point (``SVGSize``). The raster's size is
    /// admitted before librsvg draws anything. Premultiplied ARGB is drawn into the output in one
    /// pass and reordered in place; alpha8 and masks are drawn in bands of ``svgBandBytes`` of
    /// ARGB32 rows, whose alpha bytes are kept.
    func decodeSVG(
        _ bytes: UnsafeRawBufferPointer, source: String, as format: PixelFormat, scale: Double, bandBytes: Int = svgBandBytes
    ) throws(ImageDecodingError) -> DecodedImage {
        let document = try SVGDocument(bytes: bytes, source: source)
        let size: (width: Double, height: Double)
        switch SVGSize.points(of: document.dimensions) {
        case .success(let points): size = points
        case .failure(let noSize): throw .svgWithoutSize(source: source, reason: noSize.reason)
        }
        let (width, height) = (SVGSize.pixels(size.width, scale: scale), SVGSize.pixels(size.height, scale: scale))
        let (bytesPerRow, byteCount) = try admit(width: width, height: height, as: format, source: source)
        let viewport = (width: size.width * scale, height: size.height * scale)
        let storage = PixelStorage(byteCount: byteCount, zeroed: true)
        if case .premultipliedARGB8 = format {
            try document.render(viewport: viewport, width: width, firstRow: 0, rows: height, into: storage.base, stride: bytesPerRow)
            Self.reorderCairoPixels(storage.base, count: width * height)
        } else {
            let bandRows = max(1, min(height, bandBytes / (4 * width)))
            let band = UnsafeMutableRawPointer.allocate(byteCount: 4 * width * bandRows, alignment: 64)
            defer { band.deallocate() }
            let alphaRow = UnsafeMutablePointer<UInt8>.allocate(capacity: width)
            defer { alphaRow.deallocate() }
            for firstRow in stride(from: 0, to: height, by: bandRows) {
                let rows = min(bandRows, height - firstRow)
                band.initializeMemory(as: UInt8.self, repeating: 0, count: 4 * width * rows)
                try document.render(viewport: viewport, width: width, firstRow: firstRow, rows: rows, into: band, stride: 4 * width)
                for r in 0..<rows {
                    let words = (band + r * 4 * width).assumingMemoryBound(to: UInt32.self)
                    let out = storage.base + (firstRow + r) * bytesPerRow
                    switch format {
                    case .alpha8:
                        let target = out.assumingMemoryBound(to: UInt8.self)
                        for x in 0..<width { target[x] = UInt8(truncatingIfNeeded: words[x] >> 24) }
                    case .mask1(let minAlpha):
                        for x in 0..<width { alphaRow[x] = UInt8(truncatingIfNeeded: words[x] >> 24) }
                        RowConverter.mask(alpha: alphaRow, count: width, minAlpha: minAlpha, into: out)
                    case .premultipliedARGB8:
                        break
                    }
                }
            }
        }
        let header = SVGHeader(width: size.width, height: size.height, scale: scale)
        return DecodedImage(width: width, height: height, format: format, bytesPerRow: bytesPerRow, origin: .svg(header), storage: storage)
    }

    /// Cairo's ARGB32 words (premultiplied, native byte order) as bytes A, R, G, B.
    private static func reorderCairoPixels(_ pixels: UnsafeMutableRawPointer, count: Int) {
        let words = pixels.assumingMemoryBound(to: UInt32.self)
        for i in 0..<count { words[i] = words[i].bigEndian }
    }
}
