// libFuzzer target: PNG bytes decoded from memory into every pixel format.
// Built by scripts/fuzz.sh together with the library's sources; not part of the package build.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNGDecode(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    // Small limits keep each input fast; size checks before allocation are part of what is tested.
    let decoder = ImageDecoder(limits: DecodingLimits(maxWidth: 4096, maxHeight: 4096, maxDecodedBytes: 16 << 20))
    for format in [PixelFormat.alpha8, .premultipliedARGB8, .mask1(minAlpha: 26)] {
        do {
            let image = try decoder.decode(bytes: bytes, name: "fuzz.png", as: format)
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
