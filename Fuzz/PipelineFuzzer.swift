// libFuzzer target: the whole path from a layout plus an image to a batch of queries, an audit,
// the inspector page's planes (InspectorPlanes.swift, compiled in by scripts/fuzz.sh), each
// element's outline, and the explanations as JSON, which must always parse.
// Input: layout JSON, then the two bytes 0xFF 0x00, then PNG bytes (written as img.png beside the
// layout), then after another 0xFF 0x00, bytes read as query points (the first two also choose a
// tolerance and a scale).
import Foundation

nonisolated(unsafe) let fuzzFolder: String = {
    let path = NSTemporaryDirectory() + "alphahit-pipeline-fuzz-\(getpid())"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPipeline(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    var parts: [[UInt8]] = [[]]
    var i = 0
    while i < bytes.count {
        if parts.count < 3, i + 1 < bytes.count, bytes[i] == 0xFF, bytes[i + 1] == 0x00 {
            parts.append([])
            i += 2
            continue
        }
        parts[parts.count - 1].append(bytes[i])
        i += 1
    }
    while parts.count < 3 { parts.append([]) }
    FileManager.default.createFile(atPath: fuzzFolder + "/img.png", contents: Data(parts[1]))
    FileManager.default.createFile(atPath: fuzzFolder + "/layout.json", contents: Data(parts[0]))
    // A fresh, small cache each time: the file changes between runs with the same size and second.
    let cache = ImageCache(byteBudget: 4 << 20, limits: DecodingLimits(maxWidth: 2048, maxHeight: 2048, maxDecodedBytes: 8 << 20))
    guard let engine = try? HitTester(contentsOfLayoutFile: fuzzFolder + "/layout.json", cache: cache) else { return 0 }
    var points: [Point] = []
    var rest = parts[2][...]
    while rest.count >= 4 {
        let x = Double(Int16(bitPattern: UInt16(rest[rest.startIndex]) << 8 | UInt16(rest[rest.startIndex + 1]))) / 4
        let y = Double(Int16(bitPattern: UInt16(rest[rest.startIndex + 2]) << 8 | UInt16(rest[rest.startIndex + 3]))) / 4
        points.append(Point(x: x, y: y))
        rest = rest.dropFirst(4)
    }
    points += (0..<64).map { Point(x: Double($0 % 8) * 16 + 0.5, y: Double($0 / 8) * 16 + 0.5) }
    let batch = engine.elementIndices(at: points)
    for (point, answer) in zip(points, batch) {
        precondition(answer == engine.elementIndex(at: point))
        // The tree walk's front-most exact hit, else (a layout may set touch tolerances) the near miss.
        precondition(answer == (engine.scanAll(point).first ?? engine.touchHit(at: point)?.element))
        if let hit = engine.hit(at: point) { precondition(hit.path.last == hit.id) }
    }
    // The map-sized jobs, on a budget that keeps one input fast: what the fuzzed layout puts off
    // the map, at any size, must make them neither trap nor print anything that is not JSON.
    let tune = parts[2].first ?? 0
    let tolerance: Double? = tune & 1 == 0 ? nil : [0, 0.5, 8, 1e9, 1e300][Int(tune >> 1) % 5]
    let scale = [0.25, 0.5, 1, 3, 1e-6][Int(tune >> 4) % 5]
    if let audit = try? engine.audit(scale: scale, tolerance: tolerance, maximumPixels: 1 << 14) {
        for entry in audit.entries { precondition(entry.owned.isFinite && entry.own.isFinite && entry.largestSquare.isFinite && entry.covered.isFinite) }
    }
    if let map = try? engine.hitMap(scale: scale, tolerance: tolerance), map.width * map.height <= 1 << 14, map.width > 0, map.height > 0 {
        let planes = InspectorPlanes(engine, width: map.width, height: map.height, scale: scale, tolerance: tolerance)
        precondition((try? planes.encoded())?.count == 3)
    }
    // The outline of each element's own region (issue 24): polygons with finite coordinates and
    // positive outer rings, or a typed refusal; never a trap, whatever the numbers.
    let epsilon = [0, 0.5, 0.01, 1e6][Int(tune >> 2) % 4]
    for element in engine.elements.prefix(6) {
        guard let polygons = try? engine.outline(of: element, epsilon: epsilon) else { continue }
        for polygon in polygons {
            precondition(polygon.outer.count >= 3 && OutlinePolygon.signedArea(of: polygon.outer) > 0)
            precondition(([polygon.outer] + polygon.holes).joined().allSatisfy { $0.x.isFinite && $0.y.isFinite })
        }
    }
    for point in points.prefix(8) {
        let json = engine.explain(at: point, tolerance: tolerance).json
        precondition((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil, json)
        _ = engine.touchHit(at: point, tolerance: tolerance ?? 4)
    }
    return 0
}
