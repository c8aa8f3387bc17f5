import AlphaHitBasics
import AlphaHitImages

/// A layout that changes while it is queried: elements move, change state, appear and disappear
/// (`Docs/LiveScenes.md`).
///
/// One thread (or several, one at a time) applies changes; any number of threads query
/// ``snapshot``, an immutable ``HitTester`` of the scene at one moment, taken in O(1). A reader sees
/// the scene before or after each change (or each batch applied together), never a mix. Every
/// answer is exactly what a `HitTester` freshly built from the changed layout gives.
///
/// A change that touches one leaf element at the top level or under a top-level parent (its frame,
/// transform, state, visibility; an element added at the front of the top level; one removed) is made in place,
/// in what it touches (``LiveScene``); any other change is made by a build of the whole changed
/// layout (about 1.2 µs an element), built aside while readers go on. A snapshot's lookups read
/// the scene's tables as they were when it was taken; its other queries read the engine of its
/// layout, built on its first such query.
///
/// An element keeps its ``ElementIndex`` for as long as it exists in the scene, in every snapshot;
/// the index of a removed element is never given to another (one added again under the same id
/// gets a new index). The first layout's elements are numbered in pre-order, as a built layout's
/// are; later snapshots' indices need not be in pre-order, or below the element count.
public final class HitScene: Sendable {
    /// The scene now, and the snapshot of it handed out last (until the next change).
    private struct Current {
        var scene: LiveScene
        var snapshot: HitTester?
        /// How many changes have been made in place so far.
        var madeInPlace = 0
    }

    /// Held by the one writer at a time, for all of a change.
    private let writer = Locked(())
    /// Held by a change made in place for that change (about a microsecond), by a built or
    /// batched change only to store its result, and by a reader taking a snapshot.
    private let current: Locked<Current>
    private let cache: ImageCache

    /// How many changes the scene has made in place, without a build (for tests and reports).
    package var changesMadeInPlace: Int { current.withLock { $0.madeInPlace } }

    /// Builds the scene's first engine from `layout`, decoding its images through `cache`.
    ///
    /// - Throws: ``LayoutError``, as ``HitTester/init(layout:cache:)`` does.
    public init(layout: Layout, cache: ImageCache = .shared) throws(LayoutError) {
        self.cache = cache
        let count = EngineBuilder.count(layout.elements)
        let scene = try Self.build(layout, numbers: (0..<count).map(Int32.init), next: Int32(count), sources: [:], cache: cache)
        current = Locked(Current(scene: scene))
    }

    /// A scene whose first engine is `engine`, already built from `layout` through `cache` (the
    /// command line builds it from the file, so that its problems carry the file's lines).
    package init(layout: Layout, engine: HitTester, cache: ImageCache) {
        self.cache = cache
        let count = engine.storage.ids.count
        current = Locked(Current(scene: LiveScene(
            engine: engine, layout: layout, numbers: (0..<count).map(Int32.init), nextNumber: Int32(count), sources: [:], cache: cache)))
    }

    /// The scene as it is now: an immutable engine that stays valid and unchanged while the scene
    /// goes on. O(1); waits at most for a change being made in place, never for a build.
    public var snapshot: HitTester {
        current.withLock { current in
            if let snapshot = current.snapshot { return snapshot }
            let snapshot = HitTester(live: LiveSnapshot(current.scene))
            current.snapshot = snapshot
            return snapshot
        }
    }

    /// The layout as it is now, made from the scene's tables (O(elements)).
    public var layout: Layout { current.withLock { $0.scene.tables }.layout().layout }

    /// Applies one change; an invalid one changes nothing.
    ///
    /// - Throws: ``LayoutChangeError``: the tree rules (``Layout/apply(_:)``), or
    ///   ``LayoutChangeError/invalid(_:)`` with every problem of the changed layout at its path.
    public func apply(_ change: LayoutChange) throws(LayoutChangeError) {
        try apply([change])
    }

    /// Applies `changes` in order, as one: readers see the scene before all of them or after all
    /// of them; when one is refused, none is applied.
    ///
    /// - Throws: ``LayoutChangeError``, for the first change refused.
    public func apply(_ changes: [LayoutChange]) throws(LayoutChangeError) {
        try apply(count: changes.count, changes) { scene, index in scene.applyInPlace(changes[index]) }
    }

