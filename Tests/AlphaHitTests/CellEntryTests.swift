@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
import Testing

@Suite("Cell entries")
struct CellEntryTests {
    @Test("an entry holds a point exactly when min ≤ point ≤ max on both axes, for every byte value of an axis")
    func boxTestIsTheComparison() {
        var disagreements = 0
        for low in 0...255 {
            for high in low...255 {
                for y in [UInt8(low), UInt8(high), UInt8(low / 2), UInt8((high + 256) / 2 - 1)] {
                    let across = CellEntry(element: 0, minX: UInt8(low), minY: UInt8(low), maxX: UInt8(high), maxY: UInt8(high))
                    for x in 0...255 where across.mayContain(UInt8(x), y) != (low <= x && x <= high && low <= Int(y) && Int(y) <= high) {
                        disagreements += 1
                    }
                }
            }
        }
        #expect(disagreements == 0)
    }

    @Test("a point's 256th of a cell never decreases as the point moves right, and stays in 0...255", arguments: [0, 1, 7, 4095])
    func fractionKeepsOrder(cell: Int) {
        var previous: UInt8 = 0
        var scaled = Double(cell) - 0.5
        while scaled < Double(cell) + 1.5 {
            let fraction = CellEntry.fraction(scaled, in: cell)
            #expect(fraction >= previous)
            previous = fraction
            scaled += 1.0 / 1024
        }
        #expect(CellEntry.fraction(.nan, in: cell) == 0 && CellEntry.fraction(Double(cell) + 0.5, in: cell) == 128)
    }
}
