// libFuzzer target: image bytes (PNG, WebP or SVG, told by their content) decoded from memory
// into every pixel format. scripts/fuzz.sh builds it together with the library's sources (not
// part of the package build) for the png, webp and svg targets, each with its own corpus and
// dictionary.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageDecode(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    // Small limits keep each input fast; size checks before allocation are part of what is tested.
    let decoder = ImageDecoder(limits: DecodingLimits(maxWidth: 4096, maxHeight: 4096, maxDecodedBytes: 16 << 20))
    for format in [PixelFormat.alpha8, .premultipliedARGB8, .mask1(minAlpha: 26)] {
        do {
            // Scale 2 draws an SVG at twice its size: the scaled size is what the limits check.
            let image = try decoder.decode(bytes: bytes, name: "fuzz.image", as: format, scale: 2)
            // A decoded image must be whole: its buffer exactly as large as its geometry says.
            precondition(image.byteCount == image.bytesPerRow * image.height)
            precondition(image.width > 0 && image.height > 0)
            _ = image.alpha(atX: image.width - 1, y: image.height - 1)
        } catch {
            precondition(!error.description.isEmpty)
        }
    }
    return 0
}
