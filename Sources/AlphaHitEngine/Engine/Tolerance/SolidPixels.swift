import AlphaHitBasics
import AlphaHitImages

/// One image's solid pixels at one threshold, in the forms touch tolerance reads: counts over any
/// rectangle (``SolidPixelCounts``) and runs along the rows with the nearest-run field
/// (``SolidRuns``). Made once per image and threshold, on the first search that needs it, and
/// kept with the decoded pixels (``PixelStorage/derived(_:make:)``), so engines sharing an image
/// through the cache share these too.
final class SolidPixels: Sendable {
    let counts: SolidPixelCounts
    let runs: SolidRuns

    /// The tables of `element`'s alpha8 plane at its `minAlpha`.
    init(_ element: ElementHandle) {
        counts = SolidPixelCounts(element, maximumPixels: .max)!
        runs = SolidRuns(element)
    }

    /// The tables for `element`, from the image's storage (made there on first need, under the
    /// element's ``CompiledElement/PixelsKey``: frames of one sheet each have their own).
    static func of(_ element: ElementHandle, key: CompiledElement.PixelsKey, storage: PixelStorage) -> SolidPixels {
        storage.derived(DerivedKey(key)) { SolidPixels(element) }
    }

    /// The key as the storage keeps it (the pixel address as a number: the storage outlives no
    /// engine that could reuse it).
    private struct DerivedKey: Hashable, Sendable {
        let address: UInt
        let rest: [Int]
        init(_ key: CompiledElement.PixelsKey) {
            address = UInt(bitPattern: key.pixels)
            rest = [key.width, key.height, Int(key.minAlpha), key.trimX, key.trimY, key.trimWidth, key.trimHeight, key.strideX, key.strideY]
        }
    }
}
