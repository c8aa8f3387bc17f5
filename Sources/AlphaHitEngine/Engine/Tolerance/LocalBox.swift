/// A closed box of an element's local space, `x0...x1` × `y0...y1`: what touch tolerance
/// (``RegionDistance``) and outlines (``RegionCover``) cut an element's region into, with the
/// cuts both make.
struct LocalBox {
    var x0: Double, y0: Double, x1: Double, y1: Double

    /// The box cut in two at `position`: a y when `vertical` (a top and a bottom half), else an x.
    @inline(__always)
    func halves(vertical: Bool, at position: Double) -> (LocalBox, LocalBox) {
        var (first, second) = (self, self)
        if vertical {
            (first.y1, second.y0) = (position, position)
        } else {
            (first.x1, second.x0) = (position, position)
        }
        return (first, second)
    }

    /// The box's middle: a y when `vertical`, else an x.
    @inline(__always)
    func middle(vertical: Bool) -> Double {
        vertical ? (y0 + y1) / 2 : (x0 + x1) / 2
    }

    /// The cut through the middle of the side `map` draws longer (the width, on a tie): how a
    /// box with no pixel edge inside it is halved, so that drawn boxes shrink evenly.
    @inline(__always)
    func middleCut(drawnBy map: AffineMap) -> (vertical: Bool, at: Double) {
        let across = map.applyLinear(x1 - x0, 0), down = map.applyLinear(0, y1 - y0)
        let vertical = down.x * down.x + down.y * down.y > across.x * across.x + across.y * across.y
        return (vertical, middle(vertical: vertical))
    }

    /// The longer diagonal of the parallelogram `map` draws the box as (in `map`'s units).
    @inline(__always)
    func drawnDiameter(_ map: AffineMap) -> Double {
        let (dx, dy) = (x1 - x0, y1 - y0)
        let one = map.applyLinear(dx, dy), other = map.applyLinear(dx, -dy)
        return max(one.x * one.x + one.y * one.y, other.x * other.x + other.y * other.y).squareRoot()
    }
}
