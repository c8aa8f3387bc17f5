import AlphaHitBasics
import AlphaHitImages

/// Everything a scene snapshot reads: the tables of a first build, changed in place an element at
/// a time by the scene's writer (``LiveScene``), persistent by page, so that a copy taken as a
/// snapshot stays as it was while the writer goes on (``PageList``).
///
/// Elements live in slots. The first build's elements take the slots of their positions; an
/// added element takes a free slot (or a new one). A slot's hot record is the one a build makes
/// (``DenseTables/plainRecord(of:transform:image:)``), or for a general element one that leads to
/// its full record in `details`. Only leaves are changed in place (a change to an element with
/// children is made by a build of the whole changed layout), so the ancestors a general element's
/// chain walks are the first build's, in `base`; an element changed in place never walks its
/// chain (it is at the top level, or under a parent that only moves it).
struct LiveTables: @unchecked Sendable {
    var hot: PagedTable<HotElement>
    /// What the writer keeps of each slot. Change a slot's number only with ``setSlot(_:_:)``.
    var slots: PagedTable<SlotInfo>
    /// Each slot's element number (−1 for a free slot), what a query reads on a hit of a plain
    /// element whose number is not its slot (``HotElement/numberIsSlotBit``; a general record
    /// holds its own, ``CompiledElement/sceneNumber``): 4 bytes a slot.
    private(set) var numbers: PagedTable<Int32>
    var transforms: PagedTable<InverseTransform>
    var details: PagedTable<CompiledElement>
    var cells: LiveCells
    /// The entries of the elements whose boxes reach beyond the grid's rectangle, front first.
    var overflow: Table<GridEntry>
    var images: Table<ImageSlot>
    /// Each slot's element without its children (what the layout is made again from), as it was
    /// last stored: its frame now is `frames`' (read through ``element(atSlot:)``).
    private var storedElements: PersistentArray<Element>
    /// Each slot's frame. A move writes it here alone: in a batch of moves after a snapshot, a
    /// page of elements copied for each move (32 elements, their strings and arrays retained)
    /// cost a quarter of the batch; a page of frames is a copy of plain bytes.
    private(set) var frames: PagedTable<Rect>
    /// The first build's grid: its cells and rectangle, without entries.
    let grid: SpatialGrid
    let base: BaseTables
    /// The layout without its elements: canvas, defaults, image directory.
    let header: Layout
    let toleranceInUse: Bool
    /// Every image a slot's records point into, kept alive for as long as the scene.
    var imagesAlive: [DecodedImage]
    /// The next label: larger than every label in use.
    var nextLabel: UInt32
    var elementCount: Int
    var topLevelCount: Int

    /// The tables of `storage`, built from `layout`, whose elements are numbered `numbers` (by position).
    init(storage: EngineStorage, layout: Layout, numbers: [Int32]) {
        let count = storage.hot.count
        hot = PagedTable(storage.hot.view)
        transforms = PagedTable(storage.transforms.view)
        details = PagedTable(storage.details.view)
        // The numbers where a hit reads them (see `numbers`).
        for position in 0..<count where !hot[position].isGeneral && numbers[position] == Int32(position) {
            hot[position].bits |= HotElement.numberIsSlotBit
        }
        for index in 0..<details.count { details[index].sceneNumber = numbers[Int(details[index].element)] }
        images = storage.imageSlots
        base = storage.details.count > 0 ? BaseTables(storage) : BaseTables.none
        // Every candidate in every cell it may take a point of, as a build judges them, but no
        // cover pruning (see LiveQuery).
        let boxes = storage.candidates.map {
            ElementBox(element: $0.element, minX: Double($0.minX), minY: Double($0.minY), maxX: Double($0.maxX), maxY: Double($0.maxY))
        }
        var built = SpatialGrid(boxes: boxes)
        // The full records made for this alone (the engine's own are made only when a query needs them).
        let full = FullRecords(expanding: storage.tables, count: count)
        withExtendedLifetime(full) { EngineBuilder.prune(&built, records: full.tables, coversHide: false) }
        grid = built.geometry
        let hotView = storage.hot.view
        cells = LiveCells(cellStart: built.cellStart, entries: built.entries.map { entry in
            var entry = entry
            if hotView[Int(entry.element)].isGeneral { entry.element = -1 - hotView[Int(entry.element)].detail }
            return entry
        })
        var slots = PagedTable<SlotInfo>()
        for position in 0..<count {
            _ = slots.append(SlotInfo(
                number: numbers[position], parent: storage.parents.view[position], label: UInt32(position),
                children: Int32(storage.tree.children(of: position).count)))
        }
        for box in boxes {
            let span = built.span(of: box.paddedAgainstRounding())
            var info = slots[Int(box.element)]
            (info.firstColumn, info.lastColumn) = (UInt16(span.firstColumn), UInt16(span.lastColumn))
            (info.firstRow, info.lastRow) = (UInt16(span.firstRow), UInt16(span.lastRow))
            slots[Int(box.element)] = info
        }
        self.slots = slots
        var numberTable = PagedTable<Int32>()
        for number in numbers { _ = numberTable.append(number) }
        self.numbers = numberTable
        overflow = Table([])
        storedElements = Self.preOrder(layout.elements)
        var frames = PagedTable<Rect>()
        for slot in 0..<storedElements.count { _ = frames.append(storedElements.reading(slot) { $0.frame }) }
        self.frames = frames
        var header = layout
        header.elements = []
        self.header = header
        toleranceInUse = storage.tolerance.inUse
        imagesAlive = storage.images
        nextLabel = UInt32(count)
        elementCount = count
        topLevelCount = layout.elements.count
    }

