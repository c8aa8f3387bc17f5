import AlphaHitBasics
import AlphaHitImages

/// A scene's writer side: its current ``LiveTables``, changed in place an element at a time, and
/// what only the writer needs to find its way in them (`Docs/LiveScenes.md`, "Costs").
///
/// ``applyInPlace(_:)`` makes the changes that touch one leaf element at the top level or under a
/// top-level parent (one that neither clips nor transforms it, for a general record): updates of
/// its place and look (`frame`, `transform`, `isHidden`, `isInteractive`, `opacity`,
/// `alphaThreshold`, `state`), adding one at the front of the top level, and removing one. Each is
/// checked first by the build's own steps for that element (``LoneCompiler``); anything else, or
/// anything those steps refuse, is left to a build of the whole changed layout, which also gives
/// the refusal its message and path. ``setFrameInPlace(_:_:)`` and ``setStateInPlace(_:_:)`` take
/// shorter routes to the same tables for the moves and state switches they can (`LiveScene+FastRoutes.swift`).
/// Records point at images the scene keeps for its whole life, so the tables keyed by pixel
/// address (image slots, solid-pixel counts) never meet a reused address.
struct LiveScene: @unchecked Sendable {
    // The members without `private` are also the fast routes' (`LiveScene+FastRoutes.swift`).
    var tables: LiveTables
    private(set) var slotOfID: [String: Int32]
    private var freeSlots: [Int32] = []
    private var freeTransforms: [Int32] = []
    private var freeDetails: [Int32] = []
    private var imageSlots: [ImageSlot: UInt16] = [:]
    /// The image slots changes used last, compared before `imageSlots` is asked (a slot's place
    /// never changes: images are kept for the scene's life).
    private var recentImageSlots = RecentValues<ImageSlot, UInt16>()
    private var imagesKept: Set<ObjectIdentifier>
    /// The solid-pixel counts of each image and threshold in use, for pruning cells (nil: too large).
    private var pixelCounts: [CompiledElement.PixelsKey: SolidPixelCounts?] = [:]
    private var recentPixelCounts = RecentValues<CompiledElement.PixelsKey, SolidPixelCounts?>()
    /// Every image source the scene has read, so that it reads none twice (never replaced or dropped).
    private(set) var sources: [ImageRequest: PlacedImage]
    /// The placements a state switch found last in `sources`, by source and element scale.
    var recentPlacements = RecentValues<RecentImage, PlacedImage.Placement>()
    /// The first number no element of the scene has had.
    private(set) var nextNumber: Int32
    /// The engine the tables were made from, while no change has been made in place since.
    var built: HitTester?
    let cache: ImageCache
    var compiler: LoneCompiler
    /// Whether ``setFrameInPlace(_:_:)`` and ``setStateInPlace(_:_:)`` take their fast routes
    /// (off only in the test holding each fast route to the general one).
    var takesFastRoutes = true
    /// How many changes took a fast route.
    var fastRoutesTaken = 0
    /// Whether ``place(_:at:info:)`` keeps an element's entries when it would list them again
    /// unchanged (off only in the test holding that to listing them again).
    var keepsSameEntries = true
    /// How many changes kept their element's entries.
    var entriesKept = 0
    /// The entries of the element being placed (storage kept from change to change).
    private var keptEntries: [(cell: Int, entry: CellEntry)] = []

    /// Elements whose entries span more cells than this are changed by a build.
    static let cellBudget = 1024
    /// Beyond this many elements reaching past the grid's rectangle, the next change is a build.
    static let overflowBudget = 256

    /// The scene of `engine`, built from `layout` (its elements numbered `numbers` in pre-order).
    init(engine: HitTester, layout: Layout, numbers: [Int32], nextNumber: Int32, sources: [ImageRequest: PlacedImage], cache: ImageCache) {
        tables = LiveTables(storage: engine.storage, layout: layout, numbers: numbers)
        slotOfID = Dictionary(uniqueKeysWithValues: engine.storage.ids.enumerated().map { ($1, Int32($0)) })
        for (index, slot) in tables.images.view.enumerated() { imageSlots[slot] = UInt16(index) }
        imagesKept = Set(tables.imagesAlive.map { ObjectIdentifier($0.storage) })
        self.sources = sources
        self.nextNumber = nextNumber
        self.cache = cache
        compiler = LoneCompiler(header: tables.header, cache: cache)
        built = engine.numbered(by: numbers)
    }

