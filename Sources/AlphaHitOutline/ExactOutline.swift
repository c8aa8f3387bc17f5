import AlphaHitBasics

extension SolidMask {
    /// The exact outline of the solid pixels: polygons along pixel edges, in the mask's pixel
    /// coordinates, such that the even-odd rule puts the centre (x + 0.5, y + 0.5) of every pixel
    /// inside exactly when the pixel is solid (`Docs/Outlines.md`, "Exact mode").
    ///
    /// One polygon for each 4-connected component of solid pixels (pixels touching only at a
    /// corner belong to different polygons), in the raster order of each component's first pixel;
    /// its outer ring starts at that pixel's top-left corner and goes right (a positive shoelace
    /// sum); its holes, one for each 8-connected component of transparent pixels it encloses,
    /// start at their top-most, then left-most, corner (negative sums), in that order. Every
    /// vertex is a corner (no three consecutive vertices are collinear); a vertex repeats within a
    /// ring only where the ring passes twice through a corner at which its region touches itself
    /// diagonally.
    ///
    /// Traced in one pass over the rows (``RowTracer``): memory of two rows besides the output.
    public func exactOutline() -> [OutlinePolygon] {
        var tracer = RowTracer(width: width)
        var row = [Bool](repeating: false, count: width)
        for y in 0..<height {
            for x in 0..<width { row[x] = bit(x, y) }
            tracer.add(row: row, at: y)
        }
        tracer.add(row: nil, at: height)
        return tracer.finish()
    }

    /// The same outline traced ring by ring over a map of every boundary edge: the general form
    /// that ``exactOutline()`` is held to (`ExactOutlineTests`). Memory: two bytes of edges and
    /// four of component labels a pixel, besides the output.
    func exactOutlineByEdges() -> [OutlinePolygon] {
        var edges = BoundaryEdges(self)
        let labels = ComponentLabels(self)
        var outers = [[Point]?](repeating: nil, count: labels.count)
        var holes = [[[Point]]](repeating: [], count: labels.count)
        // Every ring has a horizontal edge: the first one met in raster order starts it.
        for y in 0...height {
            for x in 0..<width {
                guard let direction = edges.unusedHorizontal(x, y) else { continue }
                let start = direction == .east ? (x: x, y: y) : (x: x + 1, y: y)
                let ring = edges.trace(from: start, going: direction)
                let pixel = direction.solidPixel(from: start)
                let component = Int(labels[pixel.x, pixel.y])
                if OutlinePolygon.signedArea(of: ring) > 0 { outers[component] = ring } else { holes[component].append(ring) }
            }
        }
        return outers.indices.map { component in
            // Raster order meets a hole's top-most, left-most corner first: the order asked for.
            OutlinePolygon(outer: outers[component]!, holes: holes[component])
        }
    }
}

/// A step along a pixel edge, clockwise on screen in `rawValue` order (y grows downwards).
enum EdgeDirection: Int {
    case east, south, west, north

    var right: EdgeDirection { EdgeDirection(rawValue: (rawValue + 1) % 4)! }
    var left: EdgeDirection { EdgeDirection(rawValue: (rawValue + 3) % 4)! }
    var step: (x: Int, y: Int) {
        switch self {
        case .east: return (1, 0)
        case .south: return (0, 1)
        case .west: return (-1, 0)
        case .north: return (0, -1)
        }
    }

    /// The solid pixel on the right of the edge that leaves `vertex` this way.
    func solidPixel(from vertex: (x: Int, y: Int)) -> (x: Int, y: Int) {
        switch self {
        case .east: return (vertex.x, vertex.y)
        case .south: return (vertex.x - 1, vertex.y)
        case .west: return (vertex.x - 1, vertex.y - 1)
        case .north: return (vertex.x, vertex.y - 1)
        }
    }
}

/// The edges between a solid pixel and one that is not (or the outside), each directed so that
/// the solid pixel is on its right, and which of them a ring has taken.
struct BoundaryEdges {
    private let width: Int, height: Int
    /// Edge along the top of pixel row `y` (0...height) at column `x`: 1 east, 2 west, +4 taken.
    private var horizontal: [UInt8]
    /// Edge along the left of pixel column `x` (0...width) at row `y`: 1 north, 2 south, +4 taken.
    private var vertical: [UInt8]