    /// The elements of `list` and their subtrees, pre-order, each without its children.
    private static func preOrder(_ list: [Element]) -> PersistentArray<Element> {
        var elements = PersistentArray<Element>()
        var stack: [(list: [Element], next: Int)] = [(list, 0)]
        while let top = stack.indices.last {
            guard stack[top].next < stack[top].list.count else {
                stack.removeLast()
                continue
            }
            var element = stack[top].list[stack[top].next]
            stack[top].next += 1
            let children = element.children
            element.children = []
            elements.append(element)
            if !children.isEmpty { stack.append((children, 0)) }
        }
        return elements
    }

    /// The layout the tables stand for, and the number of each of its elements in pre-order.
    func layout() -> (layout: Layout, numbers: [Int32]) {
        var alive: [(label: UInt32, slot: Int32)] = []
        alive.reserveCapacity(elementCount)
        for slot in 0..<slots.count where slots[slot].number >= 0 { alive.append((slots[slot].label, Int32(slot))) }
        alive.sort { $0.label < $1.label }
        // Back to front through the pre-order, each element's children gathered before it is reached.
        var children: [Int32: [Element]] = [:]
        var topLevel: [Element] = []
        for (_, slot) in alive.reversed() {
            var element = element(atSlot: Int(slot))
            element.children = children.removeValue(forKey: slot).map { $0.reversed() } ?? []
            let parent = slots[Int(slot)].parent
            if parent < 0 { topLevel.append(element) } else { children[parent, default: []].append(element) }
        }
        var layout = header
        layout.elements = topLevel.reversed()
        return (layout, alive.map { slots[Int($0.slot)].number })
    }

    /// The slot of the element numbered `number`, or nil when no element is: a scan of the slots.
    func slot(ofNumber number: Int32) -> Int? {
        guard number >= 0 else { return nil }
        let reader = slots.reader
        return (0..<slots.count).first { reader.address(of: $0).pointee.number == number }
    }

    /// The id of the element numbered `number`, or nil when no element is.
    func id(ofNumber number: Int32) -> String? { slot(ofNumber: number).map { readingElement($0) { $0.id } } }

    /// The element in slot `slot`, without its children, as it is now.
    @inline(__always)
    func element(atSlot slot: Int) -> Element {
        var element = storedElements[slot]
        element.frame = frames[slot]
        return element
    }

    /// What `body` reads of the element in slot `slot` as it was last stored: anything but its
    /// frame, which is `frames[slot]`. Fields read in `body` are read in place; an element handed
    /// on from `body` to a function the optimizer does not inline is copied first all the same
    /// (Benchmarks/README, "One home for each rule, a state switch without hashing, and a
    /// prefetch tried").
    @inline(__always)
    func readingElement<Result>(_ slot: Int, _ body: (borrowing Element) -> Result) -> Result {
        storedElements.reading(slot, body)
    }

    /// Stores `element` (without children) in slot `slot`, or in a new slot at the end when `slot`
    /// is the count of slots stored.
    mutating func setElement(_ element: Element, atSlot slot: Int) {
        if slot == storedElements.count {
            storedElements.append(element)
            _ = frames.append(element.frame)
        } else {
            storedElements[slot] = element
            frames[slot] = element.frame
        }
    }

    /// Puts the element in slot `slot` in `state`.
    @inline(__always)
    mutating func setState(_ state: String, atSlot slot: Int) {
        storedElements.modify(slot) { $0.state = state }
    }

    /// Moves the element in slot `slot` to `frame`.
    @inline(__always)
    mutating func setFrame(_ frame: Rect, atSlot slot: Int) {
        frames[slot] = frame
    }

    /// Sets slot `slot`'s information (`slots.count`: a new slot), and its number with it.
    mutating func setSlot(_ slot: Int, _ info: SlotInfo) {
        if slot == slots.count {
            _ = slots.append(info)
            _ = numbers.append(info.number)
        } else {
            slots[slot] = info
            numbers[slot] = info.number
        }
    }

    /// The readers of these tables, valid while this value (or a copy of it) is alive.
    var query: LiveQuery {
        LiveQuery(
            hot: hot.reader, numbers: numbers.reader, transforms: transforms.reader, details: details.reader, images: images.view.reader,
            cells: cells.reader,
            overflow: overflow.view, baseHot: base.hot.view.reader, baseDetails: base.details.view.reader,
            baseParents: base.parents.view.reader, baseTransforms: base.transforms.view.reader, grid: grid)
    }

    /// The bytes of the tables a query reads (images excluded), as ``HitTester/engineByteCount`` counts a build's.
    var byteCount: Int {
        hot.byteCount + slots.byteCount + numbers.byteCount + transforms.byteCount + details.byteCount + cells.byteCount + overflow.byteCount + images.byteCount
            + base.byteCount
    }
}

/// A first build's tables that its general elements' walks down their chains read (their
/// ancestors' records, parents and transforms); empty when it has no general element.
final class BaseTables: Sendable {
    let hot: Table<HotElement>
    let details: Table<CompiledElement>
    let parents: Table<Int32>
    let transforms: Table<InverseTransform>

    init(_ storage: EngineStorage) {
        (hot, details, parents, transforms) = (storage.hot, storage.details, storage.parents, storage.transforms)
    }

    private init() {
        (hot, details, parents, transforms) = (Table([]), Table([]), Table([]), Table([]))
    }

    static let none = BaseTables()

    var byteCount: Int { hot.byteCount + details.byteCount + parents.byteCount + transforms.byteCount }
}
