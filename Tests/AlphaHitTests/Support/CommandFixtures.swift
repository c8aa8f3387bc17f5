import Foundation

/// What the command-line suites share: the diamonds sample and a layout file written for a test.
enum CommandFixtures {
    static let diamonds = Fixtures.packageRoot.appendingPathComponent("Samples/diamonds/layout.json").path

    /// A layout file in a fresh folder, with the given elements JSON.
    static func layout(_ elements: String, extra: String = "", _ label: String = #function) throws -> (folder: URL, path: String) {
        let folder = try Fixtures.temporaryDirectory(label)
        let path = folder.appendingPathComponent("layout.json").path
        try Fixtures.write(Array("{\"version\": 1,\(extra) \"elements\": [\(elements)]}".utf8), to: path)
        return (folder, path)
    }
}
