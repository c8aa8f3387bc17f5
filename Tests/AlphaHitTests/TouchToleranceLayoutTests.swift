@testable import AlphaHit
@testable import AlphaHitEngine
@testable import AlphaHitImages
import Foundation
import Testing

/// `touchTolerance` in the layout file.
@Suite("Touch tolerance in the layout file")
struct TouchToleranceLayoutTests {
    @Test("touchTolerance is read on elements and in defaults")
    func read() throws {
        let layout = try LayoutFile.decode(Array("""
            {"version": 1, "defaults": {"touchTolerance": 6}, "elements": [
              {"id": "a", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}, "touchTolerance": 2.5},
              {"id": "b", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}
            ]}
            """.utf8))
        #expect(layout.defaults.touchTolerance == 6)
        #expect(layout.elements.map(\.touchTolerance) == [2.5, nil])
    }

    @Test(
        "a bad touchTolerance is reported with its path, line and what was wrong",
        arguments: [
            (#""touchTolerance": -1"#, "elements[0].touchTolerance: must be a finite number ≥ 0 (points)"),
            (#""touchTolerance": "8""#, "elements[0].touchTolerance: must be a number, not a string"),
            (#""touchTolerence": 8"#, #"elements[0].touchTolerence: unknown key; did you mean "touchTolerance"?"#),
        ])
    func invalid(field: String, message: String) throws {
        let text = """
            {"version": 1, "elements": [
              {"id": "a", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}, \(field)}
            ]}
            """
        do {
            _ = try HitTester(layoutJSON: Array(text.utf8), name: "t.json", cache: ImageCache())
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("t.json:2: \(message)"), "\(error.description)")
        }
    }

    @Test("a bad default tolerance is reported too")
    func invalidDefault() throws {
        let text = #"{"version": 1, "defaults": {"touchTolerance": 1e999}, "elements": []}"#
        #expect(throws: LayoutFileError.self) { try HitTester(layoutJSON: Array(text.utf8), name: "t.json", cache: ImageCache()) }
        let negative = #"{"version": 1, "defaults": {"touchTolerance": -0.5}, "elements": []}"#
        do {
            _ = try HitTester(layoutJSON: Array(negative.utf8), name: "t.json", cache: ImageCache())
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("defaults.touchTolerance: must be a finite number ≥ 0 (points)"), "\(error.description)")
        }
    }
}
