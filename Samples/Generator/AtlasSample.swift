import Foundation

/// Four buttons from one sprite sheet, trimmed and some stored rotated, in two packers' forms:
/// TexturePacker JSON (rotated clockwise) and libGDX text (rotated counter-clockwise), each with
/// its own sheet and a layout using it. Both layouts answer alike at every point.
enum AtlasSample {
    struct Sprite {
        let name: String
        let rgba: [UInt8]
        let width: Int, height: Int
        let rotated: Bool
        let sheetX: Int, sheetY: Int
    }

    static func write(into folder: URL) throws {
        let art: [(String, [UInt8], Int, Int, Bool)] = [
            ("play", Art.diamond(side: 40), 40, 40, false),
            // A triangle pointing right: stored rotated, any mistake in turning it back would show.
            ("stop", Art.draw(width: 36, height: 30, color: (220, 70, 60)) { x, y in x <= 36 * (1 - abs(y - 15) / 15) }, 36, 30, true),
            ("ring", Art.ring(side: 44), 44, 44, true),
            ("badge", Art.roundedRect(width: 48, height: 24, radius: 10, color: (90, 190, 110)), 48, 24, false),
        ]
        // Each sprite with a transparent margin, as an artist exports it; the packer trims it away.
        let margin = 3
        var sprites: [(name: String, source: (Int, Int), trim: (Int, Int, Int, Int), pixels: [UInt8], rotated: Bool)] = []
        for (name, rgba, width, height, rotated) in art {
            let (w, h) = (width + 2 * margin, height + 2 * margin)
            var padded = [UInt8](repeating: 0, count: w * h * 4)
            for y in 0..<height { for x in 0..<width { for c in 0..<4 { padded[((y + margin) * w + x + margin) * 4 + c] = rgba[(y * width + x) * 4 + c] } } }
            // The opaque bounding box: what a packer keeps.
            var (x0, y0, x1, y1) = (w, h, -1, -1)
            for y in 0..<h { for x in 0..<w where padded[(y * w + x) * 4 + 3] > 0 { (x0, y0, x1, y1) = (min(x0, x), min(y0, y), max(x1, x), max(y1, y)) } }
            sprites.append((name, (w, h), (x0, y0, x1 - x0 + 1, y1 - y0 + 1), padded, rotated))
        }
        for clockwise in [true, false] {
            let (sheetWidth, sheetHeight) = (128, 128)
            var sheet = [UInt8](repeating: 0, count: sheetWidth * sheetHeight * 4)
            var placed: [(sprite: Int, x: Int, y: Int)] = []
            var (cursorX, cursorY, rowHeight) = (1, 1, 0)
            for (index, sprite) in sprites.enumerated() {
                let (tw, th) = (sprite.trim.2, sprite.trim.3)
                let (footprintW, footprintH) = sprite.rotated ? (th, tw) : (tw, th)
                if cursorX + footprintW > sheetWidth { (cursorX, cursorY, rowHeight) = (1, cursorY + rowHeight + 1, 0) }
                placed.append((index, cursorX, cursorY))
                for v in 0..<th {
                    for u in 0..<tw {
                        let (sx, sy): (Int, Int)
                        if !sprite.rotated {
                            (sx, sy) = (cursorX + u, cursorY + v)
                        } else if clockwise {
                            (sx, sy) = (cursorX + th - 1 - v, cursorY + u)
                        } else {
                            (sx, sy) = (cursorX + v, cursorY + tw - 1 - u)
                        }
                        let from = ((sprite.trim.1 + v) * sprite.source.0 + sprite.trim.0 + u) * 4
                        for c in 0..<4 { sheet[(sy * sheetWidth + sx) * 4 + c] = sprite.pixels[from + c] }
                    }
                }
                cursorX += footprintW + 1
                rowHeight = max(rowHeight, footprintH)
            }
            let sheetName = clockwise ? "ui-texturepacker.png" : "ui-libgdx.png"
            try Art.write(sheet, width: sheetWidth, height: sheetHeight, to: folder.appendingPathComponent(sheetName))
            if clockwise {
                let frames = placed.map { entry -> (String, JSON) in
                    let s = sprites[entry.sprite]
                    return (s.name, .object([
                        ("frame", .object([("x", .number(Double(entry.x))), ("y", .number(Double(entry.y))), ("w", .number(Double(s.trim.2))), ("h", .number(Double(s.trim.3)))])),
                        ("rotated", .bool(s.rotated)), ("trimmed", .bool(true)),
                        ("spriteSourceSize", .object([("x", .number(Double(s.trim.0))), ("y", .number(Double(s.trim.1))), ("w", .number(Double(s.trim.2))), ("h", .number(Double(s.trim.3)))])),
                        ("sourceSize", .object([("w", .number(Double(s.source.0))), ("h", .number(Double(s.source.1)))])),
                    ]))
                }
                let json = JSON.object([
                    ("frames", .object(frames)),
                    ("meta", .object([("app", .string("make-samples")), ("image", .string(sheetName)), ("size", .object([("w", .number(128)), ("h", .number(128))])), ("scale", .string("1"))])),
                ])
                try Data((json.text() + "\n").utf8).write(to: folder.appendingPathComponent("ui.json"))
                // The same atlas over a lossless WebP of the sheet (made by make-webp.sh with cwebp).
                let webp = JSON.object([
                    ("frames", .object(frames)),
                    ("meta", .object([("app", .string("make-samples")), ("image", .string("ui-texturepacker.webp")), ("size", .object([("w", .number(128)), ("h", .number(128))])), ("scale", .string("1"))])),
                ])
                try Data((webp.text() + "\n").utf8).write(to: folder.appendingPathComponent("ui-webp.json"))
            } else {
                var text = "\n\(sheetName)\nsize: \(sheetWidth), \(sheetHeight)\nformat: RGBA8888\nfilter: Nearest,Nearest\nrepeat: none\n"
                for entry in placed {
                    let s = sprites[entry.sprite]
                    text += "\(s.name)\n  rotate: \(s.rotated)\n  xy: \(entry.x), \(entry.y)\n  size: \(s.trim.2), \(s.trim.3)\n"
                    text += "  orig: \(s.source.0), \(s.source.1)\n  offset: \(s.trim.0), \(s.source.1 - s.trim.1 - s.trim.3)\n  index: -1\n"
                }
                try Data(text.utf8).write(to: folder.appendingPathComponent("ui.atlas"))
            }
        }
        for (file, atlas) in [("layout.json", "ui.json"), ("layout-libgdx.json", "ui.atlas"), ("layout-webp.json", "ui-webp.json")] {
            let elements: [JSON] = [
                SampleGenerator.element("play", .frame(10, 10, 46, 46), [("image", .object([("atlas", .string(atlas)), ("frame", .string("play"))]))]),
                SampleGenerator.element("stop", .frame(60, 10, 42, 42), [("image", .object([("atlas", .string(atlas)), ("frame", .string("stop"))]))]),
                SampleGenerator.element("ring", .frame(105, 5, 50, 50), [
                    ("image", .object([("atlas", .string(atlas)), ("frame", .string("ring"))])), ("transform", .object([("rotate", .number(20))])),
                ]),
                SampleGenerator.element("badge", .frame(20, 60, 108, 30), [
                    ("image", .object([("atlas", .string(atlas)), ("frame", .string("badge"))])), ("contentMode", .string("scaleToFill")),
                ]),
            ]
            let text = JSON.object([
                ("version", .number(1)), ("canvas", .object([("width", .number(160)), ("height", .number(100))])), ("elements", .array(elements)),
            ]).text() + "\n"
            try Data(text.utf8).write(to: folder.appendingPathComponent(file))
        }
    }
}
