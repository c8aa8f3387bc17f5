@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
@testable import AlphaHitImages
import Foundation
import Testing

/// What touch tolerance keeps in memory, and when.
@Suite("Touch tolerance memory")
struct TouchToleranceMemoryTests {
    @Test("nothing is built for a layout that never uses a tolerance; once built, engines sharing an image through the cache share its tables")
    func builtOnceAndShared() throws {
        let folder = try EngineFixtures.ImageFolder()
        try folder.image("dot.png", width: 8, height: 8) { x, y in x == 3 && y == 3 ? 255 : 0 }
        let cache = ImageCache()
        func engine() throws -> HitTester {
            try HitTester(
                layout: Layout(elements: [Element(id: "dot", frame: EngineFixtures.rect(0, 0, 8, 8), image: "dot.png")], imageDirectory: folder.url.path),
                cache: cache)
        }
        let (first, second) = (try engine(), try engine())
        for x in stride(from: -5.0, through: 15, by: 0.5) { _ = first.elementIndex(at: Point(x: x, y: 3.5)) }
        #expect(!first.storage.hasToleranceIndex, "exact queries, hits and misses, build nothing")
        #expect(first.elementIndex(at: Point(x: 6, y: 3.5), tolerance: 3) == first.element(withID: "dot"))
        #expect(second.elementIndex(at: Point(x: 6, y: 3.5), tolerance: 3) == second.element(withID: "dot"))
        #expect(first.storage.hasToleranceIndex && second.storage.hasToleranceIndex)
        let tables = [first, second].map { engine in engine.storage.withToleranceIndex { ObjectIdentifier($0.owners[0]) } }
        #expect(tables[0] == tables[1], "one set of tables for the shared image")
    }
}
