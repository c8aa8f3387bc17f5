#if canImport(Glibc)
import Glibc
#endif
import AlphaHit
import AlphaHitReports

// The functions of alphahit.h, one a declaration, in its order. Each only translates: arguments
// are checked and converted, the Swift library answers, failures become a status and a message.

/// The ABI version of this library (`ALPHAHIT_ABI_VERSION` in `alphahit.h`).
@_cdecl("alphahit_abi_version")
public func alphahit_abi_version() -> UInt32 { 1 }

/// Frees a string the library returned; NULL is ignored.
@_cdecl("alphahit_free")
public func alphahit_free(_ pointer: UnsafeMutableRawPointer?) {
    free(pointer)
}

/// Opens a layout file as an engine; a status, and a message on failure (see `alphahit.h`).
@_cdecl("alphahit_engine_open_file")
public func alphahit_engine_open_file(
    _ path: UnsafePointer<CChar>?, _ engine: UnsafeMutablePointer<OpaquePointer?>?, _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    CBridge.run(error) { () throws(CFailure) in
        guard let engine else { throw .invalid("the engine out-pointer is NULL") }
        engine.pointee = nil
        let file = try CBridge.string(path, "the path")
        do throws(LayoutFileError) {
            engine.pointee = CBridge.handle(EngineHandle(scene: try HitScene(contentsOfLayoutFile: file)))
        } catch {
            throw CFailure(error)
        }
    }
}

/// Opens a layout given as JSON text, images relative to a base folder (see `alphahit.h`).
@_cdecl("alphahit_engine_open_json")
public func alphahit_engine_open_json(
    _ json: UnsafePointer<CChar>?, _ length: Int, _ baseDirectory: UnsafePointer<CChar>?, _ engine: UnsafeMutablePointer<OpaquePointer?>?,
    _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    CBridge.run(error) { () throws(CFailure) in
        guard let engine else { throw .invalid("the engine out-pointer is NULL") }
        engine.pointee = nil
        guard let json else { throw .invalid("the JSON text is NULL") }
        guard length >= 0, length <= LayoutFile.maximumFileSize else { throw .invalid("the JSON text's length \(length) is out of range") }
        let bytes = [UInt8](UnsafeRawBufferPointer(start: json, count: length))
        let directory = try baseDirectory.map { pointer throws(CFailure) in try CBridge.string(pointer, "the base folder") }
        do throws(LayoutFileError) {
            engine.pointee = CBridge.handle(EngineHandle(scene: try HitScene(layoutJSON: bytes, name: "<json>", imageDirectory: directory)))
        } catch {
            throw CFailure(error)
        }
    }
}

/// Frees an engine; NULL and a second close are ignored (see `EngineHandle`).
@_cdecl("alphahit_engine_close")
public func alphahit_engine_close(_ engine: OpaquePointer?) {
    guard let engine else { return }
    Unmanaged<EngineHandle>.fromOpaque(UnsafeRawPointer(engine)).takeUnretainedValue().close()
}

/// The number of elements; -1 for a NULL engine.
@_cdecl("alphahit_element_count")
public func alphahit_element_count(_ engine: OpaquePointer?) -> Int64 {
    guard let tester = try? CBridge.engine(engine) else { return -1 }
    return Int64(tester.elements.count)
}

/// The id of the element at an index, as a string the caller frees.
@_cdecl("alphahit_element_id")
public func alphahit_element_id(
    _ engine: OpaquePointer?, _ index: Int64, _ id: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    CBridge.run(error) { () throws(CFailure) in
        let tester = try CBridge.engine(engine)
        guard let id else { throw .invalid("the id out-pointer is NULL") }
        id.pointee = nil
        guard let number = Int32(exactly: index), tester.containsElement(ElementIndex(rawValue: number)) else {
            throw .invalid("element index \(index) is not an element of the engine (it has \(tester.elements.count); a changed engine's indices are those alphahit_element_index gives)")
        }
        id.pointee = CBridge.allocatedCString(tester.id(of: ElementIndex(rawValue: number)))
    }
}

/// The index of the element at a position in layout order.
@_cdecl("alphahit_element_at")
public func alphahit_element_at(
    _ engine: OpaquePointer?, _ position: Int64, _ index: UnsafeMutablePointer<Int64>?, _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    CBridge.run(error) { () throws(CFailure) in
        let tester = try CBridge.engine(engine)
        guard let index else { throw .invalid("the index out-pointer is NULL") }
        guard position >= 0, position < Int64(tester.elements.count) else {
            throw .invalid("position \(position) is out of range 0..<\(tester.elements.count)")
        }
        index.pointee = Int64(tester.elements[Int(position)].rawValue)
    }
}

/// The index of the element with an id; `ALPHAHIT_NOT_FOUND` when none has it.
@_cdecl("alphahit_element_index")
public func alphahit_element_index(
    _ engine: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ index: UnsafeMutablePointer<Int64>?, _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    CBridge.run(error) { () throws(CFailure) in
        let tester = try CBridge.engine(engine)
        guard let index else { throw .invalid("the index out-pointer is NULL") }
        let text = try CBridge.string(id, "the id")
        guard let element = tester.element(withID: text) else { throw CFailure(status: .notFound, message: "no element has the id '\(text)'") }
        index.pointee = Int64(element.rawValue)
    }
}

