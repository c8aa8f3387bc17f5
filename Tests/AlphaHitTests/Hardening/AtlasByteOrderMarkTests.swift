@testable import AlphaHit
@testable import AlphaHitAtlas
import Testing

/// A UTF-8 byte order mark before a libGDX atlas is skipped, as it is before JSON and XML.
@Suite("Atlases: byte order marks")
struct AtlasByteOrderMarkTests {
    @Test("a libGDX atlas after a UTF-8 byte order mark reads its first page's sheet without the mark")
    func libGDXAfterMark() throws {
        let atlas = try Atlas(bytes: [0xEF, 0xBB, 0xBF] + Array("sheet.png\nplay\n  xy: 0, 0\n  size: 4, 4\n".utf8), name: "a.atlas")
        #expect(atlas.frames.map(\.sheet) == ["sheet.png"])
        #expect(atlas.frames.first?.line == 2)
    }
}
