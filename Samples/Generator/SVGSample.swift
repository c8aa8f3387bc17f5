import Foundation

/// SVG buttons, drawn by librsvg at each element's scale: a 48-point ring button (its hole
/// answers nothing) at 1x and, the same file, at 2x in a 96-point frame; and a pill stretched
/// into a wider frame with `aspectFit`, so that its rounded ends stay round and the frame's
/// margins stay empty. The SVG files are the sources: written here by hand.
enum SVGSample {
    /// A ring of outer radius 22 and inner radius 10 about the centre of a 48-point square,
    /// one path whose even-odd fill leaves the middle open.
    static let ring = """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48">
          <path fill="#2a8a5a" fill-rule="evenodd"
                d="M 2 24 A 22 22 0 1 0 46 24 A 22 22 0 1 0 2 24 Z M 14 24 A 10 10 0 1 0 34 24 A 10 10 0 1 0 14 24 Z"/>
        </svg>

        """

    /// A pill 120 x 40 points: a rectangle with ends of radius 20.
    static let pill = """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="120" height="40">
          <rect x="0" y="0" width="120" height="40" rx="20" ry="20" fill="#3465a4"/>
        </svg>

        """

    static func write(into folder: URL) throws {
        try Data(ring.utf8).write(to: folder.appendingPathComponent("ring.svg"))
        try Data(pill.utf8).write(to: folder.appendingPathComponent("pill.svg"))
        try SampleGenerator.writeLayout([
            ("canvas", .object([("width", .number(260)), ("height", .number(160))])),
            ("elements", .array([
                SampleGenerator.element("ring", .frame(10, 10, 48, 48), [("image", .string("ring.svg"))]),
                SampleGenerator.element("ring-2x", .frame(70, 10, 96, 96), [("image", .string("ring.svg")), ("imageScale", .number(2))]),
                SampleGenerator.element("pill", .frame(10, 110, 240, 40), [("image", .string("pill.svg")), ("contentMode", .string("aspectFit"))]),
            ])),
        ], into: folder)
    }
}
