import AlphaHitBasics

/// An element and its ancestors, root first (the element itself last), as handles: the one way
/// down (or up) an element's chain. Carrying a layout point down it is ``localPoint(_:_:)``; a walk
/// up, from the element to the root, is `reversed()`; the clipping ancestors are `ancestors`.
struct ElementChain: RandomAccessCollection {
    let elements: TableView<CompiledElement>
    /// The chain's element indices, root first.
    let links: TableView<Int32>

    var startIndex: Int { 0 }
    var endIndex: Int { links.count }

    subscript(position: Int) -> ElementHandle { ElementHandle(elements, Int(links[position])) }

    /// The element's index in the engine, for each link.
    func index(at position: Int) -> Int { Int(links[position]) }

    /// The element itself.
    var element: ElementHandle { self[endIndex - 1] }

    /// The ancestors, root first, without the element.
    var ancestors: Slice<ElementChain> { dropLast() }

    /// The chain of the ancestor at `position`: this chain's links up to and including it.
    func ancestorChain(at position: Int) -> ElementChain {
        ElementChain(elements: elements, links: links[0..<position + 1])
    }

    /// The layout point in the element's local space, carried down from the root; nil when a
    /// clipping ancestor does not contain it. The element's own bounds are left to the caller.
    func localPoint(_ x: Double, _ y: Double) -> (x: Double, y: Double)? {
        var point = (x: x, y: y)
        for position in indices {
            let level = self[position]
            point = level.localPoint(point.x, point.y)
            if level.record.clipsToBounds && position &+ 1 < endIndex && !level.boundsContain(point.x, point.y) { return nil }
        }
        return point
    }

    /// The layout point in the element's local space, whatever its clipping ancestors say.
    func unclippedLocalPoint(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        var point = (x: x, y: y)
        for level in self { point = level.localPoint(point.x, point.y) }
        return point
    }
}
