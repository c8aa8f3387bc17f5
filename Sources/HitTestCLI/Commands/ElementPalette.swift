import AlphaHit

/// Colours for a hit map: each element gets one of 24 qualitative colours (12 hues 30° apart, in a
/// bright and a darker shade), chosen in layout order to differ as much as possible from the
/// colours already given to its neighbours: its parent, the siblings beside it, and the elements
/// it touches in the picture. Up to 24 elements, every element has its own colour; beyond, with
/// fewer than 24 neighbours no two neighbours share a colour.
/// The same layout always gets the same colours.
enum ElementPalette {
    typealias Color = (red: UInt8, green: UInt8, blue: UInt8)

    static let hueCount = 12
    /// Hue steps from every neighbour beyond which colours count as equally distinct.
    static let farEnough = 3.0
    static let palette: [Color] = (0..<2 * hueCount).map { entry in
        let hue = Double((entry % hueCount) * (360 / hueCount))
        return entry < hueCount ? hsv(hue, 0.75, 0.95) : hsv(hue, 0.85, 0.6)
    }

    /// One colour per element of `engine`, its neighbours read from `map`.
    static func colors(_ engine: HitTester, _ map: HitMap) -> [Color] {
        colors(neighbours: neighbours(engine, map))
    }

    /// Each element's neighbours: its parent and children, the siblings beside it, and the elements
    /// that own a pixel next to one of its own (right or below) in the picture.
    static func neighbours(_ engine: HitTester, _ map: HitMap) -> [Set<Int>] {
        var neighbours = [Set<Int>](repeating: [], count: engine.elements.count)
        func link(_ a: Int, _ b: Int) {
            guard a != b else { return }
            neighbours[a].insert(b)
            neighbours[b].insert(a)
        }
        for parent in [nil] + engine.elements.map(Optional.some) {
            let children = engine.children(of: parent).map { engine.position(of: $0) }
            for (first, second) in zip(children, children.dropFirst()) { link(first, second) }
            if let parent { for child in children { link(engine.position(of: parent), child) } }
        }
        var previousRow: [ElementIndex?] = []
        map.forEachBand { rows, owners in
            for row in 0..<rows.count {
                let current = owners[row * map.width..<(row + 1) * map.width]
                for (x, owner) in zip(current.indices, current) {
                    guard let owner else { continue }
                    if x + 1 < current.endIndex, let right = current[x + 1] { link(engine.position(of: owner), engine.position(of: right)) }
                    if !previousRow.isEmpty, let above = previousRow[x - current.startIndex] { link(engine.position(of: owner), engine.position(of: above)) }
                }
                previousRow = Array(current)
            }
        }
        return neighbours
    }

    /// One colour per element, given each element's neighbours (by position in layout order):
    /// all different while there are no more elements than colours.
    static func colors(neighbours: [Set<Int>]) -> [Color] {
        var chosen = [Int](repeating: -1, count: neighbours.count)
        var uses = [Int](repeating: 0, count: palette.count)
        let distinct = neighbours.count <= palette.count
        for element in neighbours.indices {
            let taken = neighbours[element].compactMap { chosen[$0] >= 0 ? chosen[$0] : nil }
            let used = palette.indices.filter { uses[$0] > 0 }
            // Far enough from every neighbour's colour (a quarter of the wheel counts as far enough;
            // among the unused ones while every element can have its own); among equals the
            // farthest from every colour used so far, so that an element unlike its neighbours is
            // also unlike the rest (a button is not its backdrop's shade); then the least used,
            // then the first.
            let best = palette.indices.filter { !distinct || uses[$0] == 0 }.max { a, b in
                let (da, db) = (min(distance(a, taken), Self.farEnough), min(distance(b, taken), Self.farEnough))
                if da != db { return da < db }
                let (ua, ub) = (distance(a, used), distance(b, used))
                return ua != ub ? ua < ub : uses[a] != uses[b] ? uses[a] > uses[b] : a > b
            }!
            chosen[element] = best
            uses[best] += 1
        }
        return chosen.map { palette[$0] }
    }

    /// How far palette entry `entry` is from the nearest of `taken`: hue steps around the wheel,
    /// plus half a step for a different shade (so a shade alone never beats a hue).
    private static func distance(_ entry: Int, _ taken: [Int]) -> Double {
        taken.map { other -> Double in
            let steps = abs(entry % hueCount - other % hueCount)
            let hue = Double(min(steps, hueCount - steps))
            return hue + (entry / hueCount == other / hueCount ? 0 : 0.5)
        }.min() ?? .infinity
    }

    static func hex(_ color: Color) -> String {
        "#" + [color.red, color.green, color.blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    private static func hsv(_ hue: Double, _ saturation: Double, _ value: Double) -> Color {
        let c = value * saturation
        let h = hue / 60
        let x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double) =
            switch Int(h) {
            case 0: (c, x, 0)
            case 1: (x, c, 0)
            case 2: (0, c, x)
            case 3: (0, x, c)
            case 4: (x, 0, c)
            default: (c, 0, x)
            }
        let m = value - c
        return (UInt8(((r + m) * 255).rounded()), UInt8(((g + m) * 255).rounded()), UInt8(((b + m) * 255).rounded()))
    }
}
