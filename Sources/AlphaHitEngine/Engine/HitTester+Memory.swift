extension HitTester {
    /// The bytes of the engine's own tables, excluding decoded images: the per-point tables (hot
    /// records, general elements' full records, transforms, parents, grid cells and entries), the
    /// full records once something has built them, the candidate boxes, and the tree kept for results
    /// (see ``ElementTree/byteCount``), and a scene snapshot's element numbers. For the benchmarks' memory-per-element figure.
    package var engineByteCount: Int { engineBytes.reduce(0) { $0 + $1.bytes } }

    /// ``engineByteCount`` by table, largest first.
    package var engineBytes: [(table: String, bytes: Int)] {
        if let live {
            // A snapshot's own tables, and the engine of its layout once something has built it.
            let built = live.hasEngine ? live.engine.engineBytes.map { (table: "built on first use: " + $0.table, bytes: $0.bytes) } : []
            return [(table: "a scene's tables: hot records, slots, transforms, cells, images", bytes: live.tables.byteCount)] + built
        }
        let s = storage
        let parts = [
            ("hot records", s.hot.byteCount),
            ("full records of general elements", s.details.byteCount),
            ("transforms and images of plain elements", s.transforms.byteCount + s.imageSlots.byteCount),
            ("parents", s.parents.byteCount),
            ("full records, built on first use", s.lazyFullRecordBytes),
            ("grid cells", s.cellStart.byteCount),
            ("grid entries", s.cellEntries.byteCount),
            ("answer tiles", s.answerTiles?.byteCount ?? 0),
            ("candidate boxes", s.candidates.count * MemoryLayout<GridEntry>.stride),
            ("tree: ids, id lookup, child lists, lines, skip reasons", s.tree.byteCount),
            ("a scene's element numbers, both ways", numbering.byteCount),
        ]
        return parts.sorted { $0.1 > $1.1 }.map { (table: $0.0, bytes: $0.1) }
    }
}
