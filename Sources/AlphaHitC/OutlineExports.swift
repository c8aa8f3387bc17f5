import AlphaHit
import AlphaHitReports

// Hit areas out (alphahit.h, "Outlines, regions and tap points"), in the header's order.

/// The outline of an image's solid pixels as JSON, as `hittest outline` prints it (PNG, WebP or
/// SVG, whatever the function's name says; an SVG drawn at @2x/@3x from its name, else 1).
@_cdecl("alphahit_outline_png")
public func alphahit_outline_png(
    _ path: UnsafePointer<CChar>?, _ threshold: Double, _ epsilon: Double, _ flags: UInt32, _ maximumVertices: Int32,
    _ json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    CBridge.run(error) { () throws(CFailure) in
        guard let json else { throw .invalid("the JSON out-pointer is NULL") }
        json.pointee = nil
        let file = try CBridge.string(path, "the path")
        let convex = try pieces(flags, maximumVertices)
        let image: DecodedImage
        do throws(ImageDecodingError) {
            image = try ImageDecoder().decode(contentsOfFile: file, as: .alpha8, scale: ImageScale.inferred(fromPath: file) ?? 1)
        } catch {
            throw CFailure(status: .decodeError, message: error.description)
        }
        do throws(OutlineError) {
            let polygons = try outline(of: image, threshold: threshold, epsilon: epsilon)
            let document = try OutlineJSON(polygons, convex: convex, triangles: flags & 2 != 0)
            json.pointee = CBridge.allocatedCString(document.json(image: file, threshold: threshold, epsilon: epsilon))
        } catch {
            throw .invalid(error.description)
        }
    }
}

/// The outline of element `id`'s own hit region R(e) in layout points as JSON, as `hittest
/// outline LAYOUT --element ID` prints it (without "layout").
@_cdecl("alphahit_element_outline")
public func alphahit_element_outline(
    _ engine: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ epsilon: Double, _ flags: UInt32, _ maximumVertices: Int32,
    _ json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    CBridge.run(error) { () throws(CFailure) in
        let tester = try CBridge.engine(engine)
        guard let json else { throw .invalid("the JSON out-pointer is NULL") }
        json.pointee = nil
        let target = try element(id, in: tester)
        let convex = try pieces(flags, maximumVertices)
        do throws(OutlineError) {
            let document = try OutlineJSON(try tester.outline(of: target, epsilon: epsilon), convex: convex, triangles: flags & 2 != 0)
            json.pointee = CBridge.allocatedCString(document.json(layout: nil, element: tester.id(of: target), ownedScale: nil, epsilon: epsilon))
        } catch {
            throw .invalid(error.description)
        }
    }
}

/// The convex pieces' corner limit the flags ask for (nil: no pieces), checked.
private func pieces(_ flags: UInt32, _ maximumVertices: Int32) throws(CFailure) -> Int? {
    guard flags & ~3 == 0 else { throw .invalid("the flags \(flags) hold bits other than ALPHAHIT_OUTLINE_CONVEX (1) and ALPHAHIT_OUTLINE_TRIANGLES (2)") }
    guard maximumVertices == 0 || maximumVertices >= 3 else { throw .invalid("max_vertices must be 0 (no limit) or at least 3, not \(maximumVertices)") }
    return flags & 1 != 0 ? (maximumVertices == 0 ? Int.max : Int(maximumVertices)) : nil
}

/// The pixels of the hit map at `scale` that the elements (or one) own, as banded rectangles in JSON.
@_cdecl("alphahit_region")
public func alphahit_region(
    _ engine: OpaquePointer?, _ scale: Double, _ id: UnsafePointer<CChar>?, _ tolerance: UnsafePointer<Double>?,
    _ json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    CBridge.run(error) { () throws(CFailure) in
        let tester = try CBridge.engine(engine)
        guard let json else { throw .invalid("the JSON out-pointer is NULL") }
        json.pointee = nil
        let only = try id.map { pointer throws(CFailure) in try element(pointer, in: tester) }
        let map = try hitMap(of: tester, scale: scale, tolerance: try tolerance.map { value throws(CFailure) in try CBridge.tolerance(value.pointee) })
        json.pointee = CBridge.allocatedCString(map.region(of: only).json(scale: scale, width: map.width, height: map.height))
    }
}

/// Where a tap surely selects an element, on the hit map at `scale`, and its clearance.
@_cdecl("alphahit_tap_point")
public func alphahit_tap_point(
    _ engine: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ scale: Double, _ x: UnsafeMutablePointer<Double>?, _ y: UnsafeMutablePointer<Double>?,
    _ clearance: UnsafeMutablePointer<Double>?, _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    CBridge.run(error) { () throws(CFailure) in
        let tester = try CBridge.engine(engine)
        guard let x, let y else { throw .invalid("the x and y out-pointers must not be NULL") }
        let target = try element(id, in: tester)
        let map = try hitMap(of: tester, scale: scale, tolerance: nil)
        guard let tap = map.tapPoints()[target] else {
            throw CFailure(status: .notFound, message: "element '\(tester.id(of: target))' owns no pixel of the hit map at \(scale) pixels per point, so it has no tap point")
        }
        (x.pointee, y.pointee) = (tap.point.x, tap.point.y)
        clearance?.pointee = tap.clearance
    }
}

private func element(_ id: UnsafePointer<CChar>?, in tester: HitTester) throws(CFailure) -> ElementIndex {
    let text = try CBridge.string(id, "the id")
    guard let element = tester.element(withID: text) else { throw CFailure(status: .notFound, message: "no element has the id '\(text)'") }
    return element
}

/// The engine's hit map at `scale`, within the map budget the command line has by default.
private func hitMap(of tester: HitTester, scale: Double, tolerance: Double?) throws(CFailure) -> HitMap {
    let map: HitMap
    do throws(HitMapError) {
        map = try tester.hitMap(scale: scale, tolerance: tolerance)
    } catch {
        throw .invalid("cannot make the hit map: \(error)")
    }
    guard map.width * map.height <= HitTester.defaultMapPixelBudget else {
        throw .invalid(HitMapError.overBudget(width: map.width, height: map.height, budget: HitTester.defaultMapPixelBudget).description + "; use a smaller scale")
    }
    return map
}
