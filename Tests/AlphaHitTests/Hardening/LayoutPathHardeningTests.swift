@testable import AlphaHit
@testable import AlphaHitEngine
import Foundation
@testable import HitTestCLI
import Testing

/// Paths in a layout are whole: a NUL or another control character would cut a path short where
/// the system reads it, so that another file is opened.
@Suite("Hardening: layout paths")
struct LayoutPathHardeningTests {
    @Test(
        "an image, region or atlas path with a control character is refused with its JSON path",
        arguments: [
            (#""image": "diamond.png\u0000.txt""#, "elements[0].image: must not contain control characters (found U+0000)"),
            (#""image": {"file": "diamond.png\n", "rect": {"x": 0, "y": 0, "width": 4, "height": 4}}"#, "elements[0].image.file: must not contain control characters (found U+000A)"),
            (#""image": {"atlas": "ui.atlas\u0000x", "frame": "play"}"#, "elements[0].image.atlas: must not contain control characters (found U+0000)"),
        ])
    func controlCharactersInPaths(image: String, expected: String) throws {
        let folder = try Fixtures.temporaryDirectory()
        try FileManager.default.copyItem(at: Fixtures.packageRoot.appendingPathComponent("Samples/diamonds/diamond.png"), to: folder.appendingPathComponent("diamond.png"))
        let path = folder.appendingPathComponent("layout.json").path
        try Fixtures.write(Array(#"{"version": 1, "elements": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}, \#(image)}]}"#.utf8), to: path)
        let outcome = try HitTestRunner.run(["validate", path])
        #expect(outcome.status == 1)
        #expect(outcome.text.contains(expected), "\(outcome.text)")
    }
}
