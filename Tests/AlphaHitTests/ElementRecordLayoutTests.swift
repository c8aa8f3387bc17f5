@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
import Testing

@Suite("Element records")
struct ElementRecordLayoutTests {
    @Test("a hot record is 32 bytes, two to a cache line, in a 64-byte aligned table; general records are whole lines in one too, their hot fields in the first lines")
    func hotRecordSize() throws {
        #expect(MemoryLayout<HotElement>.size == 32 && MemoryLayout<HotElement>.stride == 32)
        #expect(MemoryLayout<CompiledElement>.stride % 64 == 0)
        // What a rectangle's test reads, for every placement, and what a hit answers with sit in a
        // general record's first two lines; a transform in the third.
        let lines: [(PartialKeyPath<CompiledElement>, Int)] = [
            (\.originX, 0), (\.flags, 0), (\.pixels, 0), (\.pixelWidth, 1), (\.imageHeight, 1), (\.element, 1), (\.sceneNumber, 1),
            (\.centreX, 2), (\.inverseA, 2), (\.translateY, 2),
        ]
        for (field, line) in lines {
            #expect(MemoryLayout<CompiledElement>.offset(of: field)! / 64 == line, "\(field)")
        }
        let engine = try HitTester(layout: Layout(elements: [
            Element(id: "a", frame: Rect(x: 0, y: 0, width: 1, height: 1)), Element(id: "b", frame: Rect(x: 0.1, y: 0, width: 1, height: 1)),
        ]))
        #expect(UInt(bitPattern: engine.tables.hot.base) % 64 == 0 && UInt(bitPattern: engine.tables.details.base) % 64 == 0)
        #expect(engine.storage.details.count == 1)
    }

    @Test("a row length past 32 bits is kept whole")
    func wideRows() {
        var record = CompiledElement()
        record.bytesPerRow = 1 << 40
        #expect(record.bytesPerRow == 1 << 40 && record.rowBytes32 == 0)
        record.bytesPerRow = 4096
        #expect(record.bytesPerRow == 4096 && record.rowBytes32 == 4096 && record.wideRowBytes == 0)
        record.hasTransform = true
        record.isFrame = true
        #expect(record.hasTransform && record.isFrame && !record.clipsToBounds && !record.parentOnlyMoves && !record.isNested)
        record.hasTransform = false
        #expect(!record.hasTransform && record.isFrame)
    }
}
