import Foundation
@testable import HitTestCLI
import Testing

/// The inspector page's script and style live in their own files and are embedded at build time
/// as `InspectorAssets.swift` (scripts/embed-inspector-assets.py); this holds the two together.
@Suite("Inspector assets")
struct InspectorAssetsTests {
    static let folder = Fixtures.packageRoot.appendingPathComponent("Sources/HitTestCLI/Inspector")

    @Test("the embedded script and style are the asset files, byte for byte (run scripts/embed-inspector-assets.py after editing them)", arguments: [
        ("inspector.js", InspectorAssets.script), ("inspector.css", InspectorAssets.style),
    ])
    func embeddedAssetsMatchTheirFiles(file: String, embedded: String) throws {
        let text = try String(contentsOf: Self.folder.appendingPathComponent(file), encoding: .utf8)
        #expect(embedded + "\n" == text)
    }
}