    /// Makes `change` in place, or returns false, changing nothing, when it needs a build.
    mutating func applyInPlace(_ change: LayoutChange) -> Bool {
        guard tables.overflow.count < Self.overflowBudget else { return false }
        let done: Bool
        switch change {
        case .update(let id, let body): done = update(id, body)
        case .add(let element, let parent, let index): done = parent == nil && (index == nil || index == tables.topLevelCount) && add(element)
        case .remove(let id): done = remove(id)
        case .move: done = false
        }
        if done { forgetBuilt() }
        return done
    }

    /// Drops the engine the tables were made from, after a change in place.
    mutating func forgetBuilt() {
        // Tested first: storing nil over nil still destroyed the old value through its type's
        // metadata, about 200 instructions a change.
        if built != nil { built = nil }
    }

    // MARK: - The changes

    private mutating func update(_ id: String, _ body: (inout Element) -> Void) -> Bool {
        guard let slot = slotOfID[id].map(Int.init) else { return false }
        let info = tables.slots[slot]
        guard info.children == 0, fitsBudget(info) else { return false }
        let old = tables.element(atSlot: slot)
        var element = old
        body(&element)
        guard element.id == id, element.children.isEmpty, Self.differsOnlyInPlace(old, element),
            let prepared = prepare(element, parent: Int(info.parent), statesChecked: true)
        else { return false }
        place(prepared, at: slot, info: info)
        tables.setElement(element, atSlot: slot)
        return true
    }

