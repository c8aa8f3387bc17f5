@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
@testable import AlphaHitImages
import Foundation
@testable import HitTestCLI

/// Where test data lives, found from this file's path rather than the working directory.
enum Fixtures {
    /// The package root (three levels above this file).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The PngSuite conformance images, vendored with their README, licence and source note.
    static let pngSuite: URL = packageRoot.appendingPathComponent("Tests/AlphaHitTests/Fixtures/PngSuite")

    /// A fresh, empty folder for one test's files.
    static func temporaryDirectory(_ label: String = #function) throws -> URL {
        let safe = label.filter { $0.isLetter || $0.isNumber }
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("alphahit-tests-\(safe)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Encodes straight RGBA8 pixels (given per pixel) to PNG bytes with the package's encoder.
    static func rgbaPNG(width: Int, height: Int, interlaced: Bool = false, pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) throws -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b, a) = pixel(x, y)
                bytes += [r, g, b, a]
            }
        }
        return try PNGEncoder(interlaced: interlaced).encode(pixels: bytes, width: width, height: height, layout: .rgba8)
    }

    /// Packs samples of `bitDepth` bits into PNG rows (MSB first below 8 bits, big-endian at 16).
    static func packRows(_ samples: [[Int]], bitDepth: Int) -> (bytes: [UInt8], stride: Int) {
        let packedRows: [[UInt8]] = samples.map { row in
            switch bitDepth {
            case 16:
                return row.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xff)] }
            case 8:
                return row.map { UInt8($0) }
            default:
                var out = [UInt8](repeating: 0, count: (row.count * bitDepth + 7) / 8)
                for (i, value) in row.enumerated() {
                    let bit = i * bitDepth
                    out[bit / 8] |= UInt8(value << (8 - bitDepth - bit % 8))
                }
                return out
            }
        }
        let stride = packedRows.map(\.count).max() ?? 1
        return (packedRows.flatMap { $0 + [UInt8](repeating: 0, count: stride - $0.count) }, stride)
    }

    /// A PNG of any colour type and bit depth, written with libpng from per-pixel samples
    /// (`samples[y]` holds the channels of each pixel of row y, one after another).
    static func rawPNG(
        colorType: Int32, bitDepth: Int, width: Int, samples: [[Int]], interlaced: Bool = false,
        configure: (inout RawPNGImage) -> Void = { _ in }
    ) throws -> [UInt8] {
        let (bytes, stride) = packRows(samples, bitDepth: bitDepth)
        var image = RawPNGImage(
            width: width, height: samples.count, bitDepth: Int32(bitDepth), colorType: colorType,
            rows: bytes, rowStride: stride)
        image.interlaced = interlaced
        configure(&image)
        return try image.encoded()
    }

    /// The decoded plane as tightly packed bytes, as `hittest decode` writes it, for digests.
    static func packedBytes(_ image: DecodedImage) -> [UInt8] {
        var bytes: [UInt8] = []
        PackedPlane.forEachRow(of: image) { bytes.append(contentsOf: $0) }
        return bytes
    }
}

extension Fixtures {
    /// Writes bytes to a file, replacing it.
    static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
}

extension Fixtures {
    /// Whether this build runs under the thread or address sanitizer (whose runtime is then linked in).
    static let isSanitized: Bool = ["__tsan_init", "__asan_init"].contains { (name: String) in dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) != nil }
}

extension Fixtures {
    /// A file's bytes, read with stdio: Foundation's `Data(contentsOf:)` leaks a buffer on empty
    /// files here, which the address sanitizer's leak check reports.
    static func bytes(of url: URL) throws -> [UInt8] {
        guard let file = fopen(url.path, "rb") else { throw CocoaError(.fileReadNoSuchFile) }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }
}
