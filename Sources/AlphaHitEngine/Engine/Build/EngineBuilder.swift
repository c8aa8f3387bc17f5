import AlphaHitBasics
import AlphaHitImages

/// Validates a ``Layout`` and flattens it into the tables a ``HitTester`` queries:
/// walk the tree, validate, load images, compile each element, link ancestor chains, compute
/// each element's box, and index the boxes in a pruned spatial grid.
///
/// Every problem is collected, with its path, before anything is thrown.
struct EngineBuilder {
    /// One element of the tree, visited depth-first (pre-order).
    struct Visit {
        var element: Element
        var parent: Int32
        var depth: Int
        /// Its position among its parent's children (or the top-level elements).
        var offset: Int32
    }

    /// The layout being built; its element tree is moved out while flattening (see ``flatten()``).
    var layout: Layout
    let cache: ImageCache
    var problems: [LayoutProblem] = []
    /// Each visited element's parent and position in its parent's list, from which its path is
    /// made when a problem or a warning needs it (and never otherwise).
    var placement = ElementPlacement()
    /// Each element's frame and forward transform, by index, for carrying boxes up the tree.
    var frames: [Rect] = []
    var transforms: [ElementTransform?] = []
    /// Every image, sheet and atlas file read, as resolved: what a command must never write over.
    var inputFiles = Set<String>()
    /// The images of the states elements are not in now, kept alive with the engine.
    var stateImages: [DecodedImage] = []
    /// Images a scene has read already, by source: taken as they are rather than read again, so
    /// that a scene reads each source once in its life (`Docs/LiveScenes.md`).
    var preloaded: [ImageRequest: PlacedImage] = [:]
    /// Every source the build read or took from `preloaded`, once images are loaded.
    var loadedSources: [ImageRequest: PlacedImage] = [:]

    init(layout: consuming Layout, cache: ImageCache) {
        self.layout = layout
        self.cache = cache
    }

    /// Builds the engine; `sourceLine` says where an element (by pre-order index and path) starts
    /// in its layout file, if any.
    mutating func build(sourceLine: (_ element: Int, _ path: () -> LayoutPath) -> Int?) throws(LayoutError) -> EngineStorage {
        validateLayoutLevel()
        var (visits, children, topLevel) = flatten()
        // The passes over the visits read them in place: a visit holds a whole element, and
        // copying one per pass and element is a good part of the cost of a large layout.
        let loaded = visits.withUnsafeBufferPointer { visits in
            for index in visits.indices { validate(visits[index].element, at: index) }
            validateUniqueIDs(visits)
            return loadImages(visits)
        }
        var images = loaded
        guard problems.isEmpty else { throw LayoutError(problems: problems) }

        (frames, transforms) = visits.withUnsafeBufferPointer { visits in
            (visits.map { $0.element.frame }, visits.map { $0.element.transform })
        }
        // A closure that calls a method of a `mutating func`'s `self` copies the whole builder at
        // each call; one immutable copy, taken once, serves every element instead.
        let builder = self
        var compiled = visits.withUnsafeBufferPointer { visits in
            visits.indices.map { builder.compile(visits[$0], image: images[$0]?.placement) }
        }
        let distinctImages = Self.distinct(images.map { $0?.image } + stateImages)
        images = []
        let chains = FullRecords.linkChains(&compiled)
        let tolerance = touchTolerance(visits)
        let (skipReasons, ids) = visits.withUnsafeBufferPointer { visits in
            (visits.indices.map { Self.skipReason(of: visits[$0].element) }, visits.indices.map { visits[$0].element.id })
        }
        let tree = ElementTree(
            ids: ids, lines: visits.indices.map { index in sourceLine(index) { placement.path(of: index) } },
            children: children, topLevel: topLevel, skipReasons: skipReasons)
        // The candidate boxes, front-most first: the resolution order, without skipped subtrees.
        var boxes: [ElementBox] = []
        TableView.withElements(of: compiled) { elements in
            TableView.withElements(of: chains) { chains in
                let records = RecordTables(elements: elements, chains: chains)
                tree.walkInResolutionOrder(tree.topLevel[...], enter: { skipReasons[$0] == nil }) { index in
                    if let box = builder.boundingBox(of: records.chain(of: index)) { boxes.append(box) }
                    return false
                }
            }
        }
        // What is left needs the visits' copies of the elements no more: for a large layout, tens of MB.
        visits = []
        var grid = SpatialGrid(boxes: boxes)
        let dense = TableView.withElements(of: compiled) { elements in
            TableView.withElements(of: chains) { chains in
                Self.prune(&grid, records: RecordTables(elements: elements, chains: chains), coversHide: true)
                return DenseTables(elements)
            }
        }
        compiled = []
        return EngineStorage(
            dense: dense, grid: grid, boxes: boxes, canvas: layout.canvas, tree: tree,
            images: distinctImages, tolerance: tolerance, inputFiles: inputFiles.sorted())
    }

    /// The layout's touch tolerances: each element's own (kept only when some element sets one).
    private func touchTolerance(_ visits: [Visit]) -> TouchTolerance {
        var tolerance = TouchTolerance(layoutDefault: layout.defaults.touchTolerance)
        visits.withUnsafeBufferPointer { visits in
            guard visits.contains(where: { $0.element.touchTolerance != nil }) else { return }
            tolerance.own = visits.map { $0.element.touchTolerance ?? .nan }
            tolerance.largestOwn = tolerance.own.filter { !$0.isNaN }.max() ?? 0
        }
        return tolerance
    }

