import AlphaHitBasics
import AlphaHitImages

/// One moment of a scene, as a ``HitTester`` built from it holds it (``HitTester/init(live:)``):
/// its ``LiveTables`` (a copy, which the scene's writer never writes again), the query over them,
/// and the full engine of its layout for every query but the lookup, built on first use.
final class LiveSnapshot: @unchecked Sendable {
    let tables: LiveTables
    /// `tables.query`, where a ``QueryTables`` can point at it; freed with the snapshot.
    let query: UnsafeMutablePointer<LiveQuery>
    private let built: HitTester?
    private let sources: [ImageRequest: PlacedImage]
    private let cache: ImageCache
    private let lazyEngine = LazyReference<BuiltEngine>()

    private final class BuiltEngine: Sendable {
        let engine: HitTester
        init(_ engine: HitTester) { self.engine = engine }
    }

    init(_ scene: LiveScene) {
        tables = scene.tables
        query = .allocate(capacity: 1)
        query.initialize(to: tables.query)
        built = scene.built
        sources = scene.sources
        cache = scene.cache
    }

    deinit {
        query.deinitialize(count: 1)
        query.deallocate()
    }

    /// The engine a build of this moment's layout makes, numbered as the scene numbers its
    /// elements: what every query but the lookup reads. Built on first use (from the images the
    /// scene has read, so that it reads no file), unless the scene was just built.
    var engine: HitTester {
        withEngine { $0 }
    }

    /// Calls `body` with ``engine``, read in place: returning it copies a struct of some 300 bytes
    /// and a dozen references, which a snapshot's near miss did four times (callgrind, 2026-12-07).
    /// Out of line, so that its callers' frames stay small: a built engine's queries pay only
    /// their test of `live` (6 instructions a `hit(at:)`).
    @inline(never)
    func withEngine<Result>(_ body: (HitTester) -> Result) -> Result {
        if built != nil { return body(built.unsafelyUnwrapped) }
        return lazyEngine.withValue(orMake: { BuiltEngine(materialize()) }) { body($0.engine) }
    }

    /// Whether ``engine`` has been built (or was at hand).
    var hasEngine: Bool { built != nil || lazyEngine.isMade }

    private func materialize() -> HitTester {
        let (layout, numbers) = tables.layout()
        var builder = EngineBuilder(layout: layout, cache: cache)
        builder.preloaded = sources
        do throws(LayoutError) {
            return HitTester(storage: try builder.build { _, _ in nil }).numbered(by: numbers)
        } catch {
            // Every change made in place was checked by the build's own rules on its element.
            preconditionFailure("a scene's layout no longer builds: \(error)")
        }
    }
}
