import AlphaHitBasics
import AlphaHitImages

extension EngineBuilder {
    /// One element as a build of its whole layout compiles it: what a scene needs to change that
    /// element alone (`Scene/Live`).
    struct LoneElement {
        /// Its full record, nested and linked under its parent as the build links it.
        var full: CompiledElement
        /// Where it can be hit, in layout points, padded against rounding as the grid pads it;
        /// nil when it never can be (no shape, an empty frame).
        var box: ElementBox?
        /// Why it is skipped itself (its ancestors aside).
        var skipReason: HitVerdict.SkipReason?
        /// The images it may show that were read for it now, to keep alive while it exists.
        var images: [DecodedImage]
    }

    /// What compiling a child needs of its parent, a top-level element: its frame and transform,
    /// its full record, and whether it is skipped itself. All plain values: a scene's state switch
    /// copies none of the parent's strings, arrays or states.
    struct LoneParent {
        var frame: Rect
        var transform: ElementTransform?
        var full: CompiledElement
        /// Whether the parent is hidden, not interactive or transparent (``skipReason(of:)``), so
        /// that its children never answer.
        var isSkipped: Bool

        /// What a child needs of `element` at `frame` (its own, unless a caller keeps frames apart).
        init(_ element: borrowing Element, frame: Rect, full: CompiledElement) {
            (self.frame, transform, isSkipped) = (frame, element.transform, EngineBuilder.skipReason(of: element) != nil)
            self.full = full
        }
    }
}

/// Compiles one element at a time as the build of its layout would, with the build's own steps
/// (validation, images, record, link to its parent, box) and a builder and scratch space kept
/// from one element to the next: what a change a scene makes in place costs.
struct LoneCompiler: @unchecked Sendable {
    private var builder: EngineBuilder
    /// The records of the element's chain: its parent's (when it has one), then its own.
    private var records = [CompiledElement(), CompiledElement()]
    private let links: [Int32] = [0, 1]
    /// Where the last element compiled is in `records`.
    private var index = 0

    /// For the elements of a layout with `header`'s canvas, defaults and image directory.
    init(header: Layout, cache: ImageCache) {
        builder = EngineBuilder(layout: header, cache: cache)
        builder.frames = [Rect(x: 0, y: 0, width: 0, height: 0), Rect(x: 0, y: 0, width: 0, height: 0)]
        builder.transforms = [nil, nil]
    }

    /// `element` (without children) validated and compiled at the top level, or as the child of
    /// `parent` (what it needs of a top-level element), its images taken from `sources`
    /// (or read through the cache, and added there). Nil when the element has any problem: a
    /// build of the changed layout then reports it, with its path.
    ///
    /// - Parameter statesChecked: the element's images other than its current one were loaded
    ///   and checked before, unchanged (an update that keeps its image, states and cap insets).
    mutating func compile(
        _ element: Element, parent: EngineBuilder.LoneParent?, sources: inout [ImageRequest: PlacedImage], statesChecked: Bool
    ) -> EngineBuilder.LoneElement? {
        builder.problems.removeAll(keepingCapacity: true)
        builder.placement.removeAll()
        if parent != nil { builder.placement.append(parent: -1, offset: 0) }
        builder.placement.append(parent: parent == nil ? -1 : 0, offset: 0)
        let index = parent == nil ? 0 : 1
        builder.validate(element, at: index, namesChecked: statesChecked)
        guard builder.problems.isEmpty else { return nil }
        let visit = EngineBuilder.Visit(element: element, parent: parent == nil ? -1 : 0, depth: index + 1, offset: 0)
        var placed: PlacedImage?
        var images: [DecodedImage] = []
        if let active = element.activeImageSource {
            if (statesChecked || element.states.isEmpty) && element.capInsets == nil, let known = sources[builder.request(active, of: element)] {
                placed = known
            } else {
                // The build's own loading: every state's image, and cap insets against each.
                builder.stateImages.removeAll()
                builder.preloaded = sources
                placed = [visit].withUnsafeBufferPointer { builder.loadImages($0) }[0]
                guard builder.problems.isEmpty else { return nil }
                sources.merge(builder.loadedSources) { old, _ in old }
                images = builder.stateImages + (placed.map { [$0.image] } ?? [])
            }
        }
        return finish(visit, placed: placed?.placement, parent: parent, images: images)
    }

    /// `element`, whose keys were checked before and whose image in its state now is placed as
    /// `placed` (read then, through `sources`), compiled again without validation or loading, as
    /// ``compile(_:parent:sources:statesChecked:)`` compiles it: a state switch. What a scene's
    /// state switches by name cost.
    mutating func recompile(_ element: Element, placed: PlacedImage.Placement?, parent: EngineBuilder.LoneParent?) -> EngineBuilder.LoneElement {
        let visit = EngineBuilder.Visit(element: element, parent: parent == nil ? -1 : 0, depth: parent == nil ? 1 : 2, offset: 0)
        return finish(visit, placed: placed, parent: parent, images: [])
    }

