import AlphaHit

// The changes of alphahit.h ("Changing an engine"), in its order: one change as JSON, the
// numeric fast paths, and snapshots. Each only translates, as Exports.swift does.

/// Applies one change given as a line of a `hittest replay` script (see `alphahit.h`).
@_cdecl("alphahit_engine_change")
public func alphahit_engine_change(
    _ engine: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ length: Int, _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    CBridge.run(error) { () throws(CFailure) in
        let handle = try CBridge.open(engine)
        guard let json else { throw .invalid("the JSON text is NULL") }
        guard length >= 0, length <= LayoutFile.maximumFileSize else {
            throw .invalid("the change's length \(length) is out of range 0...\(LayoutFile.maximumFileSize)")
        }
        guard let layout = handle.layout else { throw .invalid("the engine is a snapshot, which cannot be changed: change the engine it was taken from") }
        let line: ScriptLine
        do throws(ScriptLineError) {
            line = try ScriptLine.parse(UnsafeRawBufferPointer(start: json, count: length), layout: layout)
        } catch {
            throw .invalid(error.problems.map(\.description).joined(separator: "\n"))
        }
        guard case .change(let change) = line else {
            throw .invalid("not a change: give one of {\"set\": …}, {\"add\": …}, {\"remove\": …}, {\"move\": …} (queries go through alphahit_hit)")
        }
        try handle.apply { scene throws(LayoutChangeError) in try scene.apply(change) }
    }
}

/// Moves or resizes an element: its frame in its parent's points.
@_cdecl("alphahit_set_frame")
public func alphahit_set_frame(
    _ engine: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
    _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    change(engine, id, error) { scene, id throws(LayoutChangeError) in try scene.setFrame(id, Rect(x: x, y: y, width: width, height: height)) }
}

/// Sets an element's transform from six numbers (a, b, c, d, tx, ty), or removes it for NULL.
@_cdecl("alphahit_set_transform")
public func alphahit_set_transform(
    _ engine: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ matrix: UnsafePointer<Double>?, _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    let transform = matrix.map { ElementTransform(a: $0[0], b: $0[1], c: $0[2], d: $0[3], tx: $0[4], ty: $0[5]) }
    return change(engine, id, error) { scene, id throws(LayoutChangeError) in try scene.setTransform(id, transform) }
}

/// Hides (non-zero) or shows (0) an element and its subtree.
@_cdecl("alphahit_set_hidden")
public func alphahit_set_hidden(
    _ engine: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ hidden: Int32, _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    change(engine, id, error) { scene, id throws(LayoutChangeError) in try scene.setHidden(id, hidden != 0) }
}

/// Puts an element in a state ("normal" for its own image).
@_cdecl("alphahit_set_state")
public func alphahit_set_state(
    _ engine: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ state: UnsafePointer<CChar>?, _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    CBridge.run(error) { () throws(CFailure) in
        let name = try CBridge.string(state, "the state")
        try applyChange(engine, id) { scene, id throws(LayoutChangeError) in try scene.setState(id, name) }
    }
}

/// An immutable engine of the scene as it is now, as a handle of its own.
@_cdecl("alphahit_engine_snapshot")
public func alphahit_engine_snapshot(
    _ engine: OpaquePointer?, _ snapshot: UnsafeMutablePointer<OpaquePointer?>?, _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    CBridge.run(error) { () throws(CFailure) in
        guard let snapshot else { throw .invalid("the snapshot out-pointer is NULL") }
        snapshot.pointee = nil
        snapshot.pointee = CBridge.handle(EngineHandle(snapshot: try CBridge.engine(engine)))
    }
}

/// A change by id through `body`, with the status and message the C interface gives.
private func change(
    _ engine: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ body: (HitScene, String) throws(LayoutChangeError) -> Void
) -> Int32 {
    CBridge.run(error) { () throws(CFailure) in try applyChange(engine, id, body) }
}

private func applyChange(_ engine: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ body: (HitScene, String) throws(LayoutChangeError) -> Void) throws(CFailure) {
    let handle = try CBridge.open(engine)
    let text = try CBridge.string(id, "the id")
    try handle.apply { scene throws(LayoutChangeError) in try body(scene, text) }
}
