/// What the atlas fuzzer (and the test replaying its corpus) checks of any input: a typed error
/// with a message, or frames that are whole (sizes ≥ 1, stored pixels inside the source, every
/// stored pixel mapped inside the frame's sheet rectangle) and can be looked up by name.
package enum AtlasFuzzChecks {
    package static func check(_ bytes: [UInt8]) {
        let atlas: Atlas
        do {
            atlas = try Atlas(bytes: bytes, name: "fuzz.atlas")
        } catch {
            precondition(!error.description.isEmpty)
            return
        }
        for frame in atlas.frames {
            precondition(frame.width >= 1 && frame.height >= 1 && frame.trimX >= 0 && frame.trimY >= 0)
            precondition(frame.trimX + frame.width <= frame.sourceWidth && frame.trimY + frame.height <= frame.sourceHeight)
            let rect = frame.sheetRect
            for (u, v) in [(0, 0), (frame.width - 1, 0), (0, frame.height - 1), (frame.width - 1, frame.height - 1)] {
                let pixel = frame.sheetPixel(x: frame.trimX + u, y: frame.trimY + v)!
                precondition(pixel.x >= rect.x && pixel.x < rect.x + rect.width && pixel.y >= rect.y && pixel.y < rect.y + rect.height)
            }
            precondition(frame.sheetPixel(x: frame.trimX - 1, y: frame.trimY) == nil)
            do {
                _ = try atlas.frame(named: frame.name, index: frame.index)
            } catch {
                precondition(!error.description.isEmpty)
            }
        }
    }
}
