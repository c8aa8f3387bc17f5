import AlphaHitBasics

/// Every element's full record and ancestor chain: what explanations, hit details, touch
/// tolerance, hit maps and audits read. Queries never need them (see ``QueryTables``), so the
/// engine builds them from its dense tables on first use (``EngineStorage/records``), and a
/// layout only ever queried never holds them.
final class FullRecords: Sendable {
    let elements: Table<CompiledElement>
    let chains: Table<Int32>
    let tables: RecordTables

    /// Expands the dense tables: a general element's record is copied, a plain one's rebuilt
    /// (exactly: the builder made it plain only if so), and the chains linked again.
    init(expanding dense: QueryTables, count: Int) {
        var records = (0..<count).map { index -> CompiledElement in
            let hot = dense.hot[index]
            if hot.isGeneral { return dense.details[Int(hot.detail)] }
            return hot.expanded(
                parent: dense.parents[index], transform: hot.bits & HotElement.transformBit != 0 ? dense.transforms[Int(hot.detail)] : nil,
                image: hot.kind == .image ? dense.images[Int(hot.image)] : nil)
        }
        let chains = Self.linkChains(&records)
        elements = Table(records)
        self.chains = Table(chains)
        tables = RecordTables(elements: elements.view, chains: self.chains.view)
    }

    var byteCount: Int { elements.byteCount + chains.byteCount }

    /// Stores each element's ancestor chain (root first, itself last), whether it is nested, and
    /// for a child of a parent that only moves it that parent's origin; returns the chains table.
    static func linkChains(_ compiled: inout [CompiledElement]) -> [Int32] {
        var chains: [Int32] = []
        chains.reserveCapacity(compiled.count * 2)
        compiled.withUnsafeMutableBufferPointer { compiled in
            for index in compiled.indices {
                // The element and its ancestors, root first: counted, then written from the leaf back.
                var length = 0
                var current = Int32(index)
                while current >= 0 {
                    length += 1
                    current = compiled[Int(current)].parent
                }
                let start = chains.count
                chains.append(contentsOf: repeatElement(0, count: length))
                current = Int32(index)
                for slot in (start..<start + length).reversed() {
                    chains[slot] = current
                    current = compiled[Int(current)].parent
                }
                compiled[index].chainStart = Int32(start)
                compiled[index].chainLength = Int32(length)
                compiled[index].isNested = length > 1
                if length == 2 {
                    let parent = Int(compiled[index].parent)
                    Self.link(
                        &compiled[index], toLoneParent: (compiled[parent].originX, compiled[parent].originY),
                        onlyMoves: !compiled[parent].hasTransform && !compiled[parent].clipsToBounds)
                }
            }
        }
        return chains
    }

    /// A child of a top-level element: when that parent only moves its children (no transform,
    /// no clipping), its origin, which the hot path subtracts without reading the parent.
    ///
    /// - Parameters:
    ///   - origin: the parent's origin.
    ///   - onlyMoves: the parent has neither a transform nor clips.
    static func link(_ element: inout CompiledElement, toLoneParent origin: (x: Double, y: Double), onlyMoves: Bool) {
        guard onlyMoves else { return }
        element.parentOnlyMoves = true
        (element.parentOriginX, element.parentOriginY) = origin
    }
}

/// The full records and chains, for the paths off the query's hot path.
struct RecordTables: Sendable {
    let elements: TableView<CompiledElement>
    let chains: TableView<Int32>

    /// Element `index`'s record.
    @inline(__always)
    func element(_ index: Int) -> ElementHandle { ElementHandle(elements, index) }

    /// The element's ancestors and itself, root first (see ``ElementChain``).
    @inline(__always)
    func chain(of index: Int) -> ElementChain {
        let element = elements[index]
        return ElementChain(elements: elements, links: chains[Int(element.chainStart)..<Int(element.chainStart) + Int(element.chainLength)])
    }

    /// Maps the layout point down the element's ancestor chain; nil when a clipping ancestor
    /// does not contain it. The element's own bounds are left to the caller.
    func localPoint(of index: Int, _ x: Double, _ y: Double) -> (x: Double, y: Double)? {
        chain(of: index).localPoint(x, y)
    }

    /// The layout point in element `index`'s local space, whatever its clipping ancestors say.
    func unclippedLocalPoint(of index: Int, _ x: Double, _ y: Double) -> (x: Double, y: Double) {
        chain(of: index).unclippedLocalPoint(x, y)
    }
}