    init(_ mask: SolidMask) {
        (width, height) = (mask.width, mask.height)
        horizontal = [UInt8](repeating: 0, count: width * (height + 1))
        vertical = [UInt8](repeating: 0, count: (width + 1) * height)
        for y in 0...height {
            for x in 0..<width where mask[x, y] != mask[x, y - 1] { horizontal[y * width + x] = mask[x, y] ? 1 : 2 }
        }
        for y in 0..<height {
            for x in 0...width where mask[x, y] != mask[x - 1, y] { vertical[y * (width + 1) + x] = mask[x, y] ? 1 : 2 }
        }
    }

    /// The direction of the horizontal edge at (`x`, `y`) when no ring has taken it.
    func unusedHorizontal(_ x: Int, _ y: Int) -> EdgeDirection? {
        switch horizontal[y * width + x] {
        case 1: return .east
        case 2: return .west
        default: return nil
        }
    }

    /// Where the edge leaving `vertex` in `direction` is kept, and the code it has there; nil
    /// when there is no such edge.
    private func slot(_ vertex: (x: Int, y: Int), _ direction: EdgeDirection) -> (horizontal: Bool, index: Int)? {
        let (x, y) = vertex
        switch direction {
        case .east: return x < width && horizontal[y * width + x] & 3 == 1 ? (true, y * width + x) : nil
        case .west: return x > 0 && horizontal[y * width + x - 1] & 3 == 2 ? (true, y * width + x - 1) : nil
        case .south: return y < height && vertical[y * (width + 1) + x] & 3 == 2 ? (false, y * (width + 1) + x) : nil
        case .north: return y > 0 && vertical[(y - 1) * (width + 1) + x] & 3 == 1 ? (false, (y - 1) * (width + 1) + x) : nil
        }
    }

    /// The ring through the edge leaving `start` in `direction`: its corners in order, from the
    /// first one reached, each edge taken on the way. At every vertex the ring turns right when
    /// it can, else goes straight, else left; at a vertex where two solid pixels touch only at a
    /// corner (the one place with a choice) that keeps each with its own ring.
    mutating func trace(from start: (x: Int, y: Int), going first: EdgeDirection) -> [Point] {
        var corners: [Point] = []
        var (vertex, direction) = (start, first)
        repeat {
            let taken = slot(vertex, direction)!
            if taken.horizontal { horizontal[taken.index] |= 4 } else { vertical[taken.index] |= 4 }
            vertex = (vertex.x + direction.step.x, vertex.y + direction.step.y)
            let next = [direction.right, direction, direction.left].first { slot(vertex, $0) != nil }!
            if next != direction { corners.append(Point(x: Double(vertex.x), y: Double(vertex.y))) }
            direction = next
        } while !(vertex == start && direction == first)
        // Rotated to start at its top-most, then left-most, corner (its first, where it repeats).
        let top = corners.indices.min { (corners[$0].y, corners[$0].x) < (corners[$1].y, corners[$1].x) }!
        return Array(corners[top...] + corners[..<top])
    }
}

/// The 4-connected components of a mask's solid pixels, numbered in the raster order of their
/// first pixels.
struct ComponentLabels {
    private let width: Int
    private var labels: [Int32]
    private(set) var count = 0

    init(_ mask: SolidMask) {
        width = mask.width
        labels = [Int32](repeating: -1, count: mask.width * mask.height)
        var stack: [Int] = []
        for start in labels.indices where labels[start] < 0 && mask[start % width, start / width] {
            labels[start] = Int32(count)
            stack.append(start)
            while let pixel = stack.popLast() {
                let (x, y) = (pixel % width, pixel / width)
                for (nx, ny) in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)] where mask[nx, ny] && labels[ny * width + nx] < 0 {
                    labels[ny * width + nx] = Int32(count)
                    stack.append(ny * width + nx)
                }
            }
            count += 1
        }
    }

    subscript(x: Int, y: Int) -> Int32 { labels[y * width + x] }
}
