@testable import AlphaHitBasics
@testable import AlphaHitEngine
import Testing

/// The persistent tables a scene changes in place (`Scene/Live`), against plain arrays: a copy
/// taken as a snapshot keeps what it held, whatever the writer does afterwards.
@Suite("Live tables")
struct LiveTablesTests {
    @Test("a paged table reads what was written, and a copy keeps what it held while the original changes", arguments: 0..<4)
    func pagedTablesArePersistent(seed: Int) {
        var g = SplitMix(seed: UInt64(seed) &+ 77)
        var table = PagedTable<Int64>(), model: [Int64] = []
        var snapshots: [(PagedTable<Int64>, [Int64])] = []
        for step in 0..<3000 {
            if model.isEmpty || Int.random(in: 0..<4, using: &g) == 0 {
                let value = Int64(step)
                #expect(table.append(value) == model.count)
                model.append(value)
            } else {
                let index = Int.random(in: 0..<model.count, using: &g)
                table[index] = -Int64(step)
                model[index] = -Int64(step)
            }
            if step % 400 == 0 { snapshots.append((table, model)) }
        }
        #expect((0..<model.count).map { table[$0] } == model)
        #expect((0..<model.count).map { table.reader.address(of: $0).pointee } == model)
        for (snapshot, held) in snapshots {
            #expect(snapshot.count == held.count)
            #expect((0..<held.count).map { snapshot[$0] } == held)
        }
    }

    @Test("cells take entries at a place and give them back, and a copy keeps its cells", arguments: 0..<4)
    func cellsArePersistent(seed: Int) {
        var g = SplitMix(seed: UInt64(seed) &+ 5)
        let cellCount = 150
        var model: [[Int32]] = (0..<cellCount).map { cell in (0..<Int.random(in: 0..<5, using: &g)).map { Int32(cell * 100 + $0) } }
        var starts: [Int32] = [0]
        for list in model { starts.append(starts.last! + Int32(list.count)) }
        func entry(_ value: Int32) -> CellEntry { CellEntry(element: value, minX: 0, minY: 0, maxX: 255, maxY: 255) }
        var cells = LiveCells(cellStart: starts, entries: model.flatMap { $0 }.map(entry))
        var snapshots: [(LiveCells, [[Int32]])] = []
        for step in 0..<4000 {
            let cell = Int.random(in: 0..<cellCount, using: &g)
            if model[cell].isEmpty || Bool.random(using: &g) {
                // Crowding a few cells makes pages move to larger ones.
                let crowded = step % 3 == 0 ? 7 : cell
                let position = Int.random(in: 0...model[crowded].count, using: &g)
                cells.insert(entry(Int32(100_000 + step)), cell: crowded, at: position)
                model[crowded].insert(Int32(100_000 + step), at: position)
            } else {
                let position = Int.random(in: 0..<model[cell].count, using: &g)
                cells.remove(cell: cell, at: position)
                model[cell].remove(at: position)
            }
            if step % 500 == 0 { snapshots.append((cells, model)) }
        }
        #expect((0..<cellCount).map { cells.entries(ofCell: $0).map(\.element) } == model)
        for (snapshot, held) in snapshots {
            #expect((0..<cellCount).map { snapshot.reader.entries(ofCell: $0).map(\.element) } == held)
        }
    }

    @Test("a persistent array's copy keeps its values while the original changes")
    func persistentArraysArePersistent() {
        var array = PersistentArray<String>(), model: [String] = []
        var snapshots: [(PersistentArray<String>, [String])] = []
        for step in 0..<500 {
            if step % 3 == 0 || model.isEmpty {
                array.append("a\(step)")
                model.append("a\(step)")
            } else {
                array[step % model.count] = "s\(step)"
                model[step % model.count] = "s\(step)"
            }
            if step % 50 == 0 { snapshots.append((array, model)) }
        }
        #expect((0..<model.count).map { array[$0] } == model)
        for (snapshot, held) in snapshots { #expect((0..<held.count).map { snapshot[$0] } == held) }
    }
}
