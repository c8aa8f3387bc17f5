import AlphaHit
import Synchronization

/// What an `alphahit_engine *` points at: an opened layout as a ``HitScene`` (so that it can be
/// changed), or a snapshot of one (which cannot).
///
/// Until its first change an opened engine's queries read the engine it was opened with, after one
/// atomic load and nothing else; after a change they read the scene's ``HitScene/snapshot`` (a
/// brief lock, never held while a change is built). A caller that queries in a tight loop on
/// several threads while the scene changes takes `alphahit_engine_snapshot` instead, whose
/// queries take no lock at all.
///
/// `alphahit_engine_close` frees the scene but keeps this small handle, so that a second close is
/// ignored and a later call says "the engine is closed" instead of reading freed memory. (A handle
/// costs a few dozen bytes for the life of the process.)
final class EngineHandle {
    private struct Contents {
        /// The engine the handle was opened (or snapshot) with.
        let opened: HitTester
        /// The scene, for an opened engine; nil for a snapshot.
        let scene: HitScene?
    }

    private var contents: Contents?
    /// Whether the scene has been changed since it was opened.
    private let changed = Atomic<Bool>(false)

    /// An opened engine, changeable.
    init(scene: HitScene) {
        let engine = scene.snapshot
        contents = Contents(opened: engine, scene: scene)
    }

    /// A snapshot: `engine`, which no change reaches.
    init(snapshot engine: HitTester) {
        contents = Contents(opened: engine, scene: nil)
    }

    var isClosed: Bool { contents == nil }

    /// The engine as it is now; nil once closed.
    var engine: HitTester? {
        guard let contents else { return nil }
        if let scene = contents.scene, changed.load(ordering: .acquiring) { return scene.snapshot }
        return contents.opened
    }

    /// Applies `change` to the scene.
    func apply(_ change: (HitScene) throws(LayoutChangeError) -> Void) throws(CFailure) {
        guard let contents else { throw .invalid("the engine is closed") }
        guard let scene = contents.scene else { throw .invalid("the engine is a snapshot, which cannot be changed: change the engine it was taken from") }
        do throws(LayoutChangeError) {
            try change(scene)
        } catch {
            throw CFailure(error)
        }
        changed.store(true, ordering: .releasing)
    }

    /// The scene's layout now; nil for a snapshot or a closed engine.
    var layout: Layout? { contents?.scene?.layout }

    func close() {
        contents = nil
    }
}
