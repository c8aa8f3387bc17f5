import AlphaHitImages

/// What the atlas fuzzer (and the test replaying its corpus) checks of any input: a typed error
/// with a message, or frames that are whole (sizes ≥ 1, stored pixels inside the source, every
/// stored pixel mapped inside the frame's sheet rectangle, every number within the atlas limit,
/// names and sheets free of control characters, no name and index twice), that can be looked up
/// by name and checked against any decoding limits without trapping.
package enum AtlasFuzzChecks {
    package static func check(_ bytes: [UInt8]) {
        let atlas: Atlas
        do {
            atlas = try Atlas(bytes: bytes, name: "fuzz.atlas")
        } catch {
            precondition(!error.description.isEmpty)
            return
        }
        var seen = Set<String>()
        let limit = AtlasFrame.maximumCoordinate
        for frame in atlas.frames {
            precondition(seen.insert("\(frame.index) \(frame.name)").inserted, "a frame name given twice was accepted")
            for value in [frame.sheetX, frame.sheetY, frame.width, frame.height, frame.trimX, frame.trimY, frame.sourceWidth, frame.sourceHeight, frame.index] {
                precondition(abs(value) <= limit, "an atlas number beyond the limit was accepted")
            }
            for text in [frame.name, frame.sheet] {
                // Unicode's own classification, not the readers' range test.
                precondition(!text.unicodeScalars.contains { $0.properties.generalCategory == .control }, "a control character was accepted")
            }
            for limits in [DecodingLimits.default, DecodingLimits(maxWidth: .max, maxHeight: .max, maxDecodedBytes: .max, maxPixelCount: .max)] {
                _ = try? frame.checkSize(against: limits, format: .premultipliedARGB8, file: "fuzz.atlas")
            }
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