    /// The build's steps after validation and loading: the record, its link to its parent, its box.
    private mutating func finish(
        _ visit: borrowing EngineBuilder.Visit, placed: PlacedImage.Placement?, parent: EngineBuilder.LoneParent?, images: [DecodedImage]
    ) -> EngineBuilder.LoneElement {
        let index = parent == nil ? 0 : 1
        records[index] = builder.compile(visit, image: placed)
        builder.frames[index] = visit.element.frame
        builder.transforms[index] = visit.element.transform
        if let parent {
            records[0] = parent.full
            records[0].parent = -1
            builder.frames[0] = parent.frame
            builder.transforms[0] = parent.transform
            records[1].isNested = true
            FullRecords.link(
                &records[1], toLoneParent: (parent.full.originX, parent.full.originY),
                onlyMoves: !parent.full.hasTransform && !parent.full.clipsToBounds)
        }
        // The chain, as the build's tables list it: the parent (if any), then the element.
        (records[0].chainStart, records[0].chainLength) = (0, 1)
        (records[index].chainStart, records[index].chainLength) = (0, Int32(index + 1))
        self.index = index
        let box = builder.boundingBox(ofLast: index, records: records, links: links)
        return EngineBuilder.LoneElement(
            full: records[index], box: box?.paddedAgainstRounding(), skipReason: EngineBuilder.skipReason(of: visit.element), images: images)
    }

    /// `full`, the record of a leaf element as a build (or ``compile(_:parent:sources:statesChecked:)``)
    /// made it, with `transform`, moved to `frame`, of the same size, at the top level or under
    /// `parent` (a top-level element that neither clips nor transforms it): its record and box as
    /// `compile` gives them for the element so moved, since a frame's origin enters the record
    /// only as its own (a transform turns about the frame's centre). What a scene's moves by
    /// numbers cost.
    mutating func moved(
        _ full: CompiledElement, to frame: Rect, transform: ElementTransform?, parent: (frame: Rect, full: CompiledElement)?
    ) -> (full: CompiledElement, box: ElementBox?) {
        let index = parent == nil ? 0 : 1
        records[index] = full
        (records[index].originX, records[index].originY) = (frame.x, frame.y)
        // As `compile` leaves it: linked in the scratch chain, not yet placed in a details table.
        records[index].parent = parent == nil ? -1 : 0
        (records[index].element, records[index].sceneNumber) = (0, 0)
        builder.frames[index] = frame
        builder.transforms[index] = transform
        if let parent {
            records[0] = parent.full
            records[0].parent = -1
            builder.frames[0] = parent.frame
            builder.transforms[0] = nil
        }
        (records[0].chainStart, records[0].chainLength) = (0, 1)
        (records[index].chainStart, records[index].chainLength) = (0, Int32(index + 1))
        self.index = index
        let box = builder.boundingBox(ofLast: index, records: records, links: links)
        return (records[index], box?.paddedAgainstRounding())
    }

    /// The grid entries of the element last compiled, whose box is `box`, into `kept` (emptied
    /// first, its storage kept from call to call): one for each cell the box overlaps but those
    /// the build's pruning drops (``EngineBuilder/cellVerdict(element:cell:records:counts:)``; a
    /// cover is kept, with what is behind it: the element may move away).
    func entries(of box: ElementBox, in grid: borrowing SpatialGrid, counts: SolidPixelCounts.Reader?, into kept: inout [(cell: Int, entry: CellEntry)]) {
        kept.removeAll(keepingCapacity: true)
        let index = index
        Self.withRecords(records, links) { records in
            grid.forEachEntry(of: box) { cell, entry in
                if EngineBuilder.cellVerdict(element: index, cell: grid.cellRect(cell), records: records, counts: counts) != .drop {
                    kept.append((cell, entry))
                }
            }
        }
    }

    /// Static, with the arrays given: a method of the compiler called with a closure that reads
    /// its builder would copy the whole compiler first (and one that reads the builder, the
    /// builder: ``EngineBuilder/boundingBox(ofLast:records:links:)`` is the builder's own).
    private static func withRecords<Result>(_ records: [CompiledElement], _ links: [Int32], _ body: (RecordTables) -> Result) -> Result {
        TableView.withElements(of: records) { records in
            TableView.withElements(of: links) { links in body(RecordTables(elements: records, chains: links)) }
        }
    }
}

extension EngineBuilder {
    /// ``boundingBox(of:)`` of the chain of `records[index]`, the chain's links in `links`.
    fileprivate func boundingBox(ofLast index: Int, records: [CompiledElement], links: [Int32]) -> ElementBox? {
        TableView.withElements(of: records) { records in
            TableView.withElements(of: links) { links in boundingBox(of: RecordTables(elements: records, chains: links).chain(of: index)) }
        }
    }
}
