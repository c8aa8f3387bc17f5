import Foundation

/// `swift run make-samples`: regenerates every sample under `Samples/` — layouts and images — with
/// the package's own encoder. The output is deterministic, so regenerating changes nothing.
@main
enum SampleGenerator {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    static func main() throws {
        try Diamonds.write(into: folder("diamonds"))
        try RoundedField.write(into: folder("rounded-field"))
        try UnitField.write(into: folder("unit-field"))
        try Retina.write(into: folder("retina"))
        try Nested.write(into: folder("nested"))
        try Large.write(into: folder("large"))
        try AtlasSample.write(into: folder("atlas"))
        try AuditSample.write(into: folder("audit"))
        try SVGSample.write(into: folder("svg-button"))
        print("wrote the samples under \(samples.path)")
    }

    static func folder(_ name: String) throws -> URL {
        let url = samples.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `layout.json` in `folder`.
    static func writeLayout(_ members: [(String, JSON)], into folder: URL) throws {
        let text = JSON.object([("version", .number(1))] + members).text() + "\n"
        try Data(text.utf8).write(to: folder.appendingPathComponent("layout.json"))
    }

    static func element(_ id: String, _ frame: JSON, _ rest: [(String, JSON)] = []) -> JSON {
        .object([("id", .string(id)), ("frame", frame)] + rest)
    }
}