/// The front-most element at a point: its index, -1 for none, -2 for a NULL or closed engine or a
/// point that is not finite.
@_cdecl("alphahit_hit")
public func alphahit_hit(_ engine: OpaquePointer?, _ x: Double, _ y: Double) -> Int32 {
    guard let tester = try? CBridge.engine(engine), x.isFinite, y.isFinite else { return -2 }
    return tester.elementIndex(at: Point(x: x, y: y))?.rawValue ?? -1
}

/// The front-most element at each of `count` strided points, into a caller-owned array (-1: none).
@_cdecl("alphahit_hit_many")
public func alphahit_hit_many(
    _ engine: OpaquePointer?, _ x: UnsafePointer<Double>?, _ y: UnsafePointer<Double>?, _ stride: UInt, _ count: UInt,
    _ indices: UnsafeMutablePointer<Int32>?, _ threads: UInt32, _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    CBridge.run(error) { () throws(CFailure) in
        try hitMany(engine, x, y, stride, count, tolerance: nil, indices, threads)
    }
}

/// `alphahit_hit_many` with a touch tolerance (points, finite, ≥ 0).
@_cdecl("alphahit_hit_many_with_tolerance")
public func alphahit_hit_many_with_tolerance(
    _ engine: OpaquePointer?, _ x: UnsafePointer<Double>?, _ y: UnsafePointer<Double>?, _ stride: UInt, _ count: UInt, _ tolerance: Double,
    _ indices: UnsafeMutablePointer<Int32>?, _ threads: UInt32, _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    CBridge.run(error) { () throws(CFailure) in
        try hitMany(engine, x, y, stride, count, tolerance: try CBridge.tolerance(tolerance), indices, threads)
    }
}

/// Both batch functions: every size checked (a count or stride that no array can have, a span
/// `(count − 1) × stride` that wraps), every point checked to be finite before any is answered.
private func hitMany(
    _ engine: OpaquePointer?, _ x: UnsafePointer<Double>?, _ y: UnsafePointer<Double>?, _ stride: UInt, _ count: UInt, tolerance: Double?,
    _ indices: UnsafeMutablePointer<Int32>?, _ threads: UInt32
) throws(CFailure) {
    let tester = try CBridge.engine(engine)
    guard count > 0 else { return }
    guard let x, let y, let indices else { throw .invalid("x, y and indices must not be NULL when count is \(count)") }
    guard stride >= 1 else { throw .invalid("the stride must be at least 1, not 0") }
    // No array of doubles spans more than Int.max bytes.
    let largest = UInt(Int.max) / UInt(MemoryLayout<Double>.stride)
    guard count <= largest else { throw .invalid("the count \(count) is larger than any array can hold (at most \(largest))") }
    guard stride <= largest else { throw .invalid("the stride \(stride) is larger than any array can span (at most \(largest))") }
    let (span, wraps) = (count - 1).multipliedReportingOverflow(by: stride)
    guard !wraps, span < largest else { throw .invalid("count × stride (\(count) × \(stride)) is larger than any array can span") }
    let (n, step) = (Int(count), Int(stride))
    for i in 0..<n where !(x[i &* step].isFinite && y[i &* step].isFinite) {
        throw .invalid("point \(i) (\(x[i &* step]), \(y[i &* step])) is not finite: both coordinates must be finite numbers")
    }
    tester.elementIndices(x: x, y: y, stride: step, count: n, into: indices, tolerance: tolerance, threads: Int(threads))
}

/// What a tap selects with touch tolerance, and its distance: index, -1 none, -2 bad argument.
@_cdecl("alphahit_hit_with_tolerance")
public func alphahit_hit_with_tolerance(
    _ engine: OpaquePointer?, _ x: Double, _ y: Double, _ tolerance: Double, _ distance: UnsafeMutablePointer<Double>?
) -> Int32 {
    guard let tester = try? CBridge.engine(engine), tolerance >= 0, tolerance.isFinite, x.isFinite, y.isFinite else { return -2 }
    guard let candidate = tester.touchHit(at: Point(x: x, y: y), tolerance: tolerance) else { return -1 }
    distance?.pointee = candidate.distance
    return candidate.element.rawValue
}

/// Why a point hits what it hits, as JSON text the caller frees.
@_cdecl("alphahit_explain")
public func alphahit_explain(
    _ engine: OpaquePointer?, _ x: Double, _ y: Double, _ json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    CBridge.run(error) { () throws(CFailure) in
        try explain(engine, x, y, tolerance: nil, json)
    }
}

/// `alphahit_explain` with a touch tolerance (points, finite, ≥ 0).
@_cdecl("alphahit_explain_with_tolerance")
public func alphahit_explain_with_tolerance(
    _ engine: OpaquePointer?, _ x: Double, _ y: Double, _ tolerance: Double, _ json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    CBridge.run(error) { () throws(CFailure) in
        try explain(engine, x, y, tolerance: try CBridge.tolerance(tolerance), json)
    }
}

private func explain(
    _ engine: OpaquePointer?, _ x: Double, _ y: Double, tolerance: Double?, _ json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) throws(CFailure) {
    let tester = try CBridge.engine(engine)
    guard let json else { throw .invalid("the JSON out-pointer is NULL") }
    json.pointee = CBridge.allocatedCString(tester.explain(at: try CBridge.point(x, y), tolerance: tolerance).json)
}

/// The library's version ("0.3.0"), a static string not to be freed: the same as `hittest --version`.
@_cdecl("alphahit_version")
public func alphahit_version() -> UnsafePointer<CChar> {
    CBridge.version
}
