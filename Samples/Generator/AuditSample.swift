import Foundation

/// A screen that fails the target-size audit in each way: a button too small with a neighbour too
/// close (spacing), one mostly covered by a badge, one wholly behind a panel (owns nothing); and a
/// small icon far enough from everything to pass by WCAG's spacing exception.
enum AuditSample {
    static func write(into folder: URL) throws {
        func frame(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> JSON { .frame(x, y, w, h) }
        try SampleGenerator.writeLayout([
            ("canvas", .object([("width", .number(240)), ("height", .number(160))])),
            ("elements", .array([
                SampleGenerator.element("ok", frame(10, 10, 60, 40)),
                SampleGenerator.element("tiny", frame(80, 10, 16, 16), [("shape", .string("ellipse"))]),
                SampleGenerator.element("crowded", frame(100, 10, 16, 16)),
                SampleGenerator.element("covered", frame(10, 70, 60, 40)),
                SampleGenerator.element("badge", frame(10, 70, 60, 30), [("shape", .object([("type", .string("roundedRect")), ("radius", .number(8))]))]),
                SampleGenerator.element("hidden", frame(140, 70, 30, 30)),
                SampleGenerator.element("panel", frame(130, 60, 100, 60)),
                SampleGenerator.element("icon", frame(200, 130, 20, 20), [("shape", .string("ellipse"))]),
            ])),
        ], into: folder)
    }
}
