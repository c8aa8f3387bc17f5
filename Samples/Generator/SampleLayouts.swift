import Foundation

/// Four overlapping diamond buttons: a tap on a transparent corner of the top one reaches the one below.
enum Diamonds {
    static func write(into folder: URL) throws {
        try Art.write(Art.diamond(side: 100), width: 100, height: 100, to: folder.appendingPathComponent("diamond.png"))
        let positions: [(String, Double, Double)] = [("west", 0, 30), ("east", 140, 30), ("north", 70, 0), ("south", 70, 60)]
        try SampleGenerator.writeLayout([
            ("canvas", .object([("width", .number(240)), ("height", .number(160))])),
            ("elements", .array(positions.map { id, x, y in
                SampleGenerator.element(id, .frame(x, y, 100, 100), [("image", .string("diamond.png"))])
            })),
        ], into: folder)
    }
}

/// A rounded text-field background stretched with cap insets to three widths, each with a clear button.
enum RoundedField {
    static func write(into folder: URL) throws {
        try Art.write(Art.roundedRect(width: 80, height: 80, radius: 24, color: (235, 235, 240)), width: 80, height: 80, to: folder.appendingPathComponent("field@2x.png"))
        try Art.write(Art.disc(side: 48, color: (150, 150, 160)), width: 48, height: 48, to: folder.appendingPathComponent("clear@2x.png"))
        let widths: [(String, Double)] = [("short", 60), ("medium", 150), ("wide", 300)]
        try SampleGenerator.writeLayout([
            ("canvas", .object([("width", .number(320)), ("height", .number(160))])),
            ("elements", .array(widths.enumerated().map { row, field in
                SampleGenerator.element("field-\(field.0)", .frame(10, 10 + Double(row) * 50, field.1, 40), [
                    ("image", .string("field@2x.png")),
                    ("capInsets", .object([("top", .number(14)), ("left", .number(14)), ("bottom", .number(14)), ("right", .number(14))])),
                    ("children", .array([
                        SampleGenerator.element("clear-\(field.0)", .frame(field.1 - 32, 8, 24, 24), [("image", .string("clear@2x.png"))])
                    ])),
                ])
            })),
        ], into: folder)
    }
}

/// A field with a prefix label and a unit label as children on its left and right.
enum UnitField {
    static func write(into folder: URL) throws {
        try Art.write(Art.roundedRect(width: 80, height: 80, radius: 24, color: (235, 235, 240)), width: 80, height: 80, to: folder.appendingPathComponent("field@2x.png"))
        let label: [(String, JSON)] = [("shape", .object([("type", .string("roundedRect")), ("radius", .number(6))]))]
        try SampleGenerator.writeLayout([
            ("canvas", .object([("width", .number(260)), ("height", .number(64))])),
            ("elements", .array([
                SampleGenerator.element("amount", .frame(10, 10, 240, 44), [
                    ("image", .string("field@2x.png")),
                    ("capInsets", .object([("top", .number(14)), ("left", .number(14)), ("bottom", .number(14)), ("right", .number(14))])),
                    ("children", .array([
                        SampleGenerator.element("currency", .frame(8, 8, 28, 28), label),
                        SampleGenerator.element("unit", .frame(188, 8, 44, 28), label),
                    ])),
                ])
            ])),
        ], into: folder)
    }
}

/// The same art at @1x, @2x and @3x, drawn at the same size: the same point in each gives the same answer.
enum Retina {
    static func write(into folder: URL) throws {
        for (scale, name) in [(1, "cross.png"), (2, "cross@2x.png"), (3, "cross@3x.png")] {
            try Art.write(Art.blockCross(points: 40, scale: scale), width: 40 * scale, height: 40 * scale, to: folder.appendingPathComponent(name))
        }
        try SampleGenerator.writeLayout([
            ("canvas", .object([("width", .number(140)), ("height", .number(40))])),
            ("elements", .array([("cross-1x", 0.0, "cross.png"), ("cross-2x", 50, "cross@2x.png"), ("cross-3x", 100, "cross@3x.png")].map { id, x, image in
                SampleGenerator.element(id, .frame(x, 0, 40, 40), [("image", .string(image)), ("contentMode", .string("topLeft"))])
            })),
        ], into: folder)
    }
}

/// A rotated, clipped container with children, and a pass-through toolbar over a backdrop.
enum Nested {
    static func write(into folder: URL) throws {
        try Art.write(Art.disc(side: 60, color: (60, 180, 90)), width: 60, height: 60, to: folder.appendingPathComponent("play@2x.png"))
        try SampleGenerator.writeLayout([
            ("canvas", .object([("width", .number(300)), ("height", .number(200))])),
            ("elements", .array([
                SampleGenerator.element("backdrop", .frame(0, 0, 300, 200)),
                SampleGenerator.element("panel", .frame(40, 30, 140, 100), [
                    ("shape", .object([("type", .string("roundedRect")), ("radius", .number(12))])),
                    ("transform", .object([("rotate", .number(15))])),
                    ("clipsToBounds", .bool(true)),
                    ("children", .array([
                        SampleGenerator.element("panel-button", .frame(20, 30, 60, 40), [("shape", .string("ellipse"))]),
                        SampleGenerator.element("overhang", .frame(100, 60, 80, 60)),
                    ])),
                ]),
                SampleGenerator.element("toolbar", .frame(0, 150, 300, 50), [
                    ("shape", .string("none")),
                    ("children", .array([
                        SampleGenerator.element("play", .frame(20, 10, 30, 30), [("image", .string("play@2x.png"))]),
                        SampleGenerator.element("stop", .frame(60, 10, 30, 30)),
                    ])),
                ]),
            ])),
        ], into: folder)
    }
}

/// 10,000 elements: 1,000 pass-through rows of nine overlapping buttons with four kinds of art,
/// some rotated, for scale.
enum Large {
    static func write(into folder: URL) throws {
        try Art.write(Art.disc(side: 32, color: (90, 140, 230)), width: 32, height: 32, to: folder.appendingPathComponent("disc.png"))
        try Art.write(Art.diamond(side: 32), width: 32, height: 32, to: folder.appendingPathComponent("diamond.png"))
        try Art.write(Art.ring(side: 32), width: 32, height: 32, to: folder.appendingPathComponent("ring.png"))
        try Art.write(Art.roundedRect(width: 32, height: 32, radius: 10, color: (120, 200, 120)), width: 32, height: 32, to: folder.appendingPathComponent("pill.png"))
        var state: UInt64 = 20_261_129
        func random(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let images = ["disc.png", "diamond.png", "ring.png", "pill.png"]
        var rows: [JSON] = []
        for row in 0..<1000 {
            let y = Double(row / 10) * 24, x = Double(row % 10) * 9 * 24
            let buttons = (0..<9).map { column -> JSON in
                var rest: [(String, JSON)] = [("image", .string(images[random(4)]))]
                if random(5) == 0 { rest.append(("transform", .object([("rotate", .number(Double(random(90) - 45)))]))) }
                return SampleGenerator.element("b\(row)-\(column)", .frame(Double(column) * 24, 0, 32, 32), rest)
            }
            rows.append(SampleGenerator.element("row\(row)", .frame(x, y, 9 * 24 + 8, 32), [("shape", .string("none")), ("children", .array(buttons))]))
        }
        try SampleGenerator.writeLayout([
            ("canvas", .object([("width", .number(2160)), ("height", .number(2400))])),
            ("elements", .array(rows)),
        ], into: folder)
    }
}