    /// Applies `count` changes, making change `index` in place with `inPlace(&scene, index)`
    /// (false: not in place), else all of `changes()` by a build.
    private func apply(
        count: Int, _ changes: @autoclosure () -> [LayoutChange], inPlace: (inout LiveScene, Int) -> Bool
    ) throws(LayoutChangeError) {
        try writer.withLock { (_: inout Void) throws(LayoutChangeError) in
            if count == 1 {
                let done = current.withLock { current in
                    guard inPlace(&current.scene, 0) else { return false }
                    // Tested first: storing nil over nil destroys through the type's metadata.
                    if current.snapshot != nil { current.snapshot = nil }
                    current.madeInPlace += 1
                    return true
                }
                if done { return }
            } else {
                // Made aside: readers keep the scene as it was until the whole batch is in.
                var working = current.withLock { $0.scene }
                if (0..<count).allSatisfy({ inPlace(&working, $0) }) {
                    current.withLock { $0 = Current(scene: working, madeInPlace: $0.madeInPlace + count) }
                    return
                }
            }
            let scene = current.withLock { $0.scene }
            let rebuilt = try rebuild(scene, applying: changes())
            current.withLock { $0 = Current(scene: rebuilt, madeInPlace: $0.madeInPlace) }
        }
    }

    /// `scene`'s layout with `changes` applied, built as a new scene.
    private func rebuild(_ scene: LiveScene, applying changes: [LayoutChange]) throws(LayoutChangeError) -> LiveScene {
        var (layout, numbers) = scene.tables.layout()
        var sceneNumbers = SceneNumbers(layout, numbers: numbers, next: scene.nextNumber)
        // A long batch finds its updates' elements in one table of places, made again after
        // each change that moves elements; a short one searches the tree for each.
        var places: [String: [Int]]?
        for change in changes {
            if case .update(let id, let body) = change, changes.count >= Self.placeTableBatch {
                if places == nil { places = layout.places() }
                guard let place = places![id] else { throw .unknownID(id) }
                try layout.update(at: place, id: id, body)
                continue
            }
            places = nil
            // Numbered once the tree rules accept it (an add's depth among them, before its
            // subtree is walked), from the layout before it (where a removed subtree still is).
            let before = layout
            try layout.apply(change)
            try sceneNumbers.note(change, in: before)
        }
        do throws(LayoutError) {
            return try Self.build(layout, numbers: nil, next: sceneNumbers.next, sources: scene.sources, cache: cache, sceneNumbers: sceneNumbers)
        } catch {
            throw .invalid(error)
        }
    }

    /// A scene of `layout`, built with the images of `sources` (and the rest through `cache`),
    /// its elements numbered `numbers` in pre-order (or by `sceneNumbers`, by id).
    private static func build(
        _ layout: Layout, numbers: [Int32]?, next: Int32, sources: [ImageRequest: PlacedImage], cache: ImageCache,
        sceneNumbers: SceneNumbers? = nil
    ) throws(LayoutError) -> LiveScene {
        var builder = EngineBuilder(layout: layout, cache: cache)
        builder.preloaded = sources
        let engine = HitTester(storage: try builder.build { _, _ in nil })
        let numbers = numbers ?? sceneNumbers!.numbers(of: engine)
        return LiveScene(
            engine: engine, layout: layout, numbers: numbers, nextNumber: next,
            sources: sources.merging(builder.loadedSources) { old, _ in old }, cache: cache)
    }

    /// Batches at least this long look their updates' elements up in a table of places.
    static let placeTableBatch = 16

    /// Moves or resizes the element with `id`: its frame in its parent's points.
    ///
    /// - Throws: ``LayoutChangeError``, as ``apply(_:)`` does for the update.
    public func setFrame(_ id: String, _ frame: Rect) throws(LayoutChangeError) {
        try apply(count: 1, [.update(id: id) { $0.frame = frame }]) { scene, _ in scene.setFrameInPlace(id, frame) }
    }

    /// Moves or resizes several elements as one batch (an animation frame): each `frame` in its
    /// element's parent's points, applied in order, all or none.
    ///
    /// - Throws: ``LayoutChangeError``, for the first move refused.
    public func setFrames(_ moves: [(id: String, frame: Rect)]) throws(LayoutChangeError) {
        try apply(count: moves.count, moves.map { move in .update(id: move.id) { $0.frame = move.frame } }) { scene, index in
            scene.setFrameInPlace(moves[index].id, moves[index].frame)
        }
    }

    /// Sets (or, with nil, removes) the element's transform, about the centre of its frame.
    public func setTransform(_ id: String, _ transform: ElementTransform?) throws(LayoutChangeError) {
        try apply(.update(id: id) { $0.transform = transform })
    }

    /// Hides or shows the element and its subtree.
    public func setHidden(_ id: String, _ hidden: Bool) throws(LayoutChangeError) {
        try apply(.update(id: id) { $0.isHidden = hidden })
    }

    /// Puts the element in `state` (``Element/normalState`` for its own image; see ``Element/states``).
    public func setState(_ id: String, _ state: String) throws(LayoutChangeError) {
        try apply(count: 1, [.update(id: id) { $0.state = state }]) { scene, _ in scene.setStateInPlace(id, state) }
    }
}