    /// Each image once, however many elements show it: the engine keeps these alive, and a large
    /// layout has hundreds of thousands of elements but a handful of images.
    private static func distinct(_ images: [DecodedImage?]) -> [DecodedImage] {
        var seen = Set<ObjectIdentifier>()
        var last: ObjectIdentifier?
        return images.compactMap { image in
            guard let image else { return nil }
            let identity = ObjectIdentifier(image.storage)
            guard identity != last else { return nil }
            last = identity
            return seen.insert(identity).inserted ? image : nil
        }
    }

    /// One solid-pixel table per image and threshold in use, and each element's table (if any).
    /// Drops from `grid` each entry whose element takes no point of its cell (``cellVerdict(element:cell:records:counts:)``),
    /// and with `coversHide`, every entry behind one that takes them all.
    static func prune(_ grid: inout SpatialGrid, records: RecordTables, coversHide: Bool) {
        let counts = solidPixelCounts(records)
        // The tables are read through plain readers, not copied (or retained) for every cell.
        let readers = counts.tables.map(\.reader)
        grid.prune(coversHide: coversHide) { element, cell in
            cellVerdict(element: Int(element), cell: cell, records: records, counts: counts.table[Int(element)].map { readers[Int($0)] })
        }
    }

    private static func solidPixelCounts(_ records: RecordTables) -> (tables: [SolidPixelCounts], table: [Int32?]) {
        let (elements, count) = (records.elements, records.elements.count)
        var tables: [SolidPixelCounts] = []
        var byKey: [CompiledElement.PixelsKey: Int32] = [:]
        var table = [Int32?](repeating: nil, count: count)
        for index in 0..<count {
            guard elements[index].pixels != nil else { continue }
            let key = elements[index].pixelsKey
            if let known = byKey[key] {
                table[index] = known
            } else if let counts = SolidPixelCounts(records.element(index)) {
                byKey[key] = Int32(tables.count)
                table[index] = Int32(tables.count)
                tables.append(counts)
            }
        }
        return (tables, table)
    }

    // MARK: - Walking the tree

    /// Pre-order listing, without recursion: children lists and top-level list by index.
    private mutating func flatten() -> ([Visit], [[Int32]], [Int32]) {
        var visits: [Visit] = []
        var children: [[Int32]] = []
        var topLevel: [Int32] = []
        // Sized once: a visit is a whole element, and growing a list of 300,000 of them by
        // doubling copies it many times over.
        let count = Self.count(layout.elements)
        visits.reserveCapacity(count)
        children.reserveCapacity(count)
        placement.reserveCapacity(count)
        // The lists being walked, innermost last, each with the next position to visit: every
        // element is copied once, into `visits`, however deep the tree.
        struct Frame {
            let list: [Element]
            var next = 0
            let parent: Int32
            let depth: Int
        }
        // The tree moves out of the layout, and each visit keeps its element without its children:
        // once walked, a list is owned by nobody else (when the caller gave up the layout) and is
        // freed, so the elements are held once, in `visits`, for the rest of the build.
        var frames = [Frame(list: layout.elements, parent: -1, depth: 1)]
        layout.elements = []
        while let top = frames.indices.last {
            let offset = frames[top].next
            guard offset < frames[top].list.count else {
                frames.removeLast()
                continue
            }
            frames[top].next += 1
            let (parent, depth) = (frames[top].parent, frames[top].depth)
            let index = Int32(visits.count)
            visits.append(Visit(element: frames[top].list[offset], parent: parent, depth: depth, offset: Int32(offset)))
            placement.append(parent: parent, offset: Int32(offset))
            children.append([])
            if parent >= 0 { children[Int(parent)].append(index) } else { topLevel.append(index) }
            let list = visits[Int(index)].element.children
            visits[Int(index)].element.children = []
            guard !list.isEmpty else { continue }
            guard depth < Layout.maximumDepth else {
                problems.append(.nestingTooDeep(at: placement.path(of: Int(index))["children"]))
                continue
            }
            frames.append(Frame(list: list, parent: index, depth: depth + 1))
        }
        return (visits, children, topLevel)
    }

    /// How many elements the lists hold, at every depth (without recursion, however deep).
    static func count(_ elements: [Element]) -> Int {
        var total = 0
        var lists = [elements]
        while let list = lists.popLast() {
            total += list.count
            for element in list where !element.children.isEmpty { lists.append(element.children) }
        }
        return total
    }

    /// Why an element is skipped (hidden, not interactive, all but transparent), taking its subtree
    /// with it; nil when it is resolved.
    static func skipReason(of element: borrowing Element) -> HitVerdict.SkipReason? {
        if element.isHidden { return .hidden }
        if !element.isInteractive { return .notInteractive }
        if element.opacity < 0.01 { return .opacityBelowMinimum }
        return nil
    }

    mutating func add(_ path: LayoutPath, _ message: String) {
        problems.append(LayoutProblem(at: path, message))
    }
}
