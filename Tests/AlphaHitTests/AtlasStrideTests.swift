@testable import AlphaHit
@testable import AlphaHitAtlas
@testable import AlphaHitBasics
import Testing

/// Atlas rotation is written twice, as `sheetPixel` (the general form, pixel by pixel) and as
/// `strides` (how the engine walks a frame in place): this holds one against the other.
@Suite("Atlas rotation: strides against sheetPixel")
struct AtlasStrideTests {
    @Test("for random frames of every rotation, every stored pixel's address by strides is the pixel sheetPixel names", arguments: [AtlasFrame.Rotation.none, .clockwise, .counterClockwise])
    func stridesMatchSheetPixel(rotation: AtlasFrame.Rotation) {
        var random = SplitMix(seed: 97 &+ UInt64(rotation.rawValue.count))
        for _ in 0..<200 {
            let (width, height) = (1 + Int(random.next() % 9), 1 + Int(random.next() % 9))
            let (trimX, trimY) = (Int(random.next() % 4), Int(random.next() % 4))
            let frame = AtlasFrame(
                name: "f", sheet: "s.png", sheetX: Int(random.next() % 20), sheetY: Int(random.next() % 20), width: width, height: height,
                rotation: rotation, trimX: trimX, trimY: trimY, sourceWidth: width + trimX + Int(random.next() % 3),
                sourceHeight: height + trimY + Int(random.next() % 3))
            let rowStride = 64
            let (origin, alongX, alongY) = frame.strides(rowStride: rowStride)
            for v in 0..<height {
                for u in 0..<width {
                    let address = origin + u * alongX + v * alongY
                    let pixel = frame.sheetPixel(x: trimX + u, y: trimY + v)
                    #expect(pixel.map { $0.y * rowStride + $0.x } == address, "\(frame) at \(u), \(v)")
                }
            }
        }
    }
}
