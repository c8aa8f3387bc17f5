import AlphaHitBasics
import AlphaHitImages

/// A layout that changes while it is queried: elements move, change state, appear and disappear
/// (`Docs/LiveScenes.md`).
///
/// One thread (or several, one at a time) applies changes; any number of threads query
/// ``snapshot``, an immutable ``HitTester`` of the scene at one moment, taken in O(1). A reader sees
/// the scene before or after each change (or each batch applied together), never a mix, and is
/// never kept waiting by a change being made: the changed engine is built aside and published in
/// one step. Every answer is exactly what a `HitTester` freshly built from the changed layout gives,
/// because today each change *is* followed by a fresh build: a change costs a build (about 1.2 µs
/// an element), whatever it touches.
///
/// An element keeps its ``ElementIndex`` for as long as it exists in the scene, in every snapshot;
/// the index of a removed element is never given to another (one added again under the same id
/// gets a new index). The first layout's elements are numbered in pre-order, as a built layout's
/// are; later snapshots' indices need not be in pre-order, or below the element count.
public final class HitScene: Sendable {
    /// What one writer at a time changes: the layout, and the numbers its elements keep.
    private struct State {
        var layout: Layout
        var numbers: SceneNumbers
    }

    private let writer: Locked<State>
    /// The engine of the layout as last changed; held only to hand out a reference.
    private let published: Locked<HitTester>
    private let cache: ImageCache

    /// Builds the scene's first engine from `layout`, decoding its images through `cache`.
    ///
    /// - Throws: ``LayoutError``, as ``HitTester/init(layout:cache:)`` does.
    public init(layout: Layout, cache: ImageCache = .shared) throws(LayoutError) {
        self.cache = cache
        published = Locked(try HitTester(layout: layout, cache: cache))
        writer = Locked(State(layout: layout, numbers: SceneNumbers(layout)))
    }

    /// A scene whose first engine is `engine`, already built from `layout` through `cache` (the
    /// command line builds it from the file, so that its problems carry the file's lines).
    package init(layout: Layout, engine: HitTester, cache: ImageCache) {
        self.cache = cache
        published = Locked(engine)
        writer = Locked(State(layout: layout, numbers: SceneNumbers(layout)))
    }

    /// The scene as it is now: an immutable engine that stays valid and unchanged while the scene
    /// goes on. O(1); never waits for a change being built.
    public var snapshot: HitTester { published.withLock { $0 } }

    /// The layout as it is now (the one the ``snapshot`` was built from, once any change being
    /// applied is done).
    public var layout: Layout { writer.withLock { $0.layout } }

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
        try writer.withLock { (state: inout State) throws(LayoutChangeError) in
            var changed = state
            // A long batch finds its updates' elements in one table of places, made again after
            // each change that moves elements; a short one searches the tree for each.
            var places: [String: [Int]]?
            for change in changes {
                if case .update(let id, let body) = change, changes.count >= Self.placeTableBatch {
                    if places == nil { places = changed.layout.places() }
                    guard let place = places![id] else { throw .unknownID(id) }
                    try changed.layout.update(at: place, id: id, body)
                    continue
                }
                places = nil
                // Numbered once the tree rules accept it (an add's depth among them, before its
                // subtree is walked), from the layout before it (where a removed subtree still is).
                let before = changed.layout
                try changed.layout.apply(change)
                try changed.numbers.note(change, in: before)
            }
            let built: HitTester
            do throws(LayoutError) {
                built = try HitTester(layout: changed.layout, cache: cache)
            } catch {
                throw .invalid(error)
            }
            let engine = built.numbered(by: changed.numbers.numbers(of: built))
            // The writer's lock is held while building, the readers' only for this one store.
            published.withLock { $0 = engine }
            state = changed
        }
    }

    /// Batches at least this long look their updates' elements up in a table of places.
    static let placeTableBatch = 16

    /// Moves or resizes the element with `id`: its frame in its parent's points.
    public func setFrame(_ id: String, _ frame: Rect) throws(LayoutChangeError) {
        try apply(.update(id: id) { $0.frame = frame })
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
        try apply(.update(id: id) { $0.state = state })
    }
}
