@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
import Testing

/// Which elements a query reads from their 32-byte hot record alone, and that those records stand
/// for exactly the element the layout describes.
@Suite("Hot records")
struct HotElementTests {
    static let cases: [(name: String, element: Element, kind: HotElement.Kind)] = [
        ("a rectangle without an image", Element(id: "e", frame: Rect(x: 1, y: 2.5, width: 30, height: 40)), .solid),
        ("no shape", Element(id: "e", frame: Rect(x: 0, y: 0, width: 30, height: 40), shape: .none), .empty),
        ("an image at one pixel per point over exactly its frame", Element(id: "e", frame: Rect(x: 3, y: 4, width: 8, height: 6), image: "art.png"), .image),
        ("the same placed by a content mode that changes nothing", Element(id: "e", frame: Rect(x: 3, y: 4, width: 8, height: 6), image: "art.png", contentMode: .center), .image),
        ("a rotated rectangle", Element(id: "e", frame: Rect(x: 10, y: 10, width: 20, height: 20), transform: ElementTransform(rotationDegrees: 30)), .solid),
        ("an origin Float cannot hold exactly", Element(id: "e", frame: Rect(x: 0.1, y: 0, width: 10, height: 10)), .general),
        ("a size Float cannot hold exactly", Element(id: "e", frame: Rect(x: 0, y: 0, width: 16_777_217, height: 10)), .general),
        ("an ellipse", Element(id: "e", frame: Rect(x: 0, y: 0, width: 10, height: 10), shape: .ellipse), .general),
        ("an image stretched to another size", Element(id: "e", frame: Rect(x: 0, y: 0, width: 16, height: 12), image: "art.png", contentMode: .scaleToFill), .general),
        ("an image centred in a larger frame", Element(id: "e", frame: Rect(x: 0, y: 0, width: 16, height: 12), image: "art.png", contentMode: .center), .general),
    ]

    @Test("an element is plain (read from its hot record alone) exactly when the rules say so", arguments: cases)
    func kinds(name: String, element: Element, kind: HotElement.Kind) throws {
        let folder = try EngineFixtures.ImageFolder("hotKinds")
        _ = try folder.image("art.png", width: 8, height: 6) { x, y in (x + y) % 2 == 0 ? 255 : 0 }
        let engine = try folder.engine([element])
        #expect(engine.tables.hot[0].kind == kind, "\(name)")
        if kind != .general { #expect(engine.storage.details.count == 0) }
        // Whatever the form, the answers are the full record's, at points on and between the pixels.
        for y in stride(from: -1.0, through: 50, by: 0.5) {
            for x in stride(from: -1.0, through: 50, by: 0.5) {
                let point = Point(x: x, y: y)
                #expect(engine.elementIndex(at: point) == engine.scanAll(point).first, "\(name) at \(point)")
            }
        }
    }

    @Test("a child is plain under a parent that only moves it, and general under one that clips or transforms it")
    func parents() throws {
        func child(of parent: Element) throws -> HotElement {
            var parent = parent
            parent.children = [Element(id: "child", frame: Rect(x: 2, y: 3, width: 4, height: 5))]
            return try HitTester(layout: Layout(elements: [parent])).tables.hot[1]
        }
        let moving = try child(of: Element(id: "p", frame: Rect(x: 10, y: 20, width: 50, height: 50), shape: .none))
        #expect(moving.kind == .solid && moving.bits & HotElement.parentMovesBit != 0)
        #expect(moving.parentOriginX == 10 && moving.parentOriginY == 20)
        var clipping = Element(id: "p", frame: Rect(x: 10, y: 20, width: 50, height: 50))
        clipping.clipsToBounds = true
        #expect(try child(of: clipping).kind == .general)
        #expect(try child(of: Element(id: "p", frame: Rect(x: 10, y: 20, width: 50, height: 50), transform: ElementTransform(rotationDegrees: 10))).kind == .general)
    }

    @Test("the full records rebuilt from the dense tables make the same dense tables again, keep every general record, and link every chain")
    func fullRecordsRoundTrip() throws {
        let folder = try EngineFixtures.ImageFolder("hotRoundTrip")
        _ = try folder.image("blob.png", width: 16, height: 16) { x, y in UInt8(truncatingIfNeeded: x * 16 + y) }
        _ = try folder.image("ring@2x.png", width: 12, height: 8)
        var g = SplitMix(seed: 77)
        let engine = try folder.engine(SpatialIndexPropertyTests.randomLayout(&g, images: ["blob.png", "ring@2x.png"], count: 60, snapped: true))
        let count = engine.storage.hot.count
        let records = engine.records
        let again = DenseTables(records.elements)
        #expect(again.hot == Array(engine.storage.hot.view))
        #expect(again.details == Array(engine.storage.details.view))
        let general = (0..<count).filter { engine.tables.hot[$0].isGeneral }
        #expect(!general.isEmpty && general.count < count)
        for index in general { #expect(records.elements[index] == engine.tables.details[Int(engine.tables.hot[index].detail)]) }
        for index in 0..<count {
            let links = records.chain(of: index)
            let chain = links.indices.map { Int32(links.index(at: $0)) }
            #expect(chain.last == Int32(index) && engine.tables.parents[Int(chain[0])] == -1)
            #expect(zip(chain.dropFirst(), chain).allSatisfy { child, parent in engine.tables.parents[Int(child)] == parent })
        }
    }
}

extension HotElementTests {
    @Test("past 65,536 distinct images, further elements are general: an image slot is 16 bits")
    func imageSlotsRunOut() {
        let pixels = UnsafeMutablePointer<UInt8>.allocate(capacity: 70_000)
        defer { pixels.deallocate() }
        let records = (0..<70_000).map { index -> CompiledElement in
            var record = CompiledElement()
            // As the builder compiles a 1 × 1 element: the centre is always set.
            (record.width, record.height, record.centreX, record.centreY) = (1, 1, 0.5, 0.5)
            record.pixels = UnsafePointer(pixels + index)
            record.bytesPerRow = 1
            record.placeImage(pixelWidth: 1, pixelHeight: 1, scale: 1, minAlpha: 26, contentMode: .topLeft, capInsets: nil, tiles: false)
            return record
        }
        let dense = TableView.withElements(of: records) { DenseTables($0) }
        #expect(dense.images.count == 65_536)
        #expect(dense.hot.prefix(65_536).allSatisfy { $0.kind == .image } && dense.hot.dropFirst(65_536).allSatisfy { $0.kind == .general })
        // Compared as a count and a verdict: a failure printing 4,464 records helps nobody.
        #expect(dense.details.count == 70_000 - 65_536)
        // Each general record also names its element, for the grid entries that lead to it.
        let expected = records.indices.dropFirst(65_536).map { index -> CompiledElement in
            var record = records[index]
            record.element = Int32(index)
            return record
        }
        #expect(dense.details == expected ? true : false)
        #expect(dense.hot[65_535].image == 65_535 && dense.images[65_535].pixels == UnsafePointer(pixels + 65_535))
    }
}
