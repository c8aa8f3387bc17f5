import AlphaHitBasics
import CAlphaHitPNG

/// The Swift side of the C reader: the only Swift code that touches libpng,
/// turning its status codes and messages into ``ImageDecodingError`` values.
struct LibPNGReader: ~Copyable {
    private let reader: OpaquePointer
    let source: String
    /// The input's size, when known: a failure to read a header from fewer bytes than a PNG
    /// signature and header take is "not a PNG", not "truncated".
    private let byteCount: Int?
    /// Opens a file; fails with the typed error for a missing or unopenable file.
    init(path: String) throws(ImageDecodingError) {
        // A FIFO or device would block or never end: only regular files are opened.
        if let status = try? Platform.status(ofPath: path) {
            switch status.kind {
            case .regular: break
            case .directory: throw .unreadable(source: path, reason: "it is a directory")
            case .other: throw .unreadable(source: path, reason: "it is not a regular file")
            }
        }
        guard let reader = ahpng_reader_open_file(path) else { throw .outOfMemory(source: path) }
        let status = ahpng_reader_open_status(reader)
        guard status == AHPNG_OK else {
            let error = Self.error(for: status, of: reader, source: path)
            ahpng_reader_destroy(reader)
            throw error
        }
        self.reader = reader
        self.source = path
        self.byteCount = (try? Platform.status(ofPath: path)).map { Int($0.size) }
    }

    /// Reads from `bytes`, which must stay alive and unchanged while the reader exists.
    init(bytes: UnsafeRawBufferPointer, name: String) throws(ImageDecodingError) {
        let start = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
        guard let reader = ahpng_reader_open_memory(start, bytes.count) else { throw .outOfMemory(source: name) }
        self.reader = reader
        self.source = name
        self.byteCount = bytes.count
    }

    deinit {
        ahpng_reader_destroy(reader)
    }

    /// Reads the signature and the chunks before the image data (`png_read_info`).
    func readHeader() throws(ImageDecodingError) -> PNGHeader {
        var raw = ahpng_header()
        let status = ahpng_reader_read_header(reader, &raw)
        guard status == AHPNG_OK else {
            let failure = error(for: status)
            if case .truncated = failure, let byteCount, byteCount < Self.signatureAndHeaderSize {
                throw .incompleteHeader(source: source, byteCount: byteCount)
            }
            throw failure
        }
        guard let colorType = PNGHeader.ColorType(rawValue: Int(raw.color_type)) else {
            throw .invalidHeader(source: source, libpngMessage: "unknown colour type \(raw.color_type)")
        }
        return PNGHeader(
            width: Int(raw.width), height: Int(raw.height), bitDepth: Int(raw.bit_depth),
            colorType: colorType, isInterlaced: raw.interlaced != 0, hasTransparencyChunk: raw.has_trns != 0)
    }

    /// The 8-byte signature and the 25-byte IHDR chunk every PNG starts with.
    static let signatureAndHeaderSize = 33

    /// Sets up conversion to 8-bit RGBA rows and returns the row size in bytes.
    func startRGBA8() throws(ImageDecodingError) -> Int {
        var rowBytes = 0
        let status = ahpng_reader_start_rgba8(reader, &rowBytes)
        guard status == AHPNG_OK else { throw error(for: status) }
        return rowBytes
    }

    /// Reads the next stored row (of the current Adam7 pass, for interlaced images) into `row`.
    func readRow(into row: UnsafeMutablePointer<UInt8>) throws(ImageDecodingError) {
        let status = ahpng_reader_read_row(reader, row)
        guard status == AHPNG_OK else { throw error(for: status) }
    }

    /// Reads and checks the chunks after the image data, up to IEND (`png_read_end`).
    func finish() throws(ImageDecodingError) {
        let status = ahpng_reader_finish(reader)
        guard status == AHPNG_OK else { throw error(for: status) }
    }

    private func error(for status: ahpng_status) -> ImageDecodingError {
        Self.error(for: status, of: reader, source: source)
    }

    private static func error(for status: ahpng_status, of reader: OpaquePointer, source: String) -> ImageDecodingError {
        let message = String(cString: ahpng_reader_message(reader))
        switch status {
        case AHPNG_SYSTEM_ERROR:
            let code = ahpng_reader_errno(reader)
            if Platform.SystemError(code: code).isMissingFile { return .fileNotFound(source: source) }
            return .unreadable(source: source, reason: message)
        case AHPNG_EMPTY_INPUT:
            return .empty(source: source)
        case AHPNG_END_OF_INPUT:
            return .truncated(source: source, libpngMessage: message)
        case AHPNG_OUT_OF_MEMORY:
            return .outOfMemory(source: source)
        default:
            return classify(libpngMessage: message, source: source)
        }
    }

    /// Sorts libpng's error messages into the typed cases; the message is kept whole.
    static func classify(libpngMessage message: String, source: String) -> ImageDecodingError {
        if message == "Not a PNG file" || message.contains("corrupted by ASCII conversion") {
            return .notPNG(source: source, libpngMessage: message)
        }
        if message.contains("CRC error") {
            return .checksumMismatch(source: source, libpngMessage: message)
        }
        if message.hasSuffix("out of place") {
            return .malformed(source: source, libpngMessage: message)
        }
        if message.contains("IHDR") || message.hasPrefix("Image width") || message.hasPrefix("Image height") {
            return .invalidHeader(source: source, libpngMessage: message)
        }
        if message.contains("Not enough image data") || message.contains("Read Error") {
            return .truncated(source: source, libpngMessage: message)
        }
        if message.lowercased().contains("out of memory") {
            return .outOfMemory(source: source)
        }
        return .malformed(source: source, libpngMessage: message)
    }
}
