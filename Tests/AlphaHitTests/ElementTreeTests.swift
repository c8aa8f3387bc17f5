@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
import Testing

/// The flat tables results name elements by: ids, paths and child lists, against the layout.
@Suite("Element tree")
struct ElementTreeTests {
    /// Every element of `elements` with its path, pre-order, walked by hand.
    static func paths(_ elements: [Element], under parent: LayoutPath? = nil) -> [(id: String, path: LayoutPath, children: [String])] {
        elements.enumerated().flatMap { offset, element -> [(id: String, path: LayoutPath, children: [String])] in
            let path = parent.map { $0["children"][offset] } ?? .element(offset)
            return [(element.id, path, element.children.map(\.id))] + paths(element.children, under: path)
        }
    }

    @Test("each element's id finds it, its path is where the layout has it, its children are its own, on random trees", arguments: 0..<6)
    func namesMatchTheLayout(seed: Int) throws {
        let folder = try EngineFixtures.ImageFolder("namesMatchTheLayout\(seed)")
        try folder.image("blob.png", width: 16, height: 16) { x, y in UInt8(truncatingIfNeeded: x * 16 + y) }
        var g = SplitMix(seed: UInt64(seed) &+ 404)
        let elements = SpatialIndexPropertyTests.randomLayout(&g, images: ["blob.png"], count: 10 + 20 * seed)
        let engine = try folder.engine(elements)
        let expected = Self.paths(elements)
        #expect(engine.storage.ids.count == expected.count)
        for (index, element) in expected.enumerated() {
            let found = engine.element(withID: element.id)
            #expect(found == ElementIndex(rawValue: Int32(index)), "\(element.id)")
            #expect(engine.storage.tree.path(of: index, parents: engine.tables.parents) == element.path)
            #expect(engine.children(of: ElementIndex(rawValue: Int32(index))).map { engine.id(of: $0) } == element.children)
        }
        #expect(engine.element(withID: "missing") == nil && engine.element(withID: "") == nil)
    }

    @Test("an id is found by any spelling Swift calls equal (composed or decomposed accents)")
    func canonicalEquivalence() throws {
        let engine = try HitTester(layout: Layout(elements: [
            Element(id: "caf\u{E9}", frame: Rect(x: 0, y: 0, width: 1, height: 1)),
            Element(id: "other", frame: Rect(x: 0, y: 0, width: 1, height: 1)),
        ]))
        #expect(engine.element(withID: "cafe\u{301}") == ElementIndex(rawValue: 0))
        #expect(engine.element(withID: "other") == ElementIndex(rawValue: 1))
    }
}
