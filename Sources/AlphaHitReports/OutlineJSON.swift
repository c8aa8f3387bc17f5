import AlphaHit
import AlphaHitJSON

/// An outline as `hittest outline` and `alphahit_outline_png` print it (`Docs/Outlines.md`):
/// `{"image", "threshold", "epsilon", "polygons": [{"outer", "holes", "convex"?, "triangles"?}],
/// "pieces"?, "triangleCount"?}`, coordinates to the thousandth (whole numbers in exact mode),
/// or an element's outline in layout points.
/// The one definition of the outline object.
package struct OutlineJSON {
    /// The polygons, each with its convex pieces and triangles when they were asked for.
    package private(set) var polygons: [(polygon: OutlinePolygon, convex: [[Point]]?, triangles: [[Point]]?)]
    private let cutsConvex: Bool, cutsTriangles: Bool

    /// The outline's polygons, cut into convex pieces of at most `convex` corners (nil: not cut)
    /// and into triangles when `triangles`.
    ///
    /// - Throws: ``OutlineError`` from ``OutlinePolygon/convexPieces(maximumVertices:)`` and
    ///   ``OutlinePolygon/triangles()``.
    package init(_ polygons: [OutlinePolygon], convex: Int?, triangles: Bool) throws(OutlineError) {
        var cut: [(polygon: OutlinePolygon, convex: [[Point]]?, triangles: [[Point]]?)] = []
        for polygon in polygons {
            cut.append((polygon, try convex.map { k throws(OutlineError) in try polygon.convexPieces(maximumVertices: k) }, triangles ? try polygon.triangles() : nil))
        }
        self.polygons = cut
        (cutsConvex, cutsTriangles) = (convex != nil, triangles)
    }

    /// The same outline and pieces with every vertex moved by `transform` (from image pixels to
    /// layout points, say).
    package func mapped(_ transform: (Point) -> Point) -> OutlineJSON {
        var copy = self
        copy.polygons = polygons.map { ($0.polygon.mapped(transform), $0.convex?.map { $0.map(transform) }, $0.triangles?.map { $0.map(transform) }) }
        return copy
    }

    /// Every piece and triangle, for drawing.
    package var pieces: [[Point]] { polygons.flatMap { ($0.convex ?? []) + ($0.triangles ?? []) } }

    /// The whole object; `frame` and `rect` when the outline is of an atlas frame or a rectangle.
    package func json(image: String, frame: String? = nil, rect: [Int]? = nil, threshold: Double, epsilon: Double) -> String {
        var object = JSONObjectWriter()
        object.string("image", image)
        if let frame { object.string("frame", frame) }
        if let rect { object.array("rect", rect.map(String.init)) }
        object.number("threshold", threshold)
        return body(object, epsilon: epsilon)
    }

    /// The object for an element's outline in layout points: its own region R(e), `{"layout",
    /// "element", "epsilon", "polygons", …}` (coordinates as computed in exact mode, not rounded);
    /// or what it owns on a hit map at `ownedScale`, `{"layout", "element", "owned": true,
    /// "scale", "epsilon", "polygons", …}`. "layout" only when the layout's file is known.
    package func json(layout: String?, element: String, ownedScale: Double?, epsilon: Double) -> String {
        var object = JSONObjectWriter()
        if let layout { object.string("layout", layout) }
        object.string("element", element)
        if let ownedScale {
            object.bool("owned", true)
            object.number("scale", ownedScale)
        }
        return body(object, epsilon: epsilon, rounded: ownedScale != nil || epsilon > 0)
    }

    private func body(_ start: JSONObjectWriter, epsilon: Double, rounded: Bool = true) -> String {
        var object = start
        object.number("epsilon", epsilon)
        object.array("polygons", polygons.map { Self.polygon($0, rounded: rounded) })
        if cutsConvex { object.integer("pieces", polygons.reduce(0) { $0 + ($1.convex?.count ?? 0) }) }
        if cutsTriangles { object.integer("triangleCount", polygons.reduce(0) { $0 + ($1.triangles?.count ?? 0) }) }
        return object.json
    }

    private static func polygon(_ entry: (polygon: OutlinePolygon, convex: [[Point]]?, triangles: [[Point]]?), rounded: Bool) -> String {
        func ring(_ points: [Point]) -> String { Self.ring(points, rounded: rounded) }
        var object = JSONObjectWriter()
        object.object("outer", ring(entry.polygon.outer))
        object.array("holes", entry.polygon.holes.map(ring))
        if let convex = entry.convex { object.array("convex", convex.map(ring)) }
        if let triangles = entry.triangles { object.array("triangles", triangles.map(ring)) }
        return object.json
    }

    /// `[[x, y], …]`: to the thousandth (whole numbers in an image's exact mode, thousandths as the
    /// simplifier makes them), or unrounded (an element's exact outline after its transforms).
    package static func ring(_ points: [Point], rounded: Bool = true) -> String {
        "[" + points.map { rounded ? JSONText.pair(JSONText.thousandths($0.x), JSONText.thousandths($0.y)) : JSONText.pair($0.x, $0.y) }.joined(separator: ",") + "]"
    }
}

extension BandedRegion {
    /// `{"scale": S, "width": W, "height": H, "rects": [[x, y, w, h], …]}`, as `hittest region`
    /// and `alphahit_region` print it, for a map of `width` × `height` pixels at `scale`.
    package func json(scale: Double, width: Int, height: Int) -> String {
        var object = JSONObjectWriter()
        object.number("scale", scale)
        object.integer("width", width)
        object.integer("height", height)
        object.array("rects", rectangles.map { "[\($0.x),\($0.y),\($0.width),\($0.height)]" })
        return object.json
    }
}
