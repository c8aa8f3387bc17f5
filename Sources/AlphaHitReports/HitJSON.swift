import AlphaHit
import AlphaHitJSON

/// The fields of one answer in the command line's JSON (`query --json`, `query --all --json`):
/// `"id"`, `"path"`, `"local"`, `"pixel"`, `"alpha"`, `"distance"`, `"nearest"`, with nulls and an
/// empty path for no hit. `nearest` is the point a hit snaps to (the point itself when exact).
/// The one definition of the hit object; `QueryWriter`'s streaming form is held to it by a test.
package enum HitJSON {
    /// The fields, in their order.
    package static func fields(
        id: String?, path: [String], local: Point?, pixel: PixelCoordinate?, alpha: UInt8?, distance: Double?, nearest: Point?
    ) -> JSONObjectWriter {
        var object = JSONObjectWriter()
        object.string("id", id)
        object.strings("path", path)
        object.pair("local", local.map { ($0.x, $0.y) })
        object.pair("pixel", pixel.map { (Double($0.x), Double($0.y)) })
        object.integer("alpha", alpha.map(Int.init))
        object.number("distance", distance.map(JSONText.thousandths))
        object.pair("nearest", nearest.map { ($0.x, $0.y) })
        return object
    }

    /// The fields of an exact or near hit.
    package static func fields(_ hit: Hit?) -> JSONObjectWriter {
        guard let hit else { return fields(id: nil, path: [], local: nil, pixel: nil, alpha: nil, distance: nil, nearest: nil) }
        return fields(id: hit.id, path: hit.path, local: hit.localPoint, pixel: hit.pixel, alpha: hit.alpha, distance: hit.distance, nearest: hit.nearestPoint)
    }

    /// The fields of a near candidate (`query --all`): no local point, pixel or alpha.
    package static func fields(_ candidate: TouchCandidate, path: [String]) -> JSONObjectWriter {
        fields(id: candidate.id, path: path, local: nil, pixel: nil, alpha: nil, distance: candidate.distance, nearest: candidate.nearestPoint)
    }
}
