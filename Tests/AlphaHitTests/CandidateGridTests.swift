@testable import AlphaHitBasics
@testable import AlphaHitEngine
import Testing

/// The touch-tolerance search's window over its grid of candidate boxes, against a filter of every box.
@Suite("Touch tolerance: candidate grid")
struct CandidateGridTests {
    /// The boxes within `radius` of `point` as a search sees them: by the box's squared distance.
    static func inReach(_ boxes: [GridEntry], _ point: (x: Double, y: Double), _ radius: Double) -> [Int32: Double] {
        var found: [Int32: Double] = [:]
        for box in boxes {
            let dx = max(Double(box.minX) - point.x, 0, point.x - Double(box.maxX))
            let dy = max(Double(box.minY) - point.y, 0, point.y - Double(box.maxY))
            if dx * dx + dy * dy <= radius * radius { found[box.element] = dx * dx + dy * dy }
        }
        return found
    }

    static func collected(_ grid: CandidateGrid, _ point: (x: Double, y: Double), _ radius: Double, capacity: Int) -> [(Int32, Double)] {
        var found: [(Int32, Double)] = []
        withUnsafeTemporaryAllocation(of: CandidateGrid.Candidate.self, capacity: capacity) { queue in
            grid.collect(near: point, radius: radius, into: queue) { queue, count in
                #expect(count <= capacity)
                for slot in 0..<count { found.append((queue[slot].element, queue[slot].squaredDistance)) }
            }
        }
        return found
    }

    @Test("a window hands over every box within reach, each once with its squared distance, and no other, however small its queue", arguments: 0..<8)
    func windowMatchesFilter(seed: Int) {
        var g = SplitMix(seed: UInt64(seed) &+ 907)
        // Boxes from specks to ones spanning many cells, some on whole numbers (edges shared with
        // the cells'), over a layout whose grid has from one cell to thousands.
        let count = [1, 7, 60, 400, 3000][seed % 5]
        let side = g.next(in: 50...2000)
        let boxes = (0..<count).map { index -> GridEntry in
            let (x, y) = (g.next(in: -20...side), g.next(in: -20...side))
            let (w, h) = seed % 3 == 0 ? (32.0, 32.0) : (g.next(in: 0...side / 4), g.next(in: 0...side / 8))
            let whole = Bool.random(using: &g)
            let box = ElementBox(
                element: Int32(index), minX: whole ? x.rounded() : x, minY: whole ? y.rounded() : y,
                maxX: whole ? (x + w).rounded() : x + w, maxY: whole ? (y + h).rounded() : y + h)
            return GridEntry(box)
        }
        let grid = CandidateGrid(boxes)
        for _ in 0..<300 {
            let point = Bool.random(using: &g)
                ? (x: g.next(in: -40...side + 40), y: g.next(in: -40...side + 40))
                : (x: g.next(in: -40...side + 40).rounded(), y: g.next(in: -40...side + 40).rounded())
            let radius = [0.0, 1, 4, 12, 50, side].randomElement(using: &g)!
            let expected = Self.inReach(boxes, point, radius)
            let found = Self.collected(grid, point, radius, capacity: [1, 2, 48].randomElement(using: &g)!)
            #expect(found.count == expected.count, "at \(point), radius \(radius): \(found.count) boxes, expected \(expected.count)")
            #expect(Set(found.map(\.0)).count == found.count, "a box handed over twice at \(point), radius \(radius)")
            for (element, squared) in found {
                #expect(expected[element] == squared, "box \(element) at \(point), radius \(radius): \(squared) vs \(String(describing: expected[element]))")
            }
        }
    }

    @Test("a box exactly at the radius is within reach, and one a hair beyond is not")
    func reachIsInclusive() {
        // Box [10, 20] × [0, 5]; from (2, 0) it is 8 away.
        let grid = CandidateGrid([GridEntry(ElementBox(element: 0, minX: 10, minY: 0, maxX: 20, maxY: 5))])
        #expect(Self.collected(grid, (2, 0), 8, capacity: 4).map(\.0) == [0])
        #expect(Self.collected(grid, (2, 0), 8, capacity: 4).first?.1 == 64)
        #expect(Self.collected(grid, (2, 0), 8.0.nextDown, capacity: 4).isEmpty)
        // Diagonally: from (7, 9), the corner (10, 5) is 5 away.
        #expect(Self.collected(grid, (7, 9), 5, capacity: 4).map(\.0) == [0])
        #expect(Self.collected(grid, (7, 9), 4.999, capacity: 4).isEmpty)
    }
}