    private mutating func add(_ element: Element) -> Bool {
        // An element's own touch tolerance could put tolerance in use where it was not.
        guard element.children.isEmpty, element.touchTolerance == nil, slotOfID[element.id] == nil, nextNumber < Int32.max,
            tables.nextLabel < UInt32.max, let prepared = prepare(element, parent: -1, statesChecked: false)
        else { return false }
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = Int(free)
        } else {
            slot = tables.hot.append(HotElement(blank: ()))
            tables.setSlot(slot, .free)
        }
        tables.setElement(element, atSlot: slot)
        let info = SlotInfo(number: nextNumber, parent: -1, label: tables.nextLabel, children: 0)
        nextNumber += 1
        tables.nextLabel += 1
        place(prepared, at: slot, info: info)
        slotOfID[element.id] = Int32(slot)
        tables.elementCount += 1
        tables.topLevelCount += 1
        return true
    }

    private mutating func remove(_ id: String) -> Bool {
        guard let slot = slotOfID[id].map(Int.init) else { return false }
        let info = tables.slots[slot]
        guard info.children == 0, fitsBudget(info) else { return false }
        removeEntries(of: slot)
        let record = tables.hot[slot]
        if record.isGeneral {
            freeDetails.append(record.detail)
        } else if record.bits & HotElement.transformBit != 0 {
            freeTransforms.append(record.detail)
        }
        tables.hot[slot] = HotElement(blank: ())
        tables.setSlot(slot, .free)
        if info.parent >= 0 {
            tables.slots[Int(info.parent)].children -= 1
        } else {
            tables.topLevelCount -= 1
        }
        slotOfID[id] = nil
        freeSlots.append(Int32(slot))
        tables.elementCount -= 1
        return true
    }

    /// Whether `new` differs from `old` only in keys a change in place can make.
    private static func differsOnlyInPlace(_ old: Element, _ new: Element) -> Bool {
        var probe = new
        (probe.frame, probe.transform, probe.state) = (old.frame, old.transform, old.state)
        (probe.isHidden, probe.isInteractive, probe.opacity, probe.alphaThreshold) = (old.isHidden, old.isInteractive, old.opacity, old.alphaThreshold)
        return probe == old
    }

    /// Whether a change in place can list an element of `box`: a finite box over at most
    /// ``cellBudget`` cells.
    @inline(__always)
    func fitsGrid(_ box: ElementBox) -> Bool {
        guard box.isFinite else { return false }
        let span = tables.grid.span(of: box)
        return (span.lastColumn - span.firstColumn + 1) * (span.lastRow - span.firstRow + 1) <= Self.cellBudget
    }

    func fitsBudget(_ info: SlotInfo) -> Bool {
        guard let cells = info.cells else { return true }
        return cells.columns.count * cells.rows.count <= Self.cellBudget
    }

    // MARK: - Records and entries

    /// An element compiled for a slot, not yet written.
    struct Prepared {
        /// Its hot record, when it is plain (its transform's place left to fill in).
        var plain: HotElement?
        /// Its full record, what a general element is read by.
        var full: CompiledElement
        var transform: InverseTransform?
        /// The image its hot record reads, and that image's place in the image table (the
        /// table's count when the image is new to it).
        var image: (slot: UInt16, value: ImageSlot)?
        /// Its box, when it takes part in queries (resolved, with an ancestor that is too).
        var box: ElementBox?
        var images: [DecodedImage]
    }

    /// `element` compiled under the element in slot `parent` (−1: the top level), when the build's
    /// rules accept it and its record is plain.
    private mutating func prepare(_ element: Element, parent: Int, statesChecked: Bool) -> Prepared? {
        guard let parentRecord = parentRecord(ofSlot: parent),
            let lone = compiler.compile(element, parent: parentRecord, sources: &sources, statesChecked: statesChecked)
        else { return nil }
        return prepared(lone, parent: parentRecord)
    }

    // Inlined, as are `prepared`, `plainRecord`, `fullRecord` and `fitsGrid`: a call of a
    // non-mutating method from a mutating one passed the scene as a 1,056-byte copy.
    /// What a child compiled under the element in slot `slot` needs of it (nil inside: the top
    /// level); nil when a change in place cannot have it as a parent (it is not at the top level).
    @inline(__always)
    func parentRecord(ofSlot slot: Int) -> EngineBuilder.LoneParent?? {
        guard slot >= 0 else { return .some(nil) }
        guard tables.slots[slot].parent < 0 else { return nil }
        let full = fullRecord(ofSlot: slot)
        return tables.readingElement(slot) { EngineBuilder.LoneParent($0, frame: tables.frames[slot], full: full) }
    }

    /// What the scene writes for an element compiled (as `lone`) under `parentRecord`, when a
    /// change in place can write it.
    @inline(__always)
    func prepared(_ lone: EngineBuilder.LoneElement, parent parentRecord: EngineBuilder.LoneParent?) -> Prepared? {
        let (plain, image) = plainRecord(of: lone.full)
        // A general record is read on its own, never walking its chain (see LiveTables).
        guard plain != nil || !lone.full.isNested || lone.full.parentOnlyMoves else { return nil }
        let skipped = lone.skipReason != nil || (parentRecord?.isSkipped ?? false)
        let box = skipped ? nil : lone.box
        if let box, !fitsGrid(box) { return nil }
        return Prepared(
            plain: plain, full: lone.full, transform: lone.full.hasTransform ? InverseTransform(of: lone.full) : nil,
            image: image, box: box, images: lone.images)
    }

    /// The hot record standing for `full` (see ``DenseTables/plainRecord(of:transform:image:)``),
    /// its transform's place left to fill in, and the image it reads with its place in the image
    /// table (the table's count for an image new to it), when it has one.
    @inline(__always)
    func plainRecord(of full: CompiledElement) -> (record: HotElement?, image: (slot: UInt16, value: ImageSlot)?) {
        var image: (slot: UInt16, value: ImageSlot)?
        if full.placement == .identity, let pixels = full.pixels {
            let value = ImageSlot(pixels: pixels, rowBytes: full.bytesPerRow)
            if let known = recentImageSlots.value(for: value) ?? imageSlots[value] {
                image = (known, value)
            } else if tables.images.count <= Int(UInt16.max) {
                image = (UInt16(tables.images.count), value)
            }
        }
        let plain = DenseTables.plainRecord(of: full, transform: 0, image: image)
        return (plain, plain == nil ? nil : image)
    }

    /// Writes `prepared` into slot `slot`, with `info` as its slot information, and lists it in
    /// the cells its box overlaps in place of the entries the slot had (none, for a free slot).
    mutating func place(_ prepared: Prepared, at slot: Int, info: SlotInfo) {
        let before = (info: tables.slots[slot], code: entryCode(ofSlot: slot))
        let old = tables.hot[slot]
        let oldTransform: Int32? = !old.isGeneral && old.bits & HotElement.transformBit != 0 ? old.detail : nil
        let oldDetail: Int32? = old.isGeneral ? old.detail : nil
        let code: Int32
        if var record = prepared.plain {
            if let transform = prepared.transform {
                let index = oldTransform ?? freeTransforms.popLast() ?? Int32(tables.transforms.append(transform))
                tables.transforms[Int(index)] = transform
                record.detail = index
            } else if let oldTransform {
                freeTransforms.append(oldTransform)
            }
            if let oldDetail { freeDetails.append(oldDetail) }
            // A known image's place is below the count (plainRecord looked it up).
            if let image = prepared.image {
                if Int(image.slot) == tables.images.count {
                    imageSlots[image.value] = image.slot
                    tables.images = Table(Array(tables.images.view) + [image.value])
                }
                if recentImageSlots.value(for: image.value) == nil { recentImageSlots.remember(image.slot, for: image.value) }
            }
            if info.number == Int32(slot) { record.bits |= HotElement.numberIsSlotBit }
            tables.hot[slot] = record
            code = Int32(slot)
        } else {
            if let oldTransform { freeTransforms.append(oldTransform) }
            var full = prepared.full
            (full.element, full.sceneNumber) = (Int32(slot), info.number)
            let index = oldDetail ?? freeDetails.popLast() ?? Int32(tables.details.append(full))
            tables.details[Int(index)] = full
            tables.hot[slot] = .general(detail: index)
            code = -1 - index
        }
        for image in prepared.images where imagesKept.insert(ObjectIdentifier(image.storage)).inserted { tables.imagesAlive.append(image) }
        var info = info
        (info.firstColumn, info.lastColumn, info.firstRow, info.lastRow, info.overflows) = (1, 0, 0, 0, false)
        keptEntries.removeAll(keepingCapacity: true)
        var placed: ElementBox?
        if var box = prepared.box {
            // `tables.grid` read where it is: a copy of the grid would retain and release its arrays.
            let span = tables.grid.span(of: box)
            (info.firstColumn, info.lastColumn) = (UInt16(span.firstColumn), UInt16(span.lastColumn))
            (info.firstRow, info.lastRow) = (UInt16(span.firstRow), UInt16(span.lastRow))
            info.overflows = box.minX < tables.grid.minX || box.maxX > tables.grid.maxX || box.minY < tables.grid.minY || box.maxY > tables.grid.maxY
            box.element = code
            placed = box
            let counts = solidPixelCounts(of: prepared.full)
            // As the build prunes, but for covers: an element that covers a cell may move away.
            compiler.entries(of: box, in: tables.grid, counts: counts, into: &keptEntries)
        }
        // A state switch mostly lists the element in the same cells, the same way: its entries
        // then stay where they are (each cell's list is in label order, and the label is the same).
        if keepsSameEntries, before.code == code, before.info.label == info.label, !before.info.overflows, !info.overflows,
            listsExactly(keptEntries, as: before.info, code: code)
        {
            entriesKept += 1
        } else {
            removeEntries(listed: before.info, code: before.code)
            for (cell, entry) in keptEntries {
                let list = tables.cells.entries(ofCell: cell)
                var position = 0
                while position < list.count && label(of: list[position].element) > info.label { position += 1 }
                tables.cells.insert(entry, cell: cell, at: position)
            }
            if info.overflows, let placed {
                var entries = Array(tables.overflow.view)
                let position = entries.firstIndex { label(of: $0.element) < info.label } ?? entries.count
                entries.insert(GridEntry(placed), at: position)
                tables.overflow = Table(entries)
            }
        }
        tables.setSlot(slot, info)
    }

    /// The solid-pixel counts of a record's image at its threshold, made once for each.
    private mutating func solidPixelCounts(of full: CompiledElement) -> SolidPixelCounts.Reader? {
        guard full.pixels != nil else { return nil }
        let key = full.pixelsKey
        if let recent = recentPixelCounts.value(for: key) { return recent?.reader }
        let counts: SolidPixelCounts?
        if let known = pixelCounts[key] {
            counts = known
        } else {
            counts = ElementHandle.withRecord(full) { SolidPixelCounts($0) }
            pixelCounts[key] = .some(counts)
        }
        recentPixelCounts.remember(counts, for: key)
        return counts?.reader
    }

    /// Slot `slot`'s full record, as the build made it (its chain fields aside).
    @inline(__always)
    func fullRecord(ofSlot slot: Int) -> CompiledElement {
        let hot = tables.hot[slot]
        if hot.isGeneral { return tables.details[Int(hot.detail)] }
        return hot.expanded(
            parent: tables.slots[slot].parent, transform: hot.bits & HotElement.transformBit != 0 ? tables.transforms[Int(hot.detail)] : nil,
            image: hot.kind == .image ? tables.images.view[Int(hot.image)] : nil)
    }
}
