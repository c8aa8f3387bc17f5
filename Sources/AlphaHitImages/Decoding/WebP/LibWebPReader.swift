import AlphaHitBasics
import CLibWebP

/// The only Swift code that calls libwebp: the features of a file's bitstream, and decodes into
/// memory the caller owns (libwebp allocates only its own working rows), its status codes turned
/// into ``ImageDecodingError`` values.
enum LibWebPReader {
    /// What the headers say, from as many leading bytes as are given (a few dozen suffice).
    static func header(of bytes: UnsafeRawBufferPointer, source: String) throws(ImageDecodingError) -> WebPHeader {
        var features = WebPBitstreamFeatures()
        let status = WebPGetFeatures(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, &features)
        guard status == VP8_STATUS_OK else { throw error(for: status, source: source) }
        guard features.has_animation == 0 else { throw .animatedWebP(source: source) }
        let compression: WebPHeader.Compression = switch features.format {
        case 1: .lossy
        case 2: .lossless
        default: .undetermined
        }
        return WebPHeader(
            width: Int(features.width), height: Int(features.height), hasAlpha: features.has_alpha != 0, compression: compression)
    }

    /// Decodes straight (not premultiplied) ARGB, bytes A, R, G, B, into `pixels`: `height` rows
    /// `stride` bytes apart.
    static func decodeARGB(
        _ bytes: UnsafeRawBufferPointer, into pixels: UnsafeMutableRawPointer, stride: Int, height: Int, source: String
    ) throws(ImageDecodingError) {
        try decode(bytes, source: source) { output in
            output.colorspace = MODE_ARGB
            output.u.RGBA.rgba = pixels.assumingMemoryBound(to: UInt8.self)
            output.u.RGBA.stride = Int32(stride)
            output.u.RGBA.size = stride * height
        }
    }

    /// Decodes the alpha plane into `alpha` (`height` rows `stride` bytes apart), through libwebp's
    /// YUVA output: luma and chroma go to `scratch`, which must hold ``yuvScratchSize(width:height:)``
    /// bytes. Nobody reads them, so both chroma planes share the luma plane's memory: libwebp only
    /// writes them, each within its size, and the scratch is one byte a pixel instead of 1.5.
    static func decodeAlpha(
        _ bytes: UnsafeRawBufferPointer, into alpha: UnsafeMutableRawPointer, stride: Int, width: Int, height: Int,
        scratch: UnsafeMutableRawPointer, source: String
    ) throws(ImageDecodingError) {
        let chromaWidth = (width + 1) / 2, chromaSize = chromaWidth * ((height + 1) / 2)
        let luma = scratch.assumingMemoryBound(to: UInt8.self)
        try decode(bytes, source: source) { output in
            output.colorspace = MODE_YUVA
            output.u.YUVA.y = luma
            output.u.YUVA.y_stride = Int32(width)
            output.u.YUVA.y_size = width * height
            output.u.YUVA.u = luma
            output.u.YUVA.u_stride = Int32(chromaWidth)
            output.u.YUVA.u_size = chromaSize
            output.u.YUVA.v = luma
            output.u.YUVA.v_stride = Int32(chromaWidth)
            output.u.YUVA.v_size = chromaSize
            output.u.YUVA.a = alpha.assumingMemoryBound(to: UInt8.self)
            output.u.YUVA.a_stride = Int32(stride)
            output.u.YUVA.a_size = stride * height
        }
    }

    /// The bytes of scratch ``decodeAlpha`` needs beside the alpha: the luma plane, which the
    /// smaller chroma planes (4:2:0) overwrite.
    static func yuvScratchSize(width: Int, height: Int) -> Int {
        width * height
    }

    private static func decode(
        _ bytes: UnsafeRawBufferPointer, source: String, output setUp: (inout WebPDecBuffer) -> Void
    ) throws(ImageDecodingError) {
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else { throw .corruptWebP(source: source, libwebpStatus: "VERSION_MISMATCH") }
        config.output.is_external_memory = 1
        setUp(&config.output)
        let status = WebPDecode(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, &config)
        // With external memory libwebp frees nothing of the caller's; this releases its own state.
        WebPFreeDecBuffer(&config.output)
        guard status == VP8_STATUS_OK else { throw error(for: status, source: source) }
    }

    private static func error(for status: VP8StatusCode, source: String) -> ImageDecodingError {
        switch status {
        case VP8_STATUS_NOT_ENOUGH_DATA: .truncatedWebP(source: source)
        case VP8_STATUS_OUT_OF_MEMORY: .outOfMemory(source: source)
        case VP8_STATUS_INVALID_PARAM: .corruptWebP(source: source, libwebpStatus: "INVALID_PARAM")
        case VP8_STATUS_BITSTREAM_ERROR: .corruptWebP(source: source, libwebpStatus: "BITSTREAM_ERROR")
        case VP8_STATUS_UNSUPPORTED_FEATURE: .corruptWebP(source: source, libwebpStatus: "UNSUPPORTED_FEATURE")
        default: .corruptWebP(source: source, libwebpStatus: "status \(status.rawValue)")
        }
    }
}
